// `--strict` refuses an output before it is committed, and `textflow fonts` writes through the
// checked writer. The truth: the bytes of the previous file (compared whole), the bytes on
// standard output, the exit status a shell sees and the system's words for the error.
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

@Suite("--strict leaves outputs alone; fonts reports write errors")
struct StrictOutputTests {
  /// Ethiopic, which no bundled font has.
  static let uncovered = "ሰላም"

  /// The arguments of `command` reading the Ethiopic input in `folder` (made here), writing
  /// `output` (a path, or nil for standard output).
  static func arguments(_ command: String, folder: URL, output: String?) throws -> [String] {
    let out = output.map { ["-o", $0] } ?? []
    switch command {
    case "grid", "cloud":
      let words = folder.appendingPathComponent("words.txt")
      try "\(uncovered)\nplain\n".write(to: words, atomically: true, encoding: .utf8)
      return [command, words.path] + out
    case "labels":
      let data = folder.appendingPathComponent("names.csv")
      try "name\n\(uncovered)\nplain\n".write(to: data, atomically: true, encoding: .utf8)
      return ["labels", data.path, "--template", "Avery 5160"]
        + (output.map { ["-o", $0] } ?? ["-o", "-", "--format", "json"])
    case "layout":
      let spec = folder.appendingPathComponent("spec.json")
      try
        #"{"collectionView": {"size": [375, 667]}, "sections": [{"texts": ["\#(uncovered)", "plain"]}]}"#
        .write(to: spec, atomically: true, encoding: .utf8)
      return ["layout", spec.path] + out
    default:
      return ["measure", uncovered]
    }
  }

  @Test(
    "a failing --strict run keeps the previous file, writes nothing to stdout, names the character",
    arguments: [
      ("grid", "pdf"), ("grid", nil), ("cloud", "svg"), ("cloud", nil), ("labels", "pdf"),
      ("labels", nil), ("layout", "png"), ("layout", nil), ("measure", nil),
    ] as [(String, String?)])
  func strictKeepsOutput(command: String, format: String?) throws {
    let folder = try Fixtures.temporaryDirectory("strict")
    defer { try? FileManager.default.removeItem(at: folder) }
    let output = format.map { folder.appendingPathComponent("out.\($0)") }
    let previous = Data("the last good file\n".utf8)
    if let output { try previous.write(to: output) }
    let arguments = try Self.arguments(command, folder: folder, output: output?.path)

    let strict = try ProcessRunner.run(Executables.textflow, arguments + ["--strict"])
    #expect(strict.status == 1, "\(strict.standardError)")
    #expect(strict.standardOutputData.isEmpty, "\(strict.standardOutput.prefix(200))")
    #expect(strict.standardError.contains("error: no font has a glyph for"))
    #expect(strict.standardError.contains("U+1230 'ሰ'"), "\(strict.standardError)")
    // Said once, not again as the run's closing warning.
    #expect(strict.standardError.components(separatedBy: "no font has").count == 2)
    if let output {
      #expect(try Data(contentsOf: output) == previous)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy {
          !$0.hasPrefix(".")
        })
    }

    let lenient = try ProcessRunner.run(Executables.textflow, arguments)
    #expect(lenient.status == 0, "\(lenient.standardError)")
    #expect(lenient.standardError.contains("warning: no font has a glyph for"))
    if let output {
      #expect(try Data(contentsOf: output) != previous)
    } else {
      #expect(!lenient.standardOutputData.isEmpty)
    }
  }

  @Test(
    "fonts, and every command's --help, to a full device or a closed standard output exits 1 with the system's reason"
  )
  func fontsWriteErrors() throws {
    let textflow = quoted(Executables.textflow.path)
    let helps = ["measure", "layout", "cloud", "grid", "labels", "templates", "demo"].map {
      "\($0) --help"
    }
    for arguments in ["fonts", "fonts --system", "fonts --help"] + helps {
      let command = arguments.split(separator: " ")[0]
      let full = try shell("\(textflow) \(arguments) > /dev/full")
      #expect(full.status == 1, "\(arguments)")
      #expect(
        full.standardError.contains(
          "textflow \(command): cannot write to standard output: \(reason(ENOSPC))"),
        "\(arguments): \(full.standardError)")
      let closed = try shell("\(textflow) \(arguments) >&-")
      #expect(closed.status == 1, "\(arguments)")
      #expect(closed.standardError.contains("cannot write to standard output"), "\(arguments)")
    }
  }

  @Test("fonts to a pipe whose reader has gone ends as measure does: SIGPIPE's status, no message")
  func fontsBrokenPipe() throws {
    let textflow = quoted(Executables.textflow.path)
    // The reader (true) has exited before the command writes.
    for command in ["fonts", "fonts --system", "measure hello"] {
      let result = try shell(
        "(sleep 0.3; exec \(textflow) \(command)) | true; echo ${PIPESTATUS[0]}")
      #expect(result.standardOutput == "\(128 + SIGPIPE)\n", "\(command)")
      #expect(result.standardError.isEmpty, "\(command): \(result.standardError)")
    }
  }
}
