// Writing an output so that whoever reads the target sees either the previous file or the complete
// new one, never a part: the bytes go to a temporary file in the target's folder (same file
// system, so the rename is atomic), which replaces the target only once every write succeeded.
// A failure, a thrown error or a signal removes the temporary file and leaves the target as it was.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Why a file could not be written: the path, what was being done, and the system's reason.
public struct FileWriteError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The file the caller asked for (the target, not the temporary file).
  public var path: String
  /// The `errno` value (`ENOSPC`, `EACCES`, `EISDIR`, `ENOENT`, …).
  public var code: Int32
  /// The system's reason in words (`strerror`), e.g. "No space left on device".
  public var reason: String { String(cString: strerror(code)) }
  /// The folder the temporary file could not be made in, when that is what failed: a writable
  /// file in a read-only folder cannot be replaced, and "Permission denied" on the file itself
  /// sent people looking at its permissions.
  public var folder: String?
  /// The reason, and the folder when the temporary file could not be made there.
  public var explanation: String {
    guard let folder else { return reason }
    return
      "\(reason): no new file can be made in \(folder), where the output is written before it "
      + "is renamed over the file"
  }
  /// "cannot write PATH: EXPLANATION".
  public var description: String { "cannot write \(path): \(explanation)" }

  /// An error for `path` with the system error `code`; `folder` when the temporary file could
  /// not be made there.
  public init(path: String, code: Int32, folder: String? = nil) {
    self.path = path
    self.code = code
    self.folder = folder
  }
}

/// A file written beside its target and renamed over it by `commit()`.
///
/// Readers of the target never see a half-written file: until `commit()` the target keeps its
/// previous contents, and `discard()` (also called when the object is released uncommitted, and
/// by the signal handlers of `TemporaryFiles.installSignalHandlers()`) removes the temporary
/// file. A target that is not a regular file (`/dev/stdout`, `/dev/full`, a FIFO) is written in
/// place, since it cannot be replaced; a directory is refused with `EISDIR`.
///
/// ```swift
/// let file = try AtomicFile(path: "out/frames.json")
/// try file.write(Data(json.utf8))
/// try file.commit()
/// ```
public final class AtomicFile {
  /// The target path, as given.
  public let path: String
  /// The temporary file being written, or nil when the target is written in place.
  public let temporaryPath: String?
  private var descriptor: Int32
  private var slot: Int?
  /// True while the temporary file exists (until the rename or the removal).
  private var temporaryExists = false
  /// True once `finishWriting(durable:)` closed the complete file, which waits for `commit()`.
  private var isWritten = false
  /// The file the rename replaces: the target, or the file its symbolic link points to.
  private let resolvedPath: String
  /// The permissions the committed file gets: the previous file's, or 0666 less the umask.
  private let mode: mode_t

  /// Opens a temporary file beside `path` (or `path` itself when it is a device or a FIFO).
  ///
  /// - Throws: `FileWriteError` with `EISDIR` for a directory, `ENOENT` for a missing folder,
  ///   `EACCES` or `EROFS` for a folder that cannot be written.
  public init(path: String) throws(FileWriteError) {
    self.path = path
    var target = path
    var info = stat()
    if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let real = realpath(path, nil) {
      // Replace the file the link points to, not the link.
      target = String(cString: real)
      free(real)
    }
    var existing = stat()
    let exists = stat(target, &existing) == 0
    if exists, existing.st_mode & S_IFMT == S_IFDIR {
      throw FileWriteError(path: path, code: EISDIR)
    }
    if exists, existing.st_mode & S_IFMT != S_IFREG {
      let descriptor = open(target, O_WRONLY | O_CLOEXEC)
      guard descriptor >= 0 else { throw FileWriteError(path: path, code: errno) }
      self.descriptor = descriptor
      temporaryPath = nil
      resolvedPath = target
      mode = existing.st_mode & 0o7777
      return
    }
    mode = exists ? existing.st_mode & 0o7777 : 0o666 & ~AtomicFile.umask
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent().path
    // The name is registered for the signal handlers before the file exists (not mkstemp,
    // which names the file as it makes it): a signal between making and registering it would
    // leave the file behind.
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var made: (descriptor: Int32, path: String, slot: Int?)?
    for _ in 0..<100 {
      let suffix = String((0..<6).map { _ in letters.randomElement()! })
      let name = "\(folder)/.\(url.lastPathComponent).textflow-\(suffix)"
      let slot = TemporaryFiles.register(name)
      let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if descriptor >= 0 {
        made = (descriptor, name, slot)
        break
      }
      let code = errno
      if let slot { TemporaryFiles.unregister(slot) }
      guard code == EEXIST else {
        // The folder is named when it refuses a new file; a missing folder says so itself.
        let refuses = [EACCES, EPERM, EROFS].contains(code)
        throw FileWriteError(path: path, code: code, folder: refuses ? folder : nil)
      }
    }
    guard let made else { throw FileWriteError(path: path, code: EEXIST) }
    self.descriptor = made.descriptor
    temporaryPath = made.path
    resolvedPath = target
    temporaryExists = true
    slot = made.slot
  }

  deinit { discard() }

  /// True until `finishWriting(durable:)`, `commit()` or `discard()`.
  public var isOpen: Bool { descriptor >= 0 }

  /// Appends bytes; a short write is continued, an interrupted one retried.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
    guard descriptor >= 0 else { throw FileWriteError(path: path, code: EBADF) }
    var offset = 0
    while offset < bytes.count {
      let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw FileWriteError(path: path, code: errno)
      }
      offset += written
    }
  }

  /// Appends `data`.
  public func write(_ data: Data) throws(FileWriteError) {
    var failure: FileWriteError?
    data.withUnsafeBytes { bytes in
      do throws(FileWriteError) { try write(bytes) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Ends the writing: the file is complete (flushed to the disk with `durable`, given its
  /// permissions) and closed, and waits for `commit()` to replace the target, or `discard()`.
  ///
  /// For the files of one output that replace their targets together (`AtomicFileGroup`), each
  /// checked complete before any is renamed, without holding a descriptor for each.
  public func finishWriting(durable: Bool = false) throws(FileWriteError) {
    guard !isWritten else { return }
    guard descriptor >= 0 else { throw FileWriteError(path: path, code: EBADF) }
    do throws(FileWriteError) {
      let descriptor = self.descriptor
      self.descriptor = -1
      guard temporaryPath != nil else {
        // A device or a FIFO, written in place: only a disk file can be flushed.
        if durable, fsync(descriptor) != 0, errno != EINVAL, errno != EROFS {
          let code = errno
          close(descriptor)
          throw FileWriteError(path: path, code: code)
        }
        guard close(descriptor) == 0 else { throw FileWriteError(path: path, code: errno) }
        isWritten = true
        return
      }
      if durable, fsync(descriptor) != 0 {
        let code = errno
        close(descriptor)
        throw FileWriteError(path: path, code: code)
      }
      if fchmod(descriptor, mode) != 0 {
        let code = errno
        close(descriptor)
        throw FileWriteError(path: path, code: code)
      }
      guard close(descriptor) == 0 else { throw FileWriteError(path: path, code: errno) }
      isWritten = true
    } catch {
      discard()
      throw error
    }
  }

  /// Makes the written bytes the target's contents.
  ///
  /// With `durable`, the data and the folder entry are flushed to the disk (`fsync`) before this
  /// returns, so that the new file survives a power cut; without it the rename is still atomic
  /// for every reader, but the kernel writes the data back when it chooses. (The data is
  /// flushed when the file is closed: by `finishWriting(durable:)`, when it was called first.)
  public func commit(durable: Bool = false) throws(FileWriteError) {
    try finishWriting(durable: durable)
    guard let temporaryPath else { return }
    guard temporaryExists else { throw FileWriteError(path: path, code: EBADF) }
    let target = resolvedPath
    guard rename(temporaryPath, target) == 0 else {
      let code = errno
      discard()
      throw FileWriteError(path: path, code: code)
    }
    temporaryExists = false
    if let slot { TemporaryFiles.unregister(slot) }
    slot = nil
    if durable { Self.flushFolder(of: target) }
  }

  /// How `replaceUndoably` put the file in place, and so how `undoReplace` takes it out.
  enum Replacement {
    /// Swapped with the previous target, whose contents now wait at the temporary name.
    case exchanged
    /// Renamed where no file was.
    case created
    /// Renamed over the previous file, which is gone (the file system cannot swap names, or
    /// the file is written in place).
    case final
  }

  /// Makes the written bytes the target's contents as `commit(durable:)` does, keeping the
  /// previous contents at the temporary name (`renameat2`'s `RENAME_EXCHANGE`) until
  /// `endReplace()` removes them or `undoReplace(_:)` puts them back, for a group of files that
  /// replace their targets all or none.
  func replaceUndoably(durable: Bool) throws(FileWriteError) -> Replacement {
    try finishWriting(durable: durable)
    guard let temporaryPath else { return .final }
    guard temporaryExists else { throw FileWriteError(path: path, code: EBADF) }
    let target = resolvedPath
    var existing = stat()
    if lstat(target, &existing) == 0, existing.st_mode & S_IFMT == S_IFDIR {
      // A swap would put the folder at the temporary name; a rename refuses it, as `init` does.
      discard()
      throw FileWriteError(path: path, code: EISDIR)
    }
    var replacement = Replacement.exchanged
    if exchangeNames(temporaryPath, target) != 0 {
      let code = errno
      // No previous file to swap with (ENOENT), or a file system that cannot swap (EINVAL):
      // renamed as `commit` does.
      guard code == ENOENT || code == EINVAL || code == ENOSYS else {
        discard()
        throw FileWriteError(path: path, code: code)
      }
      let existed = stat(target, &existing) == 0
      guard rename(temporaryPath, target) == 0 else {
        let code = errno
        discard()
        throw FileWriteError(path: path, code: code)
      }
      temporaryExists = false
      replacement = existed ? .final : .created
    }
    if durable { Self.flushFolder(of: target) }
    return replacement
  }

  /// Puts back what `replaceUndoably` replaced: the previous contents (swapped back), or no
  /// file where there was none; a `.final` replacement stays.
  ///
  /// A swap back that fails (the folder moved meanwhile) leaves the previous contents at the
  /// temporary name, no longer removed by `discard()` or a signal: kept rather than lost.
  func undoReplace(_ replacement: Replacement, durable: Bool) {
    switch replacement {
    case .exchanged:
      guard let temporaryPath, exchangeNames(temporaryPath, resolvedPath) == 0 else {
        temporaryExists = false
        discard()
        return
      }
      // The new bytes, back at the temporary name, are removed with it.
      discard()
    case .created:
      unlink(resolvedPath)
      discard()
    case .final:
      discard()
    }
    if durable { Self.flushFolder(of: resolvedPath) }
  }

  /// Ends a replacement that stays: removes the previous contents kept at the temporary name.
  func endReplace(durable: Bool) {
    let removes = temporaryExists
    discard()
    if durable, removes { Self.flushFolder(of: resolvedPath) }
  }

  /// Flushes the folder entry of `path` to the disk.
  private static func flushFolder(of path: String) {
    let folder = open(URL(fileURLWithPath: path).deletingLastPathComponent().path, O_RDONLY)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Closes and removes the temporary file, leaving the target as it was (for a target written
  /// in place, only closes it).
  public func discard() {
    if descriptor >= 0 {
      close(descriptor)
      descriptor = -1
    }
    if let temporaryPath, temporaryExists { unlink(temporaryPath) }
    temporaryExists = false
    isWritten = false
    if let slot { TemporaryFiles.unregister(slot) }
    slot = nil
  }

  /// Writes `data` to `path` atomically: the whole of it, or nothing and the old file intact.
  public static func write(_ data: Data, to path: String, durable: Bool = false)
    throws(FileWriteError)
  {
    let file = try AtomicFile(path: path)
    try file.write(data)
    try file.commit(durable: durable)
  }

  /// The process's file-creation mask (read once; `umask` can only be read by setting it).
  private static let umask: mode_t = {
    let mask = Glibc.umask(0o022)
    _ = Glibc.umask(mask)
    return mask
  }()
}

/// Files of one output that replace their targets together: the pages of `sheet-%d.png`, or a
/// drawing and its report. Each is written completely (`AtomicFile.finishWriting(durable:)`)
/// and added; `commit()` renames them all only then, so a failure while any is written (a full
/// disk at the third page) leaves every target as it was, not new first pages beside old
/// later ones. Uncommitted files are removed by `discard()`, or when the group is released.
///
/// The files wait beside their targets until the commit, so the disk holds the new output and
/// the previous one at once.
///
/// ```swift
/// let group = AtomicFileGroup()
/// for (path, data) in pages {
///   let file = try AtomicFile(path: path)
///   try file.write(data)
///   try group.add(file)
/// }
/// try group.commit()
/// ```
public final class AtomicFileGroup: @unchecked Sendable {
  // @unchecked: `files` is only touched under `lock`. A file added belongs to the group from
  // then on: its writer, on whatever thread, has finished with it (`add` closes it), and only
  // `commit` or `discard` use it after. `pngEncoding` is used by the thread drawing the pages,
  // one at a time, as `init(encodingThreads:)` says; its encoding threads touch only its
  // slots and pool, under their own locks.
  private let lock = NSLock()
  private var files: [AtomicFile] = []
  /// PNG files encoded on other threads, written into the group in order.
  let pngEncoding: PNGEncodingQueue?

  /// An empty group.
  public init() { pngEncoding = nil }

  /// An empty group whose PNG files (a `commitGroup` of `Renderer`'s PNG pages) are encoded on
  /// up to `encodingThreads` threads (no more than the cores) while the next pages are drawn,
  /// and written into the group in the order they were drawn; 1 encodes each on the drawing
  /// thread, as `init()` does, with the memory for the rows kept from one page to the next. The
  /// output is the same either way. The pages are drawn, and `finishEncoding()`, `commit` and
  /// `discard()` called, from one thread at a time; `finishEncoding()` (or `commit`) waits for
  /// the last pages.
  public init(encodingThreads: Int) {
    pngEncoding = PNGEncodingQueue(threads: encodingThreads)
  }

  deinit { discard() }

  /// Waits for the PNG files still being encoded (`init(encodingThreads:)`) and adds them;
  /// throws the first that could not be encoded or written, in the order they were drawn, as
  /// drawing it on one thread would have (the group's other files stay pending).
  public func finishEncoding() throws(RenderingError) {
    try pngEncoding?.finish(into: self)
  }

  /// Ends `file`'s writing (flushed to the disk with `durable`) and keeps it for `commit()`;
  /// a failure discards it, and the group's other files stay pending.
  public func add(_ file: AtomicFile, durable: Bool = false) throws(FileWriteError) {
    try file.finishWriting(durable: durable)
    lock.withLock { files.append(file) }
  }

  /// Renames every file added over its target, in the order they were added, once the PNG
  /// files still being encoded are added (`finishEncoding()`, whose failure discards them all:
  /// its `writeError`); with `durable`, each folder's entry is flushed to the disk. A rename
  /// that fails (the folder removed meanwhile, another user's file in a sticky folder, an
  /// immutable file) puts the files renamed before it back as they were (each was swapped with
  /// its target, `RENAME_EXCHANGE`), discards the rest and throws: the targets are all new or
  /// all as they were. A file system that cannot swap names (some network and FUSE ones) has
  /// each file renamed over its target instead, which a later failure cannot undo.
  public func commit(durable: Bool = false) throws(FileWriteError) {
    do {
      try finishEncoding()
    } catch {
      discard()
      // A page that could not be encoded (zlib's failure) is no write error: it is named with
      // the system's reason for the only way zlib fails on good input, memory.
      throw error.writeError ?? FileWriteError(path: error.path, code: ENOMEM)
    }
    let pending = lock.withLock {
      defer { files = [] }
      return files
    }
    var replaced: [(file: AtomicFile, replacement: AtomicFile.Replacement)] = []
    for (index, file) in pending.enumerated() {
      do throws(FileWriteError) {
        replaced.append((file, try file.replaceUndoably(durable: durable)))
      } catch {
        // The files put in place before it are taken out again, the last first.
        for done in replaced.reversed() {
          done.file.undoReplace(done.replacement, durable: durable)
        }
        for later in pending[(index + 1)...] { later.discard() }
        throw error
      }
    }
    for done in replaced { done.file.endReplace(durable: durable) }
  }

  /// Removes every file added and not committed, leaving their targets as they were.
  public func discard() {
    pngEncoding?.discard()
    let pending = lock.withLock {
      defer { files = [] }
      return files
    }
    for file in pending { file.discard() }
  }
}

/// The temporary files being written, removed when the process is interrupted.
///
/// A command-line program calls `installSignalHandlers()` once at start: then SIGINT, SIGTERM,
/// SIGHUP and SIGPIPE (unless ignored) remove every temporary file of an uncommitted
/// `AtomicFile` before the process ends with the signal's usual status, and SIGXFSZ (a file-size
/// limit) is ignored so that the write fails with `EFBIG` and is reported instead of killing the
/// process. A library embedding TextFlow keeps its own signal handling by not calling it.
public enum TemporaryFiles {
  /// Slots of C strings in blocks of `blockSize`, made as more files are pending at once (the
  /// pages of an `AtomicFileGroup`) and never moved or freed, so that the signal handler reads
  /// them without allocating or locking. A block is filled in before it is listed.
  private typealias Block = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  private static let blockSize = 64
  /// At most 65 536 files are pending at once; more are not removed by a signal.
  private static let maximumBlocks = 1024
  nonisolated(unsafe) private static let blocks: UnsafeMutablePointer<Block?> = {
    let blocks = UnsafeMutablePointer<Block?>.allocate(capacity: maximumBlocks)
    blocks.initialize(repeating: nil, count: maximumBlocks)
    return blocks
  }()
  /// No slot below this one is free (so registering many files is linear, not quadratic).
  nonisolated(unsafe) private static var firstFree = 0
  private static let lock = NSLock()

  static func register(_ path: String) -> Int? {
    lock.withLock {
      var index = firstFree
      while index < maximumBlocks * blockSize {
        let number = index / blockSize
        if blocks[number] == nil {
          let block = Block.allocate(capacity: blockSize)
          block.initialize(repeating: nil, count: blockSize)
          blocks[number] = block
        }
        if let block = blocks[number], block[index % blockSize] == nil {
          block[index % blockSize] = strdup(path)
          firstFree = index + 1
          return index
        }
        index += 1
      }
      return nil
    }
  }

  static func unregister(_ slot: Int) {
    lock.withLock {
      guard let block = blocks[slot / blockSize] else { return }
      let path = block[slot % blockSize]
      block[slot % blockSize] = nil
      free(path)
      firstFree = min(firstFree, slot)
    }
  }

  /// Calls `body` with each pending path; safe in a signal handler (no allocation, no lock).
  private static func forEachPath(_ body: (UnsafeMutablePointer<CChar>) -> Void) {
    for number in 0..<maximumBlocks {
      guard let block = blocks[number] else { return }
      for index in 0..<blockSize {
        if let path = block[index] { body(path) }
      }
    }
  }

  /// The temporary files not yet committed or discarded.
  public static var pending: [String] {
    lock.withLock {
      var paths: [String] = []
      forEachPath { paths.append(String(cString: $0)) }
      return paths
    }
  }

  /// Removes every pending temporary file (before the process exits on a fatal error).
  public static func removeAll() {
    lock.withLock { forEachPath { unlink($0) } }
  }

  /// Installs the handlers described above; call once, early, from a program's main code.
  public static func installSignalHandlers() {
    _ = blocks
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] {
      var previous = sigaction()
      sigaction(signal, nil, &previous)
      if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(SIG_IGN, to: Int.self)
      {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { signal in
        TemporaryFiles.forEachPath { unlink($0) }
        Glibc.signal(signal, SIG_DFL)
        raise(signal)
      }
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
    Glibc.signal(SIGXFSZ, SIG_IGN)
  }
}
