// Reading frames out of a FlowGeometry: single elements, rectangles (binary search), everything.
import Foundation

extension FlowGeometry {
  /// How far outside a query's range candidate lines are taken before the exact intersection
  /// test: covers pixel rounding (at most half a pixel) and float noise.
  private var queryMargin: CGFloat { max(1, 1 / (configuration.pixelScale ?? 1)) }

  // MARK: Coordinates

  /// Converts a flow-space rectangle (u along the line, v along the scroll axis) to a frame:
  /// swaps axes for horizontal layouts, mirrors for right-to-left, rounds to the pixel scale.
  func frame(u: CGFloat, v: CGFloat, length: CGFloat, thickness: CGFloat, rounds: Bool = true)
    -> CGRect
  {
    var rect =
      configuration.scrollDirection == .vertical
      ? CGRect(x: u, y: v, width: length, height: thickness)
      : CGRect(x: v, y: u, width: thickness, height: length)
    if configuration.layoutDirection == .rightToLeft {
      rect = HorizontalMirror(width: rawContentWidth).rect(rect)
    }
    return rounds ? rounded(rect) : rect
  }

  /// Rounds a rectangle's edges to the nearest pixel (nil scale: unchanged); the size is the
  /// difference of the rounded edges, so neighbours stay adjacent.
  ///
  /// Half-pixel ties round up (towards +∞), and values within 1e-7 pixel below a tie count as the
  /// tie: positions computed in different orders (closed form, incremental, a reference model)
  /// then round the same way despite float noise.
  func rounded(_ rect: CGRect) -> CGRect {
    guard let scale = configuration.pixelScale else { return rect }
    func snap(_ value: CGFloat) -> CGFloat { Self.snap(value, scale) }
    let minX = snap(rect.minX)
    let minY = snap(rect.minY)
    return CGRect(x: minX, y: minY, width: snap(rect.maxX) - minX, height: snap(rect.maxY) - minY)
  }

  /// One coordinate rounded to the pixel grid of `scale` (see `rounded(_:)`).
  static func snap(_ value: CGFloat, _ scale: CGFloat) -> CGFloat {
    (value * scale + 0.5 + 1e-7).rounded(.down) / scale
  }

  /// The scroll-axis range of a rectangle in flow space (mirrored back for right-to-left); nil
  /// for the null rect and for a rect with a coordinate that is not finite (which meets nothing:
  /// Foundation's `CGRect.intersects` traps on NaN and on infinite sizes).
  func scrollRange(of rect: CGRect) -> ClosedRange<CGFloat>? {
    guard rect.hasFiniteValues else { return nil }
    if configuration.scrollDirection == .vertical { return rect.minY...rect.maxY }
    if configuration.layoutDirection == .rightToLeft {
      return HorizontalMirror(width: rawContentWidth).xRange(of: rect)
    }
    return rect.minX...rect.maxX
  }

  // MARK: Single elements

  /// The attributes of the item at `indexPath`, or nil when it does not exist.
  public func attributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard (0..<section.count).contains(indexPath.item) else { return nil }
    let lineIndex = section.lineIndex(ofItem: indexPath.item)
    let line = section.line(lineIndex)
    var prefix: CGFloat = 0
    if let length = line.uniformLength, line.count > 100_000 {
      // A line of more than 100 000 equal items (tiny or zero-sized): no per-item sum.
      prefix = length * CGFloat(indexPath.item - line.start)
    } else if let length = line.uniformLength {
      prefix = Self.runningSum(of: length, count: indexPath.item - line.start)
    } else {
      // From the last checkpoint before the item (long explicit lines), else the line's start.
      var start = line.start
      if line.count >= SectionLayout.checkpointMinimum,
        let sums = section.checkpoints(ofLineStartingAt: line.start)
      {
        let passed = min(sums.count, (indexPath.item - line.start) / SectionLayout.checkpointStride)
        if passed > 0 {
          start = line.start + passed * SectionLayout.checkpointStride
          prefix = sums[passed - 1]
        }
      }
      for index in start..<indexPath.item { prefix = prefix + section.length(ofItem: index) }
    }
    return itemAttributes(
      section, index: indexPath.section, line: line, item: indexPath.item, prefix: prefix)
  }

  /// The attributes of one item. The caller passes the section it already holds: copying a
  /// `SectionLayout` out of `sections` retains each of its arrays, which dominated range queries.
  private func itemAttributes(
    _ section: SectionLayout, index sectionIndex: Int, line: LineInfo, item: Int,
    prefix: CGFloat
  ) -> LayoutAttributes {
    var attributes = LayoutAttributes(forCellWith: Self.indexPath(sectionIndex, item))
    attributes.frame = itemFrame(
      section, index: sectionIndex, line: line, item: item, prefix: prefix)
    return attributes
  }

  /// The frame of one item (what `itemAttributes` puts in its attributes).
  private func itemFrame(
    _ section: SectionLayout, index sectionIndex: Int, line: LineInfo, item: Int,
    prefix: CGFloat
  ) -> CGRect {
    let thickness = section.thickness(ofItem: item)
    let u = section.itemU(line.placement, prefix: prefix, index: item - line.start)
    let v =
      sectionOrigins[sectionIndex] + section.linesOrigin + line.offset
      + section.crossOffset(
        lineThickness: line.thickness, thickness: thickness, lineBaseline: line.baseline,
        baseline: section.baseline(ofItem: item))
    return frame(u: u, v: v, length: section.length(ofItem: item), thickness: thickness)
  }

  /// `[section, item]` built without an intermediate array (`IndexPath(indexes:)` allocates one
  /// per call): appending to an empty path stores two indexes inline.
  @inline(__always)
  static func indexPath(_ section: Int, _ item: Int) -> IndexPath {
    var path = IndexPath()
    path.append(section)
    path.append(item)
    return path
  }

  /// The attributes of a section's header or footer (index path `[section, 0]`), pinned to
  /// `visibleRect` when the configuration pins that kind; nil when the section has none.
  ///
  /// `visibleRect` is the part of the bounds not under the adjusted content inset, in content
  /// coordinates. A pinned header stays at the visible top while its section is on screen, never
  /// above its natural place, and is pushed off by the section's end (the start of its footer);
  /// a pinned footer mirrors that at the bottom, never below its natural place nor above the end
  /// of its header. Pinned elements and all elements of a pinned kind have zIndex 1024.
  public func attributesForSupplementaryView(
    ofKind kind: ElementKind, at indexPath: IndexPath, visibleRect: CGRect? = nil
  ) -> LayoutAttributes? {
    guard indexPath.count == 2, indexPath.item == 0, sections.indices.contains(indexPath.section)
    else { return nil }
    let index = indexPath.section
    let origin = sectionOrigins[index]
    let visible = visibleRect.flatMap(scrollRange(of:))
    var v: CGFloat
    var extent: CGFloat
    var pinned: Bool
    if kind == .sectionHeader {
      guard sections[index].headerExtent > 0 else { return nil }
      extent = sections[index].headerExtent
      v = origin
      pinned = configuration.sectionHeadersPinToVisibleBounds
      if pinned, let visible {
        v = max(origin, min(visible.lowerBound, origin + sections[index].footerOrigin - extent))
      }
    } else if kind == .sectionFooter {
      guard sections[index].footerExtent > 0 else { return nil }
      extent = sections[index].footerExtent
      v = origin + sections[index].footerOrigin
      pinned = configuration.sectionFootersPinToVisibleBounds
      if pinned, let visible {
        v = min(v, max(visible.upperBound - extent, origin + sections[index].headerExtent))
      }
    } else {
      return nil
    }
    var attributes = LayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
    attributes.frame = frame(u: 0, v: v, length: crossExtent, thickness: extent)
    if pinned { attributes.zIndex = pinnedSupplementaryZIndex }
    return attributes
  }

  /// The section background of `indexPath.section`, or nil when it has none, when its insets
  /// leave no room, or when `kind` is not `ElementKind.sectionBackground`.
  public func attributesForDecorationView(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard kind == .sectionBackground, indexPath.count == 2, indexPath.item == 0,
      sections.indices.contains(indexPath.section),
      let background = sections[indexPath.section].background
    else { return nil }
    let start = sectionOrigins[indexPath.section] + sections[indexPath.section].headerExtent
    let area = frame(
      u: 0, v: start, length: crossExtent,
      thickness: sections[indexPath.section].footerOrigin
        - sections[indexPath.section].headerExtent, rounds: false)
    var finite = false
    let insets = FlowGeometry.finite(background.insets, &finite)
    let rect = area.inset(by: insets)
    // Insets that leave no room give no background (rather than an empty rect somewhere).
    guard rect.size.width > 0, rect.size.height > 0 else { return nil }
    var attributes = LayoutAttributes(forDecorationViewOfKind: kind, with: indexPath)
    attributes.frame = rounded(rect)
    attributes.zIndex = background.zIndex
    return attributes
  }

  /// The area inside `section`'s insets: the whole line length across, the section's lines
  /// along the scroll axis (no header, footer or scroll-axis insets), mirrored and rounded as
  /// frames are; nil when `section` is out of range.
  ///
  /// This is what drawing code outlines as a section's content. The insets are the section's as
  /// the layout resolved them for `sectionInsetReference` (from the content inset, the safe area
  /// or the layout margins, never closer to an edge than the content inset), so the outline
  /// meets the items' edges whatever the reference.
  public func contentFrame(ofSection section: Int) -> CGRect? {
    guard sections.indices.contains(section) else { return nil }
    let layout = sections[section]
    return frame(
      u: layout.leadInset, v: sectionOrigins[section] + layout.linesOrigin,
      length: layout.available, thickness: layout.linesLength)
  }

  // MARK: Collections of elements

  /// Every element whose frame intersects `rect` (`CGRect.intersects`), in section order: header,
  /// items, footer, background. O(log n + k): sections and lines are found by binary search.
  ///
  /// - Parameter visibleRect: the visible content area, for pinned headers and footers.
  public func attributes(in rect: CGRect, visibleRect: CGRect? = nil) -> [LayoutAttributes] {
    guard let range = scrollRange(of: rect), !sections.isEmpty else { return [] }
    let low = range.lowerBound - queryMargin
    let high = range.upperBound + queryMargin
    var result: [LayoutAttributes] = []
    result.reserveCapacity(64)
    // The rect's extent along the lines, in flow space (mirrored back for right-to-left).
    let across: ClosedRange<CGFloat>
    if configuration.scrollDirection == .horizontal {
      across = rect.minY...rect.maxY
    } else if configuration.layoutDirection == .rightToLeft {
      across = HorizontalMirror(width: rawContentWidth).xRange(of: rect)
    } else {
      across = rect.minX...rect.maxX
    }
    let acrossLow = across.lowerBound - queryMargin
    let acrossHigh = across.upperBound + queryMargin
    var sectionIndex = firstSection(endingAtOrAfter: low)
    while sectionIndex < sections.count && sectionOrigins[sectionIndex] <= high {
      appendSection(
        sectionIndex, lines: low...high, across: acrossLow...acrossHigh, into: &result,
        visibleRect: visibleRect, filter: { Self.frame($0, meets: rect) })
      sectionIndex += 1
    }
    return result
  }

  /// `rect.intersects(frame)`, deciding the clear cases without Foundation's
  /// `CGRect.intersection` (most of a query's time): a positive-area overlap is an intersection
  /// and a gap on either axis is none, whatever the edge rules; frames touching `rect`, empty
  /// ones and rects with negative sizes are left to `intersects`.
  @inline(__always)
  static func frame(_ frame: CGRect, meets rect: CGRect) -> Bool {
    let x = frame.origin.x
    let y = frame.origin.y
    let width = frame.size.width
    let height = frame.size.height
    let left = rect.origin.x
    let top = rect.origin.y
    let rectWidth = rect.size.width
    let rectHeight = rect.size.height
    if width > 0 && height > 0 && rectWidth > 0 && rectHeight > 0 {
      let right = left + rectWidth
      let bottom = top + rectHeight
      if x < right && left < x + width && y < bottom && top < y + height { return true }
      if x + width < left || x > right || y + height < top || y > bottom { return false }
    }
    return rect.intersects(frame)
  }

  /// Every element of the content, in section order (header, items, footer, background),
  /// including elements of zero size.
  public func allAttributes(visibleRect: CGRect? = nil) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for index in sections.indices {
      appendSection(
        index, lines: -CGFloat.infinity...CGFloat.infinity,
        across: -CGFloat.infinity...CGFloat.infinity, into: &result, visibleRect: visibleRect,
        filter: { _ in true })
    }
    return result
  }

  private func firstSection(endingAtOrAfter position: CGFloat) -> Int {
    (0..<sections.count).partitionPoint { sectionOrigins[$0] + sections[$0].extent < position }
  }

  /// The lines of a section whose scroll-axis span reaches into `range` (flow space): a binary
  /// search (or, in closed form, a division) for the first, then a walk while lines start inside.
  func candidateLines(inSection index: Int, scrollRange range: ClosedRange<CGFloat>) -> Range<Int> {
    candidateLines(of: sections[index], at: sectionOrigins[index], scrollRange: range)
  }

  /// `candidateLines(inSection:scrollRange:)` for a section the caller holds (no copy).
  func candidateLines(
    of section: SectionLayout, at origin: CGFloat, scrollRange range: ClosedRange<CGFloat>
  ) -> Range<Int> {
    let linesStart = origin + section.linesOrigin
    let lineCount = section.lineCount
    let first =
      range.lowerBound.isFinite
      ? section.firstLine(endingAtOrAfter: range.lowerBound - linesStart) : 0
    var end = first
    while end < lineCount && linesStart + section.line(end).offset <= range.upperBound { end += 1 }
    return first..<max(first, end)
  }

  /// Where to start walking a line's items for a query whose extent along the lines begins at
  /// `low` (flow space, margin included): the first item and the exact sum of the lengths before
  /// it. Items on a line are ordered along it (gaps are never negative), so every item before the
  /// one returned ends before `low`. Long lines are searched: in closed form (equal items, more
  /// than 100 000: positions are products) by binary search, with checkpoints (explicit lines of
  /// 4 096 items or more) by binary search over them and a walk of at most 1 024 items; other
  /// lines of 4 096 equal items or more by summing their lengths up to `low`.
  func firstItem(on line: LineInfo, section: SectionLayout, from low: CGFloat) -> (
    item: Int, prefix: CGFloat
  ) {
    guard low > -CGFloat.infinity, line.count >= SectionLayout.checkpointMinimum else {
      return (line.start, 0)
    }
    if let length = line.uniformLength {
      if line.count > 100_000 {
        let first = (0..<line.count).partitionPoint { item in
          section.itemU(line.placement, prefix: length * CGFloat(item), index: item) + length < low
        }
        return (line.start + first, length * CGFloat(first))
      }
      // Equal items without checkpoints (closed form, or a closed-form run of a measured
      // section): their frames add the length item by item, so the prefix must be that same
      // running sum, which products only approximate. Products find, by binary search, an item
      // every one before which surely ends before `low` (the slack is far above the rounding
      // between a product and a sum of 10⁵ terms, about 10⁻¹¹ of the position); the sum up to
      // it is taken by additions alone; the exact test walks on from there. Building a frame
      // for every item before `low` made a right-to-left query, whose range lies at the lines'
      // logical end, cost whole lines.
      let leadInset = section.leadInset
      let placement = line.placement
      func end(_ item: Int, _ prefix: CGFloat) -> CGFloat {
        SectionLayout.itemU(leadInset: leadInset, placement, prefix: prefix, index: item) + length
      }
      let slack = 1e-9 * (abs(low) + abs(leadInset) + abs(length) * CGFloat(line.count))
      let skipped = (0..<line.count).partitionPoint { end($0, length * CGFloat($0)) < low - slack }
      var prefix = Self.runningSum(of: length, count: skipped)
      var first = skipped
      while first < line.count && end(first, prefix) < low {
        prefix = prefix + length
        first += 1
      }
      return (line.start + first, prefix)
    }
    guard let sums = section.checkpoints(ofLineStartingAt: line.start), !sums.isEmpty else {
      return (line.start, 0)
    }
    // The last checkpoint whose item starts before `low`: the items before it end before `low`.
    let lower = (0..<sums.count).partitionPoint { checkpoint in
      let index = (checkpoint + 1) * SectionLayout.checkpointStride
      return section.itemU(line.placement, prefix: sums[checkpoint], index: index) < low
    }
    guard lower > 0 else { return (line.start, 0) }
    return (line.start + lower * SectionLayout.checkpointStride, sums[lower - 1])
  }

  /// `length` added to 0 `count` times, as a line's frames add their equal items' lengths (a
  /// product would differ in the last bits).
  static func runningSum(of length: CGFloat, count: Int) -> CGFloat {
    var sum: CGFloat = 0
    var added = 0
    while added < count {
      sum = sum + length
      added += 1
    }
    return sum
  }

  private func appendSection(
    _ index: Int, lines range: ClosedRange<CGFloat>, across: ClosedRange<CGFloat>,
    into result: inout [LayoutAttributes], visibleRect: CGRect?, filter: (CGRect) -> Bool
  ) {
    let indexPath = IndexPath(item: 0, section: index)
    if let header = attributesForSupplementaryView(
      ofKind: .sectionHeader, at: indexPath, visibleRect: visibleRect),
      filter(header.frame)
    {
      result.append(header)
    }
    let section = sections[index]
    // Explicit storage is read directly: going through `SectionLayout.length(ofItem:)` and its
    // siblings matches the storage enum (retaining its arrays) three times an item.
    // (Plain local arrays: binding an optional `Explicit` per item would copy it, retaining each
    // of its arrays.)
    var isExplicit = false
    var itemSizes: [CGSize] = []
    var itemBaselines: [CGFloat] = []
    if case .explicit(let storage) = section.storage {
      isExplicit = true
      itemSizes = storage.sizes
      itemBaselines = storage.baselines
    }
    let vertical = section.vertical
    let linesStart = sectionOrigins[index] + section.linesOrigin
    for lineIndex in candidateLines(of: section, at: sectionOrigins[index], scrollRange: range) {
      let line = section.line(lineIndex)
      // Lines of more than 100 000 equal items place them by products (as
      // `attributesForItem(at:)` does), others by the running sum of lengths.
      let product = line.count > 100_000 ? line.uniformLength : nil
      var (item, prefix) = firstItem(on: line, section: section, from: across.lowerBound)
      let end = line.start + line.count
      while item < end {
        if let product { prefix = product * CGFloat(item - line.start) }
        // Items are ordered along the line: past the query's far end, none can meet it.
        if section.itemU(line.placement, prefix: prefix, index: item - line.start)
          > across.upperBound
        {
          break
        }
        // The frame first: attributes are made, in place, only for items the query returns.
        let frame: CGRect
        let length: CGFloat
        if isExplicit {
          // `itemFrame`, reading the arrays held above.
          let size = itemSizes[item]
          length = vertical ? size.width : size.height
          let thickness = vertical ? size.height : size.width
          let baseline = itemBaselines.isEmpty ? thickness : itemBaselines[item]
          let u = section.itemU(line.placement, prefix: prefix, index: item - line.start)
          let v =
            linesStart + line.offset
            + section.crossOffset(
              lineThickness: line.thickness, thickness: thickness, lineBaseline: line.baseline,
              baseline: baseline)
          frame = self.frame(u: u, v: v, length: length, thickness: thickness)
        } else {
          frame = itemFrame(section, index: index, line: line, item: item, prefix: prefix)
          length = product == nil ? section.length(ofItem: item) : 0
        }
        if filter(frame) {
          result.append(LayoutAttributes(forCellWith: Self.indexPath(index, item)))
          result[result.count - 1].frame = frame
        }
        if product == nil { prefix = prefix + length }
        item += 1
      }
    }
    if let footer = attributesForSupplementaryView(
      ofKind: .sectionFooter, at: indexPath, visibleRect: visibleRect),
      filter(footer.frame)
    {
      result.append(footer)
    }
    if let background = attributesForDecorationView(ofKind: .sectionBackground, at: indexPath),
      filter(background.frame)
    {
      result.append(background)
    }
  }
}

extension FlowGeometry {
  /// The bytes the geometry's own arrays hold (their capacities), for textflow-bench's memory
  /// per item: sections, section origins, item sizes, baselines and the per-line arrays. Not
  /// part of the library's API.
  @_spi(Benchmarks)
  public var storageBytes: Int {
    func bytes<Element>(_ array: [Element]) -> Int {
      array.capacity * MemoryLayout<Element>.stride
    }
    var total = bytes(sections) + bytes(sectionOrigins)
    for section in sections {
      if case .hybrid(let hybrid) = section.storage {
        total += bytes(hybrid.runs)
        for run in hybrid.runs {
          guard let lines = run.explicit else { continue }
          total += bytes(lines.lengths) + bytes(lines.thicknesses) + bytes(lines.starts)
          total += bytes(lines.offsets) + bytes(lines.lineThicknesses) + bytes(lines.leads)
          total += bytes(lines.gaps)
        }
      }
      guard case .explicit(let explicit) = section.storage else { continue }
      // The sizes count whole although they may be the caller's array too: the geometry keeps
      // them alive.
      total += bytes(explicit.sizes) + bytes(explicit.baselines)
      total += explicit.lineStarts.capacityBytes + bytes(explicit.lineOffsets)
      total += bytes(explicit.lineThicknesses) + bytes(explicit.lineBaselines)
      total += bytes(explicit.linePlacements)
    }
    return total
  }
}
