// textflow-bench: release-build benchmarks that print figures (never timed unit tests).
//
// Run through scripts/bench (builds release, builds the Pango peer when Pango is installed, writes
// Benchmarks/results/latest.json). Every figure is a median over repeated runs after a warm-up,
// with the spread (half the interquartile range). Figures and targets: Benchmarks/README.md.
import Foundation
import TextEngine

let usage = """
  usage: textflow-bench [--runs N] [--only text,floor,pango,parallel,layout,selfsizing]
                        [--pango PATH] [--json PATH] [--corpus DIR] [--quick]
    --runs N      timed runs per figure (default 7; --quick: 3)
    --only LIST   run only these groups (default: all)
    --pango PATH  the pango-peer binary built by scripts/bench (else the peer is skipped)
    --json PATH   write the figures as JSON (default Benchmarks/results/latest.json)
    --corpus DIR  the corpus (default Benchmarks/corpus)
    --quick       fewer runs and smaller layout sizes (for a smoke test)
    --cloud WORDS.txt W H  time one packed word cloud (Benchmarks/cloud/compare.py)
    --huge BYTES[:MODE]  one text of BYTES bytes measured once (MODE measure or layout):
                  peak and retained resident memory (run one size per process)
    --profile MODE:KIND[:PASSES]  only lay out one corpus kind in a loop, for callgrind/perf
                  (default 3 passes; MODE: cold, first (a new typesetter's first passes,
                  default caches), warm, hit, width, or floor for bare hb_shape of
                  each whole text; cold-batch, warm-batch, hit-batch, width-batch lay the texts
                  out through layouts(for:) on all cores; measure: Typesetter.measure, caches
                  off; rewrap: ShapedText.measure at a new width a pass; remeasure:
                  Typesetter.measure at a new width a pass, preparations cached; KIND: a prefix
                  of tags, names, labels, cloud, sentences, paragraphs)
  """

var runs = 7
var groups: Set<String> = ["text", "floor", "pango", "parallel", "layout", "selfsizing"]
var pangoPath: String? = nil
var jsonPath = "Benchmarks/results/latest.json"
var corpusPath = "Benchmarks/corpus"
var quick = false
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
  let argument = arguments.removeFirst()
  func next() -> String {
    guard !arguments.isEmpty else {
      FileHandle.standardError.write(
        Data("textflow-bench: \(argument) needs a value\n\(usage)\n".utf8))
      exit(2)
    }
    return arguments.removeFirst()
  }
  switch argument {
  case "--runs": runs = max(1, Int(next()) ?? 7)
  case "--only": groups = Set(next().split(separator: ",").map(String.init))
  case "--pango": pangoPath = next()
  case "--json": jsonPath = next()
  case "--corpus": corpusPath = next()
  case "--profile":
    let parts = next().split(separator: ":").map(String.init)
    let fonts = try FontCollection.bundled()
    let kinds = try Corpus.kinds(
      directory: URL(fileURLWithPath: corpusPath, isDirectory: true), fonts: fonts)
    guard parts.count >= 2, let kind = kinds.first(where: { $0.name.hasPrefix(parts[1]) }) else {
      print(usage)
      exit(2)
    }
    TextBench.profile(
      mode: parts[0], kind: kind, fonts: fonts, passes: parts.count > 2 ? Int(parts[2]) ?? 3 : 3)
    exit(0)
  case "--cloud":
    // --cloud WORDS.txt WIDTH HEIGHT: one packed-cloud figure as JSON (Benchmarks/cloud).
    let file = next()
    let width = Double(next()) ?? 800
    let height = Double(next()) ?? 400
    try CloudBench.run(wordsFile: file, width: width, height: height, runs: runs)
    exit(0)
  case "--huge":
    // --huge BYTES[:measure|layout]: one huge text's peak and retained memory.
    let parts = next().split(separator: ":").map(String.init)
    HugeTextBench.run(
      bytes: Int(parts[0]) ?? 1_500_000, mode: parts.count > 1 ? parts[1] : "measure",
      fonts: try FontCollection.bundled())
    exit(0)
  case "--quick":
    quick = true
    runs = 3
  case "--help", "-h":
    print(usage)
    exit(0)
  default:
    FileHandle.standardError.write(
      Data("textflow-bench: unknown argument \(argument)\n\(usage)\n".utf8))
    exit(2)
  }
}

let started = now()
let startLoad = Machine.loadAverage
let startStolen = Machine.stolenSeconds
print("# textflow-bench")
print(
  "machine: \(Machine.processorCount) cores, \(Machine.cpuModel); load average at start "
    + startLoad.map { String(format: "%.2f", $0) }.joined(separator: " ") + "; \(Machine.date)")
#if DEBUG
  print("warning: a debug build; figures are meaningless (use scripts/bench or -c release)")
#endif

let report = Report()
let fonts = try FontCollection.bundled()

if !groups.isDisjoint(with: ["text", "floor", "pango", "parallel"]) {
  let kinds = try Corpus.kinds(
    directory: URL(fileURLWithPath: corpusPath, isDirectory: true), fonts: fonts)
  var bench = TextBench(fonts: fonts, kinds: kinds, runs: runs, report: report)
  Machine.resetPeak()
  let residentBefore = Machine.residentBytes
  if groups.contains("text") { bench.run() }
  if groups.contains("floor") { bench.runFloor() }
  if groups.contains("pango") { bench.runPango(peer: pangoPath) }
  if groups.contains("parallel") { bench.runParallel() }
  report.section("Memory: text measurement")
  report.value(
    "peak resident during the text figures", Double(Machine.peakResidentBytes),
    text: formatBytes(Double(Machine.peakResidentBytes)),
    note: "resident before: \(formatBytes(Double(residentBefore)))")
  bench.reportCacheMemory()
  bench.addTargets()
  if groups.contains("text") && groups.contains("floor") { bench.addIssue17Targets() }
}

if groups.contains("layout") {
  var bench = LayoutBench(runs: runs, report: report, quick: quick)
  bench.run()
  bench.addTargets()
}

if groups.contains("selfsizing") {
  let directory = URL(fileURLWithPath: corpusPath, isDirectory: true)
  let texts =
    try Corpus.load("labels.jsonl", from: directory, fonts: fonts).map(\.text)
    + Corpus.load("sentences.jsonl", from: directory, fonts: fonts).map(\.text)
  var bench = SelfSizingBench(
    fonts: fonts, texts: texts, runs: runs, report: report, count: quick ? 100_000 : 1_000_000)
  try bench.run()
  bench.addTargets()
}

report.printTargets()
let endLoad = Machine.loadAverage
let elapsed = Double(now() - started) / 1e9
let stolen = Machine.stolenSeconds(since: startStolen)
print(
  String(format: "\nelapsed %.1f s; load average at end ", elapsed)
    + endLoad.map { String(format: "%.2f", $0) }.joined(separator: " ")
    + (stolen.map {
      String(
        format: "; CPU time stolen by the hypervisor: %.2f s (%.1f %% of the cores' time)", $0,
        100 * $0 / (elapsed * Double(Machine.processorCount)))
    } ?? ""))
var machine: [String: Any] = [
  "cores": Machine.processorCount, "cpu": Machine.cpuModel, "load_start": startLoad,
  "load_end": endLoad, "date": Machine.date, "runs": runs, "quick": quick,
  "elapsed_s": elapsed,
]
if let stolen { machine["stolen_s"] = stolen }
do {
  try report.write(to: jsonPath, machine: machine)
  print("figures written to \(jsonPath)")
} catch {
  FileHandle.standardError.write(Data("textflow-bench: cannot write \(jsonPath): \(error)\n".utf8))
}
