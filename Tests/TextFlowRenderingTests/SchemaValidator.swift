// A small JSON Schema (draft 2020-12) validator for the keywords schema/textflow-spec.schema.json
// uses: type, enum, properties, required, additionalProperties, items, minItems, maxItems,
// minimum, maximum, exclusiveMinimum, minLength, pattern, oneOf, anyOf, not and local $ref. No
// package can be fetched here, and the subset is small enough to read in one sitting.
import Foundation

struct SchemaValidator {
  let root: [String: Any]

  init(schemaAt url: URL) throws {
    root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
  }

  /// The violations of `instance` (parsed with JSONSerialization), each with its JSON pointer.
  func errors(_ instance: Any) -> [String] {
    var errors: [String] = []
    check(instance, against: root, at: "", into: &errors)
    return errors
  }

  private func resolve(_ schema: [String: Any]) -> [String: Any] {
    guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/") else { return schema }
    var node: Any = root
    for part in ref.dropFirst(2).split(separator: "/") {
      node = (node as! [String: Any])[String(part)]!
    }
    var merged = resolve(node as! [String: Any])
    for (key, value) in schema where key != "$ref" { merged[key] = value }
    return merged
  }

  private func isType(_ value: Any, _ type: String) -> Bool {
    switch type {
    case "object": return value is [String: Any]
    case "array": return value is [Any]
    case "string": return value is String
    case "null": return value is NSNull
    case "boolean":
      return (value as? NSNumber).map(isBoolean) ?? false
    case "number", "integer":
      guard let number = value as? NSNumber, !isBoolean(number) else { return false }
      return type == "number" || number.doubleValue == number.doubleValue.rounded()
    default: return false
    }
  }

  private func isBoolean(_ number: NSNumber) -> Bool {
    // JSONSerialization makes true and false NSNumbers of Objective-C type "c" (char); JSON
    // numbers come back as "q" (integers) or "d".
    String(cString: number.objCType) == "c"
  }

  private func check(
    _ value: Any, against raw: [String: Any], at path: String, into errors: inout [String]
  ) {
    let schema = resolve(raw)
    if let type = schema["type"] as? String, !isType(value, type) {
      errors.append("\(path): expected \(type)")
      return
    }
    if let options = schema["enum"] as? [Any] {
      let matches = options.contains { option in
        (option as? String).map { $0 == value as? String } ?? false
      }
      if !matches { errors.append("\(path): not one of \(options)") }
    }
    if let number = (value as? NSNumber).map(\.doubleValue), !(value is String) {
      if let minimum = schema["minimum"] as? Double, number < minimum {
        errors.append("\(path): below \(minimum)")
      }
      if let maximum = schema["maximum"] as? Double, number > maximum {
        errors.append("\(path): above \(maximum)")
      }
      if let minimum = schema["exclusiveMinimum"] as? Double, number <= minimum {
        errors.append("\(path): not above \(minimum)")
      }
    }
    if let string = value as? String {
      if let minimum = schema["minLength"] as? Int, string.count < minimum {
        errors.append("\(path): too short")
      }
      if let pattern = schema["pattern"] as? String,
        string.range(of: pattern, options: .regularExpression) == nil
      {
        errors.append("\(path): does not match \(pattern)")
      }
    }
    if let array = value as? [Any] {
      if let minimum = schema["minItems"] as? Int, array.count < minimum {
        errors.append("\(path): too few items")
      }
      if let maximum = schema["maxItems"] as? Int, array.count > maximum {
        errors.append("\(path): too many items")
      }
      if let items = schema["items"] as? [String: Any] {
        for (index, element) in array.enumerated() {
          check(element, against: items, at: "\(path)/\(index)", into: &errors)
        }
      }
    }
    if let object = value as? [String: Any] {
      let properties = schema["properties"] as? [String: Any] ?? [:]
      for key in schema["required"] as? [String] ?? [] where object[key] == nil {
        errors.append("\(path): missing \(key)")
      }
      for (key, element) in object {
        if let property = properties[key] as? [String: Any] {
          check(element, against: property, at: "\(path)/\(key)", into: &errors)
        } else if let additional = schema["additionalProperties"] as? [String: Any] {
          check(element, against: additional, at: "\(path)/\(key)", into: &errors)
        } else if (schema["additionalProperties"] as? Bool) == false {
          errors.append("\(path): unknown key \(key)")
        }
      }
    }
    if let options = schema["oneOf"] as? [[String: Any]] {
      let passing = options.filter { option in
        var inner: [String] = []
        check(value, against: option, at: path, into: &inner)
        return inner.isEmpty
      }
      if passing.count != 1 { errors.append("\(path): matches \(passing.count) of oneOf") }
    }
    if let options = schema["anyOf"] as? [[String: Any]] {
      let passes = options.contains { option in
        var inner: [String] = []
        check(value, against: option, at: path, into: &inner)
        return inner.isEmpty
      }
      if !passes { errors.append("\(path): matches none of anyOf") }
    }
    if let negated = schema["not"] as? [String: Any] {
      var inner: [String] = []
      check(value, against: negated, at: path, into: &inner)
      if inner.isEmpty { errors.append("\(path): matches a forbidden schema") }
    }
  }
}
