// A PDF's document information and outline (bookmarks): what Cairo writes besides the pages;
// and the one rule for the text of every format's document information.
internal import CCairo
import Foundation

extension CairoCanvas {
  /// Writes each entry of `info` that is set and not empty into the PDF's Info dictionary (the
  /// canvas does when it is made).
  func setDocumentInfo(_ info: PDFDocumentInfo) {
    guard format == .pdf else { return }
    let entries = [
      (CAIRO_PDF_METADATA_TITLE, info.title), (CAIRO_PDF_METADATA_AUTHOR, info.author),
      (CAIRO_PDF_METADATA_SUBJECT, info.subject), (CAIRO_PDF_METADATA_KEYWORDS, info.keywords),
      (CAIRO_PDF_METADATA_CREATOR, info.creator),
    ]
    for case (let key, let value?) in entries {
      let text = Self.documentText(value)
      if !text.isEmpty { cairo_pdf_surface_set_metadata(surface, key, text) }
    }
  }

  /// Adds `title` to the top level of the PDF's outline (a viewer's bookmarks), leading to
  /// `point` (points from the top left corner) on `page` (counted from 1); in the order the
  /// calls come.
  func addBookmark(_ title: String, page: Int, at point: CGPoint) {
    guard format == .pdf, page > 0 else { return }
    // Cairo reads its own attribute syntax here: plain decimals, never an exponent.
    func decimal(_ value: CGFloat) -> String {
      String(format: "%.2f", max(0, min(Double(value), 1_000_000)))
    }
    let destination = "page=\(page) pos=[\(decimal(point.x)) \(decimal(point.y))]"
    let text = Self.documentText(title)
    guard !text.isEmpty else { return }
    _ = cairo_pdf_surface_add_outline(
      surface, CAIRO_PDF_OUTLINE_ROOT, text, destination, cairo_pdf_outline_flags_t(0))
  }

  /// `text` as every format's document information and a PDF's bookmarks take it: its
  /// noncharacters (U+FFFE, U+FDD0 …) replaced as in the text layer
  /// (`replacingNoncharacters(in:)`), since Cairo would fail a whole PDF for them ("input string
  /// not valid UTF-8") and XML 1.0 allows no U+FFFE or U+FFFF; and its control characters left
  /// out, which a viewer shows as boxes, XML 1.0 refuses (most of them) and NUL would end a C
  /// string early. One rule for the PDF's Info dictionary and outline, the SVG's `<title>`,
  /// `<desc>` and `<metadata>`, and the PNG's text chunks.
  static func documentText(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(
      contentsOf: text.unicodeScalars.filter { $0.properties.generalCategory != .control })
    return String(decoding: replacingNoncharacters(in: Array(String(scalars).utf8)), as: UTF8.self)
  }
}
