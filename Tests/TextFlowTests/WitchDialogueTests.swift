import Testing
import TextFlowExamples

@testable import TextFlow

@Suite("Witch dialogue")
struct WitchDialogueTests {
  @Test("lines split into words at spaces, as the seed's wordsInSection: does")
  func words() {
    #expect(WitchDialogue.lines.count == 6)
    #expect(
      WitchDialogue.lines[0].words == [
        "Hey,", "when", "will", "the", "three", "of", "us", "meet", "up", "later?",
      ])
    #expect(WitchDialogue.lines[3].words == ["Where?"])
  }
}
