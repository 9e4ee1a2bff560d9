// The binary search over every ordered table of the package (section origins, line starts and
// ends, runs, checkpoints, a diff's increasing tails, a text's lines, a document's pages): one
// definition, so that a boundary case is decided once.

extension Range where Bound == Int {
  /// The first index of the range for which `isInPrefix` is false, for a predicate that holds
  /// for a prefix of the range and for none of the indices after it; `upperBound` when it holds
  /// everywhere. A binary search: O(log n) calls of the predicate.
  @inline(__always)
  package func partitionPoint(where isInPrefix: (Int) -> Bool) -> Int {
    var low = lowerBound
    var high = upperBound
    while low < high {
      let mid = low + (high - low) / 2
      if isInPrefix(mid) { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The last index of the range for which `isInPrefix` holds (the predicate as in
  /// `partitionPoint(where:)`), or `lowerBound` when it holds for none: "the entry at or before".
  @inline(__always)
  package func lastIndex(inPrefix isInPrefix: (Int) -> Bool) -> Int {
    Swift.max(lowerBound, partitionPoint(where: isInPrefix) - 1)
  }
}
