// `textflow demo`: the embedded default job, run by the README's first command.
import Foundation
import TextFlow

/// Measures the seed's witch dialogue with the bundled fonts and prints the sizes.
///
/// Each word is laid out by the text engine in the body style (17 pt DejaVu Sans) within
/// 300 × 1000 points, and each speaker in the headline style (17 pt DejaVu Sans Bold), as the
/// seed's ContentCell and HeaderCell do.
enum DemoCommand: Subcommand {
  static let name = "demo"
  static let summary = "measure the seed's witch dialogue with the bundled fonts"

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      print(
        """
        usage: textflow demo

        Measures each word of the seed's witch dialogue in the body style (DejaVu Sans 17 pt)
        and each speaker in the headline style (DejaVu Sans Bold 17 pt), using the fonts in
        Fonts/ (or $TEXTFLOW_FONTS), and prints the sizes in points.

        example:
          textflow demo
        """)
      return 0
    }
    if let unknown = arguments.first {
      printError("textflow demo: unknown option '\(unknown)'")
      return 2
    }
    let typesetter: Typesetter
    do {
      typesetter = try Typesetter.bundled()
    } catch {
      printError("textflow demo: \(error)")
      return 1
    }
    // The seed's ContentCell.sizeForContentString: boundingRect within 300 × 1000 with
    // usesLineFragmentOrigin | usesFontLeading and word wrapping, in the body style.
    var sizing = ParagraphStyle()
    sizing.lineBreakMode = .wordWrap
    sizing.usesFontLeading = true
    func measure(_ text: String, _ style: TextStyle) -> TextLayout {
      typesetter.layout(text, textStyle: style, style: sizing, maxWidth: 300, maxHeight: 1000)
    }
    print("The witch dialogue, measured (points; width × height):")
    for line in WitchDialogue.lines {
      let header = measure(line.speaker, .headline)
      print("\n\(line.speaker)  [\(format(header.size.width)) × \(format(header.size.height))]")
      for word in line.words {
        let size = measure(word, .body).size
        print(
          "  \(word.padding(toLength: 16, withPad: " ", startingAt: 0)) \(format(size.width)) × \(format(size.height))"
        )
      }
    }
    return 0
  }

  private static func format(_ value: CGFloat) -> String {
    String(format: "%.3f", Double(value))
  }
}
