// The process-wide typesetter over the process-wide fonts: what text views measure with when
// they are given none, as a UILabel measures its text without being handed fonts or caches.
import Foundation

extension Typesetter {
  /// The process's typesetter: over `FontCollection.shared` (the bundled fonts, without
  /// system-font fallback) with default caches, made once on first use and shared by every
  /// thread.
  ///
  /// What `TextCell` and `TextHeaderView` (TextFlow) measure with when their content names no
  /// typesetter, so that ported code that only sets a cell's text and font, as it set a
  /// `UILabel`'s, gets measured cells. Its first use loads the shared fonts, and stops the
  /// process when they cannot be read, as `FontCollection.shared` does; code that must survive
  /// that makes its own with `Typesetter.bundled()`, which throws.
  ///
  /// ```swift
  /// let size = Typesetter.shared.measure("Hello", font: .systemFont(ofSize: 15)).size
  /// ```
  public static let shared = Typesetter(fonts: .shared)
}
