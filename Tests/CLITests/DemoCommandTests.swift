// End-to-end: runs the built `textflow demo` into a temporary folder and checks what it wrote.
import Foundation
import TestSupport
import Testing

/// The width and height in a PNG's IHDR chunk (PNG spec §11.2.2: bytes 16–23, big-endian).
func pngSize(_ url: URL) throws -> (width: Int, height: Int) {
  let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
  #expect(
    bytes.count == 24 && bytes[12..<16] == [0x49, 0x48, 0x44, 0x52], "not a PNG: \(url.path)")
  func int(_ offset: Int) -> Int {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
  return (int(16), int(20))
}

@Suite("textflow demo")
struct DemoCommandTests {
  @Test("draws the seeds' examples into --out and prints every file it wrote")
  func demo() throws {
    let directory = try Fixtures.temporaryDirectory("textflow-demo")
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("pictures")  // created by the demo
    let result = try ProcessRunner.run(Executables.textflow, ["demo", "--out", out.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    let expected = [
      "witch-dialogue.png", "witch-dialogue.svg", "witch-dialogue-debug.png",
      "witch-dialogue.json", "tag-cloud.png", "tag-cloud.svg", "label-sheet.pdf",
      "labels-contacts.pdf", "labels-contacts.png", "labels-products.pdf", "labels-products.png",
      "report-cards.png", "report-cards.pdf",
      "word-cloud-rows.png", "word-cloud-rows.svg", "word-cloud-rows.pdf",
      "word-cloud-packed.png", "word-cloud-packed.svg", "word-cloud-packed.pdf",
      "word-cloud-star.png", "word-cloud-star.svg", "word-cloud-star.pdf",
      "carousel-1.png", "carousel-2.png", "carousel-3.png", "carousel-4.png",
      "carousel-snapped.png", "carousel-transition-0.png", "carousel-transition-25.png",
      "carousel-transition-50.png", "carousel-transition-75.png", "carousel-transition-100.png",
    ]
    let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
    #expect(Set(files) == Set(expected))
    // Each file is printed on its own line with its path.
    for name in expected {
      #expect(
        result.standardOutput.split(separator: "\n").contains {
          $0.hasPrefix("  " + out.appendingPathComponent(name).path + " (")
        }, "\(name) not listed")
    }
    #expect(result.standardOutput.contains("wrote \(expected.count) files into"))

    // The witch dialogue at 2x: 375 points wide, 20 + content height.
    let size = try pngSize(out.appendingPathComponent("witch-dialogue.png"))
    #expect(size.width == 750)
    // Its layout JSON: "Hey," in DejaVu Sans at 17 pt: hb-shape gives advances
    // 1540+1260+1212+651 = 4663 units → 4663 × 17 / 2048 = 38.7065… pt, line height
    // (1901 + 483) × 17 / 2048 = 19.789… pt; rounded up to whole points: 39 × 20, at the first
    // line's start (section inset left 20; header 20 high, inset top 10: y 30).
    let json = try String(
      contentsOf: out.appendingPathComponent("witch-dialogue.json"), encoding: .utf8)
    #expect(
      json.contains(
        #"{"category": "cell", "kind": null, "section": 0, "item": 0, "frame": [20, 30, 39, 20]}"#))
    // The headline "First Witch" (DejaVu Sans Bold, 12634 units → 104.872 pt) fits one line:
    // its header is 20 high and spans the view.
    #expect(
      json.contains(
        #"{"category": "supplementaryView", "kind": "header", "section": 0, "item": 0, "frame": [0, 0, 375, 20]}"#
      ))
    #expect(json.contains("\"measuredItems\": 29"))
    #expect(json.contains("\"measuredSupplementaryViews\": 6"))
    #expect(try pngSize(out.appendingPathComponent("witch-dialogue.png")).height == size.height)
    #expect(size.height == 2 * (20 + Int(try contentHeight(json))))

    // The label sheet has several pages; the carousel pictures are the 375 × 200 view at 2x.
    let info = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdfinfo"), [out.appendingPathComponent("label-sheet.pdf").path]
    )
    #expect(info.standardOutput.contains("Pages:           3"))
    #expect(try pngSize(out.appendingPathComponent("carousel-1.png")) == (750, 400))
    // The bundled report cards, as `textflow layout` draws them: their text is in the PDF's text
    // layer, the struck-through figure before the current one.
    let cards = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdftotext"),
      [out.appendingPathComponent("report-cards.pdf").path, "-"]
    ).standardOutput
    for text in ["Quarter at a glance", "Revenue, up 12% on", "45 41."] {
      #expect(cards.contains(text), "\(text) not in the report cards' PDF")
    }
    #expect(
      result.standardOutput.contains("a drag released at offset 130 snaps to 62.5 (card 2 centred)")
    )
  }

  private func contentHeight(_ json: String) throws -> Double {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let size = try #require(object?["contentSize"] as? [Double])
    return size[1]
  }

  @Test("an unknown option exits 2; an unwritable folder exits 1 naming it")
  func errors() throws {
    let option = try ProcessRunner.run(Executables.textflow, ["demo", "--frobnicate"])
    #expect(option.status == 2)
    #expect(option.standardError.contains("unknown option '--frobnicate'"))
    let folder = try ProcessRunner.run(
      Executables.textflow, ["demo", "--out", "/proc/textflow-demo"])
    #expect(folder.status == 1)
    #expect(folder.standardError.contains("cannot create /proc/textflow-demo"))
  }

  @Test("an unknown command exits with status 2 and says why on stderr")
  func unknownCommand() throws {
    let result = try ProcessRunner.run(Executables.textflow, ["frobnicate"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("unknown command 'frobnicate'"))
  }
}
