// Fuzz target: the JSON spec reader (`textflow layout`). Arbitrary bytes either decode to a spec
// or give a `DecodingError`; a decoded spec lays out with finite output; parsed JSON writes back
// to text that parses to the same value.
import Foundation
import FuzzSupport
import TextFlowSpec

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  guard let data else { return 0 }
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  if let value = try? JSONValue.parse(bytes) {
    let text = value.text
    let reparsed = try? JSONValue.parse(text)
    require(reparsed == value, "JSON round trip: \(text)")
  }
  let spec: LayoutSpec
  do {
    spec = try LayoutSpec(json: bytes)
  } catch {
    require(!error.description.isEmpty, "an error with no message")
    return 0
  }
  // Keep each run short: the reader allows a million items, the fuzzer wants many runs.
  guard spec.sections.reduce(0, { $0 + $1.itemCount }) <= 20_000 else { return 0 }
  let result = spec.run()
  require(
    result.contentSize.width.isFinite && result.contentSize.height.isFinite,
    "content size \(result.contentSize)")
  for element in result.elements {
    let frame = element.frame
    require(
      frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite,
      "frame \(frame)")
  }
  // The output is JSON whose only nulls are cells' kinds (a number that is not finite would
  // print as null).
  guard let output = try? JSONValue.parse(result.json) else {
    require(false, "the output is not JSON: \(result.json)")
    return 0
  }
  require(onlyKindsAreNull(output), "a null number in the output")
  return 0
}

func onlyKindsAreNull(_ value: JSONValue) -> Bool {
  switch value {
  case .null: return false
  case .array(let values): return values.allSatisfy(onlyKindsAreNull)
  case .object(let members):
    return members.allSatisfy { $0.key == "kind" || onlyKindsAreNull($0.value) }
  default: return true
  }
}
