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

  /// A fresh temporary directory for one test's output files. It is removed when the test
  /// process exits, so a helper that hands its folder back to a test cannot leave it in the
  /// user's `/tmp` (a test may still remove its own earlier).
  public static func temporaryDirectory(_ label: String = "textflow-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    TemporaryFolders.shared.removeAtExit(url)
    return url
  }
}

/// The folders `Fixtures.temporaryDirectory` made, removed together when the process exits.
final class TemporaryFolders: @unchecked Sendable {
  static let shared = TemporaryFolders()

  private let lock = NSLock()
  private var folders: [URL] = []

  private init() {
    atexit { TemporaryFolders.shared.removeAll() }
  }

  func removeAtExit(_ folder: URL) {
    lock.withLock { folders.append(folder) }
  }

  private func removeAll() {
    let made = lock.withLock { folders }
    for folder in made { try? FileManager.default.removeItem(at: folder) }
  }
}
