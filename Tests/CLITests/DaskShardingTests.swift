// Scale-out on a real engine: scripts/textflow-dask shards `measure --jsonl` and `layout` over a
// Dask LocalCluster of two worker processes, and the sharded output must equal one process's byte
// for byte. Dask is an optional peer: without python3 and `distributed` the suite is skipped, and
// says so.
import Foundation
import TestSupport
import Testing

/// Whether python3 can import Dask's `distributed` (checked once).
private let daskIsInstalled: Bool = {
  let found =
    (try? ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import distributed"]))?.status
    == 0
  if !found {
    print("note: skipping the Dask sharding tests: `python3 -m pip install 'dask[distributed]'`")
  }
  return found
}()

@Suite(
  "textflow over Dask (scripts/textflow-dask)",
  .enabled(
    if: daskIsInstalled, "python3 with Dask's distributed is not installed"))
struct DaskShardingTests {

  static let script = Fixtures.packageRoot.appendingPathComponent("scripts/textflow-dask")

  /// The bench corpus's requests, with lines the stream answers with errors in the middle: the
  /// sharded errors must name the same line numbers as one process's.
  static func requests() throws -> Data {
    let corpus = Fixtures.packageRoot.appendingPathComponent("Benchmarks/corpus")
    var data = Data()
    for name in ["labels", "names", "tags"] {
      data.append(try Data(contentsOf: corpus.appendingPathComponent("\(name).jsonl")))
    }
    data.append(Data([0xFF, 0xFE, 0x20, 0x0A, 0x0A]))  // not UTF-8, then a blank line
    data.append(Data("{\"id\": \"no text\", \"size\": 12}\n".utf8))
    data.append(try Data(contentsOf: corpus.appendingPathComponent("labels.jsonl")))
    return data
  }

  @Test("measure --jsonl sharded in uneven partitions equals one process byte for byte")
  func measureSharded() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.jsonl")
    let output = directory.appendingPathComponent("out.jsonl")
    let requests = try Self.requests()
    try requests.write(to: input)

    let single = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl"], input: requests)
    #expect(single.status == 0, "stderr: \(single.standardError)")

    // 997 lines a partition: partitions start mid-corpus, and one starts after the bad line.
    let sharded = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      [
        "python3", Self.script.path, "measure", input.path, output.path, "--local", "2",
        "--binary", Executables.textflow.path, "--lines-per-partition", "997",
      ])
    #expect(sharded.status == 0, "stderr: \(sharded.standardError)")
    let shardedOutput = try Data(contentsOf: output)
    #expect(firstDifference(shardedOutput, single.standardOutputData) == nil)
    // The error lines are there, numbered as in the whole input (not as in their partition).
    let lines = String(decoding: shardedOutput, as: UTF8.self).split(separator: "\n")
    let requestLines = String(decoding: requests, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let badLine = requestLines.firstIndex { $0.hasPrefix("\u{FFFD}") }.map { $0 + 1 }
    #expect(badLine != nil)
    #expect(lines.contains { $0.contains("\"line \(badLine ?? 0) is not valid UTF-8") })
    #expect(lines.contains { $0.hasPrefix("{\"id\":\"no text\",\"error\"") })
  }

  @Test("layout specs sharded over the workers equal `textflow layout` of each")
  func layoutSharded() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let examples = Fixtures.packageRoot.appendingPathComponent("examples")
    let specs = ["witch-dialogue.json", "fixed-sizes.json", "report-cards.json"].map {
      examples.appendingPathComponent($0)
    }
    let outputs = directory.appendingPathComponent("out")
    let sharded = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["python3", Self.script.path, "layout"] + specs.map(\.path) + [
        "--out-dir", outputs.path, "--local", "2", "--binary", Executables.textflow.path,
      ])
    #expect(sharded.status == 0, "stderr: \(sharded.standardError)")
    for spec in specs {
      let single = directory.appendingPathComponent("single-" + spec.lastPathComponent)
      let run = try ProcessRunner.run(
        Executables.textflow, ["layout", spec.path, "-o", single.path])
      #expect(run.status == 0, "stderr: \(run.standardError)")
      let shardedFile = outputs.appendingPathComponent(spec.lastPathComponent)
      #expect(try Data(contentsOf: shardedFile) == Data(contentsOf: single))
    }
  }

  @Test("a shard numbers its lines from --first-line, and a bad value is refused")
  func firstLine() throws {
    let bad = Data([0xFF, 0x0A])
    let shifted = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl", "--first-line", "41"], input: bad)
    #expect(shifted.status == 0)
    #expect(shifted.standardOutput.contains("\"line 41 is not valid UTF-8"))
    let refused = try ProcessRunner.run(
      Executables.textflow, ["measure", "--jsonl", "--first-line", "0"], input: bad)
    #expect(refused.status == 2)
    #expect(refused.standardError.contains("--first-line needs a whole number ≥ 1"))
  }
}
