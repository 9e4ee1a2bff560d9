// Image blocks read from a design's JSON: their keys, and errors naming the key path of what
// is wrong (as the schema, schema/label-design.schema.json, says it).
import Foundation
import Testing
import TextFlow
import TextFlowSpec

@Suite struct LabelDesignImageReaderTests {
  static func read(_ json: String) throws(DesignError) -> LabelDesign {
    try LabelDesignReader.read(Data(json.utf8))
  }

  static func error(_ json: String) -> String {
    do {
      _ = try read(json)
      return ""
    } catch {
      return error.description
    }
  }

  @Test func anImageBlockKeepsItsPathSizeAndAlignment() throws {
    let design = try Self.read(
      #"{"blocks": [{"text": "{name}"}, "#
        + #"{"image": "{photo}", "height": 24, "width": 30, "alignment": "right"}, "#
        + #"{"image": "logo.png"}]}"#)
    guard case .image(let photo) = design.blocks[1], case .image(let logo) = design.blocks[2]
    else {
      Issue.record("blocks 2 and 3 are not images: \(design.blocks)")
      return
    }
    #expect(photo.template.fieldNames == ["photo"])
    #expect(photo.height == 24 && photo.width == 30 && photo.alignment == .right)
    #expect(logo.template.source == "logo.png" && logo.template.fieldNames.isEmpty)
    #expect(logo.height == nil && logo.width == nil && logo.alignment == .center)
  }

  @Test func wrongKeysAreNamedByTheirKeyPath() {
    #expect(
      Self.error(#"{"blocks": [{"image": 3}]}"#).hasPrefix("blocks[0].image: expected a string"))
    #expect(
      Self.error(#"{"blocks": [{"text": "x"}, {"image": "a.png", "symbology": "qr"}]}"#)
        == "blocks[1].symbology: belongs to a barcode block")
    #expect(
      Self.error(#"{"blocks": [{"image": "a.png", "size": 3}]}"#)
        == "blocks[0].size: belongs to a text block")
    #expect(
      Self.error(#"{"blocks": [{"text": "x", "width": 3}]}"#)
        == "blocks[0].width: belongs to an image block")
    #expect(
      Self.error(#"{"blocks": [{"text": "x", "image": "a.png"}]}"#).hasPrefix("blocks[0].image: "))
    #expect(
      Self.error(#"{"blocks": [{"image": "a.png", "height": 0}]}"#).hasPrefix("blocks[0].height: "))
    #expect(Self.error(#"{"blocks": [{"image": "{photo"}]}"#).hasPrefix("blocks[0].image: "))
    #expect(Self.error(#"{"blocks": [{"alignment": "left"}]}"#).contains("\"image\""))
  }
}
