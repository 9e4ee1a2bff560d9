// The fontconfig edge: finds a system font for a character the bundled fonts lack, as Pango
// does (a pattern with the character in its charset, matched by FcFontMatch).
internal import CFontconfig
import Synchronization

/// The system's fonts as fontconfig knows them.
enum FontConfig {
  /// Owns the FcConfig, created once (loading the configuration and font cache is slow).
  private final class Configuration: @unchecked Sendable {
    let config: OpaquePointer?
    init() { config = FcInitLoadConfigAndFonts() }
    deinit { if let config { FcConfigDestroy(config) } }
  }

  /// fontconfig's configuration, behind a lock: its matching functions are not documented as
  /// thread-safe.
  private static let shared = Locked(Configuration())

  /// The (file path, face index) fontconfig matches best for a font covering `scalar`, with
  /// the family `family` preferred (nil: fontconfig's default, "sans-serif"); nil when
  /// fontconfig is unavailable or its best match does not cover the character.
  static func fontFile(covering scalar: Unicode.Scalar, family: String? = nil)
    -> (path: String, faceIndex: Int)?
  {
    shared.withLock { configuration -> (path: String, faceIndex: Int)? in
      guard let config = configuration.config, let pattern = FcPatternCreate() else { return nil }
      defer { FcPatternDestroy(pattern) }
      guard let charset = FcCharSetCreate() else { return nil }
      defer { FcCharSetDestroy(charset) }
      FcCharSetAddChar(charset, scalar.value)
      FcPatternAddCharSet(pattern, FC_CHARSET, charset)
      FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
      if let family { FcPatternAddString(pattern, FC_FAMILY, family) }
      FcConfigSubstitute(config, pattern, FcMatchPattern)
      FcDefaultSubstitute(pattern)
      var result = FcResultNoMatch
      guard let match = FcFontMatch(config, pattern, &result) else { return nil }
      defer { FcPatternDestroy(match) }
      var matchedCharset: OpaquePointer?
      guard FcPatternGetCharSet(match, FC_CHARSET, 0, &matchedCharset) == FcResultMatch,
        FcCharSetHasChar(matchedCharset, scalar.value) != 0
      else { return nil }
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else {
        return nil
      }
      var index: Int32 = 0
      _ = FcPatternGetInteger(match, FC_INDEX, 0, &index)
      return (String(cString: file), Int(index))
    }
  }
}
