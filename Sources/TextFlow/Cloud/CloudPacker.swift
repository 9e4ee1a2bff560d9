// The packed cloud's geometry as a value: a one-bit board of the canvas (64 pixels to a word,
// pixels outside the shape already taken), and placement of ink masks along a spiral from a
// start point, the first free position winning. Pure computation; PackedCloudLayout drives it.
import Foundation

/// Places ink masks on a canvas without overlap, walking a spiral outwards from a start point.
///
/// The board holds one bit per pixel, 64 to a `UInt64`, so a collision test compares 64 pixels
/// of a word's mask with 64 pixels of the board in one AND. Pixels outside the shape start out
/// taken, so a word can never be placed outside it; a mask is never placed past the canvas
/// edge. Placing a mask marks its pixels; testing uses a mask grown by the gap and one pixel
/// more, so inks keep at least `gap` pixels apart (and from the shape's edge) even after a
/// renderer moves each glyph by up to half a pixel, as Cairo's image backend does when it rounds
/// glyph origins to whole pixels.
///
/// ```swift
/// var packer = CloudPacker(width: 800, height: 400, shape: .ellipse, gap: 1)
/// if let spot = packer.place(ink, start: (400, 200), spiral: .archimedean) { … }
/// ```
public struct CloudPacker: Sendable {
  /// The path a word walks from its start until it finds room.
  public enum Spiral: String, Sendable, CaseIterable {
    /// An Archimedean spiral, stretched to the canvas's aspect ratio.
    case archimedean
    /// Square rings, stretched to the canvas's aspect ratio.
    case rectangular
  }

  /// The canvas width in pixels.
  public let width: Int
  /// The canvas height in pixels.
  public let height: Int
  /// The distance kept between inks, in pixels.
  public let gap: Int
  /// The pixels inside the shape (the ones ink may cover).
  public let shapePixelCount: Int
  /// The bounding box of the shape's pixels (x, y, width, height).
  public let shapeBounds: (x: Int, y: Int, width: Int, height: Int)
  /// Ink pixels placed so far.
  public private(set) var inkPixelCount = 0
  /// Positions tested so far (a cost counter for tests and benchmarks).
  public private(set) var positionsTested = 0

  /// The board has `pad` free pixels on every side so that a grown mask at the canvas edge
  /// stays on the board.
  private let pad: Int
  private let boardWords: Int
  private var board: [UInt64]
  /// Archimedean spiral offsets by step, shared by the packers of one aspect ratio.
  private var spirals: [Int: SpiralTable] = [:]

  /// Spiral tables kept between packings (a cloud packs several times while it searches for
  /// its sizes): by aspect ratio and step, at most a few.
  private static let tableCache = TableCache()

  final class TableCache: @unchecked Sendable {
    private let lock = NSLock()
    private var tables: [String: SpiralTable] = [:]

    func table(_ key: String) -> SpiralTable? {
      lock.lock()
      defer { lock.unlock() }
      return tables[key]
    }

    func store(_ table: SpiralTable, _ key: String) {
      lock.lock()
      defer { lock.unlock() }
      if tables.count >= 16, tables[key] == nil { tables.removeAll() }
      if (tables[key]?.offsets.count ?? 0) < table.offsets.count { tables[key] = table }
    }
  }

  /// Offsets (dx, dy pairs) along an Archimedean spiral r = θ / 2π × step, stretched across
  /// by the aspect ratio, about one step apart, without repeats.
  struct SpiralTable: Sendable {
    var offsets: [Int32] = []
    var theta = 0.0
    var radius = 0.0

    mutating func extend(step: Int, aspect: Double, points: Int) {
      let pitch = Double(step)
      var added = 0
      var lastX = offsets.count >= 2 ? offsets[offsets.count - 2] : Int32.min
      var lastY = offsets.last ?? Int32.min
      while added < points {
        radius = theta / (2 * .pi) * pitch
        let x = Int32((radius * aspect * cos(theta)).rounded())
        let y = Int32((radius * sin(theta)).rounded())
        if x != lastX || y != lastY {
          offsets.append(x)
          offsets.append(y)
          lastX = x
          lastY = y
          added += 1
        }
        theta += pitch / max(pitch, radius * max(1, aspect))
      }
    }
  }

  /// A board for a canvas of `width` × `height` pixels.
  public init(width: Int, height: Int, shape: CloudShape = .rectangle, gap: Int = 1) {
    self.width = max(1, width)
    self.height = max(1, height)
    self.gap = max(0, gap)
    pad = self.gap + 2
    boardWords = (self.width + 2 * pad + 63) / 64 + 1
    board = [UInt64](repeating: 0, count: boardWords * (self.height + 2 * pad))
    var count = 0
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<self.height {
      let v = (Double(y) + 0.5) / Double(self.height)
      for x in 0..<self.width {
        if shape.contains(u: (Double(x) + 0.5) / Double(self.width), v: v) {
          count += 1
          minX = min(minX, x)
          maxX = max(maxX, x)
          minY = min(minY, y)
          maxY = max(maxY, y)
        } else {
          let bx = x + pad
          board[(y + pad) * boardWords + bx >> 6] |= 1 << UInt64(bx & 63)
        }
      }
    }
    shapePixelCount = count
    shapeBounds =
      count == 0 ? (0, 0, 0, 0) : (minX, minY, maxX - minX + 1, maxY - minY + 1)
  }

  /// The share of the shape's pixels covered by ink.
  public var density: Double {
    shapePixelCount == 0 ? 0 : Double(inkPixelCount) / Double(shapePixelCount)
  }

  /// Whether the mask's pivot can go at (x, y): its ink inside the canvas, and its ink grown
  /// (`grown`, the same mask `dilated(by: gap + 1)`) clear of the board.
  public func fits(_ ink: InkMask, grown: InkMask, x: Int, y: Int) -> Bool {
    let left = x + ink.originX
    let top = y + ink.originY
    guard left >= 0, top >= 0, left + ink.width <= width, top + ink.height <= height else {
      return false
    }
    return !collides(grown, left: x + grown.originX + pad, top: y + grown.originY + pad)
  }

  private func collides(_ mask: InkMask, left: Int, top: Int, rows: [Int]? = nil) -> Bool {
    let wordShift = left >> 6
    let bitShift = UInt64(left & 63)
    let perRow = mask.wordsPerRow
    let order = rows ?? Array(0..<mask.height)
    return mask.words.withUnsafeBufferPointer { sprite in
      board.withUnsafeBufferPointer { board in
        for row in order {
          let boardRow = (top + row) * boardWords + wordShift
          let spriteRow = row * perRow
          for w in 0..<perRow {
            let value = sprite[spriteRow + w]
            if value == 0 { continue }
            if board[boardRow + w] & (value << bitShift) != 0 { return true }
            if bitShift != 0, board[boardRow + w + 1] & (value >> (64 - bitShift)) != 0 {
              return true
            }
          }
        }
        return false
      }
    }
  }

  static func inkCount(_ mask: InkMask, row: Int) -> Int {
    var count = 0
    for w in 0..<mask.wordsPerRow {
      count += mask.words[row * mask.wordsPerRow + w].nonzeroBitCount
    }
    return count
  }

  /// Marks the mask's ink with its pivot at (x, y).
  public mutating func occupy(_ ink: InkMask, x: Int, y: Int) {
    let left = x + ink.originX + pad
    let top = y + ink.originY + pad
    let wordShift = left >> 6
    let bitShift = UInt64(left & 63)
    let perRow = ink.wordsPerRow
    for row in 0..<ink.height {
      let boardRow = (top + row) * boardWords + wordShift
      for w in 0..<perRow {
        let value = ink.words[row * perRow + w]
        if value == 0 { continue }
        board[boardRow + w] |= value << bitShift
        if bitShift != 0 { board[boardRow + w + 1] |= value >> (64 - bitShift) }
      }
    }
    inkPixelCount += ink.inkPixelCount
  }

  /// Finds the first position along `spiral` from `start` where the mask fits, marks it and
  /// returns it (the pivot's pixel); nil when the mask fits nowhere on the canvas, or nowhere
  /// within the first `budget` positions tested.
  ///
  /// The walk steps by about a tenth of the mask's smaller side (at least one pixel), both along
  /// the spiral and between its turns: a large word cannot slip through a gap much narrower than
  /// that anyway, and small words, which fill the small gaps, walk pixel by pixel.
  public mutating func place(
    _ ink: InkMask, grown: InkMask? = nil, start: (x: Int, y: Int), spiral: Spiral = .archimedean,
    budget: Int = .max
  ) -> (x: Int, y: Int)? {
    let grown = grown ?? ink.dilated(by: gap + 1)
    guard ink.width <= width, ink.height <= height else { return nil }
    var found: (x: Int, y: Int)?
    var tested = 0
    let aspect = Double(width) / Double(height)
    // Far enough that the walk (stretched by the aspect ratio) reaches the farthest corner.
    let reach =
      [(0, 0), (width, 0), (0, height), (width, height)].map { corner -> Double in
        let dx = Double(corner.0 - start.x) / aspect
        let dy = Double(corner.1 - start.y)
        return (dx * dx + dy * dy).squareRoot()
      }.max()! + 2
    // The pivot positions that keep the ink inside the canvas.
    let minX = -ink.originX
    let maxX = width - ink.originX - ink.width
    let minY = -ink.originY
    let maxY = height - ink.originY - ink.height
    let step = max(1, min(ink.width, ink.height) / 10)
    // Rows with the most ink first: where the word is likeliest to hit another.
    let rows = (0..<grown.height).sorted {
      let a = Self.inkCount(grown, row: $0)
      let b = Self.inkCount(grown, row: $1)
      return a != b ? a > b : $0 < $1
    }
    var exhausted = false
    func visit(_ x: Int, _ y: Int) -> Bool {
      guard x >= minX, x <= maxX, y >= minY, y <= maxY else { return false }
      if tested >= budget {
        exhausted = true
        return true
      }
      tested += 1
      if !collides(grown, left: x + grown.originX + pad, top: y + grown.originY + pad, rows: rows) {
        found = (x, y)
        return true
      }
      return false
    }
    switch spiral {
    case .archimedean:
      // The spiral's offsets are computed once per step and reused by every word.
      var index = 0
      let key = "\(aspect) \(step)"
      if spirals[step] == nil { spirals[step] = Self.tableCache.table(key) ?? SpiralTable() }
      walk: while true {
        if index * 2 >= spirals[step]!.offsets.count {
          guard spirals[step]!.radius <= reach else { break }
          spirals[step]!.extend(step: step, aspect: aspect, points: 8192)
          Self.tableCache.store(spirals[step]!, key)
        }
        let offsets = spirals[step]!.offsets
        while index * 2 < offsets.count {
          if visit(start.x + Int(offsets[index * 2]), start.y + Int(offsets[index * 2 + 1])) {
            break walk
          }
          index += 1
        }
      }
    case .rectangular:
      if !visit(start.x, start.y) {
        var ring = step
        walk: while Double(ring) <= reach {
          let dx = Int((Double(ring) * aspect).rounded())
          let dy = ring
          // The ring's four sides, clockwise from the top-left corner.
          for x in stride(from: -dx, to: dx, by: step) where visit(start.x + x, start.y - dy) {
            break walk
          }
          for y in stride(from: -dy, to: dy, by: step) where visit(start.x + dx, start.y + y) {
            break walk
          }
          for x in stride(from: dx, to: -dx, by: -step) where visit(start.x + x, start.y + dy) {
            break walk
          }
          for y in stride(from: dy, to: -dy, by: -step) where visit(start.x - dx, start.y + y) {
            break walk
          }
          ring += step
        }
      }
    }
    positionsTested += tested
    if exhausted { return nil }
    if let found { occupy(ink, x: found.x, y: found.y) }
    return found
  }
}
