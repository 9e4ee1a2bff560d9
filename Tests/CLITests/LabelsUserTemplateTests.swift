// Templates made with gLabels' template designer: one `*.template` file each in the user's
// ~/.config/libglabels/templates ($XDG_CONFIG_HOME), which gLabels reads before its system
// files. The positions are checked against the file's own numbers.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsUserTemplateTests {
  /// A template as gLabels' designer saves it: its namespace, `description` without the
  /// translation underscore, millimetres.
  private let template = """
    <?xml version="1.0"?>
    <Glabels-templates xmlns="http://glabels.org/xmlns/3.0/">
      <Template brand="Acme" part="ST-24" size="A4" description="Shelf tags">
        <Meta category="label"/>
        <Label-rectangle id="0" width="70mm" height="37mm" round="2mm">
          <Markup-margin size="1.5mm"/>
          <Layout nx="3" ny="8" x0="0mm" y0="0.5mm" dx="70mm" dy="37mm"/>
        </Label-rectangle>
      </Template>
    </Glabels-templates>
    """

  private func frames(_ reportPath: String) throws -> [[Double]] {
    let report =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: reportPath))) as? [String: Any]
    let labels = report?["labels"] as? [[String: Any]] ?? []
    return labels.map { ($0["frame"] as? [Double]) ?? [] }
  }

  @Test("a template in the user's gLabels folder or a --templates-dir is found by its name")
  func designerTemplates() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let config = directory.appendingPathComponent("config")
    let user = config.appendingPathComponent("libglabels/templates")
    try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
    try Data(template.utf8).write(to: user.appendingPathComponent("Acme_ST-24.template"))
    let data = directory.appendingPathComponent("n.csv")
    try Data(("n\n" + (1...4).map { "\($0)\n" }.joined()).utf8).write(to: data)
    let report = directory.appendingPathComponent("r.json").path
    let environment = ["XDG_CONFIG_HOME": config.path, "TEXTFLOW_TEMPLATES": ""]

    let listed = try ProcessRunner.run(
      Executables.textflow, ["templates", "acme"], environment: environment)
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput.contains("Acme ST-24"))

    let result = try ProcessRunner.run(
      Executables.textflow,
      ["labels", data.path, "--template", "Acme ST-24", "-o", report],
      environment: environment)
    #expect(result.status == 0, "\(result.standardError)")
    let mm = 72 / 25.4
    // x0 0, y0 0.5 mm, dx 70 mm, 70 × 37 mm: the first row's three, then the second row's.
    let expected = [(0, 0), (1, 0), (2, 0), (0, 1)].map { column, row in
      [Double(column) * 70 * mm, 0.5 * mm + Double(row) * 37 * mm, 70 * mm, 37 * mm]
    }
    let found = try frames(report)
    #expect(found.count == expected.count)
    for (got, want) in zip(found, expected) {
      #expect(zip(got, want).allSatisfy { abs($0 - $1) < 0.001 }, "\(got) vs \(want)")
    }

    // A broken file of the user's is left out with a warning naming it; the rest is read.
    try Data(template.replacingOccurrences(of: "size=\"A4\"", with: "size=\"B17\"").utf8)
      .write(to: user.appendingPathComponent("Broken.template"))
    let warned = try ProcessRunner.run(
      Executables.textflow,
      ["labels", data.path, "--template", "Avery L7160", "-o", report],
      environment: environment)
    #expect(warned.status == 0, "\(warned.standardError)")
    #expect(warned.standardError.contains("warning"), "\(warned.standardError)")
    #expect(warned.standardError.contains("Broken.template:3"), "\(warned.standardError)")
    #expect(warned.standardError.contains("B17"), "\(warned.standardError)")

    // The same file in a folder named by --templates-dir, beside that folder's paper sizes.
    let folder = directory.appendingPathComponent("db")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: "/usr/share/libglabels-3.0/templates/paper-sizes.xml",
      toPath: folder.appendingPathComponent("paper-sizes.xml").path)
    try Data(template.utf8).write(to: folder.appendingPathComponent("Acme_ST-24.template"))
    let named = try ProcessRunner.run(
      Executables.textflow,
      [
        "labels", data.path, "--template", "acme st-24", "--templates-dir", folder.path, "-o",
        report,
      ])
    #expect(named.status == 0, "\(named.standardError)")
    #expect(try frames(report).count == 4)
  }

  // A --templates-dir whose template file had a name gLabels does not read ("acme.xml") said
  // "no template 'acme st-24' in db; run 'textflow templates' for the list", and `textflow
  // templates` said "no template matches ''": nothing said why the file was not read.
  @Test("a templates folder without template files names the files it does not read")
  func folderWithoutTemplateFiles() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("db")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: "/usr/share/libglabels-3.0/templates/paper-sizes.xml",
      toPath: folder.appendingPathComponent("paper-sizes.xml").path)
    let unread = folder.appendingPathComponent("acme.xml")
    try Data(template.utf8).write(to: unread)
    let data = directory.appendingPathComponent("r.csv")
    try Data("name\nAda\n".utf8).write(to: data)
    let arguments = [
      "labels", data.path, "--template", "acme st-24", "--templates-dir", folder.path, "-o",
      "-", "--format", "json",
    ]
    let refused = try ProcessRunner.run(Executables.textflow, arguments)
    #expect(refused.status == 1)
    #expect(
      refused.standardError.contains("\(folder.path) has no template files")
        && refused.standardError.contains("not read: acme.xml"), "\(refused.standardError)")
    // Named as the message says gLabels reads them, the same file is found.
    try FileManager.default.moveItem(
      at: unread, to: folder.appendingPathComponent("acme-templates.xml"))
    let found = try ProcessRunner.run(Executables.textflow, arguments)
    #expect(found.status == 0, "\(found.standardError)")
  }

  // A template file cut short (a half-finished copy) was read up to the cut without a word:
  // Foundation's XMLParser on Linux returns true for it, reporting the error only beside.
  @Test("a template file cut short is malformed XML at its last line, however it is cut")
  func templateFileCutShort() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let folder = directory.appendingPathComponent("db")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: "/usr/share/libglabels-3.0/templates/paper-sizes.xml",
      toPath: folder.appendingPathComponent("paper-sizes.xml").path)
    // A real file of the database, cut inside an element, an attribute and a closing tag.
    let whole = try [UInt8](
      Data(
        contentsOf: URL(
          fileURLWithPath: "/usr/share/libglabels-3.0/templates/avery-us-templates.xml")))
    let file = folder.appendingPathComponent("acme-templates.xml")
    let closing = Array("</Glabels-templates>".utf8)
    let lastTag = try #require(
      (0...whole.count - closing.count).last {
        whole[$0..<$0 + closing.count].elementsEqual(closing)
      })
    for length in [2_000, 3_100, whole.count / 2, lastTag + 5] {
      let cut = Array(whole.prefix(length))
      try Data(cut).write(to: file)
      let result = try ProcessRunner.run(
        Executables.textflow, ["templates", "--templates-dir", folder.path])
      #expect(result.status == 1, "cut at \(length): \(result.standardOutput.suffix(80))")
      // The line the parser stopped on is the cut file's last.
      let lastLine = cut.filter { $0 == UInt8(ascii: "\n") }.count + 1
      #expect(
        result.standardError.contains("\(file.path):\(lastLine): malformed XML"),
        "cut at \(length): \(result.standardError)")
    }
    try Data(whole).write(to: file)
    let read = try ProcessRunner.run(
      Executables.textflow, ["templates", "--templates-dir", folder.path])
    #expect(read.status == 0, "\(read.standardError)")
  }
}
