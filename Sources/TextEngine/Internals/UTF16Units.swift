// A text's UTF-16 units, transcoded from the string's UTF-8 bytes in one tight loop.

extension String {
  /// `Array(utf16)`, made from the string's contiguous UTF-8 bytes: decoded in one pass into a
  /// buffer with room for one unit per byte, appended at once.
  ///
  /// `Array(string.utf16)` walks the UTF-16 view index by index through the standard
  /// library's generic sequence copy, which costs about a hundred instructions a unit; a
  /// short label spent more converting its text than deciding its fonts. A native string's
  /// bytes are valid UTF-8 (the standard library guarantees it), so no check is needed; a
  /// bridged string without contiguous bytes takes the view.
  var utf16Units: [UInt16] {
    var units = [UInt16]()
    appendUTF16Units(to: &units)
    return units
  }

  /// Appends `utf16Units` to `units` (an array with room already keeps it).
  func appendUTF16Units(to units: inout [UInt16]) {
    // Moved into a local of the closure while it appends: appending to an array the closure
    // captures reached it through memory, with a uniqueness check and a release, per unit.
    var moved: [UInt16] = []
    swap(&moved, &units)
    let transcoded = utf8.withContiguousStorageIfAvailable { bytes -> [UInt16] in
      var units = moved
      moved = []
      // Decoded into a temporary buffer (on the stack for a short text) through a pointer,
      // then appended at once: appending unit by unit checked the array's capacity and
      // uniqueness per unit. A unit takes at least one byte (a 4-byte scalar is two units), so
      // the bytes bound the units without a counting pass.
      withUnsafeTemporaryAllocation(of: UInt16.self, capacity: bytes.count) { buffer in
        guard let out = buffer.baseAddress else { return }
        var written = 0
        var index = 0
        let end = bytes.count
        while index < end {
          let lead = UInt32(bytes[index])
          if lead < 0x80 {
            out[written] = UInt16(truncatingIfNeeded: lead)
            written += 1
            index += 1
          } else if lead < 0xE0 {
            let value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            out[written] = UInt16(truncatingIfNeeded: value)
            written += 1
            index += 2
          } else if lead < 0xF0 {
            let value =
              (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
              | UInt32(bytes[index + 2] & 0x3F)
            out[written] = UInt16(truncatingIfNeeded: value)
            written += 1
            index += 3
          } else {
            let value =
              (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
              | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
            let offset = value - 0x10000
            out[written] = UInt16(truncatingIfNeeded: 0xD800 + (offset >> 10))
            out[written + 1] = UInt16(truncatingIfNeeded: 0xDC00 + (offset & 0x3FF))
            written += 2
            index += 4
          }
        }
        units.append(contentsOf: UnsafeBufferPointer(start: out, count: written))
      }
      return units
    }
    if let transcoded {
      units = transcoded
    } else {
      moved.append(contentsOf: utf16)
      units = moved
    }
  }
}
