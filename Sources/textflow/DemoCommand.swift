// `textflow demo`: the embedded default job, run by the README's first command.
import Foundation
import TextFlow

/// Measures the seed's witch dialogue with the bundled fonts and prints the sizes.
///
/// Each word is measured in the body style (17 pt DejaVu Sans) and each speaker in the headline
/// style (17 pt DejaVu Sans Bold), as the seed's ContentCell and HeaderCell do.
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
    let body: FontFace
    let headline: FontFace
    do {
      body = try FontFace(contentsOf: BundledFonts.url(of: "DejaVuSans.ttf"))
      headline = try FontFace(contentsOf: BundledFonts.url(of: "DejaVuSans-Bold.ttf"))
    } catch {
      printError("textflow demo: \(error)")
      return 1
    }
    let size = 17.0
    print("The witch dialogue, measured (points; width × height):")
    for line in WitchDialogue.lines {
      let header = headline.advanceWidth(of: line.speaker, pointSize: size)
      print(
        "\n\(line.speaker)  [\(format(header)) × \(format(headline.lineHeight(pointSize: size)))]")
      for word in line.words {
        let width = body.advanceWidth(of: word, pointSize: size)
        print(
          "  \(word.padding(toLength: 16, withPad: " ", startingAt: 0)) \(format(width)) × \(format(body.lineHeight(pointSize: size)))"
        )
      }
    }
    return 0
  }

  private static func format(_ value: Double) -> String { String(format: "%.3f", value) }
}
