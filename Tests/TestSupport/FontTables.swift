// A font file's tables as the OpenType spec lays them out, read byte by byte: an independent
// truth for tests of what FreeType and HarfBuzz report about a face.
import Foundation

public enum FontTables {
  /// The byte offset of table `tag` in an sfnt file: numTables at 4, 16-byte records from 12
  /// (tag, checksum, offset, length).
  public static func tableOffset(_ tag: String, in data: Data) -> Int? {
    let bytes = [UInt8](data)
    let count = Int(bytes[4]) << 8 | Int(bytes[5])
    for index in 0..<count {
      let record = 12 + 16 * index
      if String(decoding: bytes[record..<(record + 4)], as: UTF8.self) == tag {
        return bytes[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
      }
    }
    return nil
  }

  /// The pixels per em (across, down) of each colour bitmap strike in the CBLC table: a
  /// 32-bit version and count, then 48-byte BitmapSize records whose bytes 44 and 45 are ppemX
  /// and ppemY. Empty when the font has no CBLC table.
  public static func colorStrikes(in data: Data) -> [(x: Int, y: Int)] {
    guard let table = tableOffset("CBLC", in: data) else { return [] }
    let bytes = [UInt8](data)
    let count = bytes[(table + 4)..<(table + 8)].reduce(0) { $0 << 8 | Int($1) }
    return (0..<count).map { index in
      let record = table + 8 + 48 * index
      return (Int(bytes[record + 44]), Int(bytes[record + 45]))
    }
  }
}
