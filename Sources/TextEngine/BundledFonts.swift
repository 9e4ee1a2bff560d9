// Where the repository's Fonts/ folder (the default cascade and the test fixtures) is found.
import Foundation

/// The font files shipped with TextFlow: the default cascade and the test fixtures.
public enum BundledFonts {
  /// The fonts folder: `$TEXTFLOW_FONTS` when set; else `../share/textflow/Fonts` beside the
  /// running executable (an install made by `scripts/install --prefix DIR`); else `Fonts/`
  /// beside the executable (a copied binary with its folder); else the checkout's `Fonts/` the
  /// module was built from (a development build). The working directory is never searched, so
  /// what a command draws does not depend on where it is run.
  public static var directory: URL {
    if let override = ProcessInfo.processInfo.environment["TEXTFLOW_FONTS"], !override.isEmpty {
      return URL(fileURLWithPath: override, isDirectory: true)
    }
    for candidate in besideExecutable where isFontsFolder(candidate) { return candidate }
    return sourceFolder
  }

  /// The folders looked for beside the running executable, in order.
  public static var besideExecutable: [URL] {
    // /proc/self/exe names the executable itself, whatever the working directory or PATH.
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let folder = executable.deletingLastPathComponent()
    return [
      folder.deletingLastPathComponent().appendingPathComponent(
        "share/textflow/Fonts", isDirectory: true),
      folder.appendingPathComponent("Fonts", isDirectory: true),
    ]
  }

  /// The checkout's `Fonts/`, from the source path recorded at build time.
  static var sourceFolder: URL {
    // #filePath is Sources/TextEngine/BundledFonts.swift in the package checkout.
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fonts", isDirectory: true)
  }

  /// True when `url` is a folder holding the default family's file.
  private static func isFontsFolder(_ url: URL) -> Bool {
    FileManager.default.fileExists(atPath: url.appendingPathComponent("DejaVuSans.ttf").path)
  }

  /// The URL of `name` (a file name such as "DejaVuSans.ttf") inside `directory`.
  public static func url(of name: String) -> URL {
    directory.appendingPathComponent(name)
  }
}
