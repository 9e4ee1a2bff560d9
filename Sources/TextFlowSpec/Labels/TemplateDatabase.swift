// gLabels' template database: the product files (*-templates.xml) and paper-sizes.xml, as
// Debian's glabels-data installs them, read with FoundationXML into `LabelTemplate`s.
import Foundation
import TextFlow

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Why the template database could not be read or a template not found.
public struct TemplateError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The message, naming the file and line, or the name that was asked for.
  public var description: String

  /// An error with a message.
  public init(_ description: String) { self.description = description }
}

/// gLabels' label templates, loaded from a folder of its XML files.
///
/// ```swift
/// let database = try TemplateDatabase.load()     // the system's glabels-data
/// let avery = try database.template(named: "Avery L7160")
/// ```
public struct TemplateDatabase: Sendable {
  /// Every template, definitions and `equiv` aliases, in file order.
  public private(set) var templates: [LabelTemplate]
  /// Paper sizes by id ("A4" → 595.28 × 841.89).
  public private(set) var paperSizes: [String: CGSize]
  /// The user's template files that could not be read, left out as gLabels leaves them out:
  /// one broken file of the user's must not stop every product from being used.
  public private(set) var skippedUserFiles: [TemplateError] = []
  /// The folder the files were read from.
  public let directory: String

  /// The environment variable naming the template folder.
  public static let environmentVariable = "TEXTFLOW_TEMPLATES"

  /// Where gLabels' data is looked for when neither a folder nor the environment names one.
  public static let standardDirectories = [
    "/usr/share/libglabels-3.0/templates", "/usr/local/share/libglabels-3.0/templates",
    "/usr/share/glabels-qt/templates",
  ]

  /// The folder to read: `directory`, else `$TEXTFLOW_TEMPLATES`, else the first standard
  /// folder that holds paper-sizes.xml.
  ///
  /// - Throws: `TemplateError` naming the Debian package when no database is found.
  public static func locate(_ directory: String? = nil) throws(TemplateError) -> String {
    let candidates: [String]
    if let directory {
      candidates = [directory]
    } else if let variable = ProcessInfo.processInfo.environment[environmentVariable],
      !variable.isEmpty
    {
      candidates = [variable]
    } else {
      candidates = standardDirectories
    }
    for candidate in candidates
    where FileManager.default.fileExists(
      atPath: (candidate as NSString).appendingPathComponent("paper-sizes.xml"))
    {
      return candidate
    }
    throw TemplateError(
      "no gLabels template database (paper-sizes.xml) in \(candidates.joined(separator: ", ")); "
        + "install Debian's glabels-data package (scripts/setup does) or give --templates-dir "
        + "DIR or \(environmentVariable)=DIR")
  }

  /// gLabels' folder of the user's own templates, where its template designer saves them (one
  /// `*.template` file each): `$XDG_CONFIG_HOME/libglabels/templates`, else
  /// `~/.config/libglabels/templates`.
  public static var userDirectory: String {
    let environment = ProcessInfo.processInfo.environment
    let config =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (NSHomeDirectory() as NSString).appendingPathComponent(".config")
    return (config as NSString).appendingPathComponent("libglabels/templates")
  }

  /// Loads paper-sizes.xml and every template file (`*-templates.xml` and `*.template`, as
  /// gLabels reads them) in the folder `locate(directory)` finds. When the folder is the
  /// system's (neither `directory` nor `$TEXTFLOW_TEMPLATES` names one), the user's own
  /// templates in `userDirectory` are read first, as gLabels does, in the category
  /// "user-defined"; a name there comes before the same name in the system's files.
  ///
  /// - Throws: `TemplateError` for a missing database, a folder without template files (naming
  ///   the `.xml` files whose names gLabels does not read), or a malformed file (with its line).
  public static func load(_ directory: String? = nil) throws(TemplateError) -> TemplateDatabase {
    let folder = try locate(directory)
    let papers = try PaperSizeReader.read(
      path: (folder as NSString).appendingPathComponent("paper-sizes.xml"))
    var database = TemplateDatabase(templates: [], paperSizes: papers, directory: folder)
    let variable = ProcessInfo.processInfo.environment[environmentVariable] ?? ""
    let user = userDirectory
    if directory == nil, variable.isEmpty, user != folder,
      FileManager.default.fileExists(atPath: user)
    {
      for path in try templateFiles(in: user) {
        do {
          var templates = try TemplateFileReader.read(path: path, paperSizes: papers)
          for index in templates.indices { templates[index].categories.append("user-defined") }
          database.templates += templates
        } catch {
          database.skippedUserFiles.append(error)
        }
      }
    }
    let files = try templateFiles(in: folder)
    for path in files {
      database.templates += try TemplateFileReader.read(path: path, paperSizes: papers)
    }
    if files.isEmpty, database.templates.isEmpty {
      // Said, rather than "no template 'X 1'" for a template the folder holds in a file whose
      // name gLabels does not read (my-labels.xml).
      let others = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
      let unread = others.filter { $0.hasSuffix(".xml") && $0 != "paper-sizes.xml" }.sorted()
      throw TemplateError(
        "\(folder) has no template files (gLabels reads *-templates.xml and *.template)"
          + (unread.isEmpty ? "" : "; not read: \(unread.joined(separator: ", "))"))
    }
    try database.resolveEquivalents()
    return database
  }

  /// The paths of `folder`'s template files, by name.
  private static func templateFiles(in folder: String) throws(TemplateError) -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasSuffix("-templates.xml") || $0.hasSuffix(".template") }.sorted()
        .map { (folder as NSString).appendingPathComponent($0) }
    } catch {
      throw TemplateError("cannot list \(folder): \(error.localizedDescription)")
    }
  }

  /// Parses template XML from memory (for tests and single files); `equiv` aliases resolve
  /// within `data`.
  public static func parse(
    _ data: Data, file: String, paperSizes: [String: CGSize]
  ) throws(TemplateError) -> TemplateDatabase {
    var database = TemplateDatabase(
      templates: try TemplateFileReader.read(data: data, file: file, paperSizes: paperSizes),
      paperSizes: paperSizes, directory: (file as NSString).deletingLastPathComponent)
    try database.resolveEquivalents()
    return database
  }

  private init(templates: [LabelTemplate], paperSizes: [String: CGSize], directory: String) {
    self.templates = templates
    self.paperSizes = paperSizes
    self.directory = directory
  }

  /// The definitions (templates that are not `equiv` aliases).
  public var definitions: [LabelTemplate] { templates.filter { $0.equivalentOf == nil } }

  /// Gives each alias its definition's geometry, paper and description (gLabels copies the
  /// whole definition and keeps only the alias's brand and part). An alias may name another
  /// alias (Herma 10801 → 4608 → 4102): the chain is followed to its definition.
  private mutating func resolveEquivalents() throws(TemplateError) {
    var byName: [String: Int] = [:]
    for (index, template) in templates.enumerated() {
      // The first of a name wins, as in `template(named:)`: the user's before the system's.
      let key = Self.key(template.brand, template.part)
      if byName[key] == nil { byName[key] = index }
    }
    let original = templates
    for index in templates.indices {
      guard let first = original[index].equivalentOf else { continue }
      let brand = original[index].brand
      var target = first
      var definition: Int?
      for _ in 0..<32 {
        guard let found = byName[Self.key(brand, target)] else { break }
        guard let next = original[found].equivalentOf else {
          definition = found
          break
        }
        target = next
      }
      guard let definition else {
        throw TemplateError(
          "\(original[index].source): \(original[index].name) is equivalent to \(brand) "
            + "\(first), which no file defines")
      }
      var copy = original[definition]
      copy.brand = brand
      copy.part = original[index].part
      copy.equivalentOf = first
      copy.source = original[index].source
      templates[index] = copy
    }
  }

  private static func key(_ brand: String, _ part: String) -> String {
    "\(brand.lowercased())\u{0}\(part.lowercased())"
  }

  private static func normalized(_ text: String) -> String {
    text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// The name without case, spaces and the punctuation part numbers are written with
  /// ("Avery-5160", "avery5160" and "LA 505" as "la505"): no two of the database's names
  /// are equal this way, so one that matches is the one the user meant.
  private static func compact(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { !Self.ignoredInNames.contains($0) })
  }

  private static let ignoredInNames = CharacterSet.whitespaces.union(
    CharacterSet(charactersIn: "-_./"))

  /// The template called `name`: "Brand Part" (case-insensitive, e.g. "avery l7160"), or the
  /// bare part number when only one brand has it; failing that, the one whose name or part
  /// is equal to `name` without spaces and the `-_./` of part numbers ("Avery-5160",
  /// "avery5160", "la505" for "Sigel LA 505"). Aliases resolve to their definition's geometry
  /// under their own name.
  ///
  /// - Throws: `TemplateError` when nothing matches (with close names) or a bare part is
  ///   ambiguous (listing the brands).
  public func template(named name: String) throws(TemplateError) -> LabelTemplate {
    let wanted = Self.normalized(name)
    if let match = templates.first(where: { Self.normalized($0.name) == wanted }) {
      return match
    }
    var byPart = templates.filter { Self.normalized($0.part) == wanted }
    if byPart.isEmpty {
      let compact = Self.compact(name)
      let byName = templates.filter { Self.compact($0.name) == compact }
      if byName.count == 1 { return byName[0] }
      byPart = templates.filter { Self.compact($0.part) == compact }
    }
    if byPart.count == 1 { return byPart[0] }
    if byPart.count > 1 {
      throw TemplateError(
        "'\(name)' is a part number of several brands: "
          + byPart.map { "'\($0.name)'" }.joined(separator: ", ") + "; give the brand too")
    }
    let close = search(name).prefix(5).map { "'\($0.name)'" }
    throw TemplateError(
      "no template '\(name)' in \(directory)"
        + (close.isEmpty
          ? "; run 'textflow templates' for the list"
          : "; did you mean \(close.joined(separator: ", "))?"))
  }

  /// Templates whose "brand part description" contains every word of `query`
  /// (case-insensitive), or whose name does without spaces and `-_./` ("avery-5160" finds
  /// "Avery 5160"); all of them for an empty query.
  public func search(_ query: String) -> [LabelTemplate] {
    let words = Self.normalized(query).split(separator: " ").map(String.init)
    guard !words.isEmpty else { return templates }
    return templates.filter { template in
      let haystack = Self.normalized("\(template.brand) \(template.part) \(template.description)")
      let compact = Self.compact(template.name)
      return words.allSatisfy { haystack.contains($0) || compact.contains(Self.compact($0)) }
    }
  }
}

/// Lengths as gLabels writes them: a number with an optional unit (pt, in, mm, cm, pc), points
/// when none is written. A unit or an empty value without a number reads as 0, as gLabels'
/// own reader (strtod) takes it: the database has `round="in"` and `x0=""`.
enum TemplateLength {
  /// Points per unit of the units gLabels writes ("63.5mm", "2.625in", "12pt").
  private static let units: [(name: String, points: Double)] = [
    ("pt", 1), ("in", 72), ("mm", 72 / 25.4), ("cm", 720 / 25.4), ("pc", 12),
  ]

  /// The length `text` gives, in points: a number with an optional unit (points without one),
  /// spaces around either allowed, an empty number 0; nil when the number does not parse.
  static func parse(_ text: String) -> Double? {
    // The database holds tens of thousands of ASCII lengths: read without Foundation (trimming
    // and lowercasing through it were half of loading every template). Any other text goes the
    // general way, which trims Unicode's spaces too.
    guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return parseUnicode(text) }
    let bytes = Array(text.utf8)
    func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    var lower = 0
    var upper = bytes.count
    while lower < upper, isSpace(bytes[lower]) { lower += 1 }
    while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
    var factor = 1.0
    if upper - lower >= 2 {
      // ASCII letters lowercased (OR 0x20 maps no other byte onto a letter).
      let suffix = (bytes[upper - 2] | 0x20, bytes[upper - 1] | 0x20)
      // Every unit's name is two letters.
      if let unit = units.first(where: {
        $0.name.utf8.first == suffix.0 && $0.name.utf8.last == suffix.1
      }) {
        factor = unit.points
        upper -= 2
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
      }
    }
    if lower == upper { return 0 }
    guard let number = Double(String(decoding: bytes[lower..<upper], as: UTF8.self)),
      number.isFinite
    else { return nil }
    return number * factor
  }

  private static func parseUnicode(_ text: String) -> Double? {
    var body = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
    var factor = 1.0
    for unit in units where body.hasSuffix(unit.name) {
      body = body.dropLast(unit.name.count)
      factor = unit.points
      break
    }
    let digits = body.trimmingCharacters(in: .whitespaces)
    if digits.isEmpty { return 0 }
    guard let number = Double(digits), number.isFinite else { return nil }
    return number * factor
  }
}

/// Reads paper-sizes.xml: `Paper-size id width height`.
/// What is wrong with the XML `parser` read ("12: malformed XML: …", its line first), or nil
/// when it read a whole document. Foundation's `parse()` on Linux returns true for a file cut
/// short (a half-copied template file) though the parser reported an error at its end: the
/// error is asked too, or the templates before the cut were taken for the whole file.
private func malformedXML(_ parser: XMLParser, parsed: Bool) -> String? {
  guard !parsed || parser.parserError != nil else { return nil }
  let reason =
    parsed
    ? "the file ends before its document does (cut short?)"
    : parser.parserError?.localizedDescription ?? "parse error"
  return "\(parser.lineNumber): malformed XML: \(reason)"
}

private final class PaperSizeReader: NSObject, XMLParserDelegate {
  var sizes: [String: CGSize] = [:]
  var failure: TemplateError?
  let file: String
  weak var parser: XMLParser?

  init(file: String) { self.file = file }

  static func read(path: String) throws(TemplateError) -> [String: CGSize] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TemplateError("cannot read \(path)")
    }
    let reader = PaperSizeReader(file: path)
    let parser = XMLParser(data: data)
    reader.parser = parser
    parser.delegate = reader
    let ok = parser.parse()
    if let failure = reader.failure { throw failure }
    if let problem = malformedXML(parser, parsed: ok) { throw TemplateError("\(path):\(problem)") }
    return reader.sizes
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    guard elementName == "Paper-size", failure == nil else { return }
    guard let id = attributes["id"], let width = attributes["width"].flatMap(TemplateLength.parse),
      let height = attributes["height"].flatMap(TemplateLength.parse)
    else {
      failure = TemplateError(
        "\(file):\(parser.lineNumber): Paper-size needs id, width and height with units")
      parser.abortParsing()
      return
    }
    sizes[id] = CGSize(width: width, height: height)
  }
}

/// Reads one *-templates.xml file.
private final class TemplateFileReader: NSObject, XMLParserDelegate {
  let file: String
  let paperSizes: [String: CGSize]
  var templates: [LabelTemplate] = []
  var failure: TemplateError?

  // The template being read.
  private var current: LabelTemplate?
  private var currentLine = 0
  private var hasShape = false

  /// The file's name, as each template's `source` names it (found once, not per template).
  private let fileName: String

  init(file: String, paperSizes: [String: CGSize]) {
    self.file = file
    fileName = (file as NSString).lastPathComponent
    self.paperSizes = paperSizes
  }

  static func read(path: String, paperSizes: [String: CGSize]) throws(TemplateError)
    -> [LabelTemplate]
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw TemplateError("cannot read \(path)")
    }
    return try read(data: data, file: path, paperSizes: paperSizes)
  }

  static func read(data: Data, file: String, paperSizes: [String: CGSize]) throws(TemplateError)
    -> [LabelTemplate]
  {
    let reader = TemplateFileReader(file: file, paperSizes: paperSizes)
    let parser = XMLParser(data: data)
    parser.delegate = reader
    let ok = parser.parse()
    if let failure = reader.failure { throw failure }
    if let problem = malformedXML(parser, parsed: ok) { throw TemplateError("\(file):\(problem)") }
    return reader.templates
  }

  private func fail(_ parser: XMLParser, _ message: String) {
    guard failure == nil else { return }
    failure = TemplateError("\(file):\(parser.lineNumber): \(message)")
    parser.abortParsing()
  }

  private func length(
    _ parser: XMLParser, _ attributes: [String: String], _ name: String, element: String,
    default defaultValue: Double? = nil
  ) -> Double? {
    guard let text = attributes[name] else {
      if defaultValue == nil { fail(parser, "\(element) needs \(name)") }
      return defaultValue
    }
    guard let value = TemplateLength.parse(text), value >= 0 else {
      fail(
        parser,
        "\(element) \(name)=\"\(text)\" is not a length (a number with pt, in, mm, cm "
          + "or pc)")
      return nil
    }
    return value
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    guard failure == nil else { return }
    switch elementName {
    case "Template":
      startTemplate(parser, attributes)
    case "Meta":
      if let category = attributes["category"] { current?.categories.append(category) }
    case "Label-rectangle", "Label-round", "Label-ellipse", "Label-cd":
      startShape(parser, elementName, attributes)
    case "Markup-margin":
      guard current != nil else { return }
      if let size = length(parser, attributes, "size", element: elementName) {
        current?.margin = size
      }
    case "Layout":
      startLayout(parser, attributes)
    default:
      // Markup-line, Markup-circle, Markup-rect and Markup-ellipse are editing guides that
      // gLabels never prints; the root and unknown elements carry nothing a sheet needs.
      break
    }
  }

  private func startTemplate(_ parser: XMLParser, _ attributes: [String: String]) {
    guard let brand = attributes["brand"], let part = attributes["part"] else {
      fail(parser, "Template needs brand and part")
      return
    }
    currentLine = parser.lineNumber
    hasShape = false
    let source = "\(fileName):\(currentLine)"
    if let equiv = attributes["equiv"] {
      // The geometry comes from the definition once every file is read.
      current = LabelTemplate(
        brand: brand, part: part, description: "", paperName: "", pageSize: .zero,
        equivalentOf: equiv, shape: .rectangle(width: 0, height: 0, cornerRadius: 0), grids: [],
        source: source)
      hasShape = true
      return
    }
    guard let paper = attributes["size"] else {
      fail(parser, "Template \(brand) \(part) needs size (a paper id or Other)")
      return
    }
    var pageSize: CGSize
    if let known = paperSizes[paper] {
      pageSize = known
    } else if paper == "Other" || paper == "roll" {
      guard let width = length(parser, attributes, "width", element: "Template"),
        let height = length(parser, attributes, "height", element: "Template")
      else { return }
      pageSize = CGSize(width: width, height: height)
    } else {
      fail(parser, "Template \(brand) \(part): unknown paper size '\(paper)'")
      return
    }
    if paper != "Other", let width = attributes["width"].flatMap(TemplateLength.parse),
      let height = attributes["height"].flatMap(TemplateLength.parse)
    {
      pageSize = CGSize(width: width, height: height)
    }
    current = LabelTemplate(
      brand: brand, part: part,
      description: attributes["_description"] ?? attributes["description"] ?? "",
      paperName: paper, pageSize: pageSize, shape: .rectangle(width: 0, height: 0, cornerRadius: 0),
      grids: [], source: source)
  }

  private func startShape(
    _ parser: XMLParser, _ element: String, _ attributes: [String: String]
  ) {
    guard current != nil, current?.equivalentOf == nil else {
      fail(parser, "\(element) outside a Template definition")
      return
    }
    guard !hasShape else {
      fail(parser, "\(current?.name ?? "Template") has more than one label shape")
      return
    }
    hasShape = true
    let waste = length(parser, attributes, "waste", element: element, default: 0) ?? 0
    let xWaste = length(parser, attributes, "x_waste", element: element, default: waste) ?? 0
    let yWaste = length(parser, attributes, "y_waste", element: element, default: waste) ?? 0
    current?.waste = CGSize(width: xWaste, height: yWaste)
    switch element {
    case "Label-rectangle":
      guard let width = length(parser, attributes, "width", element: element),
        let height = length(parser, attributes, "height", element: element)
      else { return }
      let round = length(parser, attributes, "round", element: element, default: 0) ?? 0
      current?.shape = .rectangle(width: width, height: height, cornerRadius: round)
    case "Label-round":
      guard let radius = length(parser, attributes, "radius", element: element) else { return }
      current?.shape = .round(radius: radius)
    case "Label-ellipse":
      guard let width = length(parser, attributes, "width", element: element),
        let height = length(parser, attributes, "height", element: element)
      else { return }
      current?.shape = .ellipse(width: width, height: height)
    default:
      guard let radius = length(parser, attributes, "radius", element: element),
        let hole = length(parser, attributes, "hole", element: element)
      else { return }
      let width =
        attributes["width"] == nil
        ? nil : length(parser, attributes, "width", element: element)
      let height =
        attributes["height"] == nil
        ? nil : length(parser, attributes, "height", element: element)
      current?.shape = .cd(radius: radius, hole: hole, width: width, height: height)
    }
  }

  private func startLayout(_ parser: XMLParser, _ attributes: [String: String]) {
    guard current != nil, hasShape else {
      fail(parser, "Layout outside a label shape")
      return
    }
    guard let nx = attributes["nx"].flatMap({ Int($0) }), nx > 0,
      let ny = attributes["ny"].flatMap({ Int($0) }), ny > 0
    else {
      fail(parser, "Layout needs nx and ny, whole numbers above 0")
      return
    }
    guard let x0 = length(parser, attributes, "x0", element: "Layout", default: 0),
      let y0 = length(parser, attributes, "y0", element: "Layout", default: 0),
      let dx = length(parser, attributes, "dx", element: "Layout", default: 0),
      let dy = length(parser, attributes, "dy", element: "Layout", default: 0)
    else { return }
    current?.grids.append(
      LabelTemplate.Grid(columns: nx, rows: ny, x0: x0, y0: y0, dx: dx, dy: dy))
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    guard failure == nil, elementName == "Template", let template = current else { return }
    if template.equivalentOf == nil {
      guard template.shape.size.width > 0 || template.shape.size.height > 0 else {
        fail(parser, "Template \(template.name) (line \(currentLine)) has no label shape")
        return
      }
      guard !template.grids.isEmpty else {
        fail(parser, "Template \(template.name) (line \(currentLine)) has no Layout")
        return
      }
    }
    templates.append(template)
    current = nil
  }
}
