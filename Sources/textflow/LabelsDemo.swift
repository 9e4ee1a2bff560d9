// The demo's label merges: examples/contacts.csv, products.csv and badges.csv on gLabels sheets.
import Foundation
import TextFlow
import TextFlowRendering
import TextFlowSpec

/// Draws the example merges into `directory` (a PDF of all sheets and a PNG of the first)
/// and returns a line per file written; none, with the reason, when the examples or gLabels'
/// templates are not installed.
func labelMergeDemos(directory: String, typesetter: Typesetter) throws(CommandError) -> (
  files: [String], skipped: String?
) {
  guard let examples = bundledExamples(containing: "contacts.csv") else {
    return ([], "examples/contacts.csv not found")
  }
  let database: TemplateDatabase
  do {
    database = try TemplateDatabase.load()
  } catch {
    return ([], "\(error)")
  }
  var files: [String] = []
  // Avery L4785 is a sheet of ten 80 × 50 mm self-adhesive name badges.
  let merges = [
    ("contacts", "Avery L7160"), ("products", "Avery L7165"), ("badges", "Avery L4785"),
  ]
  for (name, template) in merges {
    do {
      let data = try Data(contentsOf: examples.appendingPathComponent("\(name).csv"))
      let records = try RecordReader.read(data, format: .csv)
      let designs = examples.appendingPathComponent("designs")
      var design = try LabelDesignReader.read(
        try Data(contentsOf: designs.appendingPathComponent("\(name).json")))
      // Pictures are found as `textflow labels` finds them: the design's beside the design
      // file, a record's beside the data file, wherever the demo is run from.
      design.baseDirectory = designs
      var sheets = LabelSheetLayout(
        template: try database.template(named: template), design: design)
      sheets.dataDirectory = examples
      sheets.barcodeEncoder = ZintBarcodeEncoder()
      let output = try sheets.layout(records.records, typesetter: typesetter)
      // A bundled record that cannot be merged (a photo missing from an installed copy) is
      // the demo's failure, not a label quietly left out.
      if let error = output.errors.first {
        throw error
      }
      let pdf = (directory as NSString).appendingPathComponent("labels-\(name).pdf")
      let png = (directory as NSString).appendingPathComponent("labels-\(name).png")
      let note =
        "examples/\(name).csv on \(template): \(output.labels.count) labels, "
        + "\(output.labels.filter { !$0.fit.isClean }.count) not as designed"
      var options = RenderOptions(format: .pdf)
      options.documentInfo = demoDocumentInfo("labels-\(name).pdf", note)
      let pdfSummary = try Renderer.render(pages: output.pages, to: pdf, options: options)
      // The proof picture shows the outlines a printed sheet leaves out.
      sheets.drawsOutlines = true
      let proof = try sheets.layout(records.records, typesetter: typesetter)
      options = RenderOptions(format: .png, scale: 2)
      options.documentInfo = demoDocumentInfo("labels-\(name).png", note)
      let pngSummary = try Renderer.render(pages: [proof.pages[0]], to: png, options: options)
      files.append("\(describe(pdfSummary))  \(note)")
      files.append("\(describe(pngSummary))  its first sheet, with outlines")
    } catch {
      throw .failure("the \(name) label merge: \(error)")
    }
  }
  return (files, nil)
}

/// A demo picture's title and subject, which viewers show instead of the file name: "TextFlow
/// demo: witch dialogue" for witch-dialogue.png, and what the picture shows.
func demoDocumentInfo(_ fileName: String, _ note: String) -> PDFDocumentInfo {
  let name = (fileName as NSString).deletingPathExtension.replacingOccurrences(of: "-", with: " ")
  return PDFDocumentInfo(title: "TextFlow demo: \(name)", subject: note)
}

/// The bundled examples folder that holds `file`, found as the fonts are
/// (`BundledFonts.directory`), never in the working directory, so that the demo draws the same
/// files wherever it is run: beside the executable as installed (`scripts/install`:
/// ../share/textflow/examples), beside a build (.build/release/../../), else in the checkout
/// the command was built from.
func bundledExamples(containing file: String) -> URL? {
  let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent()
  let candidates = [
    folder.appendingPathComponent("../share/textflow/examples").standardizedFileURL,
    folder.appendingPathComponent("../../examples").standardizedFileURL,
    // #filePath is Sources/textflow/LabelsDemo.swift in the package checkout.
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("examples"),
  ]
  return candidates.first {
    FileManager.default.fileExists(atPath: $0.appendingPathComponent(file).path)
  }
}
