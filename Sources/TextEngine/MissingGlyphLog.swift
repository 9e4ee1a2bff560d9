// A typesetter's record of characters no font could draw, for tools that warn about tofu.
import Foundation

/// The characters that laid-out texts drew as .notdef, collected by a `Typesetter` (every
/// layout and measurement it computes is checked; one answered from its cache was checked when
/// computed).
///
/// Tools read it after their work to warn once ("no font has U+0995 in 3 texts") instead of
/// once per text.
public final class MissingGlyphLog: Sendable {
  private struct State {
    var textCount = 0
    var codePoints: [Unicode.Scalar] = []
    var seen: Set<UInt32> = []
  }

  /// The most distinct code points kept (1 024); later ones are still counted in `textCount`.
  public static let maximumCodePoints = 1024

  private let state = Locked(State())

  /// An empty log.
  public init() {}

  /// The number of computed layouts and measurements that had missing glyphs.
  public var textCount: Int { state.withLock { $0.textCount } }

  /// The code points that were missing, in the order first seen.
  public var codePoints: [Unicode.Scalar] { state.withLock { $0.codePoints } }

  /// Records `layout`'s missing glyphs, if any (a scan of its glyph ids when there are none).
  public func record(_ layout: TextLayout) {
    let hasNotdef = layout.lines.contains { line in
      line.glyphRuns.contains { run in !run.isEllipsis && !run.isHyphen && run.glyphs.contains(0) }
    }
    guard hasNotdef else { return }
    record(layout.missingGlyphs)
  }

  /// Records a measurement's missing glyphs, if any (`TextMeasurement.missingGlyphs`).
  public func record(_ measurement: TextMeasurement) {
    record(measurement.missingGlyphs)
  }

  private func record(_ missing: [TextLayout.MissingGlyphs]) {
    guard !missing.isEmpty else { return }
    state.withLock { state in
      state.textCount += 1
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
