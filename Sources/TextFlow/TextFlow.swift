// TextFlow is what users import: it brings the layout model and the text engine together, and
// Foundation, as `import UIKit` does on iOS, so that ported code needs no import of its own for
// CGSize, IndexPath, NSRange, NSAttributedString or AttributedString.
@_exported import CollectionLayout
@_exported import Foundation
@_exported import TextEngine
