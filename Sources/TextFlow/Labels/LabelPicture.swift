// The pictures of label designs: where a relative path is found, and a PNG's size in pixels
// read from its header. TextFlow has no image decoder: the layout needs only the size, and the
// renderer (Cairo) decodes the file when it draws it.
import Foundation

/// A PNG file a label draws: where it is and its size in pixels.
package struct PictureFile: Sendable, Equatable {
  /// The eight bytes every PNG file starts with (PNG specification, section 5.2); the
  /// renderer's reader checks them too.
  package static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The file's path, absolute.
  var path: String
  /// The width in pixels, from the header.
  var pixelWidth: Int
  /// The height in pixels, from the header.
  var pixelHeight: Int

  /// Why a file cannot be drawn as a label's picture.
  struct Problem: Error, Equatable {
    /// What is wrong, naming the file.
    var message: String
  }

  /// The most pixels a side may have: Cairo's limit for image surfaces, past which it cannot
  /// decode the picture.
  static let maximumSide = 32_767

  /// The file `name` names: an absolute path as it is; a relative one looked for in `folder`,
  /// then in the working directory (`FontCollection.font(named:pointSize:relativeTo:)`'s
  /// rule), so that a design and its pictures can be moved together.
  ///
  /// - Throws: `Problem` naming both places when neither has the file, or saying why it is
  ///   not a PNG this can draw (another format, a truncated file, a size Cairo refuses).
  static func read(_ name: String, relativeTo folder: URL?) throws(Problem) -> PictureFile {
    let places = DocumentPath.places(of: name, relativeTo: folder)
    guard let found = places.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
      let cwd = URL(fileURLWithPath: name).standardizedFileURL.path
      throw Problem(
        message: places.count == 1 || places[0] == cwd
          ? "no such file: \(cwd)" : DocumentPath.missing(name, places: places))
    }
    let path = URL(fileURLWithPath: found).standardizedFileURL.path
    let size = try pixelSize(ofPNG: path)
    return PictureFile(path: path, pixelWidth: size.width, pixelHeight: size.height)
  }

  /// The width and height in the IHDR chunk of the PNG at `path`, once its chunks are seen to
  /// run to an IEND chunk within the file (a download cut short is found here, before any
  /// label is drawn, not by the decoder halfway through a PDF).
  ///
  /// - Throws: `Problem` for a file that cannot be read, is not a PNG (JPEG, GIF and others
  ///   named, with the command that converts them), is truncated or damaged, or is larger
  ///   than Cairo draws.
  static func pixelSize(ofPNG path: String) throws(Problem) -> (width: Int, height: Int) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw Problem(message: "\(path) is a folder, not a PNG picture")
    }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw Problem(message: "\(path) cannot be read (check its permissions)")
    }
    defer { try? handle.close() }
    func read(_ count: Int, at offset: UInt64) -> [UInt8] {
      guard (try? handle.seek(toOffset: offset)) != nil,
        let data = try? handle.read(upToCount: count)
      else { return [] }
      return [UInt8](data)
    }
    func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
      bytes.reduce(0) { $0 << 8 | Int($1) }
    }
    // PNG specification §5.2: the signature, then IHDR first, its 13 bytes starting with the
    // width and height as 4-byte big-endian numbers.
    let head = read(33, at: 0)
    guard head.starts(with: pngSignature) else {
      throw Problem(message: "\(path) \(notPNG(head, path: path))")
    }
    guard head.count == 33, bigEndian(head[8..<12]) == 13, head[12..<16].elementsEqual("IHDR".utf8)
    else {
      throw Problem(message: "\(path) is a truncated or damaged PNG (no IHDR header)")
    }
    let width = bigEndian(head[16..<20])
    let height = bigEndian(head[20..<24])
    guard width > 0, height > 0 else {
      throw Problem(message: "\(path) is a damaged PNG (its header says \(width) × \(height))")
    }
    guard width <= maximumSide, height <= maximumSide else {
      throw Problem(
        message: "\(path) is \(width) × \(height) pixels, more than can be drawn "
          + "(\(maximumSide) a side): scale it down")
    }
    // Each chunk: a 4-byte length, a 4-byte type, the data and a 4-byte CRC.
    let end = (try? handle.seekToEnd()) ?? 0
    var offset: UInt64 = 33
    while true {
      let header = read(8, at: offset)
      guard header.count == 8 else {
        throw Problem(message: "\(path) is a truncated PNG (it ends before its IEND chunk)")
      }
      let length = UInt64(bigEndian(header[0..<4]))
      let next = offset + 12 + length
      guard next <= end else {
        let type = String(decoding: header[4..<8], as: UTF8.self)
        throw Problem(
          message: "\(path) is a truncated PNG (its \(type) chunk runs past the end of the file)")
      }
      if header[4..<8].elementsEqual("IEND".utf8) { break }
      offset = next
    }
    return (width, height)
  }

  /// Why a file that does not start with PNG's signature cannot be drawn, naming the format
  /// its first bytes say and how to convert it.
  private static func notPNG(_ head: [UInt8], path: String) -> String {
    let formats: [(String, [UInt8])] = [
      ("a JPEG", [0xFF, 0xD8, 0xFF]), ("a GIF", Array("GIF8".utf8)),
      ("a TIFF", [0x49, 0x49, 0x2A, 0x00]), ("a TIFF", [0x4D, 0x4D, 0x00, 0x2A]),
    ]
    var format = formats.first { head.starts(with: $0.1) }?.0
    if format == nil, head.count >= 12, head[0..<4].elementsEqual("RIFF".utf8),
      head[8..<12].elementsEqual("WEBP".utf8)
    {
      format = "a WebP"
    }
    if head.isEmpty { return "is empty, not a PNG picture" }
    guard let format else {
      return "is not a PNG picture (it does not start with PNG's signature); labels draw PNG"
    }
    let stem = (path as NSString).deletingPathExtension
    let source = (path as NSString).lastPathComponent
    let target = (stem as NSString).lastPathComponent + ".png"
    return "is \(format) picture; labels draw PNG only: convert it (with ImageMagick: "
      + "convert \(source) \(target))"
  }
}
