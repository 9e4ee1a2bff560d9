// The CLI on a file system that fills up while it writes: a tmpfs mounted for the test (root
// only) and filled so that the output runs out of room at a chosen point (its first bytes, its
// middle, its last block; a later page of a `%d` name; the report after the drawing). The truth
// is the kernel's and the readers': `strerror(ENOSPC)`, the bytes of the previous files
// (sha256sum), their validity (qpdf --check, pngcheck, xmllint), the folder's listing.
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A tmpfs mounted on a fresh folder, filled on request; `unmount()` removes it all.
struct SmallDisk {
  let folder: URL

  /// True when this process may mount a tmpfs (root in a container that allows it).
  static let canMount: Bool = {
    guard geteuid() == 0, let disk = try? SmallDisk(size: 1 << 16) else { return false }
    disk.unmount()
    return true
  }()

  /// A tmpfs of `size` bytes.
  init(size: Int) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "textflow-small-disk-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/mount"),
      ["-t", "tmpfs", "-o", "size=\(size)", "tmpfs", folder.path])
    guard result.status == 0 else {
      try? FileManager.default.removeItem(at: folder)
      throw CocoaError(.fileWriteNoPermission, userInfo: ["mount": result.standardError])
    }
  }

  /// The bytes a new file may still take.
  var available: Int {
    var info = statvfs()
    statvfs(folder.path, &info)
    return Int(info.f_bavail) * Int(info.f_frsize)
  }

  /// Fills the disk with a hidden file until `bytes` are left (whole blocks of 4 KiB).
  func fill(leaving bytes: Int) throws {
    let filler = available - bytes
    guard filler > 0 else { return }
    try Data(count: filler).write(to: folder.appendingPathComponent(".filler"))
  }

  /// Empties the disk of its filler.
  func empty() throws {
    try FileManager.default.removeItem(at: folder.appendingPathComponent(".filler"))
  }

  /// The files on the disk but the filler, sorted.
  func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != ".filler" }
      .sorted()
  }

  /// Makes the disk read-only (`mount -o remount,ro`): unlike `chmod 555`, it stops root too.
  func makeReadOnly() throws {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/mount"), ["-o", "remount,ro", folder.path])
    #expect(result.status == 0, "\(result.standardError)")
  }

  func unmount() {
    _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [folder.path])
    try? FileManager.default.removeItem(at: folder)
  }
}

/// `bytes` rounded up to whole 4 KiB blocks, the tmpfs's unit.
private func blocks(_ bytes: Int) -> Int { (bytes + 4095) / 4096 * 4096 }

@Suite(
  "Outputs on a disk that fills up", .enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root")
)
struct FullDiskTests {
  // A fixed creation date, so that two runs' PDFs can be compared byte for byte.
  let textflow = "SOURCE_DATE_EPOCH=0 " + quoted(Executables.textflow.path)

  /// Checks `file` with the reader for its format: qpdf, pngcheck or xmllint; nil when valid.
  func problem(in file: URL) throws -> String? {
    let (tool, arguments): (String, [String]) =
      switch file.pathExtension {
      case "pdf": ("/usr/bin/qpdf", ["--check"])
      case "png": ("/usr/bin/pngcheck", ["-q"])
      case "svg": ("/usr/bin/xmllint", ["--noout"])
      default: ("/usr/bin/python3", ["-m", "json.tool"])
      }
    guard FileManager.default.isExecutableFile(atPath: tool) else { return nil }
    let result = try ProcessRunner.run(URL(fileURLWithPath: tool), arguments + [file.path])
    return result.status == 0 ? nil : "\(tool): \(result.standardOutput)\(result.standardError)"
  }

  /// A spec of `count` cells, each with a link (`PDFUnwrittenObjects` rewrites the PDF's table
  /// of the objects Cairo numbered for them) and `tag` in its text.
  func linkSpec(count: Int, tag: String) -> String {
    let items = (0..<count).map {
      "{\"runs\": [\"\(tag) \($0): \", {\"text\": \"see the docs\", \"link\": "
        + "\"https://example.com/\($0)\"}, \" for more\"]}"
    }
    return """
      {"collectionView": {"size": [375, 667]}, "layout": {"minimumLineSpacing": 4},
       "sections": [{"header": "Links", "items": [\(items.joined(separator: ","))]}]}
      """
  }

  // Each format's bytes are changed on their way to the disk: a PDF's cross-reference table is
  // held to its end and rewritten (links), a PNG's text chunks and an SVG's title, description
  // and metadata are put in near the start. Wherever the disk fills, the previous file stays.
  @Test(
    "a PDF with links, a PNG with text chunks, an SVG with a title: the previous file stays",
    arguments: ["pdf", "png", "svg"], ["start", "middle", "last block"])
  func documentInfoAndLinksOnAFullDisk(format: String, where place: String) throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let disk = try SmallDisk(size: 8 << 20)
    defer { disk.unmount() }
    // A PNG stays under Cairo's 32 767 px; PDF pages and an SVG of 120 links are large enough
    // to be written in many writes.
    let count = format == "png" ? 20 : 120
    let options =
      "--title 'Fault report' --author Ada --subject Disks --keywords 'full, tmpfs'"
      + (format == "pdf" ? " --page a4" : "")
    let oldSpec = work.appendingPathComponent("old.json")
    let newSpec = work.appendingPathComponent("new.json")
    try Data(linkSpec(count: count, tag: "Earlier").utf8).write(to: oldSpec)
    try Data(linkSpec(count: count, tag: "Later").utf8).write(to: newSpec)
    // The new output's size, from a disk with room.
    let reference = work.appendingPathComponent("reference.\(format)")
    let made = try shell(
      "\(textflow) layout \(quoted(newSpec.path)) -o \(quoted(reference.path)) \(options)")
    #expect(made.status == 0, "\(made.standardError)")
    let size = try Data(contentsOf: reference).count

    let out = disk.folder.appendingPathComponent("report.\(format)")
    let first = try shell(
      "\(textflow) layout \(quoted(oldSpec.path)) -o \(quoted(out.path)) \(options)")
    #expect(first.status == 0, "\(first.standardError)")
    let before = try ProcessRunner.sha256(of: out)
    let room =
      switch place {
      case "start": 0
      case "middle": blocks(size / 2)
      default: blocks(size) - 4096  // all but the block that holds the end
      }
    try disk.fill(leaving: room)
    let result = try shell(
      "\(textflow) layout \(quoted(newSpec.path)) -o \(quoted(out.path)) \(options)")
    #expect(result.status == 1, "\(result.standardError)")
    #expect(
      result.standardError.contains("\(out.path): \(reason(ENOSPC))"), "\(result.standardError)")
    #expect(!result.standardError.contains("wrote"))
    #expect(try ProcessRunner.sha256(of: out) == before)
    #expect(try problem(in: out) == nil)
    #expect(try disk.listing() == [out.lastPathComponent])

    // With room again, the same command writes a complete file.
    try disk.empty()
    let again = try shell(
      "\(textflow) layout \(quoted(newSpec.path)) -o \(quoted(out.path)) \(options)")
    #expect(again.status == 0, "\(again.standardError)")
    #expect(try problem(in: out) == nil)
    #expect(try Data(contentsOf: out) == Data(contentsOf: reference))
  }

  // `grid --sheet -o sheet-%d.png` committed each sheet as it was drawn: a disk that filled at
  // the second sheet left the new first sheet beside the previous run's later ones, exit 1.
  @Test("a file a sheet: a disk full at the second sheet keeps every previous sheet")
  func pagesReplacedTogether() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let disk = try SmallDisk(size: 16 << 20)
    defer { disk.unmount() }
    // 63 labels: three L7160 sheets of 21.
    let oldLabels = work.appendingPathComponent("old.txt")
    let newLabels = work.appendingPathComponent("new.txt")
    try Data((1...63).map { "E\($0)" }.joined(separator: "\n").utf8).write(to: oldLabels)
    try Data((1...63).map { "Later label \($0), a longer one" }.joined(separator: "\n").utf8)
      .write(to: newLabels)
    let grid = "\(textflow) grid --sheet l7160"
    // The new sheets drawn at 3 pixels a point, the previous ones at 1: much smaller.
    let made = try shell(
      "\(grid) \(quoted(newLabels.path)) --scale 3 "
        + "-o \(quoted(work.appendingPathComponent("s-%d.png").path))")
    #expect(made.status == 0, "\(made.standardError)")
    let firstSize = try Data(contentsOf: work.appendingPathComponent("s-1.png")).count
    let secondSize = try Data(contentsOf: work.appendingPathComponent("s-2.png")).count

    let pattern = quoted(disk.folder.appendingPathComponent("s-%d.png").path)
    let names = ["s-1.png", "s-2.png", "s-3.png"]
    let first = try shell("\(grid) \(quoted(oldLabels.path)) --scale 1 -o \(pattern)")
    #expect(first.status == 0, "\(first.standardError)")
    let before = try names.map {
      try ProcessRunner.sha256(of: disk.folder.appendingPathComponent($0))
    }
    // Room for the first new sheet and half the second, less what the previous first sheet
    // takes: also when that is freed after the first sheet, the second does not fit.
    let oldFirstSize = try Data(contentsOf: disk.folder.appendingPathComponent("s-1.png")).count
    #expect(oldFirstSize < secondSize / 2)
    try disk.fill(leaving: blocks(firstSize) + blocks(secondSize / 2) - blocks(oldFirstSize))
    let result = try shell("\(grid) \(quoted(newLabels.path)) --scale 3 -o \(pattern)")
    #expect(result.status == 1, "\(result.standardError)")
    let second = disk.folder.appendingPathComponent("s-2.png").path
    #expect(
      result.standardError.contains("\(second): \(reason(ENOSPC))"), "\(result.standardError)")
    let after = try names.map {
      try ProcessRunner.sha256(of: disk.folder.appendingPathComponent($0))
    }
    #expect(after == before, "the previous sheets, unchanged")
    for name in names { #expect(try problem(in: disk.folder.appendingPathComponent(name)) == nil) }
    #expect(try disk.listing() == names)
  }

  // `labels -o sheets.pdf --report report.json` committed the drawing, then wrote the report: a
  // disk that filled at the report left the new drawing beside the previous report, exit 1.
  @Test("labels: a disk full at the report keeps the previous drawing and report")
  func drawingAndReportReplacedTogether() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let disk = try SmallDisk(size: 8 << 20)
    defer { disk.unmount() }
    let oldRecords = work.appendingPathComponent("old.csv")
    let newRecords = work.appendingPathComponent("new.csv")
    try Data("name,city\nEarlier,Leeds\n".utf8).write(to: oldRecords)
    // Enough records that the report takes several blocks.
    try Data(
      (["name,city"] + (1...400).map { "Later person \($0),Seoul" }).joined(separator: "\n").utf8
    ).write(to: newRecords)
    let labels = "\(textflow) labels --template 'Avery L7160'"
    let drawingPath = quoted(work.appendingPathComponent("l.pdf").path)
    let made = try shell(
      "\(labels) \(quoted(newRecords.path)) -o \(drawingPath) "
        + "--report \(quoted(work.appendingPathComponent("r.json").path))")
    #expect(made.status == 0, "\(made.standardError)")
    let drawingSize = try Data(contentsOf: work.appendingPathComponent("l.pdf")).count
    let reportSize = try Data(contentsOf: work.appendingPathComponent("r.json")).count
    #expect(reportSize > 3 * 4096, "the report spans blocks: \(reportSize) bytes")

    let drawing = disk.folder.appendingPathComponent("l.pdf")
    let report = disk.folder.appendingPathComponent("r.json")
    let arguments = "-o \(quoted(drawing.path)) --report \(quoted(report.path))"
    let first = try shell("\(labels) \(quoted(oldRecords.path)) \(arguments)")
    #expect(first.status == 0, "\(first.standardError)")
    let before = try [drawing, report].map(ProcessRunner.sha256(of:))
    // Room for the drawing and half the report, less what the previous drawing takes: also
    // when that is freed after the drawing, the report does not fit.
    let oldDrawingSize = try Data(contentsOf: drawing).count
    #expect(oldDrawingSize < reportSize / 2)
    try disk.fill(
      leaving: blocks(drawingSize) + blocks(reportSize / 2) - blocks(oldDrawingSize))
    let result = try shell("\(labels) \(quoted(newRecords.path)) \(arguments)")
    #expect(result.status == 1, "\(result.standardError)")
    #expect(
      result.standardError.contains("\(report.path): \(reason(ENOSPC))"),
      "\(result.standardError)")
    #expect(try [drawing, report].map(ProcessRunner.sha256(of:)) == before)
    #expect(try problem(in: drawing) == nil)
    #expect(try problem(in: report) == nil)
    #expect(try disk.listing() == ["l.pdf", "r.json"])
  }

  // Root writes through `chmod 555`; a read-only mount stops it. Every command and format,
  // to a file that exists and to a new one, and the demo's folder.
  @Test("every output to a read-only disk exits 1 naming the path; the previous file stays")
  func readOnlyDisk() throws {
    let disk = try SmallDisk(size: 4 << 20)
    defer { disk.unmount() }
    let examples = Fixtures.packageRoot.appendingPathComponent("examples")
    func example(_ name: String) -> String {
      quoted(examples.appendingPathComponent(name).path)
    }
    let previous = Data("the previous file".utf8)
    for name in ["out.pdf", "out.png", "out.svg", "out.json"] {
      try previous.write(to: disk.folder.appendingPathComponent(name))
    }
    try disk.makeReadOnly()
    let labels =
      "labels \(example("contacts.csv")) --template 'Avery L7160' "
      + "--design \(example("designs/contacts.json"))"
    var commands: [(command: String, file: String)] = []
    for name in ["out.pdf", "out.png", "out.svg", "out.json", "new.pdf"] {
      commands += [
        ("layout \(example("witch-dialogue.json")) --title T -o OUT", name),
        ("grid \(example("addresses.txt")) -o OUT", name),
        ("cloud \(example("us-constitution.txt")) --title T -o OUT", name),
      ]
    }
    commands += [
      ("layout \(example("witch-dialogue.json")) --page a4 -o OUT", "out.pdf"),
      ("grid \(example("addresses.txt")) --sheet l7160 -o OUT", "out.pdf"),
      ("grid \(example("addresses.txt")) --sheet l7160 -o OUT", "sheet-%d.png"),
      ("\(labels) -o OUT", "out.pdf"),
      ("\(labels) -o OUT", "page-%d.svg"),
      ("\(labels) -o OUT", "out.json"),
    ]
    for (command, name) in commands {
      let path = disk.folder.appendingPathComponent(name).path
      let result = try shell(
        "\(textflow) \(command.replacingOccurrences(of: "OUT", with: quoted(path)))")
      #expect(result.status == 1, "\(command) \(name): \(result.standardError)")
      let named = path.replacingOccurrences(of: "%d", with: "1")
      #expect(
        result.standardError.contains("\(named): \(reason(EROFS))"),
        "\(command) \(name): \(result.standardError)")
    }
    let demo = disk.folder.appendingPathComponent("demo").path
    let result = try shell("\(textflow) demo --out \(quoted(demo))")
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("cannot create \(demo): \(reason(EROFS))"),
      "\(result.standardError)")
    for name in ["out.pdf", "out.png", "out.svg", "out.json"] {
      #expect(try Data(contentsOf: disk.folder.appendingPathComponent(name)) == previous)
    }
    #expect(try disk.listing() == ["out.json", "out.pdf", "out.png", "out.svg"])
  }

  // `-o -` draws into a temporary file in TMPDIR before sending it: a full or read-only TMPDIR
  // said "cannot render /tmp/…/textflow-58E15C08-….pdf: No space left on device", a file the
  // user never named.
  @Test("standard output through a full or read-only TMPDIR names standard output and TMPDIR")
  func standardOutputThroughAFullTemporaryFolder() throws {
    let disk = try SmallDisk(size: 1 << 20)
    defer { disk.unmount() }
    let examples = Fixtures.packageRoot.appendingPathComponent("examples")
    func example(_ name: String) -> String {
      quoted(examples.appendingPathComponent(name).path)
    }
    let commands = [
      "layout \(example("witch-dialogue.json")) --title T -o - --format pdf",
      "grid \(example("addresses.txt")) --sheet l7160 -o - --format pdf",
      "labels \(example("contacts.csv")) --template 'Avery L7160' -o - --format pdf",
      "cloud \(example("us-constitution.txt")) --title T -o - --format png",
    ]
    for readOnly in [false, true] {
      if readOnly { try disk.makeReadOnly() } else { try disk.fill(leaving: 0) }
      for command in commands {
        let result = try shell(
          "\(textflow) \(command)", environment: ["TMPDIR": disk.folder.path])
        #expect(result.status == 1, "\(command): \(result.standardError)")
        #expect(result.standardOutput.isEmpty)
        let message =
          "cannot write standard output: the drawing is made in a temporary file in "
          + "\(disk.folder.path) (TMPDIR) before it is sent, and that failed: "
          + reason(readOnly ? EROFS : ENOSPC)
        #expect(result.standardError.contains(message), "\(command): \(result.standardError)")
        #expect(
          !result.standardError.contains("\(disk.folder.path)/textflow-"),
          "\(result.standardError)")
        #expect(try disk.listing().isEmpty)
      }
    }
    // Not a write error: said of standard output too.
    let tall = try shell(
      "echo '{\"collectionView\": {\"size\": [100, 100]}, \"layout\": {\"itemSize\": [10, "
        + "20000]}, \"sections\": [{\"itemCount\": 1}]}' | \(textflow) layout - -o - --format png")
    #expect(tall.status == 1)
    #expect(
      tall.standardError.contains("cannot render standard output: the picture would be"),
      "\(tall.standardError)")
  }
}
