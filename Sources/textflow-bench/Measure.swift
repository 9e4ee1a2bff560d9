// Timing, statistics and machine facts for the benchmark: medians over repeated runs after a
// warm-up, with the spread, and resident memory from /proc.
import Foundation
import Synchronization

/// The statistics of one figure's repeated runs, in nanoseconds per operation.
struct Sample: Sendable {
  var median: Double
  var minimum: Double
  var maximum: Double
  /// The 25th and 75th percentiles.
  var lowerQuartile: Double
  var upperQuartile: Double
  var runs: Int

  init(_ values: [Double]) {
    let sorted = values.sorted()
    func quantile(_ q: Double) -> Double {
      sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * q).rounded()))]
    }
    median = quantile(0.5)
    minimum = sorted.first ?? 0
    maximum = sorted.last ?? 0
    lowerQuartile = quantile(0.25)
    upperQuartile = quantile(0.75)
    runs = sorted.count
  }

  /// Half the interquartile range relative to the median, in percent.
  var spreadPercent: Double {
    median > 0 ? (upperQuartile - lowerQuartile) / 2 / median * 100 : 0
  }

  var json: [String: Any] {
    [
      "median_ns": median, "min_ns": minimum, "max_ns": maximum, "p25_ns": lowerQuartile,
      "p75_ns": upperQuartile, "runs": runs,
    ]
  }
}

/// Monotonic nanoseconds.
@inline(__always) func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Runs `body` `warmup` times untimed, then `runs` times timed, and returns the time per
/// operation (`operations` operations per call of `body`).
func measure(runs: Int, warmup: Int = 1, operations: Int, _ body: () -> Void) -> Sample {
  measure(runs: runs, warmup: warmup, operations: operations, setup: {}, body: body)
}

/// `measure(runs:warmup:operations:_:)` with `setup` run untimed before each call of `body`.
func measure(
  runs: Int, warmup: Int = 1, operations: Int, setup: () -> Void, body: () -> Void
) -> Sample {
  for _ in 0..<warmup {
    setup()
    body()
  }
  var values = [Double]()
  values.reserveCapacity(runs)
  for _ in 0..<runs {
    setup()
    let start = now()
    body()
    values.append(Double(now() - start) / Double(max(1, operations)))
  }
  return Sample(values)
}

/// The ratios of two timings taken back to back, `runs` times after one untimed call of each:
/// `first`'s time over `second`'s in each pair (read their median). On a shared virtual machine
/// whose speed drifts by tens of percent from one second to the next, two medians taken a minute
/// apart give a ratio that drifts with it; a pair timed together shares the machine's state.
/// Each side of a pair is repeated until `first` takes about 20 ms (one interruption moved a pass
/// of a thousand short labels, a few milliseconds, by half), and every other pair is timed in the
/// opposite order, so that a drift within a pair favours neither. `second` returns its own time
/// in nanoseconds when it measures itself (another process, not repeated), or nil to be timed
/// here.
func pairedRatios(runs: Int, _ first: () -> Void, _ second: () -> UInt64?) -> [Double] {
  let probe = now()
  first()
  let once = max(1, now() - probe)
  let repeats = second() == nil ? Int(max(1, 20_000_000 / once)) : 1
  func time(_ body: () -> Void) -> Double {
    let start = now()
    for _ in 0..<repeats { body() }
    return Double(now() - start)
  }
  func timeSecond() -> Double {
    var reported: UInt64?
    let measured = time { reported = second() }
    // Not `map(Double.init)`: that unapplied reference is `init(bitPattern:)` for a UInt64.
    return reported.map { Double($0) } ?? measured
  }
  var ratios = [Double]()
  ratios.reserveCapacity(runs)
  for run in 0..<runs {
    var firstTime = 0.0
    var secondTime = 0.0
    if run % 2 == 0 {
      firstTime = time(first)
      secondTime = timeSecond()
    } else {
      secondTime = timeSecond()
      firstTime = time(first)
    }
    if firstTime > 0, secondTime > 0 { ratios.append(firstTime / secondTime) }
  }
  return ratios
}

/// Keeps results alive so the optimizer cannot drop the work that made them.
let blackHole = Atomic<Int>(0)
@inline(never) func consume(_ value: Int) { blackHole.wrappingAdd(value, ordering: .relaxed) }

/// Facts about the machine and the moment, printed with the figures.
enum Machine {
  static var processorCount: Int { ProcessInfo.processInfo.activeProcessorCount }

  static var cpuModel: String {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return "unknown"
    }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      return line.split(separator: ":", maxSplits: 1).last.map {
        $0.trimmingCharacters(in: .whitespaces)
      } ?? "unknown"
    }
    return "unknown"
  }

  /// The 1-, 5- and 15-minute load averages.
  static var loadAverage: [Double] {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return []
    }
    return text.split(separator: " ").prefix(3).compactMap { Double($0) }
  }

  /// The CPU time the hypervisor gave other guests while this machine's CPUs had work, summed
  /// over the CPUs since boot, in seconds ("steal" in /proc/stat); nil where it is not told.
  /// Stolen time is not the process's CPU time, but it stretches wall times: a figure timed
  /// while it grew was not taken on idle cores.
  static var stolenSeconds: Double? {
    guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
      let line = text.split(separator: "\n").first, line.hasPrefix("cpu ")
    else { return nil }
    // user nice system idle iowait irq softirq steal …, in USER_HZ ticks (100 a second).
    let fields = line.split(separator: " ").dropFirst().compactMap { Double($0) }
    return fields.count > 7 ? fields[7] / 100 : nil
  }

  /// The seconds stolen since `start` (an earlier `stolenSeconds`), or nil when either is.
  static func stolenSeconds(since start: Double?) -> Double? {
    stolenSeconds.flatMap { end in start.map { end - $0 } }
  }

  /// A field of /proc/self/status in bytes ("VmRSS", "VmHWM").
  static func statusBytes(_ field: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return 0
    }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
      let number = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first
      return (number.flatMap { Int($0) } ?? 0) * 1024
    }
    return 0
  }

  /// Resident memory now.
  static var residentBytes: Int { statusBytes("VmRSS") }
  /// Peak resident memory since the start or since the last `resetPeak()`.
  static var peakResidentBytes: Int { statusBytes("VmHWM") }

  /// Returns freed heap memory to the system (glibc `malloc_trim`), so that resident-memory
  /// differences measure what is kept rather than what the allocator held on to.
  static func releaseFreeMemory() {
    #if os(Linux)
      _ = mallocTrim(0)
    #endif
  }

  /// Resets the peak resident memory to the current one (Linux: "5" to clear_refs).
  static func resetPeak() {
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
      handle.write(Data("5".utf8))
      try? handle.close()
    }
  }

  static var date: String {
    let formatter = ISO8601DateFormatter()
    return formatter.string(from: Date())
  }
}

/// "12.3 µs", "850 ns", "1.20 ms".
func formatTime(_ nanoseconds: Double) -> String {
  if nanoseconds >= 1e9 { return String(format: "%.2f s", nanoseconds / 1e9) }
  if nanoseconds >= 1e6 { return String(format: "%.2f ms", nanoseconds / 1e6) }
  if nanoseconds >= 1e4 { return String(format: "%.1f µs", nanoseconds / 1e3) }
  if nanoseconds >= 1e3 { return String(format: "%.2f µs", nanoseconds / 1e3) }
  return String(format: "%.0f ns", nanoseconds)
}

/// "1.5 MB", "830 kB".
func formatBytes(_ bytes: Double) -> String {
  if abs(bytes) >= 1e6 { return String(format: "%.1f MB", bytes / 1e6) }
  if abs(bytes) >= 1e3 { return String(format: "%.0f kB", bytes / 1e3) }
  return String(format: "%.0f B", bytes)
}

#if os(Linux)
  /// glibc's `int malloc_trim(size_t pad)`, which the Glibc module does not export.
  @_silgen_name("malloc_trim")
  func mallocTrim(_ pad: Int) -> Int32
#endif
