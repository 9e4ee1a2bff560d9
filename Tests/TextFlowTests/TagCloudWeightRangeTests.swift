// A weight beyond a Double's range (IEEE 754's largest finite double is about 1.797e308, so
// "1e400" reads as infinity) was reported as "not a positive number", which it is; the message
// now says it is too large. Negative, zero, "inf" and "nan" keep the old message.
import Testing
import TextFlow

@Suite struct TagCloudWeightRangeTests {
  func message(_ weight: String) -> String? {
    do {
      _ = try TagCloud.words(parsingWeighted: "swift \(weight)\nlinux 2\n")
      return nil
    } catch {
      return error.message
    }
  }

  @Test("a weight too large for a Double says so; one that is not positive says that")
  func weightMessages() {
    for large in ["1e400", "2E309", "1" + String(repeating: "0", count: 400)] {
      #expect(message(large)?.contains("too large") == true, "\(large): \(message(large) ?? "")")
    }
    for notPositive in ["-1e400", "0", "-3", "inf", "nan"] {
      #expect(message(notPositive)?.contains("not a positive number") == true, "\(notPositive)")
    }
    #expect(message("1e308") == nil)
  }
}
