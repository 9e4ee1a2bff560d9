// UIKit's string measurement as iOS code writes it from memory, `boundingRect(with:options:
// attributes:context:)` with a font in an attribute dictionary: it did not compile (neither
// Foundation on Linux nor TextEngine had the method or the `.font` key). Widths are checked
// against HarfBuzz's own `hb-shape`, line breaks against greedy filling by those widths.
import Foundation
import TestSupport
import Testing
import TextEngine

@Suite("boundingRect and size(withAttributes:)")
struct BoundingRectTests {
  /// The system font's file, DejaVu Sans.
  static let file = Fixtures.font("DejaVuSans.ttf").path

  /// `text`'s width shaped by hb-shape at `size` points (advances at 100 units a point, so
  /// within `tolerance(of:)` of the exact width).
  static func shapedWidth(_ text: String, size: Double, file: String = file) throws -> Double {
    let shaped = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-shape"),
      ["--output-format=json", "--font-size=\(Int(size * 100))", file, text])
    let glyphs = try JSONSerialization.jsonObject(with: Data(shaped.standardOutput.utf8))
    let units = (glyphs as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
    return Double(units) / 100
  }

  /// How far hb-shape's width of `text` may be from the exact one: half a unit a glyph.
  static func tolerance(of text: String) -> Double { Double(text.unicodeScalars.count) * 0.005 }

  @Test("a line within 400 points is as wide as hb-shape shapes it, from the origin")
  func oneLine() throws {
    let font = Font.systemFont(ofSize: 17)
    let context = StringDrawingContext()
    let text = "When everything's straightened out."
    let rect = text.boundingRect(
      with: CGSize(width: 400, height: CGFloat.greatestFiniteMagnitude),
      options: [.usesLineFragmentOrigin, .usesFontLeading],
      attributes: [.font: font], context: context)

    let width = try Self.shapedWidth(text, size: 17)
    #expect(abs(Double(rect.width) - width) <= Self.tolerance(of: text), "\(rect) for \(width)")
    #expect(rect.origin == .zero && rect.height == font.lineHeight)
    #expect(context.totalBounds == rect)
  }

  @Test("a sentence breaks where greedy filling by hb-shape's widths breaks it")
  func lines() throws {
    let sentence = "Hey, when will the three of us meet up later?"
    let font = Font.systemFont(ofSize: 17)
    let rect = sentence.boundingRect(
      with: CGSize(width: 120, height: 1000), options: .usesLineFragmentOrigin,
      attributes: [.font: font], context: nil)

    var lines: [String] = []
    for word in sentence.split(separator: " ") {
      if let last = lines.last, try Self.shapedWidth(last + " " + word, size: 17) <= 120 {
        lines[lines.count - 1] = last + " " + word
      } else {
        lines.append(String(word))
      }
    }
    let widest = try lines.map { try Self.shapedWidth($0, size: 17) }.max() ?? 0
    let longest = lines.max { $0.count < $1.count } ?? ""
    #expect(abs(Double(rect.width) - widest) <= Self.tolerance(of: longest), "\(lines)")
    #expect(abs(Double(rect.height) - Double(lines.count) * font.lineHeight) < 0.001)
  }

  @Test("without usesLineFragmentOrigin: one line, however long, its origin the baseline's")
  func singleLine() throws {
    let sentence = "Hey, when will the three of us meet up later?"
    let attributes: [NSAttributedString.Key: Any] = [.font: Font.systemFont(ofSize: 17)]
    let rect = sentence.boundingRect(
      with: CGSize(width: 120, height: 1000), attributes: attributes, context: nil)
    let size = sentence.size(withAttributes: attributes)

    let width = try Self.shapedWidth(sentence, size: 17)
    #expect(
      abs(Double(size.width) - width) <= Self.tolerance(of: sentence) && rect.size == size,
      "\(size) for \(width)")
    #expect(rect.minY < 0 && rect.maxY > 0, "the baseline crosses the line: \(rect)")
  }

  @Test("an attributed string measures each run in its own font, as hb-shape shapes it")
  func attributed() throws {
    let text = NSMutableAttributedString(
      string: "Total:", attributes: [.font: Font.boldSystemFont(ofSize: 17)])
    text.append(
      NSAttributedString(string: " 12 items", attributes: [.font: Font.systemFont(ofSize: 17)]))
    let rect = text.boundingRect(
      with: CGSize(width: 300, height: 100), options: .usesLineFragmentOrigin, context: nil)

    let bold = Fixtures.font("DejaVuSans-Bold.ttf").path
    let width =
      try Self.shapedWidth("Total:", size: 17, file: bold)
      + Self.shapedWidth(" 12 items", size: 17)
    #expect(abs(Double(rect.width) - width) <= Self.tolerance(of: "Total: 12 items"))
    #expect(text.size() == rect.size)
  }
}
