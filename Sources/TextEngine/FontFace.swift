// A font file's face: FreeType reads its tables once at load time, HarfBuzz shapes with it.
import Foundation
import Synchronization

/// One face of a font file (a .ttf/.otf, or one face of a .ttc collection), loaded into memory.
///
/// Create one per font file and process, and share it: a face is immutable after loading and
/// measurement with it is thread-safe (metrics are read once at load time; shaping uses
/// HarfBuzz's immutable font object). Faces compare by identity.
///
/// ```swift
/// let face = try FontFace(contentsOf: URL(fileURLWithPath: "Fonts/DejaVuSans.ttf"))
/// print(face.familyName, face.metrics.unitsPerEm)  // DejaVu Sans 2048
/// let font = Font(face: face, pointSize: 17)
/// ```
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
  /// Vertical metrics in font design units, read from the font's own tables.
  ///
  /// The values come from the hhea table, or from the OS/2 table's typo metrics when its
  /// USE_TYPO_METRICS flag (fsSelection bit 7) is set; `FontFace.verticalMetricsTable` says which.
  public struct DesignMetrics: Sendable, Equatable {
    /// Design units per em (2048 for DejaVu Sans).
    public var unitsPerEm: Int
    /// The ascender (positive, above the baseline).
    public var ascender: Int
    /// The descender (negative, below the baseline).
    public var descender: Int
    /// The line gap ("leading").
    public var lineGap: Int

    /// Creates metrics from design-unit values.
    public init(unitsPerEm: Int, ascender: Int, descender: Int, lineGap: Int) {
      self.unitsPerEm = unitsPerEm
      self.ascender = ascender
      self.descender = descender
      self.lineGap = lineGap
    }
  }

  /// The family name from the font's name table, e.g. "DejaVu Sans".
  public let familyName: String
  /// The style name from the font's name table, e.g. "Bold".
  public let styleName: String
  /// The PostScript name from the font's name table (ID 6), e.g. "DejaVuSans-Bold"; "" when the
  /// font has none. `Font.fontName` and `FontCollection.font(named:pointSize:)` use it.
  public let postScriptName: String
  /// The OS/2 table's weight class: 100 thin, 200 extra-light, 300 light, 400 regular, 500
  /// medium, 600 semibold, 700 bold, 800 extra-bold, 900 black (400 or 700 for a font without
  /// an OS/2 table, by its bold flag). `Font.systemFont(ofSize:weight:)` picks faces by it.
  public let weightClass: Int
  /// Where the face came from: the font file's real path (symbolic links, "." and ".."
  /// resolved, as `realpath` gives it), or the name given to bytes ("<bytes>").
  ///
  /// The path is the file's, not the name the font was asked by: a file is one face per
  /// process whatever names it (`shared(contentsOf:faceIndex:)`), so the face cannot carry
  /// each name, and reporting the first one made the answer depend on which came first (a
  /// symlink loaded before "Times New Roman" became Liberation Serif's source).
  public let source: String
  /// The font file's real path as a URL (see `source`), or nil when the face was loaded from
  /// bytes. The file may have changed since: draw with `data`, the bytes that were measured.
  public let fileURL: URL?
  /// The font file's bytes as loaded (not copied: the same memory FreeType and HarfBuzz read),
  /// for renderers that create their own face from memory and so draw what was measured.
  public let data: Data
  /// The face's index in its file (0 unless the file is a collection).
  public let faceIndex: Int
  /// The number of faces in the font file (more than one for a .ttc collection).
  public let faceCount: Int
  /// Vertical metrics in design units.
  public let metrics: DesignMetrics
  /// The table `metrics` came from: "hhea", or "OS/2 typo" when USE_TYPO_METRICS is set.
  public let verticalMetricsTable: String
  /// The cap height in design units: OS/2 sCapHeight (version ≥ 2), else the top of "H".
  public let capHeight: Int
  /// The x-height in design units: OS/2 sxHeight (version ≥ 2), else the top of "x".
  public let xHeight: Int
  /// Where underlines and strikethroughs go, in design units.
  public let decorationMetrics: DecorationMetrics
  /// True when the style name or OS/2 weight marks the face as bold.
  public let isBold: Bool
  /// True when the style name or FreeType's style flags mark the face italic or oblique.
  public let isItalic: Bool
  /// The OS/2 table's width class: 1 ultra-condensed, 3 condensed, 4 semi-condensed, 5
  /// normal, 6 semi-expanded, 7 expanded, 9 ultra-expanded (5 without an OS/2 table).
  public let widthClass: Int
  /// True when the post table's isFixedPitch says every glyph has one advance (DejaVu Sans
  /// Mono, Liberation Mono): `FontDescriptor.SymbolicTraits.traitMonoSpace`.
  public let isFixedPitch: Bool
  /// The post table's italic angle in degrees counter-clockwise from the vertical: negative
  /// for a face leaning right (−11 for DejaVu Sans Oblique), 0 for an upright one.
  public let italicAngle: Double
  /// The OS/2 table's IBM font class (the high byte of sFamilyClass): 8 sans serif, 1 to 7
  /// the kinds of serifs, 0 when the font does not say.
  public let familyClass: Int
  /// The size of the font file's bytes in memory (shared by every face of a collection file):
  /// what keeping this face alive costs, for caches that account for the faces they hold.
  public var byteCount: Int { bytes.count }

  let harfBuzz: HarfBuzzFont
  /// A number no other face of the process has (see `Serial`): what remembered fallback
  /// decisions are keyed by.
  let serial = Serial.next()
  /// The file's bytes, shared by FreeType, HarfBuzz and `data`.
  let bytes: FontBytes

  /// The largest font file loaded (256 MiB); bigger files are rejected before reading.
  public static let maximumFileSize: Int64 = 256 << 20

  /// The most faces a collection file (.ttc/.otc) may declare (256); files declaring more are
  /// refused, since every face is loaded and a corrupt header can declare millions.
  public static let maximumFaceCount = 256

  /// Loads face `faceIndex` of the font file at `url` (symlinks are followed) as a new face,
  /// whose `source` is the file's real path.
  ///
  /// Prefer `FontFace.shared(contentsOf:faceIndex:)`, which loads each file once per process:
  /// this initializer always reads the file again.
  ///
  /// - Throws: `FontLoadingError` naming the path and the reason when the file is missing,
  ///   unreadable, empty, not a font (its first bytes are quoted), a WOFF or WOFF2 web font
  ///   (which HarfBuzz cannot shape), corrupt (with FreeType's reason), or has no face at
  ///   `faceIndex`.
  public convenience init(contentsOf url: URL, faceIndex: Int = 0) throws(FontLoadingError) {
    let contents = try FontFile.read(path: url.path, maximumSize: Self.maximumFileSize)
    try self.init(
      bytes: contents.bytes, faceIndex: faceIndex, source: url.path,
      file: contents.resolvedPath)
  }

  /// Loads face `faceIndex` of a font file held in memory.
  ///
  /// - Parameter source: a name for the bytes, used in error messages.
  public convenience init(data: Data, faceIndex: Int = 0, source: String = "<bytes>")
    throws(FontLoadingError)
  {
    guard let bytes = FontBytes(copying: data) else {
      throw FontLoadingError.outOfMemory(source: source, bytes: data.count)
    }
    try self.init(bytes: bytes, faceIndex: faceIndex, source: source, file: nil)
  }

  /// A face of `bytes`; errors name `source` (the path as the caller gave it), and the face's
  /// `source` is `file` (the resolved path) when the bytes are a file's.
  private init(bytes: FontBytes, faceIndex: Int, source: String, file: String?)
    throws(FontLoadingError)
  {
    Self.loads.wrappingAdd(1, ordering: .relaxed)
    // FreeType decompresses WOFF, HarfBuzz does not: such a face loaded with every cmap
    // lookup failing, or was called corrupt when the two disagreed on units per em.
    if FontSignature(UnsafeBufferPointer(start: bytes.pointer, count: bytes.count)) == .webFont {
      throw FontLoadingError(
        source: source,
        reason: "is a WOFF or WOFF2 web font, which TextFlow does not read (HarfBuzz shapes "
          + "uncompressed fonts only): convert it to .ttf or .otf", freeTypeError: nil)
    }
    let freeType = try FreeTypeFace(bytes: bytes, faceIndex: faceIndex, source: source)
    guard freeType.faceCount <= Self.maximumFaceCount else {
      throw FontLoadingError(
        source: source,
        reason:
          "the collection declares \(freeType.faceCount) faces, more than the \(Self.maximumFaceCount) allowed",
        freeTypeError: nil)
    }
    guard let lines = freeType.lineMetrics, freeType.unitsPerEm > 0 else {
      throw FontLoadingError(
        source: source, reason: "the font has no horizontal metrics (hhea table)",
        freeTypeError: nil)
    }
    guard let harfBuzz = HarfBuzzFont(bytes: bytes, faceIndex: faceIndex) else {
      throw FontLoadingError.outOfMemory(source: source, bytes: nil)
    }
    // HarfBuzz sanitizes tables on its own; a face it cannot read (upem 0 or no glyphs) while
    // FreeType could is a corrupt file.
    guard harfBuzz.unitsPerEm == freeType.unitsPerEm, freeType.glyphCount > 0 else {
      throw FontLoadingError(
        source: source, reason: "the font's tables are corrupt or truncated", freeTypeError: nil)
    }
    self.familyName = freeType.familyName
    self.styleName = freeType.styleName
    self.postScriptName = freeType.postScriptName
    self.weightClass = freeType.weightClass
    self.source = file ?? source
    self.fileURL = file.map { URL(fileURLWithPath: $0) }
    self.bytes = bytes
    self.data = bytes.data
    self.faceIndex = faceIndex
    self.faceCount = freeType.faceCount
    self.metrics = DesignMetrics(
      unitsPerEm: freeType.unitsPerEm, ascender: lines.ascender, descender: lines.descender,
      lineGap: lines.lineGap)
    self.verticalMetricsTable = lines.table
    let heights = freeType.capAndXHeight
    self.capHeight = heights.capHeight
    self.xHeight = heights.xHeight
    self.isBold = freeType.isBold
    self.isItalic = freeType.isItalic
    self.widthClass = freeType.widthClass
    self.isFixedPitch = freeType.isFixedPitch
    self.italicAngle = freeType.italicAngle
    self.familyClass = freeType.familyClass
    self.decorationMetrics = DecorationMetrics(freeType, unitsPerEm: freeType.unitsPerEm)
    self.harfBuzz = harfBuzz
  }

  // MARK: Attachments

  /// Objects another module keeps for this face, released with it (see `attachment(_:make:)`).
  private let attachments = Locked<[ObjectIdentifier: any AnyObject & Sendable]>([:])

  /// The object of type `Value` kept for this face, made by `make` on first use.
  ///
  /// A renderer keeps its own faces made from `data` here, so they live exactly as long as this
  /// face: a cache beside it would need a weak reference to notice the face is gone, and Swift
  /// moves an object that has ever been weakly referenced to slower, out-of-line reference
  /// counts, which every later measurement with the face would pay. `make` runs under the
  /// face's lock: it must not ask this face for an attachment.
  package func attachment<Value: AnyObject & Sendable>(
    _ type: Value.Type, make: () -> Value
  ) -> Value {
    attachments.withLock { attachments in
      let key = ObjectIdentifier(type)
      if let kept = attachments[key] as? Value { return kept }
      let made = make()
      attachments[key] = made
      return made
    }
  }

  // MARK: One face per font file

  /// True once a `FontCollection` holds the face for its lifetime: caches then do not count
  /// it among the fonts their entries keep alive (it stays loaded anyway).
  var isPinned: Bool { pinned.load(ordering: .relaxed) }
  private let pinned = Atomic<Bool>(false)

  /// Marks the face as held by a collection (see `isPinned`).
  func pin() { pinned.store(true, ordering: .relaxed) }

  /// Faces loaded from files or bytes so far in this process (every initializer counts).
  static var loadCount: Int { loads.load(ordering: .relaxed) }
  private static let loads = Atomic<Int>(0)

  /// Faces `shared(contentsOf:faceIndex:)` loaded from the file `url` names now (0 when it
  /// cannot be examined).
  static func loadCount(ofFile url: URL) -> Int {
    guard let identity = FontFile.identity(ofPath: url.path) else { return 0 }
    return registry.withLock { $0.loadsByFile[identity] ?? 0 }
  }

  /// True when a face was loaded in this process from the file `path` names, by any name for
  /// it (`shared(contentsOf:faceIndex:)`), and the file is unchanged since: a program about to
  /// write an output there would replace a font its text was measured with.
  public static func isLoaded(fromFileAt path: String) -> Bool {
    loadCount(ofFile: URL(fileURLWithPath: path)) > 0
  }

  private struct InternKey: Hashable {
    var identity: FontFileIdentity
    var faceIndex: Int
  }

  // The registry holds its faces strongly, and drops a face when it finds itself the face's
  // only holder (`sweep`). A weak reference would do the same with less code, but Swift moves
  // an object that has ever been weakly referenced to out-of-line reference counts, so every
  // retain and release of a shared face (a `Font` copied per segment, a cache key) took the
  // slow path: a large part of measuring a short text.
  private struct Registry {
    struct WeakBytes {
      weak var bytes: FontBytes?
    }
    var faces: [InternKey: FontFace] = [:]
    /// Faces loaded per file identity (a few bytes a file: diagnostics and tests).
    var loadsByFile: [FontFileIdentity: Int] = [:]
    var bytes: [FontFileIdentity: WeakBytes] = [:]
    /// The faces loaded most recently, kept alive so that a file named again soon after its
    /// last user let go is not loaded again.
    var recent: [FontFace] = []
    /// The table size after which released bytes are swept.
    var sweepAt = 64

    /// Drops the faces no one but the registry holds. Nobody can take a new reference to such
    /// a face meanwhile: every other reference is gone, and the registry's is read under its
    /// lock, which the caller holds.
    mutating func sweep() {
      // Each face is taken out of the table to be looked at, so that the table's reference
      // is the one counted (reading it in place copies it), and put back when it is shared.
      for key in Array(faces.keys) {
        guard var face = faces.removeValue(forKey: key) else { continue }
        if !isKnownUniquelyReferenced(&face) { faces[key] = face }
      }
      guard bytes.count >= sweepAt else { return }
      bytes = bytes.filter { $0.value.bytes != nil }
      sweepAt = max(64, 2 * bytes.count)
    }
  }

  /// How many faces loaded most recently stay alive without other users (8).
  static let recentFaceCount = 8

  private static let registry = Locked(Registry())

  /// The face `faceIndex` of the font file at `url`, loaded once per process: every path that
  /// names the same file (another relative path, a symlink) gets the same face while it is in
  /// use, so caches keyed by face keep hitting and the file is held in memory once. Its
  /// `source` is the file's real path, whichever name loaded it.
  ///
  /// Files are identified by device, inode, size and modification time, so a file replaced on
  /// disk is loaded afresh while faces already handed out keep the bytes they were loaded
  /// with (and text measured with them is drawn with those bytes). A face nothing uses any
  /// more is released when the next new face is loaded (the `recentFaceCount` faces loaded
  /// last are kept).
  ///
  /// - Throws: `FontLoadingError` as `init(contentsOf:faceIndex:)` does.
  public static func shared(contentsOf url: URL, faceIndex: Int = 0) throws(FontLoadingError)
    -> FontFace
  {
    try shared(path: url.path, faceIndex: faceIndex)
  }

  /// `shared(contentsOf:faceIndex:)` for a path string.
  static func shared(path: String, faceIndex: Int) throws(FontLoadingError) -> FontFace {
    if let identity = FontFile.identity(ofPath: path),
      let face = registry.withLock({
        $0.faces[InternKey(identity: identity, faceIndex: faceIndex)]
      })
    {
      return face
    }
    let contents = try FontFile.read(path: path, maximumSize: maximumFileSize)
    let key = InternKey(identity: contents.identity, faceIndex: faceIndex)
    let bytes = registry.withLock { registry -> FontBytes in
      if let shared = registry.bytes[contents.identity]?.bytes { return shared }
      registry.bytes[contents.identity] = Registry.WeakBytes(bytes: contents.bytes)
      return contents.bytes
    }
    if let face = registry.withLock({ $0.faces[key] }) { return face }
    let face = try FontFace(
      bytes: bytes, faceIndex: faceIndex, source: path, file: contents.resolvedPath)
    return registry.withLock { registry in
      // Another thread may have loaded the same face meanwhile: every caller gets the first.
      if let stored = registry.faces[key] { return stored }
      registry.faces[key] = face
      registry.loadsByFile[contents.identity, default: 0] += 1
      registry.recent.append(face)
      if registry.recent.count > recentFaceCount { registry.recent.removeFirst() }
      // Each new face is a moment to drop the ones nobody uses any more (the face just
      // pushed out of `recent`, faces whose caches let go of them).
      registry.sweep()
      return face
    }
  }

  /// True when the font's character map has a glyph for `scalar`.
  public func covers(_ scalar: Unicode.Scalar) -> Bool {
    harfBuzz.nominalGlyph(scalar.value) != nil
  }

  /// The code points below which `basicCoverage` answers (U+0000–U+0FFF: Latin, Greek,
  /// Cyrillic, Armenian, Hebrew, Arabic, the Indic scripts, Thai, Lao, Tibetan, and their
  /// punctuation and marks).
  static let basicCoverageLimit: UInt16 = 0x1000

  /// True when `unit` (below `basicCoverageLimit`) is set in `words`, a face's
  /// `basicCoverage`: one place for the bits' layout, which the layout engine's bulk fallback
  /// paths read per unit.
  @inline(__always)
  static func isCovered(_ unit: UInt16, in words: UnsafePointer<UInt64>) -> Bool {
    words[Int(unit &>> 6)] & (1 &<< UInt64(unit & 63)) != 0
  }

  /// `covers` for each code point below `basicCoverageLimit`, one bit each (bit `c & 63` of
  /// word `c >> 6`): made on first use and kept for the face's lifetime, so that the layout
  /// engine's fallback tests a character of such text with one load instead of a cmap lookup
  /// (`LayoutEngine.fallbackFaces`). Read without a lock; a second thread that makes it at the
  /// same moment drops its copy.
  var basicCoverage: UnsafePointer<UInt64> {
    if let made = UnsafePointer<UInt64>(bitPattern: coverageAddress.load(ordering: .acquiring)) {
      return made
    }
    let count = Int(Self.basicCoverageLimit) / 64
    let words = UnsafeMutablePointer<UInt64>.allocate(capacity: count)
    words.initialize(repeating: 0, count: count)
    for value in 0..<UInt32(Self.basicCoverageLimit) where harfBuzz.nominalGlyph(value) != nil {
      words[Int(value >> 6)] |= 1 << (value & 63)
    }
    let (stored, original) = coverageAddress.compareExchange(
      expected: 0, desired: UInt(bitPattern: words), ordering: .acquiringAndReleasing)
    guard !stored, let kept = UnsafePointer<UInt64>(bitPattern: original) else {
      return UnsafePointer(words)
    }
    words.deallocate()
    return kept
  }
  /// The address of `basicCoverage`'s words, 0 before they are made (an address, since a
  /// pointer is not `Sendable`).
  private let coverageAddress = Atomic<UInt>(0)

  deinit {
    UnsafeMutablePointer<UInt64>(bitPattern: coverageAddress.load(ordering: .acquiring))?
      .deallocate()
  }

  /// The advance width of `text` shaped as a single line (kerning and ligatures on) at
  /// `pointSize`, in points: the sum of HarfBuzz's advances in design units, scaled in floating
  /// point without rounding. No fallback, no line breaking: see `Typesetter` for real layout.
  public func advanceWidth(of text: String, pointSize: Double) -> Double {
    let glyphs = harfBuzz.shape(Array(text.utf16))
    let units = glyphs.reduce(0) { $0 + Int($1.xAdvance) }
    return Double(units) * pointSize / Double(metrics.unitsPerEm)
  }

  /// The default line height at `pointSize`: (ascender − descender) scaled, in points.
  public func lineHeight(pointSize: Double) -> Double {
    Double(metrics.ascender - metrics.descender) * pointSize / Double(metrics.unitsPerEm)
  }

  /// "DejaVu Sans Book (/path/DejaVuSans.ttf)".
  public var description: String { "\(familyName) \(styleName) (\(source))" }

  public static func == (lhs: FontFace, rhs: FontFace) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
