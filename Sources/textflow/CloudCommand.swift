// `textflow cloud WORDS.txt|-`: a word-tag cloud from running text or "word weight" lines.
import Foundation
import TextFlow
import TextFlowRendering

/// Builds a tag cloud (`TagCloud`) from a word list and draws it or prints its layout as JSON.
enum CloudCommand: Subcommand {
  static let name = "cloud"
  static let summary = "draw a word-tag cloud from text or \"word weight\" lines"

  static let help = """
    usage: textflow cloud WORDS.txt|- -o OUT.png|.pdf|.svg|.json [options]

    Reads running text (words are counted) or "word weight" lines (the last field is the
    weight; detected automatically, or forced with --input), and lays the heaviest words out in
    centred rows on a common baseline, font size by weight. The heaviest word is never dropped:
    when the cloud does not fit (--height), every word shrinks; only below 4 pt are the lightest
    words left out. A word wider than the cloud gets a smaller size of its own.

    options:
      -o, --output PATH    write to PATH (- for standard output; default: JSON on stdout)
      --format FMT         png, pdf, svg or json (default: from -o)
      --input KIND         text, weighted or auto (default auto)
      --stop-words WHICH   english (a built-in list) or a file of words, one per line
      --max-words N        at most N words, the heaviest (default 100)
      --scale-by SCALE     linear, sqrt or log (default sqrt)
      --min-size PT        the lightest word's size (default 12)
      --max-size PT        the heaviest word's size (default 64)
      --width PT           the cloud's width (default 600)
      --height PT          the cloud's height (default: as tall as needed)
      --font NAME|PATH     a font in Fonts/, a family or a path (default DejaVu Sans Bold)
      --colors FROM,TO     colors by weight, lightest to heaviest (default #739ec7,#0d2659)
      --palette C1,C2,...  colors in turn by rank instead
      --background COLOR   the canvas color, or none (default white)
      --order ORDER        shuffled, weight or alphabetical (default shuffled)
      --seed N             the shuffle's seed (default 1)
      --scale N            PNG pixels per point (default 2)
      --debug              draw frames, line boxes and baselines

    Exit status: 0 on success, 1 when the input cannot be read or parsed (the message names the
    line) or the font cannot be loaded (it names the path), 2 on a usage error.

    examples:
      textflow cloud examples/words.txt -o cloud.png
      textflow cloud examples/article.txt --stop-words english --max-words 40 -o cloud.svg
      printf 'swift 10\\nlinux 6\\ncairo 3\\n' | textflow cloud - -o - --format json
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      Console.line(help)
      return 0
    }
    return runCommand(name, help: help) { () throws(CommandError) in
      let parsed = try ParsedArguments(
        arguments.map { $0 == "-o" ? "--output" : $0 },
        valued: [
          "--output", "--format", "--input", "--stop-words", "--max-words", "--scale-by",
          "--min-size", "--max-size", "--width", "--height", "--font", "--colors", "--palette",
          "--background", "--order", "--seed", "--scale",
        ], flags: ["--debug"])
      guard parsed.positionals.count == 1, let source = parsed.positionals.first else {
        throw .usage("expected one word file (or - for standard input)")
      }
      let output = parsed.values["--output"]
      let kind = try outputKind(path: output, format: parsed.values["--format"], default: .json)
      let cloud = try makeCloud(parsed)
      let stopWords = try loadStopWords(parsed.values["--stop-words"])
      let input = parsed.values["--input"] ?? "auto"
      guard ["auto", "text", "weighted"].contains(input) else {
        throw .usage("--input must be auto, text or weighted, got '\(input)'")
      }
      let text = try readText(source)
      let displayName = source == "-" ? "<stdin>" : source
      let words: [TagCloud.Word]
      if input == "weighted" || (input == "auto" && TagCloud.looksWeighted(text)) {
        do {
          words = try TagCloud.words(parsingWeighted: text).filter {
            !stopWords.contains($0.text.lowercased())
          }
        } catch {
          throw .failure("\(displayName): \(error)")
        }
      } else {
        words = TagCloud.words(countingIn: text, stopWords: stopWords)
      }
      guard !words.isEmpty else { throw .failure("\(displayName): no words") }
      let typesetter = try loadTypesetter()
      let result = try withProgress("laying out \(min(words.count, cloud.maxWords)) words") {
        () throws(CommandError) -> TagCloud.Output in
        do {
          return try cloud.layout(words, typesetter: typesetter)
        } catch {
          throw .failure("\(error)")
        }
      }
      try writeResult(
        json: result.json, scene: result.scene, kind: kind, to: output, parsed,
        note: {
          var note = "wrote \(describe($0)): \(result.placed.count) words"
          if result.droppedCount > 0 { note += ", \(result.droppedCount) left out" }
          if result.shrinkFactor < 1 {
            note += ", shrunk to \(Int((result.shrinkFactor * 100).rounded()))% to fit"
          }
          return note
        })
    }
  }

  private static func makeCloud(_ parsed: ParsedArguments) throws(CommandError) -> TagCloud {
    var cloud = TagCloud()
    if let value = try parsed.integer("--max-words", in: 1...100_000) { cloud.maxWords = value }
    if let value = try parsed.choice("--scale-by", TagCloud.Scaling.self) { cloud.scaling = value }
    if let value = try parsed.number("--min-size", in: 1...1000) { cloud.minFontSize = value }
    if let value = try parsed.number("--max-size", in: 1...1000) { cloud.maxFontSize = value }
    guard cloud.minFontSize <= cloud.maxFontSize else {
      throw .usage("--min-size must not be larger than --max-size")
    }
    if let value = try parsed.number("--width", in: 10...100_000) { cloud.width = value }
    if let value = try parsed.number("--height", in: 10...100_000) { cloud.height = value }
    cloud.font = parsed.values["--font"]
    if let value = try parsed.choice("--order", TagCloud.Order.self) { cloud.order = value }
    if let text = parsed.values["--seed"] {
      guard let seed = UInt64(text) else {
        throw .usage("--seed must be a whole number, got '\(text)'")
      }
      cloud.seed = seed
    }
    if let text = parsed.values["--colors"] {
      let colors = try parseColors(text, option: "--colors")
      guard colors.count == 2 else { throw .usage("--colors takes two colors: FROM,TO") }
      cloud.coloring = .byWeight(light: colors[0], dark: colors[1])
    }
    if let text = parsed.values["--palette"] {
      cloud.coloring = .palette(try parseColors(text, option: "--palette"))
    }
    if let text = parsed.values["--background"] {
      cloud.background = text == "none" ? nil : try parsed.color("--background")
    }
    return cloud
  }

  private static func parseColors(_ text: String, option: String) throws(CommandError) -> [Color] {
    var colors: [Color] = []
    for part in text.split(separator: ",") {
      do {
        colors.append(try Color(parsing: String(part)))
      } catch {
        throw .usage("\(option): \(error)")
      }
    }
    guard !colors.isEmpty else { throw .usage("\(option) needs at least one color") }
    return colors
  }

  private static func loadStopWords(_ which: String?) throws(CommandError) -> Set<String> {
    guard let which else { return [] }
    if which == "english" { return TagCloud.englishStopWords }
    let text = try readText(which)
    return Set(
      text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map { $0.lowercased() })
  }
}
