// One face per font file: every name for a file (paths, symlinks, the bundled name) gets the
// same face, loaded once; faces nobody uses are released; bad folder entries are skipped.
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Font interning")
struct FontInterningTests {
  /// A private copy of a bundled font in a fresh folder (a file no other test loads).
  static func copy(_ name: String, to folder: URL, as newName: String? = nil) throws -> URL {
    let target = folder.appendingPathComponent(newName ?? name)
    try FileManager.default.copyItem(at: Fixtures.font(name), to: target)
    return target
  }

  @Test("a file named by absolute, relative and symlinked paths is loaded once, at any count")
  func oneLoadPerFile() throws {
    let folder = try Fixtures.temporaryDirectory("interning")
    let file = try Self.copy("NotoSansHebrew-Regular.ttf", to: folder)
    let link = folder.appendingPathComponent("link.ttf")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    let dotted = folder.appendingPathComponent("sub/../NotoSansHebrew-Regular.ttf").path
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    let names = [file.path, link.path, dotted]
    var first: FontFace?
    func request(_ count: Int) throws {
      for index in 0..<count {
        let font = try Engine.fonts.font(named: names[index % names.count], pointSize: 12)
        if first == nil { first = font.face }
        #expect(font.face === first)
      }
    }
    try request(10)
    #expect(FontFace.loadCount(ofFile: file) == 1)
    try request(1000)
    #expect(FontFace.loadCount(ofFile: file) == 1)
    // The file's family from its own name table, through FreeType: the same font.
    #expect(first?.familyName == "Noto Sans Hebrew")
    // Laid out by every name, the text is shaped once: the shape cache is keyed by face.
    let typesetter = Typesetter(fonts: Engine.fonts)
    for name in names {
      _ = typesetter.layout(
        AttributedText("שלום עולם", font: try Engine.fonts.font(named: name, pointSize: 12)))
    }
    #expect(typesetter.paragraphCache.misses == 1)
  }

  @Test(
    "a face reports its file's real path, whichever name loaded it first",
    arguments: [true, false])
  func sourceIsTheRealPath(linkFirst: Bool) throws {
    let folder = try Fixtures.temporaryDirectory("interning-source")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try Self.copy("NotoSansHebrew-Regular.ttf", to: folder)
    let link = folder.appendingPathComponent("serif-link.ttf")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
    let dotted = folder.appendingPathComponent("sub/../NotoSansHebrew-Regular.ttf")
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
    // The truth: the file the link points to, as the file system resolves it.
    let real = file.resolvingSymlinksInPath().path
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
    let names = linkFirst ? [link, dotted, file] : [file, link, dotted]
    let faces = try names.map { try Engine.fonts.font(named: $0.path, pointSize: 12).face }
    #expect(faces.allSatisfy { $0 === faces[0] })
    #expect(faces[0].source == real)
    #expect(faces[0].fileURL?.path == real)
    // A face loaded afresh, not shared, says the same.
    for name in names {
      let fresh = try FontFace(contentsOf: name)
      #expect(fresh.source == real && fresh.fileURL?.path == real, "\(name.path)")
    }
  }

  @Test("a folder's file is named by its name in the folder, a symlink's too")
  func folderNames() throws {
    let folder = try Fixtures.temporaryDirectory("interning-folder-names")
    defer { try? FileManager.default.removeItem(at: folder) }
    _ = try Self.copy("DejaVuSans.ttf", to: folder)
    let thai = Fixtures.font("NotoSansThai-Regular.ttf")
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("thai.ttf"), withDestinationURL: thai)
    // The fixture is loaded by its own path first (as the shared collection does).
    let loaded = try FontFace.shared(contentsOf: thai)
    let fonts = try FontCollection.bundled(directory: folder)
    let face = try fonts.font(named: "thai.ttf", pointSize: 12).face
    #expect(face === loaded && face.source == thai.resolvingSymlinksInPath().path)
  }

  @Test("a bundled file named by its path is the collection's own face")
  func bundledByPath() throws {
    let byPath = try Engine.fonts.font(named: Fixtures.font("DejaVuSans.ttf").path, pointSize: 12)
    #expect(byPath.face === Engine.face("DejaVuSans.ttf"))
    let relative = Fixtures.fontsDirectory.appendingPathComponent("../Fonts/DejaVuSans.ttf").path
    #expect(try Engine.fonts.font(named: relative, pointSize: 12).face === byPath.face)
  }

  @Test("a symlink to a font is followed; a symlink to a device is still refused")
  func symlinks() throws {
    let folder = try Fixtures.temporaryDirectory("interning-link")
    let link = folder.appendingPathComponent("font.ttf")
    try FileManager.default.createSymbolicLink(
      at: link, withDestinationURL: Fixtures.font("NotoSansThai-Regular.ttf"))
    #expect(try FontFace(contentsOf: link).familyName == "Noto Sans Thai")
    let device = folder.appendingPathComponent("zero.ttf")
    try FileManager.default.createSymbolicLink(
      at: device, withDestinationURL: URL(fileURLWithPath: "/dev/zero"))
    #expect(
      throws: FontLoadingError(
        source: device.path, reason: "is not a regular file", freeTypeError: nil)
    ) { try FontFace(contentsOf: device) }
  }

  @Test("faces nobody uses are released; the face's bytes are the file's, not copies")
  func release() throws {
    let folder = try Fixtures.temporaryDirectory("interning-release")
    weak var released: FontFace?
    try {
      let face = try FontFace.shared(contentsOf: Self.copy("NotoSansThai-Regular.ttf", to: folder))
      released = face
      let original = try Data(contentsOf: Fixtures.font("NotoSansThai-Regular.ttf"))
      #expect(face.data == original)
      #expect(face.byteCount == original.count)
    }()
    // The most recent loads are kept; as many other files loaded after it push it out.
    for index in 0...FontFace.recentFaceCount {
      _ = try FontFace.shared(
        contentsOf: Self.copy("NotoSansHebrew-Regular.ttf", to: folder, as: "h\(index).ttf"))
    }
    #expect(released == nil)
  }

  @Test("a file replaced on disk loads anew; faces already handed out keep their bytes")
  func replacedFile() throws {
    let folder = try Fixtures.temporaryDirectory("interning-replace")
    let file = try Self.copy("NotoSansThai-Regular.ttf", to: folder, as: "font.ttf")
    let before = try FontFace.shared(contentsOf: file)
    let thaiBytes = try Data(contentsOf: Fixtures.font("NotoSansThai-Regular.ttf"))
    try FileManager.default.removeItem(at: file)
    try FileManager.default.copyItem(at: Fixtures.font("NotoSansHebrew-Regular.ttf"), to: file)
    let after = try FontFace.shared(contentsOf: file)
    #expect(after !== before)
    #expect(after.familyName == "Noto Sans Hebrew")
    #expect(before.familyName == "Noto Sans Thai")
    #expect(before.data == thaiBytes)
  }

  @Test("a fonts folder entry that cannot load is skipped and reported, not fatal")
  func badFolderEntries() throws {
    let folder = try Fixtures.temporaryDirectory("interning-folder")
    _ = try Self.copy("DejaVuSans.ttf", to: folder)
    try Data("not a font".utf8).write(to: folder.appendingPathComponent("junk.ttf"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("thai.ttf"),
      withDestinationURL: Fixtures.font("NotoSansThai-Regular.ttf"))
    let fonts = try FontCollection.bundled(directory: folder)
    #expect(fonts.faces.map(\.familyName).sorted() == ["DejaVu Sans", "Noto Sans Thai"])
    #expect(fonts.skippedFonts.map(\.source) == [folder.appendingPathComponent("junk.ttf").path])
  }

  /// A TrueType collection whose header declares `count` faces, all pointing at one copy of
  /// DejaVu Sans (its table offsets moved past the header, as the TTC format requires).
  static func collection(declaring count: Int) throws -> Data {
    let font = try [UInt8](Data(contentsOf: Fixtures.font("DejaVuSans.ttf")))
    let offset = 12 + 4 * count
    var sfnt = font
    func u32(_ bytes: [UInt8], _ at: Int) -> Int {
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    func put(_ value: Int, _ bytes: inout [UInt8], _ at: Int) {
      for index in 0..<4 { bytes[at + index] = UInt8((value >> (24 - 8 * index)) & 0xFF) }
    }
    let tableCount = Int(font[4]) << 8 | Int(font[5])
    for table in 0..<tableCount {
      let record = 12 + 16 * table
      put(u32(font, record + 8) + offset, &sfnt, record + 8)
    }
    var header = [UInt8](repeating: 0, count: offset)
    header[0...3] = [0x74, 0x74, 0x63, 0x66]  // "ttcf"
    put(0x0001_0000, &header, 4)
    put(count, &header, 8)
    for face in 0..<count { put(offset, &header, 12 + 4 * face) }
    return Data(header + sfnt)
  }

  @Test("a collection declaring more faces than the bound is refused; within it, it loads")
  func faceCountBound() throws {
    let small = try FontFace(data: Self.collection(declaring: 3), source: "small.ttc")
    #expect(small.faceCount == 3 && small.familyName == "DejaVu Sans")
    let count = FontFace.maximumFaceCount + 1
    #expect(
      throws: FontLoadingError(
        source: "big.ttc",
        reason:
          "the collection declares \(count) faces, more than the \(FontFace.maximumFaceCount) allowed",
        freeTypeError: nil)
    ) { try FontFace(data: Self.collection(declaring: count), source: "big.ttc") }
  }
}

@Suite("Caches account for the fonts they keep loaded")
struct CacheFaceBytesTests {
  @Test("faces named by path are counted once per cache, released with the entries, bounded")
  func faceBytes() throws {
    let folder = try Fixtures.temporaryDirectory("interning-ledger")
    let typesetter = Typesetter(fonts: Engine.fonts)
    var expected = 0
    weak var firstFace: FontFace?
    for index in 0..<5 {
      let file = try FontInterningTests.copy(
        "NotoSansHebrew-Regular.ttf", to: folder, as: "hebrew\(index).ttf")
      let font = try Engine.fonts.font(named: file.path, pointSize: 12)
      if index == 0 { firstFace = font.face }
      expected += font.face.byteCount
      for word in ["שלום", "עולם", "שלום עולם"] { _ = typesetter.layout(word, font: font) }
    }
    // Bundled faces are not counted: they stay loaded with the collection anyway.
    _ = typesetter.layout("Hello", font: Engine.dejaVu())
    #expect(typesetter.shapeCache.faceByteCount == expected)
    // Prepared texts and stored layouts each count every face once.
    #expect(typesetter.paragraphCache.faceByteCount == 2 * expected)
    typesetter.shapeCache.removeAll()
    typesetter.paragraphCache.removeAll()
    #expect(typesetter.shapeCache.faceByteCount == 0)
    #expect(typesetter.paragraphCache.faceByteCount == 0)
    // Nothing holds the first face now but the most-recent list: more loads push it out.
    for index in 0...FontFace.recentFaceCount {
      _ = try FontFace.shared(
        contentsOf: FontInterningTests.copy(
          "NotoSansThai-Regular.ttf", to: folder, as: "thai\(index).ttf"))
    }
    #expect(firstFace == nil)
  }

  @Test("a stream of distinct large font files stays within the caches' face budget")
  func budget() throws {
    let folder = try Fixtures.temporaryDirectory("interning-budget")
    let typesetter = Typesetter(fonts: Engine.fonts)
    let size = try #require(
      try FileManager.default.attributesOfItem(
        atPath: Fixtures.font("DroidSansFallbackFull.ttf").path)[
          .size] as? Int)
    let count = ShapeCache.maximumFaceBytes / size + 3
    var peak = 0
    for index in 0..<count {
      let file = try FontInterningTests.copy(
        "DroidSansFallbackFull.ttf", to: folder, as: "droid\(index).ttf")
      let font = try Engine.fonts.font(named: file.path, pointSize: 12)
      // "好。」" is one segment longer than a lone ideograph, which the shape cache leaves to
      // its shaping group (`LayoutEngine.isShapedInGroupOnly`): stored, with its face.
      _ = typesetter.layout("你好。」 \(index)", font: font)
      peak = max(peak, typesetter.shapeCache.faceByteCount)
      #expect(typesetter.shapeCache.faceByteCount <= ShapeCache.maximumFaceBytes)
      #expect(
        typesetter.paragraphCache.faceByteCount <= 2 * ParagraphCache.maximumFaceBytes)
      try FileManager.default.removeItem(at: file)
    }
    #expect(peak > ShapeCache.maximumFaceBytes - 2 * size)  // the budget was reached
  }
}
