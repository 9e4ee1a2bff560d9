// The layout spec: the hand-written JSON reader, decoding errors with key paths, and the output.
import Foundation
import Testing
import TextFlow

@testable import TextFlowSpec

@Suite("Layout spec and JSON")
struct LayoutSpecTests {
  func spec(_ text: String) throws(LayoutSpec.DecodingError) -> LayoutSpec {
    try LayoutSpec(json: Data(text.utf8))
  }

  func error(_ text: String) -> String? {
    do {
      _ = try spec(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("JSON: values, escapes, order, and errors with line and column")
  func json() throws {
    let value = try JSONValue.parse(
      #"{"b": [1, -2.5e1, true, null], "a": "x\u00e9\ud83d\ude00\n"}"#)
    #expect(
      value
        == .object([
          (key: "b", value: .array([.number(1), .number(-25), .bool(true), .null])),
          (key: "a", value: .string("xé😀\n")),
        ]))
    #expect(value.text == #"{"b": [1, -25, true, null], "a": "xé😀\n"}"#)
    func syntax(_ text: String) -> String? {
      do {
        _ = try JSONValue.parse(text)
        return nil
      } catch {
        return error.description
      }
    }
    #expect(syntax("[1, 2") == "line 1, column 6: unexpected end of input in an array")
    #expect(syntax("{\"a\": 1, \"a\": 2}") == "line 1, column 10: duplicate key \"a\"")
    #expect(syntax("[01]") == "line 1, column 3: expected ',' or ']'")
    #expect(syntax("[1.]")?.contains("digits expected") == true)
    #expect(syntax("\"\\ud800\"")?.contains("unpaired surrogate") == true)
    #expect(syntax("[1e999]")?.contains("out of range") == true)
    #expect(syntax("[1] x") == "line 1, column 5: unexpected text after the JSON value")
    #expect(syntax(String(repeating: "[", count: 600))?.contains("too deep") == true)
    #expect(JSONValue.format(375) == "375")
    #expect(JSONValue.format(-0.0) == "0")
    #expect(JSONValue.format(91.25) == "91.25")
    #expect(JSONValue.format(1.0 / 3) == "0.3333333333333333")
    #expect(JSONValue.format(.nan) == "null")
  }

  @Test("decoding: every key by its UIKit name, per-section overrides, itemCount")
  func decoding() throws {
    let decoded = try spec(
      """
      {"collectionView": {"size": [320, 480], "contentInset": [1, 2, 3, 4], "contentOffset": [5, 6],
                          "safeAreaInsets": [0, 44, 0, 44], "layoutMargins": [0, 8, 0, 8],
                          "layoutDirection": "rightToLeft"},
       "layout": {"scrollDirection": "horizontal", "itemSize": [10, 20], "estimatedItemSize": [1, 1],
                  "minimumLineSpacing": 3, "minimumInteritemSpacing": 4, "sectionInset": [1, 1, 1, 1],
                  "headerReferenceSize": [7, 8], "footerReferenceSize": [9, 10],
                  "sectionInsetReference": "fromSafeArea", "sectionHeadersPinToVisibleBounds": true,
                  "sectionFootersPinToVisibleBounds": false, "flipsHorizontallyInOppositeLayoutDirection": false,
                  "commonLineAlignment": "leading", "lastLineAlignment": "center", "crossAxisAlignment": "bottom",
                  "centersSingleItemSection": false, "sectionBackground": {"insets": [1, 2, 3, 4], "zIndex": -2},
                  "pixelScale": 2},
       "sections": [{"itemCount": 3, "crossAxisAlignment": "top"},
                    {"items": [{"size": [1, 2], "baselineOffset": 1.5}, {}]}]}
      """)
    #expect(decoded.collectionView.contentInset == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
    #expect(decoded.collectionView.contentOffset == CGPoint(x: 5, y: 6))
    #expect(decoded.collectionView.layoutDirection == .rightToLeft)
    #expect(decoded.layout.scrollDirection == .horizontal)
    #expect(
      decoded.layout.sectionBackground
        == SectionBackground(insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), zIndex: -2))
    #expect(decoded.sections[0].itemCount == 3)
    #expect(decoded.sections[0].alignment.crossAxisAlignment == .top)
    #expect(
      decoded.sections[1].items == [
        LayoutSpec.Item(size: CGSize(width: 1, height: 2), baselineOffset: 1.5), LayoutSpec.Item(),
      ])
    let layout = decoded.makeLayout()
    #expect(
      layout.alignment
        == FlowAlignment(
          commonLine: .leading, lastLine: .center, crossAxis: .bottom,
          centersSingleItemSection: false))
    #expect(layout.pixelScale == 2 && layout.sectionInsetReference == .fromSafeArea)
    #expect(!layout.flipsHorizontallyInOppositeLayoutDirection)
  }

  @Test("errors name the key path")
  func errors() {
    #expect(error("[]") == "expected an object, got array")
    #expect(error("{}") == "collectionView: missing (the collection view's size is required)")
    #expect(error(#"{"collectionView": {}}"#) == "collectionView.size: missing")
    #expect(
      error(#"{"collectionView": {"size": [1]}}"#)
        == "collectionView.size: expected [width, height] (an array of 2 numbers), got an array of 1"
    )
    #expect(
      error(#"{"collectionView": {"size": [1, 2]}, "extra": 1}"#)?.hasPrefix(
        "extra: unknown key (expected one of: collectionView, layout, sections)") == true)
    #expect(
      error(#"{"collectionView": {"size": [1, 2]}, "layout": {"scrollDirection": "diagonal"}}"#)
        == "layout.scrollDirection: unknown value \"diagonal\" (expected one of: vertical, horizontal)"
    )
    #expect(
      error(#"{"collectionView": {"size": [1, 2]}, "layout": {"sectionInset": [1, 2, 3]}}"#)
        == "layout.sectionInset: expected [top, left, bottom, right] (an array of 4 numbers), got an array of 3"
    )
    #expect(
      error(#"{"collectionView": {"size": [1, 2]}, "layout": {"pixelScale": 0}}"#)
        == "layout.pixelScale: must be a positive number (1, 2, 3…)")
    #expect(
      error(#"{"collectionView": {"size": [1, 2]}, "sections": {}}"#)
        == "sections: expected an array, got object")
    #expect(
      error(#"{"collectionView": {"size": [1, 2]}, "sections": [{"items": [], "itemCount": 1}]}"#)
        == "sections[0].itemCount: give either items or itemCount, not both")
    #expect(
      error(#"{"collectionView": {"size": [1, 2]}, "sections": [{"itemCount": 1.5}]}"#)
        == "sections[0].itemCount: expected an integer, got 1.5")
    #expect(
      error(#"{"collectionView": {"size": [1, 2]}, "sections": [{"items": [{"colour": 1}]}]}"#)?
        .hasPrefix("sections[0].items[0].colour: unknown key") == true)
    #expect(
      error(
        #"{"collectionView": {"size": [1, 2]}, "layout": {"sectionHeadersPinToVisibleBounds": 1}}"#)
        == "layout.sectionHeadersPinToVisibleBounds: expected true or false, got number")
    #expect(error("{") == "invalid JSON: line 1, column 2: expected a string key")
  }

  @Test("running a spec: pinned headers at the content offset, section backgrounds, RTL")
  func running() throws {
    // Two sections of 10 items (six per line in 375), header 25: section extent 135.
    // Offset 50 with pinning: header 0 sits at 50 with zIndex 1024.
    let result = try spec(
      """
      {"collectionView": {"size": [375, 200], "contentOffset": [0, 50]},
       "layout": {"headerReferenceSize": [0, 25], "sectionHeadersPinToVisibleBounds": true,
                  "sectionBackground": {"insets": [0, 0, 0, 0]}},
       "sections": [{"itemCount": 10}, {"itemCount": 10}]}
      """
    ).run()
    #expect(result.contentSize == CGSize(width: 375, height: 270))
    #expect(result.elements.count == 2 * (1 + 10 + 1))
    #expect(result.elements[0].frame == rect(0, 50, 375, 25))
    #expect(result.elements[0].zIndex == 1024)
    // The background after the items: between header end (25) and section end (135).
    #expect(result.elements[11].representedElementCategory == .decorationView)
    #expect(result.elements[11].frame == rect(0, 25, 375, 110))
    #expect(
      result.json.contains(
        #"{"category": "supplementaryView", "kind": "header", "section": 0, "item": 0, "frame": [0, 50, 375, 25], "zIndex": 1024}"#
      ))
    #expect(
      result.json.contains(
        #"{"category": "decorationView", "kind": "sectionBackground", "section": 0, "item": 0, "frame": [0, 25, 375, 110], "zIndex": -1}"#
      ))
    // RTL: two 50-wide items in 375, last line padded (110 + 60·4 = 350 → four copies, six
    // virtual items): gap (375 − 300)/5 = 15, LTR x 0 and 65.
    let rtl = try spec(
      #"{"collectionView": {"size": [375, 100], "layoutDirection": "rightToLeft"}, "sections": [{"itemCount": 2}]}"#
    ).run()
    // Mirrored: 375 − 50 = 325 and 375 − 115 = 260.
    #expect(rtl.elements.map(\.frame.minX) == [325, 260])
  }

  @Test("non-default attributes appear in the output; defaults do not")
  func outputExtras() {
    var cell = LayoutAttributes(forCellWith: ip(0, 1))
    cell.frame = rect(1, 2, 3, 4)
    var decorated = cell
    decorated.alpha = 0.5
    decorated.isHidden = true
    decorated.transform3D = Transform3D(scaleX: 2, y: 2)
    decorated.representedElementKind = ElementKind("badge")
    decorated.representedElementCategory = .supplementaryView
    let result = LayoutSpec.Result(
      contentSize: CGSize(width: 10, height: 20), elements: [cell, decorated],
      warnings: ["a \"quoted\" warning"])
    #expect(
      result.json == """
        {
          "contentSize": [10, 20],
          "elements": [
            {"category": "cell", "kind": null, "section": 0, "item": 1, "frame": [1, 2, 3, 4]},
            {"category": "supplementaryView", "kind": "badge", "section": 0, "item": 1, "frame": [1, 2, 3, 4], "alpha": 0.5, "transform": [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "isHidden": true}
          ],
          "warnings": ["a \\"quoted\\" warning"]
        }
        """)
    #expect(
      LayoutSpec.Result(contentSize: .zero, elements: [], warnings: []).json.contains(
        "\"elements\": [],"))
  }
}

private func ip(_ section: Int, _ item: Int) -> IndexPath {
  IndexPath(item: item, section: section)
}
private func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
  CGRect(x: x, y: y, width: width, height: height)
}
