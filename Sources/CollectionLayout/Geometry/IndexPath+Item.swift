// UIKit's `IndexPath` conveniences (`item`, `section`), which Foundation on Linux lacks.
import Foundation

#if !canImport(UIKit)
  extension IndexPath {
    /// An index path of two indexes, `[section, row]` (UIKit's `init(row:section:)`, table views'
    /// spelling, which collection-view code uses too).
    public init(row: Int, section: Int) {
      self.init(indexes: [section, row])
    }

    /// The second index under table views' name (UIKit's `row`, the same as `item`).
    public var row: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// An index path of two indexes, `[section, item]` (UIKit's `init(item:section:)`).
    public init(item: Int, section: Int) {
      self.init(indexes: [section, item])
    }

    /// The second index (UIKit's `item`); traps unless the path has exactly two indexes, as UIKit.
    public var item: Int {
      get { self[1] }
      set { self[1] = newValue }
    }

    /// The first index (UIKit's `section`); traps unless the path has exactly two indexes.
    public var section: Int {
      get { self[0] }
      set { self[0] = newValue }
    }
  }
#endif
