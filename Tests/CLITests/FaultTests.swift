// The CLI under faults: full disks (/dev/full, a file-size limit), folders that are missing,
// read-only or in the way, a kill in mid-write, closed and broken standard streams. The truth
// is the kernel's: the errno text the C library gives (`strerror`), the bytes of the previous
// file (sha256sum), the folder's listing, and the exit status a shell sees.
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("The CLI under faults")
struct FaultTests {
  let textflow = quoted(Executables.textflow.path)
  let witch = Fixtures.packageRoot.appendingPathComponent("examples/witch-dialogue.json").path
  let addresses = Fixtures.packageRoot.appendingPathComponent("examples/addresses.txt").path

  /// A spec of `count` fixed 375 × `height` items, one per line, no spacing: its content is
  /// `count × height` points tall.
  func tallSpec(count: Int, height: Int = 100) -> String {
    """
    {"collectionView": {"size": [375, 667]},
     "layout": {"itemSize": [375, \(height)], "minimumLineSpacing": 0, "minimumInteritemSpacing": 0},
     "sections": [{"itemCount": \(count)}]}
    """
  }

  /// A text spec of `count` items, slow enough to render that a signal arrives mid-write.
  func textSpec(count: Int) -> String {
    let texts = (0..<count).map { "\"item \($0) of a long list\"" }.joined(separator: ",")
    return """
      {"collectionView": {"size": [375, 667]}, "layout": {"minimumLineSpacing": 4},
       "sections": [{"texts": [\(texts)]}]}
      """
  }

  func listing(_ directory: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
  }

  @Test(
    "TEXTFLOW_FSYNC=1 flushes each output and its folder around the rename; without it, none",
    .enabled(if: ProcessRunner.straceWorks, "strace cannot trace here"),
    arguments: ["layout-png", "layout-json", "grid-pdf", "labels-pdf"])
  func durableOutputs(command: String) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let contacts = Fixtures.packageRoot.appendingPathComponent("examples/contacts.csv").path
    let target = directory.appendingPathComponent("out").path
    let arguments: String
    switch command {
    case "layout-png": arguments = "layout \(quoted(witch)) -o \(quoted(target + ".png"))"
    case "layout-json": arguments = "layout \(quoted(witch)) -o \(quoted(target + ".json"))"
    case "grid-pdf":
      arguments = "grid \(quoted(addresses)) --sheet l7160 -o \(quoted(target + ".pdf"))"
    default:
      arguments =
        "labels \(quoted(contacts)) --template 'Avery L7160' -o \(quoted(target + ".pdf"))"
    }
    for durable in [false, true] {
      // LeakSanitizer stops the world with ptrace, which a traced process cannot: the traced
      // run of a sanitized build leaves leak checking to the rest of the suite.
      let result = try shell(
        "TEXTFLOW_FSYNC=\(durable ? 1 : 0) ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" "
          + "strace -f -qq -e trace=fsync,rename,renameat2 "
          + "-o \(quoted(directory.appendingPathComponent("calls").path)) \(textflow) \(arguments)")
      #expect(result.status == 0, "\(result.standardError)")
      let calls = try String(
        contentsOfFile: directory.appendingPathComponent("calls").path, encoding: .utf8
      ).split(separator: "\n").filter { $0.contains("fsync(") || $0.contains("rename") }
      // A file a group commits is swapped with its target (renameat2) when there is one.
      let rename = calls.firstIndex {
        $0.contains("rename") && $0.contains(target) && $0.hasSuffix("= 0")
      }
      #expect(rename != nil, "\(calls)")
      guard let rename else { continue }
      let before = calls[..<rename].filter { $0.contains("fsync(") && $0.hasSuffix("= 0") }
      let after = calls[(rename + 1)...].filter { $0.contains("fsync(") && $0.hasSuffix("= 0") }
      if durable {
        // The file's data before the rename, the folder's entry after it.
        #expect(!before.isEmpty && !after.isEmpty, "\(calls)")
      } else {
        #expect(before.isEmpty && after.isEmpty, "\(calls)")
      }
    }
  }

  @Test(
    "a write to a full device exits 1 with the path and the reason, for every format",
    arguments: ["png", "pdf", "svg", "json"])
  func fullDevice(format: String) throws {
    let result = try shell("\(textflow) layout \(quoted(witch)) -o /dev/full --format \(format)")
    #expect(result.status == 1)
    #expect(result.standardError.contains("/dev/full"))
    #expect(result.standardError.contains(reason(ENOSPC)))
    #expect(!result.standardError.contains("wrote"))
  }

  @Test("label sheets (grid --sheet, labels) to a full device or a full standard output exit 1")
  func labelSheetsOnAFullDevice() throws {
    let examples = Fixtures.packageRoot.appendingPathComponent("examples")
    let labels =
      "\(textflow) labels \(quoted(examples.appendingPathComponent("contacts.csv").path)) "
      + "--template 'Avery L7160' "
      + "--design \(quoted(examples.appendingPathComponent("designs/contacts.json").path))"
    let grid = "\(textflow) grid \(quoted(addresses)) --sheet l7160"
    for command in [
      "\(grid) -o /dev/full --format pdf", "\(grid) -o - --format pdf > /dev/full",
      "\(labels) -o /dev/full --format pdf",
      "\(labels) -o - --format pdf > /dev/full",
    ] {
      let result = try shell(command)
      #expect(result.status == 1, "\(command): \(result.standardError)")
      #expect(result.standardError.contains(reason(ENOSPC)), "\(command): \(result.standardError)")
      #expect(!result.standardError.contains("wrote"), "\(command)")
    }
  }

  @Test("a PDF that fills the device while it is drawn names the device's reason, not a glyph")
  func fullDeviceMidDrawing() throws {
    // 3 000 labels: 143 sheets, far more than Cairo buffers, so the first failed write comes
    // while glyphs are still being drawn, and every later drawing call fails with it.
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let csv = directory.appendingPathComponent("many.csv")
    try (["name,city"] + (0..<3000).map { "Person \($0) 👍🏽,Seoul 🇰🇷" })
      .joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
    let result = try shell(
      "\(textflow) labels \(quoted(csv.path)) --template 'Avery L7160' -o /dev/full --format pdf")
    #expect(result.status == 1)
    #expect(result.standardError.contains(reason(ENOSPC)), "\(result.standardError)")
    #expect(!result.standardError.contains("glyph"), "\(result.standardError)")
  }

  @Test(
    "a file-size limit leaves the previous file intact and no temporary file",
    arguments: ["png", "pdf", "svg", "json"])
  func fileSizeLimit(format: String) throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("witch.\(format)")
    let first = try shell("\(textflow) layout \(quoted(witch)) -o \(quoted(out.path))")
    #expect(first.status == 0)
    let before = try ProcessRunner.sha256(of: out)
    // 1 block of 1 KiB: smaller than any of the four outputs.
    let result = try shell(
      "ulimit -f 1; \(textflow) layout \(quoted(witch)) -o \(quoted(out.path)) --scale 3 --debug")
    #expect(result.status == 1)
    #expect(result.standardError.contains(out.path))
    #expect(result.standardError.contains(reason(EFBIG)))
    #expect(try ProcessRunner.sha256(of: out) == before)
    #expect(try listing(directory) == ["witch.\(format)"])
  }

  @Test("a missing folder, a directory in the way and a read-only folder are named")
  func unwritableTargets() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer {
      chmod(directory.path, 0o755)
      try? FileManager.default.removeItem(at: directory)
    }
    for format in ["png", "pdf", "svg", "json"] {
      let missing = directory.appendingPathComponent("no/such/folder/out.\(format)").path
      var result = try shell("\(textflow) layout \(quoted(witch)) -o \(quoted(missing))")
      #expect(result.status == 1)
      #expect(result.standardError.contains(missing))
      #expect(result.standardError.contains(reason(ENOENT)))

      let folder = directory.appendingPathComponent("folder.\(format)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      result = try shell("\(textflow) layout \(quoted(witch)) -o \(quoted(folder.path))")
      #expect(result.status == 1)
      #expect(result.standardError.contains(reason(EISDIR)), "\(result.standardError)")
      #expect(try listing(folder).isEmpty)
    }
    // A read-only folder: root writes anywhere, so as root the command runs as nobody.
    let locked = directory.appendingPathComponent("locked")
    try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
    chmod(locked.path, 0o555)
    chmod(directory.path, 0o755)
    let asUser =
      geteuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
    let target = locked.appendingPathComponent("out.pdf").path
    let result = try shell("\(asUser)\(textflow) layout \(quoted(witch)) -o \(quoted(target))")
    #expect(result.status == 1)
    #expect(result.standardError.contains(target))
    #expect(result.standardError.contains(reason(EACCES)), "\(result.standardError)")
    #expect(try listing(locked).isEmpty)
    // A writable file in the read-only folder cannot be replaced either (the output is written
    // beside it and renamed over it): the message names the folder, not only the file, and
    // the file is kept.
    chmod(locked.path, 0o755)
    try Data("earlier".utf8).write(to: URL(fileURLWithPath: target))
    chmod(target, 0o666)
    chmod(locked.path, 0o555)
    let replace = try shell("\(asUser)\(textflow) layout \(quoted(witch)) -o \(quoted(target))")
    #expect(replace.status == 1)
    #expect(
      replace.standardError.contains("no new file can be made in \(locked.path)"),
      "\(replace.standardError)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == Data("earlier".utf8))
    chmod(locked.path, 0o755)
  }

  @Test("SIGTERM in mid-write keeps the previous file and leaves no temporary file")
  func killedMidWrite() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = directory.appendingPathComponent("long.json")
    try Data(textSpec(count: 6000).utf8).write(to: spec)
    let out = directory.appendingPathComponent("long.pdf")
    let first = try shell("\(textflow) layout \(quoted(witch)) -o \(quoted(out.path))")
    #expect(first.status == 0)
    let before = try ProcessRunner.sha256(of: out)

    // Children of the test runner inherit its thread's blocked signals (SIGTERM among them);
    // `env --default-signal` starts the command with SIGTERM delivered, as a shell would.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "--default-signal=TERM", Executables.textflow.path, "layout", spec.path, "-o", out.path,
      "--page", "a4", "--debug",
    ]
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until the temporary file exists: the render is under way.
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning, Date() < deadline,
      !(try listing(directory)).contains(where: { $0.hasPrefix(".long.pdf.textflow-") })
    {
      usleep(2000)
    }
    let seen = try listing(directory)
    process.terminate()
    process.waitUntilExit()
    #expect(seen.contains(where: { $0.hasPrefix(".long.pdf.textflow-") }), "\(seen)")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == SIGTERM)
    #expect(try ProcessRunner.sha256(of: out) == before)
    #expect(try listing(directory) == ["long.json", "long.pdf"])
  }

  @Test("SIGTERM while drawing to standard output leaves nothing in the temporary folder")
  func killedWhileDrawingToStandardOutput() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let temporary = directory.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let spec = directory.appendingPathComponent("long.json")
    try Data(textSpec(count: 6000).utf8).write(to: spec)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "--default-signal=TERM", Executables.textflow.path, "layout", spec.path, "-o", "-",
      "--format", "pdf", "--page", "a4",
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) {
      $1
    }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning, Date() < deadline, try listing(temporary).isEmpty { usleep(2000) }
    #expect(try !listing(temporary).isEmpty)
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == SIGTERM)
    #expect(try listing(temporary).isEmpty)
  }

  @Test("a finished write replaces the file and keeps its permissions")
  func replacesAtomically() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("witch.pdf")
    try Data("old".utf8).write(to: out)
    chmod(out.path, 0o640)
    let result = try shell("\(textflow) layout \(quoted(witch)) -o \(quoted(out.path))")
    #expect(result.status == 0)
    let data = try Data(contentsOf: out)
    #expect(data.starts(with: Data("%PDF-".utf8)))
    #expect(String(decoding: data.suffix(8), as: UTF8.self).contains("%%EOF"))
    var info = stat()
    stat(out.path, &info)
    #expect(info.st_mode & 0o777 == 0o640)
    #expect(try listing(directory) == ["witch.pdf"])
    // Through a symbolic link, the file it points to is replaced and the link stays.
    let link = directory.appendingPathComponent("link.pdf")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: out)
    let again = try shell("\(textflow) layout \(quoted(witch)) -o \(quoted(link.path)) --debug")
    #expect(again.status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(try Data(contentsOf: out) != data)
  }

  @Test(
    "standard output on a full device exits 1 with the reason",
    arguments: [
      "layout WITCH", "layout WITCH -o - --format png", "layout WITCH -o - --format pdf",
      "measure hello", "measure --jsonl <<< '{\"id\": 1, \"text\": \"hi\"}'",
    ])
  func fullStandardOutput(command: String) throws {
    let command = command.replacingOccurrences(of: "WITCH", with: quoted(witch))
    let result = try shell("\(textflow) \(command) > /dev/full")
    #expect(result.status == 1)
    #expect(result.standardError.contains("cannot write to standard output: \(reason(ENOSPC))"))
    #expect(!result.standardError.contains("Fatal error"))
  }

  @Test("a closed standard output is an error, a closed standard error is tolerated")
  func closedStreams() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let closedOut = try shell("\(textflow) layout \(quoted(witch)) >&-")
    #expect(closedOut.status == 1)
    #expect(closedOut.standardError.contains("cannot write to standard output"))

    let out = directory.appendingPathComponent("witch.png")
    let closedError = try shell("\(textflow) layout \(quoted(witch)) -o \(quoted(out.path)) 2>&-")
    #expect(closedError.status == 0)
    let png = try Data(contentsOf: out)
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    // An error with nowhere to print it still ends with its status, and the message does not
    // end up in an output file opened where standard error was.
    let failing = try shell("\(textflow) layout \(quoted(witch)) -o /dev/full --format pdf 2>&-")
    #expect(failing.status == 1)
    let both = try shell("\(textflow) measure hello >&- 2>&-; echo $?")
    #expect(both.standardOutput == "1\n")
  }

  @Test("a reader that goes away ends the command quietly with SIGPIPE's status")
  func brokenPipe() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = directory.appendingPathComponent("long.json")
    // Each output is several times a pipe's 64 KiB: 300 kB of frames, 750 kB of SVG (drawn
    // whole before it is written: 3 000 texts took 10 s under ASan).
    for (count, extra) in [(3000, ""), (300, "-o - --format svg")] {
      try Data(textSpec(count: count).utf8).write(to: spec)
      let result = try shell(
        "\(textflow) layout \(quoted(spec.path)) \(extra) | head -c1 > /dev/null; echo ${PIPESTATUS[0]}",
        environment: ["TMPDIR": directory.path])
      #expect(result.standardOutput == "\(128 + SIGPIPE)\n")
      #expect(result.standardError.isEmpty, "\(result.standardError)")
    }
    #expect(try listing(directory) == ["long.json"])
  }

  @Test("a single PDF page larger than 14 400 pt is refused with a hint; 14 400 is drawn")
  func pdfPageLimit() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("tall.pdf")
    let fits = try shell(
      "echo '\(tallSpec(count: 144))' | \(textflow) layout - -o \(quoted(out.path))")
    #expect(fits.status == 0)
    let info = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [out.path])
    #expect(info.standardOutput.contains("375 x 14400 pts"), "\(info.standardOutput)")

    let tooTall = try shell(
      "echo '\(tallSpec(count: 145))' | \(textflow) layout - -o \(quoted(out.path))")
    #expect(tooTall.status == 1)
    #expect(tooTall.standardError.contains("14400"))
    #expect(tooTall.standardError.contains("--page"))
    // The earlier file is still there, unchanged.
    let still = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [out.path])
    #expect(still.standardOutput.contains("375 x 14400 pts"))

    let paged = try shell(
      "echo '\(tallSpec(count: 145))' | \(textflow) layout - -o \(quoted(out.path)) --page a4")
    #expect(paged.status == 0)
    let pages = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/pdfinfo"), [out.path])
    #expect(pages.standardOutput.contains("595.276 x 841.89 pts"))
  }
}
