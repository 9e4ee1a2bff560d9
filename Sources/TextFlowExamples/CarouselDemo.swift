// The carousel pictures of `textflow demo`: the seed's LFFlowLayout at several scroll offsets,
// where it snaps, and frames of its transition to a plain flow layout.
import Foundation
import TextFlow

/// Scenes of the seed's carousel (`CarouselLayout`): 20 numbered cards in a 375 × 200 view.
public struct CarouselDemo {
  /// The view size (the seed's: full width, 200 high).
  public var viewSize = CGSize(width: 375, height: 200)
  /// The number of cards.
  public var itemCount = 20
  let typesetter: Typesetter
  let labelFont: Font

  /// A demo drawing its numbers with `typesetter`'s bold face.
  public init(typesetter: Typesetter) {
    self.typesetter = typesetter
    labelFont = Font(face: typesetter.fonts.defaultFace(bold: true), pointSize: 28)
  }

  /// The content offset that centres item `index` (the carousel's content inset lets the
  /// first item reach the centre at offset -137.5).
  public func offset(centering index: Int) -> CGFloat {
    CGFloat(index) * 200 - (viewSize.width - CarouselLayout.itemWidth) / 2
  }

  /// The seed's carousel in a headless collection view of 20 plain cells, scrolled to
  /// `offsetX` and laid out. Keep the returned data source alive while using the view.
  func makeCarousel(offsetX: CGFloat) throws -> (CollectionView, CardSource) {
    let cards = CardSource(count: itemCount)
    let view = CollectionView(
      frame: CGRect(origin: .zero, size: viewSize), collectionViewLayout: CarouselLayout())
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: CardSource.identifier)
    view.dataSource = cards
    try view.layoutIfNeeded()
    view.setContentOffset(CGPoint(x: offsetX, y: 0), animated: false)
    try view.layoutIfNeeded()
    return (view, cards)
  }

  /// Where a drag released at `proposed` comes to rest: the collection view's simulated
  /// `endDragging`, which asks the carousel's
  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)`, as UIKit's scroll
  /// view does.
  public func snappedOffset(proposed: CGFloat) throws -> CGFloat {
    let (view, cards) = try makeCarousel(offsetX: proposed)
    return withExtendedLifetime(cards) {
      view.endDragging(proposedContentOffset: CGPoint(x: proposed, y: 0), velocity: .zero).x
    }
  }

  /// The visible cards at `offsetX`, as the collection view shows them (scaled by the carousel).
  public func scene(offsetX: CGFloat) throws -> Scene {
    let (view, cards) = try makeCarousel(offsetX: offsetX)
    let attributes = withExtendedLifetime(cards) {
      view.realisedViews.compactMap { $0.view.layoutAttributes }
    }
    return scene(attributes, bounds: view.bounds)
  }

  /// A frame of the seeds' layout switch, through the headless collection view: the carousel
  /// at `offsetX`, then `startInteractiveTransition(to:)` a plain horizontal flow layout of the
  /// same cards (100 × 100, 10 apart) at `progress` (0...1), as
  /// `UICollectionViewTransitionLayout` renders it. The view keeps its size and offset, and the
  /// carousel's content inset stays, as in UIKit.
  public func transitionScene(offsetX: CGFloat, progress: CGFloat) throws -> Scene {
    let (view, cards) = try makeCarousel(offsetX: offsetX)
    let plain = FlowLayout()
    plain.scrollDirection = .horizontal
    plain.itemSize = CGSize(width: 100, height: 100)
    plain.minimumLineSpacing = 10
    plain.minimumInteritemSpacing = 10
    let transition = view.startInteractiveTransition(to: plain)
    transition.transitionProgress = progress
    try view.layoutIfNeeded()
    let attributes = withExtendedLifetime(cards) {
      view.realisedViews.compactMap { $0.view.layoutAttributes }
    }
    return scene(attributes, bounds: view.bounds)
  }

  /// The cards' data source: plain cells (the scene draws each card's color and number).
  final class CardSource: CollectionViewDataSource {
    static let identifier = "CARD"
    let count: Int
    init(count: Int) { self.count = count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      throws -> CollectionViewCell
    {
      try collectionView.dequeueReusableCell(withReuseIdentifier: Self.identifier, for: indexPath)
    }
  }

  private func scene(_ attributes: [LayoutAttributes], bounds: CGRect) -> Scene {
    var single = ParagraphStyle()
    single.numberOfLines = 1
    let elements = attributes.filter { $0.representedElementCategory == .cell }.map { attributes in
      let index = attributes.indexPath.item
      let hue = Double(index % 10) / 10
      let text = typesetter.layout("\(index + 1)", font: labelFont, style: single)
      let size = attributes.frame.size
      let origin = CGPoint(
        x: (Double(size.width) - Double(text.size.width)) / 2,
        y: (Double(size.height) - Double(text.size.height)) / 2)
      var element = SceneElement(
        attributes: attributes,
        box: BoxStyle(fill: Self.color(hue: hue), cornerRadius: 12),
        text: PlacedText(layout: text, origin: origin, color: .white))
      // Scaled cards draw above their neighbours, as the nearest card would in UIKit.
      element.attributes.zIndex = Int((attributes.transform3D.m11 - 1) * 100)
      return element
    }
    return Scene(
      bounds: bounds, background: Color(red: 0.97, green: 0.97, blue: 0.98), elements: elements)
  }

  /// A saturated color around the hue wheel.
  static func color(hue: Double) -> Color {
    let h = hue * 6
    let x = 1 - abs(h.truncatingRemainder(dividingBy: 2) - 1)
    let (r, g, b): (Double, Double, Double)
    switch Int(h) {
    case 0: (r, g, b) = (1, x, 0)
    case 1: (r, g, b) = (x, 1, 0)
    case 2: (r, g, b) = (0, 1, x)
    case 3: (r, g, b) = (0, x, 1)
    case 4: (r, g, b) = (x, 0, 1)
    default: (r, g, b) = (1, 0, x)
    }
    // Darkened for white numbers.
    return Color(red: 0.2 + 0.55 * r, green: 0.2 + 0.55 * g, blue: 0.25 + 0.55 * b)
  }
}
