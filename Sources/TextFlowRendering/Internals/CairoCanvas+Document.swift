// A PDF's document information, outline (bookmarks) and links: what Cairo writes besides what
// the pages show; links in an SVG; and the one rule for the text of every format's document
// information.
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

  /// Makes `rects` (in the current user space; each turned with it, as its bounding box on the
  /// page) one clickable link to `url` on the current page of a PDF, or in an SVG. A PNG has
  /// no links.
  func addLink(to url: URL, rects: [CGRect]) {
    guard !rects.isEmpty, format != .png else { return }
    guard format == .pdf else {
      var matrix = cairo_matrix_t()
      cairo_get_matrix(context, &matrix)
      svgTextLayer.addLink(uri: Self.linkURI(url), rects: rects, matrix: matrix)
      return
    }
    // Cairo 1.16 reads a link's rectangles on the page, whatever the transformation: they are
    // given on the page, with the transformation set aside, which reads the same to a Cairo
    // that would apply it.
    let onPage = rects.map { rect in
      let corners = [
        (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY),
        (rect.maxX, rect.maxY),
      ].map { corner in
        var (x, y) = (Double(corner.0), Double(corner.1))
        cairo_user_to_device(context, &x, &y)
        return (x: x, y: y)
      }
      let xs = corners.map(\.x)
      let ys = corners.map(\.y)
      return CGRect(
        x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
    let numbers = onPage.flatMap { [$0.minX, $0.minY, $0.width, $0.height] }
    // Cairo reads its own attribute syntax: plain decimals, never an exponent, and a quoted
    // string in which a quote or backslash is escaped.
    let rect = numbers.map { String(format: "%.3f", Double($0)) }.joined(separator: " ")
    let uri = Self.linkURI(url).replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "'", with: "\\'")
    let attributes = "uri='\(uri)' rect=[\(rect)]"
    cairo_save(context)
    cairo_identity_matrix(context)
    cairo_tag_begin(context, "Link", attributes)
    cairo_tag_end(context, "Link")
    cairo_restore(context)
  }

  /// `url` as a PDF's URI action holds it: 7-bit ASCII (ISO 32000-1 12.6.4.7), so any other
  /// byte of its UTF-8 (an address in Korean, say) is percent-encoded, as a browser sends it.
  static func linkURI(_ url: URL) -> String {
    var uri = ""
    for byte in url.absoluteString.utf8 {
      if byte < 0x80, byte >= 0x20, byte != 0x7F {
        uri.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        uri += String(format: "%%%02X", byte)
      }
    }
    return uri
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
