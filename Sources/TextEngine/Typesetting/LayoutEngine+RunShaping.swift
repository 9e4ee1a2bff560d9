// Shaping a run of words with one hb_shape call instead of one call per word, with the same
// result. Segments (the shaped and cached unit) end at every line-break opportunity, so a label
// of three words used to cost three hb_shape calls, and a paragraph one per word; each call has
// a fixed cost (plan lookup, buffer setup, the shaper's passes) that dwarfs a short word's glyphs.
//
// Consecutive segments that differ only by the break opportunity between them (same attribute
// run, face, script and bidi level, no tab, no long cluster) form a group. When a member is not
// in the shape cache, the group is shaped from that member on in one call, up to the next
// member the cache holds (at most `maximumChunk` members) — so that a cold text takes one call
// per group, as bare HarfBuzz would, while a warm text with one new word shapes little more
// than that word — and the glyphs are cut at the members' boundaries where HarfBuzz marks it safe: a boundary is
// safe when a glyph cluster starts exactly there and none of its glyphs carries
// HB_GLYPH_FLAG_UNSAFE_TO_BREAK, which HarfBuzz documents as "the two sides will represent the
// exact same result one would get if breaking input text at the beginning of this cluster and
// shaping the two sides separately". A member next to an unsafe boundary is shaped alone, as
// before. So every segment's glyphs are the ones shaping it alone gives, whether they come from
// the cache, from a group or from a call of their own (`RunShapingEquivalenceTests` compares the
// two paths on the benchmark corpus and the test texts).
import Foundation

/// A segment to be shaped: its range and what it is shaped in.
struct SegmentPlan {
  var range: Range<Int>
  /// Held unretained, as `fallbackFaces` hands it out (see `FaceReference`, which says who
  /// keeps it alive): plans live only while their text is itemized, and a strong face was
  /// retained and released for each plan made, passed on and emptied from the scratch array.
  var faceReference: FaceReference
  var script: Int32
  var level: UInt8

  var face: FontFace { faceReference.takeUnretainedValue() }

  /// True when both are shaped in the same face.
  func hasSameFace(as other: SegmentPlan) -> Bool {
    faceReference.toOpaque() == other.faceReference.toOpaque()
  }
}

/// The members of one shaping group and the glyphs cut for them so far. A value the shaping
/// loop owns and lends `inout`: a class would be allocated per group and have every access to
/// its stored properties checked for exclusivity at run time.
struct ShapingGroup {
  /// The members' plans, read in place from the paragraph's plans (which do not change while
  /// its groups are shaped; as an array slice, each use retained and released the array);
  /// member `m` is `plans[m]`.
  let plans: UnsafeBufferPointer<SegmentPlan>
  /// What a group shaping found for each member.
  var members: [Member]
  /// Members below this index have been covered by a group shaping.
  var shapedEnd = 0

  struct Member {
    /// The member's glyphs from a group shaping (clusters relative to the member, in the
    /// array the group's shaping filled), or nil when not shaped yet or next to a boundary
    /// that is not safe to break.
    var piece: GlyphSlice?
    /// True when a group shaping found the boundary before the member safe to break (so
    /// shaping across it changes nothing), false when unsafe or not seen.
    var safeBefore = false
    /// When the piece covers the members after this one too (one- and two-unit members merged
    /// into one segment: see `cut`), the index of the member after the last it covers; 0
    /// otherwise.
    var end = 0
  }

  /// The most members shaped in one call: past it the fixed cost of a call is long amortized,
  /// and without it a cold paragraph of a million words was shaped in one call of hundreds of
  /// thousands of glyphs, whose HarfBuzz buffers and glyph arrays (about 70 bytes a glyph,
  /// alive at once) made the layout's peak memory.
  static let maximumChunk = 64

  /// The end of the members a group shaping from `member` (of `count`) covers: `member` and
  /// the members after it up to the first that `isCached`, at most `maximumChunk` in all.
  static func chunkEnd(from member: Int, count: Int, isCached: (Int) -> Bool) -> Int {
    var end = member + 1
    while end < count && end - member < maximumChunk && !isCached(end) { end += 1 }
    return end
  }

  /// A group of `plans`, its members' states written into `members` (empty, perhaps with
  /// room: the engine's scratch, `LayoutEngine.memberScratch`).
  init(plans: UnsafeBufferPointer<SegmentPlan>, reusing members: consuming [Member]) {
    self.plans = plans
    members.reserveCapacity(plans.count)
    // One by one: `append(contentsOf: repeatElement(…))` went through the generic sequence
    // path, about 450 instructions a group where a group has a few members.
    for _ in 0..<plans.count { members.append(Member(piece: nil)) }
    self.members = members
  }

  /// The plan of member `member`.
  func plan(_ member: Int) -> SegmentPlan { plans[member] }
}

extension LayoutEngine {
  /// True when segment `b`, which follows `a`, may be shaped in one call with it: the same
  /// attribute run, face, script and level (so the same font, features, language and
  /// direction), neither a tab, and both short enough that no long cluster is cut in pieces.
  func canShapeTogether(_ a: SegmentPlan, _ b: SegmentPlan) -> Bool {
    a.script == b.script && canShareCall(a, b)
  }

  /// True when segment `b`, which follows `a`, may be shaped in the same group as `a` (with
  /// the group's first member's script): `canShapeTogether`, or both in Han or kana where
  /// HarfBuzz shapes them alike. Hiragana and Katakana share OpenType's `kana` script; Han and
  /// kana do in a face whose tables treat them alike (`HarfBuzzFont.shapesKanaLikeHan`).
  /// Japanese changes between them every few characters, a call each: one group instead took
  /// a fifth off a Japanese paragraph's instructions. Members still join only across a
  /// boundary `canShapeTogether` allows (apart, HarfBuzz never kerns across the others).
  func canGroup(_ a: SegmentPlan, _ b: SegmentPlan) -> Bool {
    guard canShareCall(a, b) else { return false }
    if a.script == b.script { return true }
    guard let first = Self.japaneseScript(a.script), let second = Self.japaneseScript(b.script)
    else { return false }
    return first == second
      || a.faceReference._withUnsafeGuaranteedRef { $0.harfBuzz.shapesKanaLikeHan }
  }

  /// `canShapeTogether` but for the script.
  private func canShareCall(_ a: SegmentPlan, _ b: SegmentPlan) -> Bool {
    a.hasSameFace(as: b) && a.level == b.level
      && runAt[a.range.lowerBound] == runAt[b.range.lowerBound]
      && a.range.count <= Self.maximumShapedClusterLength
      && b.range.count <= Self.maximumShapedClusterLength
      && !(a.range.count == 1 && units[a.range.lowerBound] == 0x09)
      && !(b.range.count == 1 && units[b.range.lowerBound] == 0x09)
  }

  /// 0 for Han, 1 for Hiragana and Katakana (ICU's codes 17, 20 and 22), nil for others.
  private static func japaneseScript(_ code: Int32) -> Int? {
    switch code {
    case 17: 0
    case 20, 22: 1
    default: nil
    }
  }

  /// The context `addSegment` gives HarfBuzz for `range`: up to five units on a side where the
  /// range does not end at a break opportunity or the paragraph's edge.
  func shapingContext(_ range: Range<Int>, content: Range<Int>) -> Range<Int> {
    let contextStart =
      range.lowerBound == content.lowerBound || isSoftBreak[range.lowerBound]
      ? range.lowerBound : max(content.lowerBound, range.lowerBound - 5)
    let contextEnd =
      range.upperBound == content.upperBound || isSoftBreak[range.upperBound]
      ? range.upperBound : min(content.upperBound, range.upperBound + 5)
    return contextStart..<contextEnd
  }

  /// The glyphs of group member `member` from a group shaping (shaping a chunk of members from
  /// it on when it is not covered yet), or nil when it must be shaped alone. `isCached` tells
  /// whether the shape cache holds another member.
  func groupGlyphs(
    _ group: inout ShapingGroup, member: Int, harfBuzz: HarfBuzzFont,
    _ buffer: UnsafeBufferPointer<UInt16>, content: Range<Int>, direction: ShapingDirection,
    script: Int32?, language: String?, features: [FontFeature], isCached: (Int) -> Bool
  ) -> GlyphSlice? {
    // Each member's piece is asked for once (its segment is made from it): moved out, not
    // copied (a retain and a release of the group's array).
    if member < group.shapedEnd { return group.members[member].piece.take() }
    let end = ShapingGroup.chunkEnd(from: member, count: group.plans.count, isCached: isCached)
    group.shapedEnd = end
    guard end - member > 1 else { return nil }
    // The member before is shaped too (its piece is taken already), so that the boundary
    // before this one is judged as well: a join across it then needs no shaping of its own.
    let firstMember = max(member - 1, 0)
    let first = group.plan(firstMember).range
    let last = group.plan(end - 1).range
    let range = first.lowerBound..<last.upperBound
    let context =
      shapingContext(first, content: content)
      .lowerBound..<shapingContext(
        last, content: content
      ).upperBound
    var glyphs = harfBuzz.shape(
      buffer, range: range, context: context, direction: direction, script: script,
      language: language, features: features)
    cut(
      &glyphs, group: &group, members: firstMember..<end, mergingFrom: member,
      base: range.lowerBound, direction: direction)
    return group.members[member].piece.take()
  }

  /// Cuts `glyphs` (shaped over members `members`, clusters relative to `base`) into the
  /// members' pieces at the boundaries that are safe to break: each piece's clusters are made
  /// relative to its first member in place, and the pieces share the array.
  ///
  /// From member `mergingFrom` on, consecutive members of one or two units
  /// (`isShapedInGroupOnly`: ideographs, kana, Hangul syllables, each a segment between two
  /// break opportunities) whose boundaries are all safe become one piece, which the first of
  /// them holds (its `end` says which it covers): one segment instead of one per character.
  /// Safe boundaries mean the glyphs are the ones shaping each alone gives, so the atoms, and
  /// every width a line sums, are the same; the opportunities between them stay where the
  /// words are made (`isSoftBreak`), not at segment ends. Such members skip the shape cache
  /// either way, so nothing cached changes.
  private func cut(
    _ glyphs: inout [ShapedGlyph], group: inout ShapingGroup, members: Range<Int>,
    mergingFrom: Int, base: Int, direction: ShapingDirection
  ) {
    // Each member's first glyph (its logical index) and whether the boundary before it is
    // safe, with one entry past the last member: at most `maximumChunk` + 1 entries, on the
    // stack.
    // The glyphs are read in place: the array's subscript checked every read.
    withUnsafeTemporaryAllocation(of: (start: Int, safe: Bool).self, capacity: members.count + 1) {
      marks in
      let isCut = glyphs.withUnsafeMutableBufferPointer { glyphs in
        mark(
          glyphs, plans: group.plans, into: &group.members,
          members: members, base: base, direction: direction, marks: marks)
      }
      guard isCut else { return }
      Self.mergeShortMembers(
        marks, plans: group.plans, members: members, from: mergingFrom, into: &group.members)
      let reversed = direction == .rightToLeft
      let glyphCount = glyphs.count
      // The pieces (first member, glyph indices), on the stack: a member alone, or merged
      // with the ones after it. The glyphs of a piece next to an unsafe boundary are not cut.
      withUnsafeTemporaryAllocation(
        of: (member: Int, bounds: Range<Int>).self, capacity: members.count
      ) { pieces in
        var pieceCount = 0
        var offset = 0
        while offset < members.count {
          let member = members.lowerBound + offset
          let next = max(offset + 1, group.members[member].end - members.lowerBound)
          if marks[offset].safe && marks[next].safe && marks[next].start > marks[offset].start {
            pieces.initializeElement(
              at: pieceCount,
              to: (
                member,
                Self.arrayIndices(
                  marks[offset].start..<marks[next].start, count: glyphCount, reversed: reversed)
              ))
            pieceCount += 1
          }
          offset = next
        }
        // Clusters relative to each piece's start, all changed before the first piece shares
        // the array (a change after it would copy the array). They are at least the piece's
        // first member's start (they do not decrease, checked by `mark`): the shift does not
        // wrap.
        glyphs.withUnsafeMutableBufferPointer { glyphs in
          for piece in pieces[..<pieceCount] {
            let shift = UInt32(group.plans[piece.member].range.lowerBound - base)
            for index in piece.bounds { glyphs[index].cluster &-= shift }
          }
        }
        for piece in pieces[..<pieceCount] {
          group.members[piece.member].piece = GlyphSlice(glyphs, bounds: piece.bounds)
        }
      }
    }
  }

  /// Merges consecutive one- and two-unit members from member `from` on whose boundaries,
  /// among them and at both ends, are all safe into one piece: the first one's `end` is set to
  /// the member after the last.
  private static func mergeShortMembers(
    _ marks: UnsafeMutableBufferPointer<(start: Int, safe: Bool)>,
    plans: UnsafeBufferPointer<SegmentPlan>, members: Range<Int>, from: Int,
    into memberStates: inout [ShapingGroup.Member]
  ) {
    let count = members.count
    func isShort(_ offset: Int) -> Bool {
      isShapedInGroupOnly(plans[members.lowerBound + offset].range)
    }
    var offset = max(0, from - members.lowerBound)
    while offset < count {
      guard marks[offset].safe, isShort(offset) else {
        offset += 1
        continue
      }
      var end = offset + 1
      while end < count && marks[end].safe && isShort(end) { end += 1 }
      // The last member's far boundary must be safe too, or that member is shaped alone.
      if !marks[end].safe { end -= 1 }
      if end - offset > 1 {
        memberStates[members.lowerBound + offset].end = members.lowerBound + end
      }
      offset = max(end, offset + 1)
    }
  }

  /// The indices in HarfBuzz's array (in visual order) of the glyphs at logical indices
  /// `logical`, of `count`.
  private static func arrayIndices(_ logical: Range<Int>, count: Int, reversed: Bool)
    -> Range<Int>
  {
    reversed ? (count - logical.upperBound)..<(count - logical.lowerBound) : logical
  }

  /// Finds the boundaries of `cut` and sets each member's `safeBefore` in `memberStates`;
  /// false (nothing changed) when the clusters are not monotonic.
  private func mark(
    _ glyphs: UnsafeMutableBufferPointer<ShapedGlyph>, plans: UnsafeBufferPointer<SegmentPlan>,
    into memberStates: inout [ShapingGroup.Member], members: Range<Int>, base: Int,
    direction: ShapingDirection, marks: UnsafeMutableBufferPointer<(start: Int, safe: Bool)>
  ) -> Bool {
    let count = glyphs.count
    let reversed = direction == .rightToLeft
    // Logical glyph index k is glyphs[reversed ? count - 1 - k : k]; clusters must not
    // decrease in logical order (HarfBuzz's default cluster level guarantees it).
    var marked = 0
    func mark(_ start: Int, _ safe: Bool) {
      marks.initializeElement(at: marked, to: (start, safe))
      marked += 1
    }
    mark(0, true)
    var k = 0
    var previousCluster: UInt32 = 0
    for member in members.dropFirst() {
      let boundary = UInt32(plans[member].range.lowerBound - base)
      while k < count {
        let cluster = glyphs[reversed ? count - 1 - k : k].cluster
        if cluster < previousCluster { return false }  // not monotonic: every piece nil
        previousCluster = cluster
        if cluster >= boundary { break }
        k += 1
      }
      var isSafe = k < count && glyphs[reversed ? count - 1 - k : k].cluster == boundary
      if isSafe {
        // Every glyph of the cluster that starts at the boundary must be safe to break before.
        var j = k
        while j < count {
          let glyph = glyphs[reversed ? count - 1 - j : j]
          guard glyph.cluster == boundary else { break }
          if glyph.unsafeToBreak {
            isSafe = false
            break
          }
          j += 1
        }
      }
      mark(k, isSafe)
    }
    // The rest must be monotonic too.
    while k < count {
      let cluster = glyphs[reversed ? count - 1 - k : k].cluster
      if cluster < previousCluster { return false }
      previousCluster = cluster
      k += 1
    }
    mark(count, true)
    for (offset, member) in members.enumerated() where offset > 0 {
      memberStates[member].safeBefore = marks[offset].safe
    }
    return true
  }
}
