// Label designs from JSON (schema/label-design.schema.json), with errors that name the key path.
import Foundation
import TextFlow

/// Why a design could not be read: the key path (`blocks[2].symbology`) and the problem.
public struct DesignError: Error, CustomStringConvertible, Sendable, Equatable {
  /// Where, as a key path, or a line and column for a syntax error.
  public var path: String
  /// What is wrong.
  public var message: String

  /// "blocks[2].symbology: …".
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// Reads a `LabelDesign` from JSON.
///
/// ```swift
/// let design = try LabelDesignReader.read(Data(#"{"blocks": [{"text": "{name}"}]}"#.utf8))
/// ```
public enum LabelDesignReader {
  /// Parses a design document.
  ///
  /// - Throws: `DesignError` naming the line and column of a syntax error, or the key path of
  ///   a wrong or unknown value.
  public static func read(_ data: Data) throws(DesignError) -> LabelDesign {
    let value: JSONValue
    do {
      value = try JSONValue.parse(data)
    } catch {
      throw DesignError(path: "", message: "\(error)")
    }
    return try design(value)
  }

  private static func members(_ value: JSONValue, _ path: String, allowed: Set<String>)
    throws(DesignError) -> [String: JSONValue]
  {
    guard case .object(let pairs) = value else {
      throw DesignError(path: path, message: "expected an object, got a \(value.typeName)")
    }
    var result: [String: JSONValue] = [:]
    for pair in pairs {
      let key = path.isEmpty ? pair.key : "\(path).\(pair.key)"
      guard allowed.contains(pair.key) else {
        throw DesignError(
          path: key,
          message: "unknown key (expected one of \(allowed.sorted().joined(separator: ", ")))")
      }
      result[pair.key] = pair.value
    }
    return result
  }

  private static func number(
    _ value: JSONValue?, _ path: String, in range: ClosedRange<Double>
  ) throws(DesignError) -> Double? {
    guard let value else { return nil }
    guard case .number(let number) = value, range.contains(number) else {
      throw DesignError(
        path: path,
        message:
          "expected a number from \(JSONValue.format(range.lowerBound)) to \(JSONValue.format(range.upperBound)), got \(value.text)"
      )
    }
    return number
  }

  private static func string(_ value: JSONValue?, _ path: String) throws(DesignError) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value else {
      throw DesignError(path: path, message: "expected a string, got a \(value.typeName)")
    }
    return text
  }

  private static func bool(_ value: JSONValue?, _ path: String) throws(DesignError) -> Bool? {
    guard let value else { return nil }
    guard case .bool(let flag) = value else {
      throw DesignError(path: path, message: "expected true or false, got a \(value.typeName)")
    }
    return flag
  }

  private static func choice<E: RawRepresentable & CaseIterable>(
    _ value: JSONValue?, _ path: String, _ type: E.Type
  ) throws(DesignError) -> E? where E.RawValue == String {
    guard let text = try string(value, path) else { return nil }
    guard let result = E(rawValue: text) else {
      throw DesignError(
        path: path,
        message:
          "expected one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), got \(JSONValue.quote(text))"
      )
    }
    return result
  }

  private static func template(_ text: String, _ path: String) throws(DesignError)
    -> FieldTemplate
  {
    do {
      return try FieldTemplate(text)
    } catch {
      throw DesignError(path: path, message: error.description)
    }
  }

  private static func design(_ value: JSONValue) throws(DesignError) -> LabelDesign {
    let root = try members(
      value, "",
      allowed: [
        "blocks", "padding", "spacing", "verticalAlignment", "minimumSize", "copies",
        "background",
      ])
    guard case .array(let items)? = root["blocks"] else {
      throw DesignError(path: "blocks", message: "expected an array of blocks")
    }
    var design = LabelDesign(blocks: [])
    for (index, item) in items.enumerated() {
      design.blocks.append(try block(item, LabelDesign.keyPath(ofBlock: index)))
    }
    if let padding = try number(root["padding"], "padding", in: 0...1000) {
      design.padding = padding
    }
    if let spacing = try number(root["spacing"], "spacing", in: 0...1000) {
      design.spacing = spacing
    }
    if let alignment = try choice(
      root["verticalAlignment"], "verticalAlignment", LabelDesign.VerticalAlignment.self)
    {
      design.verticalAlignment = alignment
    }
    if let minimum = try number(root["minimumSize"], "minimumSize", in: 1...1000) {
      design.minimumSize = minimum
    }
    if let copies = try number(root["copies"], "copies", in: 1...10_000) {
      guard copies == copies.rounded() else {
        throw DesignError(path: "copies", message: "expected a whole number")
      }
      design.copies = Int(copies)
    }
    if let background = try string(root["background"], "background") {
      do {
        design.background = try Color(parsing: background)
      } catch {
        throw DesignError(path: "background", message: "\(error)")
      }
    }
    return design
  }

  private static func block(_ value: JSONValue, _ path: String) throws(DesignError)
    -> LabelDesign.Block
  {
    let keys = try members(
      value, path,
      allowed: [
        "text", "barcode", "image", "font", "size", "weight", "color", "alignment", "maxLines",
        "symbology", "height", "width", "moduleWidth", "showText",
      ])
    let kinds = ["text", "barcode", "image"].filter { keys[$0] != nil }
    if kinds.count > 1 {
      throw DesignError(
        path: "\(path).\(kinds[1])",
        message: "a block is one of text, barcode or image, and this one is also \(kinds[0])")
    }
    if let image = try string(keys["image"], "\(path).image") {
      for key in ["font", "size", "weight", "color", "maxLines"] where keys[key] != nil {
        throw DesignError(path: "\(path).\(key)", message: "belongs to a text block")
      }
      for key in ["symbology", "moduleWidth", "showText"] where keys[key] != nil {
        throw DesignError(path: "\(path).\(key)", message: "belongs to a barcode block")
      }
      var block = LabelDesign.ImageBlock(template: try template(image, "\(path).image"))
      block.height = try number(keys["height"], "\(path).height", in: 1...2000)
      block.width = try number(keys["width"], "\(path).width", in: 1...2000)
      if let alignment = try choice(keys["alignment"], "\(path).alignment", TextAlignment.self) {
        block.alignment = alignment
      }
      return .image(block)
    }
    if let text = try string(keys["text"], "\(path).text") {
      for key in ["symbology", "height", "moduleWidth", "showText"] where keys[key] != nil {
        throw DesignError(path: "\(path).\(key)", message: "belongs to a barcode block")
      }
      if keys["width"] != nil {
        throw DesignError(path: "\(path).width", message: "belongs to an image block")
      }
      var block = LabelDesign.TextBlock(template: try template(text, "\(path).text"))
      block.font = try string(keys["font"], "\(path).font")
      if let size = try number(keys["size"], "\(path).size", in: 1...1000) { block.size = size }
      if let weight = try string(keys["weight"], "\(path).weight") {
        switch weight {
        case "bold": block.bold = true
        case "regular", "normal": block.bold = false
        default:
          throw DesignError(
            path: "\(path).weight",
            message: "expected bold or regular, got \(JSONValue.quote(weight))")
        }
        if block.bold, let font = block.font, !font.lowercased().hasSuffix("bold"),
          !font.contains("/"), !font.hasSuffix(".ttf"), !font.hasSuffix(".otf")
        {
          block.font = font + " Bold"
        }
      }
      if let color = try string(keys["color"], "\(path).color") {
        do {
          block.color = try Color(parsing: color)
        } catch {
          throw DesignError(path: "\(path).color", message: "\(error)")
        }
      }
      if let alignment = try choice(keys["alignment"], "\(path).alignment", TextAlignment.self) {
        block.alignment = alignment
      }
      if let lines = try number(keys["maxLines"], "\(path).maxLines", in: 0...1000) {
        guard lines == lines.rounded() else {
          throw DesignError(
            path: "\(path).maxLines",
            message: "expected a whole number, got \(JSONValue.format(lines))")
        }
        block.maxLines = Int(lines)
      }
      return .text(block)
    }
    guard let data = try string(keys["barcode"], "\(path).barcode") else {
      throw DesignError(path: path, message: "a block needs \"text\", \"barcode\" or \"image\"")
    }
    for key in ["font", "size", "weight", "color", "maxLines"] where keys[key] != nil {
      throw DesignError(path: "\(path).\(key)", message: "belongs to a text block")
    }
    if keys["width"] != nil {
      throw DesignError(path: "\(path).width", message: "belongs to an image block")
    }
    guard
      let symbology = try choice(keys["symbology"], "\(path).symbology", BarcodeSymbology.self)
    else {
      throw DesignError(
        path: "\(path).symbology",
        message:
          "a barcode needs a symbology: \(BarcodeSymbology.allCases.map(\.rawValue).joined(separator: ", "))"
      )
    }
    var block = LabelDesign.BarcodeBlock(
      template: try template(data, "\(path).barcode"), symbology: symbology)
    if let height = try number(keys["height"], "\(path).height", in: 1...2000) {
      block.height = height
    }
    block.moduleWidth = try number(keys["moduleWidth"], "\(path).moduleWidth", in: 0.1...100)
    if let shows = try bool(keys["showText"], "\(path).showText") { block.showsText = shows }
    if let alignment = try choice(keys["alignment"], "\(path).alignment", TextAlignment.self) {
      block.alignment = alignment
    }
    return .barcode(block)
  }
}
