// Template names as users type them: with a dash or no space between brand and part, in any
// case, a part's own spaces left out. The names come from the XML files' brand and part
// attributes, read with a regular expression, not from the database's reader.
import Foundation
import Testing
import TextFlow
import TextFlowSpec

@Suite struct TemplateNameVariantTests {
  /// Every `<Template brand="…" part="…"` in the files, attribute order as the files write it.
  private func brandsAndParts() throws -> [(brand: String, part: String)] {
    let regex = try NSRegularExpression(pattern: #"<Template\s+brand="([^"]*)"\s+part="([^"]*)""#)
    return try glabelsFiles().flatMap { text in
      regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
        (
          String(text[Range($0.range(at: 1), in: text)!]),
          String(text[Range($0.range(at: 2), in: text)!])
        )
      }
    }
  }

  @Test func brandAndPartWrittenWithADashOrNoSpaceFindTheirTemplate() throws {
    let database = try TemplateDatabase.load(glabelsDirectory)
    let names = try brandsAndParts()
    #expect(names.count == database.templates.count)
    // Every 100th name and every 8th part written with a space keep the test fast (a lookup
    // scans the whole database).
    let spaced = names.filter { $0.part.contains(" ") }
    let sample =
      names.enumerated().filter { $0.offset % 100 == 0 }.map(\.element)
      + spaced.enumerated().filter { $0.offset % 8 == 0 }.map(\.element)
    for (brand, part) in sample {
      for typed in [
        "\(brand)-\(part)", "\(brand)\(part)".uppercased(),
        "\(brand) \(part.replacingOccurrences(of: " ", with: ""))".lowercased(),
      ] {
        let found = try? database.template(named: typed)
        #expect(
          found?.brand == brand && found?.part == part,
          "\(typed): \(found.map(\.name) ?? "nothing")")
      }
    }
  }

  @Test func examplesUsersType() throws {
    let database = try TemplateDatabase.load(glabelsDirectory)
    // avery-us-templates.xml: <Template brand="Avery" part="5160" …>;
    // misc-iso-templates.xml: <Template brand="Sigel" part="LA 505" …>.
    #expect((try database.template(named: "AVERY-5160")).name == "Avery 5160")
    #expect((try database.template(named: "avery5160")).name == "Avery 5160")
    #expect((try database.template(named: "la505")).name == "Sigel LA 505")
    #expect(database.search("avery-5160").map(\.name) == ["Avery 5160"])
    // Still refused: a name no template has, with or without punctuation.
    #expect(throws: TemplateError.self) { try database.template(named: "Avery-99999") }
  }
}
