// AttributedString with UIKit's attribute names (`font`, `kern`, `tracking`, `ligature`,
// `paragraphStyle`), as iOS code sets them: they did not exist here (only `textEngine…`), so the
// code did not compile, and nothing read them. Widths are checked against hb-shape plus UIKit's
// documented rules (kern after each character; tracking ignores kern beside it; ligature 0
// forms no optional ligature), and the paragraph style against the NSAttributedString path and
// the centring rule.
import Foundation
import TestSupport
import Testing
import TextEngine

@Suite("AttributedString with UIKit's attribute names")
struct AttributedStringUIKitTests {
  static let regular = Fixtures.font("DejaVuSans.ttf").path
  static let bold = Fixtures.font("DejaVuSans-Bold.ttf").path

  /// `text`'s width shaped by hb-shape at `size` points with `features` (HarfBuzz's syntax).
  static func shapedWidth(
    _ text: String, size: Double, file: String, features: String? = nil
  ) throws -> Double {
    var arguments = ["--output-format=json", "--font-size=\(Int(size * 100))", file, text]
    if let features { arguments.insert("--features=\(features)", at: 0) }
    let shaped = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/hb-shape"), arguments)
    let glyphs = try JSONSerialization.jsonObject(with: Data(shaped.standardOutput.utf8))
    let units = (glyphs as? [[String: Any]] ?? []).reduce(0) { $0 + ($1["ax"] as? Int ?? 0) }
    return Double(units) / 100
  }

  /// The width of `string` measured by each path that takes it: the conversion to
  /// `AttributedText`, and `NSAttributedString`'s `size()` after the conversion to it.
  static func widths(_ string: AttributedString) throws -> (text: Double, ns: Double) {
    let text = AttributedText(
      string, defaultAttributes: TextAttributes(font: .systemFont(ofSize: 12)))
    let ns = try NSAttributedString(string, including: \.textEngine)
    return (
      Double(Typesetter.shared.measure(text).size.width), Double(ns.size().width)
    )
  }

  @Test("font and kern measure as hb-shape's width plus the kern after each character")
  func fontAndKern() throws {
    let text = "Total: 12 items"
    var string = AttributedString(text)
    string.font = .boldSystemFont(ofSize: 17)
    string.kern = 2

    let expected =
      try Self.shapedWidth(text, size: 17, file: Self.bold) + 2 * Double(text.count)
    let tolerance = BoundingRectTests.tolerance(of: text)
    let (converted, ns) = try Self.widths(string)
    #expect(abs(converted - expected) <= tolerance, "\(converted) for \(expected)")
    #expect(abs(ns - expected) <= tolerance, "\(ns) for \(expected)")
    // The NSAttributedString keys of the same meaning measure the same.
    let attributes: [NSAttributedString.Key: Any] = [
      .font: Font.boldSystemFont(ofSize: 17), .kern: 2,
    ]
    #expect(Double(text.size(withAttributes: attributes).width) == ns)
  }

  @Test("tracking replaces kern (Core Text's rule); TextEngine's own attributes win")
  func precedence() throws {
    let text = "Hey, when"
    let plain = try Self.shapedWidth(text, size: 17, file: Self.regular)
    let tolerance = BoundingRectTests.tolerance(of: text)

    var tracked = AttributedString(text)
    tracked.font = .systemFont(ofSize: 17)
    tracked.kern = 5
    tracked.tracking = 1
    let trackedWidths = try Self.widths(tracked)
    #expect(abs(trackedWidths.text - (plain + Double(text.count))) <= tolerance)
    #expect(trackedWidths.ns == trackedWidths.text)

    var own = AttributedString(text)
    own.font = .boldSystemFont(ofSize: 17)
    own.textEngineFont = .systemFont(ofSize: 17)
    own.kern = 3
    own.textEngineLetterSpacing = 0.5
    let ownWidths = try Self.widths(own)
    #expect(abs(ownWidths.text - (plain + 0.5 * Double(text.count))) <= tolerance)
    #expect(ownWidths.ns == ownWidths.text)
  }

  @Test("ligature 0 shapes as hb-shape does with liga, clig and dlig off")
  func ligatureOff() throws {
    let text = "office"
    var string = AttributedString(text)
    string.font = .systemFont(ofSize: 20)
    string.ligature = 0
    let separate = try Self.shapedWidth(
      text, size: 20, file: Self.regular, features: "-liga,-clig,-dlig")
    let ligated = try Self.shapedWidth(text, size: 20, file: Self.regular)
    // The "ffi" ligature of DejaVu Sans is narrower than its three letters.
    #expect(abs(separate - ligated) > 0.1)
    let (converted, ns) = try Self.widths(string)
    #expect(abs(converted - separate) <= BoundingRectTests.tolerance(of: text))
    #expect(ns == converted)
  }

  @Test("paragraphStyle wraps and aligns as the same style under .paragraphStyle does")
  func paragraphStyle() throws {
    var style = ParagraphStyle()
    style.lineBreakMode = .byCharWrapping
    style.alignment = .center
    let sentence = "Hey, when will the three of us meet up later?"
    var string = AttributedString(sentence)
    string.font = .systemFont(ofSize: 17)
    string.paragraphStyle = style

    let size = CGSize(width: 100, height: 1000)
    let converted = try NSAttributedString(string, including: \.textEngine).boundingRect(
      with: size, options: .usesLineFragmentOrigin, context: nil)
    let keyed = NSAttributedString(
      string: sentence, attributes: [.font: Font.systemFont(ofSize: 17), .paragraphStyle: style]
    ).boundingRect(with: size, options: .usesLineFragmentOrigin, context: nil)
    let unstyled = sentence.boundingRect(
      with: size, options: .usesLineFragmentOrigin,
      attributes: [.font: Font.systemFont(ofSize: 17)])
    #expect(converted == keyed)
    #expect(converted != unstyled, "character wrapping fills lines past word ends")

    // Centred within the layout's width (its widest line): the short line starts half the
    // difference of hb-shape's widths in.
    var lines = AttributedString("Extraordinarily\nlong")
    lines.font = .systemFont(ofSize: 17)
    lines.paragraphStyle = style
    #expect(ParagraphStyle(lines) == style)
    let layout = Typesetter.shared.layout(
      AttributedText(lines, defaultAttributes: TextAttributes(font: .systemFont(ofSize: 12))),
      style: ParagraphStyle(lines), maxWidth: 300)
    let long = try Self.shapedWidth("Extraordinarily", size: 17, file: Self.regular)
    let short = try Self.shapedWidth("long", size: 17, file: Self.regular)
    #expect(layout.lineCount == 2)
    let x = try #require(layout.lines.last).baselineOrigin.x
    #expect(
      abs(Double(x) - (long - short) / 2) <= BoundingRectTests.tolerance(of: "Extraordinarily"),
      "\(x)")
  }
}

extension AttributedStringUIKitTests {
  @Test("an NSAttributedString whose runs split a surrogate pair measures as its unsplit text")
  func splitSurrogatePairMeasures() throws {
    // An underline changes no size (UIKit's rule), so underlining half of an emoji's UTF-16
    // units must measure as the text without it. Each run was cut out by its UTF-16 range,
    // and each half of the pair was measured as U+FFFD: two glyphs instead of the emoji.
    let text = "a😀b 한국어"
    let font = Font.systemFont(ofSize: 17)
    let split = NSMutableAttributedString(string: text, attributes: [.font: font])
    split.addAttribute(.underlineStyle, value: 1, range: NSRange(location: 1, length: 1))
    let plain = NSAttributedString(string: text, attributes: [.font: font])
    let size = CGSize(width: 300, height: 1000)
    for options in [StringDrawingOptions.usesLineFragmentOrigin, []] {
      #expect(
        split.boundingRect(with: size, options: options, context: nil)
          == plain.boundingRect(with: size, options: options, context: nil))
    }
    #expect(split.size() == text.size(withAttributes: [.font: font]))
  }
}

extension AttributedStringUIKitTests {
  /// The calling thread's CPU time in seconds: unlike the wall clock, not lengthened by other
  /// processes on a shared machine.
  static func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Korean text in `count` runs, kerned every other run.
  static func korean(runs count: Int) -> AttributedString {
    var string = AttributedString()
    for index in 0..<count {
      var run = AttributedString("한국어 ")
      run.kern = CGFloat(index % 2)
      string.append(run)
    }
    return string
  }

  @Test("converting to NSAttributedString costs in proportion to the runs, in Korean too")
  func conversionIsLinear() throws {
    // Appended run by run, each append cost as much as all the text before it when the text
    // is not ASCII (in Foundation's NSMutableAttributedString), quadratic in the runs. CPU
    // time (the cost is inside Foundation, where no work can be counted), the fewest of three
    // tries. From 4 000 runs to 32 000: linear, 7.8 to 8.6 times the time (idle and beside
    // three busy loops); appended run by run, 35 to 51 times. The bound of 20 sits 2.3 times
    // above the one and 1.75 to 2.5 times below the other; fewer runs (a small run of 10 ms,
    // which swung by 1.8 times) would leave no such margin.
    // A volume test (scripts/volume-tests): run alone in the plain build, no other test's
    // threads contending for its allocator.
    func cost(_ string: AttributedString) throws -> Double {
      var fewest = Double.infinity
      for _ in 0..<3 {
        let start = Self.threadCPUTime()
        let converted = try NSAttributedString(string, including: \.textEngine)
        fewest = min(fewest, Self.threadCPUTime() - start)
        #expect(converted.length == string.characters.count)
      }
      return fewest
    }
    let small = try cost(Self.korean(runs: 4000))
    let large = try cost(Self.korean(runs: 32_000))
    #expect(large / small < 20, "\(small) s for 4 000 runs, \(large) s for 32 000")
  }
}

extension AttributedStringUIKitTests {
  @Test("a run ending inside a grapheme keeps its attributes on its own scalars")
  func runInsideGrapheme() throws {
    // AttributedString's runs are ranges of Unicode scalars, so kern may cover the "e" of a
    // decomposed "é" or one regional indicator of a flag. Read by characters, rounded to
    // whole graphemes, such a run was empty: its kern was lost in both conversions.
    let text = "e\u{301}x🇫🇷y"
    var string = AttributedString(text)
    let scalars = string.unicodeScalars
    let e = scalars.startIndex..<scalars.index(after: scalars.startIndex)
    string[e].kern = 2
    let flag = scalars.index(scalars.startIndex, offsetBy: 3)
    string[flag..<scalars.index(after: flag)].kern = 5

    // Under UIKit's key, over each run's own UTF-16 units: "e" is unit 0, 🇫 units 3 and 4.
    let ns = try NSAttributedString(string, including: \.textEngine)
    #expect(ns.string == text)
    #expect(ns.attribute(.kern, at: 0, effectiveRange: nil) as? CGFloat == 2)
    #expect(ns.attribute(.kern, at: 1, effectiveRange: nil) == nil)
    var range = NSRange()
    #expect(ns.attribute(.kern, at: 3, effectiveRange: &range) as? CGFloat == 5)
    #expect(range == NSRange(location: 3, length: 2))
    #expect(try AttributedString(ns, including: \.textEngine) == string)

    // The layout's text has the same runs: "e" spaced by 2, 🇫 by 5, the rest by none.
    let converted = AttributedText(
      string, defaultAttributes: TextAttributes(font: .systemFont(ofSize: 12)))
    #expect(converted.string == text)
    let spacing = converted.runs.map { ($0.utf16Range, $0.attributes.letterSpacing) }
    #expect(spacing.map(\.0) == [0..<1, 1..<3, 3..<5, 5..<8])
    #expect(spacing.map(\.1) == [2, 0, 5, 0])
  }
}
