// Masks for packed word clouds read from PNG pictures with Cairo's decoder.
import Foundation
import TextFlow

extension CloudMask {
  /// The mask of a PNG picture: words go wherever it is not white or transparent (see
  /// `init(width:height:argb:)`).
  ///
  /// - Throws: `CloudMask.Error` naming the file when it cannot be read as a PNG or has no pixel
  ///   that is not white or transparent.
  public init(contentsOfPNG path: String) throws(CloudMask.Error) {
    guard FileManager.default.isReadableFile(atPath: path) else {
      throw CloudMask.Error(message: "\(path): no such file, or it cannot be read")
    }
    let image: PNGImage
    do {
      image = try PNGImage(contentsOf: path)
    } catch {
      throw CloudMask.Error(message: "\(path): not a PNG picture (\(error.reason))")
    }
    do {
      try self.init(width: image.width, height: image.height, argb: image.pixels)
    } catch {
      throw CloudMask.Error(message: "\(path): \(error.message)")
    }
  }
}
