// Words past --max-words in a packed cloud: the JSON's "notTried" is documented as the words
// past `maxWords` that were not tried, so with 30 words and a maximum of 10 it is 20, and the
// placed, unplaced and not-tried words together are every word given.
import Foundation
import Testing
import TextFlow

@testable import TextFlowSpec

@Suite("Packed word clouds: words past the maximum")
struct PackedCloudNotTriedTests {
  static let words = (1...30).map { TagCloud.Word("word\($0)", weight: 100 / Double($0)) }

  @Test("the words past maxWords are counted as not tried, and every word is accounted for")
  func notTried() throws {
    var cloud = PackedCloud()
    cloud.width = 400
    cloud.height = 300
    cloud.maxWords = 10
    let output = try cloud.layout(Self.words, typesetter: sharedTypesetter)
    #expect(output.notTriedCount == Self.words.count - cloud.maxWords)
    #expect(output.placed.count + output.unplaced.count + output.notTriedCount == Self.words.count)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.json.utf8)) as? [String: Any])
    #expect(json["notTried"] as? Int == 20)
  }

  @Test("with filling, words past the maximum are tried, not counted twice")
  func filling() throws {
    var cloud = PackedCloud()
    cloud.width = 400
    cloud.height = 300
    cloud.maxWords = 10
    cloud.fillDensity = 0.05
    let output = try cloud.layout(Self.words, typesetter: sharedTypesetter)
    #expect(output.notTriedCount <= Self.words.count - cloud.maxWords)
    let placedOrReported = Set(output.placed.map(\.word.text))
      .union(output.unplaced.map(\.word.text)).count
    #expect(placedOrReported + output.notTriedCount == Self.words.count)
  }
}
