// The progress bar: drawn on standard error only when it is a terminal (checked on a pseudo-
// terminal made by util-linux's `script`), never when it is a pipe.
import Foundation
import TestSupport
import Testing

@Suite("Progress on standard error")
struct ProgressTests {
  let addresses = Fixtures.packageRoot.appendingPathComponent("examples/addresses.txt").path

  @Test(
    "a many-page PDF shows a bar on a terminal",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func terminal() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("sheets.pdf").path
    // `script -qec CMD /dev/null` runs CMD with a pseudo-terminal as its stdin/stdout/stderr
    // and copies what it writes to our stdout. The bar normally waits a second of work; the
    // environment variable shortens that for the test.
    let command = "'\(Executables.textflow.path)' grid '\(addresses)' --sheet l7160 -o '\(out)'"
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
      environment: ["TEXTFLOW_PROGRESS_AFTER": "0"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\rrendering ["))
    #expect(result.standardOutput.contains("] 3/3"))
  }

  @Test("no bar when standard error is a pipe")
  func pipe() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("sheets.pdf").path
    let result = try ProcessRunner.run(
      Executables.textflow, ["grid", addresses, "--sheet", "l7160", "-o", out],
      environment: ["TEXTFLOW_PROGRESS_AFTER": "0"])
    #expect(result.status == 0)
    #expect(!result.standardError.contains("\r"))
    #expect(result.standardError.hasPrefix("wrote \(out)"))
  }

  /// A text spec of `count` items in a file in `directory`.
  func longSpec(_ count: Int, in directory: URL) throws -> String {
    let texts = (0..<count).map { "\"item \($0) of a long list\"" }.joined(separator: ",")
    let url = directory.appendingPathComponent("long.json")
    try Data(
      "{\"collectionView\": {\"size\": [375, 667]}, \"sections\": [{\"texts\": [\(texts)]}]}".utf8
    ).write(to: url)
    return url.path
  }

  @Test(
    "layout, grid, cloud and labels say what they lay out on a terminal",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func layingOutOnTerminal() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = try longSpec(3000, in: directory)
    let words = Fixtures.packageRoot.appendingPathComponent("examples/macbeth-act1-scene1.txt").path
    let contacts = Fixtures.packageRoot.appendingPathComponent("examples/contacts.csv").path
    let tool = Executables.textflow.path
    for (command, label) in [
      ("'\(tool)' layout '\(spec)' > /dev/null", "\rlaying out… "),
      ("'\(tool)' grid '\(addresses)' > /dev/null", "\rlaying out "),
      ("'\(tool)' cloud '\(words)' > /dev/null", "\rlaying out "),
      ("'\(tool)' labels '\(contacts)' --template 'Avery L7160' > /dev/null", "\rfitting sheets ["),
    ] {
      let result = try ProcessRunner.run(
        URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
        environment: ["TEXTFLOW_PROGRESS_AFTER": "0"])
      #expect(result.status == 0)
      #expect(result.standardOutput.contains(label), "\(command)")
      // The line is cleared when the work ends.
      #expect(result.standardOutput.contains("\r\u{1B}[K"), "\(command)")
    }
  }

  @Test("layout draws nothing on standard error when it is a pipe")
  func layingOutThroughPipe() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = try longSpec(3000, in: directory)
    let result = try ProcessRunner.run(
      Executables.textflow, ["layout", spec], environment: ["TEXTFLOW_PROGRESS_AFTER": "0"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
  }
}
