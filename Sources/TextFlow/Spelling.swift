// Near-miss detection for keys and names: "max_widht" is a typo of "max_width", not a new field.
import Foundation

/// Edit distances between names, to tell a misspelt key from one the reader does not know.
package enum Spelling {
  /// The optimal-string-alignment distance: insertions, deletions, substitutions and swaps of
  /// two neighbours each cost 1 (so "widht" is 1 from "width"). Compared case-insensitively.
  package static func distance(_ a: String, _ b: String) -> Int {
    let x = Array(a.lowercased().unicodeScalars)
    let y = Array(b.lowercased().unicodeScalars)
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var before = [Int](repeating: 0, count: y.count + 1)
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
      current[0] = i
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        var best = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          best = min(best, before[j - 2] + 1)
        }
        current[j] = best
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[y.count]
  }

  /// The problem with an unknown name of a vocabulary: "unknown line break strategy 'balance'
  /// (did you mean 'balanced'? expected one of: standard, …)". `listed` is the list as shown
  /// when it is not `known` joined (several spellings of one name).
  package static func unknown(
    _ what: String, _ name: String, among known: [String], listed: String? = nil
  ) -> String {
    let hint = suggestion(for: name, among: known).map { "did you mean '\($0)'? " } ?? ""
    return "unknown \(what) '\(name)' (\(hint)expected one of: "
      + (listed ?? known.joined(separator: ", ")) + ")"
  }

  /// The known name `name` is most likely a misspelling of: within 1 edit for names of up to
  /// five characters, 2 for longer ones, ignoring case, `_` and `-` (so "max-width" and
  /// "maxWidth" are both near "max_width"). Nil when no known name is that close.
  package static func suggestion(for name: String, among known: [String]) -> String? {
    func folded(_ text: String) -> String {
      String(text.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" })
    }
    let target = folded(name)
    let limit = target.count <= 5 ? 1 : 2
    var best: (name: String, distance: Int)?
    for candidate in known {
      let d = distance(target, folded(candidate))
      if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    return best?.name
  }
}
