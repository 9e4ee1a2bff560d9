// The `textflow` command line: a thin dispatcher over one file per subcommand.
import Foundation

/// A subcommand of `textflow`.
protocol Subcommand {
  /// The word that selects it, e.g. "demo".
  static var name: String { get }
  /// One line for the command list.
  static var summary: String { get }
  /// Runs with the arguments after the subcommand's name; returns the exit status.
  static func run(_ arguments: [String]) -> Int32
}

/// Every subcommand, in the order `textflow --help` lists them.
let subcommands: [any Subcommand.Type] = [
  DemoCommand.self, MeasureCommand.self, LayoutCommand.self, CloudCommand.self,
  GridCommand.self, LabelsCommand.self, TemplatesCommand.self, FontsCommand.self,
]

/// Writes a message to standard error (data goes to standard output), terminal-safe: control
/// and bidi characters from user text (a file name, a style name) cannot act on the terminal.
func printError(_ message: String) {
  Console.error(terminalSafe(message))
}

func usage(_ subcommands: [any Subcommand.Type]) -> String {
  var text = "usage: textflow <command> [options]\n\ncommands:\n"
  for command in subcommands {
    text +=
      "  \(command.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(command.summary)\n"
  }
  text += "\noptions for every command (before or after its name):\n" + FontOptions.help
  text += "\nRun 'textflow <command> --help' for a command's options."
  return text
}

Console.prepare()
var arguments = Array(CommandLine.arguments.dropFirst())
// The options for every command may also come before the command's name, where the usage lists
// them and where git's and swift's global options go (`textflow --strict grid …`).
var commonOptions: [String] = []
while let option = arguments.first, FontOptions.names.contains(option) {
  commonOptions.append(arguments.removeFirst())
}
guard let first = arguments.first else {
  printError(usage(subcommands))
  Console.exit(2)
}
if first == "--help" || first == "-h" || first == "help" {
  Console.line(usage(subcommands))
  Console.exit(0)
}
guard let command = subcommands.first(where: { $0.name == first }) else {
  // An option before the command's name is one of the common options or unknown: "-x" is no
  // command's name.
  let what = first.hasPrefix("-") ? "option" : "command"
  printError("textflow: unknown \(what) '\(first)'\n\n" + usage(subcommands))
  Console.exit(2)
}
// Named from here on in every message, a failed write of its --help included.
Console.commandName = command.name
let commandArguments = FontOptions.extract(commonOptions + arguments.dropFirst())
let status = command.run(commandArguments)
Console.exit(FontOptions.finish(command: command.name, status: status))
