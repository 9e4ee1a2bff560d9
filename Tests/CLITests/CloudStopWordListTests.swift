// Stop words on a "word weight" list match as they do in running text: case-folded by
// Unicode's rules ("STRASSE" folds to "strasse", as "Straße" does: CaseFolding.txt 00DF; F;
// 0073 0073) and with either apostrophe ("DON’T" is the built-in English stop word "don't").
import Foundation
import TestSupport
import Testing

@Suite("textflow cloud: stop words on word lists")
struct CloudStopWordListTests {
  static func words(_ input: String, _ arguments: [String]) throws -> Set<String> {
    let result = try ProcessRunner.run(
      Executables.textflow, ["cloud", "-", "-o", "-", "--format", "json"] + arguments,
      input: Data(input.utf8))
    #expect(result.status == 0, "\(result.standardError)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let list = try #require(json["words"] as? [[String: Any]])
    return Set(list.compactMap { $0["text"] as? String })
  }

  @Test("a word list's stop words are folded as running text's are")
  func foldedStopWords() throws {
    let list = "DON’T 5\nswift 3\nlinux 2\n"
    #expect(try Self.words(list, ["--stop-words", "en"]) == ["swift", "linux"])
    // The same words as running text lose the same stop word.
    #expect(
      try Self.words("DON’T swift swift linux", ["--stop-words", "en", "--input", "text"])
        == ["swift", "linux"])
    let stops = FileManager.default.temporaryDirectory
      .appendingPathComponent("stops-\(UUID().uuidString).txt")
    try Data("straße\n".utf8).write(to: stops)
    defer { try? FileManager.default.removeItem(at: stops) }
    #expect(try Self.words("STRASSE 4\nHaus 2\n", ["--stop-words", stops.path]) == ["Haus"])
  }

  @Test("French stop words or a French locale split elided words off: l'homme is homme")
  func frenchElision() throws {
    let text = "L'homme et l’homme. Un homme, d'amour."
    for options in [["--stop-words", "fr"], ["--locale", "fr_FR"]] {
      #expect(
        try Self.words(text, ["--input", "text"] + options).isSuperset(of: ["homme", "amour"]),
        "\(options)")
      #expect(!(try Self.words(text, ["--input", "text"] + options).contains("l'homme")))
    }
  }
}
