// The template database against gLabels' own XML: every file parses, the counts agree with a
// plain-text count of the files' elements, and sampled geometry equals the attribute values.
import Foundation
import Testing
import TextFlow
import TextFlowSpec

let glabelsDirectory = "/usr/share/libglabels-3.0/templates"

/// The template files' text, counted with regular expressions instead of an XML parser.
func glabelsFiles() throws -> [String] {
  try FileManager.default.contentsOfDirectory(atPath: glabelsDirectory)
    .filter { $0.hasSuffix("-templates.xml") }
    .map { try String(contentsOfFile: glabelsDirectory + "/" + $0, encoding: .utf8) }
}

func occurrences(_ pattern: String, in texts: [String]) throws -> Int {
  let regex = try NSRegularExpression(pattern: pattern)
  return texts.reduce(0) {
    $0 + regex.numberOfMatches(in: $1, range: NSRange($1.startIndex..., in: $1))
  }
}

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-6 }
private let mm = 72 / 25.4

@Suite struct TemplateDatabaseTests {
  @Test func everyFileParsesAndTheCountsMatchTheXML() throws {
    let database = try TemplateDatabase.load(glabelsDirectory)
    let texts = try glabelsFiles()
    // Comments are stripped first so a commented-out element is not counted.
    let uncommented = try texts.map {
      try NSRegularExpression(pattern: "<!--.*?-->", options: .dotMatchesLineSeparators)
        .stringByReplacingMatches(
          in: $0, range: NSRange($0.startIndex..., in: $0), withTemplate: "")
    }
    #expect(database.templates.count == (try occurrences("<Template\\b", in: uncommented)))
    #expect(
      database.templates.filter { $0.equivalentOf != nil }.count
        == (try occurrences("<Template\\b[^>]*\\bequiv=", in: uncommented)))
    for (kind, element) in [
      ("rectangle", "Label-rectangle"), ("round", "Label-round"), ("ellipse", "Label-ellipse"),
      ("cd", "Label-cd"),
    ] {
      #expect(
        database.definitions.filter { $0.shape.kindName == kind }.count
          == (try occurrences("<\(element)\\b", in: uncommented)), "\(kind)")
    }
    let layouts = database.definitions.reduce(0) { $0 + $1.grids.count }
    #expect(layouts == (try occurrences("<Layout\\b", in: uncommented)))
    // The figures gLabels' database is known by (glabels-data 3.4.1).
    #expect(database.definitions.count == 1126)
    #expect(database.templates.count == 1756)
    #expect(Set(database.templates.map(\.brand)).count == 69)
    #expect(database.paperSizes.count == 40)
    #expect(database.templates.allSatisfy { $0.labelsPerSheet > 0 && $0.pageSize.width > 0 })
  }

  @Test func sampledGeometryEqualsTheAttributes() throws {
    let database = try TemplateDatabase.load(glabelsDirectory)
    // avery-iso-templates.xml: Label-rectangle width="181.4" height="108.0" round="5",
    // Markup-margin size="5", Layout nx="3" ny="7" x0="21.2" y0="43.9" dx="187.2" dy="108.0".
    let avery = try database.template(named: "Avery 7160")
    #expect(avery.shape == .rectangle(width: 181.4, height: 108, cornerRadius: 5))
    #expect(avery.margin == 5)
    #expect(avery.grids == [.init(columns: 3, rows: 7, x0: 21.2, y0: 43.9, dx: 187.2, dy: 108)])
    #expect(avery.paperName == "A4")
    #expect(close(Double(avery.pageSize.width), 210 * mm))
    let frames = avery.labelFrames
    #expect(frames.count == 21)
    #expect(close(Double(frames[1].minX), 21.2 + 187.2) && close(Double(frames[1].minY), 43.9))
    #expect(close(Double(frames[3].minX), 21.2) && close(Double(frames[3].minY), 43.9 + 108))
    // avery-us-templates.xml, Avery 5160: width="2.625in" height="1in" round="0.0625in",
    // nx="3" ny="10" x0="0.15625in" y0="0.5in" dx="2.78125in" dy="1in", US-Letter.
    let letter = try database.template(named: "avery 5160")
    #expect(letter.shape == .rectangle(width: 2.625 * 72, height: 72, cornerRadius: 0.0625 * 72))
    #expect(
      letter.grids == [
        .init(columns: 3, rows: 10, x0: 0.15625 * 72, y0: 36, dx: 2.78125 * 72, dy: 72)
      ])
    #expect(letter.pageSize == CGSize(width: 612, height: 792))
    // Avery L6043: Label-cd radius="58.7mm" hole="20.6mm" waste="3.175mm", Layout nx="1"
    // ny="2" x0="46mm" y0="21.8mm" dy="137mm".
    let cd = try database.template(named: "Avery L6043")
    guard case .cd(let radius, let hole, nil, nil) = cd.shape else {
      Issue.record("L6043 is \(cd.shape)")
      return
    }
    #expect(close(radius, 58.7 * mm) && close(hole, 20.6 * mm))
    #expect(close(Double(cd.waste.width), 3.175 * mm))
    #expect(close(cd.grids[0].y0, 21.8 * mm) && close(cd.grids[0].dy, 137 * mm))
    // Brother DK-1201: size="Other" width="82pt" height="255pt".
    let roll = try database.template(named: "Brother DK-1201")
    #expect(roll.paperName == "Other" && roll.pageSize == CGSize(width: 82, height: 255))
  }

  @Test func namesResolveAsUsersTypeThem() throws {
    let database = try TemplateDatabase.load(glabelsDirectory)
    // L7160 is written as <Template brand="Avery" part="L7160" equiv="7160"/>.
    let alias = try database.template(named: "AVERY  l7160")
    #expect(alias.part == "L7160" && alias.equivalentOf == "7160")
    #expect(alias.shape == (try database.template(named: "Avery 7160")).shape)
    #expect(alias.grids == (try database.template(named: "Avery 7160")).grids)
    #expect((try database.template(named: "L7163")).brand == "Avery")
    #expect(throws: TemplateError.self) { try database.template(named: "Nonesuch 1") }
    #expect(database.search("l7160").contains { $0.part == "L7160" })
  }

  @Test func malformedFilesNameTheFileAndLine() throws {
    let xml = """
      <?xml version="1.0"?>
      <Glabels-templates>
        <Template brand="X" part="1" size="A4" _description="d">
          <Label-rectangle id="0" width="10mm" height="5mm">
            <Layout nx="1" ny="1" x0="0" y0="0" dx="0" dy="0"/>
          </Label-rectangle>
        </Template
      </Glabels-templates>
      """
    do {
      _ = try TemplateDatabase.parse(
        Data(xml.utf8), file: "bad-templates.xml", paperSizes: ["A4": CGSize(width: 1, height: 1)])
      Issue.record("malformed XML accepted")
    } catch {
      #expect(error.description.hasPrefix("bad-templates.xml:8:"), "\(error)")
    }
    let badLength = xml.replacingOccurrences(of: "10mm", with: "ten").replacingOccurrences(
      of: "</Template\n", with: "</Template>\n")
    do {
      _ = try TemplateDatabase.parse(
        Data(badLength.utf8), file: "b.xml", paperSizes: ["A4": CGSize(width: 1, height: 1)])
      Issue.record("bad length accepted")
    } catch {
      #expect(error.description.contains("b.xml:4:") && error.description.contains("ten"))
    }
  }

  @Test func aMissingDatabaseNamesThePackage() {
    do {
      _ = try TemplateDatabase.load("/nonexistent/templates")
      Issue.record("loaded nothing")
    } catch {
      #expect(error.description.contains("glabels-data"))
      #expect(error.description.contains("/nonexistent/templates"))
    }
  }
}
