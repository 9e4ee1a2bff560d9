// `textflow cloud WORDS.txt|-`: a word-tag cloud from running text or "word weight" lines.
import Foundation
import TextFlow
import TextFlowRendering
import TextFlowSpec

/// Builds a tag cloud (`TagCloud`) from a word list and draws it or prints its layout as JSON.
enum CloudCommand: Subcommand {
  static let name = "cloud"
  static let summary = "draw a word-tag cloud from text or \"word weight\" lines"

  static let help = """
    usage: textflow cloud WORDS.txt|- -o OUT.png|.pdf|.svg|.json [options]

    Reads running text (words are counted by Unicode's word rules) or "word weight" lines (the
    last field is the weight, fields apart by spaces or tabs, or CSV "word,weight" or
    "word;weight" (where 1,5 is 1.5) with an optional header row, a quoted word's line break
    drawn as a space; read as a word list when most lines are, or as --input says), and
    lays the heaviest words out in centred rows on a common baseline, font size by weight. The
    heaviest word is never dropped: when the cloud does not fit (--height), every word shrinks;
    only below --min-font-size are the lightest words left out. A word wider than the cloud
    gets a smaller size of its own, but not below --min-font-size: a word too wide even then
    is left out and named in a warning. A cloud too low for its heaviest word at
    --min-font-size is an error.

    options:
      -o, --output PATH    write to PATH (- for standard output; default: JSON on stdout)
      --format FMT         png, pdf, svg or json (default: from -o)
      --input KIND         text, weighted or auto (default auto)
      --stop-words LIST    words left out: built-in lists english, german, french, spanish,
                           chinese, japanese, korean, thai (or en, de, fr, es, zh, ja, ko,
                           th), all of them, or files of words (one per line),
                           comma-separated, or none; with fr, French elisions are split off
                           (l'homme counts as homme). Default for running text: the list of
                           --locale's language, else english (as Python's wordcloud) with
                           the lists of the Chinese, Japanese, Korean and Thai the text has;
                           a "word weight" list keeps every word
      --min-length N       leave out words shorter than N characters (default 2; a single
                           Chinese character or Korean syllable still counts)
      --numbers            count numbers too (left out by default)
      --links              count URLs and e-mail addresses (one word each; left out by default)
      --plurals            count English plurals with their singulars when both occur
      --keep-particles     count Korean words with their particles as written (by default
                           서울은 and 서울의 count as 서울 where 서울 occurs more than one way)
      --phrases            count frequent two-word phrases ("United States") as one entry
      --locale ID          the locale for word breaking and case folding (default: the
                           root, which segments Chinese, Japanese and Thai by dictionary;
                           tr or az fold I to ı and İ to i; fr splits off l', d', qu'…)
      --max-words N        at most N words, the heaviest (default 100)
      --scale-by SCALE     linear, sqrt or log (default sqrt)
      --min-size PT        the lightest word's size (default 12)
      --max-size PT        the heaviest word's size (default 64)
      --min-font-size PT   no word is drawn smaller (default 4, wordcloud's min_font_size):
                           a word that fits only smaller is left out and counted
      --width PT           the cloud's width (default 600)
      --height PT          the cloud's height (default: as tall as needed)
      --font NAME|PATH     a font in Fonts/, a family or a path (default DejaVu Sans Bold)
      --colors FROM,TO     colors by weight, lightest to heaviest (default #739ec7,#0d2659)
      --palette C1,C2,...  colors in turn by rank instead
      --colormap NAME      colors by weight along one of matplotlib's maps, as wordcloud's
                           colormap: viridis, plasma, inferno, magma or cividis, each also
                           reversed with _r (viridis_r); the lightest word at the start
      --background COLOR   the canvas color, or none (default white)
      --order ORDER        shuffled, weight or alphabetical (default shuffled)
      --seed N             the shuffle's seed (default 1)
      --scale N            PNG pixels per point (default 2)
      --title TEXT         the title (PDF, SVG <title>, PNG text chunk), shown by
                           viewers; also --author TEXT, --subject TEXT and
                           --keywords "A, B"
      --svg-text MODE      SVG text: text (outlines with a transparent, selectable text layer;
                           default) or paths (outlines only)
      --debug              draw frames, line boxes and baselines

    packed clouds (--layout packed; any of these options selects it):
      --layout KIND        rows (the default: centred rows on a baseline, as before) or
                           packed (words packed by their ink around the centre, Wordle style)
      --shape SHAPE        rectangle or ellipse (default rectangle)
      --mask IMAGE.png     words wherever the picture is not white (nor transparent), as in
                           Python's wordcloud; the canvas takes the picture's size unless
                           --width/--height say otherwise
      --colors-from-mask   color each word as the --mask picture is under its ink (the mean
                           of the picture's pixels there), as wordcloud's ImageColorGenerator
      --contour-width PT   draw a line this wide around the --mask picture's shape, outside
                           it (wordcloud's contour_width; default 0, none)
      --contour-color C    the line's color (default black)
      --rotations A,B,...  angles in degrees, clockwise, the first the usual one (default 0)
      --rotate-ratio R     the share of words turned away from the first angle (0 … 1;
                           default: every angle equally likely)
      --gap PT             the least distance between two words' ink (default 1)
      --spiral KIND        archimedean or rectangular (default archimedean)
      --fill DENSITY       after the heaviest words, add lighter ones, smaller, until this
                           share of the shape is ink (0 … 1)
      --resolution N       collision pixels per point (default 1)
      Every one of the --max-words heaviest words is placed: when they do not fit, all sizes
      shrink together (without --height the canvas grows instead); a word that still finds no
      room is listed in the JSON's "unplaced" with the reason. Without --max-size the sizes are
      scaled to fill the canvas; with it they are as given. No ink leaves the canvas or shape.

    Exit status: 0 on success, 1 when the input cannot be read or parsed (the message names the
    line), the font cannot be loaded (it names the path), a packed cloud's canvas or mask
    leaves no room for any word, or a cloud in rows has no room for its heaviest word at 1 pt
    (nothing is written), 2 on a usage error.

    examples:
      textflow cloud examples/words.txt -o cloud.png
      textflow cloud examples/article.txt --stop-words english --max-words 40 -o cloud.svg
      printf 'swift 10\\nlinux 6\\ncairo 3\\n' | textflow cloud - -o - --format json
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      Console.line(help)
      return 0
    }
    return runCommand(name, help: help) { () throws(CommandError) in
      let parsed = try ParsedArguments(
        arguments.map { $0 == "-o" ? "--output" : $0 },
        valued: documentInfoOptions.union([
          "--output", "--format", "--input", "--stop-words", "--max-words", "--scale-by",
          "--min-size", "--max-size", "--width", "--height", "--font", "--colors", "--palette",
          "--colormap",
          "--background", "--order", "--seed", "--scale", "--svg-text", "--layout", "--shape",
          "--mask", "--rotations", "--rotate-ratio", "--gap", "--spiral", "--fill",
          "--resolution", "--min-length", "--locale", "--min-font-size", "--contour-width",
          "--contour-color",
        ]),
        flags: [
          "--debug", "--numbers", "--links", "--plurals", "--phrases", "--keep-particles",
          "--colors-from-mask",
        ])
      guard parsed.positionals.count == 1, let source = parsed.positionals.first else {
        throw .usage("expected one word file (or - for standard input)")
      }
      let output = parsed.values["--output"]
      let kind = try outputKind(path: output, format: parsed.values["--format"], default: .json)
      // Any --stop-words name may be a file: loadStopWords reads a name that exists as one.
      let stopWordFiles = (parsed.values["--stop-words"] ?? "").split(separator: ",").map {
        ("stop-word", Optional(String($0)))
      }
      try refuseOutputsOverInputs(
        [("-o", output)],
        inputs: [("word", source), ("mask", parsed.values["--mask"])] + stopWordFiles)
      try PageFileName.refuse(in: output, kind: kind, drawing: "cloud", flowsPages: false)
      let packedOptions = [
        "--shape", "--mask", "--rotations", "--rotate-ratio", "--gap", "--spiral", "--fill",
        "--resolution",
      ]
      if parsed.values["--mask"] == nil,
        let option = ["--contour-width", "--contour-color"].first(where: {
          parsed.values[$0] != nil
        })
      {
        throw .usage("\(option) draws the outline of a --mask picture: give --mask")
      }
      if parsed.flags.contains("--colors-from-mask") {
        guard parsed.values["--mask"] != nil else {
          throw .usage("--colors-from-mask needs a --mask picture to take the colors from")
        }
        if let other = ["--colors", "--palette", "--colormap"].first(where: {
          parsed.values[$0] != nil
        }) {
          throw .usage("--colors-from-mask and \(other) cannot be combined")
        }
      }
      let layoutKind =
        parsed.values["--layout"]
        ?? (packedOptions.contains { parsed.values[$0] != nil } ? "packed" : "rows")
      guard ["rows", "packed"].contains(layoutKind) else {
        throw .usage("--layout must be rows or packed, got '\(layoutKind)'")
      }
      let cloud = try makeCloud(parsed)
      let packed = layoutKind == "packed" ? try makePackedCloud(parsed, rows: cloud) : nil
      let stopWords = try loadStopWords(parsed.values["--stop-words"])
      let input = parsed.values["--input"] ?? "auto"
      guard ["auto", "text", "weighted"].contains(input) else {
        throw .usage("--input must be auto, text or weighted, got '\(input)'")
      }
      let text = try readText(source)
      let displayName = source == "-" ? "<stdin>" : source
      let words: [TagCloud.Word]
      if input == "weighted" || (input == "auto" && TagCloud.looksWeighted(text)) {
        do {
          let list = try TagCloud.words(parsingWeighted: text)
          // Stop words match as in running text: case-folded, either apostrophe. A list's
          // words were chosen by whoever weighted them: only a list asked for is left out
          // (wordcloud's generate_from_frequencies removes none either).
          var counter = WordCounter()
          counter.stopWords = stopWords ?? []
          counter.locale = parsed.values["--locale"] ?? ""
          words = counter.removingStopWords(from: list)
        } catch {
          // Auto-detection chose a word list by the majority of the lines: say so, in case
          // the input was running text after all.
          let hint =
            input == "auto"
            ? " (read as \"word weight\" lines because most lines are; --input text counts "
              + "the words of running text)" : ""
          throw .failure("\(displayName): \(error)\(hint)")
        }
      } else {
        var counter = WordCounter()
        counter.stopWords =
          stopWords ?? StopWords.defaults(for: text, locale: parsed.values["--locale"])
        if let value = try parsed.integer("--min-length", in: 1...1000) {
          counter.minimumLength = value
        }
        counter.includesNumbers = parsed.flags.contains("--numbers")
        counter.includesLinks = parsed.flags.contains("--links")
        counter.mergesPlurals = parsed.flags.contains("--plurals")
        counter.mergesKoreanParticles = !parsed.flags.contains("--keep-particles")
        counter.findsPhrases = parsed.flags.contains("--phrases")
        counter.locale = parsed.values["--locale"] ?? ""
        if isFrench(parsed) { counter.elisions = StopWords.frenchElisions }
        // Progress for large inputs, on a terminal only (a log file gets no carriage returns).
        let showsProgress = text.utf8.count > 1 << 20 && isatty(2) == 1
        var lastPercent = -1
        words = counter.count(
          text,
          progress: showsProgress
            ? { done, total in
              let percent = done * 100 / max(1, total)
              guard percent != lastPercent else { return }
              lastPercent = percent
              FileHandle.standardError.write(Data("\rcounting words: \(percent)%".utf8))
              if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
            } : nil)
      }
      guard !words.isEmpty else { throw .failure("\(displayName): no words") }
      let typesetter = try loadTypesetter()
      if let packed {
        let result = try withProgress("packing \(min(words.count, packed.maxWords)) words") {
          () throws(CommandError) -> PackedCloud.Output in
          do {
            return try packed.layout(words, typesetter: typesetter)
          } catch {
            throw .failure("\(error)")
          }
        }
        // Python's wordcloud refuses such a cloud too ("Couldn't find space to draw"): a
        // drawing or JSON of no words is no cloud, and the shrinking already went far below
        // readable sizes before giving up.
        guard !result.placed.isEmpty else {
          throw .failure(noRoom(in: result, of: packed, words: words.count, parsed))
        }
        try writeResult(
          json: result.json, scene: result.scene, kind: kind, to: output, parsed,
          note: {
            var note = "wrote \(describe($0)): \(wordCount(result.placed.count)) packed"
            note += ", \(Int((result.density * 100).rounded()))% ink"
            if !result.unplaced.isEmpty { note += ", \(result.unplaced.count) without room" }
            let pastMaxWords = result.notTriedCount - result.belowMinimumCount
            if pastMaxWords > 0 {
              note += ", \(pastMaxWords) lighter left out (--max-words)"
            }
            if result.belowMinimumCount > 0 {
              note +=
                ", \(result.belowMinimumCount) left out below "
                + "\(Printed.number(packed.minimumReadableSize)) pt (--min-font-size)"
            }
            return note
          })
        return
      }
      let result = try withProgress("laying out \(min(words.count, cloud.maxWords)) words") {
        () throws(CommandError) -> TagCloud.Output in
        do {
          return try cloud.layout(words, typesetter: typesetter)
        } catch {
          throw .failure("\(error)")
        }
      }
      // A word wider than the cloud even at --min-font-size is left out, as wordcloud leaves
      // out a word that fits only below min_font_size: named, not silently missing, and with
      // no word left there is no cloud.
      if !result.unfitting.isEmpty {
        let shown = result.unfitting.prefix(5).map { "\"\(terminalSafe($0.text))\"" }
        let more = result.unfitting.count > 5 ? " and \(result.unfitting.count - 5) more" : ""
        let sentence =
          "\(wordCount(result.unfitting.count)) wider than the "
          + "\(Printed.number(cloud.width)) pt cloud (inside its \(Printed.number(cloud.margin)) pt "
          + "margins) even at \(Printed.number(cloud.minimumReadableSize)) pt (--min-font-size): "
          + shown.joined(separator: ", ") + more
        guard !result.placed.isEmpty else {
          throw .failure(
            "no word fits: \(sentence); use a larger --width or a smaller --min-font-size; "
              + "nothing written")
        }
        printError("textflow cloud: warning: left out \(sentence)")
      }
      // The heaviest word is never dropped: on a canvas too low for it at --min-font-size, it
      // alone shrinks on (to 1e-6 pt on 40 × 30 pt). Below --min-font-size it is no cloud, as
      // wordcloud draws none ("Couldn't find space to draw").
      let readable = cloud.minimumReadableSize - 1e-9
      if let heaviest = result.placed.first(where: { $0.fontSize < readable }) {
        throw .failure(
          "the \(points(result.scene.bounds.width)) × \(points(result.scene.bounds.height)) pt canvas "
            + "leaves no room for the heaviest word \"\(heaviest.word.text)\": inside the "
            + "cloud's \(Printed.number(cloud.margin)) pt margins it would be smaller than "
            + "\(Printed.number(cloud.minimumReadableSize)) pt (--min-font-size); use a larger "
            + "--width or --height; nothing written")
      }
      try writeResult(
        json: result.json, scene: result.scene, kind: kind, to: output, parsed,
        note: {
          var note = "wrote \(describe($0)): \(wordCount(result.placed.count))"
          if result.droppedCount > 0 { note += ", \(result.droppedCount) left out" }
          if result.shrinkFactor < 1 {
            note += ", shrunk to \(Int((result.shrinkFactor * 100).rounded()))% to fit"
          }
          return note
        })
    }
  }

  /// "1 word", "2 words".
  private static func wordCount(_ count: Int) -> String {
    "\(count) word\(count == 1 ? "" : "s")"
  }

  /// Why a packed cloud placed no word: the mask, or the canvas and its shape, named with its
  /// size and what would make room.
  private static func noRoom(
    in result: PackedCloud.Output, of cloud: PackedCloud, words: Int, _ parsed: ParsedArguments
  ) -> String {
    let canvas = "\(points(result.size.width)) × \(points(result.size.height)) pt"
    let tried = min(words, cloud.maxWords)
    let readable = Printed.number(cloud.minimumReadableSize)
    let none =
      (tried == 1 ? "the one word does not fit" : "none of the \(tried) words fits")
      + ", even shrunk far below \(readable) pt"
    if let mask = parsed.values["--mask"] {
      return "--mask \(mask) leaves no room for any word on the \(canvas) canvas (\(none)): "
        + "words go only where the picture is not white or transparent; use a picture with a "
        + "larger such area, or a larger --width or --height; nothing written"
    }
    let shape = parsed.values["--shape"] ?? "rectangle"
    return "the \(canvas) canvas (--shape \(shape)) leaves no room for any word (\(none)): "
      + "use a larger --width or --height; nothing written"
  }

  private static func makeCloud(_ parsed: ParsedArguments) throws(CommandError) -> TagCloud {
    var cloud = TagCloud()
    if let value = try parsed.integer("--max-words", in: 1...100_000) { cloud.maxWords = value }
    if let value = try parsed.choice("--scale-by", TagCloud.Scaling.self) { cloud.scaling = value }
    if let value = try parsed.number("--min-size", in: 1...1000) { cloud.minFontSize = value }
    if let value = try parsed.number("--max-size", in: 1...1000) { cloud.maxFontSize = value }
    guard cloud.minFontSize <= cloud.maxFontSize else {
      throw .usage("--min-size must not be larger than --max-size")
    }
    if let value = try parsed.number("--min-font-size", in: 0.5...1000) {
      cloud.minimumReadableSize = value
    }
    if let value = try parsed.number("--width", in: 10...100_000) { cloud.width = value }
    if let value = try parsed.number("--height", in: 10...100_000) { cloud.height = value }
    cloud.font = parsed.values["--font"]
    if let value = try parsed.choice("--order", TagCloud.Order.self) { cloud.order = value }
    if let text = parsed.values["--seed"] {
      guard let seed = UInt64(text) else {
        throw .usage("--seed must be a whole number from 0 to \(UInt64.max), got '\(text)'")
      }
      cloud.seed = seed
    }
    let colorings = ["--colors", "--palette", "--colormap"].filter { parsed.values[$0] != nil }
    if colorings.count > 1 {
      throw .usage("\(colorings.joined(separator: " and ")) cannot be combined: give one")
    }
    if let name = parsed.values["--colormap"] {
      guard let map = Colormap.named(name) else {
        let names = Colormap.builtIn.map(\.name).joined(separator: ", ")
        throw .usage("--colormap must be one of \(names) (or one of them with _r), got '\(name)'")
      }
      cloud.coloring = .colormap(map)
    }
    if let text = parsed.values["--colors"] {
      let colors = try parseColors(text, option: "--colors")
      guard colors.count == 2 else { throw .usage("--colors takes two colors: FROM,TO") }
      cloud.coloring = .byWeight(light: colors[0], dark: colors[1])
    }
    if let text = parsed.values["--palette"] {
      cloud.coloring = .palette(try parseColors(text, option: "--palette"))
    }
    if let text = parsed.values["--background"] {
      cloud.background = text == "none" ? nil : try parsed.color("--background")
    }
    return cloud
  }

  private static func makePackedCloud(_ parsed: ParsedArguments, rows: TagCloud)
    throws(CommandError) -> PackedCloud
  {
    var cloud = PackedCloud()
    cloud.maxWords = rows.maxWords
    cloud.scaling = rows.scaling
    cloud.minFontSize = rows.minFontSize
    cloud.maxFontSize = rows.maxFontSize
    cloud.minimumReadableSize = rows.minimumReadableSize
    cloud.scalesToFill = parsed.values["--max-size"] == nil
    cloud.font = rows.font
    cloud.coloring = rows.coloring
    cloud.background = rows.background
    cloud.seed = rows.seed
    cloud.width = parsed.values["--width"] == nil ? 800 : rows.width
    cloud.height = rows.height
    if let value = try parsed.choice("--spiral", CloudPacker.Spiral.self) { cloud.spiral = value }
    if let value = try parsed.number("--gap", in: 0...1000) { cloud.gap = value }
    if let value = try parsed.number("--resolution", in: 0.1...16) { cloud.resolution = value }
    if let value = try parsed.number("--rotate-ratio", in: 0...1) { cloud.rotateRatio = value }
    if let value = try parsed.number("--fill", in: 0...1) { cloud.fillDensity = value }
    if let text = parsed.values["--rotations"] {
      var angles: [Double] = []
      for part in text.split(separator: ",", omittingEmptySubsequences: false) {
        guard let angle = Double(part.trimmingCharacters(in: .whitespaces)), angle.isFinite else {
          throw .usage("--rotations takes angles in degrees like 0,90 or -30,0,30, got '\(text)'")
        }
        angles.append(angle)
      }
      cloud.rotations = angles
    }
    if let shape = parsed.values["--shape"] {
      switch shape {
      case "rectangle": cloud.shape = .rectangle
      case "ellipse": cloud.shape = .ellipse
      default: throw .usage("--shape must be rectangle or ellipse, got '\(shape)'")
      }
    }
    if let path = parsed.values["--mask"] {
      guard parsed.values["--shape"] == nil else {
        throw .usage("--mask and --shape cannot be combined")
      }
      let mask: CloudMask
      do {
        mask = try CloudMask(contentsOfPNG: path)
      } catch {
        throw .failure("--mask \(error)")
      }
      cloud.shape = .mask(mask)
      cloud.takesColorsFromMask = parsed.flags.contains("--colors-from-mask")
      if let width = try parsed.number("--contour-width", in: 0...1000) {
        cloud.contourWidth = width
      }
      if let text = parsed.values["--contour-color"] {
        do {
          cloud.contourColor = try Color(parsing: text)
        } catch {
          throw .usage("--contour-color: \(error)")
        }
      }
      let aspect = Double(mask.height) / Double(mask.width)
      switch (parsed.values["--width"] != nil, parsed.values["--height"] != nil) {
      case (false, false):
        cloud.width = Double(mask.width)
        cloud.height = Double(mask.height)
      case (true, false): cloud.height = (cloud.width * aspect).rounded()
      case (false, true): cloud.width = ((cloud.height ?? 1) / aspect).rounded()
      case (true, true): break
      }
    }
    return cloud
  }

  private static func parseColors(_ text: String, option: String) throws(CommandError) -> [Color] {
    var colors: [Color] = []
    for part in text.split(separator: ",") {
      do {
        colors.append(try Color(parsing: String(part)))
      } catch {
        throw .usage("\(option): \(error)")
      }
    }
    guard !colors.isEmpty else { throw .usage("\(option) needs at least one color") }
    return colors
  }

  /// Whether the text is French by --locale or French stop words (fr, french or all): then
  /// "l'homme" counts as "homme".
  private static func isFrench(_ parsed: ParsedArguments) -> Bool {
    if let locale = parsed.values["--locale"], WordCounter.language(ofLocale: locale) == "fr" {
      return true
    }
    let names = (parsed.values["--stop-words"] ?? "").split(separator: ",").map(String.init)
    return names.contains {
      $0 == "all"
        || (StopWords.language(named: $0) == .french && !FileManager.default.fileExists(atPath: $0))
    }
  }

  /// The stop words --stop-words names, empty for `none`, or nil when it is not given.
  private static func loadStopWords(_ which: String?) throws(CommandError) -> Set<String>? {
    guard let which else { return nil }
    if which == "none" { return [] }
    let names = which.split(separator: ",").map(String.init)
    // An empty value (an unset variable in a script) would silently keep every word.
    guard !names.isEmpty else {
      throw .usage("--stop-words needs a list's name or a file, got '\(which)'")
    }
    var words: Set<String> = []
    for name in names {
      if name == "all" {
        for language in StopWords.Language.allCases { words.formUnion(StopWords.list(language)) }
      } else if let language = StopWords.language(named: name),
        !FileManager.default.fileExists(atPath: name)
      {
        words.formUnion(StopWords.list(language))
      } else {
        // A misspelt list's name is not a missing file: "cannot read englsh: no such file"
        // did not say that english was what the user meant.
        guard FileManager.default.fileExists(atPath: name) else {
          throw .usage(
            "--stop-words: '\(name)' is neither a built-in list (english, german, french, "
              + "spanish, chinese, japanese, korean, thai or en, de, fr, es, zh, ja, ko, th; "
              + "all; none) nor a file")
        }
        let text = try readText(name)
        words.formUnion(
          text.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map { $0.lowercased() })
      }
    }
    return words
  }
}
