// An SVG's document information, which Cairo's SVG surface has no call for: the title as the
// root element's first child `<title>` (SVG 1.1 §5.4: what a browser shows in its tab and a
// screen reader reads for the picture), the subject as its `<desc>`, and, when there is an
// author or keywords, all four entries in `<metadata>` as RDF with Dublin Core elements, the
// form SVG 1.1 §21 gives (dc:title, dc:creator for the author, dc:description for the subject,
// dc:subject for the keywords, Dublin Core's term for them). The creator has no place there and
// is left out.
import Foundation

/// The markup of an SVG's document information and where it goes in Cairo's output.
enum SVGDocumentInfo {
  /// The elements for `info`, to follow the `<svg>` start tag; nil when no entry has text.
  static func markup(_ info: PDFDocumentInfo) -> [UInt8]? {
    func text(_ value: String?) -> String? {
      guard let value else { return nil }
      let text = CairoCanvas.documentText(value)
      return text.isEmpty ? nil : SVGTextLayer.escaped(text)
    }
    let title = text(info.title)
    let author = text(info.author)
    let subject = text(info.subject)
    let keywords = text(info.keywords)
    guard title != nil || author != nil || subject != nil || keywords != nil else { return nil }
    var markup = ""
    if let title { markup += "\n<title>\(title)</title>" }
    if let subject { markup += "\n<desc>\(subject)</desc>" }
    // The SVG 1.1 DTD declares `<metadata>` as text alone, so a file with RDF in it is not
    // valid against the DTD (the specification's §21 allows it): it is written only for what
    // `<title>` and `<desc>` cannot say.
    guard author != nil || keywords != nil else { return Array(markup.utf8) }
    markup +=
      "\n<metadata>\n<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""
      + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n<rdf:Description rdf:about=\"\">"
      + "\n<dc:format>image/svg+xml</dc:format>"
    for (element, value) in [
      ("title", title), ("creator", author), ("description", subject), ("subject", keywords),
    ] {
      if let value { markup += "\n<dc:\(element)>\(value)</dc:\(element)>" }
    }
    markup += "\n</rdf:Description>\n</rdf:RDF>\n</metadata>"
    return Array(markup.utf8)
  }

  /// Just after the root `<svg …>` start tag in `bytes`, the start of Cairo's SVG output.
  static func place(in bytes: [UInt8]) -> OpeningInsertion.Place {
    let open = Array("<svg".utf8)
    guard bytes.count > open.count else { return .undecided }
    guard
      let start = (0...(bytes.count - open.count - 1)).first(where: { index in
        bytes[index..<index + open.count].elementsEqual(open)
          && [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: ">")]
            .contains(bytes[index + open.count])
      })
    else { return .undecided }
    // The tag ends at the first '>' outside an attribute's quotes.
    var quote: UInt8?
    for index in (start + open.count)..<bytes.count {
      let byte = bytes[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        // An empty root (`<svg …/>`) has no children to put first.
        return bytes[index - 1] == UInt8(ascii: "/") ? .absent : .at(index + 1)
      }
    }
    return .undecided
  }
}
