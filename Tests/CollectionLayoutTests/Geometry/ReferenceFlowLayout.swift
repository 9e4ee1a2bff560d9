// An independent, deliberately plain model of UIKit's flow rules, for the randomized tests.
//
// Written separately from FlowGeometry and in a different shape: it only knows vertical layouts
// (a horizontal one is laid out transposed and its frames transposed back), walks every item in
// O(n) with no storage tricks, accumulates positions left to right, and counts the last line's
// padding copies one by one. Rules: those listed on `FlowGeometry`, from UIKit's documentation.
import Foundation

@testable import CollectionLayout

struct ReferenceFlowLayout {
  struct Section {
    var sizes: [CGSize]
    var baselines: [CGFloat?]?
    var inset: EdgeInsets
    var lineSpacing: CGFloat
    var itemSpacing: CGFloat
    var header: CGSize
    var footer: CGSize
    var alignment: FlowAlignment
    var background: SectionBackground?
  }

  var horizontal = false
  var rightToLeft = false
  var viewSize: CGSize
  var contentInset = EdgeInsets.zero
  var pinHeaders = false
  var pinFooters = false
  var pixelScale: CGFloat?
  var sections: [Section]

  struct Element {
    var frame: CGRect
    var zIndex: Int
  }

  struct Result {
    var contentSize: CGSize
    var elements: [ElementKey: Element]
    var order: [ElementKey]
    var itemTooLarge: Bool
  }

  private static func clean(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : 0 }

  /// Lays everything out; `visibleRect` (content coordinates, final orientation) pins headers
  /// and footers when pinning is on.
  func layout(visibleRect: CGRect? = nil) -> Result {
    // Work in a vertical world: transpose a horizontal problem.
    func t(_ size: CGSize) -> CGSize {
      horizontal ? CGSize(width: size.height, height: size.width) : size
    }
    func t(_ insets: EdgeInsets) -> EdgeInsets {
      horizontal
        ? EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom)
        : insets
    }
    func t(_ rect: CGRect) -> CGRect {
      horizontal ? CGRect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width) : rect
    }
    let view = t(viewSize)
    let inset = t(contentInset)
    let width = max(0, view.width - inset.left - inset.right)
    // The visible range along y in the vertical world (undo RTL mirroring of horizontal layouts
    // later, once the content width is known).
    var elements: [(ElementKey, CGRect, Int)] = []
    var tooLarge = false
    var y: CGFloat = 0
    var sectionSpans: [(start: CGFloat, headerEnd: CGFloat, footerStart: CGFloat, end: CGFloat)] =
      []
    for (sectionIndex, section) in sections.enumerated() {
      let start = y
      let sectionInset = t(section.inset)
      let top = max(0, sectionInset.top)
      let bottom = max(0, sectionInset.bottom)
      let left = sectionInset.left
      let right = sectionInset.right
      let available = max(0, width - left - right)
      let spacing = Self.clean(section.itemSpacing)
      let lineSpacing = Self.clean(section.lineSpacing)
      let headerHeight = Self.clean(t(section.header).height)
      let footerHeight = Self.clean(t(section.footer).height)
      if headerHeight > 0 {
        elements.append(
          (
            ElementKey(
              category: .supplementaryView, kind: .sectionHeader, indexPath: ip(sectionIndex, 0)),
            CGRect(x: 0, y: y, width: width, height: headerHeight), 0
          ))
      }
      y += headerHeight
      let headerEnd = y
      y += top
      let sizes = section.sizes.map { size -> CGSize in
        let s = t(size)
        return CGSize(width: Self.clean(s.width), height: Self.clean(s.height))
      }
      // Greedy lines.
      var lines: [[Int]] = []
      var lineWidth: CGFloat = 0
      for (index, size) in sizes.enumerated() {
        if let last = lines.indices.last, lineWidth + spacing + size.width <= available {
          lines[last].append(index)
          lineWidth = lineWidth + spacing + size.width
        } else {
          lines.append([index])
          lineWidth = size.width
          if size.width > available { tooLarge = true }
        }
      }
      let useBaselines = !horizontal && section.alignment.crossAxis == .firstBaseline
      for (lineIndex, line) in lines.enumerated() {
        let isLast = lineIndex == lines.count - 1
        let widths = line.map { sizes[$0].width }
        var sum: CGFloat = 0
        for w in widths { sum = sum + w }
        var used = widths[0]
        for w in widths.dropFirst() { used = used + spacing + w }
        var xs: [CGFloat] = []
        var x: CGFloat
        var gap = spacing
        let alignment = isLast ? section.alignment.lastLine : section.alignment.commonLine
        if line.count == 1 && widths[0] > available {
          x = 0
        } else {
          switch alignment {
          case .leading: x = 0
          case .center: x = (available - used) / 2
          case .trailing: x = available - used
          case .justified:
            if sizes.count == 1 && section.alignment.centersSingleItemSection {
              x = (available - sum) / 2
            } else {
              var count = line.count
              var total = sum
              var filled = used
              if isLast, let lastWidth = widths.last, spacing + lastWidth > 0 {
                var guardCount = 0
                while filled + spacing + lastWidth <= available && guardCount < 10_000_000 {
                  filled = filled + spacing + lastWidth
                  total += lastWidth
                  count += 1
                  guardCount += 1
                }
              }
              if count == 1 {
                x = (available - sum) / 2
              } else {
                x = 0
                gap = (available - total) / CGFloat(count - 1)
              }
            }
          }
        }
        for w in widths {
          xs.append(x)
          x += w + gap
        }
        // Thickness and cross offsets.
        let heights = line.map { sizes[$0].height }
        let baselines: [CGFloat] = line.map { index in
          let given = section.baselines.flatMap { index < $0.count ? $0[index] : nil }
          return given.map { $0.isFinite ? $0 : 0 } ?? sizes[index].height
        }
        var thickness: CGFloat = 0
        var lineBaseline: CGFloat = 0
        if useBaselines {
          lineBaseline = baselines.max() ?? 0
          for k in line.indices {
            thickness = max(thickness, lineBaseline - baselines[k] + heights[k])
          }
        } else {
          thickness = heights.max() ?? 0
        }
        for (k, item) in line.enumerated() {
          let offset: CGFloat
          switch section.alignment.crossAxis {
          case .top: offset = 0
          case .center: offset = (thickness - heights[k]) / 2
          case .bottom: offset = thickness - heights[k]
          case .firstBaseline: offset = useBaselines ? lineBaseline - baselines[k] : 0
          }
          elements.append(
            (
              ElementKey(category: .cell, kind: nil, indexPath: ip(sectionIndex, item)),
              CGRect(x: left + xs[k], y: y + offset, width: widths[k], height: heights[k]), 0
            ))
        }
        y += thickness
        if !isLast { y += lineSpacing }
      }
      y += bottom
      let footerStart = y
      if footerHeight > 0 {
        elements.append(
          (
            ElementKey(
              category: .supplementaryView, kind: .sectionFooter, indexPath: ip(sectionIndex, 0)),
            CGRect(x: 0, y: y, width: width, height: footerHeight), 0
          ))
      }
      y += footerHeight
      sectionSpans.append((start, headerEnd, footerStart, y))
      if let background = section.background {
        elements.append(
          (
            ElementKey(
              category: .decorationView, kind: .sectionBackground, indexPath: ip(sectionIndex, 0)),
            CGRect(x: 0, y: headerEnd, width: width, height: footerStart - headerEnd),
            background.zIndex
          ))
      }
    }
    let contentSize = horizontal ? CGSize(width: y, height: width) : CGSize(width: width, height: y)
    // Final orientation, mirroring, pinning, background insets, rounding.
    func mirror(_ rect: CGRect) -> CGRect {
      guard rightToLeft else { return rect }
      var r = rect
      r.origin.x = contentSize.width - rect.maxX
      return r
    }
    var visibleTop: CGFloat?
    var visibleBottom: CGFloat?
    if let visibleRect {
      if horizontal {
        let unmirrored =
          rightToLeft
          ? CGRect(
            x: contentSize.width - visibleRect.maxX, y: visibleRect.minY, width: visibleRect.width,
            height: visibleRect.height)
          : visibleRect
        visibleTop = unmirrored.minX
        visibleBottom = unmirrored.maxX
      } else {
        visibleTop = visibleRect.minY
        visibleBottom = visibleRect.maxY
      }
    }
    var result: [ElementKey: Element] = [:]
    var order: [ElementKey] = []
    for (key, verticalFrame, zIndex) in elements {
      var frame = verticalFrame
      var z = zIndex
      if key.kind == .sectionHeader && pinHeaders {
        z = 1024
        if let visibleTop {
          let span = sectionSpans[key.indexPath.section]
          let limit = span.footerStart - frame.height
          frame.origin.y = max(span.start, min(visibleTop, limit))
        }
      }
      if key.kind == .sectionFooter && pinFooters {
        z = 1024
        if let visibleBottom {
          let span = sectionSpans[key.indexPath.section]
          frame.origin.y = min(frame.minY, max(visibleBottom - frame.height, span.headerEnd))
        }
      }
      var final = mirror(t(frame))
      if key.category == .decorationView,
        let background = sections[key.indexPath.section].background
      {
        final = final.inset(by: background.insets)
        if final.size.width <= 0 || final.size.height <= 0 { continue }  // no room: no background
      }
      if let scale = pixelScale {
        // Nearest pixel; ties (and values within 1e-7 pixel below them) round up.
        func snap(_ v: CGFloat) -> CGFloat { (v * scale + 0.5 + 1e-7).rounded(.down) / scale }
        let x0 = snap(final.minX)
        let y0 = snap(final.minY)
        let x1 = snap(final.maxX)
        let y1 = snap(final.maxY)
        final = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
      }
      result[key] = Element(frame: final, zIndex: z)
      order.append(key)
    }
    var size = contentSize
    if let scale = pixelScale {
      size = CGSize(
        width: (size.width * scale).rounded(.up) / scale,
        height: (size.height * scale).rounded(.up) / scale)
    }
    return Result(contentSize: size, elements: result, order: order, itemTooLarge: tooLarge)
  }
}
