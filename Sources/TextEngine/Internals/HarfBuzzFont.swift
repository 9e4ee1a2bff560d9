// The HarfBuzz edge: the only place TextEngine calls hb_* functions.
//
// HarfBuzz reads the font bytes itself (hb_blob → hb_face → hb_font with hb-ot functions) and
// the font's scale is set to unitsPerEm, so advances and offsets come back in design units.
// TextEngine scales them to points in floating point. Going through hb-ft instead would give
// FreeType's 26.6 advances (rounded to 1/64 px), which makes measured widths drift from the
// design (40.578125 instead of 40.5546875 px for "Hello" in DejaVu Sans at 16 px).
//
// Shaping reads advances and offsets only (hb_buffer_get_glyph_positions): no glyph extents,
// no outlines. Each thread reuses one buffer of its own (`BufferPool`), and hb_shape
// reuses the shape plans HarfBuzz caches on each face (per direction, script, language and
// feature set).
internal import CHarfBuzz
import Foundation
import Synchronization

/// One shaped glyph in design units.
struct ShapedGlyph: Equatable, Sendable {
  var glyphID: UInt32
  /// UTF-16 offset of the first character of this glyph's cluster in the shaped text.
  var cluster: UInt32
  var xAdvance: Int32
  var yAdvance: Int32
  var xOffset: Int32
  var yOffset: Int32
  /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK for this glyph.
  var unsafeToBreak: Bool
}

/// The text direction HarfBuzz shapes a run in.
enum ShapingDirection: Hashable, Sendable {
  case leftToRight, rightToLeft
}

/// Owns an hb_face_t and an hb_font_t over a copy of a font file's bytes.
///
/// `hb_font_t` may be used for shaping from several threads at once (HarfBuzz documents fonts as
/// immutable once set up); buffers may not, so each thread shapes in a buffer of its own (`BufferPool`).
final class HarfBuzzFont: @unchecked Sendable {
  let face: OpaquePointer
  let font: OpaquePointer
  let unitsPerEm: Int
  /// False when shaping can never move a space beside another glyph: the space glyph is in none
  /// of the face's GPOS kerning lookups and the face has no older kerning table. Most faces
  /// (DejaVu, Noto) kern no pair with a space; fonts made to Times' and Arial's metrics
  /// (Liberation) kern " A", " Y", " T". Only then is the pair at a word boundary shaped to
  /// find its kerning (`LayoutEngine.joinAcross`). Found on first use, not when the face is
  /// loaded: it reads the whole GPOS table, about 0.3 M instructions a face, which a fallback
  /// face that never sets a word boundary would pay for nothing.
  var mayKernSpace: Bool {
    switch kernsSpace.load(ordering: .relaxed) {
    case 1: return false
    case 2: return true
    default:
      // Two threads may both find it: they find the same.
      let found = Self.mayKernSpace(face: face, font: font)
      kernsSpace.store(found ? 2 : 1, ordering: .relaxed)
      return found
    }
  }
  /// `mayKernSpace` once found: 0 not yet, 1 false, 2 true.
  private let kernsSpace = Atomic<UInt8>(0)
  /// True when HarfBuzz shapes Han and kana text alike in this face, whatever the language:
  /// for the script tables it selects for `hani` and `kana` (each its own, else `DFLT`, `dflt`
  /// or `latn`), GSUB and GPOS give every language the same lookups for every feature tag.
  /// Both use HarfBuzz's default shaper, so a run mixing them then shapes as its pieces do
  /// apart wherever HarfBuzz marks a boundary safe to break, and one call shapes it
  /// (`LayoutEngine.canGroup`): Japanese changes between them every few characters.
  /// Droid Sans Fallback qualifies (its `hani` and `latn` tables both give `vert` one lookup);
  /// a variable face never does (feature variations may change a feature's lookups). Found on
  /// first use.
  var shapesKanaLikeHan: Bool {
    switch kanaLikeHan.load(ordering: .relaxed) {
    case 1: return false
    case 2: return true
    default:
      let found =
        hb_ot_var_has_data(face) == 0
        && Self.layoutTables.allSatisfy { table in
          Self.languageSystems(face, table, HB_SCRIPT_HAN)
            == Self.languageSystems(face, table, HB_SCRIPT_KATAKANA)
        }
      kanaLikeHan.store(found ? 2 : 1, ordering: .relaxed)
      return found
    }
  }
  /// `shapesKanaLikeHan` once found: 0 not yet, 1 false, 2 true.
  private let kanaLikeHan = Atomic<UInt8>(0)
  /// The fonts with variation coordinates set, made on demand (see `withVariations`).
  private let variants = Locked<[[FontVariation]: HarfBuzzFont]>([:])

  /// The font file's bytes, which HarfBuzz reads in place (never copied).
  private let bytes: FontBytes

  /// A font over `bytes`, or nil when HarfBuzz could not allocate its objects.
  init?(bytes: FontBytes, faceIndex: Int) {
    // HB_MEMORY_MODE_READONLY: HarfBuzz reads the bytes where they are; `self.bytes` keeps
    // them alive at least as long as the face and font made from them.
    let blob = bytes.pointer.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      hb_blob_create($0, UInt32(bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
    }
    // On allocation failure HarfBuzz returns its empty singletons rather than nil.
    guard let blob, bytes.count == 0 || hb_blob_get_length(blob) == UInt32(bytes.count) else {
      return nil
    }
    self.bytes = bytes
    face = hb_face_create(blob, UInt32(faceIndex))
    hb_blob_destroy(blob)
    unitsPerEm = Int(hb_face_get_upem(face))
    font = hb_font_create(face)
    hb_ot_font_set_funcs(font)
    hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
    hb_font_make_immutable(font)
  }

  /// A sub-font of `parent` with variation coordinates set (same scale, same face).
  private init(parent: HarfBuzzFont, variations: [FontVariation]) {
    bytes = parent.bytes
    face = hb_face_reference(parent.face)
    unitsPerEm = parent.unitsPerEm
    font = hb_font_create_sub_font(parent.font)
    var values = variations.map { variation in
      hb_variation_t(
        tag: hb_tag_from_string(variation.axis, -1), value: Float(variation.value))
    }
    hb_font_set_variations(font, &values, UInt32(values.count))
    hb_font_make_immutable(font)
  }

  deinit {
    hb_font_destroy(font)
    hb_face_destroy(face)
  }

  /// This font with the given variation axis values (itself when `variations` is empty).
  /// Axes the font does not have are ignored by HarfBuzz.
  func withVariations(_ variations: [FontVariation]) -> HarfBuzzFont {
    if variations.isEmpty { return self }
    return variants.withLock { cache in
      if let font = cache[variations] { return font }
      let font = HarfBuzzFont(parent: self, variations: variations)
      cache[variations] = font
      return font
    }
  }

  /// `withVariations(variations)` without a reference count: the font itself, or its variant,
  /// which its `variants` cache keeps for the font's lifetime. For the layout engine, whose
  /// face (and so this font) outlives the itemization: every thread shaping in one face
  /// retained and released the same font once per shaping group, and two cores fought over its
  /// reference count.
  func unretainedVariant(_ variations: [FontVariation]) -> Unmanaged<HarfBuzzFont> {
    variations.isEmpty ? .passUnretained(self) : .passUnretained(withVariations(variations))
  }

  /// The variation axes of the face as (tag, minimum, default, maximum); empty for static fonts.
  var variationAxes: [(tag: String, minimum: Double, defaultValue: Double, maximum: Double)] {
    var count = hb_ot_var_get_axis_count(face)
    guard count > 0 else { return [] }
    var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
    hb_ot_var_get_axis_infos(face, 0, &count, &infos)
    return infos.prefix(Int(count)).map { info in
      (
        Self.tagString(info.tag), Double(info.min_value), Double(info.default_value),
        Double(info.max_value)
      )
    }
  }

  /// Whether `face` may kern its space glyph with another (`mayKernSpace`): the space is among
  /// the glyphs of a GPOS lookup of the `kern` feature (a pair lookup lists both glyphs of its
  /// pairs), or the face has no such lookup and a `kern` or `kerx` table, which HarfBuzz then
  /// applies.
  private static func mayKernSpace(face: OpaquePointer, font: OpaquePointer) -> Bool {
    var space: hb_codepoint_t = 0
    guard hb_font_get_nominal_glyph(font, 0x20, &space) != 0 else { return false }
    guard let lookups = hb_set_create(), let glyphs = hb_set_create() else { return true }
    defer {
      hb_set_destroy(lookups)
      hb_set_destroy(glyphs)
    }
    var features: [hb_tag_t] = [hb_tag_from_string("kern", -1), 0]
    hb_ot_layout_collect_lookups(face, hb_tag_from_string("GPOS", -1), nil, nil, &features, lookups)
    if hb_set_is_empty(lookups) != 0 {
      return ["kern", "kerx"].contains { tag in
        let table = hb_face_reference_table(face, hb_tag_from_string(tag, -1))
        defer { hb_blob_destroy(table) }
        return hb_blob_get_length(table) > 0
      }
    }
    var lookup = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start the iteration
    while hb_set_next(lookups, &lookup) != 0 {
      hb_ot_layout_lookup_collect_glyphs(
        face, hb_tag_from_string("GPOS", -1), lookup, nil, glyphs, nil, nil)
      if hb_set_has(glyphs, space) != 0 { return true }
    }
    return false
  }

  private static let layoutTables = [
    hb_tag_from_string("GSUB", -1), hb_tag_from_string("GPOS", -1),
  ]

  /// What HarfBuzz may apply to text of `script` from `table` of `face`: for the script table
  /// it selects, each language system by its tag (0 for the default one) with, for each
  /// feature tag, the lookups of its first feature of that tag (the one HarfBuzz finds) and,
  /// under tag 0, the required feature's. Empty when no script table is selected.
  static func languageSystems(
    _ face: OpaquePointer, _ table: hb_tag_t, _ script: hb_script_t
  ) -> [hb_tag_t: [hb_tag_t: [UInt32]]] {
    var scriptTags = [hb_tag_t](repeating: 0, count: 8)
    var scriptCount = UInt32(scriptTags.count)
    hb_ot_tags_from_script_and_language(script, nil, &scriptCount, &scriptTags, nil, nil)
    var scriptIndex: UInt32 = 0
    var chosen: hb_tag_t = 0
    hb_ot_layout_table_select_script(face, table, scriptCount, &scriptTags, &scriptIndex, &chosen)
    guard scriptIndex != HB_OT_LAYOUT_NO_SCRIPT_INDEX else { return [:] }
    func lookups(ofFeature feature: UInt32) -> [UInt32] {
      var count = hb_ot_layout_feature_get_lookups(face, table, feature, 0, nil, nil)
      var indexes = [UInt32](repeating: 0, count: Int(count))
      hb_ot_layout_feature_get_lookups(face, table, feature, 0, &count, &indexes)
      return Array(indexes.prefix(Int(count)))
    }
    func features(ofLanguage language: UInt32) -> [hb_tag_t: [UInt32]] {
      var features: [hb_tag_t: [UInt32]] = [:]
      var required: UInt32 = 0
      var requiredTag: hb_tag_t = 0
      if hb_ot_layout_language_get_required_feature(
        face, table, scriptIndex, language, &required, &requiredTag) != 0
      {
        features[0] = lookups(ofFeature: required)
      }
      var count = hb_ot_layout_language_get_feature_indexes(
        face, table, scriptIndex, language, 0, nil, nil)
      var indexes = [UInt32](repeating: 0, count: Int(count))
      var tags = [hb_tag_t](repeating: 0, count: Int(count))
      hb_ot_layout_language_get_feature_indexes(
        face, table, scriptIndex, language, 0, &count, &indexes)
      var tagCount = count
      hb_ot_layout_language_get_feature_tags(
        face, table, scriptIndex, language, 0, &tagCount, &tags)
      for (index, tag) in zip(indexes.prefix(Int(count)), tags.prefix(Int(tagCount)))
      where features[tag] == nil {
        features[tag] = lookups(ofFeature: index)
      }
      return features
    }
    var systems = [hb_tag_t(0): features(ofLanguage: HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX)]
    var count = hb_ot_layout_script_get_language_tags(face, table, scriptIndex, 0, nil, nil)
    var languages = [hb_tag_t](repeating: 0, count: Int(count))
    hb_ot_layout_script_get_language_tags(face, table, scriptIndex, 0, &count, &languages)
    for (index, language) in languages.prefix(Int(count)).enumerated() {
      systems[language] = features(ofLanguage: UInt32(index))
    }
    return systems
  }

  /// The glyph the font's cmap gives `codePoint`, or nil when the font does not cover it.
  func nominalGlyph(_ codePoint: UInt32) -> UInt32? {
    var glyph: hb_codepoint_t = 0
    return hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0 ? glyph : nil
  }

  /// Shapes UTF-16 `text` as one run and returns its glyphs in design units, in visual order
  /// (left to right, as HarfBuzz outputs them).
  ///
  /// - Parameters:
  ///   - direction: "ltr", "rtl", "ttb" or "btt"; nil lets HarfBuzz guess from the text.
  ///   - script: an ISO 15924 tag such as "Latn" or "Arab"; nil lets HarfBuzz guess.
  ///   - language: a BCP 47 tag such as "en"; nil lets HarfBuzz guess.
  ///   - features: OpenType feature strings in HarfBuzz's syntax, e.g. "-liga", "kern=0".
  func shape(
    _ text: [UInt16], direction: String? = nil, script: String? = nil, language: String? = nil,
    features: [String] = []
  ) -> [ShapedGlyph] {
    let parsed = Self.parseFeatures(features)
    return BufferPool.withBuffer { buffer in
      text.withUnsafeBufferPointer { units in
        hb_buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), 0, Int32(units.count))
      }
      if let direction {
        hb_buffer_set_direction(buffer, hb_direction_from_string(direction, -1))
      }
      if let script { hb_buffer_set_script(buffer, hb_script_from_string(script, -1)) }
      if let language {
        hb_buffer_set_language(buffer, hb_language_from_string(language, -1))
      }
      hb_buffer_guess_segment_properties(buffer)
      return run(buffer, features: parsed)
    }
  }

  /// Shapes `text[range]` (UTF-16) as one run with a fixed direction; clusters are relative to
  /// `range.lowerBound`. `script` is an ICU script code with an ISO 15924 tag
  /// (`UnicodeProperties.shapingScript`) or nil (HarfBuzz guesses). The text of
  /// `context` (which contains `range`) around the run is given to HarfBuzz as pre- and
  /// post-context, so that, for example, Arabic letters join across a change of size or font.
  func shape(
    _ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, context: Range<Int>? = nil,
    direction: ShapingDirection, script: Int32?, language: String?, features: [FontFeature]
  ) -> [ShapedGlyph] {
    let context = context ?? range
    let itemOffset = range.lowerBound - context.lowerBound
    let parsed = features.map { feature in
      hb_feature_t(
        tag: feature.tag.withCString { hb_tag_from_string($0, -1) }, value: feature.value,
        start: 0, end: UInt32.max)
    }
    return BufferPool.withBuffer { buffer in
      hb_buffer_add_utf16(
        buffer, text.baseAddress! + context.lowerBound, Int32(context.count), UInt32(itemOffset),
        Int32(range.count))
      hb_buffer_set_direction(
        buffer, direction == .leftToRight ? HB_DIRECTION_LTR : HB_DIRECTION_RTL)
      if let script { hb_buffer_set_script(buffer, Self.harfBuzzScript(code: script)) }
      if let language {
        hb_buffer_set_language(buffer, language.withCString { hb_language_from_string($0, -1) })
      }
      hb_buffer_guess_segment_properties(buffer)
      return run(buffer, features: parsed, clusterShift: UInt32(itemOffset))
    }
  }

  /// The HarfBuzz script of ICU script code `code`, through its ISO 15924 tag: looked up in a
  /// table made once, so that shaping a run neither makes nor reads the tag's string (which
  /// cost about 300 instructions a run, a percent of a short label).
  static func harfBuzzScript(code: Int32) -> hb_script_t {
    guard code >= 0 && Int(code) < harfBuzzScripts.count else {
      return UnicodeProperties.scriptTag(code).map(HarfBuzzFont.harfBuzzScript) ?? HB_SCRIPT_INVALID
    }
    return hb_script_t(rawValue: harfBuzzScripts[Int(code)])
  }

  /// `harfBuzzScript(code:)` of the first 256 ICU codes (ICU 72 has about 200), in memory never
  /// freed and never written after it is filled (an array was retained per read, a reference
  /// count every shaping thread writes).
  nonisolated(unsafe) private static let harfBuzzScripts: UnsafeBufferPointer<UInt32> = {
    let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: 256)
    for code in table.indices {
      let script = UnicodeProperties.scriptTag(Int32(code)).map(HarfBuzzFont.harfBuzzScript)
      table.initializeElement(at: code, to: (script ?? HB_SCRIPT_INVALID).rawValue)
    }
    return UnsafeBufferPointer(table)
  }()

  /// The HarfBuzz script of ISO 15924 tag `tag`, as `hb_script_from_string` reads it (its
  /// first four bytes, padded with spaces), without the C string: the tag is built from the
  /// string's bytes, about a quarter of the instructions.
  static func harfBuzzScript(_ tag: String) -> hb_script_t {
    // Read in place (iterating the string's `utf8` view cost more than the C call).
    var tag = tag
    return tag.withUTF8 { bytes in
      guard !bytes.isEmpty else { return HB_SCRIPT_INVALID }
      var value: UInt32 = 0
      for index in 0..<4 {
        value = value << 8 | (index < bytes.count ? UInt32(bytes[index]) : 0x20)
      }
      return hb_script_from_iso15924_tag(value)
    }
  }

  /// Shapes the filled `buffer` and returns its glyphs, `clusterShift` taken off each cluster.
  private func run(
    _ buffer: OpaquePointer, features: [hb_feature_t], clusterShift: UInt32 = 0
  ) -> [ShapedGlyph] {
    hb_shape(font, buffer, features, UInt32(features.count))
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    @inline(__always)
    func glyph(_ index: Int) -> ShapedGlyph {
      let info = infos[index]
      let position = positions[index]
      return ShapedGlyph(
        glyphID: info.codepoint, cluster: info.cluster - clusterShift,
        xAdvance: position.x_advance, yAdvance: position.y_advance,
        xOffset: position.x_offset, yOffset: position.y_offset,
        unsafeToBreak: (info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0)
    }
    // A short run is written into a buffer on the stack and copied into the array at once:
    // appending each glyph cost a uniqueness and a capacity check per glyph. Only up to 1 KiB,
    // what the standard library puts on the stack without asking the runtime whether there is
    // room: for longer runs (paragraphs) that cost more than it saved. (Writing into the
    // array's storage in place, `init(unsafeUninitializedCapacity:)`, cost 300 instructions a
    // run more than either.)
    if Int(count) * MemoryLayout<ShapedGlyph>.stride <= 1024 {
      return withUnsafeTemporaryAllocation(of: ShapedGlyph.self, capacity: Int(count)) {
        glyphs in
        for index in 0..<Int(count) { glyphs.initializeElement(at: index, to: glyph(index)) }
        defer { glyphs.deinitialize() }
        return Array(UnsafeBufferPointer(glyphs))
      }
    }
    var glyphs = [ShapedGlyph]()
    glyphs.reserveCapacity(Int(count))
    for index in 0..<Int(count) { glyphs.append(glyph(index)) }
    return glyphs
  }

  private static func parseFeatures(_ features: [String]) -> [hb_feature_t] {
    var parsed = [hb_feature_t]()
    for feature in features {
      var value = hb_feature_t()
      if hb_feature_from_string(feature, -1, &value) != 0 { parsed.append(value) }
    }
    return parsed
  }

  /// Parses a feature in HarfBuzz's syntax ("-liga", "kern=0", "ss01") into tag and value.
  static func parseFeature(_ text: String) -> (tag: String, value: UInt32)? {
    var value = hb_feature_t()
    guard hb_feature_from_string(text, -1, &value) != 0 else { return nil }
    return (tagString(value.tag), value.value)
  }

  static func tagString(_ tag: hb_tag_t) -> String {
    let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The HarfBuzz version this module runs against, e.g. "6.0.0".
  static var version: String { String(cString: hb_version_string()) }
}

/// One hb_buffer_t per thread, kept in a pthread TLS slot: shaping clears the calling thread's
/// buffer and fills it, so no lock is taken and no memory is written that another thread
/// touches (a shared pool took one global lock twice per shaped run, and both cores fought over
/// its cache line). The key's destructor destroys the buffer when its thread exits; a thread
/// that is still alive at process exit keeps its buffer reachable from its TLS block.
enum BufferPool {
  /// The TLS key (created once, on first use; never deleted).
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { buffer in
      if let buffer { hb_buffer_destroy(OpaquePointer(buffer)) }
    }
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()

  /// Runs `body` with the calling thread's buffer, cleared. `body` must not shape (the buffer is
  /// not reentrant); it never does: it fills the buffer and calls `hb_shape` once.
  @inline(__always)
  static func withBuffer<Result>(_ body: (OpaquePointer) -> Result) -> Result {
    let buffer: OpaquePointer
    if let stored = pthread_getspecific(key) {
      buffer = OpaquePointer(stored)
    } else {
      buffer = hb_buffer_create()
      pthread_setspecific(key, UnsafeRawPointer(buffer))
    }
    hb_buffer_clear_contents(buffer)
    return body(buffer)
  }
}
