// Attributed text as iOS code writes it after `import UIKit`, here after `import TextFlow` alone:
// UIKit re-exports Foundation, so NSRange, CGFloat and NSAttributedString need no import of
// their own. This file compiling is most of the test.
import Testing
import TextFlow

@Suite("AttributedString and NSAttributedString ported")
struct AttributedStringPortTests {
  @Test("Foundation's types come with import TextFlow, as with import UIKit")
  func foundationTypes() {
    let text = NSMutableAttributedString(string: "Hello", attributes: [.kern: CGFloat(1)])
    let range = NSRange(location: 0, length: text.length)
    let indexPath = IndexPath(item: 1, section: 0)
    #expect(range.length == 5 && indexPath.item == 1)
    #expect(AttributedString("Hi").characters.count == 2)
  }
}
