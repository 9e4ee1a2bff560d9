// The fontconfig edge: lists the system's font files for the optional system fallback.
internal import CFontconfig

/// The system's fonts as fontconfig knows them.
public enum FontConfig {
  /// The (file path, face index) of every scalable font fontconfig lists, sorted by path, or an
  /// empty list when fontconfig cannot be initialised.
  public static func systemFontFiles() -> [(path: String, faceIndex: Int)] {
    guard let config = FcInitLoadConfigAndFonts() else { return [] }
    defer { FcConfigDestroy(config) }
    guard let pattern = FcPatternCreate() else { return [] }
    defer { FcPatternDestroy(pattern) }
    FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
    guard let objects = FcObjectSetCreate() else { return [] }
    defer { FcObjectSetDestroy(objects) }
    FcObjectSetAdd(objects, FC_FILE)
    FcObjectSetAdd(objects, FC_INDEX)
    guard let list = FcFontList(config, pattern, objects) else { return [] }
    defer { FcFontSetDestroy(list) }
    var files = [(path: String, faceIndex: Int)]()
    for index in 0..<Int(list.pointee.nfont) {
      guard let font = list.pointee.fonts[index] else { continue }
      var file: UnsafeMutablePointer<FcChar8>?
      guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else {
        continue
      }
      var faceIndex: Int32 = 0
      _ = FcPatternGetInteger(font, FC_INDEX, 0, &faceIndex)
      files.append((String(cString: file), Int(faceIndex)))
    }
    return files.sorted { ($0.path, $0.faceIndex) < ($1.path, $1.faceIndex) }
  }
}
