// Where the repository's Fonts/ folder (the default cascade and the test fixtures) is found.
import Foundation

/// The font files shipped in the repository's `Fonts/` folder.
public enum BundledFonts {
  /// The `Fonts/` folder: `$TEXTFLOW_FONTS` when set, else `Fonts/` in the current directory or
  /// one of its parents, else the folder beside the package sources this module was built from.
  ///
  /// The last fallback uses the source path recorded at build time, so a binary built from a
  /// clone finds its fonts from any working directory.
  public static var directory: URL {
    let fileManager = FileManager.default
    if let override = ProcessInfo.processInfo.environment["TEXTFLOW_FONTS"], !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    var candidate = URL(fileURLWithPath: fileManager.currentDirectoryPath, isDirectory: true)
    for _ in 0..<8 {
      let fonts = candidate.appendingPathComponent("Fonts", isDirectory: true)
      if fileManager.fileExists(atPath: fonts.appendingPathComponent("README.md").path) {
        return fonts
      }
      candidate.deleteLastPathComponent()
    }
    // #filePath is Sources/TextEngine/BundledFonts.swift in the package checkout.
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fonts", isDirectory: true)
  }

  /// The URL of `name` (a file name such as "DejaVuSans.ttf") inside `directory`.
  public static func url(of name: String) -> URL {
    directory.appendingPathComponent(name)
  }
}
