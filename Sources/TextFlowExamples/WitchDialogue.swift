// The seed's example: three witches' dialogue, one section per line, one cell per word.
import Foundation
import TextFlow

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

extension WitchDialogue {
  /// The seed's collection view controller, headless and self-sizing: six sections (one per line),
  /// the speaker as a `TextHeaderView` in the headline style, each word as a `TextCell` in the body
  /// style measured within 300 × 1000 (the seed's `sizeForContentString:`), section inset
  /// (10, 20, 30, 20), content inset top 20, in a 375-point-wide collection view.
  ///
  /// The seed sizes cells in `sizeForItemAt` with `boundingRect` and gives headers a fixed 25
  /// points; here cells and headers measure themselves in the layout pass, so a header that wraps
  /// gets its real height.
  ///
  /// ```swift
  /// let dialogue = try WitchDialogue.Controller(typesetter: .bundled())
  /// try dialogue.collectionView.layoutIfNeeded()
  /// dialogue.collectionView.visibleCells   // TextCells with their measured frames
  /// ```
  public final class Controller: CollectionViewDataSource {
    /// The collection view (its data source is this controller; keep the controller alive).
    public let collectionView: CollectionView
    /// Its flow layout.
    public let layout: FlowLayout
    /// The typesetter the cells measure with.
    public let typesetter: Typesetter
    /// The dialogue shown.
    public let lines: [Line]

    /// The seed's setup at the given size (default an iPhone's 375 × 667 at 2×).
    public init(
      typesetter: Typesetter, lines: [Line] = WitchDialogue.lines,
      size: CGSize = CGSize(width: 375, height: 667), displayScale: CGFloat = 2
    ) {
      self.typesetter = typesetter
      self.lines = lines
      layout = FlowLayout()
      layout.sectionInset = EdgeInsets(top: 10, left: 20, bottom: 30, right: 20)
      layout.headerReferenceSize = CGSize(width: 100, height: 25)  // the seed's, now an estimate
      layout.estimatedItemSize = CGSize(width: 50, height: 20)
      layout.allowsSelfSizingSupplementaryViews = true
      collectionView = CollectionView(
        frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
      collectionView.displayScale = displayScale
      collectionView.contentInset = EdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
      collectionView.setContentOffset(CGPoint(x: 0, y: -20), animated: false)
      collectionView.register(TextCell.self, forCellWithReuseIdentifier: "CONTENT")
      collectionView.register(
        TextHeaderView.self, forSupplementaryViewOfKind: .sectionHeader,
        withReuseIdentifier: "HEADER")
      collectionView.dataSource = self
    }

    /// The seed's cell measurement limit.
    public static let cellMaximumSize = CGSize(width: 300, height: 1000)

    public func numberOfSections(in collectionView: CollectionView) -> Int { lines.count }

    public func collectionView(
      _ collectionView: CollectionView, numberOfItemsInSection section: Int
    ) -> Int {
      lines[section].words.count
    }

    public func collectionView(
      _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
    ) throws -> CollectionViewCell {
      let cell = try collectionView.dequeueReusableCell(
        withReuseIdentifier: "CONTENT", for: indexPath)
      if let cell = cell as? TextCell {
        cell.content.typesetter = typesetter
        cell.content.textStyle = .body
        cell.content.maximumSize = Self.cellMaximumSize
        cell.content.text = lines[indexPath.section].words[indexPath.item]
      }
      return cell
    }

    public func collectionView(
      _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: ElementKind,
      at indexPath: IndexPath
    ) throws -> CollectionReusableView {
      let view = try collectionView.dequeueReusableSupplementaryView(
        ofKind: kind, withReuseIdentifier: "HEADER", for: indexPath)
      if let header = view as? TextHeaderView {
        header.content.typesetter = typesetter
        header.content.textStyle = .headline
        header.content.text = lines[indexPath.section].speaker
      }
      return view
    }
  }
}
