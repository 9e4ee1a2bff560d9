// Giving the memory of a huge text back to the system once its layout is done.
#if canImport(Glibc)
  import Glibc

  /// glibc's `int malloc_trim(size_t pad)` (not exported by the Glibc module).
  @_silgen_name("malloc_trim")
  private func mallocTrim(_ pad: Int) -> Int32
#endif

enum FreedMemory {
  /// Texts of at least this many UTF-16 units give their working memory back when laid out.
  /// Below it the freed blocks are what the next texts reuse, and trimming (which walks the
  /// heap) would cost more than the layout.
  static let hugeTextLength = 1 << 16

  /// Returns freed heap memory to the system. glibc keeps freed blocks in its arenas (and
  /// raises its mmap threshold after large frees, so that later large arrays come from the
  /// heap too): after one text of megabytes the process stayed hundreds of megabytes larger
  /// though nothing was alive. Other allocators return nothing here.
  static func giveBack() {
    #if canImport(Glibc)
      _ = mallocTrim(0)
    #endif
  }
}
