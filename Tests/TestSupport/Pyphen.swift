// pyphen (Debian's python3-pyphen): an independent reading of the hyph_*.dic files libhyphen
// reads, in Python, that the hyphenation tests check the engine's points against.
import Foundation

/// Hyphenation points from pyphen, run through Debian's Python (`/usr/bin/python3`: a Python
/// earlier on the PATH may lack the package).
public enum Pyphen {
  static let python = URL(fileURLWithPath: "/usr/bin/python3")

  /// True when Debian's python3-pyphen is installed.
  public static let isAvailable: Bool = {
    guard FileManager.default.isExecutableFile(atPath: python.path) else { return false }
    return (try? ProcessRunner.run(python, ["-c", "import pyphen"]))?.status == 0
  }()

  /// What went wrong when pyphen could not answer.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// pyphen's hyphenation points of each word in the dictionary `file`, with at least `left`
  /// characters before and `right` after each, as UTF-16 offsets into the word (pyphen counts
  /// characters). A point that changes the spelling ("Schiff-fahrt") is left out, as the engine
  /// leaves it out.
  public static func points(
    _ words: [String], file: String, left: Int = 2, right: Int = 2
  ) throws -> [[Int]] {
    let script = """
      import json, sys, pyphen
      d = pyphen.Pyphen(filename=sys.argv[1], left=int(sys.argv[2]), right=int(sys.argv[3]))
      words = json.loads(sys.stdin.read())
      print(json.dumps([[int(p) for p in d.positions(w) if p.data is None] for w in words]))
      """
    let input = try JSONSerialization.data(withJSONObject: words)
    let result = try ProcessRunner.run(
      python, ["-c", script, file, String(left), String(right)], input: input)
    guard result.status == 0,
      let points = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        as? [[Int]], points.count == words.count
    else { throw Failure(description: "pyphen failed: \(result.standardError)") }
    return zip(words, points).map { word, points in
      let scalars = Array(word.unicodeScalars)
      return points.map { String(String.UnicodeScalarView(scalars[..<$0])).utf16.count }
    }
  }
}
