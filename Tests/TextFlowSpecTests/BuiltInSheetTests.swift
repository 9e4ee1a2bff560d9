// The library's built-in label sheet against gLabels' template for the same product, read from
// glabels-data's XML text here (not through TemplateDatabase): `LabelSheet.l7160` stands in for
// the template when glabels-data is missing, so the two must put every label at the same place.
import Foundation
import TestSupport
import Testing
import TextFlow

@Suite("LabelSheet.l7160 is gLabels' Avery L7160")
struct BuiltInSheetTests {
  /// The attributes of the first `<name …>` element after `start` in `xml`, as text.
  static func attributes(of name: String, in xml: String, after start: String.Index) throws
    -> [String: String]
  {
    let open = try #require(xml.range(of: "<\(name) ", range: start..<xml.endIndex))
    let tag = String(xml[open.upperBound...].prefix { $0 != ">" })
    let regex = try NSRegularExpression(pattern: "([A-Za-z_0-9]+)=\"([^\"]*)\"")
    var values: [String: String] = [:]
    for match in regex.matches(in: tag, range: NSRange(tag.startIndex..., in: tag)) {
      let key = try #require(Range(match.range(at: 1), in: tag))
      let value = try #require(Range(match.range(at: 2), in: tag))
      values[String(tag[key])] = String(tag[value])
    }
    return values
  }

  /// A gLabels length in points (`TemplateXML.points`).
  static func points(_ text: String?) throws -> Double {
    let text = try #require(text)
    return try #require(TemplateXML.points(Substring(text)))
  }

  /// The template the Avery L7160 is equivalent to, its label rectangle, its layout and its
  /// paper's size, from the XML files.
  static func template() throws -> (
    label: [String: String], layout: [String: String], paper: [String: String]
  ) {
    let directory = "/usr/share/libglabels-3.0/templates/"
    let xml = try String(contentsOfFile: directory + "avery-iso-templates.xml", encoding: .utf8)
    // <Template brand="Avery" part="L7160" equiv="7160"/>: the geometry is the 7160's.
    let alias = try #require(xml.range(of: "part=\"L7160\""))
    let aliasTag = try attributes(
      of: "Template", in: xml, after: xml[..<alias.lowerBound].lastIndex(of: "<")!)
    let equivalent = try #require(aliasTag["equiv"])
    let start = try #require(xml.range(of: "part=\"\(equivalent)\" size=\""))
    let template = try attributes(
      of: "Template", in: xml, after: xml[..<start.lowerBound].lastIndex(of: "<")!)
    let label = try attributes(of: "Label-rectangle", in: xml, after: start.upperBound)
    let layout = try attributes(of: "Layout", in: xml, after: start.upperBound)
    let papers = try String(contentsOfFile: directory + "paper-sizes.xml", encoding: .utf8)
    let paperID = try #require(template["size"])
    let paperStart = try #require(papers.range(of: "id=\"\(paperID)\""))
    let paper = try attributes(
      of: "Paper-size", in: papers,
      after: papers[..<paperStart.lowerBound].lastIndex(of: "<")!)
    return (label, layout, paper)
  }

  @Test("every field of the built-in sheet is the template's")
  func everyFieldIsTheTemplates() throws {
    let (label, layout, paper) = try Self.template()
    let sheet = LabelSheet.l7160
    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }
    #expect(sheet.columns == Int(try #require(layout["nx"])))
    #expect(sheet.rows == Int(try #require(layout["ny"])))
    #expect(close(Double(sheet.labelSize.width), try Self.points(label["width"])))
    #expect(close(Double(sheet.labelSize.height), try Self.points(label["height"])))
    #expect(close(sheet.leftMargin, try Self.points(layout["x0"])))
    #expect(close(sheet.topMargin, try Self.points(layout["y0"])))
    #expect(close(sheet.columnGap, try Self.points(layout["dx"]) - Self.points(label["width"])))
    #expect(close(sheet.rowGap, try Self.points(layout["dy"]) - Self.points(label["height"])))
    #expect(close(sheet.cornerRadius, try Self.points(label["round"])))
    #expect(close(Double(sheet.pageSize.width), try Self.points(paper["width"])))
    #expect(close(Double(sheet.pageSize.height), try Self.points(paper["height"])))
  }
}
