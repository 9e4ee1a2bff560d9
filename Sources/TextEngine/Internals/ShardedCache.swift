// The storage behind TextEngine's caches: a bounded, generational hash table split into shards,
// each behind its own lock, so that threads measuring at once rarely wait for each other, and
// counters kept per shard (or striped per thread) instead of one shared atomic that every core
// writes. Keys come with a precomputed hash (`ByteHash`), computed once per lookup.
import Foundation
import Synchronization

/// A bounded hash table of two generations (not thread-safe: it lives behind a shard's lock).
///
/// Eviction is generational, as in Blink's caches: new entries go into the young generation;
/// when it holds half the entries or half the cost allowed, the old generation is dropped and
/// the young one becomes old. A hit in the old generation moves the entry back to the young one.
/// So the table never holds more than `entryLimit` entries or `costLimit` cost, and an entry
/// used at least once per half-capacity of insertions is never evicted.
struct GenerationalTable<Key, Value> {
  final class Entry {
    let key: Key
    let value: Value
    let cost: Int
    /// The faces outside any collection the entry keeps alive (see `FaceLedger`).
    let faces: [FontFace]

    init(key: consuming Key, value: consuming Value, cost: Int, faces: [FontFace] = []) {
      self.key = key
      self.value = value
      self.cost = cost
      self.faces = faces
    }
  }

  /// Open addressing with linear probing; `hashes` 0 marks a never-used slot, a nonzero hash
  /// with a nil entry a removed one.
  struct Generation {
    var hashes: [UInt64] = []
    var entries: [Entry?] = []
    var count = 0
    var used = 0
    var cost = 0

    @inline(__always)
    func index(of hash: UInt64, where matches: (Key) -> Bool) -> Int? {
      hashes.withUnsafeBufferPointer { hashes in
        guard !hashes.isEmpty else { return nil }
        let mask = hashes.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
          let stored = hashes[index]
          if stored == 0 { return nil }
          if stored == hash, let entry = entries[index], matches(entry.key) { return index }
          index = (index + 1) & mask
        }
      }
    }

    mutating func remove(at index: Int) {
      guard let entry = entries[index] else { return }
      entries[index] = nil
      count -= 1
      cost -= entry.cost
    }

    mutating func insert(_ entry: Entry, hash: UInt64) {
      if (used + 1) * 2 > hashes.count { rehash(minimumCapacity: max(8, 2 * (count + 1))) }
      let mask = hashes.count - 1
      var index = Int(truncatingIfNeeded: hash) & mask
      while hashes[index] != 0 { index = (index + 1) & mask }
      hashes[index] = hash
      entries[index] = entry
      count += 1
      used += 1
      cost += entry.cost
    }

    /// Drops every entry, keeping the arrays' capacity.
    mutating func removeAllKeepingCapacity() {
      guard used > 0 else { return }
      hashes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      entries.withUnsafeMutableBufferPointer { $0.update(repeating: nil) }
      count = 0
      used = 0
      cost = 0
    }

    private mutating func rehash(minimumCapacity: Int) {
      var capacity = 8
      while capacity < minimumCapacity { capacity *= 2 }
      let oldHashes = hashes
      let oldEntries = entries
      hashes = [UInt64](repeating: 0, count: capacity)
      entries = [Entry?](repeating: nil, count: capacity)
      count = 0
      used = 0
      cost = 0
      for index in oldHashes.indices {
        if let entry = oldEntries[index] { insert(entry, hash: oldHashes[index]) }
      }
    }
  }

  private(set) var young = Generation()
  private(set) var old = Generation()
  /// True once the table has dropped entries to stay within its bounds (not by `removeAll`).
  private(set) var hasEvicted = false
  let entryLimit: Int
  let costLimit: Int
  /// Where entries' faces are counted, if anywhere.
  var ledger: FaceLedger?

  init(entryLimit: Int, costLimit: Int) {
    self.entryLimit = entryLimit
    self.costLimit = costLimit
  }

  var count: Int { young.count + old.count }
  var cost: Int { young.cost + old.cost }

  /// The value stored under `hash` whose key `matches`. Hits and misses are counted by the
  /// caller (`ShardedCache` counts them per thread): a counter here would be written on every
  /// lookup, and its cache line would move between the cores reading the shard.
  mutating func value(hash: UInt64, where matches: (Key) -> Bool) -> Value? {
    entry(hash: hash, where: matches)?.value
  }

  /// The entry stored under `hash` whose key `matches` (`value(hash:where:)`, with its key).
  @inline(__always)
  mutating func entry(hash: UInt64, where matches: (Key) -> Bool) -> Entry? {
    if let index = young.index(of: hash, where: matches) {
      return young.entries[index]!
    }
    if let index = old.index(of: hash, where: matches) {
      let entry = old.entries[index]!
      old.remove(at: index)
      add(entry, hash: hash)
      return entry
    }
    return nil
  }

  /// True when a value is stored under `hash` whose key `matches`; unlike `value`, nothing
  /// moves between generations.
  func contains(hash: UInt64, where matches: (Key) -> Bool) -> Bool {
    young.index(of: hash, where: matches) != nil || old.index(of: hash, where: matches) != nil
  }

  /// Stores a value (replacing one with a matching key, which another thread may have stored
  /// meanwhile). A value costing more than half the cost limit is not stored.
  mutating func insert(
    hash: UInt64, key: consuming Key, value: consuming Value, cost: Int,
    where matches: (Key) -> Bool
  ) {
    insert(hash: hash, key: key, value: value, cost: cost, faces: [], where: matches)
  }

  /// `insert(hash:key:value:cost:where:)` for an entry that keeps `faces` alive.
  mutating func insert(
    hash: UInt64, key: consuming Key, value: consuming Value, cost: Int, faces: [FontFace],
    where matches: (Key) -> Bool
  ) {
    guard entryLimit > 0, cost * 2 <= costLimit else { return }
    insert(Entry(key: key, value: value, cost: cost, faces: faces), hash: hash, where: matches)
  }

  /// Stores an entry made by the caller (`insert(hash:key:value:cost:faces:where:)`): its key
  /// and value are moved into it where they are made, not copied on the way down.
  mutating func insert(_ entry: Entry, hash: UInt64, where matches: (Key) -> Bool) {
    guard entryLimit > 0, entry.cost * 2 <= costLimit else { return }
    if let index = young.index(of: hash, where: matches) {
      release(young.entries[index])
      young.remove(at: index)
    }
    if let index = old.index(of: hash, where: matches) {
      release(old.entries[index])
      old.remove(at: index)
    }
    if !entry.faces.isEmpty { ledger?.retain(entry.faces) }
    add(entry, hash: hash)
  }

  private func release(_ entry: Entry?) {
    if let entry, !entry.faces.isEmpty { ledger?.release(entry.faces) }
  }

  private func releaseAll(_ generation: Generation) {
    guard let ledger, ledger.count > 0 else { return }
    for entry in generation.entries { release(entry) }
  }

  private mutating func add(_ entry: Entry, hash: UInt64) {
    if young.count >= max(1, entryLimit / 2) || young.cost + entry.cost > costLimit / 2 {
      if old.count > 0 { hasEvicted = true }
      releaseAll(old)
      // The dropped generation's arrays, emptied, are the new young one's: it fills to about
      // the same size again, so it is not grown from 8 slots by doubling (a rehash each time)
      // in fresh memory (a page fault for each page first written), which for a stream of
      // distinct texts was a tenth of each answer.
      swap(&old, &young)
      young.removeAllKeepingCapacity()
    }
    young.insert(entry, hash: hash)
  }

  mutating func removeAll() {
    releaseAll(young)
    releaseAll(old)
    young = Generation()
    old = Generation()
    hasEvicted = false
  }
}

/// A thread-safe `GenerationalTable` split into shards by hash, each behind its own lock.
///
/// The bounds are split evenly: each of the `shardCount` shards holds at most
/// `capacity / shardCount` entries and `maximumCost / shardCount` cost, so the whole never
/// exceeds `capacity` and `maximumCost`. Small caches (under 512 entries) have one shard, so
/// their eviction order is exactly that of one generational table.
final class ShardedCache<Key: Sendable, Value: Sendable>: Sendable {
  private let shards: [Locked<GenerationalTable<Key, Value>>]
  /// The same shards, unretained (`shards` keeps them alive): a lookup that retained its
  /// shard would write the shard object's reference count, a cache line every core reads.
  private let unretainedShards: [Unmanaged<Locked<GenerationalTable<Key, Value>>>]
  private let shardMask: Int
  /// Hits and misses, counted per thread (see `GenerationalTable.value`).
  private let hitCount = StripedCounter()
  private let missCount = StripedCounter()
  /// Set by an insertion that left a shard having evicted (`hasEvicted`).
  private let evicted = Atomic<Bool>(false)
  let capacity: Int
  let maximumCost: Int

  /// Counts the faces outside any collection that entries keep alive; when they exceed the
  /// ledger's budget the cache is emptied.
  let ledger: FaceLedger?

  init(capacity: Int, maximumCost: Int = .max, ledger: FaceLedger? = nil) {
    self.capacity = max(0, capacity)
    self.maximumCost = max(0, maximumCost)
    self.ledger = ledger
    var shardCount = 1
    while shardCount < 16 && capacity / (shardCount * 2) >= 256 { shardCount *= 2 }
    let entryLimit = self.capacity / shardCount
    let costLimit = self.maximumCost == .max ? .max : self.maximumCost / shardCount
    shards = (0..<shardCount).map { _ in
      var table = GenerationalTable<Key, Value>(entryLimit: entryLimit, costLimit: costLimit)
      table.ledger = ledger
      return Locked(table)
    }
    unretainedShards = shards.map { Unmanaged.passUnretained($0) }
    shardMask = shardCount - 1
  }

  var shardCount: Int { shards.count }

  @inline(__always)
  private func shard(_ hash: UInt64) -> Locked<GenerationalTable<Key, Value>> {
    // The table indexes slots with the low bits; shards use the high ones.
    shards[Int(truncatingIfNeeded: hash >> 58) & shardMask]
  }

  /// The value stored under `hash` whose key `matches` (a hit or a miss is counted).
  @inline(__always)
  func value(hash: UInt64, where matches: (Key) -> Bool) -> Value? {
    withEntry(hash: hash, where: matches) { $0.value }
  }

  /// What `project` reads from the value stored under `hash` whose key `matches` (a hit or a
  /// miss is counted), read under the shard's lock: only the projection is copied out, where
  /// `value(hash:where:)` copies the whole value (a retain and a release of each of its
  /// references, on objects every thread reading the entry shares).
  @inline(__always)
  func value<Projection>(
    hash: UInt64, where matches: (Key) -> Bool, projecting project: (borrowing Value) -> Projection
  ) -> Projection? {
    withEntry(hash: hash, where: matches) { project($0.value) }
  }

  /// The entry stored under `hash` whose key `matches`, with its key and value (a hit or a
  /// miss is counted): one retain of the entry, where a value copied out retains each of its
  /// references.
  @inline(__always)
  func entry(hash: UInt64, where matches: (Key) -> Bool) -> GenerationalTable<Key, Value>.Entry? {
    withEntry(hash: hash, where: matches) { $0 }
  }

  /// `body`'s answer from the entry stored under `hash` whose key `matches`, called under its
  /// shard's lock, or nil when there is none; a hit or a miss is counted.
  @inline(__always)
  private func withEntry<Result>(
    hash: UInt64, where matches: (Key) -> Bool,
    _ body: (GenerationalTable<Key, Value>.Entry) -> Result
  ) -> Result? {
    let found = unretainedShards[Int(truncatingIfNeeded: hash >> 58) & shardMask]
      ._withUnsafeGuaranteedRef {
        $0.withLock { table -> Result? in
          guard let entry = table.entry(hash: hash, where: matches) else { return nil }
          return body(entry)
        }
      }
    if found == nil { missCount.increment() } else { hitCount.increment() }
    return found
  }

  /// True when a value is stored under `hash` whose key `matches`: a look that is neither a
  /// hit nor a miss, and keeps the entry where it is.
  @inline(__always)
  func contains(hash: UInt64, where matches: (Key) -> Bool) -> Bool {
    unretainedShards[Int(truncatingIfNeeded: hash >> 58) & shardMask]
      ._withUnsafeGuaranteedRef { $0.withLock { $0.contains(hash: hash, where: matches) } }
  }

  func insert(
    hash: UInt64, key: Key, value: Value, cost: Int, faces: [FontFace] = [],
    where matches: (Key) -> Bool
  ) {
    let evictedNow = shard(hash).withLock {
      $0.insert(hash: hash, key: key, value: value, cost: cost, faces: faces, where: matches)
      return $0.hasEvicted
    }
    if evictedNow { evicted.store(true, ordering: .relaxed) }
    // Outside the shard's lock: emptying takes every shard's lock in turn.
    if !faces.isEmpty, let ledger, ledger.isOverBudget { removeAll() }
  }

  /// Stores an entry made by the caller (`GenerationalTable.insert(_:hash:where:)`).
  func insert(
    _ entry: GenerationalTable<Key, Value>.Entry, hash: UInt64, where matches: (Key) -> Bool
  ) {
    let evictedNow = shard(hash).withLock {
      $0.insert(entry, hash: hash, where: matches)
      return $0.hasEvicted
    }
    if evictedNow { evicted.store(true, ordering: .relaxed) }
    if !entry.faces.isEmpty, let ledger, ledger.isOverBudget { removeAll() }
  }

  /// True once an insertion has dropped entries to stay within the bounds (`removeAll` starts
  /// afresh): one load, where asking the shards took each one's lock.
  var hasEvicted: Bool { evicted.load(ordering: .relaxed) }

  var count: Int { shards.reduce(0) { sum, shard in sum + shard.withLock { $0.count } } }
  var cost: Int { shards.reduce(0) { sum, shard in sum + shard.withLock { $0.cost } } }
  var hits: Int { hitCount.value }
  var misses: Int { missCount.value }

  func removeAll() {
    for shard in shards { shard.withLock { $0.removeAll() } }
    hitCount.reset()
    missCount.reset()
    evicted.store(false, ordering: .relaxed)
  }
}

/// A counter that many threads increment at once without sharing a cache line: each thread
/// adds to one of several stripes, 64 bytes apart; reading sums them.
final class StripedCounter: Sendable {
  private struct Stripe: ~Copyable {
    let value = Atomic<Int>(0)
    // Pads the stripe to a cache line.
    let padding: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
  }

  private static let stripeCount = 8
  private nonisolated(unsafe) let stripes: UnsafeMutablePointer<Stripe>

  init() {
    let raw = UnsafeMutableRawPointer.allocate(
      byteCount: Self.stripeCount * MemoryLayout<Stripe>.stride, alignment: 64)
    stripes = raw.bindMemory(to: Stripe.self, capacity: Self.stripeCount)
    for index in 0..<Self.stripeCount { (stripes + index).initialize(to: Stripe()) }
  }

  deinit {
    stripes.deinitialize(count: Self.stripeCount)
    UnsafeMutableRawPointer(stripes).deallocate()
  }

  @inline(__always)
  func increment() {
    stripes[Self.threadStripe()].value.wrappingAdd(1, ordering: .relaxed)
  }

  /// The TLS key holding each thread's stripe, plus one (0, no value: not chosen yet).
  private static let stripeKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed (\(status))")
    return key
  }()
  private static let nextStripe = Atomic<Int>(0)

  /// The calling thread's stripe in every counter: threads get stripes in turn as they first
  /// count, so the first `stripeCount` threads never share one. Chosen by a hash of the thread
  /// id, two threads shared a stripe one time in eight, and then every hit either of them
  /// counted took the line from the other's core.
  @inline(__always)
  private static func threadStripe() -> Int {
    if let stored = pthread_getspecific(stripeKey) { return Int(bitPattern: stored) - 1 }
    let stripe = nextStripe.wrappingAdd(1, ordering: .relaxed).oldValue & (stripeCount - 1)
    pthread_setspecific(stripeKey, UnsafeRawPointer(bitPattern: stripe + 1))
    return stripe
  }

  var value: Int {
    var sum = 0
    for index in 0..<Self.stripeCount { sum &+= stripes[index].value.load(ordering: .relaxed) }
    return sum
  }

  func reset() {
    for index in 0..<Self.stripeCount { stripes[index].value.store(0, ordering: .relaxed) }
  }
}

/// The bytes of the font faces a cache's entries keep alive that no `FontCollection` holds
/// (fonts named by path or family outside the bundled folder): counted once per face however
/// many entries hold it, so a cache's footprint includes the fonts it keeps loaded.
final class FaceLedger: Sendable {
  private struct State {
    var counts: [ObjectIdentifier: (entries: Int, bytes: Int)] = [:]
    var bytes = 0
  }

  /// The most face bytes the entries may keep alive before the cache is emptied.
  let budget: Int
  private let state = Locked(State())

  init(budget: Int) { self.budget = budget }

  /// The number of distinct faces counted.
  var count: Int { state.withLock { $0.counts.count } }
  /// Their bytes.
  var bytes: Int { state.withLock { $0.bytes } }
  var isOverBudget: Bool { state.withLock { $0.bytes > budget } }

  func retain(_ faces: [FontFace]) {
    state.withLock { state in
      for face in faces {
        let id = ObjectIdentifier(face)
        if let entry = state.counts[id] {
          state.counts[id] = (entry.entries + 1, entry.bytes)
        } else {
          state.counts[id] = (1, face.byteCount)
          state.bytes += face.byteCount
        }
      }
    }
  }

  func release(_ faces: [FontFace]) {
    state.withLock { state in
      for face in faces {
        let id = ObjectIdentifier(face)
        guard let entry = state.counts[id] else { continue }
        if entry.entries <= 1 {
          state.counts[id] = nil
          state.bytes -= entry.bytes
        } else {
          state.counts[id] = (entry.entries - 1, entry.bytes)
        }
      }
    }
  }
}
