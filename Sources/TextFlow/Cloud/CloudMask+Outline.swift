// The outline of a mask's inside, traced by marching squares: what a packed cloud's contour
// strokes around the picture's shape.
import Foundation

extension CloudMask {
  /// The boundaries between the inside pixels and the rest (outside pixels and beyond the
  /// picture), as closed polygons in pixels of the picture: (0, 0) its top-left corner, (x, y)
  /// `x` pixels across and `y` down. A shape with holes has a polygon for each hole too.
  ///
  /// Traced by marching squares over the pixels' centres: a boundary runs along pixel edges
  /// and cuts a pixel's corner (a 45° step) where the shape turns, and a polygon has a point
  /// only where its direction changes. Two pixels that touch only at a corner are two shapes.
  public func outline() -> [[CGPoint]] {
    // Corners of the cell (cx, cy) are the pixel centres (cx − 1 … cx, cy − 1 … cy), so the
    // cells run one past the picture on every side and every boundary closes.
    func isInside(_ x: Int, _ y: Int) -> Bool {
      x >= 0 && y >= 0 && x < width && y < height && inside[y * width + x]
    }
    // A point on a cell's edge, in half pixels: twice its coordinates, as one integer key.
    let stride = 2 * (width + 2) + 1
    func key(_ x2: Int, _ y2: Int) -> Int { (y2 + 1) * stride + x2 + 1 }
    var neighbours: [Int: [Int]] = [:]
    func link(_ a: Int, _ b: Int) {
      neighbours[a, default: []].append(b)
      neighbours[b, default: []].append(a)
    }
    for cy in 0...height {
      for cx in 0...width {
        let topLeft = isInside(cx - 1, cy - 1)
        let topRight = isInside(cx, cy - 1)
        let bottomRight = isInside(cx, cy)
        let bottomLeft = isInside(cx - 1, cy)
        let index =
          (topLeft ? 8 : 0) | (topRight ? 4 : 0) | (bottomRight ? 2 : 0) | (bottomLeft ? 1 : 0)
        guard index != 0 && index != 15 else { continue }
        // The midpoints of the cell's sides: the corners' centres are at whole pixels minus a
        // half, so in half pixels the cell spans 2cx − 1 … 2cx + 1.
        let top = key(2 * cx, 2 * cy - 1)
        let right = key(2 * cx + 1, 2 * cy)
        let bottom = key(2 * cx, 2 * cy + 1)
        let left = key(2 * cx - 1, 2 * cy)
        switch index {
        case 1, 14: link(left, bottom)
        case 2, 13: link(bottom, right)
        case 3, 12: link(left, right)
        case 4, 11: link(top, right)
        case 6, 9: link(top, bottom)
        case 7, 8: link(left, top)
        // Diagonal pixels meeting at a corner stay apart: each cuts its own corner.
        case 5:
          link(top, right)
          link(left, bottom)
        default:  // 10
          link(left, top)
          link(bottom, right)
        }
      }
    }
    // Every point has two neighbours: walk each loop once.
    var polygons: [[CGPoint]] = []
    var visited: Set<Int> = []
    for start in neighbours.keys.sorted() where !visited.contains(start) {
      var loop: [Int] = []
      var previous = -1
      var current = start
      while !visited.contains(current) {
        visited.insert(current)
        loop.append(current)
        let next = neighbours[current]!
        let step = next[0] != previous ? next[0] : next[1]
        previous = current
        current = step
      }
      polygons.append(Self.corners(of: loop, stride: stride))
    }
    return polygons
  }

  /// The loop's points where its direction changes, in pixels.
  private static func corners(of loop: [Int], stride: Int) -> [CGPoint] {
    let points = loop.map { key -> (x: Int, y: Int) in
      (key % stride - 1, key / stride - 1)
    }
    var corners: [CGPoint] = []
    for index in points.indices {
      let before = points[(index + points.count - 1) % points.count]
      let point = points[index]
      let after = points[(index + 1) % points.count]
      let turns =
        (point.x - before.x) * (after.y - point.y) != (point.y - before.y) * (after.x - point.x)
      if turns { corners.append(CGPoint(x: Double(point.x) / 2, y: Double(point.y) / 2)) }
    }
    return corners
  }
}
