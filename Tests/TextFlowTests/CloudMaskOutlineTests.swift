// A mask's outline against the mask itself: a point-in-polygon test (even-odd, a ray to the
// right), written here and not shared with the tracer, must find every inside pixel's centre
// inside the polygons and every other pixel's centre outside them, on shapes drawn by hand and
// on random ones.
import Foundation
import Testing
import TextFlow

@Suite("Packed clouds: a mask's outline")
struct CloudMaskOutlineTests {
  /// Whether (x, y) is inside the polygons by the even-odd rule.
  static func encloses(_ polygons: [[CGPoint]], _ x: Double, _ y: Double) -> Bool {
    var inside = false
    for polygon in polygons {
      for index in polygon.indices {
        let a = polygon[index]
        let b = polygon[(index + 1) % polygon.count]
        let (ax, ay, bx, by) = (Double(a.x), Double(a.y), Double(b.x), Double(b.y))
        if (ay > y) != (by > y), x < ax + (y - ay) / (by - ay) * (bx - ax) { inside.toggle() }
      }
    }
    return inside
  }

  static func check(_ mask: CloudMask) -> Int {
    let polygons = mask.outline()
    var wrong = 0
    for y in 0..<mask.height {
      for x in 0..<mask.width
      where encloses(polygons, Double(x) + 0.5, Double(y) + 0.5) != mask.inside[y * mask.width + x]
      {
        wrong += 1
      }
    }
    return wrong
  }

  static func mask(_ rows: [String]) throws -> CloudMask {
    try CloudMask(
      width: rows[0].count, height: rows.count, inside: rows.flatMap { $0.map { $0 == "#" } })
  }

  @Test("one pixel is a diamond through its sides' midpoints; a rectangle has cut corners")
  func byHand() throws {
    let pixel = try Self.mask(["....", "..#.", "...."]).outline()
    #expect(pixel.count == 1)
    #expect(
      Set(pixel[0].map { [Double($0.x), Double($0.y)] })
        == [[2.5, 1], [3, 1.5], [2.5, 2], [2, 1.5]])
    let block = try Self.mask([".....", ".###.", ".###.", "....."]).outline()
    #expect(block.count == 1 && block[0].count == 8, "\(block)")
    // Its straight sides lie on the pixels' edges: x = 1 and 4, y = 1 and 3.
    let xs = Set(block[0].map { Double($0.x) })
    let ys = Set(block[0].map { Double($0.y) })
    #expect(xs == [1, 1.5, 3.5, 4] && ys == [1, 1.5, 2.5, 3], "\(block)")
  }

  @Test("holes, shapes at the picture's edge and pixels meeting at a corner")
  func holesEdgesAndCorners() throws {
    let ring = try Self.mask(["#####", "#...#", "#.#.#", "#...#", "#####"])
    #expect(ring.outline().count == 3)  // the ring's outside, its hole, the island in it
    #expect(Self.check(ring) == 0)
    let diagonal = try Self.mask(["#.", ".#"])
    #expect(diagonal.outline().count == 2)
    #expect(Self.check(diagonal) == 0)
    #expect(Self.check(try Self.mask(["###", "###"])) == 0)
  }

  @Test("random masks: every pixel centre on the right side of the outline")
  func random() throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<40 {
      let width = Int.random(in: 1...40, using: &generator)
      let height = Int.random(in: 1...40, using: &generator)
      let share = Double.random(in: 0.2...0.8, using: &generator)
      var inside = (0..<width * height).map { _ in Double.random(in: 0..<1) < share }
      inside[Int.random(in: 0..<inside.count)] = true
      let mask = try CloudMask(width: width, height: height, inside: inside)
      #expect(Self.check(mask) == 0, "round \(round): \(width) × \(height)")
    }
  }
}
