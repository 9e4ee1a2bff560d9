// Page breaking for PDF output: a vertically scrolling layout flows onto pages without cutting a
// line of cells in half, and a header never ends a page without its first line.
import Foundation
import TextFlow

/// A page size and its margins, in points (1/72 inch).
///
/// ```swift
/// let page = PageSetup(size: PaperSize.a4, margins: EdgeInsets(top: 36, left: 36, bottom: 36, right: 36))
/// ```
public struct PageSetup: Sendable, Equatable {
  /// The page size.
  public var size: CGSize
  /// The margins; content is drawn inside them.
  public var margins: EdgeInsets

  /// A page setup.
  public init(size: CGSize, margins: EdgeInsets = .zero) {
    self.size = size
    self.margins = margins
  }

  /// The height available for content on a page.
  public var contentSize: CGSize {
    CGSize(
      width: max(1, size.width - margins.left - margins.right),
      height: max(1, size.height - margins.top - margins.bottom))
  }
}

/// One page's share of a scene: a band of content coordinates `top..<bottom`.
public struct PageSlice: Sendable, Equatable {
  /// The top of the band, in content coordinates.
  public var top: CGFloat
  /// The bottom of the band (exclusive).
  public var bottom: CGFloat
  /// True when an element taller than a page had to be cut at this page's bottom.
  public var cutsElements: Bool
  /// The index (in the scene's elements) of a header repeated at the top of this page, whose
  /// section continues from an earlier page.
  public var repeatedHeader: Int?
  /// The height the repeated header takes above the band.
  public var repeatedHeaderHeight: CGFloat

  /// A page band.
  public init(
    top: CGFloat, bottom: CGFloat, cutsElements: Bool = false, repeatedHeader: Int? = nil,
    repeatedHeaderHeight: CGFloat = 0
  ) {
    self.top = top
    self.bottom = bottom
    self.cutsElements = cutsElements
    self.repeatedHeader = repeatedHeader
    self.repeatedHeaderHeight = repeatedHeaderHeight
  }
}

/// Breaks a scene into page bands.
public enum Paginator {
  /// The frame an element occupies on screen: its frame after its transform (about its center).
  public static func visualFrame(_ attributes: LayoutAttributes) -> CGRect {
    attributes.visualFrame
  }

  /// Pages for `scene` when each page holds `pageHeight` points of content.
  ///
  /// Elements whose vertical extents overlap form a band (a line of cells, a header) that is
  /// never split; a band holding only headers stays with the band after it. Section
  /// backgrounds (decoration views) do not form bands: they are clipped at page edges. A band
  /// taller than a page is cut, and its slices say so; it starts on the page of the headers
  /// above it, which are not left alone on a page, and it is cut between the lines of its text
  /// (a line is not drawn half on each page) unless a line is taller than half a page.
  ///
  /// With `repeatingHeaders`, a page that continues a section whose header is on an earlier page
  /// starts with a copy of that header (`PageSlice.repeatedHeader`), and holds that much less
  /// content.
  public static func pages(
    for scene: Scene, pageHeight: CGFloat, repeatingHeaders: Bool = false
  ) -> [PageSlice] {
    pages(for: scene, pageHeight: pageHeight, repeatingHeaders: repeatingHeaders) {
      scene.elements[$0].text
    }
  }

  /// `pages(for:pageHeight:repeatingHeaders:)`, reading the text of the element at an index
  /// with `text` (made when asked, for a scene drawn with texts made a page at a time), which
  /// only the elements of a band taller than a page are asked for.
  static func pages(
    for scene: Scene, pageHeight: CGFloat, repeatingHeaders: Bool,
    text: (Int) -> PlacedText?
  ) -> [PageSlice] {
    let epsilon: CGFloat = 0.01
    struct Band {
      var minY: CGFloat
      var maxY: CGFloat
      var headersOnly: Bool
      var section: Int
      /// The scene's elements in the band.
      var elements: [Int]
    }
    let blocks = scene.elements.indices
      .filter {
        !scene.elements[$0].attributes.isHidden
          && scene.elements[$0].attributes.representedElementCategory != .decorationView
      }
      .map {
        (
          frame: visualFrame(scene.elements[$0].attributes), header: scene.elements[$0].isHeader,
          section: scene.elements[$0].attributes.indexPath.section, index: $0
        )
      }
      .filter { $0.frame.height > 0 }
      .sorted { $0.frame.minY < $1.frame.minY }
    var bands: [Band] = []
    for block in blocks {
      if var last = bands.last, block.frame.minY < last.maxY - epsilon {
        last.maxY = max(last.maxY, block.frame.maxY)
        last.headersOnly = last.headersOnly && block.header
        last.section = min(last.section, block.section)
        last.elements.append(block.index)
        bands[bands.count - 1] = last
      } else {
        bands.append(
          Band(
            minY: block.frame.minY, maxY: block.frame.maxY, headersOnly: block.header,
            section: block.section, elements: [block.index]))
      }
    }
    // Each section's header, for repeating.
    var headers: [Int: Int] = [:]
    if repeatingHeaders {
      for (index, element) in scene.elements.enumerated()
      where element.isHeader && !element.attributes.isHidden
        && headers[element.attributes.indexPath.section] == nil
      {
        headers[element.attributes.indexPath.section] = index
      }
    }
    /// The header to repeat on a page starting at `top` with `band`, and its height.
    func repeated(_ band: Band, _ top: CGFloat) -> (Int, CGFloat)? {
      guard !band.headersOnly, let index = headers[band.section] else { return nil }
      let frame = scene.elements[index].attributes.frame
      guard frame.maxY <= top + epsilon, frame.height < pageHeight / 2 else { return nil }
      return (index, frame.height)
    }
    var slices: [PageSlice] = []
    var top = scene.bounds.minY
    var reserve: (index: Int, height: CGFloat)?
    var onPage: [Band] = []
    func close(at bottom: CGFloat, cuts: Bool) {
      slices.append(
        PageSlice(
          top: top, bottom: bottom, cutsElements: cuts, repeatedHeader: reserve?.index,
          repeatedHeaderHeight: reserve?.height ?? 0))
    }
    for band in bands {
      let capacity = pageHeight - (reserve?.height ?? 0)
      if band.maxY - top <= capacity + epsilon {
        onPage.append(band)
        continue
      }
      if !onPage.isEmpty {
        var moved: [Band] = []
        while let last = onPage.last, last.headersOnly, onPage.count > 1 {
          moved.insert(onPage.removeLast(), at: 0)
        }
        if onPage.allSatisfy(\.headersOnly) && band.maxY - band.minY > pageHeight + epsilon {
          // A band taller than any page is cut wherever it starts: a page that holds only
          // headers starts cutting it below them, rather than ending with its headers alone
          // (and the next page beginning the same cut).
          onPage += moved
        } else {
          // The next page starts at its first band, or earlier when the gap before that band
          // (spacing, insets) reaches past this page's end.
          let first = moved.first ?? band
          let newTop = min(first.minY, top + capacity)
          close(at: newTop, cuts: false)
          top = newTop
          reserve = repeated(first, top)
          onPage = moved
        }
      }
      // A band taller than a page (or headers with a line that cannot share a page): cut.
      while band.maxY - top > pageHeight - (reserve?.height ?? 0) + epsilon {
        let limit = top + pageHeight - (reserve?.height ?? 0)
        let cut =
          lineBoundary(in: scene, band.elements, above: limit, below: top, text: text) ?? limit
        // Only a band that starts above the cut is cut; empty space before it is not.
        close(at: cut, cuts: band.minY < cut - epsilon)
        top = cut
        reserve = nil
        onPage = []
      }
      onPage.append(band)
    }
    // The last page ends with the content (its bottom inset included) or the page, whichever
    // comes first: trailing empty space never makes a page of its own.
    let end = max(scene.bounds.maxY, bands.last?.maxY ?? top)
    close(at: min(end, top + pageHeight - (reserve?.height ?? 0)), cuts: false)
    return slices
  }

  /// Where to cut `elements` (a band taller than a page) at or above `limit`, no higher than
  /// half a page above it: at the lowest line top that the fewest text lines cross, so that a
  /// line is not drawn half on one page and half on the next (cells side by side whose lines
  /// never line up keep those of all but one whole); nil when `limit` itself crosses no fewer.
  static func lineBoundary(
    in scene: Scene, _ elements: [Int], above limit: CGFloat, below floor: CGFloat,
    text textOf: (Int) -> PlacedText?
  ) -> CGFloat? {
    let highest = floor + (limit - floor) / 2
    var lines: [(top: CGFloat, bottom: CGFloat)] = []
    for index in elements {
      let element = scene.elements[index]
      let frame = element.attributes.frame
      // A transformed element's lines are not where its frame says.
      guard visualFrame(element.attributes) == frame, frame.minY < limit, frame.maxY > highest,
        let text = element.text ?? textOf(index)
      else { continue }
      let origin = frame.minY + text.origin.y
      // Lines run down the text: the first that reaches below `highest` is found by
      // bisection, so that each cut of a cell many pages long reads the lines near it only.
      let all = text.layout.lines
      let low = (0..<all.count).partitionPoint {
        origin + CGFloat(all[$0].top + all[$0].height) <= highest
      }
      for line in all[low...] {
        let top = origin + CGFloat(line.top)
        if top >= limit { break }
        lines.append((top, top + CGFloat(line.height)))
      }
    }
    func crossings(_ cut: CGFloat) -> Int {
      lines.reduce(0) { $0 + ($1.top < cut && $1.bottom > cut ? 1 : 0) }
    }
    var best = (cut: limit, crossings: crossings(limit))
    for line in lines where line.top > highest && line.top < limit {
      let count = crossings(line.top)
      if count < best.crossings || count == best.crossings && line.top > best.cut {
        best = (line.top, count)
      }
    }
    return best.cut < limit ? best.cut : nil
  }
}
