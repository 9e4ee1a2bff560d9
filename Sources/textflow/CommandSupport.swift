// What the subcommands share: option parsing, reading an input file or standard input, writing a
// rendered picture to a file or standard output, and a progress bar for a terminal.
import Foundation
import TextFlow
import TextFlowRendering
import TextFlowSpec

/// A usage error (exit status 2) or a failure (exit status 1), with the message for stderr.
struct CommandError: Error, CustomStringConvertible {
  var message: String
  var status: Int32
  var showsUsage: Bool
  var description: String { message }

  static func usage(_ message: String) -> CommandError {
    CommandError(message: message, status: 2, showsUsage: true)
  }
  static func failure(_ message: String) -> CommandError {
    CommandError(message: message, status: 1, showsUsage: false)
  }
}

/// Parsed command-line arguments: `--name value` options, `--flag`s and positional arguments.
struct ParsedArguments {
  var values: [String: String] = [:]
  var flags: Set<String> = []
  var positionals: [String] = []

  /// Parses `arguments`; `valued` options take the next argument, `flags` take none. `-` is a
  /// positional (standard input or output); `--` ends the options. With
  /// `singleDashIsPositional`, only `--` starts an option, so that a text such as "-5 °C" is a
  /// positional.
  init(
    _ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>,
    singleDashIsPositional: Bool = false
  ) throws(CommandError) {
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || argument == "-" || !argument.hasPrefix("-")
        || (singleDashIsPositional && !argument.hasPrefix("--"))
      {
        positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      var name = argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if valued.contains(name) {
        if let inlineValue {
          values[name] = inlineValue
        } else {
          guard index < arguments.count else { throw .usage("option \(name) needs a value") }
          values[name] = arguments[index]
          index += 1
        }
      } else if allowedFlags.contains(name), inlineValue == nil {
        flags.insert(name)
      } else {
        let hint = Self.nearestOption(to: name, among: valued.union(allowedFlags))
        throw .usage("unknown option '\(argument)'\(hint.map { " (did you mean \($0)?)" } ?? "")")
      }
    }
  }

  /// The command's option a user most likely meant by `name`: one spelt within the spec keys'
  /// distance (`--templat`, `--max-widht`), else the one option whose name ends in it, as
  /// another tool's name for it may (pango-view's `--width` is `--max-width` here).
  static func nearestOption(to name: String, among known: Set<String>) -> String? {
    let candidates = known.sorted()
    if let near = Spelling.suggestion(for: name, among: candidates) { return near }
    let bare = name.drop { $0 == "-" }
    guard !bare.isEmpty else { return nil }
    let endings = candidates.filter { $0.hasSuffix("-\(bare)") }
    return endings.count == 1 ? endings[0] : nil
  }

  /// A number option in `range`.
  func number(_ name: String, in range: ClosedRange<Double>) throws(CommandError) -> Double? {
    guard let text = values[name] else { return nil }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw .usage(
        "\(name) must be a number from \(JSONValue.format(range.lowerBound)) to \(JSONValue.format(range.upperBound)), got '\(text)'"
      )
    }
    return value
  }

  /// An integer option in `range`.
  func integer(_ name: String, in range: ClosedRange<Int>) throws(CommandError) -> Int? {
    guard let text = values[name] else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw .usage(
        "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
      )
    }
    return value
  }

  /// `--jobs N`: how many threads a batch command works on (default the available cores).
  func jobs() throws(CommandError) -> Int {
    try integer("--jobs", in: 1...1024) ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
  }

  /// A color option.
  func color(_ name: String) throws(CommandError) -> Color? {
    guard let text = values[name] else { return nil }
    do {
      return try Color(parsing: text)
    } catch {
      throw .usage("\(name): \(error)")
    }
  }

  /// An enumeration option.
  func choice<E: RawRepresentable & CaseIterable>(_ name: String, _ type: E.Type)
    throws(CommandError) -> E?
  where E.RawValue == String {
    guard let text = values[name] else { return nil }
    guard let value = E(rawValue: text) else {
      throw .usage(
        "\(name) must be one of \(E.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text)'"
      )
    }
    return value
  }
}

/// The folder a document read by `readInput(source)` names its relative paths from (a spec's
/// or a design's fonts): the file's folder, or nil for standard input (`-`), whose paths are the
/// working directory's.
func documentFolder(_ source: String) -> URL? {
  source == "-" ? nil : URL(fileURLWithPath: source).deletingLastPathComponent()
}

/// Reads a file, or standard input for `-`, of at most `limit` bytes.
func readInput(_ source: String, limit: Int = maximumInputSize) throws(CommandError) -> Data {
  var isDirectory: ObjCBool = false
  if source != "-" {
    guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else {
      throw .failure("cannot read \(source): no such file")
    }
    guard !isDirectory.boolValue else { throw .failure("cannot read \(source): is a directory") }
  }
  // At most one byte more than the limit, so that /dev/zero or an endless pipe is refused
  // instead of filling memory. Read with read(2), whose errno gives the system's reason
  // (Foundation's FileHandle said "NSCocoaErrorDomain error 256" for standard input that is a
  // folder).
  let name = source == "-" ? "<stdin>" : source
  let descriptor = source == "-" ? 0 : open(source, O_RDONLY | O_CLOEXEC)
  guard descriptor >= 0 else {
    throw .failure("cannot read \(name): \(String(cString: strerror(errno)))")
  }
  defer { if source != "-" { close(descriptor) } }
  var data = Data()
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while data.count <= limit {
    let wanted = min(chunk.count, limit + 1 - data.count)
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
    if count < 0 {
      if errno == EINTR { continue }
      throw .failure("cannot read \(name): \(String(cString: strerror(errno)))")
    }
    if count == 0 { break }
    data.append(contentsOf: chunk[0..<count])
  }
  guard data.count <= limit else {
    throw .failure(
      "\(source == "-" ? "<stdin>" : source) is larger than \(limit) bytes; "
        + "at most that much is read")
  }
  return data
}

/// Refuses, as a usage error before anything is read, an output that names one of the
/// command's input files (however the path is written: a symlink or another spelling is the
/// same file): writing it would replace the user's spec, records or words with the drawing or
/// the JSON. Standard input and output (`-`) and files that do not exist yet never clash. The
/// outputs whose flags are in `paged` are a file a page when their name has a page number
/// (`-o sheet-%d.pdf`): an input named as one of those pages would be replaced by it.
func refuseOutputsOverInputs(
  _ outputs: [(flag: String, path: String?)], inputs: [(what: String, path: String?)],
  paged: Set<String> = []
) throws(CommandError) {
  for case (let flag, let written?) in outputs where written != "-" {
    let pages = paged.contains(flag) ? try PageFileName.parse(canonicalPath(written)) : nil
    for case (let what, let input?) in inputs where input != "-" {
      if let pages {
        // The input's name, and the name of the file it links to.
        let names = [canonicalPath(input), realPath(input)].compactMap { $0 }
        if let page = names.lazy.compactMap(pages.page(named:)).first {
          throw .usage(
            "\(flag) \(written) names page \(page) as the \(what) file \(input); writing it "
              + "would replace it")
        }
        // A page file already there that links to the input: a page is written through its
        // link (`AtomicFile`), so drawing that page would replace the input.
        if let page = pageLinking(to: input, among: pages) {
          throw .usage(
            "\(flag) \(written): page \(page), \(pages.path(page: page)), links to the \(what) "
              + "file \(input); writing it would replace it")
        }
      } else if isSameFile(written, input) {
        throw .usage(
          "\(flag) \(written) is the \(what) file \(input); writing it would replace it")
      }
    }
  }
}

/// The page of `pages` (a canonical name, `canonicalPath`) whose file exists as a symbolic link
/// to `input`, or nil. The folder is listed once: pages may be numbered past any count.
private func pageLinking(to input: String, among pages: PageFileName) -> Int? {
  let folder = String(pages.prefix.unicodeScalars[..<PageFileName.fileNameStart(of: pages.prefix)])
  guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
    return nil
  }
  for entry in entries {
    let path = folder + entry
    var info = stat()
    guard let page = pages.page(named: path), lstat(path, &info) == 0,
      info.st_mode & S_IFMT == S_IFLNK, isSameFile(path, input)
    else { continue }
    return page
  }
  return nil
}

/// The absolute path of the existing file `path` names, every symbolic link resolved; nil when
/// there is none.
func realPath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}

/// Refuses, as a usage error before anything is read, a second output that names the first
/// one's file, or a page of it when its name has a page number (`labels -o sheet.pdf --report
/// sheet.pdf`, `-o page-%d.pdf --report page-1.pdf`), or both standard output (`-`): the one
/// written last replaced the other, or followed it in one stream, and the run said it wrote
/// both. Files that do not exist yet are compared by their folder's real path and their name.
func refuseOutputOverOutput(
  _ second: (flag: String, path: String?), over first: (flag: String, path: String?)
) throws(CommandError) {
  guard let written = second.path, let drawn = first.path else { return }
  if written == "-" || drawn == "-" {
    // Both to standard output made one stream of a drawing and the JSON after it.
    guard written == drawn else { return }
    throw .usage(
      "\(second.flag) - and \(first.flag) - would both write standard output, one after the "
        + "other; send one to a file")
  }
  let target = canonicalPath(written)
  if let pages = try PageFileName.parse(canonicalPath(drawn)) {
    if let page = pages.page(named: target) {
      throw .usage(
        "\(second.flag) \(written) is the name \(first.flag) \(drawn) gives page \(page); "
          + "writing both would replace one with the other")
    }
  } else if target == canonicalPath(drawn) || isSameFile(written, drawn) {
    throw .usage(
      "\(second.flag) \(written) is the \(first.flag) file \(drawn); writing both would "
        + "replace one with the other")
  }
}

/// `path` absolute, with its folder's symbolic links, `.` and `..` resolved (when the folder
/// exists), so that two spellings of a file that does not exist yet compare equal.
func canonicalPath(_ path: String) -> String {
  let url = URL(fileURLWithPath: path).standardizedFileURL
  guard let folder = realpath(url.deletingLastPathComponent().path, nil) else { return url.path }
  defer { free(folder) }
  return URL(fileURLWithPath: String(cString: folder)).appendingPathComponent(
    url.lastPathComponent
  ).path
}

/// Makes the folder `path` and the missing folders above it, as `mkdir -p` does. A failure
/// names the folder that could not be made and the system's reason ("Read-only file system",
/// "Not a directory" for a file in the way), not Foundation's words for it ("The volume is read
/// only").
func makeFolder(_ path: String) throws(CommandError) {
  var info = stat()
  if stat(path, &info) == 0 {
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw .failure("cannot create \(path): \(String(cString: strerror(ENOTDIR)))")
    }
    return
  }
  // As typed: a relative folder's parent stays relative in the message.
  let parent = (path as NSString).deletingLastPathComponent
  if !parent.isEmpty, parent != path { try makeFolder(parent) }
  guard mkdir(path, 0o777) != 0 else { return }
  let code = errno
  // EEXIST with no folder to stat: a link to nothing (as `mkdir -p` says, "File exists"); or a
  // folder made meanwhile by another process, which is what was asked.
  guard code == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
    throw .failure("cannot create \(path): \(String(cString: strerror(code)))")
  }
}

/// True when `first` and `second` name one existing file (one device and inode), however
/// the paths are written.
func isSameFile(_ first: String, _ second: String) -> Bool {
  var a = stat()
  var b = stat()
  guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino
}

/// The largest input file or standard input a command reads (64 MiB, `LayoutSpec`'s limit).
let maximumInputSize = LayoutSpec.maximumJSONSize

/// Reads UTF-8 text from a file or standard input.
func readText(_ source: String) throws(CommandError) -> String {
  let data = try readInput(source)
  // The standard library's validation, not Foundation's `String(data:encoding:)`, which decoded
  // a file of labels at several hundred instructions a byte; a leading byte-order mark is
  // dropped as Foundation drops it.
  guard var text = String(validating: data, as: UTF8.self) else {
    let place = NotUTF8(data).map { ": \($0)" } ?? ": not UTF-8 text"
    throw .failure("\(source == "-" ? "<stdin>" : source)\(place)")
  }
  if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
  return text
}

/// The bundled typesetter with `paragraphCache`, or a failure naming the font that did not
/// load.
func loadTypesetter(paragraphCache: ParagraphCache = ParagraphCache()) throws(CommandError)
  -> Typesetter
{
  do {
    return try FontOptions.typesetter(paragraphCache: paragraphCache)
  } catch {
    throw .failure("\(error)")
  }
}

/// What an output argument asks for: a rendered format or JSON.
enum OutputKind: Equatable {
  case rendered(OutputFormat)
  case json
}

/// The output kind for `-o PATH` and `--format NAME` (the format wins; else the extension; for
/// standard output or no -o, `defaultKind`).
func outputKind(path: String?, format: String?, default defaultKind: OutputKind)
  throws(CommandError)
  -> OutputKind
{
  if let format {
    if format == "json" { return .json }
    guard let rendered = OutputFormat(rawValue: format) else {
      throw .usage("--format must be png, pdf, svg or json, got '\(format)'")
    }
    return .rendered(rendered)
  }
  guard let path, path != "-" else { return defaultKind }
  let ext = URL(fileURLWithPath: path).pathExtension
  if ext.lowercased() == "json" { return .json }
  guard let rendered = OutputFormat(pathExtension: ext) else {
    throw .usage(
      "cannot tell the format of '\(path)' (use .png, .pdf, .svg or .json, or --format)")
  }
  return .rendered(rendered)
}

/// Why `path` may not be written: a font the run measured its text with was read from it (a
/// spec style's `"font": "my.ttf"` or `--font my.ttf` named again as `-o`), which the output
/// would replace; nil when it may. Known only once the text is laid out, so asked just before
/// an output replaces its file.
func fontFileProblem(_ path: String) -> String? {
  guard path != "-", FontFace.isLoaded(fromFileAt: path) else { return nil }
  return "it is a font file the text was measured with; writing it would replace it"
}

/// Writes text to a file, or to standard output for nil or `-` (nothing, and an error, when
/// `--strict` refuses the output: `FontOptions.checkBeforeOutput()`, or when the file is a
/// font the text was measured with: `fontFileProblem(_:)`).
func writeText(_ text: String, to path: String?) throws(CommandError) {
  try FontOptions.checkBeforeOutput()
  let data = Data((text.hasSuffix("\n") ? text : text + "\n").utf8)
  guard let path, path != "-" else {
    Console.out(data)
    return
  }
  if let problem = fontFileProblem(path) { throw .failure("cannot write \(path): \(problem)") }
  do {
    try AtomicFile.write(data, to: path, durable: durableOutput)
  } catch {
    throw .failure("\(error)")
  }
}

/// A text output opened before the work that fills it, so that one that cannot be written (a
/// missing or read-only folder, a directory) fails the run before another output is committed;
/// nil for standard output (`-`), which `writeText(_:to:)` takes by name.
func openTextOutput(_ path: String?) throws(CommandError) -> AtomicFile? {
  guard let path, path != "-" else { return nil }
  do {
    return try AtomicFile(path: path)
  } catch {
    throw .failure("\(error)")
  }
}

/// Writes text to an output opened by `openTextOutput(_:)` and commits it, or adds it to
/// `group` for the caller's commit with its other outputs (nothing, and an error, when
/// `--strict` refuses the output).
func writeText(_ text: String, to file: AtomicFile, group: AtomicFileGroup? = nil)
  throws(CommandError)
{
  try FontOptions.checkBeforeOutput()
  if let problem = fontFileProblem(file.path) {
    file.discard()
    throw .failure("cannot write \(file.path): \(problem)")
  }
  do {
    try file.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    if let group {
      try group.add(file, durable: durableOutput)
    } else {
      try file.commit(durable: durableOutput)
    }
  } catch {
    throw .failure("\(error)")
  }
}

/// True when TEXTFLOW_FSYNC=1 asks for outputs flushed to the disk before they replace their
/// targets (`AtomicFile.commit(durable:)`).
let durableOutput = ProcessInfo.processInfo.environment["TEXTFLOW_FSYNC"] == "1"

/// Renders a scene to `path`, or to standard output for `-` (through a temporary file, as Cairo
/// needs the whole PNG or the finished PDF before it can be sent; the file is removed however
/// the command ends).
@discardableResult
func writeRendered(_ scene: Scene, to path: String, options: RenderOptions) throws(CommandError)
  -> RenderSummary
{
  try writeRendered(to: path, options: options) { path, options throws(RenderingError) in
    try Renderer.render(scene, to: path, options: options)
  }
}

/// Writes what `render` draws to `path` (as `writeRendered(_:to:options:)` does a scene), with
/// a progress bar. The drawing replaces `path`, or is sent to standard output, only once
/// `--strict` has let it through (`FontOptions.checkBeforeOutput()`), after the last text it
/// lays out, and when `path` is no font file that text was measured with (`fontFileProblem`).
@discardableResult
func writeRendered(
  to path: String, options: RenderOptions,
  render: (String, RenderOptions) throws(RenderingError) -> RenderSummary
) throws(CommandError) -> RenderSummary {
  var options = options
  options.durable = durableOutput
  options.commitCheck = { FontOptions.strictError()?.message ?? fontFileProblem(path) }
  // A refusal by `--strict` gets the command's own message, not "cannot render PATH: …".
  func failure(_ error: RenderingError) -> CommandError {
    if let refusal = FontOptions.strictError(), refusal.message == error.reason { return refusal }
    return .failure("\(error)")
  }
  let progress = ProgressBar(label: "rendering")
  options.progress = { done, total in progress.update(done, of: total) }
  defer { progress.finish() }
  if path != "-" {
    do {
      return try render(path, options)
    } catch {
      throw failure(error)
    }
  }
  let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
    "textflow-\(UUID().uuidString).\(options.format.rawValue)"
  ).path
  var summary: RenderSummary
  do {
    summary = try render(temporary, options)
  } catch {
    // The temporary file is the command's, not the user's: named, it would read as an output
    // the user had asked for ("cannot render /tmp/textflow-58E1….pdf: No space left on device").
    guard error.path == temporary else { throw failure(error) }
    if let writeError = error.writeError {
      let folder = (temporary as NSString).deletingLastPathComponent
      throw .failure(
        "cannot write standard output: the drawing is made in a temporary file in \(folder) "
          + "(TMPDIR) before it is sent, and that failed: \(writeError.reason)")
    }
    var named = error
    named.path = "standard output"
    throw failure(named)
  }
  // Opened and removed at once: the open descriptor keeps the bytes until they are sent.
  let file = open(temporary, O_RDONLY | O_CLOEXEC)
  unlink(temporary)
  guard file >= 0 else {
    throw .failure("cannot read back \(temporary): \(String(cString: strerror(errno)))")
  }
  defer { close(file) }
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    guard count > 0 else { break }
    Console.out(Data(chunk[0..<count]))
  }
  summary.path = "-"
  return summary
}

/// Draws `count` pages (sheets): into one PDF, or one file a page when `output` has a page
/// number (`PageFileName`: `%d` or `%03d`, from 1) in any format, so "sheet-%d.pdf" is a PDF a
/// sheet. A PNG or SVG name without one takes a single page; more pages are a usage error that
/// says to put `%d` in the name (keeping the first sheet only would drop labels with exit
/// status 0). The files replace the previous ones together once every page is drawn (a full
/// disk at the third page keeps all the previous pages, not new first pages beside old later
/// ones), or wait in `group` for the caller's commit with its other outputs. PNG pages are
/// compressed on `jobs` threads while the next are drawn (the caller's `group` is made so).
/// Returns what was written, for the note on standard error.
func writePages(
  _ pages: some Sequence<Scene>, pageCount count: Int, to output: String, options: RenderOptions,
  jobs: Int, group: AtomicFileGroup? = nil
) throws(CommandError) -> String {
  var options = options
  let ownGroup = group == nil ? AtomicFileGroup(encodingThreads: jobs) : nil
  if output != "-" { options.commitGroup = group ?? ownGroup }
  let name = try PageFileName.parse(output)
  guard let name else {
    guard options.format == .pdf || count == 1 else {
      throw pagesDoNotFit(count, options.format)
    }
    let summary = try writeRendered(to: output, options: options) {
      path, options throws(RenderingError) in
      try Renderer.render(pages: pages, expectedPageCount: count, to: path, options: options)
    }
    if let ownGroup { try commitOutputs(ownGroup) }
    return output == "-" ? "- (\(counted(summary.pageCount, "page")))" : describe(summary)
  }
  var names: [String] = []
  for (index, page) in pages.enumerated() {
    let path = name.path(page: index + 1)
    try writeRendered(to: path, options: options) { path, options throws(RenderingError) in
      try Renderer.render(pages: CollectionOfOne(page), to: path, options: options)
    }
    names.append(path)
  }
  if let ownGroup { try commitOutputs(ownGroup) }
  noteEarlierPages(name, written: names.count)
  return names.count == 1 ? names[0] : "\(names.first!) … \(names.last!) (\(names.count) pages)"
}

/// The usage error for `count` pages drawn to a name without a page number in a format that
/// holds one page (PNG, SVG): the way out is a page number in the name, or a PDF.
func pagesDoNotFit(_ count: Int, _ format: OutputFormat) -> CommandError {
  .usage(
    "\(count) pages do not fit in one \(format.rawValue.uppercased()): put %d "
      + "in the name for the page number (page-%d.\(format.rawValue), or "
      + "page-%03d.\(format.rawValue) for page-001…) or write a PDF")
}

/// Draws `scene` flowed onto the pages of `options.page` a file a page
/// (`Renderer.render(_:toPageFiles:options:text:)`, the PDF's page breaks), with the texts the
/// scene leaves out made by `text` as their page is drawn: page i to the name `output`'s page
/// number gives it (`PageFileName`, as `writePages` names sheets), or to `output` itself when
/// there is one page and no page number; more pages are refused as `writePages` refuses them,
/// before any is drawn. The files replace the previous ones together once every page is drawn
/// and checked (`--strict`, a font file the text was measured with); PNG pages are compressed
/// on `jobs` threads meanwhile. Returns what was written: the first and last files, the page
/// count and the pages' size.
func writePageFiles(
  _ scene: Scene, text: (Int) -> PlacedText?, to output: String, options: RenderOptions,
  jobs: Int
) throws(CommandError) -> RenderSummary {
  var options = options
  let group = AtomicFileGroup(encodingThreads: jobs)
  if output != "-" { options.commitGroup = group }
  let name = try PageFileName.parse(output)
  var refusal: CommandError?
  var summary: RenderSummary
  do throws(CommandError) {
    summary = try writeRendered(to: output, options: options) {
      path, options throws(RenderingError) in
      let pages = try Renderer.render(
        scene,
        toPageFiles: { page, count throws(RenderingError) -> String in
          guard let name else {
            guard count == 1 else {
              let error = pagesDoNotFit(count, options.format)
              refusal = error
              throw RenderingError(path: path, reason: error.message)
            }
            return path
          }
          let pagePath = name.path(page: page)
          // The check `writeRendered` makes of its one file, made of each page's.
          if let problem = fontFileProblem(pagePath) {
            throw RenderingError(path: pagePath, reason: problem)
          }
          return pagePath
        }, options: options, text: text)
      guard var all = pages.first, let last = pages.last else {
        throw RenderingError(path: path, reason: "there are no pages to draw")
      }
      if pages.count > 1 { all.path += " … \(last.path)" }
      all.pageCount = pages.count
      all.cutsElements = pages.contains(where: \.cutsElements)
      return all
    }
  } catch {
    throw refusal ?? error
  }
  if output != "-" { try commitOutputs(group) }
  if let name { noteEarlierPages(name, written: summary.pageCount) }
  return summary
}

/// Says on standard error which files numbered after the `written` pages of `name` are left
/// from an earlier run of more pages: only the files a run writes are replaced (another file
/// may be the user's), and a glob of the pages would take them in unawares.
func noteEarlierPages(_ name: PageFileName, written: Int) {
  var last = written
  while FileManager.default.fileExists(atPath: name.path(page: last + 1)) { last += 1 }
  guard last > written else { return }
  let first = name.path(page: written + 1)
  let files = last == written + 1 ? "\(first) is" : "\(first) … \(name.path(page: last)) are"
  let prefix = Console.commandName.isEmpty ? "textflow" : "textflow \(Console.commandName)"
  printError(
    "\(prefix): note: \(files) left from an earlier run (this run wrote "
      + "\(counted(written, "page")))")
}

/// Renames the files of `group` over their targets (flushed to the disk with TEXTFLOW_FSYNC=1),
/// with the signals that stop a command held until the last is renamed
/// (`withStoppingSignalsHeld(_:)`), so that the files are all new or all previous. The PNG pages
/// still being compressed are written first, with the signals not held: a Ctrl-C then stops
/// the run before anything is replaced.
func commitOutputs(_ group: AtomicFileGroup) throws(CommandError) {
  do throws(RenderingError) {
    // Said as a page drawn and written on one thread would say it.
    try group.finishEncoding()
  } catch {
    throw .failure("\(error)")
  }
  try withStoppingSignalsHeld { () throws(CommandError) in
    do {
      try group.commit(durable: durableOutput)
    } catch {
      throw .failure("\(error)")
    }
  }
}

/// Writes a command's result where `-o` and `--format` sent it (`kind`): the JSON as text (to
/// standard output without `-o`), or the scene drawn at `--scale` (validated either way), with
/// `--debug`'s overlay, on `page()`'s pages (asked only when drawing) and, after drawing into a
/// file, `note(summary)` on standard error. The cloud, grid and layout commands end with it;
/// `offersPages` for those with `--page`, which a PDF too large for one page is pointed to;
/// `flowsPictures` for those whose pages a PNG or SVG takes too, a file a page
/// (`writePageFiles`).
func writeResult(
  json: @autoclosure () -> String, scene: @autoclosure () -> Scene, kind: OutputKind,
  to output: String?, _ parsed: ParsedArguments,
  page: () throws(CommandError) -> PageSetup? = { nil }, offersPages: Bool = false,
  flowsPictures: Bool = false, repeatsHeaders: Bool = false,
  documentInfo: PDFDocumentInfo = PDFDocumentInfo(),
  deferredTexts: (() -> (scene: Scene, text: (Int) -> PlacedText?))? = nil,
  note: (RenderSummary) -> String = { "wrote \(describe($0))" }
) throws(CommandError) {
  // Read for every output, so that a bad drawing option is an error whatever is written.
  var options = try renderOptions(
    .pdf, parsed, page: nil, repeatsHeaders: repeatsHeaders, documentInfo: documentInfo)
  switch kind {
  case .json:
    try writeText(json(), to: output)
  case .rendered(let format):
    guard let output else { throw .usage("drawing needs -o PATH (use - for standard output)") }
    options.format = format
    options.page = try page()
    if options.page != nil, format == .pdf || flowsPictures {
      // Pages drawn one at a time, each laying out the texts the scene left out: into one PDF,
      // or a file a page.
      let (scene, text) = deferredTexts?() ?? (scene(), { _ in nil })
      let summary: RenderSummary
      if format == .pdf, try PageFileName.parse(output) == nil {
        summary = try writeRendered(to: output, options: options) {
          path, options throws(RenderingError) in
          try Renderer.render(scene, to: path, options: options, text: text)
        }
      } else {
        summary = try writePageFiles(
          scene, text: text, to: output, options: options, jobs: try parsed.jobs())
      }
      if output != "-" { printError(note(summary)) }
      return
    }
    let scene = scene()
    if offersPages, format == .pdf, options.page == nil,
      let problem = Renderer.pdfPageSizeProblem(scene.bounds.size, of: "layout")
    {
      // The renderer's refusal, with the way out this command has (`cloud` has no --page,
      // and its message named it).
      throw .failure(
        problem + ": flow it onto pages with --page a4 (or letter, or WxH with a unit)")
    }
    let summary = try writeRendered(scene, to: output, options: options)
    if output != "-" { printError(note(summary)) }
  }
}

/// The drawing options the command line gives (`--scale`, `--svg-text`, `--debug`, and
/// `documentInfoOptions` over `documentInfo`'s entries).
func renderOptions(
  _ format: OutputFormat, _ parsed: ParsedArguments, page: PageSetup?,
  repeatsHeaders: Bool = false, documentInfo: PDFDocumentInfo = PDFDocumentInfo()
) throws(CommandError) -> RenderOptions {
  var options = RenderOptions(
    format: format, scale: try parsed.number("--scale", in: 0.1...16) ?? 2,
    debugOverlay: parsed.flags.contains("--debug"), page: page, repeatsHeaders: repeatsHeaders)
  options.svgText = try parsed.choice("--svg-text", SVGTextMode.self) ?? .text
  options.documentInfo = PDFDocumentInfo(
    title: parsed.values["--title"] ?? documentInfo.title,
    author: parsed.values["--author"] ?? documentInfo.author,
    subject: parsed.values["--subject"] ?? documentInfo.subject,
    keywords: parsed.values["--keywords"] ?? documentInfo.keywords,
    creator: documentInfo.creator ?? "textflow")
  return options
}

/// The options that set the document information of a PDF, SVG or PNG, taken by every command
/// that draws.
let documentInfoOptions: Set<String> = ["--title", "--author", "--subject", "--keywords"]

/// A count and its noun, singular for 1 ("1 label", "0 labels", "2 sheets"), as the commands'
/// summaries print their counts ("1 labels" read as a mistake).
func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(count == 1 ? noun : noun + "s")"
}

/// Points to at most two decimals ("595.28", "375").
func points(_ value: CGFloat) -> String {
  JSONValue.format((Double(value) * 100).rounded() / 100)
}

/// A one-line description of a written file, for stderr or the demo's list.
func describe(_ summary: RenderSummary) -> String {
  var text = "\(summary.path) (\(summary.format.rawValue.uppercased())"
  if let pixels = summary.pixelSize {
    text += ", \(pixels.width) × \(pixels.height) px at \(JSONValue.format(summary.scale))x"
  } else {
    text +=
      ", \(points(summary.size.width)) × \(points(summary.size.height)) pt"
  }
  if summary.pageCount > 1 { text += ", \(summary.pageCount) pages" }
  // Said, as the renderer reports it: a cut element's text may be split across a page break.
  if summary.cutsElements { text += ", an element taller than a page cut across pages" }
  return text + ")"
}

/// A progress bar on standard error, drawn only when standard error is a terminal and the work
/// has taken more than a second.
final class ProgressBar: @unchecked Sendable {
  private let label: String
  private let start = Date()
  private let enabled: Bool
  private let lock = NSLock()
  private var drawn = false

  /// Seconds of work before the bar appears (TEXTFLOW_PROGRESS_AFTER overrides the default 1,
  /// so tests can see it on a pseudo-terminal without slow work).
  private let minimumDuration: TimeInterval

  init(label: String) {
    self.label = label
    enabled = isatty(STDERR_FILENO) == 1
    minimumDuration =
      ProcessInfo.processInfo.environment["TEXTFLOW_PROGRESS_AFTER"].flatMap(Double.init) ?? 1
  }

  /// Shows `done` of `total` (a bar), or a running count when the total is unknown.
  func update(_ done: Int, of total: Int?) {
    guard enabled, Date().timeIntervalSince(start) > minimumDuration else { return }
    lock.lock()
    defer { lock.unlock() }
    var text = "\r\(label) \(done)"
    if let total, total > 0 {
      let width = 30
      let filled = min(width, done * width / total)
      let bar =
        String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
      text = "\r\(label) [\(bar)] \(done)/\(total)"
    }
    Console.errorRaw(text)
    drawn = true
  }

  func finish() {
    lock.lock()
    defer { lock.unlock() }
    if drawn { Console.errorRaw("\r\u{1B}[K") }
    drawn = false
  }

  /// Shows the label and the seconds elapsed, for work whose progress cannot be counted.
  fileprivate func tick() {
    let elapsed = Date().timeIntervalSince(start)
    guard enabled, elapsed > minimumDuration else { return }
    lock.lock()
    defer { lock.unlock() }
    Console.errorRaw("\r\(label)… \(Int(elapsed)) s")
    drawn = true
  }

  /// True when the bar is drawn at all (standard error is a terminal).
  fileprivate var isEnabled: Bool { enabled }
}

/// A flag a ticking thread reads, set when the work is done.
private final class StopFlag: @unchecked Sendable {
  private let lock = NSLock()
  private var stopped = false
  var isStopped: Bool { lock.withLock { stopped } }
  func stop() { lock.withLock { stopped = true } }
}

/// Runs `work` (a layout inside the library, which reports no counts) while a line on a
/// terminal's standard error says what is being done and for how long; nothing is drawn when
/// standard error is not a terminal.
func withProgress<T>(_ label: String, _ work: () throws(CommandError) -> T) throws(CommandError)
  -> T
{
  let bar = ProgressBar(label: label)
  guard bar.isEnabled else { return try work() }
  bar.tick()
  let flag = StopFlag()
  let done = DispatchSemaphore(value: 0)
  let thread = Thread {
    while !flag.isStopped {
      bar.tick()
      usleep(200_000)
    }
    done.signal()
  }
  thread.start()
  defer {
    flag.stop()
    done.wait()
    bar.finish()
  }
  return try work()
}

/// What a usage error shows after its message: the command's usage lines (its help up to the
/// first blank line) and where the rest is. The whole help (sixty lines for measure) buried the
/// one line that said what was wrong.
func usageSummary(_ name: String, help: String) -> String {
  let usage = help.split(separator: "\n", omittingEmptySubsequences: false)
    .prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
  return usage.joined(separator: "\n") + "\nRun 'textflow \(name) --help' for its options."
}

/// Runs a command body, turning its errors into messages on stderr and exit statuses.
func runCommand(_ name: String, help: String, _ body: () throws(CommandError) -> Void) -> Int32 {
  Console.commandName = name
  do {
    try body()
    return 0
  } catch {
    printError(
      "textflow \(name): \(error.message)"
        + (error.showsUsage ? "\n\n" + usageSummary(name, help: help) : ""))
    return error.status
  }
}
