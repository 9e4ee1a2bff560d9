// A PDF's document information and outline (bookmarks): what Cairo writes besides the pages.
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
      let text = Self.pdfText(value)
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
    let text = Self.pdfText(title)
    guard !text.isEmpty else { return }
    _ = cairo_pdf_surface_add_outline(
      surface, CAIRO_PDF_OUTLINE_ROOT, text, destination, cairo_pdf_outline_flags_t(0))
  }

  /// `text` without what Cairo refuses in a title or a bookmark, and would fail the whole file
  /// for ("input string not valid UTF-8"): noncharacters (U+FFFE, U+FDD0 …), which a record
  /// or a header may hold; and without control characters, which a viewer shows as boxes (and
  /// NUL would end the C string early).
  static func pdfText(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(
      contentsOf: text.unicodeScalars.filter {
        !$0.properties.isNoncharacterCodePoint && $0.properties.generalCategory != .control
      })
    return String(scalars)
  }
}
