// NSLineBreakMode's Swift names for the line break modes, so ported code compiles unchanged.
import Foundation

extension LineBreakMode {
  /// Wrap at word boundaries (`NSLineBreakMode.byWordWrapping`); the same as `wordWrap`.
  public static let byWordWrapping = LineBreakMode.wordWrap
  /// Wrap at character boundaries (`NSLineBreakMode.byCharWrapping`); the same as `charWrap`.
  public static let byCharWrapping = LineBreakMode.charWrap
  /// Cut lines at the edge (`NSLineBreakMode.byClipping`); the same as `clip`.
  public static let byClipping = LineBreakMode.clip
  /// An ellipsis at the start of the last line (`NSLineBreakMode.byTruncatingHead`).
  public static let byTruncatingHead = LineBreakMode.truncatingHead
  /// An ellipsis at the end of the last line (`NSLineBreakMode.byTruncatingTail`).
  public static let byTruncatingTail = LineBreakMode.truncatingTail
  /// An ellipsis in the middle of the last line (`NSLineBreakMode.byTruncatingMiddle`).
  public static let byTruncatingMiddle = LineBreakMode.truncatingMiddle
}
