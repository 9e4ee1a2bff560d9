// Locates the package's built executables for end-to-end tests.
import Foundation

/// The package's executables, as built beside the test bundle.
public enum Executables {
  /// The `textflow` CLI in the build directory that holds the running test bundle.
  public static var textflow: URL { named("textflow") }

  /// An executable product by name, found beside the test bundle (`swift build` puts products
  /// and the .xctest bundle in the same folder).
  public static func named(_ name: String) -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory.deleteLastPathComponent()
    }
    return Fixtures.packageRoot.appendingPathComponent(".build/debug/\(name)")
  }
}
