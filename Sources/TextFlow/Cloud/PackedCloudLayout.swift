// A packed ("Wordle") word cloud as a collection view layout: each item's ink mask walks a
// spiral from near the centre until it touches no other word's ink, and its attributes carry
// the rotation it was placed with, so the collection view realises it and a renderer draws it
// exactly over the mask.
import Foundation

/// Packs items by their ink: a custom `CollectionViewLayout` for word clouds.
///
/// Each item is an untransformed frame size (a word's text layout size) and the rotations it
/// may take, most preferred first; `inkForItem` answers the item's ink mask at a rotation about
/// the frame's centre (`TextLayout.inkMask(scale:rotation:pivot:)` with the pivot at the centre).
/// In `prepare()` the items are placed in order with `CloudPacker`: each starts at a point near
/// the shape's centre (the first exactly at it, the others at points inside the shape drawn from the
/// seed's generator),
/// walks the spiral, and takes the first position where its ink, grown by `gap` (and a pixel for
/// renderers that round glyph positions), meets no other
/// ink and stays inside the canvas and the shape. An item that fits at no rotation is left out
/// (`unplacedItems`) and its attributes are hidden; the others' attributes have the frame
/// centred on the pivot and `transform3D` the rotation, drawn about the centre as UIKit draws a
/// transform, so the pixels a renderer paints are pixels of the mask.
///
/// ```swift
/// let layout = PackedCloudLayout()
/// layout.canvasSize = CGSize(width: 800, height: 400)
/// layout.items = layouts.map { .init(size: $0.size, rotations: [0]) }
/// layout.inkForItem = { item, angle in layouts[item].inkMask(scale: 1, rotation: angle,
///   pivot: CGPoint(x: layouts[item].size.width / 2, y: layouts[item].size.height / 2)) }
/// let collectionView = CollectionView(frame: CGRect(origin: .zero, size: layout.canvasSize),
///   collectionViewLayout: layout)
/// ```
open class PackedCloudLayout: CollectionViewLayout {
  /// One word: its untransformed size and the rotations it may take.
  public struct Item: Sendable, Equatable {
    /// The frame's size before rotation.
    public var size: CGSize
    /// Rotations in radians (clockwise on screen), tried in order.
    public var rotations: [Double]
    /// The first item of a group of alternatives (the same word at other sizes): this item is
    /// tried only while no item of its group is placed. Nil: an item of its own.
    public var alternativeOf: Int?

    /// An item.
    public init(size: CGSize, rotations: [Double] = [0], alternativeOf: Int? = nil) {
      self.size = size
      self.rotations = rotations.isEmpty ? [0] : rotations
      self.alternativeOf = alternativeOf
    }
  }

  /// The canvas, in points: the content size.
  public var canvasSize = CGSize(width: 600, height: 400) { didSet { invalidateLayout() } }
  /// Where words may go.
  public var shape = CloudShape.rectangle { didSet { invalidateLayout() } }
  /// The spiral words walk.
  public var spiral = CloudPacker.Spiral.archimedean { didSet { invalidateLayout() } }
  /// The least distance between two words' ink (and between ink and the shape's edge), points.
  public var gap: Double = 1 { didSet { invalidateLayout() } }
  /// Pixels per point of the collision board (finer is tighter and slower).
  public var resolution: Double = 1 { didSet { invalidateLayout() } }
  /// The seed of the start points.
  public var seed: UInt64 = 1 { didSet { invalidateLayout() } }
  /// The items of section 0, in placement order.
  public var items: [Item] = [] { didSet { invalidateLayout() } }
  /// The ink of item `item` at a rotation (radians), about its frame's centre, at `resolution`.
  public var inkForItem: ((_ item: Int, _ rotation: Double) -> InkMask)? {
    didSet { invalidateLayout() }
  }
  /// The items that must be tried; those after them only fill the shape up to `fillDensity`.
  public var requiredItemCount = Int.max { didSet { invalidateLayout() } }
  /// The share of the shape ink may cover before the items past `requiredItemCount` stop
  /// being tried (nil: every item is tried).
  public var fillDensity: Double? { didSet { invalidateLayout() } }
  /// Whether placement stops at the first required item that fits nowhere (the rest are then
  /// neither placed nor listed): for a caller that will try again at other sizes anyway.
  public var stopsAtFirstMiss = false { didSet { invalidateLayout() } }
  /// Items not tried at all (hidden, listed in `skippedItems`): words that would be drawn
  /// smaller than their cloud's minimum size.
  public var excludedItems: Set<Int> = [] { didSet { invalidateLayout() } }
  /// The most spiral positions one item may test before it counts as fitting nowhere.
  public var positionBudget = Int.max { didSet { invalidateLayout() } }
  /// Items that fit nowhere, in order.
  public private(set) var unplacedItems: [Int] = []
  /// Items not tried: `excludedItems`, and those past `requiredItemCount` when the shape
  /// reached `fillDensity` or an alternative of theirs was placed.
  public private(set) var skippedItems: [Int] = []
  /// The share of the shape covered by ink after `prepare()`.
  public private(set) var density: Double = 0
  /// The spiral positions tested in the last `prepare()`.
  public private(set) var positionsTested = 0

  private var attributes: [LayoutAttributes] = []
  private var placedRotations: [Double?] = []

  /// An empty layout.
  public override init() { super.init() }

  /// The rotation item `item` was placed with (radians), or nil when it was not placed.
  public func rotation(ofItem item: Int) -> Double? {
    item < placedRotations.count ? placedRotations[item] : nil
  }

  /// Places every item (see the type's description).
  open override func prepare() {
    super.prepare()
    let scale = resolution.isFinite && resolution > 0 ? resolution : 1
    let width = Int((Double(canvasSize.width) * scale).rounded(.down))
    let height = Int((Double(canvasSize.height) * scale).rounded(.down))
    var packer = CloudPacker(
      width: width, height: height, shape: shape, gap: Int((gap * scale).rounded(.up)))
    var generator = SplitMix64(seed: seed)
    let bounds = packer.shapeBounds
    let centre = (x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
    attributes = []
    placedRotations = []
    unplacedItems = []
    skippedItems = []
    var placedGroups = Set<Int>()
    for (index, item) in items.enumerated() {
      var entry = LayoutAttributes(forCellWith: IndexPath(item: index, section: 0))
      entry.frame.size = item.size
      let group = item.alternativeOf ?? index
      let isFull =
        index >= requiredItemCount
        && fillDensity.map { packer.density >= $0 || placedGroups.contains(group) } == true
      if isFull || excludedItems.contains(index) {
        entry.isHidden = true
        skippedItems.append(index)
        placedRotations.append(nil)
        attributes.append(entry)
        continue
      }
      // The heaviest word starts at the centre, the others at a point drawn inside the shape,
      // so that each walks from a spot of its own instead of through the words already placed.
      var start = centre
      if index > 0 {
        for _ in 0..<32 {
          start = (
            x: bounds.x + Int(generator.next() % UInt64(max(1, bounds.width))),
            y: bounds.y + Int(generator.next() % UInt64(max(1, bounds.height)))
          )
          if shape.contains(
            u: (Double(start.x) + 0.5) / Double(width), v: (Double(start.y) + 0.5) / Double(height))
          {
            break
          }
        }
      }
      var placed: (x: Int, y: Int, rotation: Double)?
      if let inkForItem, packer.shapePixelCount > 0 {
        for rotation in item.rotations {
          let ink = inkForItem(index, rotation)
          if ink.isEmpty {
            // Nothing to draw (spaces): it takes no room and sits at its start.
            placed = (start.x, start.y, rotation)
            break
          }
          if let spot = packer.place(ink, start: start, spiral: spiral, budget: positionBudget) {
            placed = (spot.x, spot.y, rotation)
            break
          }
        }
      }
      if let placed {
        entry.center = CGPoint(x: Double(placed.x) / scale, y: Double(placed.y) / scale)
        if placed.rotation != 0 {
          entry.transform3D = Transform3D(rotationAngle: CGFloat(placed.rotation))
        }
        placedRotations.append(placed.rotation)
        placedGroups.insert(group)
      } else {
        entry.isHidden = true
        unplacedItems.append(index)
        placedRotations.append(nil)
        if stopsAtFirstMiss && index < requiredItemCount {
          attributes.append(entry)
          break
        }
      }
      attributes.append(entry)
    }
    density = packer.density
    positionsTested = packer.positionsTested
  }

  open override var collectionViewContentSize: CGSize { canvasSize }

  open override func layoutAttributesForElements(in rect: CGRect) -> [LayoutAttributes] {
    attributes.filter { !$0.isHidden && $0.visualFrame.intersects(rect) }
  }

  open override func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < attributes.count else {
      return nil
    }
    return attributes[indexPath.item]
  }

  /// Words are measured once, on one line: no limit on their size.
  open override func maximumSize(forElement attributes: LayoutAttributes) -> CGSize {
    CGSize(width: CGFloat.infinity, height: .infinity)
  }
}
