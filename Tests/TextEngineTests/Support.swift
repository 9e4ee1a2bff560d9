// Shared fixtures for the text engine's tests: one typesetter over the repository's fonts.
import Foundation
import TestSupport

@testable import TextEngine

enum Engine {
  /// A typesetter over Fonts/ (the default cascade, "DejaVu Sans" first).
  static let typesetter = try! Typesetter(
    fonts: FontCollection.bundled(directory: Fixtures.fontsDirectory))
  static var fonts: FontCollection { typesetter.fonts }

  /// DejaVu Sans at `size`.
  static func dejaVu(_ size: Double = 16) -> Font {
    Font(face: fonts.defaultFace(), pointSize: size)
  }

  /// The face loaded from a fixture file in the shared collection.
  static func face(_ file: String) -> FontFace {
    fonts.faces.first { $0.fileURL?.lastPathComponent == file }!
  }

  /// The texts of a layout's lines.
  static func lineTexts(_ layout: TextLayout) -> [String] {
    layout.lines.map { String(layout.string[$0.range]) }
  }

  /// The sum of HarfBuzz's advances for `text` in `face` at `size`, shaped whole (the
  /// independent path: the shaper alone, no itemization, breaking or caching).
  static func harfBuzzWidth(_ text: String, _ face: FontFace, _ size: Double) -> Double {
    face.advanceWidth(of: text, pointSize: size)
  }
}
