// `textflow layout`, `grid` and `cloud` never write their output over their own input: a
// spec laid out with "-o spec.json" was replaced by the layout's JSON, a word list by a cloud
// ("-o words.txt --format svg"), a stop-word list or a mask by the picture, with status 0.
import Foundation
import TestSupport
import Testing

@Suite struct OutputOverInputTests {
  @Test("an output naming a spec, label, word, stop-word or mask file is refused, the file kept")
  func outputNamingAnInputIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let spec = Data(
      (#"{"collectionView": {"size": [100, 100]}, "layout": {"itemSize": [10, 10]}, "#
        + #""sections": [{"itemCount": 2}]}"#).utf8)
    let words = Data("swift 3\nlinux 2\n".utf8)
    let stopWords = Data("linux\n".utf8)
    let files = ["spec.json": spec, "words.txt": words, "stop.txt": stopWords]
    let link = directory.appendingPathComponent("link.json")
    // The clashing names as a user types them: the same name, another spelling, a symlink.
    let cases: [(arguments: [String], file: String)] = [
      (["layout", "spec.json", "-o", "spec.json"], "spec.json"),
      (["layout", "link.json", "-o", "./spec.json"], "spec.json"),
      (["grid", "words.txt", "--format", "json", "-o", "words.txt"], "words.txt"),
      (["cloud", "words.txt", "--format", "svg", "-o", "words.txt"], "words.txt"),
      (
        ["cloud", "words.txt", "--stop-words", "en,stop.txt", "-o", "stop.txt", "--format", "svg"],
        "stop.txt"
      ),
    ]
    for item in cases {
      for (name, contents) in files {
        try contents.write(to: directory.appendingPathComponent(name))
      }
      try? FileManager.default.removeItem(at: link)
      try FileManager.default.createSymbolicLink(
        atPath: link.path, withDestinationPath: "spec.json")
      let result = try ProcessRunner.run(
        Executables.textflow, item.arguments, directory: directory)
      #expect(result.status == 2, "\(item.arguments): \(result.standardError)")
      #expect(
        result.standardError.contains("would replace it"),
        "\(item.arguments): \(result.standardError)")
      let kept = try Data(contentsOf: directory.appendingPathComponent(item.file))
      #expect(kept == files[item.file], "\(item.arguments) changed \(item.file)")
    }
    // A mask: a PNG the cloud reads, named again as the cloud's PNG.
    try words.write(to: directory.appendingPathComponent("words.txt"))
    let mask = directory.appendingPathComponent("mask.png")
    let made = try ProcessRunner.run(
      Executables.textflow, ["cloud", "words.txt", "-o", "mask.png"], directory: directory)
    #expect(made.status == 0, "\(made.standardError)")
    let maskBytes = try Data(contentsOf: mask)
    let result = try ProcessRunner.run(
      Executables.textflow, ["cloud", "words.txt", "--mask", "mask.png", "-o", "mask.png"],
      directory: directory)
    #expect(result.status == 2, "\(result.standardError)")
    #expect(try Data(contentsOf: mask) == maskBytes)
    // Another name is written as before.
    let written = try ProcessRunner.run(
      Executables.textflow, ["layout", "spec.json", "-o", "layout.json"], directory: directory)
    #expect(written.status == 0, "\(written.standardError)")
    #expect(try Data(contentsOf: directory.appendingPathComponent("spec.json")) == spec)
  }

  // `grid --sheet -o p-%d.txt` wrote its second sheet over the label file p-2.txt, and `labels
  // -o logo.png` its sheet over the design's logo (a record's photo too), with status 0.
  @Test("a page of a %d name, or a picture the labels draw, naming an input is refused, kept")
  func pageOrPictureNamingAnInputIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let examples = Fixtures.packageRoot.appendingPathComponent("examples")
    let logo = try Data(contentsOf: examples.appendingPathComponent("designs/badges-logo.png"))
    let photo = try Data(contentsOf: examples.appendingPathComponent("photos/ada.png"))
    // 30 labels: two L7160 sheets.
    let labels = Data((1...30).map { "Label \($0)" }.joined(separator: "\n").utf8)
    let records = Data("name,photo\nAda,pic-1.png\nGrace,pic-1.png\n".utf8)
    let design = Data(
      (#"{"blocks": [{"image": "logo.png", "height": 20}, {"text": "{name}"}, "#
        + #"{"image": "{photo}", "height": 20}]}"#).utf8)
    let files = [
      "p-2.txt": labels, "q-1.csv": records, "records.csv": records, "design.json": design,
      "logo.png": logo, "pic-1.png": photo,
    ]
    let labelsArguments = ["--template", "Avery L7160", "--design", "design.json"]
    let cases: [(arguments: [String], file: String)] = [
      (["grid", "p-2.txt", "--sheet", "l7160", "-o", "p-%d.txt", "--format", "pdf"], "p-2.txt"),
      (["labels", "q-1.csv", "-o", "q-%d.csv", "--format", "pdf"] + labelsArguments, "q-1.csv"),
      (["labels", "records.csv", "-o", "logo.png"] + labelsArguments, "logo.png"),
      (["labels", "records.csv", "-o", "./pic-1.png"] + labelsArguments, "pic-1.png"),
      (["labels", "records.csv", "-o", "pic-%d.png"] + labelsArguments, "pic-1.png"),
      (
        ["labels", "records.csv", "-o", "out.pdf", "--report", "logo.png"] + labelsArguments,
        "logo.png"
      ),
    ]
    for item in cases {
      for (name, contents) in files {
        try contents.write(to: directory.appendingPathComponent(name))
      }
      let result = try ProcessRunner.run(
        Executables.textflow, item.arguments, directory: directory)
      #expect(result.status == 2, "\(item.arguments): \(result.standardError)")
      #expect(
        result.standardError.contains("would replace it"),
        "\(item.arguments): \(result.standardError)")
      let kept = try Data(contentsOf: directory.appendingPathComponent(item.file))
      #expect(kept == files[item.file], "\(item.arguments) changed \(item.file)")
    }
    // Other names are written as before.
    let written = try ProcessRunner.run(
      Executables.textflow, ["labels", "records.csv", "-o", "sheet-%d.png"] + labelsArguments,
      directory: directory)
    #expect(written.status == 0, "\(written.standardError)")
    #expect(try Data(contentsOf: directory.appendingPathComponent("logo.png")) == logo)
  }

  // A page is written through a link already there (as any output is), so `labels r.csv -o
  // s-%d.pdf` beside a link s-2.pdf -> r.csv replaced the records with the second sheet.
  @Test("a page file already linking to an input is refused, the input and the link kept")
  func pageLinkingToAnInputIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let records = Data(("name\n" + (1...30).map { "Guest \($0)" }.joined(separator: "\n")).utf8)
    try records.write(to: directory.appendingPathComponent("r.csv"))
    let link = directory.appendingPathComponent("s-2.pdf")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "r.csv")
    for arguments in [
      ["labels", "r.csv", "--template", "Avery L7160", "-o", "s-%d.pdf"],
      ["grid", "r.csv", "--sheet", "l7160", "-o", "s-%d.pdf"],
    ] {
      let result = try ProcessRunner.run(Executables.textflow, arguments, directory: directory)
      #expect(result.status == 2, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.contains("page 2") && result.standardError.contains("links to"),
        "\(arguments): \(result.standardError)")
      #expect(try Data(contentsOf: directory.appendingPathComponent("r.csv")) == records)
      #expect(
        try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "r.csv")
      let listing = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      #expect(listing == ["r.csv", "s-2.pdf"], "\(arguments)")
    }
  }

  // The page number is read from the file's name only: in a folder named "50% off", `labels -o
  // sheet.pdf` said "'% ' is not a page number" and wrote nothing.
  @Test("a % in a folder's name is the folder's: every command writes into it")
  func percentInAFolderName() throws {
    let base = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: base) }
    let directory = base.appendingPathComponent("50% off")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    try Data("name\nAda\nGrace\n".utf8).write(to: directory.appendingPathComponent("r.csv"))
    try Data("swift 3\nlinux 2\n".utf8).write(to: directory.appendingPathComponent("w.txt"))
    try Data(
      (#"{"collectionView": {"size": [100, 100]}, "sections": [{"texts": ["hi"]}]}"#).utf8
    ).write(to: directory.appendingPathComponent("spec.json"))
    let runs: [(arguments: [String], written: String)] = [
      (["labels", "r.csv", "--template", "Avery L7160", "-o", "sheet.pdf"], "sheet.pdf"),
      (["labels", "r.csv", "--template", "Avery L7160", "-o", "l-%d.png"], "l-1.png"),
      (["grid", "r.csv", "--sheet", "l7160", "-o", "g-%02d.svg"], "g-01.svg"),
      (["cloud", "w.txt", "-o", "cloud.png"], "cloud.png"),
      (["layout", "spec.json", "-o", "layout.png"], "layout.png"),
    ]
    let signatures = [
      "pdf": Data("%PDF".utf8), "png": Data([0x89, 0x50, 0x4E, 0x47]), "svg": Data("<?xm".utf8),
    ]
    for run in runs {
      // As typed, and by the absolute path, whose folder holds the `%`.
      let pattern = run.arguments.last!
      for output in [pattern, directory.path + "/" + pattern] {
        let arguments = run.arguments.dropLast() + [output]
        let result = try ProcessRunner.run(
          Executables.textflow, Array(arguments), directory: directory)
        #expect(result.status == 0, "\(arguments): \(result.standardError)")
        let file = directory.appendingPathComponent(run.written)
        let head = try Data(contentsOf: file).prefix(4)
        #expect(head == signatures[file.pathExtension], "\(arguments): \(Array(head))")
        try FileManager.default.removeItem(at: file)
      }
    }
  }

  // A spec style's "font": "my.ttf" (or grid's --font my.ttf) named again as -o: the drawing
  // replaced the font file with status 0, and the next run said "cannot load font my.ttf: not a
  // TrueType or OpenType font file (it starts with "%PDF-1.5")".
  @Test("an output naming a font file the text was measured with is refused, the font kept")
  func outputNamingAFontFileIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let font = try Data(
      contentsOf: Fixtures.packageRoot.appendingPathComponent("Fonts/DejaVuSans.ttf"))
    try font.write(to: directory.appendingPathComponent("my.ttf"))
    try FileManager.default.createSymbolicLink(
      atPath: directory.appendingPathComponent("link.ttf").path, withDestinationPath: "my.ttf")
    let spec = Data(
      (#"{"collectionView": {"size": [300, 300]}, "styles": {"w": {"font": "my.ttf"}}, "#
        + #""itemStyle": "w", "sections": [{"texts": ["hello"]}]}"#).utf8)
    try spec.write(to: directory.appendingPathComponent("spec.json"))
    try Data("Ada\nGrace\n".utf8).write(to: directory.appendingPathComponent("labels.txt"))
    try Data("name\nAda\n".utf8).write(to: directory.appendingPathComponent("r.csv"))
    try Data(#"{"blocks": [{"text": "{name}", "font": "my.ttf"}]}"#.utf8).write(
      to: directory.appendingPathComponent("design.json"))
    for arguments in [
      ["layout", "spec.json", "-o", "my.ttf", "--format", "pdf"],
      ["layout", "spec.json", "-o", "my.ttf", "--format", "json"],
      ["layout", "spec.json", "-o", "link.ttf", "--format", "svg"],
      ["grid", "labels.txt", "--font", "my.ttf", "-o", "my.ttf", "--format", "png"],
      [
        "labels", "r.csv", "--template", "Avery L7160", "--design", "design.json", "-o",
        "my.ttf", "--format", "pdf",
      ],
    ] {
      let result = try ProcessRunner.run(Executables.textflow, arguments, directory: directory)
      #expect(result.status == 1, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.contains("a font file the text was measured with"),
        "\(arguments): \(result.standardError)")
      #expect(try Data(contentsOf: directory.appendingPathComponent("my.ttf")) == font)
      let listing = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
      #expect(listing == ["design.json", "labels.txt", "link.ttf", "my.ttf", "r.csv", "spec.json"])
    }
  }
}
