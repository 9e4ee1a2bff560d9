// UILabel's name for the line limit on label grids.
import Foundation

extension LabelGrid {
  /// Maximum lines per label, 0 for no limit (UILabel's `numberOfLines`; the same as `maxLines`,
  /// the older name).
  public var numberOfLines: Int {
    get { maxLines }
    set { maxLines = newValue }
  }
}
