// `layout --visible`: only what a collection view on screen realises at the spec's content
// offset is measured (UIKit's self-sizing: a cell measures when it becomes visible), so the
// first screen of a long list costs a screen, not the list. The truth for the frames is the
// full layout of the same spec: with nothing above them unmeasured, the visible items sit
// where the full layout puts them.
import Foundation
import TestSupport
import Testing

@Suite("Visible-only layout")
struct VisibleLayoutTests {
  func spec(_ count: Int, offset: Int = 0) -> String {
    let texts = (0..<count).map { "\"item \($0) with a few words\"" }.joined(separator: ",")
    return """
      {"collectionView": {"size": [375, 667], "contentOffset": [0, \(offset)]},
       "layout": {"minimumLineSpacing": 4, "estimatedItemSize": [120, 24]},
       "sections": [{"texts": [\(texts)]}]}
      """
  }

  func run(_ arguments: [String], _ spec: String) throws -> (json: [String: Any], work: Int) {
    let result = try ProcessRunner.run(
      Executables.textflow, arguments, input: Data(spec.utf8),
      environment: ["TEXTFLOW_COUNT_WORK": "1"])
    #expect(result.status == 0, "\(result.standardError)")
    let object = try JSONSerialization.jsonObject(with: result.standardOutputData)
    return (object as? [String: Any] ?? [:], result.countedFigure("work") ?? -1)
  }

  func frames(_ json: [String: Any]) -> [Int: [Double]] {
    var frames: [Int: [Double]] = [:]
    for element in json["elements"] as? [[String: Any]] ?? []
    where element["category"] as? String == "cell" {
      if let item = element["item"] as? Int, let frame = element["frame"] as? [Double] {
        frames[item] = frame
      }
    }
    return frames
  }

  @Test("the first screen of 100 000 self-sizing items measures one screen")
  func firstScreen() throws {
    let count = 100_000
    let (visible, work) = try run(["layout", "-", "--visible"], spec(count))
    let measured = visible["measuredItems"] as? Int ?? -1
    #expect(measured > 10)
    #expect(measured < 200)
    #expect(visible["itemCount"] as? Int == count)
    #expect(visible["region"] as? String == "visible")
    #expect(visible["contentSizeIsEstimated"] as? Bool == true)
    // The content size is the estimate: far taller than the screen.
    let size = visible["contentSize"] as? [Double] ?? []
    #expect(size.count == 2 && size[1] > 100_000)
    // Every element reported is on screen or within a screen of it, and the work was a few
    // steps per measured element, not per item.
    for (_, frame) in frames(visible) { #expect(frame[1] < 2 * 667) }
    #expect(work > 0 && work < 20 * measured, "\(work) steps for \(measured) items")

    // The same frames as the full layout of the first items.
    let (full, _) = try run(["layout", "-"], spec(300))
    let fullFrames = frames(full)
    #expect(full["measuredItems"] as? Int == 300)
    for (item, frame) in frames(visible) { #expect(fullFrames[item] == frame, "item \(item)") }
  }

  @Test("\"render\": {\"region\": \"visible\"} in the spec does the same")
  func specKey() throws {
    var text = spec(2000)
    text = String(text.dropLast()) + ", \"render\": {\"region\": \"visible\"}}"
    let (json, _) = try run(["layout", "-"], text)
    #expect((json["measuredItems"] as? Int ?? 0) < 200)
    #expect(json["itemCount"] as? Int == 2000)
  }

  // A spec of fixed sizes printed every element with --visible (only its drawing was cut to
  // the screen), and none of the keys the help promises.
  @Test(
    "a spec of fixed sizes: --visible prints the elements on screen, whose frames are the full layout's"
  )
  func fixedSizes() throws {
    let spec = """
      {"collectionView": {"size": [320, 200], "contentOffset": [0, 300]},
       "layout": {"itemSize": [100, 50], "minimumLineSpacing": 10, "minimumInteritemSpacing": 10},
       "sections": [{"itemCount": 30}]}
      """
    let (full, _) = try run(["layout", "-"], spec)
    let (visible, _) = try run(["layout", "-", "--visible"], spec)
    // Rows of three 100-wide items, 60 apart: y = 60 × row. The screen is y 300..<500: rows 5
    // to 8 (y 300, 360, 420, 480), items 15 to 26.
    let allFrames = frames(full)
    let shown = frames(visible)
    #expect(allFrames.count == 30)
    #expect(shown.keys.sorted() == Array(15...26))
    for (item, frame) in shown { #expect(frame == allFrames[item], "item \(item)") }
    #expect(visible["region"] as? String == "visible")
    #expect(visible["itemCount"] as? Int == 30)
    #expect(visible["contentSizeIsEstimated"] as? Bool == false)
    #expect(visible["contentSize"] as? [Double] == full["contentSize"] as? [Double])
    #expect(full["region"] == nil)
  }
}
