// UIColor's fixed colors and its grey initializer on Color, so that ported drawing code
// (`cell.backgroundColor = .lightGray`, `UIColor(white: 0.9, alpha: 1)`) compiles as written.
// The values are UIKit's documented components, which differ from the CSS names that
// `Color(parsing:)` reads: UIKit's green is CSS lime, its orange is not CSS orange.
import Foundation

extension Color {
  /// A grey of brightness `white` (0 black … 1 white) and opacity `alpha`
  /// (`UIColor(white:alpha:)`).
  public init(white: Double, alpha: Double) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// Grey 1/3 (`UIColor.darkGray`).
  public static let darkGray = Color(white: 1 / 3, alpha: 1)
  /// Grey 2/3 (`UIColor.lightGray`); CSS `lightgray` is lighter.
  public static let lightGray = Color(white: 2 / 3, alpha: 1)
  /// Grey 0.5 (`UIColor.gray`).
  public static let gray = Color(white: 0.5, alpha: 1)
  /// Red 1, green 0, blue 0 (`UIColor.red`).
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Red 0, green 1, blue 0 (`UIColor.green`); CSS `green` is half as bright.
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Red 0, green 0, blue 1 (`UIColor.blue`).
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Red 0, green 1, blue 1 (`UIColor.cyan`).
  public static let cyan = Color(red: 0, green: 1, blue: 1)
  /// Red 1, green 1, blue 0 (`UIColor.yellow`).
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  /// Red 1, green 0, blue 1 (`UIColor.magenta`).
  public static let magenta = Color(red: 1, green: 0, blue: 1)
  /// Red 1, green 0.5, blue 0 (`UIColor.orange`); CSS `orange` is yellower.
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  /// Red 0.5, green 0, blue 0.5 (`UIColor.purple`).
  public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
  /// Red 0.6, green 0.4, blue 0.2 (`UIColor.brown`).
  public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
}
