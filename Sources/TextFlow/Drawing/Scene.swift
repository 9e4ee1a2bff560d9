// What a renderer draws: laid-out elements with their boxes and the text layouts that were
// measured for them. Built by the spec, the tag cloud, the label grid and the demo; drawn by
// TextFlowRendering. Plain values, so a scene can be checked in tests without drawing it.
import Foundation

/// How an element's box is painted: fill, border and corner radius (a `UIView`'s
/// `backgroundColor`, `layer.borderColor`/`borderWidth`, `layer.cornerRadius`).
public struct BoxStyle: Sendable, Hashable {
  /// The fill, or nil for none.
  public var fill: Color?
  /// The border color, or nil for none.
  public var border: Color?
  /// The border width in points, drawn inside the frame (as `CALayer` does).
  public var borderWidth: Double
  /// The corner radius in points.
  public var cornerRadius: Double

  /// A box style; the default paints nothing.
  public init(
    fill: Color? = nil, border: Color? = nil, borderWidth: Double = 0, cornerRadius: Double = 0
  ) {
    self.fill = fill
    self.border = border
    self.borderWidth = borderWidth
    self.cornerRadius = cornerRadius
  }

  /// True when the style paints nothing.
  public var isEmpty: Bool { fill == nil && (border == nil || borderWidth <= 0) }
}

/// A text layout placed in an element: drawn from its own glyph runs.
public struct PlacedText: Sendable, Equatable {
  /// The layout, as the text engine measured it.
  public var layout: TextLayout
  /// The layout's origin relative to the element's frame origin (the cell's padding).
  public var origin: CGPoint
  /// The glyphs' color.
  public var color: Color
  /// Colors of attributed runs: glyphs whose cluster falls in a range take its color.
  public var colorRanges: [ColorRange] = []
  /// Underlines and strikethroughs of attributed runs, drawn over the glyphs whose cluster
  /// falls in their range (see `decorationSegments(of:)`); they never change the layout.
  public var decorations: [Decoration] = []
  /// Background colours of attributed runs (UIKit's `.backgroundColor`), filled behind the
  /// glyphs over each line's stretch of their range, line top to line bottom (see
  /// `backgroundFills(lines:)`); they never change the layout.
  public var backgroundRanges: [ColorRange] = []
  /// Links of attributed runs (UIKit's `.link`): in a PDF, each is clickable over each line's
  /// stretch of its range, line top to line bottom, the area a background colour fills (see
  /// `linkAreas(lines:)`); they never change the layout.
  public var links: [LinkRange] = []

  /// A link for a range of the text's Unicode scalars.
  public struct LinkRange: Sendable, Equatable {
    /// Unicode scalar offsets into the laid-out string.
    public var scalars: Range<Int>
    /// Where the link leads.
    public var url: URL

    /// A link range.
    public init(scalars: Range<Int>, url: URL) {
      self.scalars = scalars
      self.url = url
    }
  }

  /// A color for a range of the text's Unicode scalars.
  public struct ColorRange: Sendable, Equatable {
    /// Unicode scalar offsets into the laid-out string.
    public var scalars: Range<Int>
    /// The color.
    public var color: Color

    /// A color range.
    public init(scalars: Range<Int>, color: Color) {
      self.scalars = scalars
      self.color = color
    }
  }

  /// The color of the glyph whose cluster starts at scalar `offset`.
  public func color(atScalar offset: Int) -> Color {
    colorRanges.first { $0.scalars.contains(offset) }?.color ?? color
  }

  /// Places `layout` at `origin` within its element.
  public init(layout: TextLayout, origin: CGPoint = .zero, color: Color = .black) {
    self.layout = layout
    self.origin = origin
    self.color = color
  }
}

/// Closed polygons in an element's coordinates, stroked `lineWidth` wide just outside the
/// region they enclose (a polygon inside another is a hole in it), so that nothing drawn
/// inside the region is covered: a packed word cloud's contour around its mask.
public struct Outline: Sendable, Equatable {
  /// The polygons, each closed from its last point to its first.
  public var polygons: [[CGPoint]]
  /// The line's width in points.
  public var lineWidth: Double
  /// The line's colour.
  public var color: Color

  /// An outline.
  public init(polygons: [[CGPoint]], lineWidth: Double, color: Color) {
    self.polygons = polygons
    self.lineWidth = lineWidth
    self.color = color
  }
}

/// A picture drawn scaled to fill its element's frame (a `UIImageView`'s `.scaleToFill`; the
/// frame is made with the picture's aspect ratio): a PNG file, named by path so that a scene
/// stays a small value however many elements show the picture. The renderer decodes each file
/// once per render, and a PDF holds it once.
public struct PlacedImage: Sendable, Hashable {
  /// The PNG file's path.
  public var path: String
  /// Its width in pixels, as its header says.
  public var pixelWidth: Int
  /// Its height in pixels, as its header says.
  public var pixelHeight: Int

  /// The PNG file at `path`, of `pixelWidth` × `pixelHeight` pixels.
  public init(path: String, pixelWidth: Int, pixelHeight: Int) {
    self.path = path
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
  }
}

/// One drawn element: its layout attributes (frame, transform, alpha, zIndex), its box and its
/// text.
public struct SceneElement: Sendable, Equatable {
  /// Where the layout put the element.
  public var attributes: LayoutAttributes
  /// How its box is painted.
  public var box: BoxStyle
  /// Its text, if any.
  public var text: PlacedText?
  /// Barcode bars to fill (label sheets), if any.
  public var barcode: BarcodeMarks?
  /// A picture filling the frame (label sheets), if any; drawn over the box, under the text.
  public var image: PlacedImage?
  /// A shape the box follows instead of the frame's rounded rectangle (round and CD labels).
  public var shape: LabelShape?
  /// A shape in content coordinates that clips everything the element draws.
  public var clip: ShapeClip?
  /// Closed polygons stroked outside the region they enclose (a packed cloud's contour).
  public var outline: Outline?

  /// An element.
  public init(attributes: LayoutAttributes, box: BoxStyle = BoxStyle(), text: PlacedText? = nil) {
    self.attributes = attributes
    self.box = box
    self.text = text
  }

  /// True for a section header (kept with its first line when pages break).
  public var isHeader: Bool {
    attributes.representedElementCategory == .supplementaryView
      && attributes.representedElementKind == .sectionHeader
  }
}

/// A laid-out collection ready to draw: the region of content to show, a background, and the
/// elements in content coordinates (the layout's coordinates, before any scrolling).
///
/// ```swift
/// let scene = Scene(bounds: CGRect(x: 0, y: -20, width: 375, height: 640), elements: elements)
/// try Renderer.render(scene, to: "out/witch.png", options: RenderOptions(format: .png, scale: 2))
/// ```
public struct Scene: Sendable, Equatable {
  /// The region of content coordinates drawn: the content including its insets, or the
  /// visible bounds at a content offset.
  public var bounds: CGRect
  /// The canvas background, or nil for transparent (PNG) / none.
  public var background: Color?
  /// The elements, in any order; the renderer draws them by `zIndex` (stable).
  public var elements: [SceneElement]
  /// Per section, the rectangle inside the section insets (the debug overlay outlines it).
  public var sectionContentRects: [CGRect]

  /// A scene.
  public init(
    bounds: CGRect, background: Color? = .white, elements: [SceneElement],
    sectionContentRects: [CGRect] = []
  ) {
    self.bounds = bounds
    self.background = background
    self.elements = elements
    self.sectionContentRects = sectionContentRects
  }
}
