// Where a document's relative paths lead: a spec's font or a label design's picture is looked
// for beside the document first (as CSS's url() and gLabels' templates resolve them), then in
// the working directory, so that documents written for the older rule keep working.
import Foundation

/// The rule a document's file paths follow, for every kind of file a document names.
package enum DocumentPath {
  /// The places `name` is looked for, in order: an absolute path as it is; a relative one in
  /// `folder` (the document's), then as the working directory has it; without `folder` (a
  /// document from standard input, a name on the command line) only the latter.
  package static func places(of name: String, relativeTo folder: URL?) -> [String] {
    if let folder, !name.hasPrefix("/") {
      return [folder.appendingPathComponent(name).standardizedFileURL.path, name]
    }
    return [name]
  }

  /// What is said when neither of `places` (two, from `places(of:relativeTo:)`) has `name`:
  /// both places, the working directory's as an absolute path.
  package static func missing(_ name: String, places: [String]) -> String {
    "no such file at \(places[0]) or, from the working directory, at "
      + URL(fileURLWithPath: name).standardizedFileURL.path
  }
}
