// A typesetter's record of characters no font could draw, for tools that warn about tofu.
import Foundation

/// The characters that laid-out texts drew as .notdef, collected by a `Typesetter` (every
/// layout and measurement it computes is checked; one answered from its cache was checked when
/// computed).
///
/// Tools read it after their work to warn once ("no font has U+0995 in 3 texts") instead of
/// once per text. Texts are counted once each, by their string: the count does not depend on
/// which answers came from a cache, on how many threads computed them, or on how many sizes,
/// widths or fonts a text was tried in (a label shrunk to fit, measured and then drawn).
public final class MissingGlyphLog: Sendable {
  private struct State {
    var codePoints: [Unicode.Scalar] = []
    var seen: Set<UInt32> = []
    /// The hashes of the distinct texts recorded (a text's string, not its fonts or style).
    var texts: Set<Int> = []
    var hasMoreTexts = false
  }

  /// The most distinct code points kept (1 024).
  public static let maximumCodePoints = 1024

  /// The most distinct texts counted (1 048 576, about 16 MB of hashes at most); past it
  /// `textCountIsLowerBound` is true.
  public static let maximumTextCount = 1 << 20

  private let state = Locked(State())

  /// An empty log.
  public init() {}

  /// The number of distinct texts (strings) that had missing glyphs, up to
  /// `maximumTextCount`.
  public var textCount: Int { state.withLock { $0.texts.count } }

  /// True when more than `maximumTextCount` distinct texts had missing glyphs, so that
  /// `textCount` is only a lower bound.
  public var textCountIsLowerBound: Bool { state.withLock { $0.hasMoreTexts } }

  /// The code points that were missing, in the order first seen (which, for texts laid out
  /// on several threads at once, is one of their interleavings).
  public var codePoints: [Unicode.Scalar] { state.withLock { $0.codePoints } }

  /// Records `layout`'s missing glyphs, if any (a scan of its glyph ids when there are none).
  public func record(_ layout: TextLayout) {
    let hasNotdef = layout.lines.contains { line in
      line.glyphRuns.contains { run in !run.isEllipsis && !run.isHyphen && run.glyphs.contains(0) }
    }
    guard hasNotdef else { return }
    record(layout.missingGlyphs, of: layout.string)
  }

  /// Records the missing glyphs of a measurement (`TextMeasurement.missingGlyphs`) of
  /// `string`, if any.
  public func record(_ measurement: TextMeasurement, of string: String) {
    record(measurement.missingGlyphs, of: string)
  }

  private func record(_ missing: [TextLayout.MissingGlyphs], of string: String) {
    guard !missing.isEmpty else { return }
    let text = string.hashValue
    state.withLock { state in
      if state.texts.count < Self.maximumTextCount {
        state.texts.insert(text)
      } else if !state.texts.contains(text) {
        state.hasMoreTexts = true
      }
      for scalar in missing.flatMap(\.codePoints)
      where state.codePoints.count < Self.maximumCodePoints
        && state.seen.insert(scalar.value).inserted
      {
        state.codePoints.append(scalar)
      }
    }
  }

  /// Forgets everything recorded.
  public func removeAll() {
    state.withLock { $0 = State() }
  }
}
