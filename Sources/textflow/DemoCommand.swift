// `textflow demo`: the embedded default job, run by the README's first command. It draws the
// seeds' examples into a folder and prints what it wrote.
import Foundation
import TextFlow
import TextFlowExamples
import TextFlowRendering
import TextFlowSpec

/// Renders the seeds' examples with the bundled fonts: the witch dialogue (PNG, SVG, debug
/// overlay and layout JSON), a tag cloud, a label-sheet PDF of several pages, the bundled label
/// merges (name badges with a logo and photos among them) and specs (report cards, search
/// results with highlighted hits), and the carousel at several scroll offsets, where it snaps,
/// and its transition to a plain flow layout.
enum DemoCommand: Subcommand {
  static let name = "demo"
  static let summary =
    "draw the seeds' examples (dialogue, tag cloud, label sheets, carousel) into out/"

  static let help = """
    usage: textflow demo [--out DIR]

    Draws into DIR (default out/, created if missing), with the fonts in Fonts/ (or
    $TEXTFLOW_FONTS):
      witch-dialogue.png/.svg/.json  the seed's witch dialogue: words and headline headers sized
                                     by measurement, section inset (10, 20, 30, 20), content
                                     inset top 20, 375 wide; the JSON has every frame
      witch-dialogue-debug.png       the same with frames, line boxes, baselines and insets
      tag-cloud.png/.svg             a tag cloud of weighted words
      word-cloud-rows/-packed/-star .png/.svg/.pdf
                                     the words of the US Constitution (public domain) in
                                     rows, packed with some words turned, and packed in a star
      label-sheet.pdf                fictional addresses on Avery L7160 sheets (3 × 7 on
                                     A4), several pages, text shrunk to fit or truncated
      labels-contacts.pdf/.png       examples/contacts.csv merged onto Avery L7160 sheets
      labels-products.pdf/.png       examples/products.csv (EAN-13 and QR codes) on L7165
      labels-badges.pdf/.png         examples/badges.csv on Avery L4785 name badges: a logo
                                     on each (one image in the PDF) and each person's photo
      report-cards.png/.pdf          examples/report-cards.json laid out as textflow layout
                                     does: self-sizing cards, underlined and struck text
      search-results.png/.pdf        examples/search-results.json: hits highlighted and
                                     "NEW" badges, a run style's backgroundColor
      carousel-*.png                 the seeds' carousel at several scroll offsets, where a
                                     drag comes to rest, and its transition to a flow layout
    and prints each file it wrote, one a line.

    example:
      textflow demo --out /tmp/textflow-demo
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      Console.line(help)
      return 0
    }
    return runCommand(name, help: help) { () throws(CommandError) in
      let parsed = try ParsedArguments(arguments, valued: ["--out"], flags: [])
      guard parsed.positionals.isEmpty else {
        throw .usage("unexpected argument '\(parsed.positionals[0])'")
      }
      let directory = parsed.values["--out"] ?? "out"
      try makeFolder(directory)
      let typesetter = try loadTypesetter()
      var demo = Demo(directory: directory, typesetter: typesetter)
      Console.line("textflow demo: drawing the seeds' examples into \(directory)/")
      try demo.witchDialogue()
      try demo.tagCloud()
      try demo.wordClouds()
      try demo.labelSheet()
      try demo.labelMerges()
      try demo.reportCards()
      try demo.searchResults()
      try demo.carousel()
      Console.line("wrote \(demo.written) files into \(directory)/")
    }
  }
}

/// The demo's steps; each prints the files it wrote.
private struct Demo {
  let directory: String
  let typesetter: Typesetter
  var written = 0

  init(directory: String, typesetter: Typesetter) {
    self.directory = directory
    self.typesetter = typesetter
  }

  func path(_ name: String) -> String { (directory as NSString).appendingPathComponent(name) }

  mutating func render(_ scene: Scene, _ name: String, _ options: RenderOptions, _ note: String)
    throws(CommandError)
  {
    var options = options
    options.documentInfo = demoDocumentInfo(name, note)
    let summary = try writeRendered(scene, to: path(name), options: options)
    Console.line("  \(describe(summary))  \(note)")
    written += 1
  }

  mutating func write(_ text: String, _ name: String, _ note: String) throws(CommandError) {
    try writeText(text, to: path(name))
    Console.line("  \(path(name)) (JSON)  \(note)")
    written += 1
  }

  mutating func labelMerges() throws(CommandError) {
    let result = try labelMergeDemos(directory: directory, typesetter: typesetter)
    for line in result.files { Console.line("  \(line)") }
    written += result.files.count
    if let reason = result.skipped { printError("textflow demo: label merges skipped: \(reason)") }
  }

  /// examples/report-cards.json through the spec, as `textflow layout` draws it: self-sizing
  /// cards of attributed runs, underlined and struck-through text among them.
  mutating func reportCards() throws(CommandError) {
    try specExample("report-cards") { result in
      "examples/report-cards.json: \(result.measuredItemCount) cards sized by their text, "
        + "decorations drawn"
    }
  }

  /// examples/search-results.json: search results whose hits are runs in a style with a
  /// `backgroundColor` (highlighted behind their glyphs), and "NEW" badges drawn the same way.
  mutating func searchResults() throws(CommandError) {
    try specExample("search-results") { result in
      "examples/search-results.json: \(result.measuredItemCount) results, hits and badges "
        + "filled behind their runs"
    }
  }

  /// The bundled spec examples/`name`.json laid out as `textflow layout` lays it out (its
  /// fonts found beside it), drawn to `name`.png at 2x and `name`.pdf.
  mutating func specExample(_ name: String, note: (TextSpec.Output) -> String)
    throws(CommandError)
  {
    guard let examples = bundledExamples(containing: "\(name).json") else {
      printError("textflow demo: \(name) skipped: examples/\(name).json not found")
      return
    }
    let result: TextSpec.Output
    do {
      var spec = try TextSpec(
        json: Data(contentsOf: examples.appendingPathComponent("\(name).json")))
      spec.baseDirectory = examples
      result = try spec.run(typesetter: typesetter)
    } catch {
      throw .failure("examples/\(name).json: \(error)")
    }
    let text = note(result)
    try render(result.scene, "\(name).png", RenderOptions(format: .png, scale: 2), text)
    try render(result.scene, "\(name).pdf", RenderOptions(format: .pdf), text)
  }

  mutating func witchDialogue() throws(CommandError) {
    // The seed's screen through the headless collection view: TextCells and TextHeaderViews
    // size themselves in the layout pass (estimated sizes, then measured ones).
    let dialogue = WitchDialogue.Controller(typesetter: typesetter)
    let collectionView = dialogue.collectionView
    do {
      try collectionView.layoutIfNeeded()
    } catch {
      throw .failure("the witch dialogue: \(error)")
    }
    let cells = collectionView.visibleCells.compactMap { $0 as? TextCell }
    let headers = collectionView.visibleSupplementaryViews(ofKind: .sectionHeader)
      .compactMap { $0 as? TextHeaderView }
    let wordCount = WitchDialogue.lines.reduce(0) { $0 + $1.words.count }
    guard cells.count == wordCount, headers.count == WitchDialogue.lines.count else {
      throw .failure(
        "the witch dialogue: \(cells.count) of \(wordCount) cells realised; the view is too short")
    }
    let content = collectionView.contentSize
    let inset = collectionView.contentInset
    let bounds = CGRect(
      x: -inset.left, y: -inset.top, width: collectionView.bounds.width,
      height: content.height + inset.top + inset.bottom)
    let scene = Scene(collectionView: collectionView, bounds: bounds)
    let measured = cells.filter { $0.textLayout != nil }.count
    let note =
      "the witch dialogue: \(measured) words and \(headers.count) headers sized themselves in "
      + "\(collectionView.layoutPassCount) layout passes"
    try render(scene, "witch-dialogue.png", RenderOptions(format: .png, scale: 2), note)
    try render(scene, "witch-dialogue.svg", RenderOptions(format: .svg), note)
    try render(
      scene, "witch-dialogue-debug.png", RenderOptions(format: .png, scale: 2, debugOverlay: true),
      "frames, line boxes, baselines, index paths")
    var result = LayoutSpec.Result(
      contentSize: content, elements: scene.elements.map(\.attributes)
    ).json
    if result.hasSuffix("\n}") {
      result =
        String(result.dropLast(2))
        + ",\n  \"measuredItems\": \(measured),\n  \"measuredSupplementaryViews\": \(headers.count)\n}"
    }
    try write(result, "witch-dialogue.json", "every frame, as textflow layout prints it")
  }

  mutating func tagCloud() throws(CommandError) {
    let words: [TagCloud.Word]
    do {
      words = try TagCloud.words(parsingWeighted: DemoData.topicWeights)
    } catch {
      throw .failure("the tag cloud's words: \(error)")
    }
    var cloud = TagCloud()
    cloud.width = 640
    cloud.height = 400
    cloud.maxFontSize = 60
    cloud.minFontSize = 11
    let output: TagCloud.Output
    do {
      output = try cloud.layout(words, typesetter: typesetter)
    } catch {
      throw .failure("\(error)")
    }
    var note = "a tag cloud of \(output.placed.count) words, square-root scale"
    if output.shrinkFactor < 1 {
      note += ", shrunk to \(Int((output.shrinkFactor * 100).rounded()))% to fit 640 × 400"
    }
    try render(output.scene, "tag-cloud.png", RenderOptions(format: .png, scale: 2), note)
    try render(output.scene, "tag-cloud.svg", RenderOptions(format: .svg), note)
  }

  /// The US Constitution's words, counted as a reader would, drawn three ways.
  mutating func wordClouds() throws(CommandError) {
    var counter = WordCounter()
    counter.stopWords = StopWords.english
    counter.mergesPlurals = true
    counter.findsPhrases = true
    let words = counter.count(DemoData.usConstitution)
    var rows = TagCloud()
    rows.width = 800
    rows.height = 420
    rows.maxWords = 60
    rows.maxFontSize = 56
    rows.minFontSize = 10
    var packed = PackedCloud()
    packed.width = 800
    packed.height = 420
    packed.maxWords = 150
    packed.rotations = [0, 90]
    packed.rotateRatio = 0.2
    var star = packed
    star.width = 600
    star.height = 600
    star.rotations = [0, -30, 30]
    star.rotateRatio = 0.3
    star.shape = .mask(Self.starMask)
    let scenes: [(String, Scene, String)]
    do {
      let rowCloud = try rows.layout(words, typesetter: typesetter)
      let packedCloud = try packed.layout(words, typesetter: typesetter)
      let starCloud = try star.layout(words, typesetter: typesetter)
      scenes = [
        ("word-cloud-rows", rowCloud.scene, "\(rowCloud.placed.count) words in rows"),
        (
          "word-cloud-packed", packedCloud.scene,
          "\(packedCloud.placed.count) words packed, "
            + "\(Int((packedCloud.density * 100).rounded()))% ink"
        ),
        (
          "word-cloud-star", starCloud.scene,
          "\(starCloud.placed.count) words packed in a star, "
            + "\(Int((starCloud.density * 100).rounded()))% ink"
        ),
      ]
    } catch {
      throw .failure("\(error)")
    }
    for (name, scene, note) in scenes {
      let text = "the US Constitution: " + note
      try render(scene, name + ".png", RenderOptions(format: .png, scale: 2), text)
      try render(scene, name + ".svg", RenderOptions(format: .svg), text)
      try render(scene, name + ".pdf", RenderOptions(format: .pdf), text)
    }
  }

  /// A five-pointed star, 300 × 300 pixels, as a cloud mask.
  static let starMask: CloudMask = {
    let size = 300
    // The star's ten corners, alternating outer and inner radius, the first point up.
    let corners = (0..<10).map { index -> (Double, Double) in
      let angle = Double(index) * .pi / 5 - .pi / 2
      let radius = index % 2 == 0 ? 0.5 : 0.2
      return (0.5 + radius * cos(angle), 0.53 + radius * sin(angle))
    }
    let inside = (0..<(size * size)).map { index -> Bool in
      let x = (Double(index % size) + 0.5) / Double(size)
      let y = (Double(index / size) + 0.5) / Double(size)
      // Even-odd rule over the polygon's edges.
      var crossings = 0
      for edge in 0..<10 {
        let (x0, y0) = corners[edge]
        let (x1, y1) = corners[(edge + 1) % 10]
        if (y0 > y) != (y1 > y), x < x0 + (y - y0) / (y1 - y0) * (x1 - x0) { crossings += 1 }
      }
      return crossings % 2 == 1
    }
    // A star always has inside pixels.
    return try! CloudMask(width: size, height: size, inside: inside)
  }()

  mutating func labelSheet() throws(CommandError) {
    var grid = LabelGrid()
    grid.mode = .sheet(.l7160)
    grid.fontSize = 13
    grid.minimumScaleFactor = 0.75
    var labels = DemoData.addressLabels
    labels.insert(
      "The Very Long Name of a Fictional Organisation for Testing Label Sheets Ltd.\n"
        + "Department of Deliberately Overlong Addresses\nUnit 1234, Industrial Estate\n"
        + "Somewhere-upon-a-River\nNorthshire NN1 1NN\nUnited Kingdom", at: 7)
    let output: LabelGrid.Output
    do {
      output = try grid.layout(labels, typesetter: typesetter)
    } catch {
      throw .failure("\(error)")
    }
    let shrunk = output.labels.filter { $0.fontSize < grid.fontSize - 0.001 }.count
    let truncated = output.labels.filter(\.isTruncated).count
    let page = PageSetup(size: output.pageSize ?? PaperSize.a4, margins: output.pageMargins)
    try render(
      output.scene, "label-sheet.pdf", RenderOptions(format: .pdf, page: page),
      "\(output.labels.count) address labels on 3 × 7 sheets: \(shrunk) shrunk to fit, \(truncated) truncated"
    )
  }

  mutating func carousel() throws(CommandError) {
    let carousel = CarouselDemo(typesetter: typesetter)
    do {
      let offsets: [(CGFloat, String)] = [
        (carousel.offset(centering: 0), "card 1 centred"),
        (carousel.offset(centering: 0) + 100, "halfway between cards 1 and 2"),
        (carousel.offset(centering: 1), "card 2 centred"),
        (carousel.offset(centering: 1) + 40, "card 2 a little left of centre"),
      ]
      for (index, (offset, what)) in offsets.enumerated() {
        try render(
          try carousel.scene(offsetX: offset), "carousel-\(index + 1).png",
          RenderOptions(format: .png, scale: 2),
          "the carousel at content offset \(JSONValue.format(Double(offset))): \(what)")
      }
      // Where drags come to rest: the nearest card's centre.
      for proposed in [CGFloat(-60), 130, 330] {
        let target = try carousel.snappedOffset(proposed: proposed)
        Console.line(
          "  a drag released at offset \(JSONValue.format(Double(proposed))) snaps to "
            + "\(JSONValue.format(Double(target))) (card \(Int(((target + 137.5) / 200).rounded()) + 1) centred)"
        )
      }
      let proposed: CGFloat = 330
      try render(
        try carousel.scene(offsetX: try carousel.snappedOffset(proposed: proposed)),
        "carousel-snapped.png", RenderOptions(format: .png, scale: 2),
        "where a drag released at offset \(JSONValue.format(Double(proposed))) comes to rest")
      for step in 0...4 {
        let progress = CGFloat(step) / 4
        try render(
          try carousel.transitionScene(offsetX: carousel.offset(centering: 1), progress: progress),
          "carousel-transition-\(step * 25).png", RenderOptions(format: .png, scale: 2),
          "TransitionLayout to a plain flow layout, \(step * 25)%")
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw .failure("the carousel: \(error)")
    }
  }
}
