// The filter that puts an SVG's title and a PNG's text chunks near the start of Cairo's output,
// fed in pieces other than Cairo's (a byte a write, one write for all), and with a start that
// is not the one looked for; and the CRC-32 against the check value of the CRC catalogue
// ("123456789" gives CBF43926). The files Cairo writes are read back by independent readers in
// DocumentInfoFormatsTests.
import Foundation
import Testing

@testable import TextFlowRendering

@Suite struct OpeningInsertionTests {
  /// `output` passed through a filter inserting "<title/>" where `place` says, in writes of
  /// `size` bytes; and whether it was inserted.
  static func filtered(
    _ output: String, in size: Int, at place: @escaping ([UInt8]) -> OpeningInsertion.Place
  ) -> (String, Bool?) {
    var filter = OpeningInsertion(Array("<title/>".utf8), at: place)
    var result: [UInt8] = []
    let bytes = Array(output.utf8)
    for start in stride(from: 0, to: bytes.count, by: size) {
      bytes[start..<min(bytes.count, start + size)].withUnsafeBytes { piece in
        filter.pass(piece) { result.append(contentsOf: $0) }
      }
    }
    filter.finish { result.append(contentsOf: $0) }
    return (String(decoding: result, as: UTF8.self), filter.inserted)
  }

  @Test(
    "the title goes after the <svg> start tag, however the writes are cut", arguments: [1, 7, 4096])
  func afterStartTag(size: Int) {
    let head = "<?xml version=\"1.0\"?>\n<svg xmlns=\"x\" data-x=\"a>b\" version=\"1.1\">"
    let (result, inserted) = Self.filtered(
      head + "\n<defs/>\n</svg>\n", in: size, at: SVGDocumentInfo.place)
    #expect(result == head + "<title/>\n<defs/>\n</svg>\n")
    #expect(inserted == true)
  }

  @Test("an output without an <svg> start tag passes unchanged and says so")
  func noStartTag() {
    for output in ["<?xml version=\"1.0\"?>\n<svgx a=\"1\"/>\n", "<svg a=\"1\"/>\n", ""] {
      let (result, inserted) = Self.filtered(output, in: 3, at: SVGDocumentInfo.place)
      #expect(result == output)
      #expect(inserted == false)
    }
  }

  @Test("a PNG's chunks go after IHDR; another start passes unchanged")
  func afterHeader() {
    let ihdr = PNGEncoder.chunk("IHDR", Array(repeating: 1, count: 13))
    let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + [9, 9]
    var filter = OpeningInsertion([7], at: PNGTextChunks.place)
    var result: [UInt8] = []
    for byte in png { [byte].withUnsafeBytes { filter.pass($0) { result += $0 } } }
    #expect(result == Array(png[..<33]) + [7, 9, 9])
    #expect(PNGTextChunks.place(in: Array(repeating: 0, count: 40)) == .absent)
    #expect(PNGTextChunks.place(in: Array(png[..<32])) == .undecided)
  }

  @Test("CRC-32 gives the catalogue's check value")
  func crc() {
    #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(PNGEncoder.crc32([]) == 0)
  }

  @Test("text Latin-1 holds is a tEXt chunk, other text an iTXt chunk in UTF-8")
  func chunkKinds() {
    let latin = PNGTextChunks.textChunk(keyword: "Title", text: "Zoë")
    #expect(Array(latin[4..<8]) == Array("tEXt".utf8))
    #expect(Array(latin[8..<latin.count - 4]) == Array("Title".utf8) + [0, 0x5A, 0x6F, 0xEB])
    let korean = PNGTextChunks.textChunk(keyword: "Title", text: "한")
    #expect(Array(korean[4..<8]) == Array("iTXt".utf8))
    #expect(
      Array(korean[8..<korean.count - 4]) == Array("Title".utf8) + [0, 0, 0, 0, 0] + Array("한".utf8)
    )
  }
}
