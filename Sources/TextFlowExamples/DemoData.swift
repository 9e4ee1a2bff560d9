// The data `textflow demo` draws, embedded so the demo needs nothing but Fonts/: the witch
// dialogue as a text spec, a weighted word list for the tag cloud, and fictional addresses for
// the label sheet. The files in examples/ hold the same data (a test keeps them equal).
import Foundation
import TextFlow
import TextFlowSpec

extension WitchDialogue {
  /// The seed's witch-dialogue screen as a `textflow layout` spec: words in the body style
  /// sized by measurement (boundingRect within 300 points, font leading on), headline headers
  /// sized by measurement, section inset (10, 20, 30, 20), content inset top 20, 375 wide.
  /// `examples/witch-dialogue.json` is this text.
  public static var specJSON: String {
    let sections = lines.map { line in
      let words = line.words.map { Printed.quoted($0) }.joined(separator: ", ")
      return "    {\"header\": \(Printed.quoted(line.speaker)), \"texts\": [\(words)]}"
    }
    return """
      {
        "collectionView": {"size": [375, 667], "contentInset": [20, 0, 0, 0]},
        "layout": {
          "sectionInset": [10, 20, 30, 20],
          "minimumInteritemSpacing": 10,
          "minimumLineSpacing": 10
        },
        "styles": {
          "word": {"textStyle": "body", "maxWidth": 300, "usesFontLeading": true, "color": "#1d3557",
                   "backgroundColor": "#e8f0fe", "cornerRadius": 3},
          "speaker": {"textStyle": "headline", "usesFontLeading": true, "color": "#6a040f",
                      "padding": [0, 20, 0, 20]}
        },
        "itemStyle": "word",
        "headerStyle": "speaker",
        "sections": [
      \(sections.joined(separator: ",\n"))
        ]
      }

      """
  }
}

/// Data for `textflow demo` and the examples.
public enum DemoData {
  /// "word weight" lines: TextFlow's topics, weighted by hand (`examples/words.txt`).
  public static let topicWeights = """
    # "word weight" lines: the last field is the weight. Topics of TextFlow, weighted by hand.
    layout 120
    text 95
    Swift 80
    collection view 64
    flow layout 55
    FreeType 42
    HarfBuzz 40
    ICU 34
    Cairo 30
    self-sizing 28
    baseline 24
    Linux 22
    glyphs 20
    measure 18
    shaping 16
    line breaking 15
    bidi 12
    PDF 12
    SVG 11
    PNG 11
    headers 10
    sections 9
    insets 9
    kerning 8
    ligatures 7
    fallback 7
    ellipsis 6
    truncation 6
    pagination 5
    labels 5
    carousel 4
    tag cloud 4
    UIKit 4
    headless 3
    reuse 3
    snapping 2
    transforms 2
    alpha 2

    """

  /// Fifty fictional addresses (invented names and streets), one label each, lines separated
  /// by "\n" (`examples/addresses.txt`, one label a line with `\n` escapes).
  public static var addressLabels: [String] {
    let first = [
      "Ada", "Brook", "Cyril", "Dana", "Elif", "Farah", "Goran", "Hana", "Ines", "Jonas", "Kemal",
      "Lena", "Mirela", "Nils", "Oona", "Pavel", "Quinn", "Rosa", "Soren", "Tamsin", "Ugo", "Vera",
      "Wim", "Xenia", "Yusuf", "Zora",
    ]
    let last = [
      "Abernathy", "Bellweather", "Castellanos", "Dunmore", "Eriksdottir", "Fairbrother",
      "Grünewald", "Hollingsworth-Pike", "Ivanova", "Jankowski", "Kowalczyk", "Lindqvist",
      "Montgomery-Ashford", "Nakamura", "Okonkwo", "Papadopoulou", "Quartermaine", "Rasmussen",
      "Szczepański", "Thorvaldsen", "Uddin", "Vasconcelos", "Wojciechowski", "Xiong", "Yilmaz",
      "Zeffirelli",
    ]
    let streets = [
      "Mill Lane", "Harbour Road", "Chestnut Avenue", "Old Forge Close", "Station Approach",
      "Kingfisher Way", "Rue des Lilas", "Lindenstraße", "Via Garibaldi", "Calle del Olmo",
    ]
    let towns = [
      "Ashford AB1 2CD", "Bramley BR3 4EF", "Coldwater CW5 6GH", "75011 Paris", "10115 Berlin",
      "20121 Milano", "28004 Madrid", "Dunmore DU7 8IJ",
    ]
    return (0..<50).map { i in
      let name = "\(first[i % 26]) \(last[(i * 7) % 26])"
      let street = "\((i * 37) % 200 + 1) \(streets[i % 10])"
      let extra = i % 9 == 4 ? "\nFlat 4, The Old Rectory Buildings" : ""
      return "\(name)\n\(street)\(extra)\n\(towns[i % 8])"
    }
  }
}
