// Paths to the repository's fixtures, shared by every test target.
import Foundation

/// The repository's fixture locations.
public enum Fixtures {
  /// The package root (the folder holding Package.swift), found from this file's path.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `Fonts/` folder.
  public static var fontsDirectory: URL { packageRoot.appendingPathComponent("Fonts") }

  /// A font fixture by file name.
  public static func font(_ name: String) -> URL { fontsDirectory.appendingPathComponent(name) }

  /// A fresh temporary directory for one test's output files.
  public static func temporaryDirectory(_ label: String = "textflow-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
