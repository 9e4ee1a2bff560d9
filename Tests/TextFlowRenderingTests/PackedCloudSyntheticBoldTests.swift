// Words whose script the bold default font lacks come from a fallback face without a bold
// style (Noto Sans Arabic, NanumGothic), which Cairo draws emboldened: its outlines a 24th of
// the size taller and wider than the plain ones the ink mask was made from (and under an
// oblique font, slanted). A packed cloud of Arabic and Hangul drew the tops of سلام and 안녕
// above the canvas and the ends of words past its right edge; masks grown to make room kept
// these words needlessly far apart. Judged on Cairo's pixels, each word rendered alone, as
// PackedCloudTests does; the reported density stays the ink's.
import Foundation
import TestSupport
import Testing
import TextFlow

@testable import TextFlowRendering

@Suite struct PackedCloudSyntheticBoldTests {
  @Test(
    "emboldened or slanted fallback words keep their ink inside the canvas and apart",
    arguments: [nil, "DejaVu Sans Oblique"])
  func synthesisedInkStaysInside(font: String?) throws {
    let texts = [
      "سلام", "안녕", "مرحبا", "세계", "كتاب", "한국어", "قلم", "서울", "بيت", "부산", "شمس", "사랑",
    ]
    let words = texts.enumerated().map { TagCloud.Word($1, weight: Double(30 - 2 * $0)) }
    var cloud = PackedCloud()
    cloud.width = 200
    cloud.height = 150
    cloud.rotations = [0]
    cloud.font = font
    let output = try cloud.layout(words, typesetter: sharedTypesetter)
    #expect(output.unplaced.isEmpty)
    let canvas = CGSize(width: cloud.width, height: cloud.height!)
    var owner: [[Int]: Int] = [:]
    var outside: [String: Int] = [:]
    var drawn = 0
    for element in output.scene.elements {
      let item = element.attributes.indexPath.item
      let ink = try PackedCloudTests.ink(of: element, canvas: canvas)
      drawn += ink.count
      for pixel in ink {
        let (x, y) = (pixel[0], pixel[1])
        if x < 0 || y < 0 || x >= Int(canvas.width) || y >= Int(canvas.height) {
          outside[texts[item], default: 0] += 1
        }
        if let other = owner[pixel], other != item {
          Issue.record("\(texts[item]) and \(texts[other]) both paint (\(x), \(y))")
        }
        owner[pixel] = item
      }
    }
    #expect(outside.isEmpty, "ink pixels outside the canvas: \(outside)")
    // The density counts the masks, which are the ink Cairo draws (a thin glyph's mask counts
    // every touched pixel, a little more than Cairo's visible ones); masks grown past the ink
    // and counted as ink reported twice that.
    let drawnShare = Double(drawn) / Double(canvas.width * canvas.height)
    #expect(
      output.density >= drawnShare * 0.9 && output.density <= drawnShare * 1.25,
      "density \(output.density), drawn \(drawnShare)")
    // Packed as tightly as other words: inks are kept the gap apart, give or take the pixel
    // Cairo moves each glyph to, so some two words come within a few pixels. Masks grown past
    // the ink by the whole emboldening and slant kept every pair 5 or more than 8 apart.
    var closest = Int.max
    for (pixel, item) in owner {
      for dy in -8...8 {
        for dx in -8...8 where max(abs(dx), abs(dy)) < closest {
          if let other = owner[[pixel[0] + dx, pixel[1] + dy]], other != item {
            closest = max(abs(dx), abs(dy))
          }
        }
      }
    }
    #expect(closest <= 4, "the closest two words' inks are \(closest) pixels apart")
  }
}
