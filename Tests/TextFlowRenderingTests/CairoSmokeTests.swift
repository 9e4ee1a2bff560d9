// Cairo writes each output format with its magic bytes.
import Foundation
import TestSupport
import Testing

@testable import TextFlowRendering

@Suite("Cairo")
struct CairoSmokeTests {
  /// The first bytes of each format: the PNG signature (PNG spec §5.2), "%PDF-" (ISO 32000-1
  /// §7.5.2) and an XML declaration (Cairo's SVG surface starts with one).
  static let magic: [(OutputFormat, [UInt8])] = [
    (.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
    (.pdf, Array("%PDF-".utf8)),
    (.svg, Array("<?xml".utf8)),
  ]

  @Test("writes PNG, PDF and SVG files that start with their magic bytes", arguments: 0..<3)
  func writes(index: Int) throws {
    let (format, magic) = Self.magic[index]
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("out.\(format.rawValue)").path
    let canvas = try CairoCanvas(format: format, path: path, width: 40, height: 30, scale: 2)
    canvas.fill(x: 5, y: 5, width: 20, height: 10, rgba: (0.8, 0.9, 1, 1))
    try canvas.finish()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(Array(bytes.prefix(magic.count)) == magic)
  }

  @Test("an unwritable PNG path is an error naming the path")
  func unwritable() throws {
    let path = "/nonexistent-directory/out.png"
    // The output file is opened (beside its target) when the canvas is made, so the error
    // comes from there, with the system's reason.
    let error = #expect(throws: RenderingError.self) {
      let canvas = try CairoCanvas(format: .png, path: path, width: 10, height: 10)
      try canvas.finish()
    }
    #expect(error?.path == path)
    #expect(error?.reason == String(cString: strerror(ENOENT)))
  }
}
