// `textflow templates [QUERY]`: lists gLabels' label templates that match a query.
import Foundation
import TextFlow
import TextFlowSpec

/// Lists templates from gLabels' database with their label size, count and paper.
enum TemplatesCommand: Subcommand {
  static let name = "templates"
  static let summary = "list gLabels' label templates (Avery L7160, 5160…) matching a query"

  static let help = """
    usage: textflow templates [QUERY] [--templates-dir DIR] [--format text|json]

    Lists the label templates of gLabels' database (Debian's glabels-data and the user's own in
    ~/.config/libglabels/templates, or DIR, or $TEXTFLOW_TEMPLATES) whose brand, part number
    or description contain every word of QUERY, one a line: name, label size, shape, labels
    per sheet, paper, description.

    examples:
      textflow templates l7160
      textflow templates avery mailing
      textflow templates cd --format json
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      // Through `Console`, as every output: a full disk or a closed pipe is an error.
      Console.line(help)
      return 0
    }
    return runCommand(name, help: help) { () throws(CommandError) in
      let parsed = try ParsedArguments(
        arguments, valued: ["--templates-dir", "--format"], flags: [])
      let database = try loadTemplates(parsed)
      let matches = database.search(parsed.positionals.joined(separator: " "))
      switch parsed.values["--format"] ?? "text" {
      case "text":
        guard !matches.isEmpty else {
          throw .failure("no template matches '\(parsed.positionals.joined(separator: " "))'")
        }
        var text = ""
        for template in matches { text += describe(template) + "\n" }
        text += "\(matches.count) template\(matches.count == 1 ? "" : "s")"
        try writeText(text, to: nil)
      case "json":
        try writeText(
          "[\n" + matches.map { "  " + json($0) }.joined(separator: ",\n") + "\n]", to: nil)
      case let other:
        throw .usage("--format must be text or json, got '\(other)'")
      }
    }
  }

  /// One line: "Avery L7160  63.5 × 38.1 mm rectangle  21 (3 × 7)  A4  Mailing labels".
  static func describe(_ template: LabelTemplate) -> String {
    let size = template.shape.size
    func mm(_ value: CGFloat) -> String {
      JSONValue.format((Double(value) / PaperSize.pointsPerMillimeter * 10).rounded() / 10)
    }
    let grids = template.grids.map { "\($0.columns) × \($0.rows)" }.joined(separator: " + ")
    var line = "\(template.name)  \(mm(size.width)) × \(mm(size.height)) mm "
    line += "\(template.shape.kindName)  \(template.labelsPerSheet) (\(grids))  "
    line +=
      "\(template.paperName == "Other" ? "\(mm(template.pageSize.width)) × \(mm(template.pageSize.height)) mm" : template.paperName)"
    line += "  \(template.description)"
    if let target = template.equivalentOf { line += " (as \(template.brand) \(target))" }
    return line
  }

  static func json(_ template: LabelTemplate) -> String {
    func number(_ value: Double) -> String { JSONValue.format((value * 1000).rounded() / 1000) }
    let size = template.shape.size
    var text = "{\"name\": \(JSONValue.quote(template.name)), "
    text += "\"brand\": \(JSONValue.quote(template.brand)), "
    text += "\"part\": \(JSONValue.quote(template.part)), "
    text += "\"description\": \(JSONValue.quote(template.description)), "
    text += "\"paper\": \(JSONValue.quote(template.paperName)), "
    text += "\"pageSize\": [\(number(Double(template.pageSize.width))), "
    text += "\(number(Double(template.pageSize.height)))], "
    text += "\"shape\": \(JSONValue.quote(template.shape.kindName)), "
    text += "\"labelSize\": [\(number(Double(size.width))), \(number(Double(size.height)))], "
    text += "\"labels\": \(template.labelsPerSheet)"
    if let target = template.equivalentOf {
      text += ", \"equivalentOf\": \(JSONValue.quote(target))"
    }
    return text + "}"
  }
}

/// The template database from `--templates-dir`, `$TEXTFLOW_TEMPLATES` or the system.
func loadTemplates(_ parsed: ParsedArguments) throws(CommandError) -> TemplateDatabase {
  let database: TemplateDatabase
  do {
    database = try TemplateDatabase.load(parsed.values["--templates-dir"])
  } catch {
    throw .failure("\(error)")
  }
  for skipped in database.skippedUserFiles {
    printError("textflow: warning: \(skipped); the file is left out")
  }
  return database
}
