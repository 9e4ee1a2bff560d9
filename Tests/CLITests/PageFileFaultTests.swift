// `textflow layout SPEC --page a4 -o page-%d.png` (or .svg, .pdf), a file a page, under faults:
// a disk that fills at a later page (or a file-size limit), a read-only disk, a missing folder,
// a directory in the way, a signal while the pages are drawn or renamed, a reader of `-o -`
// that goes away. The pages replace the previous ones together or not at all. The truth is the
// kernel's and the file system's: `strerror`, the exit status a shell sees, the bytes of the
// previous pages (sha256sum), the folder's listing with its hidden files, and the pages a run
// with room wrote.
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("Page files under faults")
struct PageFileFaultTests {
  // A fixed creation date, so that two runs' pages can be compared byte for byte.
  let textflow = "SOURCE_DATE_EPOCH=0 " + quoted(Executables.textflow.path)

  /// A report of `rows` rows of wrapped text, in sections of 30 under a header, every row
  /// starting with `tag`: about 30 rows an A4 page.
  static func report(rows: Int, tag: String) -> String {
    let words = ["total", "amount", "invoice", "customer", "report", "due", "paid", "net"]
    func row(_ index: Int) -> String {
      let text = (0...(index * 7 % 23)).map { words[(index + $0) % words.count] }
      return #"{"text": "\#(tag) \#(index): \#(text.joined(separator: " "))"}"#
    }
    let sections = stride(from: 0, to: rows, by: 30).map { start in
      let items = (start..<min(rows, start + 30)).map(row).joined(separator: ",")
      return #"{"header": "Part \#(start / 30)", "items": [\#(items)]}"#
    }
    return """
      {"collectionView": {"size": [400, 700]}, "layout": {"minimumLineSpacing": 4},
       "styles": {"row": {"size": 9, "maxWidth": 390, "padding": [2, 4, 2, 4],
                          "backgroundColor": "#eeeeff"}},
       "itemStyle": "row", "sections": [\(sections.joined(separator: ","))]}
      """
  }

  /// Every name in `folder`, hidden ones too, sorted.
  func listing(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  /// The page files `page-N.EXT` in `folder` by page number, with their bytes' sha256
  /// (directories left out).
  func pages(in folder: URL, format: String) throws -> [Int: String] {
    var pages: [Int: String] = [:]
    for name in try listing(folder) where name.hasPrefix("page-") && name.hasSuffix(format) {
      let file = folder.appendingPathComponent(name)
      guard let page = Int(name.dropFirst(5).dropLast(format.count + 1)),
        (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
      else { continue }
      pages[page] = try ProcessRunner.sha256(of: file)
    }
    return pages
  }

  /// The page the error names with `reason`, as "…/page-N.EXT: REASON" in `folder`.
  func pageNamed(in message: String, folder: URL, format: String, reason: String) -> Int? {
    let prefix = folder.appendingPathComponent("page-").path
    guard let end = message.range(of: ".\(format): \(reason)")?.lowerBound,
      let start = message[..<end].range(of: prefix, options: .backwards)?.upperBound
    else { return nil }
    return Int(message[start..<end])
  }

  /// `layout` of `spec` onto A4 pages into `pattern`, at `scale` for a PNG.
  func layout(_ spec: URL, to pattern: URL, scale: Int = 2) throws -> ProcessResult {
    try shell(
      "\(textflow) layout \(quoted(spec.path)) --page a4 --scale \(scale) "
        + "-o \(quoted(pattern.path))")
  }

  /// Writes `text` to `name` in `folder` and returns its URL.
  func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
    let url = folder.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
  }

  // The pages wait beside their targets until all are drawn (`AtomicFileGroup`); a disk that
  // fills at the third of six new pages must leave the four previous pages as they were, and
  // neither the new pages 5 and 6 nor a temporary file.
  @Test(
    "a disk full at a later page keeps every previous page and adds no file",
    .enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"), arguments: ["png", "svg"])
  func fullDiskAtALaterPage(format: String) throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let disk = try SmallDisk(size: 16 << 20)
    defer { disk.unmount() }
    let oldSpec = try write(Self.report(rows: 120, tag: "Earlier"), "old.json", in: work)
    let newSpec = try write(Self.report(rows: 180, tag: "Later"), "new.json", in: work)
    // The new pages' sizes, from a folder with room.
    let reference = work.appendingPathComponent("reference")
    try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
    let made = try layout(newSpec, to: reference.appendingPathComponent("page-%d.\(format)"))
    #expect(made.status == 0, "\(made.standardError)")
    let expected = try pages(in: reference, format: format)
    #expect(expected.count == 6, "\(expected.keys.sorted())")
    func size(_ page: Int) throws -> Int {
      try Data(contentsOf: reference.appendingPathComponent("page-\(page).\(format)")).count
    }

    let pattern = disk.folder.appendingPathComponent("page-%d.\(format)")
    let first = try layout(oldSpec, to: pattern, scale: 1)
    #expect(first.status == 0, "\(first.standardError)")
    let before = try pages(in: disk.folder, format: format)
    #expect(before.count == 4, "\(before.keys.sorted())")
    let names = try disk.listing()
    // Room for the first two new pages and half the third.
    try disk.fill(leaving: blocks(try size(1)) + blocks(try size(2)) + blocks(try size(3) / 2))
    let result = try layout(newSpec, to: pattern)
    #expect(result.status == 1, "\(result.standardError)")
    let named = pageNamed(
      in: result.standardError, folder: disk.folder, format: format, reason: reason(ENOSPC))
    #expect((1...6).contains(named ?? 0), "\(result.standardError)")
    #expect(!result.standardError.contains("wrote"), "\(result.standardError)")
    #expect(!result.standardError.contains("earlier run"), "\(result.standardError)")
    #expect(try pages(in: disk.folder, format: format) == before)
    #expect(try disk.listing() == names)

    // With room again, the same command writes every page.
    try disk.empty()
    let again = try layout(newSpec, to: pattern)
    #expect(again.status == 0, "\(again.standardError)")
    #expect(try pages(in: disk.folder, format: format) == expected)
    #expect(try disk.listing() == (1...6).map { "page-\($0).\(format)" }.sorted())
  }

  // A second run of fewer pages replaces only its own pages and names the later ones left from
  // the first run; on a full disk it replaces none, and says nothing of pages left over.
  @Test(
    "fewer pages than the previous run on a full disk: every previous page stays, no note",
    .enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"))
  func fewerPagesOnAFullDisk() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let disk = try SmallDisk(size: 16 << 20)
    defer { disk.unmount() }
    let oldSpec = try write(Self.report(rows: 180, tag: "Earlier"), "old.json", in: work)
    let newSpec = try write(Self.report(rows: 60, tag: "Later"), "new.json", in: work)
    let reference = work.appendingPathComponent("reference")
    try FileManager.default.createDirectory(at: reference, withIntermediateDirectories: true)
    let made = try layout(newSpec, to: reference.appendingPathComponent("page-%d.png"))
    #expect(made.status == 0, "\(made.standardError)")
    let expected = try pages(in: reference, format: "png")
    #expect(expected.count == 2, "\(expected.keys.sorted())")
    let firstSize = try Data(contentsOf: reference.appendingPathComponent("page-1.png")).count
    let secondSize = try Data(contentsOf: reference.appendingPathComponent("page-2.png")).count

    let pattern = disk.folder.appendingPathComponent("page-%d.png")
    let first = try layout(oldSpec, to: pattern, scale: 1)
    #expect(first.status == 0, "\(first.standardError)")
    let before = try pages(in: disk.folder, format: "png")
    #expect(before.count == 6, "\(before.keys.sorted())")
    let names = try disk.listing()
    try disk.fill(leaving: blocks(firstSize) + blocks(secondSize / 2))
    let result = try layout(newSpec, to: pattern)
    #expect(result.status == 1, "\(result.standardError)")
    let named = pageNamed(
      in: result.standardError, folder: disk.folder, format: "png", reason: reason(ENOSPC))
    #expect((1...2).contains(named ?? 0), "\(result.standardError)")
    #expect(!result.standardError.contains("earlier run"), "\(result.standardError)")
    #expect(try pages(in: disk.folder, format: "png") == before)
    #expect(try disk.listing() == names)

    // With room, the two new pages replace the first two, and the note names the other four.
    try disk.empty()
    let again = try layout(newSpec, to: pattern)
    #expect(again.status == 0, "\(again.standardError)")
    var after = before
    after[1] = expected[1]
    after[2] = expected[2]
    #expect(try pages(in: disk.folder, format: "png") == after)
    let page = { (number: Int) in disk.folder.appendingPathComponent("page-\(number).png").path }
    #expect(
      again.standardError.contains(
        "note: \(page(3)) … \(page(6)) are left from an earlier run (this run wrote 2 pages)"),
      "\(again.standardError)")
  }

  // The full disk's case without root: a file-size limit (`ulimit -f`) that the first two new
  // pages, nearly blank, stay under and the third, all text, goes over.
  @Test("a file-size limit at the third page keeps every previous page and adds no file")
  func fileSizeLimitAtALaterPage() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let oldSpec = try write(Self.report(rows: 90, tag: "Earlier"), "old.json", in: work)
    // 46 empty cells of 30 points fill two pages; 30 rows of text the third.
    let report = Self.report(rows: 30, tag: "Later")
    let newSpec = try write(
      report.replacingOccurrences(
        of: #""items": ["#,
        with: #""items": ["# + Array(repeating: #"{"size": [390, 30]},"#, count: 46).joined()),
      "new.json", in: work)
    let reference = work.appendingPathComponent("reference")
    let out = work.appendingPathComponent("out")
    for folder in [reference, out] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let made = try layout(newSpec, to: reference.appendingPathComponent("page-%d.png"))
    #expect(made.status == 0, "\(made.standardError)")
    let sizes = try (1...3).map {
      try Data(contentsOf: reference.appendingPathComponent("page-\($0).png")).count
    }
    #expect(try pages(in: reference, format: "png").count == 3)
    #expect(max(sizes[0], sizes[1]) < sizes[2] / 2, "\(sizes)")
    let limit = (max(sizes[0], sizes[1]) + sizes[2]) / 2 / 1024

    let first = try layout(oldSpec, to: out.appendingPathComponent("page-%d.png"), scale: 1)
    #expect(first.status == 0, "\(first.standardError)")
    let before = try pages(in: out, format: "png")
    let names = try listing(out)
    let pattern = out.appendingPathComponent("page-%d.png")
    let result = try shell(
      "ulimit -f \(limit); \(textflow) layout \(quoted(newSpec.path)) --page a4 "
        + "-o \(quoted(pattern.path))")
    #expect(result.status == 1, "\(result.standardError)")
    let third = out.appendingPathComponent("page-3.png").path
    #expect(
      result.standardError.contains("\(third): \(reason(EFBIG))"), "\(result.standardError)")
    #expect(try pages(in: out, format: "png") == before)
    #expect(try listing(out) == names)
  }

  // A page that cannot be replaced, another user's file in a sticky folder (as in /tmp): its
  // rename fails (EPERM) when the pages are renamed one after another, after the pages before
  // it were replaced: "cannot write page-3.png: Operation not permitted", exit 1, and new pages
  // 1 and 2 were left beside the previous 3 and 4; now they are swapped back. Root is needed to
  // own files as two users; the run itself is nobody's, as root may replace any file.
  @Test(
    "a page that cannot be replaced fails the run with every previous page as it was",
    .enabled(if: geteuid() == 0, "owning files as two users needs root"))
  func pageThatCannotBeReplaced() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    chmod(work.path, 0o755)
    let oldSpec = try write(Self.report(rows: 120, tag: "Earlier"), "old.json", in: work)
    let newSpec = try write(Self.report(rows: 180, tag: "Later"), "new.json", in: work)
    let out = work.appendingPathComponent("shared")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    chmod(out.path, 0o1777)
    let pattern = quoted(out.appendingPathComponent("page-%d.png").path)
    let asNobody =
      "setpriv --reuid=65534 --regid=65534 --clear-groups \(quoted(Executables.textflow.path))"
    let first = try shell(
      "\(asNobody) layout \(quoted(oldSpec.path)) --page a4 -o \(pattern)")
    #expect(first.status == 0, "\(first.standardError)")
    let third = out.appendingPathComponent("page-3.png")
    #expect(chown(third.path, 65533, 65533) == 0)
    let before = try pages(in: out, format: "png")
    #expect(before.count == 4, "\(before.keys.sorted())")
    let names = try listing(out)
    let result = try shell(
      "\(asNobody) layout \(quoted(newSpec.path)) --page a4 -o \(pattern)")
    #expect(result.status == 1, "\(result.standardError)")
    #expect(
      result.standardError.contains("\(third.path): \(reason(EPERM))"),
      "\(result.standardError)")
    #expect(try pages(in: out, format: "png") == before)
    #expect(try listing(out) == names)
  }

  @Test(
    "page files to a read-only disk exit 1 naming the first page; the previous pages stay",
    .enabled(if: SmallDisk.canMount, "mounting a tmpfs needs root"))
  func readOnlyDisk() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let disk = try SmallDisk(size: 16 << 20)
    defer { disk.unmount() }
    let spec = try write(Self.report(rows: 90, tag: "Row"), "report.json", in: work)
    let formats = ["png", "svg", "pdf"]
    for format in formats {
      let made = try layout(spec, to: disk.folder.appendingPathComponent("page-%d.\(format)"))
      #expect(made.status == 0, "\(made.standardError)")
    }
    let before = try formats.map { try pages(in: disk.folder, format: $0) }
    let names = try disk.listing()
    try disk.makeReadOnly()
    for format in formats {
      let result = try layout(spec, to: disk.folder.appendingPathComponent("page-%d.\(format)"))
      #expect(result.status == 1, "\(format): \(result.standardError)")
      let first = disk.folder.appendingPathComponent("page-1.\(format)").path
      #expect(
        result.standardError.contains("\(first): \(reason(EROFS))"),
        "\(format): \(result.standardError)")
    }
    #expect(try formats.map { try pages(in: disk.folder, format: $0) } == before)
    #expect(try disk.listing() == names)
  }

  @Test(
    "page files into a missing folder, or onto a directory at page 2, name the page",
    arguments: ["png", "svg", "pdf"])
  func missingFolderAndDirectoryInTheWay(format: String) throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let spec = try write(Self.report(rows: 90, tag: "Row"), "report.json", in: work)
    let missing = work.appendingPathComponent("no/such/page-%d.\(format)")
    var result = try layout(spec, to: missing, scale: 1)
    #expect(result.status == 1)
    let firstMissing = work.appendingPathComponent("no/such/page-1.\(format)").path
    #expect(
      result.standardError.contains("\(firstMissing): \(reason(ENOENT))"),
      "\(result.standardError)")
    #expect(try listing(work) == ["report.json"])

    // A previous run's pages, with a directory where page 2 goes.
    let out = work.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    result = try layout(spec, to: out.appendingPathComponent("page-%d.\(format)"), scale: 1)
    #expect(result.status == 0, "\(result.standardError)")
    let second = out.appendingPathComponent("page-2.\(format)")
    try FileManager.default.removeItem(at: second)
    try FileManager.default.createDirectory(at: second, withIntermediateDirectories: false)
    let before = try pages(in: out, format: format)
    #expect(before.count >= 2, "\(before.keys.sorted())")
    let names = try listing(out)
    let later = try write(Self.report(rows: 90, tag: "Later"), "later.json", in: work)
    result = try layout(later, to: out.appendingPathComponent("page-%d.\(format)"), scale: 1)
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("\(second.path): \(reason(EISDIR))"),
      "\(result.standardError)")
    #expect(try pages(in: out, format: format) == before)
    #expect(try listing(out) == names)
    #expect(try listing(second).isEmpty)
  }

  // A kill while the pages are drawn and written: the pages drawn so far wait in temporary
  // files, which the signal's handler removes; the previous pages stay.
  @Test(
    "SIGTERM or SIGINT while PNG pages are written keeps the previous pages, leaves no file",
    arguments: [SIGTERM, SIGINT])
  func signalWhilePagesAreWritten(signal: Int32) throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let small = try write(Self.report(rows: 90, tag: "Earlier"), "small.json", in: work)
    // 38 pages at 2 pixels a point: seconds of drawing after the first page.
    let long = try write(Self.report(rows: 1200, tag: "Later"), "long.json", in: work)
    let out = work.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    let first = try layout(small, to: out.appendingPathComponent("page-%d.png"), scale: 1)
    #expect(first.status == 0, "\(first.standardError)")
    let before = try pages(in: out, format: "png")
    let names = try listing(out)

    // Children of the test runner inherit its blocked and ignored signals; `env
    // --default-signal` starts the command with the signal delivered, as a shell would.
    let name = signal == SIGINT ? "INT" : "TERM"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "--default-signal=\(name)", Executables.textflow.path, "layout", long.path, "--page",
      "a4", "--scale", "2", "-o", out.appendingPathComponent("page-%d.png").path,
    ]
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Wait until a file of this run is in the folder, and a few pages more (0.15 s a page in
    // a debug build, 38 pages): the pages are being written.
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning, Date() < deadline, try listing(out) == names { usleep(2000) }
    let seen = try listing(out)
    usleep(500_000)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(seen != names, "the run had written nothing yet")
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
    #expect(try pages(in: out, format: "png") == before)
    #expect(try listing(out) == names)
  }

  // The pages are renamed over the previous ones one after another: a SIGTERM after the first
  // rename ended the process there, with new first pages beside old later ones (exit 143).
  // strace sends the signal as the second page is renamed.
  @Test(
    "a SIGTERM while the pages replace the previous ones leaves all new or all previous",
    .enabled(if: ProcessRunner.straceWorks, "strace cannot trace here"))
  func signalWhilePagesAreRenamed() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let oldSpec = try write(Self.report(rows: 120, tag: "Earlier"), "old.json", in: work)
    let newSpec = try write(Self.report(rows: 120, tag: "Later"), "new.json", in: work)
    let reference = work.appendingPathComponent("reference")
    let out = work.appendingPathComponent("out")
    for folder in [reference, out] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let made = try layout(newSpec, to: reference.appendingPathComponent("page-%d.png"), scale: 1)
    #expect(made.status == 0, "\(made.standardError)")
    let expected = try pages(in: reference, format: "png")
    let first = try layout(oldSpec, to: out.appendingPathComponent("page-%d.png"), scale: 1)
    #expect(first.status == 0, "\(first.standardError)")
    let before = try pages(in: out, format: "png")
    #expect(before.count == 4 && expected.count == 4, "\(before.keys.sorted())")
    #expect(before.allSatisfy { expected[$0.key] != $0.value }, "every page changes")

    // `rename` on x86-64, `renameat` or `renameat2` where there is no `rename`.
    let renames = "/^rename(at2?)?$"
    let result = try shell(
      "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" strace -f -qq -o /dev/null "
        + "-e trace='\(renames)' -e inject='\(renames):signal=SIGTERM:when=2' "
        + "env --default-signal=TERM \(textflow) layout \(quoted(newSpec.path)) --page a4 "
        + "--scale 1 -o \(quoted(out.appendingPathComponent("page-%d.png").path)); echo $?")
    // The status the shell saw: the command ended by the signal.
    #expect(result.standardOutput == "\(128 + SIGTERM)\n", "\(result.standardError)")
    let after = try pages(in: out, format: "png")
    #expect(
      after == expected || after == before,
      "new pages \(after.filter { expected[$0.key] == $0.value }.keys.sorted())")
    #expect(try listing(out) == (1...4).map { "page-\($0).png" }.sorted())
  }

  // labels' sheets and report replace the previous ones together: a SIGTERM at the first
  // rename left the new first sheet beside the previous report, without the new sheets 2, 3.
  @Test(
    "labels: a SIGTERM while the sheets and report replace the previous ones: all or none",
    .enabled(if: ProcessRunner.straceWorks, "strace cannot trace here"))
  func signalWhileSheetsAndReportAreRenamed() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    func records(_ count: Int, _ tag: String) -> String {
      (["name,city"] + (1...count).map { "\(tag) \($0),Leeds" }).joined(separator: "\n")
    }
    let few = try write(records(10, "Earlier"), "few.csv", in: work)
    // Three sheets of 21.
    let many = try write(records(60, "Later"), "many.csv", in: work)
    let reference = work.appendingPathComponent("reference")
    let out = work.appendingPathComponent("out")
    for folder in [reference, out] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    func labels(_ records: URL, into folder: URL) -> String {
      "\(textflow) labels \(quoted(records.path)) --template 'Avery L7160' "
        + "-o \(quoted(folder.appendingPathComponent("s-%d.png").path)) "
        + "--report \(quoted(folder.appendingPathComponent("r.json").path))"
    }
    func contents(_ folder: URL) throws -> [String: String] {
      var files: [String: String] = [:]
      for name in try listing(folder) {
        files[name] = try ProcessRunner.sha256(of: folder.appendingPathComponent(name))
      }
      return files
    }
    let made = try shell(labels(many, into: reference))
    #expect(made.status == 0, "\(made.standardError)")
    let expected = try contents(reference)
    #expect(expected.keys.sorted() == ["r.json", "s-1.png", "s-2.png", "s-3.png"])
    let first = try shell(labels(few, into: out))
    #expect(first.status == 0, "\(first.standardError)")
    let before = try contents(out)
    #expect(before.keys.sorted() == ["r.json", "s-1.png"])

    let renames = "/^rename(at2?)?$"
    let result = try shell(
      "ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0\" strace -f -qq -o /dev/null "
        + "-e trace='\(renames)' -e inject='\(renames):signal=SIGTERM:when=1' "
        + "env --default-signal=TERM "
        + labels(many, into: out) + "; echo $?")
    #expect(result.standardOutput == "\(128 + SIGTERM)\n", "\(result.standardError)")
    let after = try contents(out)
    #expect(after == expected || after == before, "\(after.keys.sorted())")
  }

  // Standard output gets a PNG through a temporary file in TMPDIR; a reader that takes its
  // first bytes and goes away ends the command as SIGPIPE does, and the file is gone.
  @Test("a PNG to a reader that goes away: SIGPIPE's status, quiet, TMPDIR left empty")
  func pngToABrokenPipe() throws {
    let work = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: work) }
    let temporary = work.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let spec = try write(Self.report(rows: 30, tag: "Row"), "one.json", in: work)
    // Both ways to one PNG: a page of A4, and the whole layout as one picture. Each is more
    // than twice a pipe's 64 KiB, so that the reader is gone before the last write.
    for options in ["--page a4", ""] {
      let file = work.appendingPathComponent("whole.png")
      let made = try shell(
        "\(textflow) layout \(quoted(spec.path)) \(options) -o \(quoted(file.path))")
      #expect(made.status == 0, "\(made.standardError)")
      #expect(try Data(contentsOf: file).count > 2 << 16)
      try FileManager.default.removeItem(at: file)
      let result = try shell(
        "\(textflow) layout \(quoted(spec.path)) \(options) -o - --format png "
          + "| head -c 100 > /dev/null; echo ${PIPESTATUS[0]}",
        environment: ["TMPDIR": temporary.path])
      #expect(result.standardOutput == "\(128 + SIGPIPE)\n", "\(options)")
      #expect(result.standardError.isEmpty, "\(options): \(result.standardError)")
      #expect(try listing(temporary).isEmpty)
    }
  }
}

/// `bytes` rounded up to whole 4 KiB blocks, the tmpfs's unit.
private func blocks(_ bytes: Int) -> Int { (bytes + 4095) / 4096 * 4096 }
