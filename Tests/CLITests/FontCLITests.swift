// End-to-end font handling of the CLI: installed families by name, missing-glyph warnings and
// --strict, `textflow fonts`, and an installed copy (scripts/install) run outside the checkout.
import Foundation
import TestSupport
import Testing

@Suite("textflow fonts and font options")
struct FontCLITests {
  func run(_ arguments: [String], input: String? = nil, in directory: URL? = nil)
    throws -> ProcessResult
  {
    try ProcessRunner.run(Executables.textflow, arguments, input: input.map { Data($0.utf8) })
  }

  /// The sum of hb-shape's advances (design units) for `text` in `file`, scaled to `size`.
  static func hbWidth(_ text: String, file: URL, size: Double, unitsPerEm: Double) throws
    -> Double
  {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/hb-shape"),
      ["--no-glyph-names", "--output-format=json", file.path, text])
    let glyphs = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
    return Double(glyphs.reduce(0) { $0 + (($1["ax"] as? Int) ?? 0) }) * size / unitsPerEm
  }

  @Test(
    "--font takes an installed family with style and size; the width is hb-shape's of fc-match's file"
  )
  func installedFamily() throws {
    let match = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{file}", "DejaVu Serif:weight=bold"])
    let file = URL(fileURLWithPath: match.standardOutput)
    // DejaVu fonts have 2048 units per em (their head table).
    let expected = try Self.hbWidth("Hello", file: file, size: 12, unitsPerEm: 2048)
    let result = try run(["measure", "--font", "DejaVu Serif Bold 12", "Hello"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("size: \(String(format: "%.3f", expected)) × "))
    let unknown = try run(["measure", "--font", "DejaVu Serf", "Hello"])
    #expect(unknown.status == 1)
    #expect(
      unknown.standardError.contains("closest: ") && unknown.standardError.contains("DejaVu Serif"))
  }

  // A symbolic link whose font file was moved, named by its bare file name, was reported as
  // "no font file or family of that name", which sent people looking for a family.
  @Test("a font named through a symbolic link whose file is gone says so, with the link's target")
  func danglingSymlink() throws {
    let folder = try Fixtures.temporaryDirectory("textflow-dangling")
    defer { try? FileManager.default.removeItem(at: folder) }
    let link = folder.appendingPathComponent("Brand.ttf")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "/nonexistent/fonts/Brand-Regular.ttf")
    let script = "cd '\(folder.path)' && exec '\(Executables.textflow.path)' \"$@\""
    for name in ["Brand.ttf", link.path] {
      let result = try ProcessRunner.run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", "measure", "--font", name, "Hi"])
      #expect(result.status == 1, "\(name)")
      #expect(
        result.standardError.contains(
          "is a symbolic link to /nonexistent/fonts/Brand-Regular.ttf, which does not exist"),
        "\(name): \(result.standardError)")
    }
  }

  @Test("missing glyphs: one warning per run naming them; --strict exits 1; JSONL says where")
  func missingGlyphs() throws {
    let lines = (0..<5).map { #"{"id": \#($0), "text": "ab ক \#($0)"}"# }.joined(separator: "\n")
    let result = try run(["measure", "--jsonl"], input: lines + "\n")
    #expect(result.status == 0)
    let warnings = result.standardError.split(separator: "\n").filter { $0.contains("no font has") }
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("U+0995 'ক'") == true)
    #expect(warnings.first?.contains("in 5 texts") == true)
    let first = try #require(
      try JSONSerialization.jsonObject(
        with: Data(result.standardOutput.split(separator: "\n")[0].utf8)) as? [String: Any])
    let missing = try #require(first["missing"] as? [[String: Any]])
    #expect(missing.count == 1)
    #expect(missing[0]["start"] as? Int == 3 && missing[0]["end"] as? Int == 4)
    #expect(missing[0]["text"] as? String == "ক")

    let strict = try run(["measure", "--strict", "ক"])
    #expect(strict.status == 1 && strict.standardError.contains("error: no font has"))
    let covered = try run(["measure", "--strict", "Hello 김 😀"])
    #expect(covered.status == 0 && !covered.standardError.contains("no font has"))
    // A control character is named by code point only, never written raw to the terminal.
    let control = try run(["measure", "a\u{10FFFD}"])
    #expect(
      control.standardError.contains("U+10FFFD") && !control.standardError.contains("\u{10FFFD}"))
  }

  @Test(
    "the warning counts distinct texts: the same on 1 and 2 jobs, with repeats, in measure and grid"
  )
  func missingGlyphCountIsDeterministic() throws {
    // 7 texts, 4 of them with Bengali (which no bundled font has), each repeated 30 times in
    // an interleaved order, so that two threads often meet the same new text at once.
    let texts = ["ab ক 1", "ab ক 2", "plain", "তুমি x", "Hello", "ক", "김치 😀"]
    let expected = Set(texts.filter { $0.unicodeScalars.contains { (0x980...0x9FF) ~= $0.value } })
    let lines = (0..<30).flatMap { round in
      texts.indices.map { #"{"id": \#(round * 7 + $0), "text": "\#(texts[$0])"}"# }
    }
    let input = lines.joined(separator: "\n") + "\n"
    var counts = [String]()
    for jobs in ["1", "2", "2", "2", "2"] {
      let result = try run(["measure", "--jsonl", "--jobs", jobs], input: input)
      #expect(result.status == 0)
      counts.append(
        contentsOf: result.standardError.split(separator: "\n").filter { $0.contains("no font") }
          .map { String($0) })
    }
    #expect(counts.count == 5)
    #expect(Set(counts).count == 1, "\(counts)")
    #expect(counts.first?.contains("(in \(expected.count) texts;") == true, "\(counts)")

    // grid measures each label, then draws it: still one count a distinct text.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "tofu-grid-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let labels = directory.appendingPathComponent("labels.txt")
    try (texts + texts).joined(separator: "\n").write(to: labels, atomically: true, encoding: .utf8)
    let grid = try run(
      ["grid", labels.path, "-o", directory.appendingPathComponent("grid.pdf").path])
    #expect(grid.status == 0, "\(grid.standardError)")
    #expect(grid.standardError.contains("(in \(expected.count) texts;"), "\(grid.standardError)")
  }

  @Test("textflow fonts lists the cascade with script coverage; --system the installed families")
  func fontsCommand() throws {
    let result = try run(["fonts"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("NanumGothic.ttf  NanumGothic Regular  Latin"))
    #expect(result.standardOutput.contains("Hangul"))
    #expect(result.standardOutput.contains("NotoColorEmoji.ttf  Noto Color Emoji Regular"))
    let system = try run(["fonts", "--system"])
    #expect(system.status == 0)
    // fc-list's families, each listed.
    let listed = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/fc-list"), [":scalable=true", "family"])
    let families = Set(
      listed.standardOutput.split(separator: "\n").compactMap {
        $0.split(separator: ",").first.map(String.init)
      })
    #expect(!families.isEmpty)
    for family in families {
      #expect(system.standardOutput.contains("  \(family)  "), "\(family)")
    }
    // A family's scripts are the ones fontconfig says it covers: Abyssinica SIL was listed as
    // Latin only, though it is the installed Ethiopic font (--strict suggests it for ሰ).
    for (script, codePoint) in [("Ethiopic", "1230"), ("Armenian", "531"), ("Khmer", "1780")] {
      let covering = try ProcessRunner.run(
        URL(fileURLWithPath: "/usr/bin/fc-list"), [":scalable=true:charset=\(codePoint)", "family"])
      let names = Set(
        covering.standardOutput.split(separator: "\n").compactMap {
          $0.split(separator: ",").first.map(String.init)
        })
      for line in system.standardOutput.split(separator: "\n") where line.hasPrefix("  ") {
        let family = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
        guard families.contains(family) else { continue }
        #expect(
          line.split(separator: " ").contains(Substring(script)) == names.contains(family),
          "\(script): \(line)")
      }
    }
  }

  @Test("an installed copy runs from a folder outside the checkout with its own fonts")
  func installedCopy() throws {
    let prefix = try Fixtures.temporaryDirectory("textflow-install")
    let install = try ProcessRunner.run(
      Fixtures.packageRoot.appendingPathComponent("scripts/install"),
      ["--prefix", prefix.path, "--binary", Executables.textflow.path])
    #expect(install.status == 0, "\(install.standardError)")
    let binary = prefix.appendingPathComponent("bin/textflow")
    let fonts = prefix.appendingPathComponent("share/textflow/Fonts")
    // Its fonts, not the checkout's: without the emoji font the installed copy lacks emoji.
    try FileManager.default.removeItem(at: fonts.appendingPathComponent("NotoColorEmoji.ttf"))
    // A planted Fonts/ in the working directory with a junk font is never looked at.
    let work = try Fixtures.temporaryDirectory("textflow-cwd")
    let planted = work.appendingPathComponent("Fonts")
    try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
    try Data("junk".utf8).write(to: planted.appendingPathComponent("README.md"))
    try Data("junk".utf8).write(to: planted.appendingPathComponent("DejaVuSans.ttf"))
    let script = "cd '\(work.path)' && exec env -u TEXTFLOW_FONTS '\(binary.path)' \"$@\""
    func installed(_ arguments: [String]) throws -> ProcessResult {
      try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh"] + arguments)
    }
    let listing = try installed(["fonts"])
    #expect(listing.status == 0, "\(listing.standardError)")
    #expect(
      listing.standardOutput.contains("bundled fonts (\(fonts.resolvingSymlinksInPath().path))"))
    let hello = try installed(["measure", "--font", "DejaVuSans.ttf", "--size", "16", "Hello"])
    #expect(hello.status == 0, "\(hello.standardError)")
    // "Hello" in DejaVu Sans at 16 px: 40.5546875 (hb-shape's advances).
    #expect(hello.standardOutput.contains("size: 40.555 × "))
    // 🥰 (U+1F970): only Noto Color Emoji has it among the bundled files (hb-shape: glyph 0
    // in every other one), and the checkout's copy of it is not used.
    let emoji = try installed(["measure", "--strict", "🥰"])
    #expect(emoji.status == 1 && emoji.standardError.contains("U+1F970"))
    let checkout = try run(["measure", "--strict", "🥰"])
    #expect(checkout.status == 0, "\(checkout.standardError)")
    // The demo's label merges read the installed examples, not a planted examples/ in the
    // working directory (it skipped them, exit 0, wherever examples/ was not below the working
    // directory): the installed contacts cut to their first two records give two labels.
    let examples = prefix.appendingPathComponent("share/textflow/examples")
    let contacts = try String(
      contentsOf: examples.appendingPathComponent("contacts.csv"), encoding: .utf8)
    try (contacts.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n")
      .write(to: examples.appendingPathComponent("contacts.csv"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: work.appendingPathComponent("examples"), withIntermediateDirectories: true)
    try Data("junk".utf8).write(to: work.appendingPathComponent("examples/contacts.csv"))
    let pictures = work.appendingPathComponent("pictures")
    let demo = try installed(["demo", "--out", pictures.path])
    #expect(demo.status == 0, "\(demo.standardError)")
    #expect(demo.standardOutput.contains("examples/contacts.csv on Avery L7160: 2 labels"))
    #expect(!demo.standardOutput.contains("skipped"))
    #expect(
      FileManager.default.fileExists(
        atPath: pictures.appendingPathComponent("labels-products.pdf").path))
    // TEXTFLOW_FONTS still overrides.
    let overridden = try ProcessRunner.run(
      binary, ["fonts"], environment: ["TEXTFLOW_FONTS": Fixtures.fontsDirectory.path])
    #expect(overridden.standardOutput.contains("NotoColorEmoji.ttf"))
  }
}

@Suite("textflow font options on every command")
struct FontOptionsEveryCommandTests {
  @Test("grid and cloud warn once about characters no font has; --strict fails them")
  func gridAndCloud() throws {
    let folder = try Fixtures.temporaryDirectory("font-options")
    let labels = folder.appendingPathComponent("labels.txt")
    try "ক label\nplain\nকখ\n".write(to: labels, atomically: true, encoding: .utf8)
    for command in ["grid", "cloud"] {
      let result = try ProcessRunner.run(
        Executables.textflow,
        [command, labels.path, "-o", folder.appendingPathComponent("\(command).png").path])
      #expect(result.status == 0, "\(command): \(result.standardError)")
      let warnings = result.standardError.split(separator: "\n").filter {
        $0.contains("no font has")
      }
      #expect(warnings.count == 1, "\(command): \(result.standardError)")
      #expect(warnings.first?.contains("U+0995 'ক'") == true)
      let strict = try ProcessRunner.run(
        Executables.textflow,
        [
          command, "--strict", labels.path, "-o",
          folder.appendingPathComponent("s\(command).png").path,
        ])
      #expect(strict.status == 1, "\(command)")
    }
  }

  @Test("a JSON line's system_fonts field: the answer names the faces; a bad value is an error")
  func systemFontsField() throws {
    let input = """
      {"id": 1, "text": "Hello", "system_fonts": true}
      {"id": 2, "text": "Hello", "system_fonts": "yes"}
      {"id": 3, "text": "Hello"}

      """
    let result = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"], input: Data(input.utf8))
    let answers = try result.standardOutput.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    let faces = try #require(answers[0]["faces"] as? [[String: Any]])
    #expect(faces.map { $0["family"] as? String } == ["DejaVu Sans"])
    #expect((faces[0]["file"] as? String)?.hasSuffix("DejaVuSans.ttf") == true)
    #expect((answers[1]["error"] as? String)?.contains("system_fonts") == true)
    #expect(
      answers[2]["faces"] == nil && answers[2]["width"] as? Double == answers[0]["width"] as? Double
    )
  }

  @Test(
    "a spec's systemFonts: Ethiopic, which no bundled font has, is drawn from fc-match's font"
  )
  func specSystemFonts() throws {
    let match = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/fc-match"), ["-f", "%{family}", ":charset=1200"])
    let family = try #require(match.standardOutput.split(separator: ",").first.map(String.init))
    func spec(_ systemFonts: String?) -> String {
      let field = systemFonts.map { #", "systemFonts": \#($0)"# } ?? ""
      return #"{"collectionView": {"size": [375, 667]}\#(field), "#
        + #""sections": [{"items": [{"text": "ሀሁ"}]}]}"#
    }
    let on = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data(spec("true").utf8))
    #expect(on.status == 0, "\(on.standardError)")
    #expect(on.standardError.contains("installed fonts used: \(family)"), "\(on.standardError)")
    #expect(!on.standardError.contains("no font has"))
    let off = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data(spec(nil).utf8))
    #expect(off.status == 0)
    #expect(off.standardError.contains("no font has a glyph for U+1200"), "\(off.standardError)")
    let bad = try ProcessRunner.run(
      Executables.textflow, ["layout", "-"], input: Data(spec("\"yes\"").utf8))
    #expect(bad.status == 1)
    #expect(bad.standardError.contains("systemFonts"), "\(bad.standardError)")
  }
}
