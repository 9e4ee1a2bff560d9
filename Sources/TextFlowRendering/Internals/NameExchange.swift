// Two names swapped at once (renameat2's RENAME_EXCHANGE), for AtomicFileGroup's commit, which
// swaps each new file with its target so that a later failure can swap them back.
internal import CRename
import Foundation

/// Swaps the files at `first` and `second` in one step (both must exist, on one file system);
/// 0, or -1 with `errno` set (EINVAL where the file system cannot swap names, ENOENT for a
/// missing one).
func exchangeNames(_ first: String, _ second: String) -> Int32 {
  renameat2(AT_FDCWD, first, AT_FDCWD, second, textflow_rename_exchange)
}
