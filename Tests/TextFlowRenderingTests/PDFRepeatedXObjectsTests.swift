// The filter that blanks the XObject entries Cairo repeats in a PDF page's resources, fed the
// writes Cairo makes (a C program's write callback logged them: `   /XObject <<`, then ` /x`,
// `6 `, `6 0 R` for each entry, then ` >>\n`). The end-to-end check, a strict reader over a
// whole label sheet, is LabelsPictureTests.aPageNamesEachPictureOnceForQPDF.
import Foundation
import Testing

@testable import TextFlowRendering

@Suite struct PDFRepeatedXObjectsTests {
  /// Everything the filter passes on for `writes`, in order.
  static func filtered(_ writes: [String]) -> String {
    var filter = PDFRepeatedXObjects()
    var output: [UInt8] = []
    for write in writes {
      Array(write.utf8).withUnsafeBytes { bytes in
        filter.pass(bytes) { output.append(contentsOf: $0) }
      }
    }
    filter.finish { output.append(contentsOf: $0) }
    return String(decoding: output, as: UTF8.self)
  }

  /// Cairo's writes for a dictionary of `objects`.
  static func cairoWrites(_ objects: [Int]) -> [String] {
    ["<<\n", "   /XObject <<"] + objects.flatMap { [" /x", "\($0) ", "\($0) 0 R"] } + [
      " >>\n", ">>\n",
    ]
  }

  @Test("each object is named once, the repeats blanked to the same length")
  func repeatsBlanked() {
    let writes = Self.cairoWrites([6, 9, 6, 11, 6, 66])
    let output = Self.filtered(writes)
    let input = writes.joined()
    #expect(output.utf8.count == input.utf8.count)
    #expect(output.components(separatedBy: "/x6 6 0 R").count - 1 == 1)
    for name in ["/x9 9 0 R", "/x11 11 0 R", "/x66 66 0 R"] {
      #expect(output.components(separatedBy: name).count - 1 == 1, "\(name)")
    }
    // Only the repeats' bytes changed, and only to spaces.
    let changed = zip(input.utf8, output.utf8).filter { $0 != $1 }
    #expect(changed.count == 2 * " /x6 6 0 R".utf8.filter { $0 != UInt8(ascii: " ") }.count)
    #expect(changed.allSatisfy { $0.1 == UInt8(ascii: " ") })
  }

  @Test("a dictionary without repeats, or not in Cairo's form, passes unchanged")
  func othersUnchanged() {
    for writes in [
      Self.cairoWrites([6, 9]),
      ["   /XObject <<", " /Im1 5 0 R", " /Im1 5 0 R", " >>\n"],
      ["   /XObject <<", " /x", "6 ", "6 0 R", "\nstream\n", " /x6 6 0 R", " >>\n"],
      ["binary /XObject << /x6 6 0 R /x6 6 0 R >>\n"],
      ["   /XObject <<", " /x", "6 ", "6 0 R", " /x", "6 "],
    ] {
      #expect(Self.filtered(writes) == writes.joined(), "\(writes)")
    }
  }
}
