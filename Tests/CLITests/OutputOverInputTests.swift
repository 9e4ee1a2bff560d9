// `textflow layout`, `grid` and `cloud` never write their output over their own input: a
// spec laid out with "-o spec.json" was replaced by the layout's JSON, a word list by a cloud
// ("-o words.txt --format svg"), a stop-word list or a mask by the picture, with status 0.
import Foundation
import TestSupport
import Testing

@Suite struct OutputOverInputTests {
  @Test("an output naming a spec, label, word, stop-word or mask file is refused, the file kept")
  func outputNamingAnInputIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = Data(
      (#"{"collectionView": {"size": [100, 100]}, "layout": {"itemSize": [10, 10]}, "#
        + #""sections": [{"itemCount": 2}]}"#).utf8)
    let words = Data("swift 3\nlinux 2\n".utf8)
    let stopWords = Data("linux\n".utf8)
    let files = ["spec.json": spec, "words.txt": words, "stop.txt": stopWords]
    let link = directory.appendingPathComponent("link.json")
    // The clashing names as a user types them: the same name, another spelling, a symlink.
    let cases: [(arguments: [String], file: String)] = [
      (["layout", "spec.json", "-o", "spec.json"], "spec.json"),
      (["layout", "link.json", "-o", "./spec.json"], "spec.json"),
      (["grid", "words.txt", "--format", "json", "-o", "words.txt"], "words.txt"),
      (["cloud", "words.txt", "--format", "svg", "-o", "words.txt"], "words.txt"),
      (
        ["cloud", "words.txt", "--stop-words", "en,stop.txt", "-o", "stop.txt", "--format", "svg"],
        "stop.txt"
      ),
    ]
    for item in cases {
      for (name, contents) in files {
        try contents.write(to: directory.appendingPathComponent(name))
      }
      try? FileManager.default.removeItem(at: link)
      try FileManager.default.createSymbolicLink(
        atPath: link.path, withDestinationPath: "spec.json")
      let result = try ProcessRunner.run(
        Executables.textflow, item.arguments, directory: directory)
      #expect(result.status == 2, "\(item.arguments): \(result.standardError)")
      #expect(
        result.standardError.contains("would replace it"),
        "\(item.arguments): \(result.standardError)")
      let kept = try Data(contentsOf: directory.appendingPathComponent(item.file))
      #expect(kept == files[item.file], "\(item.arguments) changed \(item.file)")
    }
    // A mask: a PNG the cloud reads, named again as the cloud's PNG.
    try words.write(to: directory.appendingPathComponent("words.txt"))
    let mask = directory.appendingPathComponent("mask.png")
    let made = try ProcessRunner.run(
      Executables.textflow, ["cloud", "words.txt", "-o", "mask.png"], directory: directory)
    #expect(made.status == 0, "\(made.standardError)")
    let maskBytes = try Data(contentsOf: mask)
    let result = try ProcessRunner.run(
      Executables.textflow, ["cloud", "words.txt", "--mask", "mask.png", "-o", "mask.png"],
      directory: directory)
    #expect(result.status == 2, "\(result.standardError)")
    #expect(try Data(contentsOf: mask) == maskBytes)
    // Another name is written as before.
    let written = try ProcessRunner.run(
      Executables.textflow, ["layout", "spec.json", "-o", "layout.json"], directory: directory)
    #expect(written.status == 0, "\(written.standardError)")
    #expect(try Data(contentsOf: directory.appendingPathComponent("spec.json")) == spec)
  }
}
