// A closed-form section that got measured sizes, kept as runs: explicit runs hold the measured
// stretches (a screenful each, typically) and uniform runs keep the unmeasured rest in closed form.
// The first stable screen of a million estimated items then costs its screen, not a million
// items: nothing outside the re-flowed lines is materialised.
import Foundation

extension SectionLayout {
  /// A section of estimated items with measured stretches (see the file comment).
  ///
  /// Invariants: runs are contiguous (items and lines), each starts at a line start; a uniform
  /// run's lines hold `perLine` estimated items each and none is the section's last line, except
  /// in a run that ends the section (its last line holds the rest, placed by `last`); and the
  /// first item after a uniform run's line that is not the section's last is an estimated item
  /// too (so that the line really ends after `perLine` items: a smaller measured item might fit).
  struct Hybrid: Sendable {
    /// The estimated items' length and thickness.
    var length: CGFloat
    var thickness: CGFloat
    /// Estimated items per line, and the placement of such a line when it is not the last.
    var perLine: Int
    var full: Placement
    /// Thickness plus line spacing: a uniform run's line `j` lies `j × step` after its origin.
    var step: CGFloat
    var runs: [Run]

    /// The run holding `item` (binary search).
    func runIndex(ofItem item: Int) -> Int { lastRun { $0.firstItem <= item } }

    /// The run holding line `line` (binary search).
    func runIndex(ofLine line: Int) -> Int { lastRun { $0.firstLine <= line } }

    /// The last run that `startsAtOrBefore` accepts (the runs are ordered, so the accepted ones
    /// are a prefix), or 0.
    @inline(__always)
    private func lastRun(where startsAtOrBefore: (Run) -> Bool) -> Int {
      (0..<runs.count).lastIndex { startsAtOrBefore(runs[$0]) }
    }

    var lineCount: Int { runs.last.map { $0.firstLine + $0.lineCount } ?? 0 }
  }

  /// A stretch of whole lines of a hybrid section.
  struct Run: Sendable {
    var firstItem: Int
    var itemCount: Int
    var firstLine: Int
    var lineCount: Int
    /// Uniform: the offset of line `originLine` (line `i` lies at
    /// `origin + CGFloat(i - originLine) × step`, so a run cut in two keeps its arithmetic).
    /// Explicit: added to every stored offset.
    var origin: CGFloat
    var originLine: Int
    /// The placement of the last line of a uniform run that ends the section.
    var last: Placement
    /// How many of its lines start with an item longer than the line.
    var overlong: Int
    /// The lines and item sizes of an explicit run; nil for a uniform run.
    var explicit: RunLines?

    var endItem: Int { firstItem + itemCount }
    var endLine: Int { firstLine + lineCount }
  }

  /// An explicit run's arrays: item sizes from the run's first item, one entry per line after.
  struct RunLines: Sendable {
    var lengths: [CGFloat] = []
    var thicknesses: [CGFloat] = []
    /// Each line's first item (section-wide index).
    var starts: [Int] = []
    /// Each line's offset, less the run's `origin`.
    var offsets: [CGFloat] = []
    var lineThicknesses: [CGFloat] = []
    var leads: [CGFloat] = []
    var gaps: [CGFloat] = []
    /// Checkpoints of long lines, as `Explicit.checkpoints` (keyed by the line's first item).
    var checkpoints: [Int: [CGFloat]] = [:]

    /// Records checkpoints for the line of items `start..<end` (section-wide) when it is long
    /// enough; `firstItem` is the run's first item.
    mutating func addCheckpoints(start: Int, end: Int, firstItem: Int) {
      guard end - start >= SectionLayout.checkpointMinimum else { return }
      var sums: [CGFloat] = []
      var prefix: CGFloat = 0
      for item in start..<end {
        if item > start && (item - start) % SectionLayout.checkpointStride == 0 {
          sums.append(prefix)
        }
        prefix = prefix + lengths[item - firstItem]
      }
      checkpoints[start] = sums
    }

    /// Forgets the checkpoints of lines `range` (local line indexes).
    mutating func removeCheckpoints(_ range: Range<Int>) {
      guard !checkpoints.isEmpty else { return }
      for line in range { checkpoints[starts[line]] = nil }
    }

    /// Keeps the first `lines` lines (and their items).
    mutating func keepPrefix(lines: Int, firstItem: Int) {
      guard lines < starts.count else { return }
      removeCheckpoints(lines..<starts.count)
      let items = starts[lines] - firstItem
      lengths.removeSubrange(items...)
      thicknesses.removeSubrange(items...)
      starts.removeSubrange(lines...)
      offsets.removeSubrange(lines...)
      lineThicknesses.removeSubrange(lines...)
      leads.removeSubrange(lines...)
      gaps.removeSubrange(lines...)
    }

    /// Drops the first `lines` lines (and their items).
    mutating func dropPrefix(lines: Int, firstItem: Int) {
      guard lines > 0 else { return }
      removeCheckpoints(0..<min(lines, starts.count))
      let items = (lines < starts.count ? starts[lines] : firstItem + lengths.count) - firstItem
      lengths.removeSubrange(..<items)
      thicknesses.removeSubrange(..<items)
      starts.removeSubrange(..<lines)
      offsets.removeSubrange(..<lines)
      lineThicknesses.removeSubrange(..<lines)
      leads.removeSubrange(..<lines)
      gaps.removeSubrange(..<lines)
    }
  }

  // MARK: Making and reading

  /// The hybrid form of a closed-form section: one uniform run over everything.
  func makeHybrid(from uniform: Uniform) -> Hybrid {
    let run = Run(
      firstItem: 0, itemCount: count, firstLine: 0, lineCount: uniform.lineCount, origin: 0,
      originLine: 0, last: uniform.last,
      overlong: uniform.length > available ? uniform.lineCount : 0, explicit: nil)
    return Hybrid(
      length: uniform.length, thickness: uniform.thickness, perLine: uniform.perLine,
      full: uniform.full, step: uniform.thickness + lineSpacing, runs: [run])
  }

  func hybridLine(_ hybrid: Hybrid, _ index: Int) -> LineInfo {
    let run = hybrid.runs[hybrid.runIndex(ofLine: index)]
    let local = index - run.firstLine
    if let lines = run.explicit {
      let start = lines.starts[local]
      let end = local + 1 < lines.starts.count ? lines.starts[local + 1] : run.endItem
      return LineInfo(
        start: start, count: end - start, offset: lines.offsets[local] + run.origin,
        thickness: lines.lineThicknesses[local], baseline: 0,
        placement: Placement(lead: lines.leads[local], gap: lines.gaps[local]),
        uniformLength: nil)
    }
    let start = run.firstItem + local * hybrid.perLine
    let isLast = run.endItem == count && local == run.lineCount - 1
    return LineInfo(
      start: start, count: isLast ? run.endItem - start : hybrid.perLine,
      offset: run.origin + CGFloat(index - run.originLine) * hybrid.step,
      thickness: hybrid.thickness, baseline: hybrid.thickness,
      placement: isLast ? run.last : hybrid.full, uniformLength: hybrid.length)
  }

  func hybridLineIndex(_ hybrid: Hybrid, ofItem item: Int) -> Int {
    let run = hybrid.runs[hybrid.runIndex(ofItem: item)]
    guard let lines = run.explicit else {
      return run.firstLine + (item - run.firstItem) / hybrid.perLine
    }
    return run.firstLine + (0..<lines.starts.count).lastIndex { lines.starts[$0] <= item }
  }

  func hybridFirstLine(_ hybrid: Hybrid, endingAtOrAfter position: CGFloat) -> Int {
    (0..<hybrid.lineCount).partitionPoint { index in
      let line = hybridLine(hybrid, index)
      return line.offset + line.thickness < position
    }
  }

  func hybridSize(_ hybrid: Hybrid, ofItem item: Int) -> (length: CGFloat, thickness: CGFloat) {
    let run = hybrid.runs[hybrid.runIndex(ofItem: item)]
    guard let lines = run.explicit else { return (hybrid.length, hybrid.thickness) }
    return (lines.lengths[item - run.firstItem], lines.thicknesses[item - run.firstItem])
  }

  // MARK: Re-flowing

  /// Reads item sizes during a re-flow: the changes first, then the runs (cursors move forward).
  private struct Reader {
    let hybrid: Hybrid
    let changes: [(item: Int, length: CGFloat, thickness: CGFloat)]
    var change = 0
    var run = 0

    mutating func size(_ item: Int) -> (CGFloat, CGFloat) {
      while change < changes.count && changes[change].item < item { change += 1 }
      if change < changes.count && changes[change].item == item {
        return (changes[change].length, changes[change].thickness)
      }
      if !(hybrid.runs[run].firstItem <= item && item < hybrid.runs[run].endItem) {
        run = hybrid.runIndex(ofItem: item)
      }
      let found = hybrid.runs[run]
      guard let lines = found.explicit else { return (hybrid.length, hybrid.thickness) }
      return (lines.lengths[item - found.firstItem], lines.thicknesses[item - found.firstItem])
    }

    /// The first item at or after `item` that is not an unchanged estimated item (`count` if none).
    mutating func nextNonUniform(atOrAfter item: Int, count: Int) -> Int {
      while change < changes.count && changes[change].item < item { change += 1 }
      let changed = change < changes.count ? changes[change].item : count
      var index = hybrid.runIndex(ofItem: item)
      while index < hybrid.runs.count && hybrid.runs[index].explicit == nil { index += 1 }
      let explicit = index < hybrid.runs.count ? max(item, hybrid.runs[index].firstItem) : count
      return min(changed, explicit)
    }

    /// The old line that starts at `item`, if one does.
    func oldLine(startingAt item: Int) -> Int? {
      let found = hybrid.runs[hybrid.runIndex(ofItem: item)]
      guard let lines = found.explicit else {
        let local = item - found.firstItem
        return local % hybrid.perLine == 0 ? found.firstLine + local / hybrid.perLine : nil
      }
      let low = (0..<lines.starts.count).partitionPoint { lines.starts[$0] < item }
      return low < lines.starts.count && lines.starts[low] == item ? found.firstLine + low : nil
    }
  }

  /// Applies sizes (sorted by item, one each) to a hybrid section and re-flows from the line
  /// before the first one until a new line starts where an old one did past the last one; runs
  /// of estimated items on the way stay in closed form.
  mutating func setHybridSizes(
    _ hybrid: inout Hybrid, _ changes: [(item: Int, length: CGFloat, thickness: CGFloat)]
  ) {
    guard let firstChanged = changes.first?.item, let lastChanged = changes.last?.item else {
      return
    }
    var startLine = hybridLineIndex(hybrid, ofItem: firstChanged)
    if startLine > 0 && hybridLine(hybrid, startLine).start == firstChanged { startLine -= 1 }
    let startInfo = hybridLine(hybrid, startLine)
    let startItem = startInfo.start
    var item = startItem
    var offset = startInfo.offset
    var line = startLine
    var built: [Run] = []
    var pending = RunLines()
    var pendingFirst = (item: item, line: line)
    var pendingOverlong = 0
    var linesLaidOut = 0
    func flush() {
      guard !pending.starts.isEmpty else { return }
      built.append(
        Run(
          firstItem: pendingFirst.item, itemCount: item - pendingFirst.item,
          firstLine: pendingFirst.line, lineCount: pending.starts.count, origin: 0, originLine: 0,
          last: Placement(lead: 0, gap: 0), overlong: pendingOverlong, explicit: pending))
      pending = RunLines()
      pendingOverlong = 0
    }
    var rejoined: Int?
    let perLine = hybrid.perLine
    do {
      var reader = Reader(hybrid: hybrid, changes: changes)
      while item < count {
        if item > lastChanged, let old = reader.oldLine(startingAt: item) {
          rejoined = old
          break
        }
        let uniformEnd = reader.nextNonUniform(atOrAfter: item, count: count)
        if uniformEnd > item {
          // Estimated items from here: whole lines in closed form.
          let lines: Int
          var runLast = Placement(lead: 0, gap: 0)
          var runItems: Int
          if uniformEnd == count {
            lines = (count - item + perLine - 1) / perLine
            runItems = count - item
            let lastCount = runItems - (lines - 1) * perLine
            let packed = packUniform(length: hybrid.length, limit: lastCount)
            runLast = placement(
              count: packed.count, sum: packed.sum, used: packed.used, lastLength: hybrid.length,
              isLastLine: true)
          } else {
            lines = (uniformEnd - item - 1) / perLine
            runItems = lines * perLine
          }
          if lines > 0 {
            flush()
            built.append(
              Run(
                firstItem: item, itemCount: runItems, firstLine: line, lineCount: lines,
                origin: offset, originLine: line, last: runLast,
                overlong: hybrid.length > available ? lines : 0, explicit: nil))
            item += runItems
            line += lines
            offset = offset + CGFloat(lines) * hybrid.step
            pendingFirst = (item, line)
            continue
          }
        }
        // One line, packed greedily like every other.
        let first = item
        var read: (length: CGFloat, thickness: CGFloat) = (0, 0)
        var thickness: CGFloat = 0
        let packed = packLine(
          from: first, limit: count,
          length: { item in
            read = reader.size(item)
            return read.length
          },
          joined: { _ in
            thickness = max(thickness, read.thickness)
            pending.lengths.append(read.length)
            pending.thicknesses.append(read.thickness)
          })
        item = packed.end
        let firstLength = pending.lengths[first - pendingFirst.item]
        let place = placement(
          count: item - first, sum: packed.sum, used: packed.used, lastLength: packed.lastLength,
          isLastLine: item == count)
        pending.starts.append(first)
        pending.offsets.append(offset)
        pending.lineThicknesses.append(thickness)
        pending.leads.append(place.lead)
        pending.gaps.append(place.gap)
        pending.addCheckpoints(start: first, end: item, firstItem: pendingFirst.item)
        if firstLength > available { pendingOverlong += 1 }
        offset = offset + thickness + lineSpacing
        line += 1
        linesLaidOut += 1
      }
    }
    flush()
    let lineDelta = rejoined.map { line - $0 } ?? 0
    let offsetDelta = rejoined.map { offset - hybridLine(hybrid, $0).offset } ?? 0

    // Splice: the runs before `startItem`, the built runs, the old runs from the re-joined line.
    var old = hybrid.runs
    hybrid.runs = []
    let firstRun = runIndexIn(old, item: startItem)
    let lastRun = rejoined.map { runIndexIn(old, line: $0) } ?? old.count - 1
    var runs: [Run] = []
    runs.reserveCapacity(old.count + built.count + 2)
    runs.append(contentsOf: old[..<firstRun])
    var head = old[firstRun]
    old[firstRun].explicit = nil
    if let rejoinedLine = rejoined, lastRun == firstRun, head.explicit != nil {
      // The re-flow started and re-joined inside one explicit run: replace its lines in place.
      replaceLines(
        of: &head, from: startLine, to: rejoinedLine, with: built[0], offsetDelta: offsetDelta)
      runs.append(consume head)
    } else {
      var tail: Run?
      if let rejoinedLine = rejoined {
        var run = lastRun == firstRun ? head : old[lastRun]
        old[lastRun].explicit = nil
        cut(&run, droppingLines: rejoinedLine - run.firstLine, perLine: perLine)
        tail = run
      }
      if startLine > head.firstLine {
        keep(&head, lines: startLine - head.firstLine, perLine: perLine)
        // Consumed, not copied: a second reference to its arrays would make the merge below
        // (`append(_:to:)`) copy every line laid out so far, on every re-flow.
        runs.append(consume head)
      }
      for run in built { append(run, to: &runs) }
      if var tail {
        move(&tail, lines: lineDelta, offset: offsetDelta)
        runs.append(tail)
      }
    }
    if lastRun + 1 < old.count {
      for index in (lastRun + 1)..<old.count {
        var run = old[index]
        old[index].explicit = nil
        move(&run, lines: lineDelta, offset: offsetDelta)
        runs.append(run)
      }
    }
    hybrid.runs = runs
    hasOverlongItem = runs.contains { $0.overlong > 0 }
    linesLaidOutByLastFlow = linesLaidOut
    let lastLine = hybridLine(hybrid, hybrid.lineCount - 1)
    linesLength = lastLine.offset + lastLine.thickness
  }

  private func runIndexIn(_ runs: [Run], item: Int) -> Int {
    (0..<runs.count).lastIndex { runs[$0].firstItem <= item }
  }

  private func runIndexIn(_ runs: [Run], line: Int) -> Int {
    (0..<runs.count).lastIndex { runs[$0].firstLine <= line }
  }

  /// Keeps a run's first `lines` lines.
  private func keep(_ run: inout Run, lines: Int, perLine: Int) {
    if var explicit = run.explicit {
      run.explicit = nil
      for local in lines..<explicit.starts.count
      where explicit.lengths[explicit.starts[local] - run.firstItem] > available {
        run.overlong -= 1
      }
      let items = explicit.starts[lines] - run.firstItem
      explicit.keepPrefix(lines: lines, firstItem: run.firstItem)
      run.itemCount = items
      run.explicit = explicit
    } else {
      // The kept lines are whole lines of `perLine` items (a run's last line is never kept alone).
      run.itemCount = lines * perLine
      if run.overlong > 0 { run.overlong = lines }
    }
    run.lineCount = lines
  }

  /// Replaces lines `start..<end` of an explicit run with the lines of `built` (one explicit run
  /// over the same items) and moves the lines after them by `offsetDelta`.
  private func replaceLines(
    of run: inout Run, from start: Int, to end: Int, with built: Run, offsetDelta: CGFloat
  ) {
    guard var lines = run.explicit, let new = built.explicit else { return }
    run.explicit = nil
    let low = start - run.firstLine
    let high = end - run.firstLine
    lines.removeCheckpoints(low..<high)
    lines.checkpoints.merge(new.checkpoints) { _, new in new }
    for local in low..<high where lines.lengths[lines.starts[local] - run.firstItem] > available {
      run.overlong -= 1
    }
    run.overlong += built.overlong
    let itemLow = built.firstItem - run.firstItem
    lines.lengths.replaceSubrange(itemLow..<(itemLow + built.itemCount), with: new.lengths)
    lines.thicknesses.replaceSubrange(itemLow..<(itemLow + built.itemCount), with: new.thicknesses)
    let origin = run.origin
    lines.starts.replaceSubrange(low..<high, with: new.starts)
    lines.offsets.replaceSubrange(low..<high, with: new.offsets.map { $0 - origin })
    lines.lineThicknesses.replaceSubrange(low..<high, with: new.lineThicknesses)
    lines.leads.replaceSubrange(low..<high, with: new.leads)
    lines.gaps.replaceSubrange(low..<high, with: new.gaps)
    let after = low + new.starts.count
    if offsetDelta != 0 {
      lines.offsets.withUnsafeMutableBufferPointer { offsets in
        for index in after..<offsets.count { offsets[index] = offsets[index] + offsetDelta }
      }
    }
    run.lineCount += new.starts.count - (high - low)
    run.explicit = lines
  }

  /// Drops a run's first `lines` lines.
  private func cut(_ run: inout Run, droppingLines lines: Int, perLine: Int) {
    if var explicit = run.explicit {
      run.explicit = nil
      for local in 0..<lines
      where explicit.lengths[explicit.starts[local] - run.firstItem] > available {
        run.overlong -= 1
      }
      let newFirst = explicit.starts[lines]
      explicit.dropPrefix(lines: lines, firstItem: run.firstItem)
      run.itemCount -= newFirst - run.firstItem
      run.firstItem = newFirst
      run.explicit = explicit
    } else {
      run.itemCount -= lines * perLine
      run.firstItem += lines * perLine
      if run.overlong > 0 { run.overlong -= lines }
    }
    run.firstLine += lines
    run.lineCount -= lines
  }

  /// Moves a run (and its lines) by `lines` line indexes and `offset` along the scroll axis.
  private func move(_ run: inout Run, lines: Int, offset: CGFloat) {
    run.firstLine += lines
    run.originLine += lines
    if offset != 0 { run.origin = run.origin + offset }
  }

  /// Appends `run` to `runs`, merged into the last run when both are explicit.
  private func append(_ run: Run, to runs: inout [Run]) {
    guard let newLines = run.explicit, var last = runs.last, var lines = last.explicit,
      last.endItem == run.firstItem
    else {
      runs.append(run)
      return
    }
    runs[runs.count - 1].explicit = nil
    last.explicit = nil
    lines.lengths.append(contentsOf: newLines.lengths)
    lines.thicknesses.append(contentsOf: newLines.thicknesses)
    lines.starts.append(contentsOf: newLines.starts)
    let origin = last.origin
    lines.offsets.append(contentsOf: newLines.offsets.map { $0 + run.origin - origin })
    lines.lineThicknesses.append(contentsOf: newLines.lineThicknesses)
    lines.leads.append(contentsOf: newLines.leads)
    lines.gaps.append(contentsOf: newLines.gaps)
    lines.checkpoints.merge(newLines.checkpoints) { _, new in new }
    last.itemCount += run.itemCount
    last.lineCount += run.lineCount
    last.overlong += run.overlong
    last.explicit = lines
    runs[runs.count - 1] = last
  }
}
