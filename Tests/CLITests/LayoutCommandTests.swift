// End-to-end: runs the built `textflow layout` on specs and checks the exact JSON it prints.
import Foundation
import TestSupport
import Testing

@Suite("textflow layout")
struct LayoutCommandTests {
  /// A small spec with text and fixed-size items.
  static let issueSpec = """
    {"collectionView": {"size": [375, 667], "contentInset": [0, 0, 0, 0], "contentOffset": [0, 0]},
     "layout": {"scrollDirection": "vertical", "itemSize": [50, 50], "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
                "sectionInset": [10, 20, 30, 20], "headerReferenceSize": [100, 25], "footerReferenceSize": [0, 0]},
     "sections": [{"items": [{"size": [80, 30]}, {"size": [120, 30]}],
                   "sectionInset": [0, 0, 0, 0], "minimumLineSpacing": 5, "minimumInteritemSpacing": 5,
                   "headerReferenceSize": [0, 40], "footerReferenceSize": [0, 0]}]}
    """

  @Test("the issue's spec from stdin: exact output")
  func issueSpecFromStdin() throws {
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data(Self.issueSpec.utf8))
    #expect(result.status == 0, "stderr: \(result.standardError)")
    // Section overrides: inset 0 → line 375; header 40 (the section's) spans 375.
    // 80 + 5 + 120 = 205 ≤ 375: one (last) line at y 40, padded with copies of 120:
    // 205 + 125 = 330 ≤ 375 → one copy; gap (375 − 320)/2 = 27.5 → x 0 and 107.5.
    // Content: 40 + 30 = 70.
    let expected = """
      {
        "contentSize": [375, 70],
        "elements": [
          {"category": "supplementaryView", "kind": "header", "section": 0, "item": 0, "frame": [0, 0, 375, 40]},
          {"category": "cell", "kind": null, "section": 0, "item": 0, "frame": [0, 40, 80, 30]},
          {"category": "cell", "kind": null, "section": 0, "item": 1, "frame": [107.5, 40, 120, 30]}
        ],
        "warnings": []
      }

      """
    #expect(result.standardOutput == expected)
    // And it is JSON.
    let parsed =
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
    #expect((parsed?["elements"] as? [Any])?.count == 3)
  }

  @Test("a spec file: the witch dialogue with a too-long item warns")
  func specFile() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("spec.json")
    try Data(
      """
      {"collectionView": {"size": [375, 667]},
       "layout": {"sectionInset": [10, 20, 30, 20], "headerReferenceSize": [100, 25], "footerReferenceSize": [0, 12]},
       "sections": [{"items": [{}, {"size": [400, 20]}]}]}
      """.utf8
    ).write(to: file)
    let result = try ProcessRunner.run(Executables.textflow, ["layout", file.path])
    #expect(result.status == 0, "stderr: \(result.standardError)")
    // Header (0,0,375,25); item 0 alone in its line (50 + 10 + 400 > 335), centred:
    // 20 + (335 − 50)/2 = 162.5; item 1 too long: x 20 at 35 + 50 + 10 = 95.
    // Footer at 95 + 20 + 30 = 145, 12 high; content 157.
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.contains("  \"contentSize\": [375, 157],"))
    #expect(
      lines.contains(
        "    {\"category\": \"cell\", \"kind\": null, \"section\": 0, \"item\": 0, \"frame\": [162.5, 35, 50, 50]},"
      ))
    #expect(
      lines.contains(
        "    {\"category\": \"cell\", \"kind\": null, \"section\": 0, \"item\": 1, \"frame\": [20, 95, 400, 20]},"
      ))
    #expect(
      lines.contains(
        "    {\"category\": \"supplementaryView\", \"kind\": \"footer\", \"section\": 0, \"item\": 0, \"frame\": [0, 145, 375, 12]}"
      ))
    #expect(
      result.standardOutput.contains(
        "\"warnings\": [\"The behavior of the UICollectionViewFlowLayout is not defined because:\\nthe item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values.\"]"
      ))
  }

  @Test("tab stops in a spec: a right stop sizes the cell, a bad one names its key path")
  func tabStops() throws {
    func spec(_ tabStops: String) -> Data {
      Data(
        #"""
        {"collectionView": {"size": [375, 667]}, "layout": {"itemSize": [50, 50]},
         "styles": {"row": {"size": 13, "maxWidth": 300, "tabStops": \#(tabStops)}},
         "itemStyle": "row", "sections": [{"texts": ["Tea\t7.25"]}]}
        """#.utf8)
    }
    let right = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"],
      input: spec(#"[{"location": 200, "alignment": "right"}]"#))
    #expect(right.status == 0, "stderr: \(right.standardError)")
    // The column ends at the stop: the text, and so the cell, is 200 wide (centred in 375).
    #expect(right.standardOutput.contains(#""frame": [87.5, 0, 200, 16]"#))
    let bad = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"],
      input: spec(#"[100, {"location": 200, "alignment": "rigth"}]"#))
    #expect(bad.status == 1)
    #expect(bad.standardError.contains("styles.row.tabStops[1].alignment: unknown value"))
  }

  @Test("unknown keys and wrong types are errors that name the key path")
  func errors() throws {
    let unknown = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"],
      input: Data(#"{"collectionView": {"size": [375, 667]}, "layout": {"itemSise": [1, 2]}}"#.utf8)
    )
    #expect(unknown.status == 1)
    #expect(unknown.standardOutput.isEmpty)
    #expect(unknown.standardError.contains("<stdin>: layout.itemSise: unknown key"))
    let wrongType = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"],
      input: Data(
        #"{"collectionView": {"size": [375, 667]}, "sections": [{}, {"items": [{"size": [1, "2"]}]}]}"#
          .utf8))
    #expect(wrongType.status == 1)
    #expect(
      wrongType.standardError.contains(
        "sections[1].items[0].size[1]: expected a number, got string"))
    let syntax = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data("{\n  \"a\": }".utf8))
    #expect(syntax.status == 1)
    #expect(syntax.standardError.contains("invalid JSON: line 2, column 8"))
    let missing = try ProcessRunner.run(Executables.textflow, ["layout", "/nonexistent/spec.json"])
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("cannot read /nonexistent/spec.json"))
  }

  @Test(
    "a relative font path is found beside the spec, then in the working directory; from standard input only there"
  )
  func relativeFontPaths() throws {
    let root = try Fixtures.temporaryDirectory("spec-fonts")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("specs")
    let elsewhere = root.appendingPathComponent("elsewhere")
    for made in [
      folder.appendingPathComponent("fonts"), elsewhere.appendingPathComponent("legacy"),
    ] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    // Noto Sans under another name: the spec can only reach it by the path it gives.
    let bundled = Fixtures.packageRoot.appendingPathComponent("Fonts/NotoSans-Regular.ttf")
    let beside = folder.appendingPathComponent("fonts/Text.ttf")
    let legacy = elsewhere.appendingPathComponent("legacy/Old.ttf")
    try FileManager.default.copyItem(at: bundled, to: beside)
    try FileManager.default.copyItem(at: bundled, to: legacy)
    func spec(font: String) -> Data {
      Data(
        """
        {"collectionView": {"size": [300, 200]}, "styles": {"word": {"font": "\(font)", "size": 20}},
         "itemStyle": "word", "sections": [{"texts": ["Hamburgefonstiv", "wave"]}]}
        """.utf8)
    }
    func layout(_ arguments: [String], input: Data? = nil, in directory: URL) throws
      -> ProcessResult
    {
      try ProcessRunner.run(
        Executables.textflow, ["layout"] + arguments, input: input, directory: directory)
    }
    // The truth: the same font named by its absolute path.
    let absolute = folder.appendingPathComponent("absolute.json")
    try spec(font: beside.path).write(to: absolute)
    let expected = try layout([absolute.path], in: root)
    #expect(expected.status == 0, "\(expected.standardError)")

    let relative = folder.appendingPathComponent("relative.json")
    try spec(font: "fonts/Text.ttf").write(to: relative)
    for directory in [folder, elsewhere, root] {
      let result = try layout([relative.path], in: directory)
      #expect(result.status == 0, "from \(directory.path): \(result.standardError)")
      #expect(result.standardOutput == expected.standardOutput, "from \(directory.path)")
    }
    // Run from the spec's folder by a relative name, as a user in that folder would.
    let fromFolder = try layout(["relative.json"], in: folder)
    #expect(fromFolder.standardOutput == expected.standardOutput, "\(fromFolder.standardError)")

    // A spec written for the old rule: the path is the working directory's, not the spec's.
    let old = folder.appendingPathComponent("old.json")
    try spec(font: "legacy/Old.ttf").write(to: old)
    let compatible = try layout([old.path], in: elsewhere)
    #expect(compatible.standardOutput == expected.standardOutput, "\(compatible.standardError)")

    // Found in neither place: the spec, the key path and both places are named.
    let missing = folder.appendingPathComponent("missing.json")
    try spec(font: "fonts/Gone.ttf").write(to: missing)
    let failed = try layout([missing.path], in: elsewhere)
    #expect(failed.status == 1 && failed.standardOutput.isEmpty)
    for part in [
      "\(missing.path): styles.word.font:", folder.appendingPathComponent("fonts/Gone.ttf").path,
      elsewhere.appendingPathComponent("fonts/Gone.ttf").path,
    ] {
      #expect(failed.standardError.contains(part), "\(part) in \(failed.standardError)")
    }

    // Standard input has no folder of its own: the working directory's path, as before.
    let piped = try layout(["-"], input: spec(font: "fonts/Text.ttf"), in: folder)
    #expect(piped.standardOutput == expected.standardOutput, "\(piped.standardError)")
    let pipedElsewhere = try layout(["-"], input: spec(font: "fonts/Text.ttf"), in: elsewhere)
    #expect(pipedElsewhere.status == 1)
    #expect(pipedElsewhere.standardError.contains("<stdin>: styles.word.font"))
  }

  @Test("usage errors exit 2; --help explains the spec")
  func usage() throws {
    let none = try ProcessRunner.run(Executables.textflow, ["layout"])
    #expect(none.status == 2)
    #expect(none.standardError.contains("expected one spec file"))
    let option = try ProcessRunner.run(Executables.textflow, ["layout", "--frobnicate"])
    #expect(option.status == 2)
    let help = try ProcessRunner.run(Executables.textflow, ["layout", "--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("usage: textflow layout SPEC.json"))
    let list = try ProcessRunner.run(Executables.textflow, ["--help"])
    #expect(list.standardOutput.contains("layout"))
  }
}
