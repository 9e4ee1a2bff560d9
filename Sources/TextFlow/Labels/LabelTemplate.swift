// A label product as gLabels describes it: the paper, the label's shape, and where the labels
// sit on the sheet. Read from gLabels' template files by TextFlowSpec; used by the sheet layout.
import Foundation

/// The outline of one label, in points.
public enum LabelShape: Sendable, Equatable {
  /// A rectangle with rounded corners (`Label-rectangle`).
  case rectangle(width: Double, height: Double, cornerRadius: Double)
  /// A circle (`Label-round`).
  case round(radius: Double)
  /// An ellipse filling a `width` × `height` box (`Label-ellipse`).
  case ellipse(width: Double, height: Double)
  /// A CD or DVD label: a disc with a centre hole, optionally clipped to a `width` × `height`
  /// box (business-card CDs) centred on the disc (`Label-cd`).
  case cd(radius: Double, hole: Double, width: Double?, height: Double?)

  /// The label's bounding box.
  public var size: CGSize {
    switch self {
    case .rectangle(let width, let height, _), .ellipse(let width, let height):
      return CGSize(width: width, height: height)
    case .round(let radius):
      return CGSize(width: 2 * radius, height: 2 * radius)
    case .cd(let radius, _, let width, let height):
      return CGSize(width: width ?? 2 * radius, height: height ?? 2 * radius)
    }
  }

  /// The shape's name as gLabels' element calls it without the `Label-` prefix.
  public var kindName: String {
    switch self {
    case .rectangle: return "rectangle"
    case .round: return "round"
    case .ellipse: return "ellipse"
    case .cd: return "cd"
    }
  }

  /// The largest axis-aligned rectangle inside the shape where text may go, relative to the
  /// bounding box's origin: the box itself for rectangles, the inscribed rectangle of largest
  /// area for circles and ellipses (a/√2 by b/√2 each side of the centre), and for CDs the
  /// largest rectangle of the ring above the hole (text must not cross the hole).
  public var textArea: CGRect {
    let box = size
    switch self {
    case .rectangle:
      return CGRect(origin: .zero, size: box)
    case .round, .ellipse:
      let width = Double(box.width) / 2.0.squareRoot()
      let height = Double(box.height) / 2.0.squareRoot()
      return CGRect(
        x: (Double(box.width) - width) / 2, y: (Double(box.height) - height) / 2, width: width,
        height: height)
    case .cd(let radius, let hole, _, let clipHeight):
      // A rectangle whose bottom edge sits on the hole's top and whose top corners touch the
      // outer circle: the distance d from the centre to the top edge maximises
      // 2·√(R² − d²)·(d − hole), searched over a fine grid (the function is unimodal).
      var best = (area: 0.0, d: radius)
      let steps = 400
      for step in 0...steps {
        let d = hole + (radius - hole) * Double(step) / Double(steps)
        let area = 2 * (max(0, radius * radius - d * d)).squareRoot() * (d - hole)
        if area > best.area { best = (area, d) }
      }
      let halfWidth = (max(0, radius * radius - best.d * best.d)).squareRoot()
      var rect = CGRect(
        x: Double(box.width) / 2 - halfWidth, y: Double(box.height) / 2 - best.d,
        width: 2 * halfWidth, height: best.d - hole)
      if clipHeight != nil { rect = rect.intersection(CGRect(origin: .zero, size: box)) }
      return rect
    }
  }

  /// How a text block's lines sit across `textArea`, given the alignment the design asks for.
  /// On round, elliptical and CD labels `natural` (a design's default) centres them: the text
  /// area is a band centred on the shape's vertical axis, and a disc's title sits on that
  /// axis, where a line left-aligned in the band would look pushed aside. Rectangles keep the
  /// language's side. `left`, `right`, `center` and `justified` are kept on every shape; a
  /// design cannot ask for `natural` itself on a disc (the design's default is `natural`), so a
  /// line at the language's side there is asked for with `left` (or `right`).
  public func textAlignment(_ asked: TextAlignment) -> TextAlignment {
    switch (self, asked) {
    case (.round, .natural), (.ellipse, .natural), (.cd, .natural): return .center
    default: return asked
    }
  }
}

/// A product's label sheet: its paper, its label shape, and the grids of labels on it.
///
/// ```swift
/// let template = try database.template(named: "Avery L7160")
/// template.labelFrames.count      // 21
/// ```
public struct LabelTemplate: Sendable, Equatable {
  /// One grid of labels (gLabels' `Layout`): `columns` × `rows` labels, the first at
  /// (`x0`, `y0`), then every `dx` across and `dy` down.
  public struct Grid: Sendable, Equatable {
    /// Labels across (`nx`).
    public var columns: Int
    /// Labels down (`ny`).
    public var rows: Int
    /// The first label's left edge (`x0`).
    public var x0: Double
    /// The first label's top edge (`y0`).
    public var y0: Double
    /// The step across (`dx`).
    public var dx: Double
    /// The step down (`dy`).
    public var dy: Double

    /// A grid.
    public init(columns: Int, rows: Int, x0: Double, y0: Double, dx: Double, dy: Double) {
      self.columns = columns
      self.rows = rows
      self.x0 = x0
      self.y0 = y0
      self.dx = dx
      self.dy = dy
    }
  }

  /// The manufacturer ("Avery").
  public var brand: String
  /// The part number ("L7160").
  public var part: String
  /// What the product is ("Mailing labels").
  public var description: String
  /// The paper's id in gLabels' paper-sizes.xml ("A4", "US-Letter"), or "Other".
  public var paperName: String
  /// The page size in points.
  public var pageSize: CGSize
  /// gLabels' categories (`Meta category`).
  public var categories: [String]
  /// For an `equiv` alias, the part number whose geometry it shares; nil for a definition.
  public var equivalentOf: String?
  /// The label's outline.
  public var shape: LabelShape
  /// Bleed around each label, horizontally and vertically (`waste`, `x_waste`, `y_waste`).
  public var waste: CGSize
  /// The margin gLabels keeps content inside (`Markup-margin`), 0 when none is given.
  public var margin: Double
  /// The grids of labels on the sheet (several for staggered sheets).
  public var grids: [Grid]
  /// Where the definition was read: "file:line".
  public var source: String

  /// A template.
  public init(
    brand: String, part: String, description: String, paperName: String, pageSize: CGSize,
    categories: [String] = [], equivalentOf: String? = nil, shape: LabelShape,
    waste: CGSize = .zero, margin: Double = 0, grids: [Grid], source: String = ""
  ) {
    self.brand = brand
    self.part = part
    self.description = description
    self.paperName = paperName
    self.pageSize = pageSize
    self.categories = categories
    self.equivalentOf = equivalentOf
    self.shape = shape
    self.waste = waste
    self.margin = margin
    self.grids = grids
    self.source = source
  }

  /// "Brand Part".
  public var name: String { "\(brand) \(part)" }

  /// True when `margin` leaves room inside the shape's text area: less than half its width and
  /// half its height. gLabels draws the margin only as a guide while a label is designed, and a
  /// few templates give one larger than their label (Online Labels OL9985 (medium): 1.51 in
  /// inside a disc of 2.32 in radius round a 0.30 in hole, so its guide's inner circle lies
  /// outside its outer one); kept, it would leave no text.
  public var marginLeavesRoom: Bool {
    let area = shape.textArea
    return 2 * margin < Double(min(area.width, area.height))
  }

  /// The number of labels on a sheet.
  public var labelsPerSheet: Int { grids.reduce(0) { $0 + $1.columns * $1.rows } }

  /// Every label's bounding box on the page, in the order gLabels fills them: row by row (by
  /// top edge), left to right, across all grids.
  public var labelFrames: [CGRect] {
    let size = shape.size
    var frames: [CGRect] = []
    frames.reserveCapacity(labelsPerSheet)
    for grid in grids {
      for row in 0..<grid.rows {
        for column in 0..<grid.columns {
          frames.append(
            CGRect(
              x: grid.x0 + Double(column) * grid.dx, y: grid.y0 + Double(row) * grid.dy,
              width: Double(size.width), height: Double(size.height)))
        }
      }
    }
    // Labels whose tops are within a hundredth of a point are on one row (staggered grids
    // written with rounded numbers).
    return frames.sorted {
      abs(Double($0.minY - $1.minY)) > 0.01 ? $0.minY < $1.minY : $0.minX < $1.minX
    }
  }
}
