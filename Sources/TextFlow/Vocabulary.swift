// One name for each text setting across the library, the spec, JSON lines and the CLI, with the
// older spellings each surface accepted kept as aliases. The table is documented in
// TextFlow.docc/Vocabulary.md; keep the two in step.
import Foundation

/// The canonical names of text settings and the aliases each surface still accepts.
package enum Vocabulary {
  /// A setting's canonical key (the library's property name, as the spec and JSON lines write
  /// it), its CLI flag, and the older spellings that mean the same.
  package struct Setting: Sendable {
    /// The key in specs and JSON lines (UIKit's property name).
    package var key: String
    /// Older keys accepted in specs and JSON lines.
    package var keyAliases: [String]
    /// The `textflow measure` flag, or nil for a setting only keys give (a paragraph's
    /// spacings, indents and tab stops: a tab stop list is no flag's value).
    package var flag: String?
    /// Older flags accepted.
    package var flagAliases: [String]

    /// A setting that only JSON (a spec's style, a `measure --jsonl` request) gives: its
    /// canonical key and its snake-case spelling in JSON lines, which has no other.
    package static func jsonOnly(_ key: String, jsonLinesAlias: String) -> Setting {
      Setting(key: key, keyAliases: [jsonLinesAlias], flag: nil, flagAliases: [])
    }
  }

  /// The text settings shared by the spec's styles, JSON lines and `textflow measure`.
  package static let settings: [Setting] = [
    Setting(key: "font", keyAliases: [], flag: "--font", flagAliases: []),
    Setting(key: "size", keyAliases: [], flag: "--size", flagAliases: []),
    Setting(
      key: "textStyle", keyAliases: ["style"], flag: "--text-style", flagAliases: ["--style"]),
    Setting(key: "maxWidth", keyAliases: ["max_width"], flag: "--max-width", flagAliases: []),
    Setting(key: "maxHeight", keyAliases: ["max_height"], flag: "--max-height", flagAliases: []),
    Setting(
      key: "numberOfLines", keyAliases: ["maxLines", "max_lines"], flag: "--number-of-lines",
      flagAliases: ["--lines", "--max-lines"]),
    Setting(
      key: "lineBreakMode", keyAliases: ["line_break_mode"], flag: "--line-break-mode",
      flagAliases: ["--mode"]),
    Setting(
      key: "usesFontLeading", keyAliases: ["uses_font_leading"], flag: "--uses-font-leading",
      flagAliases: ["--leading"]),
    // The style keys that change a text's measured size (`TextSpec.MeasurementKey`): JSON
    // lines take them too, in the request keys' two spellings.
    .jsonOnly("lineSpacing", jsonLinesAlias: "line_spacing"),
    .jsonOnly("paragraphSpacing", jsonLinesAlias: "paragraph_spacing"),
    .jsonOnly("paragraphSpacingBefore", jsonLinesAlias: "paragraph_spacing_before"),
    .jsonOnly("firstLineHeadIndent", jsonLinesAlias: "first_line_head_indent"),
    .jsonOnly("headIndent", jsonLinesAlias: "head_indent"),
    .jsonOnly("tailIndent", jsonLinesAlias: "tail_indent"),
    .jsonOnly("letterSpacing", jsonLinesAlias: "letter_spacing"),
    .jsonOnly("baselineOffset", jsonLinesAlias: "baseline_offset"),
    .jsonOnly("tabStops", jsonLinesAlias: "tab_stops"),
    .jsonOnly("defaultTabInterval", jsonLinesAlias: "default_tab_interval"),
    .jsonOnly("lineHeightMultiple", jsonLinesAlias: "line_height_multiple"),
    .jsonOnly("minimumLineHeight", jsonLinesAlias: "minimum_line_height"),
    .jsonOnly("maximumLineHeight", jsonLinesAlias: "maximum_line_height"),
    .jsonOnly("baseWritingDirection", jsonLinesAlias: "base_writing_direction"),
    .jsonOnly("lineBreakStrategy", jsonLinesAlias: "line_break_strategy"),
    .jsonOnly("hyphenationFactor", jsonLinesAlias: "hyphenation_factor"),
    // One word: its snake case is itself, and a setting's alias must differ from its key.
    Setting(key: "locale", keyAliases: [], flag: nil, flagAliases: []),
  ]

  /// The canonical key for `key` (itself when it is canonical or unknown).
  package static func canonicalKey(_ key: String) -> String {
    settings.first { $0.keyAliases.contains(key) }?.key ?? key
  }

  /// The canonical flag for `flag` (itself when it is canonical or unknown).
  package static func canonicalFlag(_ flag: String) -> String {
    settings.first { $0.flagAliases.contains(flag) }?.flag ?? flag
  }

  /// Every spelling of each line break mode: UIKit's `NSLineBreakMode` name first (the canonical
  /// one), then the library's case name, then the short CLI word.
  package static let lineBreakModes: [(mode: LineBreakMode, spellings: [String])] = [
    (.wordWrap, ["byWordWrapping", "wordWrap", "word"]),
    (.charWrap, ["byCharWrapping", "charWrap", "char"]),
    (.clip, ["byClipping", "clip"]),
    (.truncatingHead, ["byTruncatingHead", "truncatingHead", "head"]),
    (.truncatingTail, ["byTruncatingTail", "truncatingTail", "tail"]),
    (.truncatingMiddle, ["byTruncatingMiddle", "truncatingMiddle", "middle"]),
  ]

  /// The mode any of its spellings names, or nil.
  package static func lineBreakMode(named name: String) -> LineBreakMode? {
    lineBreakModes.first { $0.spellings.contains(name) }?.mode
  }

  /// The name of each `LineBreakStrategy` option, as the library spells it: UIKit's
  /// (`NSParagraphStyle.LineBreakStrategy`) for UIKit's options, then TextFlow's own after CSS
  /// `text-wrap`. `pushOut` and `pretty` name the same option. `standard` is no option (the
  /// empty set), as an empty array of names is.
  package static let lineBreakStrategies: [(name: String, strategy: LineBreakStrategy)] = [
    ("standard", .standard), ("pushOut", .pushOut), ("hangulWordPriority", .hangulWordPriority),
    ("balanced", .balanced), ("pretty", .pretty),
  ]

  /// The option `name` names, or nil.
  package static func lineBreakStrategy(named name: String) -> LineBreakStrategy? {
    lineBreakStrategies.first { $0.name == name }?.strategy
  }

  /// The problem with an unknown strategy name, with the closest name when there is one.
  package static func unknownLineBreakStrategy(_ name: String) -> String {
    Spelling.unknown("line break strategy", name, among: lineBreakStrategies.map(\.name))
  }

  /// The name of each `UnderlineStyle` option (an underline's or a strikethrough's), as UIKit's
  /// `NSUnderlineStyle` spells it; `none` is no option (no line), as an empty array of names is.
  package static let underlineStyles: [(name: String, style: UnderlineStyle)] = [
    ("none", []), ("single", .single), ("thick", .thick), ("double", .double),
    ("patternSolid", .patternSolid), ("patternDot", .patternDot), ("patternDash", .patternDash),
    ("patternDashDot", .patternDashDot), ("patternDashDotDot", .patternDashDotDot),
    ("byWord", .byWord),
  ]

  /// The option `name` names, or nil.
  package static func underlineStyle(named name: String) -> UnderlineStyle? {
    underlineStyles.first { $0.name == name }?.style
  }

  /// The problem with an unknown underline style name, with the closest name when there is one.
  package static func unknownUnderlineStyle(_ name: String) -> String {
    Spelling.unknown("underline style", name, among: underlineStyles.map(\.name))
  }

  /// The problem with an unknown mode name, with the closest spelling when there is one.
  package static func unknownLineBreakMode(_ name: String) -> String {
    Spelling.unknown(
      "line break mode", name, among: lineBreakModes.flatMap(\.spellings),
      listed: lineBreakModes.map { $0.spellings.joined(separator: "/") }.joined(separator: ", "))
  }
}
