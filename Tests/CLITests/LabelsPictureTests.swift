// `textflow labels` with image blocks, end to end: a logo on every label is one image in the
// PDF (poppler's pdfimages lists one object, at the PNG's pixel size, however many labels draw
// it) and one decode (TEXTFLOW_COUNT_WORK's "picture decodes"); pictures a record names that
// are missing, not PNG or cut short are bad records (row, field, path; nothing written unless
// --keep-going), and one the design names is an error naming its key path.
import Foundation
import TestSupport
import Testing

@Suite struct LabelsPictureTests {
  static let template = "Avery L7160"

  /// A folder with a 40 × 20 logo (left half red, right half blue, written byte by byte) and a
  /// design with a name above it.
  static func folder() throws -> URL {
    let directory = try Fixtures.temporaryDirectory()
    let logo = PNGWriter.rgb(width: 40, height: 20) { x, _ in
      x < 20 ? (220, 20, 20) : (20, 40, 220)
    }
    try logo.write(to: directory.appendingPathComponent("logo.png"))
    let design = #"{"blocks": [{"text": "{name}"}, {"image": "logo.png", "height": 24}]}"#
    try Data(design.utf8).write(to: directory.appendingPathComponent("design.json"))
    return directory
  }

  /// A CSV of `count` names.
  static func names(_ count: Int, in directory: URL) throws -> String {
    let path = directory.appendingPathComponent("names-\(count).csv").path
    let rows = (1...count).map { "Person \($0)\n" }.joined()
    try Data(("name\n" + rows).utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func textflow(_ arguments: [String], counting: Bool = false) throws -> ProcessResult {
    try ProcessRunner.run(
      Executables.textflow, ["labels"] + arguments,
      environment: counting ? ["TEXTFLOW_COUNT_WORK": "1"] : nil)
  }

  static func tool(_ name: String, _ arguments: [String]) throws -> String {
    try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/\(name)"), arguments).standardOutput
  }

  @Test func aLogoOnThirtyLabelsIsOneImageInThePDF() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try Self.textflow([
      try Self.names(30, in: directory), "--template", Self.template, "--design",
      directory.appendingPathComponent("design.json").path, "-o", pdf,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // pdfimages lists each placement with the object it draws: 30 placements of one object.
    let rows = try Self.tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2)
      .map { $0.split(separator: " ", omittingEmptySubsequences: true) }
    #expect(rows.count == 30)
    let objects = Set(rows.map { "\($0[10]) \($0[11])" })
    #expect(objects.count == 1, "\(objects)")
    #expect(rows.allSatisfy { $0[3] == "40" && $0[4] == "20" }, "\(rows.first ?? [])")
    let text = try Self.tool("pdftotext", [pdf, "-"])
    for number in [1, 17, 30] { #expect(text.contains("Person \(number)\n")) }
  }

  /// Cairo names a picture in a page's resources once per placement, a dictionary key
  /// repeated, which the PDF standard leaves undefined and which some print filters reject.
  @Test func aPageNamesEachPictureOnceForQPDF() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    // Colour emoji are pictures too, each drawn on every label.
    let names = directory.appendingPathComponent("emoji.csv").path
    let rows = (1...30).map { "Person \($0) 👍🏽🎉\n" }.joined()
    try Data(("name\n" + rows).utf8).write(to: URL(fileURLWithPath: names))
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try Self.textflow([
      names, "--template", Self.template, "--design",
      directory.appendingPathComponent("design.json").path, "-o", pdf,
    ])
    #expect(result.status == 0, "\(result.standardError)")
    // Each label places the logo and two emoji, an emoji as a picture and its alpha mask.
    let placements = try Self.tool("pdfimages", ["-list", pdf]).split(separator: "\n")
      .dropFirst(2)
    #expect(placements.count == 30 * 5)
    // qpdf reads every object by the cross-reference table: blanking the repeats keeps offsets.
    let check = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/qpdf"), ["--check", pdf])
    #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    #expect(!(check.standardOutput + check.standardError).contains("duplicated key"))
    #expect(check.standardOutput.contains("No syntax or stream encoding errors found"))
    let text = try Self.tool("pdftotext", [pdf, "-"])
    for number in [1, 21, 30] { #expect(text.contains("Person \(number)\n")) }
  }

  @Test func aLogoIsDecodedOnceForTenLabelsAndForAThousand() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    var decodes: [Int] = []
    for count in [10, 1000] {
      let result = try Self.textflow(
        [
          try Self.names(count, in: directory), "--template", Self.template, "--design",
          directory.appendingPathComponent("design.json").path, "-o",
          directory.appendingPathComponent("labels-\(count).pdf").path,
        ], counting: true)
      #expect(result.status == 0, "\(result.standardError)")
      decodes.append(result.countedFigure("picture decodes") ?? -1)
    }
    #expect(decodes == [1, 1])
  }

  /// Records naming a good photo, a missing one, a JPEG and a PNG cut short.
  static func photos(in directory: URL) throws -> (csv: String, design: String) {
    let photos = directory.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    let good = PNGWriter.grey(width: 30, height: 30) { _, _ in (90, 255) }
    try good.write(to: photos.appendingPathComponent("ada.png"))
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0])
      .write(to: photos.appendingPathComponent("bob.jpg"))
    try good.prefix(good.count - 20).write(to: photos.appendingPathComponent("cy.png"))
    let csv =
      "name,photo\nAda,photos/ada.png\nBob,photos/bob.jpg\nCy,photos/cy.png\n"
      + "Di,photos/di.png\nEd,\n"
    let csvPath = directory.appendingPathComponent("people.csv").path
    try Data(csv.utf8).write(to: URL(fileURLWithPath: csvPath))
    let design = #"{"blocks": [{"text": "{name}"}, {"image": "{photo}", "height": 20}]}"#
    let designPath = directory.appendingPathComponent("badge.json").path
    try Data(design.utf8).write(to: URL(fileURLWithPath: designPath))
    return (csvPath, designPath)
  }

  @Test func badPicturesInRecordsAreBadRecordsAndNothingIsWritten() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let (csv, design) = try Self.photos(in: directory)
    let pdf = directory.appendingPathComponent("badges.pdf").path
    let arguments = ["labels", csv, "--template", Self.template, "--design", design, "-o", pdf]
    // Run from another folder: the records' paths are the data file's.
    let result = try ProcessRunner.run(
      Executables.textflow, arguments, directory: FileManager.default.temporaryDirectory)
    #expect(result.status == 1)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    func line(_ row: Int) -> String { lines.first { $0.contains("row \(row) (") } ?? "" }
    let photos = directory.appendingPathComponent("photos").path
    #expect(line(2).contains("field 'photo'") && line(2).contains("\(photos)/bob.jpg"))
    #expect(line(2).contains("JPEG") && line(2).contains("convert bob.jpg bob.png"), "\(line(2))")
    #expect(line(3).contains("field 'photo'") && line(3).contains("\(photos)/cy.png"))
    #expect(line(3).contains("truncated"), "\(line(3))")
    #expect(line(4).contains("field 'photo'") && line(4).contains("\(photos)/di.png"))
    #expect(line(4).contains("no such file"), "\(line(4))")
    #expect(line(1).isEmpty && line(5).isEmpty, "\(result.standardError)")
    #expect(result.standardError.contains("nothing written"))
    #expect(!FileManager.default.fileExists(atPath: pdf))

    let going = try ProcessRunner.run(
      Executables.textflow, arguments + ["--keep-going"],
      directory: FileManager.default.temporaryDirectory)
    #expect(going.status == 0, "\(going.standardError)")
    let text = try Self.tool("pdftotext", [pdf, "-"])
    #expect(text.contains("Ada") && text.contains("Ed") && !text.contains("Bob"))
    // Ada's photo; Ed's empty field draws none.
    let images = try Self.tool("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2)
    #expect(images.count == 1 && images.first?.contains(" 30    30 ") == true, "\(images)")
  }

  @Test func aMissingPictureInTheDesignNamesItsKeyPath() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let design = directory.appendingPathComponent("missing.json").path
    let json = #"{"blocks": [{"text": "{name}"}, {"image": "nologo.png", "height": 24}]}"#
    try Data(json.utf8).write(to: URL(fileURLWithPath: design))
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try Self.textflow([
      try Self.names(3, in: directory), "--template", Self.template, "--design", design, "-o",
      pdf,
    ])
    #expect(result.status == 1)
    #expect(
      result.standardError.contains("missing.json: blocks[1].image"), "\(result.standardError)")
    #expect(result.standardError.contains(directory.appendingPathComponent("nologo.png").path))
    #expect(!result.standardError.contains("row "))
    #expect(!FileManager.default.fileExists(atPath: pdf))
  }

  @Test func aPNGWithDamagedPixelDataFailsTheDrawingNamingIt() throws {
    let directory = try Self.folder()
    defer { try? FileManager.default.removeItem(at: directory) }
    // The chunks still run to IEND (the header check passes); the zlib data inside IDAT is
    // scrambled, so only the decoder finds it.
    let logo = directory.appendingPathComponent("logo.png")
    var bytes = [UInt8](try Data(contentsOf: logo))
    let idat = try #require(
      (0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("IDAT".utf8) })
    for index in idat + 4..<idat + 16 { bytes[index] ^= 0x5A }
    try Data(bytes).write(to: logo)
    let pdf = directory.appendingPathComponent("labels.pdf").path
    let result = try Self.textflow([
      try Self.names(3, in: directory), "--template", Self.template, "--design",
      directory.appendingPathComponent("design.json").path, "-o", pdf,
    ])
    #expect(result.status == 1)
    #expect(result.standardError.contains(logo.path), "\(result.standardError)")
    #expect(result.standardError.contains("damaged"), "\(result.standardError)")
    #expect(!FileManager.default.fileExists(atPath: pdf))
  }
}
