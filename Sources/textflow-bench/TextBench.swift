import Foundation
// Figures 1–3 and part of 6: text measurement cold and warm, on one core and on all, against
// bare HarfBuzz shaping (the floor) and Pango (the peer), on the corpus in Benchmarks/corpus.
@_spi(Benchmarks) import TextEngine

/// One corpus record, ready to lay out.
struct TextRequest {
  var text: String
  var font: Font
  var maxWidth: Double?
  var maxLines: Int
  var style: ParagraphStyle
  var units: [UInt16]

  var batchRequest: TextLayoutRequest {
    TextLayoutRequest(AttributedText(text, font: font), style: style, maxWidth: maxWidth)
  }
}

/// A named group of corpus records ("tags", "paragraphs", ...).
struct TextKind {
  var name: String
  var requests: [TextRequest]
  /// Short labels (tags, names, report labels, cloud words) as opposed to sentences/paragraphs.
  var isShort: Bool
}

enum Corpus {
  /// Loads `file.jsonl` (textflow measure --jsonl format) from `directory`.
  static func load(_ file: String, from directory: URL, fonts: FontCollection) throws
    -> [TextRequest]
  {
    let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
    var requests = [TextRequest]()
    for line in text.split(separator: "\n") where !line.isEmpty {
      guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
        let string = object["text"] as? String
      else { continue }
      let size = (object["size"] as? Double) ?? 17
      let font = try fonts.font(
        named: (object["font"] as? String) ?? "DejaVuSans.ttf", pointSize: size)
      var style = ParagraphStyle()
      style.numberOfLines = (object["max_lines"] as? Int) ?? 0
      requests.append(
        TextRequest(
          text: string, font: font, maxWidth: object["max_width"] as? Double,
          maxLines: style.numberOfLines, style: style, units: Array(string.utf16)))
    }
    return requests
  }

  /// The tag-cloud word list (one word a line, with repetition), at 17 pt, unlimited width.
  static func loadCloud(from directory: URL, fonts: FontCollection) throws -> [TextRequest] {
    let text = try String(
      contentsOf: directory.appendingPathComponent("cloud.txt"), encoding: .utf8)
    let font = fonts.font(for: .body)
    return text.split(separator: "\n").map { word in
      TextRequest(
        text: String(word), font: font, maxWidth: nil, maxLines: 0, style: ParagraphStyle(),
        units: Array(word.utf16))
    }
  }

  static func kinds(directory: URL, fonts: FontCollection) throws -> [TextKind] {
    [
      TextKind(
        name: "tags", requests: try load("tags.jsonl", from: directory, fonts: fonts), isShort: true
      ),
      TextKind(
        name: "names", requests: try load("names.jsonl", from: directory, fonts: fonts),
        isShort: true),
      TextKind(
        name: "labels", requests: try load("labels.jsonl", from: directory, fonts: fonts),
        isShort: true),
      TextKind(
        name: "cloud words", requests: try loadCloud(from: directory, fonts: fonts), isShort: true),
      TextKind(
        name: "sentences", requests: try load("sentences.jsonl", from: directory, fonts: fonts),
        isShort: false),
      TextKind(
        name: "paragraphs", requests: try load("paragraphs.jsonl", from: directory, fonts: fonts),
        isShort: false),
    ]
  }
}

/// The measured per-kind results the peer comparison and the targets need.
struct TextResults {
  var cold: [String: Double] = [:]
  var warmWord: [String: Double] = [:]
  var warmHit: [String: Double] = [:]
  var newWidth: [String: Double] = [:]
  var floorScaling: [String: Double] = [:]
  var floor: [String: Double] = [:]
  /// Cold size-only measurement ÷ the floor, the median of pairs timed back to back.
  var pairedFloor: [String: Double] = [:]
  /// Pango's best ÷ cold size-only measurement, the median of pairs timed back to back.
  var pairedPango: [String: Double] = [:]
  var pangoFresh: [String: Double] = [:]
  var pangoReused: [String: Double] = [:]
  var oneCore: [String: Double] = [:]
  var allCores: [String: Double] = [:]
  /// The warm batch repeated 20 times in one call (`layouts(for:)`): one thread, all cores.
  var warmOneCore: [String: Double] = [:]
  var warmAllCores: [String: Double] = [:]
  /// One thread's time over all cores', the median of pairs timed back to back, by batch
  /// ("cold", "warm, one long batch", "bare hb_shape") and kind.
  var pairedScaling: [String: [String: Double]] = [:]
  /// `Typesetter.measure` with the caches off (size only, no glyph runs).
  var coldMeasure: [String: Double] = [:]
  /// `ShapedText.measure(maxWidth:)` at a width not seen before (prepared once).
  var rewrap: [String: Double] = [:]
  /// The same with `.balanced` and with `.pretty`.
  var rewrapBalanced: [String: Double] = [:]
  var rewrapPretty: [String: Double] = [:]
  /// `ShapedText.minimumWidth(forLineCount:)` after its staircase is made.
  var staircaseLookup: [String: Double] = [:]
}

extension Typesetter {
  /// A typesetter over `fonts` with its shape and paragraph caches off: every word shaped, what
  /// the cold figures measure.
  static func cachesOff(fonts: FontCollection) -> Typesetter {
    Typesetter(
      fonts: fonts, shapeCache: ShapeCache(capacity: 0), paragraphCache: ParagraphCache(capacity: 0)
    )
  }
}

struct TextBench {
  let fonts: FontCollection
  let kinds: [TextKind]
  let runs: Int
  let report: Report
  var results = TextResults()

  private func layOut(_ typesetter: Typesetter, _ requests: [TextRequest]) {
    consume(TextBench.layOutAll(typesetter, requests))
  }

  /// Lays out every request and sums the line counts. The requests are read in place (a
  /// `for request in requests` loop copies each one, retaining its string, font and style,
  /// which costs a cached measurement about a third of its instructions).
  @inline(__always)
  static func layOutAll(_ typesetter: Typesetter, _ requests: [TextRequest]) -> Int {
    requests.withUnsafeBufferPointer { buffer in
      var lines = 0
      for index in buffer.indices {
        lines &+=
          typesetter.layout(
            buffer[index].text, font: buffer[index].font, style: buffer[index].style,
            maxWidth: buffer[index].maxWidth
          ).lineCount
      }
      return lines
    }
  }

  /// Batch requests laid out one after another on this thread (the one-thread side of the
  /// parallel figures).
  private static func layOutOneByOne(_ typesetter: Typesetter, _ batch: [TextLayoutRequest]) {
    var lines = 0
    for request in batch {
      lines &+=
        typesetter.layout(
          request.text, style: request.style, maxWidth: request.maxWidth
        ).lineCount
    }
    consume(lines)
  }

  mutating func run() {
    report.section("Text measurement, one thread (ns per label, corpus in Benchmarks/corpus)")
    report.note(
      "cold = shape and paragraph caches off (every word shaped); first pass = a new Typesetter's "
        + "default caches filling up; warm, default caches = after a pass (what the default "
        + "bounds keep is reused); every text cached = a paragraph cache as large as the corpus")
    for kind in kinds {
      let requests = kind.requests
      let count = requests.count
      let cold = Typesetter.cachesOff(fonts: fonts)
      let coldSample = measure(runs: runs, operations: count) { layOut(cold, requests) }
      results.cold[kind.name] = coldSample.median
      report.time("\(kind.name) (\(count)): cold", coldSample, perSecond: true)

      var fresh = Typesetter(fonts: fonts)
      let firstSample = measure(
        runs: runs, operations: count, setup: { fresh = Typesetter(fonts: fonts) },
        body: { layOut(fresh, requests) })
      report.time("\(kind.name): first pass, fresh default caches", firstSample, perSecond: true)

      let warm = Typesetter(fonts: fonts)
      let warmSample = measure(runs: runs, operations: count) { layOut(warm, requests) }
      results.warmWord[kind.name] = warmSample.median
      report.time(
        "\(kind.name): warm, default caches", warmSample, perSecond: true,
        note: "shape cache \(warm.shapeCache.count)/\(warm.shapeCache.capacity), "
          + "paragraph cache \(warm.paragraphCache.count)/\(warm.paragraphCache.capacity)")

      let hit = TextBench.cachingEveryText(fonts: fonts, capacity: 2 * count + 2)
      let hitSample = measure(runs: runs, operations: count) { layOut(hit, requests) }
      results.warmHit[kind.name] = hitSample.median
      report.time(
        "\(kind.name): warm, same width, every text cached", hitSample, perSecond: true,
        note: kind.requests.allSatisfy({ $0.units.count <= hit.paragraphCache.maximumResultLength })
          ? "stored layouts" : "prepared texts (too long for stored layouts)")

      // The same texts at a width not seen before (each run another): only line breaking and
      // the result are made.
      let widthSample = TextBench.measureAtNewWidths(requests, runs: runs) { layOut(hit, $0) }
      results.newWidth[kind.name] = widthSample.median
      report.time(
        "\(kind.name): re-measure at a new width (prepared hit)", widthSample, perSecond: true)

      runMeasurement(kind, cold: cold)
    }
  }

  /// The size-only figures of one kind: `Typesetter.measure` cold, and a prepared text
  /// (`ShapedText`) measured at new widths, with each line-break strategy.
  private mutating func runMeasurement(_ kind: TextKind, cold: Typesetter) {
    let requests = kind.requests
    let count = requests.count
    let coldMeasure = measure(runs: runs, operations: count) {
      consume(TextBench.measureAll(cold, requests))
    }
    results.coldMeasure[kind.name] = coldMeasure.median
    report.time(
      "\(kind.name): cold, size only (Typesetter.measure)", coldMeasure, perSecond: true)

    // A self-sizing cell after a rotation: the typesetter asked for the size of a text it
    // measured before, at a width not seen before. Measured once at the record's width and once
    // at another first (the second measurement makes a plain paragraph's word sums).
    let cached = TextBench.cachingEveryText(fonts: fonts, capacity: 2 * count + 2)
    consume(TextBench.measureAll(cached, requests))
    consume(TextBench.measureAll(cached, TextBench.scaled(requests, by: 0.97)))
    let remeasure = TextBench.measureAtNewWidths(requests, runs: runs) {
      consume(TextBench.measureAll(cached, $0))
    }
    report.time(
      "\(kind.name): size only at a new width, text measured before (Typesetter.measure)",
      remeasure, perSecond: true)

    let shaper = Typesetter(fonts: fonts)
    for strategy: LineBreakStrategy in [.standard, .balanced, .pretty] {
      let shaped = requests.map { request in
        var style = request.style
        style.lineBreakStrategy = strategy
        return shaper.prepare(request.text, font: request.font, style: style)
      }
      // Each run at other widths: 95 %, 92 %, … of the record's own (200 pt when it has none).
      // A run of short texts takes well under a millisecond, where one interruption moves a
      // median of seven: five times the runs (each width comes back every twelve runs).
      var factor = 1.0
      var widths = requests.map { $0.maxWidth ?? 200 }
      let sample = measure(
        runs: 5 * runs, operations: count,
        setup: {
          factor = factor > 0.6 ? factor - 0.03 : 0.95
          widths = requests.map { (($0.maxWidth ?? 200) * factor).rounded() }
        },
        body: { consume(TextBench.rewrapAll(shaped, widths)) })
      let name =
        strategy == .standard ? "" : strategy == .balanced ? ", balanced" : ", pretty"
      report.time(
        "\(kind.name): prepared re-wrap at a new width\(name) (ShapedText.measure)", sample,
        perSecond: true)
      switch strategy {
      case .balanced: results.rewrapBalanced[kind.name] = sample.median
      case .pretty: results.rewrapPretty[kind.name] = sample.median
      default: results.rewrap[kind.name] = sample.median
      }
      if strategy == .standard {
        for text in shaped { _ = text.minimumWidth(forLineCount: 1) }
        let lookup = measure(runs: runs, operations: count) {
          var sum = 0.0
          for text in shaped { sum += text.minimumWidth(forLineCount: 2) ?? 0 }
          consume(Int(sum))
        }
        results.staircaseLookup[kind.name] = lookup.median
        report.time(
          "\(kind.name): minimumWidth(forLineCount: 2), staircase made", lookup,
          perSecond: true)
      }
    }
  }

  /// A typesetter whose paragraph cache keeps `capacity` texts' preparations and twice as many
  /// results, without a byte bound: every text of a corpus stays cached.
  static func cachingEveryText(fonts: FontCollection, capacity: Int) -> Typesetter {
    Typesetter(
      fonts: fonts,
      paragraphCache: ParagraphCache(
        capacity: capacity, maximumLength: 4096, maximumBytes: 1 << 40,
        maximumResultBytes: 1 << 40))
  }

  /// `body` timed on `requests` at a width not seen before in each run: 95 %, 92 %, … of the
  /// record's own (`scaled`), made untimed before the run.
  static func measureAtNewWidths(
    _ requests: [TextRequest], runs: Int, _ body: ([TextRequest]) -> Void
  ) -> Sample {
    var factor = 1.0
    var resized = requests
    return measure(
      runs: runs, operations: requests.count,
      setup: {
        factor = factor > 0.6 ? factor - 0.03 : 0.95
        resized = scaled(requests, by: factor)
      },
      body: { body(resized) })
  }

  /// `requests` at `factor` times their width (200 pt when they have none), rounded: a width
  /// not seen before for each factor.
  static func scaled(_ requests: [TextRequest], by factor: Double) -> [TextRequest] {
    requests.map { request in
      var copy = request
      copy.maxWidth = ((request.maxWidth ?? 200) * factor).rounded()
      return copy
    }
  }

  /// Measures every request (size only) and sums the line counts, requests read in place.
  @inline(__always)
  static func measureAll(_ typesetter: Typesetter, _ requests: [TextRequest]) -> Int {
    requests.withUnsafeBufferPointer { buffer in
      var lines = 0
      for index in buffer.indices {
        lines &+=
          typesetter.measure(
            buffer[index].text, font: buffer[index].font, style: buffer[index].style,
            maxWidth: buffer[index].maxWidth
          ).lineCount
      }
      return lines
    }
  }

  /// Each prepared text measured at its width; the line counts summed.
  @inline(never)
  static func rewrapAll(_ shaped: [ShapedText], _ widths: [Double]) -> Int {
    var lines = 0
    for index in shaped.indices {
      lines &+= shaped[index].measure(maxWidth: widths[index]).lineCount
    }
    return lines
  }

  /// The user and system CPU time of the process while `body` runs, in nanoseconds.
  private func cpuNanoseconds(_ body: () -> Void) -> Double {
    func now() -> Double {
      var usage = rusage()
      getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
      let user = Double(usage.ru_utime.tv_sec) * 1e9 + Double(usage.ru_utime.tv_usec) * 1e3
      let system = Double(usage.ru_stime.tv_sec) * 1e9 + Double(usage.ru_stime.tv_usec) * 1e3
      return user + system
    }
    let start = now()
    body()
    return now() - start
  }

  /// Figure 1, all cores: `layouts(for:)` against the same batch on one thread.
  mutating func runParallel() {
    report.section(
      "Text measurement, 1 thread vs all \(Machine.processorCount) cores (batch layouts(for:))")
    report.note(
      "the cores are shared with other work: the ratio is a lower bound of what idle cores give")
    // The floor's workers after the first shape in copies of the faces, so that on two cores
    // its figure is the machine's parallelism: HarfBuzz fonts shared between threads write their
    // glyph caches from both (two threads sharing the faces took 0–14 % longer than with faces
    // of their own, most runs 0–5 %, timed in pairs on this benchmark's machine).
    let copies = Self.unsharedFaces(of: fonts) ?? [:]
    for kind in kinds
    where kind.name == "labels" || kind.name == "paragraphs" || kind.name == "tags" {
      let batch = kind.requests.map(\.batchRequest)
      let count = batch.count
      // What the machine gives right now: bare HarfBuzz on the same texts, one ShapingFloor per
      // thread, no shared state at all.
      let units = kind.requests.map(\.units)
      let faces = kind.requests.map(\.font.face)
      let otherFaces = faces.map { copies[ObjectIdentifier($0)] ?? $0 }
      let workers = Machine.processorCount
      func floorOnOneThread() {
        let floor = ShapingFloor()
        var sum = 0
        for index in units.indices {
          sum &+= units[index].withUnsafeBufferPointer {
            floor.advanceWidth(of: $0, face: faces[index])
          }
        }
        consume(sum)
      }
      func floorOnAllCores() {
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
          let floor = ShapingFloor()
          let faces = worker == 0 ? faces : otherFaces
          var sum = 0
          var index = worker
          while index < units.count {
            sum &+= units[index].withUnsafeBufferPointer {
              floor.advanceWidth(of: $0, face: faces[index])
            }
            index += workers
          }
          consume(sum)
        }
      }
      let floorOne = measure(runs: runs, operations: count) { floorOnOneThread() }
      let floorAll = measure(runs: runs, operations: count) { floorOnAllCores() }
      report.time(
        "\(kind.name) bare hb_shape: \(workers) threads", floorAll, perSecond: true,
        note: String(
          format: "%.2f× one thread's rate: the parallelism available now",
          floorOne.median / floorAll.median))
      results.floorScaling[kind.name] = floorOne.median / floorAll.median
      reportPairedScaling(
        kind.name, "bare hb_shape", oneThread: floorOnOneThread, allCores: floorOnAllCores)
      let coldTypesetter = Typesetter.cachesOff(fonts: fonts)
      for (label, typesetter) in [("cold", coldTypesetter), ("warm", Typesetter(fonts: fonts))] {
        func oneThread(_ requests: [TextLayoutRequest]) {
          Self.layOutOneByOne(typesetter, requests)
        }
        func allCores(_ requests: [TextLayoutRequest]) {
          consume(typesetter.layouts(for: requests).count)
        }
        let one = measure(runs: runs, operations: count) { oneThread(batch) }
        let all = measure(runs: runs, operations: count) { allCores(batch) }
        report.time("\(kind.name) \(label): 1 thread", one, perSecond: true)
        report.time(
          "\(kind.name) \(label): \(Machine.processorCount) cores", all, perSecond: true,
          note: String(format: "%.2f× the labels/s of 1 thread", one.median / all.median))
        if label == "cold" {
          results.oneCore[kind.name] = one.median
          results.allCores[kind.name] = all.median
          reportPairedScaling(
            kind.name, "cold", oneThread: { oneThread(batch) }, allCores: { allCores(batch) })
        } else {
          // The same texts 20 times over in one call: a warm batch of a few thousand stored
          // layouts is about a millisecond of work, in which starting and stopping the workers
          // weighs; one long batch shows what the cores give once they run.
          let long = Array(repeating: batch, count: 20).flatMap { $0 }
          let longOne = measure(runs: runs, operations: long.count) { oneThread(long) }
          let longAll = measure(runs: runs, operations: long.count) { allCores(long) }
          results.warmOneCore[kind.name] = longOne.median
          results.warmAllCores[kind.name] = longAll.median
          report.time(
            "\(kind.name) warm, one batch of \(long.count): 1 thread", longOne, perSecond: true)
          report.time(
            "\(kind.name) warm, one batch of \(long.count): \(Machine.processorCount) cores",
            longAll, perSecond: true,
            note: String(format: "%.2f× the labels/s of 1 thread", longOne.median / longAll.median))
          reportPairedScaling(
            kind.name, "warm, one long batch", oneThread: { oneThread(long) },
            allCores: { allCores(long) })
        }
        // CPU time per text (user + system, all threads): unlike wall time it does not depend
        // on how much of the other core other work leaves, and what contention costs (cache
        // lines moving between cores, waiting on locks) shows up as more CPU time per text.
        let cpuOne = cpuNanoseconds {
          for _ in 0..<runs { oneThread(batch) }
        }
        let cpuAll = cpuNanoseconds {
          for _ in 0..<runs { allCores(batch) }
        }
        let perText = Double(runs * count)
        report.value(
          "\(kind.name) \(label): CPU time per text, 1 thread → \(Machine.processorCount) cores",
          cpuAll / perText,
          text: String(format: "%.0f → %.0f ns", cpuOne / perText, cpuAll / perText),
          note: String(
            format: "%.2f× the CPU time of 1 thread (1.00 = no contention; scaling ≈ %.2f× on "
              + "idle cores)", cpuAll / cpuOne, Double(Machine.processorCount) * cpuOne / cpuAll))
        reportUnshared(
          kind, label: label, batch: batch, typesetter: typesetter, cpuOne: cpuOne)
      }
    }
  }

  /// One thread's time over all cores' for the same work, timed in pairs (`pairedRatios`):
  /// this shared machine's speed moved the two medians above, taken a second apart, by tens of
  /// percent (bare `hb_shape` on two threads read 1.15× in one run and 2.00× in the next), where
  /// a pair shares the moment it was timed in. Kept under `batch` ("cold", "warm, one long
  /// batch", "bare hb_shape") for the targets.
  private mutating func reportPairedScaling(
    _ kind: String, _ batch: String, oneThread: () -> Void, allCores: () -> Void
  ) {
    let stolenBefore = Machine.stolenSeconds
    let sample = Sample(
      pairedRatios(
        runs: 2 * runs, oneThread,
        {
          allCores()
          return nil
        }))
    let stolen = Machine.stolenSeconds(since: stolenBefore)
    results.pairedScaling[batch, default: [:]][kind] = sample.median
    report.ratio(
      "\(kind) \(batch): \(Machine.processorCount) cores ÷ 1, paired", sample,
      remark: stolen.map { String(format: "%.0f ms stolen by the hypervisor meanwhile", $0 * 1000) }
        ?? "")
  }

  /// The same texts (`label`: "cold", caches off, or "warm", hits) on two threads, each laying
  /// out the whole batch in its own loop: first sharing the typesetter, then sharing nothing of
  /// ours (each with its own fonts, typesetter and caches, loaded from the corpus again). What
  /// CPU time per text grows by without sharing is the machine's (two virtual cores that slow
  /// each other down), not contention in the engine: the baseline for both shared figures. The
  /// batch call's figure above less the shared loops' is what the batch call itself costs.
  /// `cpuOne`: one thread's CPU time for `runs` passes over `batch`, measured by the caller.
  private func reportUnshared(
    _ kind: TextKind, label: String, batch: [TextLayoutRequest], typesetter: Typesetter,
    cpuOne: Double
  ) {
    guard Machine.processorCount >= 2, let otherFonts = Self.unsharedCopy(of: fonts),
      let otherKinds = try? Corpus.kinds(
        directory: URL(fileURLWithPath: "Benchmarks/corpus", isDirectory: true), fonts: otherFonts),
      let other = otherKinds.first(where: { $0.name == kind.name })
    else { return }
    let otherBatch = other.requests.map(\.batchRequest)
    let otherTypesetter =
      label == "cold"
      ? Typesetter.cachesOff(fonts: otherFonts)
      : Typesetter(fonts: otherFonts)
    Self.layOutOneByOne(otherTypesetter, otherBatch)  // filled (when warm), as the shared one is
    let passes = runs
    let perText = Double(runs * batch.count)
    /// CPU time per text of two threads, each laying out its batch `passes` times.
    func twoLoops(_ pairs: [(Typesetter, [TextLayoutRequest])]) -> Double {
      let nanoseconds = cpuNanoseconds {
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
          for _ in 0..<passes { Self.layOutOneByOne(pairs[worker].0, pairs[worker].1) }
        }
      }
      return nanoseconds / (2 * perText)
    }
    // The two loops on the one typesetter: what sharing its caches costs, without the batch
    // call's own work (handing out chunks, storing results, waking the workers); then on two
    // typesetters that share nothing.
    let figures = [
      (
        "sharing the typesetter", twoLoops([(typesetter, batch), (typesetter, batch)]),
        "two loops over the batch on the shared caches, no batch call"
      ),
      (
        "sharing nothing", twoLoops([(typesetter, batch), (otherTypesetter, otherBatch)]),
        "nothing shared: the machine's own cost of two busy threads, the baseline for the "
          + "shared figures"
      ),
    ]
    for (sharing, perHit, meaning) in figures {
      report.value(
        "\(kind.name) \(label): CPU time per text, 1 thread → 2 threads \(sharing)", perHit,
        text: String(format: "%.0f → %.0f ns", cpuOne / perText, perHit),
        note: String(format: "%.2f× the CPU time of 1 thread: ", perHit * perText / cpuOne)
          + meaning)
    }
  }

  /// A collection with the faces, default family and script faces of `fonts`, each face
  /// loaded again as a face of its own (`FontFace(contentsOf:)`): `FontCollection.bundled()`
  /// hands out the process's shared faces, whose reference counts and HarfBuzz fonts two
  /// threads would still share. Nil when a face has no file or does not load.
  private static func unsharedCopy(of fonts: FontCollection) -> FontCollection? {
    guard let copies = unsharedFaces(of: fonts) else { return nil }
    return FontCollection(
      faces: fonts.faces.compactMap { copies[ObjectIdentifier($0)] },
      defaultFamily: fonts.defaultFamily,
      scriptFaces: fonts.scriptFaces.mapValues { faces in
        faces.compactMap { copies[ObjectIdentifier($0)] }
      })
  }

  /// Each face of `fonts` (and of its script fallbacks) loaded again as a face of its own, by
  /// the identity of the face it copies; nil when a face has no file or does not load.
  private static func unsharedFaces(of fonts: FontCollection) -> [ObjectIdentifier: FontFace]? {
    var copies = [ObjectIdentifier: FontFace]()
    for face in fonts.faces + fonts.scriptFaces.values.joined() {
      guard copies[ObjectIdentifier(face)] == nil else { continue }
      guard let url = face.fileURL,
        let copy = try? FontFace(contentsOf: url, faceIndex: face.faceIndex)
      else { return nil }
      copies[ObjectIdentifier(face)] = copy
    }
    return copies
  }

  /// Figure 2: each text shaped by HarfBuzz alone, in the face the engine picked for its first run.
  mutating func runFloor() {
    report.section(
      "The floor: bare HarfBuzz \(ShapingFloor.harfBuzzVersion), one hb_shape per text")
    report.note(
      "reused buffer and hb_font_t, the face of the text's first glyph run, advances summed; "
        + "ratio = cold TextFlow measurement / floor")
    let probe = Typesetter(fonts: fonts)
    let floor = ShapingFloor()
    let cold = Typesetter.cachesOff(fonts: fonts)
    for kind in kinds {
      let faces = kind.requests.map { request in
        probe.layout(request.text, font: request.font).lines.first?.glyphRuns.first?.font.face
          ?? request.font.face
      }
      let units = kind.requests.map(\.units)
      func shapeAll() {
        var sum = 0
        for index in units.indices {
          sum &+= units[index].withUnsafeBufferPointer {
            floor.advanceWidth(of: $0, face: faces[index])
          }
        }
        consume(sum)
      }
      let sample = measure(runs: runs, operations: units.count) { shapeAll() }
      results.floor[kind.name] = sample.median
      let ratio = (results.cold[kind.name] ?? 0) / sample.median
      report.time(
        "\(kind.name): hb_shape only", sample, perSecond: true,
        note: String(format: "cold is %.2f× the floor", ratio))
      let requests = kind.requests
      let paired = Sample(
        pairedRatios(
          runs: 2 * runs, { consume(TextBench.measureAll(cold, requests)) },
          {
            shapeAll()
            return nil
          }))
      results.pairedFloor[kind.name] = paired.median
      report.ratio("\(kind.name): cold size-only ÷ floor, timed in pairs", paired)
    }
  }

  /// Figure 3: Pango through Benchmarks/pango/pango-peer.c, when scripts/bench could build it.
  mutating func runPango(peer: String?) {
    report.section("Peer: Pango (pangocairo, same font files, unhinted, word-char wrapping)")
    guard let peer, FileManager.default.isExecutableFile(atPath: peer) else {
      report.note(
        "skipped: no Pango peer binary (scripts/bench builds it when `pkg-config pangocairo` "
          + "finds Pango's headers: apt-get install libpango1.0-dev)")
      return
    }
    report.note(
      "fresh = a new PangoLayout per text (usual use); reused = one PangoLayout for all texts; "
        + "TextFlow's speedup is given against Pango's faster of the two")
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "textflow-bench-pango-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let probe = Typesetter(fonts: fonts)
    let pairedCold = Typesetter.cachesOff(fonts: fonts)
    for kind in kinds {
      let requests = kind.requests.filter { !$0.text.contains("\t") && !$0.text.contains("\n") }
      var input = ""
      for request in requests {
        input += "\(request.font.pointSize)\t\(request.maxWidth ?? -1)\t\(request.text)\n"
      }
      let file = directory.appendingPathComponent("\(kind.name).tsv")
      try? input.write(to: file, atomically: true, encoding: .utf8)
      guard let output = runPeer(peer, input: file.path, passes: runs, cache: directory.path)
      else {
        report.note("\(kind.name): the Pango peer failed")
        continue
      }
      var fresh = [Double]()
      var reused = [Double]()
      var lines = [Int]()
      var widths = [Double]()
      var starts = [[Int]]()
      for line in output.split(separator: "\n") {
        let fields = line.split(separator: " ")
        guard let head = fields.first else { continue }
        switch head {
        case "lines": lines = fields.dropFirst().compactMap { Int($0) }
        case "widths": widths = fields.dropFirst().compactMap { Double($0) }
        case "starts":
          starts = fields.dropFirst().map { field in
            field == "-" ? [] : field.split(separator: ",").compactMap { Int($0) }
          }
        case "fresh": fresh.append((Double(fields[1]) ?? 0) / Double(requests.count))
        case "reused": reused.append((Double(fields[1]) ?? 0) / Double(requests.count))
        default: break
        }
      }
      guard !fresh.isEmpty, lines.count == requests.count else {
        report.note("\(kind.name): unexpected output from the Pango peer")
        continue
      }
      let freshSample = Sample(fresh)
      let reusedSample = Sample(reused)
      results.pangoFresh[kind.name] = freshSample.median
      results.pangoReused[kind.name] = reusedSample.median
      let best = min(freshSample.median, reusedSample.median)
      var agree = 0
      var startsAgree = 0
      var widthAgree = 0
      var singleLine = 0
      for (index, request) in requests.enumerated() {
        let layout = probe.layout(
          request.text, font: request.font, style: request.style, maxWidth: request.maxWidth)
        let pangoLines = request.maxLines > 0 ? min(lines[index], request.maxLines) : lines[index]
        if pangoLines == layout.lineCount { agree += 1 }
        // Line starts (scalar offsets), up to the line limit, which Pango does not have.
        if index < starts.count {
          let mine = layout.lines.dropFirst().map(\.scalarRange.lowerBound)
          let theirs =
            request.maxLines > 0 ? Array(starts[index].prefix(mine.count)) : starts[index]
          if mine == theirs { startsAgree += 1 }
        }
        if layout.lineCount == 1, pangoLines == 1, index < widths.count {
          singleLine += 1
          // Pango's logical width counts trailing spaces; the corpus has none on one-line texts.
          if abs(widths[index] - Double(layout.size.width)) <= 0.01 { widthAgree += 1 }
        }
      }
      // Pango's best pass over ours, each pair timed back to back: this process's cold
      // size-only measurement of the same texts, then the peer's own timing of one pass.
      let paired = Sample(
        pairedRatios(
          runs: runs, { consume(TextBench.measureAll(pairedCold, requests)) },
          {
            guard
              let output = runPeer(peer, input: file.path, passes: 1, cache: directory.path)
            else { return nil }
            let times = output.split(separator: "\n").compactMap { line -> UInt64? in
              let fields = line.split(separator: " ")
              guard fields.count == 2, fields[0] == "fresh" || fields[0] == "reused" else {
                return nil
              }
              return UInt64(fields[1])
            }
            return times.min()
          }
        ).map { 1 / $0 })
      results.pairedPango[kind.name] = paired.median
      report.ratio("\(kind.name): Pango's best ÷ cold size-only, timed in pairs", paired)
      let cold = results.cold[kind.name] ?? .nan
      let warm = results.warmWord[kind.name] ?? .nan
      let hit = results.warmHit[kind.name] ?? .nan
      report.time("\(kind.name): Pango, fresh layout", freshSample, perSecond: true)
      report.time(
        "\(kind.name): Pango, reused layout", reusedSample, perSecond: true,
        note: String(
          format: "TextFlow faster: cold %.2f×, warm %.2f×, all cached %.2f×, new width %.2f×",
          best / cold, best / warm, best / hit, best / (results.newWidth[kind.name] ?? .nan)))
      report.value(
        "\(kind.name): line counts equal to Pango's", Double(agree) / Double(requests.count),
        text: String(format: "%.1f%%", 100 * Double(agree) / Double(requests.count)),
        note:
          "\(agree)/\(requests.count); one-line widths within 0.01 px: \(widthAgree)/\(singleLine)")
      if !starts.isEmpty {
        report.value(
          "\(kind.name): line starts equal to Pango's",
          Double(startsAgree) / Double(requests.count),
          text: String(format: "%.1f%%", 100 * Double(startsAgree) / Double(requests.count)),
          note: "\(startsAgree)/\(requests.count)")
      }
    }
  }

  private func runPeer(_ peer: String, input: String, passes: Int, cache: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: peer)
    process.arguments = [BundledFonts.directory.path, input, String(passes)]
    var environment = ProcessInfo.processInfo.environment
    environment["XDG_CACHE_HOME"] = cache  // fontconfig wants a writable cache directory
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}

extension TextBench {
  /// Figure 6 for text: the caches' sizes against their bounds after the whole corpus.
  func reportCacheMemory() {
    let typesetter = Typesetter(fonts: fonts)
    let before = Machine.residentBytes
    for kind in kinds { layOut(typesetter, kind.requests) }
    let after = Machine.residentBytes
    let shapes = typesetter.shapeCache
    let paragraphs = typesetter.paragraphCache
    report.value(
      "shape (word) cache entries after the whole corpus", Double(shapes.count),
      text: "\(shapes.count)",
      note: "bound \(shapes.capacity) entries of ≤ \(shapes.maximumSegmentLength) UTF-16 units "
        + "(documented ≤ 39 MB); hits \(shapes.hits), misses \(shapes.misses)")
    report.value(
      "paragraph cache entries after the whole corpus", Double(paragraphs.count),
      text: "\(paragraphs.count)",
      note: "bound \(paragraphs.capacity) texts of ≤ \(paragraphs.maximumLength) units and "
        + "≤ \(formatBytes(Double(paragraphs.maximumBytes))) (estimated)")
    report.value(
      "paragraph cache bytes after the whole corpus", Double(paragraphs.byteCount),
      text: formatBytes(Double(paragraphs.byteCount)),
      note: "estimated; bound \(formatBytes(Double(paragraphs.maximumBytes))); stored layouts "
        + "\(paragraphs.resultCount) of ≤ \(paragraphs.resultCapacity), "
        + "\(formatBytes(Double(paragraphs.resultByteCount))) of ≤ "
        + formatBytes(Double(paragraphs.maximumResultBytes)))
    for kind in kinds {
      let alone = Typesetter(fonts: fonts)
      layOut(alone, kind.requests)
      let cache = alone.paragraphCache
      report.value(
        "\(kind.name): paragraph cache after one pass", Double(cache.byteCount),
        text: formatBytes(Double(cache.byteCount)),
        note: "\(cache.count) prepared texts (estimated bytes); \(cache.resultCount) stored "
          + "layouts, \(formatBytes(Double(cache.resultByteCount)))")
    }
    report.value(
      "resident growth filling both caches from empty", Double(after - before),
      text: formatBytes(Double(after - before)),
      note: "RSS after − before (allocator slack included)")
  }

  /// The speed targets' table, one row per corpus, each figure against its target: cold size-only
  /// measurement against bare hb_shape (≤ 2× for short texts, ≤ 1.5× for paragraphs) and
  /// against Pango (≥ 2× faster for short texts), prepared re-wrap (≤ 0.3 µs short, ≤ 5 µs a
  /// paragraph), warm hits. Printed as a markdown table and recorded as targets.
  func addIssue17Targets() {
    report.section("Cold, floor, Pango, prepared re-wrap, warm (per text)")
    print(
      "| corpus | cold layout | cold measure | floor | measure/floor (pairs) | Pango best | "
        + "Pango/measure (pairs) | re-wrap | balanced | pretty | minimumWidth | warm hit |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    func format(_ value: Double?) -> String {
      guard let value, value.isFinite else { return "–" }
      return value >= 1000
        ? String(format: "%.2f µs", value / 1000) : String(format: "%.0f ns", value)
    }
    let rows = ["tags", "names", "labels", "cloud words", "sentences", "paragraphs"]
    for kind in rows {
      let pango = [results.pangoFresh[kind], results.pangoReused[kind]].compactMap { $0 }.min()
      let measureCold = results.coldMeasure[kind]
      let floor = results.floor[kind]
      // The ratios of pairs timed back to back where they were taken (`pairedRatios`), else
      // the ratio of the two medians.
      let floorRatio =
        results.pairedFloor[kind] ?? measureCold.flatMap { m in floor.map { m / $0 } }
      let pangoRatio =
        results.pairedPango[kind] ?? measureCold.flatMap { m in pango.map { $0 / m } }
      print(
        "| \(kind) | \(format(results.cold[kind])) | \(format(measureCold)) | \(format(floor)) | "
          + (floorRatio.map { String(format: "%.2f×", $0) } ?? "–") + " | \(format(pango)) | "
          + (pangoRatio.map { String(format: "%.2f×", $0) } ?? "–")
          + " | \(format(results.rewrap[kind])) | \(format(results.rewrapBalanced[kind])) | "
          + "\(format(results.rewrapPretty[kind])) | \(format(results.staircaseLookup[kind])) | "
          + "\(format(results.warmHit[kind])) |")
      let isShort = kind != "sentences" && kind != "paragraphs"
      let floorLimit = isShort ? 2.0 : 1.5
      report.target(
        "\(kind): cold size-only measurement ≤ \(floorLimit)× bare hb_shape",
        met: floorRatio.map { $0 <= floorLimit },
        measured: floorRatio.map {
          String(format: "%.2f× (%@ vs %@)", $0, format(measureCold), format(floor))
        } ?? "not run")
      if isShort {
        report.target(
          "\(kind): cold size-only measurement ≥ 2× faster than Pango",
          met: pangoRatio.map { $0 >= 2 },
          measured: pangoRatio.map {
            String(format: "%.2f× (%@ vs Pango %@)", $0, format(measureCold), format(pango))
          } ?? "Pango not run")
      }
      if kind == "tags" || kind == "labels" || kind == "names" || kind == "paragraphs" {
        let limit = kind == "paragraphs" ? 5000.0 : 300.0
        report.target(
          "\(kind): prepared re-wrap at a new width ≤ \(format(limit))",
          met: results.rewrap[kind].map { $0 <= limit },
          measured: "\(format(results.rewrap[kind])) (balanced "
            + "\(format(results.rewrapBalanced[kind])), pretty \(format(results.rewrapPretty[kind])))"
        )
      }
    }
  }

  /// The text engine's targets.
  func addTargets() {
    let short = ["tags", "names", "labels"]
    func ratios(_ ours: [String: Double], _ kinds: [String]) -> [(String, Double)] {
      kinds.compactMap { kind in
        guard
          let pango = [results.pangoFresh[kind], results.pangoReused[kind]].compactMap({ $0 })
            .min(),
          let mine = ours[kind]
        else { return nil }
        return (kind, pango / mine)
      }
    }
    func describe(_ pairs: [(String, Double)]) -> String {
      pairs.map { String(format: "%@ %.2f×", $0.0, $0.1) }.joined(separator: ", ")
    }
    let coldShort = ratios(results.cold, short)
    report.target(
      "short label ≥ 5× faster than Pango, cold",
      met: coldShort.isEmpty ? nil : coldShort.allSatisfy { $0.1 >= 5 },
      measured: coldShort.isEmpty ? "Pango not run" : describe(coldShort))
    let warmShort = ratios(results.warmHit, short)
    let warmWord = ratios(results.warmWord, short)
    report.target(
      "short label ≥ 20× faster than Pango, warm cache",
      met: warmShort.isEmpty ? nil : warmShort.allSatisfy { $0.1 >= 20 },
      measured: warmShort.isEmpty
        ? "Pango not run"
        : "every text cached (same width): \(describe(warmShort)); default caches (word cache): "
          + describe(warmWord))
    let coldParagraph = ratios(results.cold, ["paragraphs", "sentences"])
    report.target(
      "paragraph ≥ 3× faster than Pango, cold",
      met: coldParagraph.isEmpty ? nil : coldParagraph.allSatisfy { $0.1 >= 3 },
      measured: coldParagraph.isEmpty ? "Pango not run" : describe(coldParagraph))
    let floorRatios = kinds.compactMap { kind -> (String, Double)? in
      guard let cold = results.cold[kind.name], let floor = results.floor[kind.name] else {
        return nil
      }
      return (kind.name, cold / floor)
    }
    report.target(
      "cold measurement ≤ 1.3× bare HarfBuzz shaping",
      met: floorRatios.isEmpty ? nil : floorRatios.allSatisfy { $0.1 <= 1.3 },
      measured: floorRatios.isEmpty ? "floor not run" : describe(floorRatios))
    // One thread's time over all cores' per kind, cold and for the long warm batch.
    for (batch, one, all) in [
      ("cold", results.oneCore, results.allCores),
      ("warm, one long batch", results.warmOneCore, results.warmAllCores),
    ] {
      // The pairs' ratio where they were timed, else the ratio of the two medians.
      let paired = results.pairedScaling[batch] ?? [:]
      let scaling = one.keys.sorted().compactMap { kind -> (String, Double)? in
        if let ratio = paired[kind] { return (kind, ratio) }
        guard let one = one[kind], let all = all[kind] else { return nil }
        return (kind, one / all)
      }
      let machine = (results.pairedScaling["bare hb_shape"] ?? [:]).sorted { $0.key < $1.key }
        .map { ($0.key, $0.value) }
      report.target(
        "\(Machine.processorCount) cores ≥ 1.8× the labels/s of one (\(batch))",
        met: scaling.isEmpty ? nil : scaling.allSatisfy { $0.1 >= 1.8 },
        measured: scaling.isEmpty
          ? "not run"
          : describe(scaling) + (machine.isEmpty ? "" : " (bare hb_shape: \(describe(machine)))"))
    }
  }
}

extension TextBench {
  /// Lays out one kind `passes` times in one mode (after one untimed pass for warm modes), for
  /// profilers: `valgrind --tool=callgrind textflow-bench --profile cold:tags`. Mode `width`:
  /// after a pass, every text at a new width (only the first pass is a new width). A mode ending
  /// in "-batch" (`warm-batch`) lays the kind out through `layouts(for:)` on all cores instead.
  static func profile(mode: String, kind: TextKind, fonts: FontCollection, passes: Int) {
    if mode == "floor" {
      // Bare hb_shape of each whole text, in the face the engine picks for its first run.
      let probe = Typesetter(fonts: fonts)
      let faces = kind.requests.map { request in
        probe.layout(request.text, font: request.font).lines.first?.glyphRuns.first?.font.face
          ?? request.font.face
      }
      print("floor \(kind.name): \(profiledFloor(faces, kind.requests, passes: passes))")
      return
    }
    if mode == "remeasure" {
      // Typesetter.measure at a new width each pass, every text's preparation cached (what a
      // self-sizing cell asks for after a rotation).
      let typesetter = TextBench.cachingEveryText(
        fonts: fonts, capacity: (passes + 2) * kind.requests.count)
      _ = measureAll(typesetter, kind.requests)
      let passRequests = (0..<passes).map { pass in
        let factor = 0.95 - 0.3 * Double(pass % 10) / 10
        return scaled(kind.requests, by: factor)
      }
      print("remeasure \(kind.name): \(profiledRemeasure(typesetter, passRequests)) lines")
      return
    }
    if mode == "rewrap" || mode == "measure" {
      // rewrap: each text prepared once (ShapedText), then measured at a new width per pass;
      // measure: Typesetter.measure with the caches off (size only).
      let cold = Typesetter.cachesOff(fonts: fonts)
      if mode == "measure" {
        print("measure \(kind.name): \(profiledMeasure(cold, kind.requests, passes: passes)) lines")
        return
      }
      let shaper = Typesetter(fonts: fonts)
      let shaped = kind.requests.map { shaper.prepare($0.text, font: $0.font, style: $0.style) }
      var lines = 0
      for pass in 0..<passes {
        let factor = 0.95 - 0.3 * Double(pass % 10) / 10
        lines &+= rewrapAll(shaped, kind.requests.map { (($0.maxWidth ?? 200) * factor).rounded() })
      }
      print("rewrap \(kind.name): \(lines) lines")
      return
    }
    let typesetter: Typesetter
    let batch = mode.hasSuffix("-batch") ? kind.requests.map(\.batchRequest) : nil
    let mode = batch == nil ? mode : String(mode.dropLast("-batch".count))
    switch mode {
    case "cold":
      typesetter = Typesetter.cachesOff(fonts: fonts)
    case "hit", "width":
      typesetter = TextBench.cachingEveryText(fonts: fonts, capacity: 2 * kind.requests.count + 2)
    default:
      typesetter = Typesetter(fonts: fonts)
    }
    // "first": a new default typesetter's first passes, its caches filling up (each text
    // prepared and stored once: what a stream of distinct texts costs).
    if mode != "cold" && mode != "first" {
      _ = profiledPasses(typesetter, kind.requests, batch, passes: 1, warmUp: true)
    }
    // In "width", every text again at a width not seen before (a prepared hit, a stored-layout
    // miss).
    let requests = mode == "width" ? scaled(kind.requests, by: 0.83) : kind.requests
    let lines = profiledPasses(typesetter, requests, batch, passes: passes, warmUp: false)
    let cache = typesetter.paragraphCache
    print(
      "\(mode) \(kind.name): \(lines) lines; paragraph cache \(cache.count) texts "
        + "\(formatBytes(Double(cache.byteCount))), \(cache.resultCount) layouts "
        + "\(formatBytes(Double(cache.resultByteCount))); hits \(cache.hits) "
        + "(\(cache.resultHits) stored layouts), misses \(cache.misses)")
  }

  /// The loop callgrind collects (`--toggle-collect='*profiledPasses*'`); the warm-up pass goes
  /// through `warmUpPass` so that it can be left out.
  @inline(never)
  static func profiledPasses(
    _ typesetter: Typesetter, _ requests: [TextRequest], _ batch: [TextLayoutRequest]?,
    passes: Int, warmUp: Bool
  ) -> Int {
    if warmUp { return warmUpPass(typesetter, requests, batch) }
    var lines = 0
    for _ in 0..<passes { lines &+= pass(typesetter, requests, batch) }
    return lines
  }

  /// The size-only loop for callgrind (`--profile measure:KIND`,
  /// `--toggle-collect='*profiledMeasure*'`).
  @inline(never)
  static func profiledMeasure(_ typesetter: Typesetter, _ requests: [TextRequest], passes: Int)
    -> Int
  {
    var lines = 0
    for _ in 0..<passes { lines &+= measureAll(typesetter, requests) }
    return lines
  }

  /// `--profile remeasure:KIND:P`'s loop (`--toggle-collect='*profiledRemeasure*'`): one pass
  /// a width factor.
  @inline(never)
  static func profiledRemeasure(_ typesetter: Typesetter, _ passes: [[TextRequest]]) -> Int {
    var lines = 0
    for requests in passes { lines &+= measureAll(typesetter, requests) }
    return lines
  }

  /// The floor's loop for callgrind (`--profile floor:KIND`, `--toggle-collect='*profiledFloor*'`).
  @inline(never)
  static func profiledFloor(_ faces: [FontFace], _ requests: [TextRequest], passes: Int) -> Int {
    let floor = ShapingFloor()
    var sum = 0
    for _ in 0..<passes {
      for index in requests.indices {
        sum &+= requests[index].units.withUnsafeBufferPointer {
          floor.advanceWidth(of: $0, face: faces[index])
        }
      }
    }
    return sum
  }

  @inline(never)
  static func warmUpPass(
    _ typesetter: Typesetter, _ requests: [TextRequest], _ batch: [TextLayoutRequest]?
  ) -> Int {
    pass(typesetter, requests, batch)
  }

  @inline(__always)
  private static func pass(
    _ typesetter: Typesetter, _ requests: [TextRequest], _ batch: [TextLayoutRequest]?
  ) -> Int {
    guard let batch else { return layOutAll(typesetter, requests) }
    return typesetter.layouts(for: batch).reduce(0) { $0 &+ $1.lineCount }
  }
}
