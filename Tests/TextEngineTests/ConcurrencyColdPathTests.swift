// The cold path shares nothing mutable between threads: each thread shapes in an hb_buffer_t of
// its own (a pthread TLS slot, destroyed when the thread exits) and fallback faces are kept
// unretained. Checked against serial measurement, on threads that start and exit (so buffers
// are made and destroyed while other threads shape), in text that needs fallback faces. Part
// of the "Concurrency" filter `scripts/sanitize thread` runs under ThreadSanitizer.
import Dispatch
import Foundation
import TestSupport
import Testing

@testable import TextEngine

@Suite("Concurrency: cold path without shared writes")
struct ConcurrencyColdPathTests {
  /// Texts in every script of Fonts/, mixed, so that most clusters go through the fallback
  /// cascade (and its memo tables, which need more than eight fallback characters).
  static let texts = [
    "Quarterly revenue grew by 12 %", "مرحبا بالعالم، هذا نص عربي طويل بما يكفي للذاكرة",
    "שלום עולם, זהו טקסט בעברית", "नमस्ते दुनिया, यह हिंदी में लिखा गया एक वाक्य है",
    "สวัสดีชาวโลก นี่คือข้อความภาษาไทย", "你好世界，这是一个足够长的中文句子用于测试",
    "Mixed: abc 你好 مرحبا שלום नमस्ते ไทย Ελληνικά Кириллица 123",
    "日本語のテキストとカタカナ、ひらがな", "tag", "",
  ]

  static func requests() -> [TextLayoutRequest] {
    var requests = [TextLayoutRequest]()
    for (index, text) in texts.enumerated() {
      for width in [60.0, 150, 1_000] {
        requests.append(
          TextLayoutRequest(
            AttributedText(text, font: Engine.dejaVu(Double(12 + index % 6))), maxWidth: width))
      }
    }
    return requests
  }

  /// A typesetter with both caches off: every text is shaped, every time.
  static func coldTypesetter() -> Typesetter {
    Typesetter(
      fonts: Engine.fonts, shapeCache: ShapeCache(capacity: 0),
      paragraphCache: ParagraphCache(capacity: 0))
  }

  @Test("threads that start, shape cold and exit give the serial layouts exactly")
  func threadsThatComeAndGoEqualSerial() {
    let requests = Self.requests()
    let serial = Self.coldTypesetter()
    let expected = requests.map {
      serial.layout($0.text, style: $0.style, maxWidth: $0.maxWidth, maxHeight: $0.maxHeight)
    }
    let shared = Self.coldTypesetter()
    let mismatches = Locked([Int]())
    // Three rounds of eight short-lived threads: each round's threads make new buffers while
    // the buffers of the round before are destroyed by exiting threads.
    for round in 0..<3 {
      let group = DispatchGroup()
      for thread in 0..<8 {
        group.enter()
        let worker = Thread {
          for step in 0..<(2 * requests.count) {
            let index = (thread * 7 + round * 3 + step) % requests.count
            let request = requests[index]
            let layout = shared.layout(
              request.text, style: request.style, maxWidth: request.maxWidth,
              maxHeight: request.maxHeight)
            if layout != expected[index] { mismatches.withLock { $0.append(index) } }
          }
          group.leave()
        }
        worker.start()
      }
      group.wait()
    }
    #expect(mismatches.withLock { $0 }.isEmpty)
  }

  @Test("the batch API on both cores, cold, equals one by one")
  func coldBatchEqualsSerial() {
    let requests = Array(repeating: Self.requests(), count: 8).flatMap { $0 }
    let serial = Self.coldTypesetter()
    let expected = requests.map {
      serial.layout($0.text, style: $0.style, maxWidth: $0.maxWidth, maxHeight: $0.maxHeight)
    }
    #expect(Self.coldTypesetter().layouts(for: requests) == expected)
  }

  @Test("each glyph run's face is the public fallback rule's face for its first cluster")
  func runFacesFollowTheFallbackRule() {
    let fonts = Engine.fonts
    let requested = fonts.defaultFace()
    for text in Self.texts where !text.isEmpty {
      // Each grapheme cluster by the scalar offset it starts at.
      var clusterAt = [Int: Character]()
      var offset = 0
      for character in text {
        clusterAt[offset] = character
        offset += character.unicodeScalars.count
      }
      let layout = Self.coldTypesetter().layout(text, font: Engine.dejaVu(), maxWidth: 1_000)
      var checked = 0
      for run in layout.lines.flatMap(\.glyphRuns) where !run.isEllipsis && !run.isHyphen {
        // The run's first cluster in logical order. Neutral characters (spaces, punctuation,
        // digits) follow the cluster before them, so only runs starting with a letter are
        // compared, and the previous cluster's face does not matter for them.
        guard let first = run.clusters.min(), let cluster = clusterAt[first],
          let scalar = cluster.unicodeScalars.first, scalar.properties.isAlphabetic
        else { continue }
        let expected = fonts.fallbackFace(
          for: Substring(String(cluster)).unicodeScalars, requested: requested)
        #expect(run.font.face === expected, "\(text): \(cluster)")
        checked += 1
      }
      #expect(checked > 0, "\(text)")
    }
  }
}
