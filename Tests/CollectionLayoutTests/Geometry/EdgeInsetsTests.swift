import Foundation
import Testing

@testable import CollectionLayout

@Suite("EdgeInsets")
struct EdgeInsetsTests {
  @Test("inset(by:) shrinks as UIEdgeInsetsInsetRect does")
  func insetRect() {
    // The seed's sectionInset UIEdgeInsetsMake(10, 20, 30, 20) on a 375-wide, 100-high rect.
    let rect = CGRect(x: 0, y: 0, width: 375, height: 100)
    let inset = rect.inset(by: EdgeInsets(top: 10, left: 20, bottom: 30, right: 20))
    #expect(inset == CGRect(x: 20, y: 10, width: 335, height: 60))
  }
}
