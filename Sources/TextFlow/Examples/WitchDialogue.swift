// The seed's example: three witches' dialogue, one section per line, one cell per word.
import Foundation

/// The witch dialogue from the seed article's collection-view tutorial: six lines, each with
/// its speaker as the section header and its words as the cells.
public enum WitchDialogue {
  /// One line of the dialogue.
  public struct Line: Sendable, Equatable {
    /// The speaker, shown as the section header ("First Witch").
    public var speaker: String
    /// What they say.
    public var text: String
    /// The cells' texts: the line split at spaces, as the seed's `wordsInSection:` does.
    public var words: [String] { text.split(separator: " ").map(String.init) }
  }

  /// The six lines, in order.
  public static let lines: [Line] = [
    Line(speaker: "First Witch", text: "Hey, when will the three of us meet up later?"),
    Line(speaker: "Second Witch", text: "When everything's straightened out."),
    Line(speaker: "Third Witch", text: "That'll be just before sunset."),
    Line(speaker: "First Witch", text: "Where?"),
    Line(speaker: "Second Witch", text: "The dirt patch."),
    Line(speaker: "Third Witch", text: "I guess we'll see Mac there."),
  ]
}
