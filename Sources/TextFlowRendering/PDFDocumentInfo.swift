// What a PDF says about itself: the document information a viewer shows in its title bar and
// properties, and a search or archive indexes. UIKit's `UIGraphicsPDFRendererFormat` takes the
// same entries as its `documentInfo` dictionary (`kCGPDFContextTitle` …).

/// A PDF's document information: each entry set is written to the file's Info dictionary; PNG
/// and SVG ignore them.
///
/// ```swift
/// var options = RenderOptions(format: .pdf, page: PageSetup(size: PaperSize.a4))
/// options.documentInfo = PDFDocumentInfo(title: "Quarterly report", author: "Finance")
/// ```
public struct PDFDocumentInfo: Sendable, Equatable {
  /// The document's title, which viewers show instead of the file name.
  public var title: String?
  /// Who wrote the document.
  public var author: String?
  /// What the document is about.
  public var subject: String?
  /// Words to find it by, as one string (commas between them, by convention).
  public var keywords: String?
  /// The program or person that made the content (the PDF's producer is always Cairo).
  public var creator: String?

  /// Document information with the given entries (nil: left out).
  public init(
    title: String? = nil, author: String? = nil, subject: String? = nil,
    keywords: String? = nil, creator: String? = nil
  ) {
    self.title = title
    self.author = author
    self.subject = subject
    self.keywords = keywords
    self.creator = creator
  }
}
