// Image blocks on label sheets, read back from the rendered PNG: the input pictures are written
// byte by byte (PNGWriter), so their colours, pixel sizes and halves are known without the
// renderer; where they must land follows from the label's geometry (a 200 × 100 pt label at
// (50, 50), padding 4) and the block's asked size with the picture's aspect ratio.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering
@testable import TextFlowSpec

@Suite struct LabelPictureTests {
  static let red: (red: UInt8, green: UInt8, blue: UInt8) = (220, 20, 20)
  static let blue: (red: UInt8, green: UInt8, blue: UInt8) = (20, 40, 220)
  static let green: (red: UInt8, green: UInt8, blue: UInt8) = (20, 180, 40)

  /// One 200 × 100 pt label on a 300 × 200 pt sheet, at (50, 50).
  static let template = LabelTemplate(
    brand: "Test", part: "1", description: "one label", paperName: "test",
    pageSize: CGSize(width: 300, height: 200),
    shape: .rectangle(width: 200, height: 100, cornerRadius: 0),
    grids: [.init(columns: 1, rows: 1, x0: 50, y0: 50, dx: 200, dy: 100)])

  /// A 40 × 20 picture, its left half `left` and its right half `right`.
  static func halves(
    _ left: (red: UInt8, green: UInt8, blue: UInt8),
    _ right: (red: UInt8, green: UInt8, blue: UInt8)
  ) -> Data {
    PNGWriter.rgb(width: 40, height: 20) { x, _ in x < 20 ? left : right }
  }

  /// The pixels within 40 of `colour` in every channel, as a box in points (nil: none).
  static func region(
    of colour: (red: UInt8, green: UInt8, blue: UInt8), in image: PNGImage, scale: Double
  ) -> CGRect? {
    var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let pixel = image.pixel(x: x, y: y)
        let channels = [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
        let wanted = [Int(colour.red), Int(colour.green), Int(colour.blue)]
        guard zip(channels, wanted).allSatisfy({ abs($0 - $1) <= 40 }) else { continue }
        (minX, minY) = (min(minX, x), min(minY, y))
        (maxX, maxY) = (max(maxX, x), max(maxY, y))
      }
    }
    guard minX <= maxX else { return nil }
    return CGRect(
      x: Double(minX) / scale, y: Double(minY) / scale, width: Double(maxX - minX + 1) / scale,
      height: Double(maxY - minY + 1) / scale)
  }

  /// Renders `records` with `design` to a PNG at 2x in `directory` and reads it back.
  static func render(
    _ design: LabelDesign, _ records: [LabelRecord], in directory: URL,
    dataDirectory: URL? = nil, template: LabelTemplate = Self.template
  ) throws -> (image: PNGImage, output: LabelSheetLayout.Output, path: String) {
    var sheets = LabelSheetLayout(template: template, design: design)
    sheets.dataDirectory = dataDirectory
    let output = try sheets.layout(records, typesetter: sharedTypesetter)
    #expect(output.errors.isEmpty, "\(output.errors)")
    let path = directory.appendingPathComponent("sheet-\(UUID().uuidString).png").path
    let page = try #require(output.pages.first, "no labels: \(output.errors)")
    try Renderer.render(page, to: path, options: RenderOptions(format: .png, scale: 2))
    return (try PNGImage(contentsOf: path), output, path)
  }

  static func record(_ fields: [(String, String)], row: Int = 1) -> LabelRecord {
    LabelRecord(row: row, line: row + 1, fields: fields.map { (name: $0.0, value: $0.1) })
  }

  @Test(arguments: [TextAlignment.left, .center, .right])
  func aPictureIsDrawnAtItsHeightAndAspectRatioAlignedAsAsked(_ alignment: TextAlignment)
    throws
  {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.halves(Self.red, Self.blue).write(to: directory.appendingPathComponent("logo.png"))
    var design = LabelDesign(blocks: [
      .text(.init(template: try FieldTemplate("{name}"), size: 12)),
      .image(.init(template: try FieldTemplate("logo.png"), height: 24, alignment: alignment)),
    ])
    design.baseDirectory = directory
    let (image, _, path) = try Self.render(
      design, [Self.record([("name", "Ada Lovelace")])], in: directory)
    // Found apart from #require, whose message would print every pixel of the image.
    let (redRegion, blueRegion) = (
      Self.region(of: Self.red, in: image, scale: 2),
      Self.region(of: Self.blue, in: image, scale: 2)
    )
    let red = try #require(redRegion, "no red pixels")
    let blue = try #require(blueRegion, "no blue pixels")
    let picture = red.union(blue)
    // 24 pt tall, 40:20 wide: 48 pt; each half 24 pt wide (a pixel of blending at the seam).
    #expect(abs(picture.height - 24) <= 0.5, "\(picture)")
    #expect(abs(picture.width - 48) <= 0.5, "\(picture)")
    #expect(abs(red.width - 24) <= 1 && abs(blue.width - 24) <= 1, "\(red) \(blue)")
    #expect(red.maxX <= blue.minX + 0.5)
    // Inside the padding: the label's inner width runs from 54 to 246 pt.
    switch alignment {
    case .left: #expect(abs(picture.minX - 54) <= 0.5, "\(picture)")
    case .right: #expect(abs(picture.maxX - 246) <= 0.5, "\(picture)")
    default: #expect(abs(picture.midX - 150) <= 0.5, "\(picture)")
    }
    // The name above it is still drawn: dark ink between the label's top and the picture.
    let ink = try InkMap(path: path, scale: 2, origin: .zero)
    let text = try #require(ink.inkBounds(in: CGRect(x: 50, y: 50, width: 200, height: 20)))
    #expect(text.maxY < picture.minY && text.width > 40, "\(text)")
  }

  @Test func eachRecordShowsItsOwnPictureFromItsCSVField() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let photos = directory.appendingPathComponent("photos")
    try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    try Self.halves(Self.red, Self.red).write(to: photos.appendingPathComponent("ada.png"))
    try Self.halves(Self.green, Self.green).write(to: photos.appendingPathComponent("alan.png"))
    let csv = "name,photo\nAda,photos/ada.png\nAlan,photos/alan.png\n"
    let records = try RecordReader.read(Data(csv.utf8), format: .csv).records
    let design = LabelDesign(blocks: [
      .text(.init(template: try FieldTemplate("{name}"))),
      .image(.init(template: try FieldTemplate("{photo}"), height: 20)),
    ])
    // Two labels side by side on the sheet: records 1 and 2, left and right.
    var template = Self.template
    template.shape = .rectangle(width: 100, height: 100, cornerRadius: 0)
    template.grids = [.init(columns: 2, rows: 1, x0: 50, y0: 50, dx: 100, dy: 100)]
    // Found beside the data, not in the working directory.
    let image = try Self.render(
      design, records, in: directory, dataDirectory: directory, template: template
    ).image
    let (redRegion, greenRegion) = (
      Self.region(of: Self.red, in: image, scale: 2),
      Self.region(of: Self.green, in: image, scale: 2)
    )
    let red = try #require(redRegion, "no red pixels")
    let green = try #require(greenRegion, "no green pixels")
    #expect(red.minX >= 50 && red.maxX <= 150, "Ada's photo on the first label: \(red)")
    #expect(green.minX >= 150 && green.maxX <= 250, "Alan's on the second: \(green)")
    #expect(abs(red.height - 20) <= 0.5 && abs(red.width - 40) <= 0.5, "\(red)")
  }

  /// The picture element's frame in the scene of one label.
  static func pictureFrame(
    _ design: LabelDesign, _ fields: [(String, String)] = [("name", "Ada")]
  ) throws -> (frame: CGRect, output: LabelSheetLayout.Output) {
    let sheets = LabelSheetLayout(template: template, design: design)
    let output = try sheets.layout([record(fields)], typesetter: sharedTypesetter)
    let element = try #require(output.pages.first?.elements.first { $0.image != nil })
    return (element.attributes.frame, output)
  }

  @Test func theSizeFollowsWidthHeightOrThePicturesOwnAt72DPI() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.halves(Self.red, Self.blue).write(to: directory.appendingPathComponent("a.png"))
    let wide = PNGWriter.rgb(width: 400, height: 50) { _, _ in Self.red }
    try wide.write(to: directory.appendingPathComponent("wide.png"))
    func frame(_ name: String, width: Double?, height: Double?) throws -> CGRect {
      var design = LabelDesign(blocks: [
        .image(.init(template: try FieldTemplate(name), width: width, height: height))
      ])
      design.baseDirectory = directory
      return try Self.pictureFrame(design).frame
    }
    // 40 × 20 pixels: its own size is 40 × 20 pt; a width gives the height at 2:1; both, the
    // largest 2:1 box inside them.
    #expect(try frame("a.png", width: nil, height: nil).size == CGSize(width: 40, height: 20))
    #expect(try frame("a.png", width: 60, height: nil).size == CGSize(width: 60, height: 30))
    #expect(try frame("a.png", width: 60, height: 10).size == CGSize(width: 20, height: 10))
    #expect(try frame("a.png", width: 30, height: 60).size == CGSize(width: 30, height: 15))
    // 400 pt wide on a 192 pt inner width: scaled down to it, 8:1 kept.
    let scaled = try frame("wide.png", width: nil, height: nil)
    #expect(abs(scaled.width - 192) < 1e-9 && abs(scaled.height - 24) < 1e-9, "\(scaled)")
  }

  @Test func textShrinksFirstThenThePictureGivesWayToTextAtItsMinimumSize() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.halves(Self.red, Self.blue).write(to: directory.appendingPathComponent("a.png"))
    // Inner height 92 pt. Five lines of 12 pt text (about 70 pt) beside a 40 pt picture do not
    // fit; at a smaller size they do: the text shrinks and the picture keeps its 40 pt.
    let five = (1...5).map { "line \($0)" }.joined(separator: "\n")
    var design = LabelDesign(blocks: [
      .text(.init(template: try FieldTemplate("{name}"), size: 12)),
      .image(.init(template: try FieldTemplate("a.png"), height: 40)),
    ])
    design.baseDirectory = directory
    let shrunk = try Self.pictureFrame(design, [("name", five)])
    #expect(shrunk.frame.height == 40)
    #expect(shrunk.output.labels[0].fit.isShrunk)
    #expect(!shrunk.output.labels[0].fit.isTruncated)
    // Twelve lines fit beside no 40 pt picture even at the minimum size (6 pt): the picture
    // shrinks, ratio kept, to what the text leaves, and the text is not cut.
    let twelve = (1...12).map { "line \($0)" }.joined(separator: "\n")
    let given = try Self.pictureFrame(design, [("name", twelve)])
    let fit = given.output.labels[0].fit
    #expect(given.frame.height < 40 && given.frame.height > 1, "\(given.frame)")
    #expect(abs(given.frame.width - 2 * given.frame.height) < 1e-6)
    #expect(fit.sizes == [6] && !fit.isTruncated && !fit.isOverflowed, "\(fit)")
    let text = try #require(given.output.pages.first?.elements.first { $0.text != nil })
    // Text, spacing, picture: the stack fills the 92 pt inner height.
    let stack = text.attributes.frame.height + design.spacing + given.frame.height
    #expect(abs(stack - 92) < 0.01, "\(stack)")
  }

  /// A design of a 12 pt `{name}` over a 40 pt tall red|blue picture written into
  /// `directory`.
  static func nameOverPicture(in directory: URL) throws -> LabelDesign {
    try halves(red, blue).write(to: directory.appendingPathComponent("a.png"))
    var design = LabelDesign(blocks: [
      .text(.init(template: try FieldTemplate("{name}"), size: 12)),
      .image(.init(template: try FieldTemplate("a.png"), height: 40)),
    ])
    design.baseDirectory = directory
    return design
  }

  @Test func theFitGivesTheScaleThePicturesWereDrawnAt() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let design = try Self.nameOverPicture(in: directory)
    // One line and five lines keep the 40 pt picture (five shrink the text); twelve lines at
    // the minimum size leave it less room (as in the test above).
    let texts = [1, 5, 12].map { count in
      (1...count).map { "line \($0)" }.joined(separator: "\n")
    }
    var scales: [Double] = []
    for text in texts {
      let (image, output, _) = try Self.render(
        design, [Self.record([("name", text)])], in: directory)
      let (redRegion, blueRegion) = (
        Self.region(of: Self.red, in: image, scale: 2),
        Self.region(of: Self.blue, in: image, scale: 2)
      )
      let red = try #require(redRegion, "no red pixels")
      let blue = try #require(blueRegion, "no blue pixels")
      // Drawn height over the design's 40 pt, to half a pixel (0.25 pt) at each edge.
      let drawn = red.union(blue).height / 40
      let fit = output.labels[0].fit
      #expect(abs(fit.pictureScale - drawn) <= 0.5 / 40, "\(fit) drawn at \(drawn)")
      scales.append(fit.pictureScale)
      #expect(!fit.picturesDropped)
    }
    #expect(scales[0] == 1 && scales[1] == 1 && scales[2] < 0.9, "\(scales)")
  }

  @Test func aPictureScaledUnderAPointIsLeftOutAndSaidSo() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let design = try Self.nameOverPicture(in: directory)
    // Sixteen lines at the minimum size fill the 92 pt inner height alone.
    let text = (1...16).map { "line \($0)" }.joined(separator: "\n")
    let (image, output, _) = try Self.render(
      design, [Self.record([("name", text)])], in: directory)
    let fit = output.labels[0].fit
    #expect(fit.picturesDropped && fit.isOverflowed && fit.pictureScale < 1 / 40.0, "\(fit)")
    // Not a red or blue pixel drawn.
    #expect(Self.region(of: Self.red, in: image, scale: 2) == nil)
    #expect(Self.region(of: Self.blue, in: image, scale: 2) == nil)
  }

  @Test func anEmptyFieldDrawsNoPicture() throws {
    let design = LabelDesign(blocks: [
      .text(.init(template: try FieldTemplate("{name}"))),
      .image(.init(template: try FieldTemplate("{photo}"))),
    ])
    let sheets = LabelSheetLayout(template: Self.template, design: design)
    let output = try sheets.layout(
      [Self.record([("name", "Ada"), ("photo", " ")])], typesetter: sharedTypesetter)
    #expect(output.errors.isEmpty)
    #expect(output.pages.first?.elements.allSatisfy { $0.image == nil } == true)
    #expect(design.drawsNothing(for: [Self.record([("name", ""), ("photo", "")])]))
    #expect(!design.drawsNothing(for: [Self.record([("name", ""), ("photo", "a.png")])]))
  }

  @Test func aLogoOnManyLabelsIsDecodedOnce() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.halves(Self.red, Self.blue).write(to: directory.appendingPathComponent("logo.png"))
    var design = LabelDesign(blocks: [
      .text(.init(template: try FieldTemplate("{n}"))),
      .image(.init(template: try FieldTemplate("logo.png"), height: 10)),
    ])
    design.baseDirectory = directory
    var template = Self.template
    template.shape = .rectangle(width: 30, height: 20, cornerRadius: 0)
    template.grids = [.init(columns: 10, rows: 10, x0: 0, y0: 0, dx: 30, dy: 20)]
    var decodes: [Int] = []
    for count in [10, 100] {
      let sheets = LabelSheetLayout(template: template, design: design)
      let records = (1...count).map { Self.record([("n", "\($0)")], row: $0) }
      let output = try sheets.layout(records, typesetter: sharedTypesetter)
      #expect(output.pages.flatMap(\.elements).filter { $0.image != nil }.count == count)
      let path = directory.appendingPathComponent("labels-\(count).pdf").path
      let summary = try Renderer.render(
        pages: output.pages, to: path, options: RenderOptions(format: .pdf))
      decodes.append(summary.pictureDecodeCount)
    }
    #expect(decodes == [1, 1])
  }

  @Test func anSVGHoldsALogoOnceAtItsPixelSize() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Self.halves(Self.red, Self.blue).write(to: directory.appendingPathComponent("logo.png"))
    var design = LabelDesign(blocks: [
      .image(.init(template: try FieldTemplate("logo.png"), height: 10))
    ])
    design.baseDirectory = directory
    var template = Self.template
    template.shape = .rectangle(width: 30, height: 20, cornerRadius: 0)
    template.grids = [.init(columns: 10, rows: 10, x0: 0, y0: 0, dx: 30, dy: 20)]
    let sheets = LabelSheetLayout(template: template, design: design)
    let records = (1...20).map { Self.record([("n", "\($0)")], row: $0) }
    let output = try sheets.layout(records, typesetter: sharedTypesetter)
    let path = directory.appendingPathComponent("labels.svg").path
    let page = try #require(output.pages.first)
    try Renderer.render(page, to: path, options: RenderOptions(format: .svg))
    let svg = try String(contentsOfFile: path, encoding: .utf8)
    let images = svg.components(separatedBy: "<image ").dropFirst()
    #expect(images.count == 1)
    #expect(images.first?.contains(#"width="40" height="20""#) == true)
  }
}
