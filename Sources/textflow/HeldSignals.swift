// The signals that stop a command, held while its outputs are renamed over the previous ones.
// The pages of `page-%d.png` (a drawing and its report) replace the previous files together, one
// rename after another: a SIGTERM or a Ctrl-C between two renames ended the process there, with
// new first pages beside the previous run's later ones. Held, the signal ends the process once
// every file is in place, with the status it would have had.
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The first signal that arrived while held, 0 for none; written only by the handler below.
nonisolated(unsafe) private var heldSignal: sig_atomic_t = 0

/// Runs `body` with SIGINT, SIGTERM and SIGHUP held: one that arrives meanwhile ends the
/// process when `body` has returned or thrown, through the handler that was installed before
/// (`TemporaryFiles.installSignalHandlers()`, which removes the temporary files `body` left).
///
/// The handlers are swapped rather than the signals blocked: a signal sent to the process goes
/// to any thread that does not block it, and a mask is each thread's own. SIGPIPE is not held:
/// it answers the command's own write to a pipe, and renaming writes to none.
func withStoppingSignalsHeld<Result>(
  _ body: () throws(CommandError) -> Result
) throws(CommandError) -> Result {
  // Set here first: a global is made on its first use, which must not be in the handler.
  heldSignal = 0
  let signals = [SIGINT, SIGTERM, SIGHUP]
  var previous = Array(repeating: sigaction(), count: signals.count)
  for (index, signal) in signals.enumerated() {
    sigaction(signal, nil, &previous[index])
    // An ignored signal (a command started in the background by a shell) stays ignored.
    guard
      unsafeBitCast(previous[index].__sigaction_handler.sa_handler, to: Int.self)
        != unsafeBitCast(SIG_IGN, to: Int.self)
    else { continue }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { signal in
      if heldSignal == 0 { heldSignal = signal }
    }
    sigemptyset(&action.sa_mask)
    // A rename or flush under way goes on rather than failing with EINTR.
    action.sa_flags = SA_RESTART
    sigaction(signal, &action, nil)
  }
  defer {
    for (index, signal) in signals.enumerated() { sigaction(signal, &previous[index], nil) }
    if heldSignal != 0 { raise(heldSignal) }
  }
  do {
    return try body()
  } catch {
    // Said before the held signal ends the process, which `runCommand` would say it after.
    if heldSignal != 0 { printError("textflow \(Console.commandName): \(error.message)") }
    throw error
  }
}
