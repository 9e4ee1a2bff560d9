// A spec's elements are realised a window at a time and their views reused: the JSON and the
// drawn scene equal those of a run that realises every element at once (one window, no reuse),
// for the examples and for specs of every layout feature, and the views made stay about a
// window's worth whatever the length of the spec.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowSpec

@Suite("Spec layout a window at a time")
struct SpecWindowTests {
  /// A text of `count` words starting at word `index` (Latin, Korean and an emoji among them).
  static func text(_ index: Int, words count: Int? = nil) -> String {
    let words = [
      "the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while", "three",
      "witches", "meet", "on", "the", "heath", "at", "sunset", "한국어", "텍스트", "emoji", "😀",
    ]
    let count = count ?? (1 + index * 7 % 9)
    return (0..<count).map { words[(index + $0 * 3) % words.count] }.joined(separator: " ")
  }

  /// The JSON of one item: plain text in the item style, another style, a fixed width or
  /// height, attributed runs, a fixed size without text, or a long text.
  static func item(_ index: Int) -> String {
    switch index % 11 {
    case 5: return #"{"text": "\#(text(index, words: 3))", "style": "big"}"#
    case 6: return #"{"text": "\#(text(index, words: 12))", "style": "fixed"}"#
    case 7: return #"{"text": "\#(text(index, words: 2))", "style": "tall"}"#
    case 8:
      return
        #"{"runs": [{"text": "\#(text(index, words: 2)) "}, {"text": "\#(text(index + 1, words: 2))", "style": "big"}]}"#
    case 9: return #"{"size": [\#(40 + index % 50), 30]}"#
    case 10: return #"{"text": "\#(text(index, words: 20))"}"#
    default: return #"{"text": "\#(text(index))"}"#
    }
  }

  /// A spec of `sections` sections of `items` mixed items with headers (and every other section
  /// a footer), with `layout` and `view` members added to the layout and the collection view.
  static func spec(
    sections: Int, items: Int, estimate: String = "[80, 30]", layout: String = "",
    view: String = "", render: String = ""
  ) -> Data {
    let body = (0..<sections).map { section in
      let list = (0..<items).map { item(section * items + $0) }.joined(separator: ",")
      let footer = section % 2 == 1 ? #", "footer": "footer of \#(section)""# : ""
      return
        #"{"header": "Section \#(section) \#(text(section, words: 1 + section % 4))"\#(footer), "items": [\#(list)]}"#
    }
    let json = """
      {"collectionView": {"size": [375, 667], "contentInset": [20, 0, 0, 0]\(view)},
       "layout": {"sectionInset": [10, 20, 30, 20], "minimumInteritemSpacing": 10,
                  "minimumLineSpacing": 10, "estimatedItemSize": \(estimate)\(layout)},
       "styles": {
         "word": {"textStyle": "body", "maxWidth": 300, "color": "#1d3557",
                  "backgroundColor": "#e8f0fe", "cornerRadius": 3},
         "big": {"size": 28, "color": "#aa0000", "padding": [4, 6, 4, 6]},
         "fixed": {"size": 12, "width": 120, "maxLines": 2, "lineBreakMode": "truncatingTail",
                   "borderColor": "#333333", "borderWidth": 1},
         "tall": {"size": 11, "height": 60, "alignment": "center"},
         "head": {"textStyle": "headline", "color": "#6a040f", "padding": [2, 20, 2, 20]},
         "foot": {"textStyle": "footnote", "alignment": "right"}},
       "itemStyle": "word", "headerStyle": "head", "footerStyle": "foot"\(render),
       "sections": [\(body.joined(separator: ","))]}
      """
    return Data(json.utf8)
  }

  /// Specs of every layout feature the window interacts with, each a few screens long or more.
  static let variants: [(name: String, data: Data)] = [
    ("mixed", spec(sections: 12, items: 40)),
    (
      "pinned, scrolled",
      spec(
        sections: 10, items: 40,
        layout:
          #", "sectionHeadersPinToVisibleBounds": true, "sectionFootersPinToVisibleBounds": true"#,
        view: #", "contentOffset": [0, 3000]"#)
    ),
    ("scrolled", spec(sections: 10, items: 40, view: #", "contentOffset": [0, 4321]"#)),
    ("horizontal", spec(sections: 8, items: 50, layout: #", "scrollDirection": "horizontal""#)),
    (
      "horizontal right to left",
      spec(
        sections: 8, items: 50, layout: #", "scrollDirection": "horizontal""#,
        view: #", "layoutDirection": "rightToLeft", "contentOffset": [2000, 0]"#)
    ),
    ("right to left", spec(sections: 8, items: 50, view: #", "layoutDirection": "rightToLeft""#)),
    (
      "first baseline",
      spec(sections: 8, items: 60, layout: #", "crossAxisAlignment": "firstBaseline""#)
    ),
    ("pixel scale 3", spec(sections: 8, items: 60, layout: #", "pixelScale": 3"#)),
    (
      "backgrounds and alignments",
      spec(
        sections: 8, items: 60,
        layout:
          ##", "pixelScale": 2, "sectionBackground": {"insets": [0, 8, 4, 8], "color": "#f4f6fb", "cornerRadius": 12}, "commonLineAlignment": "leading", "lastLineAlignment": "trailing""##
      )
    ),
    ("overestimated", spec(sections: 4, items: 120, estimate: "[300, 200]")),
    ("underestimated", spec(sections: 4, items: 120, estimate: "[5, 3]")),
    ("many sections", spec(sections: 300, items: 3)),
    (
      "margins",
      spec(
        sections: 8, items: 60, layout: #", "sectionInsetReference": "fromLayoutMargins""#,
        view: #", "safeAreaInsets": [44, 0, 34, 0], "layoutMargins": [8, 16, 8, 16]"#)
    ),
  ]

  /// The examples and the variants.
  static var specs: [(name: String, data: Data)] {
    let folder = Fixtures.packageRoot.appendingPathComponent("examples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    let examples = names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      (try? Data(contentsOf: folder.appendingPathComponent(name))).map { (name, $0) }
    }
    return examples + variants
  }

  @Test("a window at a time equals every element at once: JSON and scene, 1 and 2 jobs")
  func windowsEqualAllAtOnce() throws {
    #expect(Self.specs.count >= 3 + Self.variants.count)
    for (name, data) in Self.specs {
      let spec = try TextSpec(json: data)
      for drawing in [true, false] {
        let once = try spec.runThroughCollectionView(
          typesetter: sharedTypesetter, jobs: 1, drawing: drawing, elementsAtOnce: .max)
        #expect(once.result.elements.count > 0, "\(name)")
        for (jobs, elementsAtOnce) in [(2, 2048), (1, 40)] {
          let windows = try spec.runThroughCollectionView(
            typesetter: sharedTypesetter, jobs: jobs, drawing: drawing,
            elementsAtOnce: elementsAtOnce)
          let label = "\(name), drawing \(drawing), \(jobs) jobs, \(elementsAtOnce) at once"
          if windows.json != once.json {
            Issue.record("JSON differs: \(label)")
            break
          }
          if windows.scene != once.scene {
            Issue.record("scene differs: \(label)")
            break
          }
        }
      }
    }
  }

  @Test("the views made stay a window's worth: 10× the items, about the same views")
  func viewsDoNotGrowWithTheItems() throws {
    var made: [Int] = []
    for count in [3_000, 30_000] {
      let texts = (0..<count).map { #""item \#($0) words here""# }.joined(separator: ",")
      let json = """
        {"collectionView": {"size": [375, 667]}, "layout": {"minimumLineSpacing": 4},
         "styles": {"w": {"size": 15, "padding": [2, 4, 2, 4], "maxWidth": 355}},
         "itemStyle": "w", "sections": [{"texts": [\(texts)]}]}
        """
      let spec = try TextSpec(json: Data(json.utf8))
      let output = try spec.runThroughCollectionView(
        typesetter: sharedTypesetter, jobs: 2, drawing: false, elementsAtOnce: 256)
      #expect(output.measuredItemCount == count)
      #expect(output.result.elements.count == count)
      made.append(output.madeViewCount)
    }
    // A window holds about 256 elements once measured (a few times that while its estimated
    // sizes are replaced), and a view realised in one window is reused in the next: the views
    // made stay under a bound set by the window, not by the items.
    #expect(made.allSatisfy { $0 > 0 && $0 <= 8 * 256 }, "\(made)")
  }

  @Test("drawn, each text is prepared once: 4× the items, 4× the preparations, not 8×")
  func drawingPreparesEachTextOnce() throws {
    // A paragraph cache of 128 texts and windows of 128 elements stand for the default 4 096
    // and 2 048 at a thirtieth of the items. The estimate (a tenth of a line) is too large in
    // height, as the runner's default is for a report's rows: measuring moves most of a
    // window past its end, and the next window realises those rows again.
    var preparations: [Int] = []
    let counts = [600, 2_400]
    for count in counts {
      let texts = (0..<count).map { #""row \#($0) of the report""# }.joined(separator: ",")
      let json = """
        {"collectionView": {"size": [400, 600]},
         "layout": {"minimumLineSpacing": 2, "estimatedItemSize": [36, 30]},
         "styles": {"row": {"size": 10, "width": 400}}, "itemStyle": "row",
         "sections": [{"texts": [\(texts)]}]}
        """
      let spec = try TextSpec(json: Data(json.utf8))
      let typesetter = Typesetter(
        fonts: sharedTypesetter.fonts, paragraphCache: ParagraphCache(capacity: 128))
      let output = try spec.runThroughCollectionView(
        typesetter: typesetter, jobs: 1, drawing: true, elementsAtOnce: 128)
      #expect(output.measuredItemCount == count)
      preparations.append(typesetter.paragraphCache.misses)
    }
    // The spec has `count` distinct texts, each measured and laid out for drawing: each must be
    // prepared at least once, and need not be prepared twice. Laid out only when its view was
    // reused, a window later, after the cache had dropped it, and again for each time the sweep
    // realised it, a text was prepared twice or more: 1 377 and 6 354 preparations.
    #expect(preparations == counts, "\(preparations) preparations for \(counts) texts")
    #expect(Double(preparations[1]) <= 4.5 * Double(preparations[0]), "\(preparations)")
  }
}
