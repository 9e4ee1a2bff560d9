// The catalog filter on a tail where an object follows the catalog (Cairo 1.16 writes none
// there, a later Cairo might): the offsets past the added entry move, the ones before do not,
// checked against the PDF's own rule that each offset is where "N 0 obj" starts. The end-to-end
// check through qpdf is PrintScalingTests.
import Foundation
import Testing

@testable import TextFlowRendering

@Suite struct PDFCatalogEntryTests {
  /// A PDF's text: objects 1–3 (the catalog third, then object 4 after it), its table and
  /// trailer, the offsets computed as written.
  static func document() -> [UInt8] {
    let objects = [
      "<< /Type /Pages /Kids [] /Count 0 >>", "<< /Producer (test) >>",
      "<< /Type /Catalog\n   /Pages 1 0 R\n>>", "<< /Title (after the catalog) >>",
    ]
    var text = "%PDF-1.5\n"
    var offsets: [Int] = []
    for (index, body) in objects.enumerated() {
      offsets.append(text.utf8.count)
      text += "\(index + 1) 0 obj\n\(body)\nendobj\n"
    }
    let table = text.utf8.count
    text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
    for offset in offsets {
      let digits = String(offset)
      text += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
    }
    text += "trailer\n<< /Size 5 /Root 3 0 R >>\nstartxref\n\(table)\n%%EOF\n"
    return Array(text.utf8)
  }

  /// `document` in writes as Cairo makes them round the catalog: all before it, the catalog's
  /// opening up to its first entry's value (one short write), the rest.
  static func cairoWrites(_ document: [UInt8]) throws -> [[UInt8]] {
    let marker = Array("3 0 obj".utf8)
    let start = try #require(
      (0...document.count - marker.count).first {
        document[$0..<$0 + marker.count].elementsEqual(marker)
      })
    let opening = start + "3 0 obj\n<< /Type /Catalog\n   /Pages ".utf8.count
    return [document[..<start], document[start..<opening], document[opening...]].map(Array.init)
  }

  /// True when `startxref` and every in-use entry of `bytes`'s table point where they should.
  static func tableHolds(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let tail = text.components(separatedBy: "startxref\n").last,
      let table = Int(tail.prefix { $0.isNumber }),
      String(decoding: bytes[table...], as: UTF8.self).hasPrefix("xref\n")
    else { return false }
    let lines = String(decoding: bytes[(table + 5)...], as: UTF8.self).split(separator: "\n")
    for (number, line) in lines.dropFirst().prefix(5).enumerated() where line.hasSuffix("n ") {
      guard let offset = Int(line.prefix(10)),
        String(decoding: bytes[offset...], as: UTF8.self).hasPrefix("\(number) 0 obj")
      else { return false }
    }
    return true
  }

  @Test("the entry lands in the catalog and every offset still points at its object")
  func offsetsMove() throws {
    let document = Self.document()
    #expect(Self.tableHolds(document))
    var filter = PDFCatalogEntry(entry: "/ViewerPreferences << /PrintScaling /None >>")
    var output: [UInt8] = []
    for chunk in try Self.cairoWrites(document) {
      chunk.withUnsafeBytes { filter.pass($0) { output.append(contentsOf: $0) } }
    }
    filter.finish { output.append(contentsOf: $0) }
    let text = String(decoding: output, as: UTF8.self)
    #expect(
      text.contains("<< /Type /Catalog\n   /ViewerPreferences << /PrintScaling /None >>\n"))
    #expect(Self.tableHolds(output), "\(text)")
  }

  @Test("a tail not in Cairo's form passes unchanged")
  func otherTailsUnchanged() throws {
    var document = Self.document()
    // A cross-reference stream instead of a table: nothing to move, so nothing is added.
    let text = String(decoding: document, as: UTF8.self)
      .replacingOccurrences(of: "\nxref\n", with: "\nXRefStm\n")
    document = Array(text.utf8)
    var filter = PDFCatalogEntry(entry: "/ViewerPreferences << /PrintScaling /None >>")
    var output: [UInt8] = []
    for chunk in try Self.cairoWrites(document) {
      chunk.withUnsafeBytes { filter.pass($0) { output.append(contentsOf: $0) } }
    }
    filter.finish { output.append(contentsOf: $0) }
    #expect(output == document)
  }
}
