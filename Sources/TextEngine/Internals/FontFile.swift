// The file-system edge of font loading: resolves a path (symlinks followed), reads the file
// through one descriptor and takes its identity from that same descriptor, so the identity
// always describes the bytes that were read.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What identifies a font file's contents for interning: the device and inode the path
/// resolves to, its size and its modification time (a file rewritten in place gets a new
/// identity, so it is loaded again rather than served from a stale face).
struct FontFileIdentity: Hashable, Sendable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  var modificationSeconds: Int64
  var modificationNanoseconds: Int64
}

/// A font file read into memory.
struct FontFileContents {
  /// The path with symlinks resolved.
  var resolvedPath: String
  var identity: FontFileIdentity
  var bytes: FontBytes
}

enum FontFile {
  /// The identity of the file `path` names now (stat follows symlinks to the file itself), or
  /// nil when it cannot be examined. One system call: what naming a loaded font again costs.
  static func identity(ofPath path: String) -> FontFileIdentity? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return identity(info)
  }

  private static func identity(_ info: stat) -> FontFileIdentity {
    FontFileIdentity(
      device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
      modificationSeconds: Int64(info.st_mtim.tv_sec),
      modificationNanoseconds: Int64(info.st_mtim.tv_nsec))
  }

  /// What the symbolic link `path` points to, or nil when `path` is not a symbolic link.
  static func linkTarget(_ path: String) -> String? {
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Reads the font file `path` names (symlinks followed).
  ///
  /// - Throws: `FontLoadingError` when the path does not exist, is a directory, a device or a
  ///   pipe (which would never finish reading), is larger than `maximumSize`, cannot be read,
  ///   or memory for its bytes cannot be allocated.
  static func read(path: String, maximumSize: Int64) throws(FontLoadingError) -> FontFileContents {
    guard let resolvedPointer = realpath(path, nil) else {
      let code = errno
      let reason =
        code != ENOENT
        ? "the file cannot be read (\(errorText()))"
        : linkTarget(path).map { "is a symbolic link to \($0), which does not exist" }
          ?? "no such file"
      throw FontLoadingError(source: path, reason: reason, freeTypeError: nil)
    }
    let resolved = String(cString: resolvedPointer)
    free(resolvedPointer)
    // O_NONBLOCK: opening a FIFO must not wait for a writer; regular files ignore it.
    let descriptor = open(resolved, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else {
      throw FontLoadingError(
        source: path, reason: "the file cannot be read (\(errorText()))", freeTypeError: nil)
    }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      throw FontLoadingError(
        source: path, reason: "the file cannot be read (\(errorText()))", freeTypeError: nil)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw FontLoadingError(source: path, reason: "is a directory", freeTypeError: nil)
    default:
      throw FontLoadingError(source: path, reason: "is not a regular file", freeTypeError: nil)
    }
    let size = Int64(info.st_size)
    guard size <= maximumSize else {
      throw FontLoadingError(
        source: path, reason: "is larger than \(maximumSize) bytes", freeTypeError: nil)
    }
    guard let bytes = FontBytes(count: Int(size)) else {
      throw FontLoadingError.outOfMemory(source: path, bytes: Int(size))
    }
    var offset = 0
    while offset < Int(size) {
      let count = Glibc.read(descriptor, bytes.pointer + offset, Int(size) - offset)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        let reason =
          count == 0
          ? "the file shrank while it was read" : "the file cannot be read (\(errorText()))"
        throw FontLoadingError(source: path, reason: reason, freeTypeError: nil)
      }
      offset += count
    }
    return FontFileContents(resolvedPath: resolved, identity: identity(info), bytes: bytes)
  }

  private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// A font file's bytes in one allocation, shared (not copied) by FreeType, HarfBuzz and
/// `FontFace.data`, and freed when the last of them lets go.
final class FontBytes: @unchecked Sendable {
  // Written once before the object is shared; read-only afterwards.
  let pointer: UnsafeMutablePointer<UInt8>
  let count: Int

  /// Room for `count` bytes, or nil when the allocation fails.
  init?(count: Int) {
    guard let memory = malloc(max(count, 1)) else { return nil }
    pointer = memory.bindMemory(to: UInt8.self, capacity: max(count, 1))
    self.count = count
  }

  /// A copy of `data`, or nil when the allocation fails.
  convenience init?(copying data: Data) {
    self.init(count: data.count)
    data.copyBytes(to: pointer, count: data.count)
  }

  deinit { free(pointer) }

  /// The bytes as `Data` without copying; the `Data` keeps this object alive.
  var data: Data {
    Data(
      bytesNoCopy: pointer, count: count,
      deallocator: .custom { [self] _, _ in withExtendedLifetime(self) {} })
  }
}

extension FontLoadingError {
  /// Memory for a font could not be allocated: not a problem of the font file.
  static func outOfMemory(source: String, bytes: Int?) -> FontLoadingError {
    let amount = bytes.map { " (\($0) bytes)" } ?? ""
    return FontLoadingError(
      source: source, reason: "out of memory while loading the font\(amount)", freeTypeError: nil)
  }
}
