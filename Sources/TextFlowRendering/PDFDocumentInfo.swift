// What a document says about itself: the information a viewer shows in its title bar, tab and
// properties, a screen reader reads, and a search or archive indexes. UIKit's
// `UIGraphicsPDFRendererFormat` takes the same entries as its `documentInfo` dictionary
// (`kCGPDFContextTitle` …); the name is UIKit's PDF one, the entries go into every format.

/// A document's information: each entry set is written into the file, whatever its format.
///
/// | Entry | PDF | SVG | PNG |
/// |---|---|---|---|
/// | `title` | Info `/Title` | first `<title>` | `Title` chunk |
/// | `subject` | Info `/Subject` | `<desc>` | `Description` chunk |
/// | `author` | Info `/Author` | `dc:creator` in `<metadata>` | `Author` chunk |
/// | `keywords` | Info `/Keywords` | `dc:subject` in `<metadata>` | `Keywords` chunk |
/// | `creator` | Info `/Creator` | — | `Software` chunk |
///
/// A PNG's chunk is tEXt when Latin-1 holds the text, iTXt (UTF-8) otherwise. Control
/// characters are left out and noncharacters replaced by U+FFFD (or U+nFFFD) in every format.
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
  /// The program or person that made the content (the PDF's producer is always Cairo; a PNG's
  /// Software).
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
