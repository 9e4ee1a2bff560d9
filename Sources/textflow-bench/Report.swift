// The benchmark's output: a readable table on standard output and the same figures as JSON.
import Foundation

/// Collects figures as they are measured, prints each row at once, and writes JSON at the end.
final class Report {
  private var figures: [[String: Any]] = []
  private var targets: [[String: Any]] = []
  private var currentSection = ""

  /// Starts a titled group of rows.
  func section(_ title: String) {
    currentSection = title
    print("\n## \(title)")
    print(
      "  " + "figure".padding(toLength: 58, withPad: " ", startingAt: 0) + "median".leftPad(12)
        + "   spread   note")
    flushOutput()
  }

  /// A timed figure: per-operation time with its spread, and an optional rate and note.
  func time(
    _ name: String, _ sample: Sample, unit: String = "", perSecond: Bool = false,
    note: String = "", extra: [String: Any] = [:]
  ) {
    var text = formatTime(sample.median) + unit
    if perSecond { text += "  (\(formatRate(1e9 / sample.median))/s)" }
    let spread = String(format: "±%4.1f%%", sample.spreadPercent)
    print(
      "  " + name.padding(toLength: 58, withPad: " ", startingAt: 0) + text.leftPad(12) + "   "
        + spread + "   " + note)
    flushOutput()
    var entry = sample.json
    entry["section"] = currentSection
    entry["name"] = name
    if perSecond { entry["per_second"] = 1e9 / sample.median }
    if !note.isEmpty { entry["note"] = note }
    entry.merge(extra) { $1 }
    figures.append(entry)
  }

  /// A figure that is not a time (bytes, ratios, counts).
  func value(_ name: String, _ value: Double, text: String, note: String = "") {
    print(
      "  " + name.padding(toLength: 58, withPad: " ", startingAt: 0) + text.leftPad(12)
        + "            " + note)
    flushOutput()
    var entry: [String: Any] = ["section": currentSection, "name": name, "value": value]
    if !note.isEmpty { entry["note"] = note }
    figures.append(entry)
  }

  /// A ratio's sample (`pairedRatios`): its median, with its quartiles and count as the note,
  /// and `remark` after them.
  func ratio(_ name: String, _ sample: Sample, remark: String = "") {
    value(
      name, sample.median, text: String(format: "%.2f×", sample.median),
      note: String(
        format: "quartiles %.2f–%.2f×, %d pairs", sample.lowerQuartile, sample.upperQuartile,
        sample.runs) + (remark.isEmpty ? "" : "; " + remark))
  }

  /// A line of explanation under the current section.
  func note(_ text: String) {
    print("  · \(text)")
    flushOutput()
  }

  /// A target, met or not, with the measured value.
  func target(_ name: String, met: Bool?, measured: String) {
    targets.append(["target": name, "met": met.map { $0 as Any } ?? NSNull(), "measured": measured])
  }

  /// Prints the targets table.
  func printTargets() {
    print("\n## Targets")
    for target in targets {
      let met = target["met"] as? Bool
      let mark = met == nil ? "n/a " : (met! ? "MET " : "MISS")
      print("  [\(mark)] \(target["target"]!): \(target["measured"]!)")
    }
  }

  /// Writes every figure, the targets and the machine to `path` as JSON.
  func write(to path: String, machine: [String: Any]) throws {
    let object: [String: Any] = ["machine": machine, "figures": figures, "targets": targets]
    let data = try JSONSerialization.data(
      withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }
}

/// "1.23 M", "45.6 k".
func formatRate(_ value: Double) -> String {
  if value >= 1e6 { return String(format: "%.2f M", value / 1e6) }
  if value >= 1e3 { return String(format: "%.1f k", value / 1e3) }
  return String(format: "%.0f", value)
}

extension String {
  func leftPad(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

/// Flushes standard output so rows appear as they are measured (stdout may be a pipe).
func flushOutput() {
  fflush(nil)
}
