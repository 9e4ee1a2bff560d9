// The Swift examples of the README and the DocC articles as a reader copies them into a package
// of their own: each must compile with the imports it shows and the products its page's
// manifest lists, and each must be the code that a test runs. Building a scratch package per
// example is too slow for the suite, so the rules that made copied examples fail are checked on
// the pages' text instead: Swift makes a module's names visible only in a file that imports it
// (or a module re-exporting it, read from the sources' `@_exported import` lines), and SwiftPM
// resolves a `from:` version only against a tag the repository has.
import Foundation
import TestSupport
import Testing

@Suite("Documented examples")
struct DocumentationExampleTests {
  /// The pages with Swift examples, and the test file that runs each page's examples.
  static let pages: [(page: String, runner: String)] = [
    ("README.md", "Tests/TextFlowRenderingTests/ReadmeExampleTests.swift"),
    (
      "Sources/TextFlow/TextFlow.docc/TextFlow.md",
      "Tests/TextFlowRenderingTests/DocCExampleTests.swift"
    ),
    (
      "Sources/TextFlow/TextFlow.docc/GettingStarted.md",
      "Tests/TextFlowRenderingTests/DocCExampleTests.swift"
    ),
    (
      "Sources/TextEngine/TextEngine.docc/TextEngine.md",
      "Tests/TextFlowRenderingTests/DocCExampleTests.swift"
    ),
    (
      "Sources/TextEngine/TextEngine.docc/HitTesting.md",
      "Tests/TextEngineTests/HitTestingTests.swift"
    ),
    (
      "Sources/TextFlowRendering/TextFlowRendering.docc/TextFlowRendering.md",
      "Tests/TextFlowRenderingTests/DocCExampleTests.swift"
    ),
    (
      "Sources/CollectionLayout/CollectionLayout.docc/CollectionLayout.md",
      "Tests/TextFlowRenderingTests/DocCExampleTests.swift"
    ),
    ("docs/text-engine.md", "Tests/TextFlowRenderingTests/DocCExampleTests.swift"),
    ("docs/flow-layout.md", "Tests/TextFlowRenderingTests/DocCExampleTests.swift"),
    ("docs/collection-view.md", "Tests/TextFlowRenderingTests/DocCExampleTests.swift"),
  ]

  /// Foundation's names that examples use and `import UIKit` would have brought.
  static var foundationNames: Regex<(Substring, Substring)> {
    /(?:^|[^\w.])(CGSize|CGRect|CGPoint|CGFloat|IndexPath|URL|Data|NSObject)\b/
  }

  /// A string literal, whose words are not code.
  static var literal: Regex<Substring> { /"[^"]*"/ }

  /// One ```swift block of a page.
  struct Example: CustomStringConvertible {
    var page: String
    var line: Int
    var code: String
    var description: String { "\(page):\(line)" }
    var isManifest: Bool { code.hasPrefix("// swift-tools-version") }
    /// The modules the example imports.
    var imports: [String] {
      code.split(separator: "\n").compactMap { line in
        let words = line.split(separator: " ")
        return words.first == "import" && words.count > 1 ? String(words[1]) : nil
      }
    }
    /// The imports the page marks as none of the package's products ("not a product"): the
    /// repository's own examples, which only its tests can import.
    var repositoryImports: [String] {
      code.split(separator: "\n").compactMap { line in
        line.hasPrefix("import ") && line.contains("not a product")
          ? String(line.split(separator: " ")[1]) : nil
      }
    }
  }

  static func text(_ path: String) throws -> String {
    try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  static func examples(in page: String) throws -> [Example] {
    var examples: [Example] = []
    var current: (line: Int, lines: [Substring])?
    for (index, line) in try text(page).split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if current == nil, line == "```swift" {
        current = (index + 2, [])
      } else if let open = current, line == "```" {
        examples.append(
          Example(page: page, line: open.line, code: open.lines.joined(separator: "\n")))
        current = nil
      } else {
        current?.lines.append(line)
      }
    }
    return examples
  }

  /// A string literal naming a file: a test writes into a folder of its own, so a page's
  /// `"cloud.png"` is a test's `path`.
  static var fileName: Regex<(Substring, Substring)> { /"[^"]*\.(png|pdf|svg|json)"/ }

  /// Code without comments or whitespace outside string literals, file names read as `path`:
  /// what lines must match on, whatever the line breaks and the output files.
  static func squeezed(_ code: Substring) -> String {
    var result = ""
    for line in code.split(separator: "\n") {
      var inString = false
      var previous: Character = " "
      for character in line {
        if !inString, previous == "/", character == "/" {
          result.removeLast()
          break
        }
        if character == "\"" { inString.toggle() }
        if inString || !character.isWhitespace { result.append(character) }
        previous = character
      }
    }
    return result.replacing(fileName, with: "path")
  }

  /// The modules that `module` re-exports, and theirs, read from its sources.
  static func reexports(of module: String) throws -> Set<String> {
    let folder = Fixtures.packageRoot.appendingPathComponent("Sources/\(module)")
    guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var found: Set<String> = []
    for case let file as String in files where file.hasSuffix(".swift") {
      let source = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in source.split(separator: "\n") where line.hasPrefix("@_exported import ") {
        let name = String(line.dropFirst("@_exported import ".count))
        found.insert(name)
        found.formUnion(try reexports(of: name))
      }
    }
    return found
  }

  @Test("each example's lines are in the test that runs it", arguments: pages)
  func examplesAreRun(page: String, runner: String) throws {
    let run = Self.squeezed(Substring(try Self.text(runner)))
    for example in try Self.examples(in: page) where !example.isManifest {
      for line in example.code.split(separator: "\n") {
        // Imports are the other test's business: a test file imports what all its tests need.
        let code = Self.squeezed(line)
        guard !code.isEmpty, !line.hasPrefix("import ") else { continue }
        let isRun = run.contains(code)
        #expect(isRun, "\(example): '\(line)' is not run by \(runner)")
      }
    }
  }

  /// The manifest the README shows a reader.
  static func readmeManifest() throws -> Example {
    try #require(try examples(in: "README.md").first(where: \.isManifest))
  }

  @Test("the manifests shown are the README's, and ask for no version that is not tagged")
  func manifests() throws {
    let readme = try Self.readmeManifest()
    let tags = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["git", "-C", Fixtures.packageRoot.path, "tag", "--list"])
    // Outside a git checkout (an exported tree) no tag is known, so no version may be asked.
    let tagList = tags.status == 0 ? tags.standardOutput : ""
    for (page, _) in Self.pages {
      for example in try Self.examples(in: page) where example.isManifest {
        let isReadme =
          Self.squeezed(Substring(example.code)) == Self.squeezed(Substring(readme.code))
        #expect(isReadme, "\(example) differs from the README's manifest")
        // SwiftPM resolves `from: "1.0.0"` against the repository's tags only.
        let isTagged = tagList.split(separator: "\n").isEmpty == false
        #expect(isTagged || !example.code.contains("from:"), "\(example) asks for a release")
      }
    }
  }

  @Test("an example imports only the products the manifest lists, or what they re-export")
  func importsAreProducts() throws {
    let manifest = try Self.readmeManifest().code
    let listed = manifest.matches(of: /\.product\(name: "(\w+)"/).map { String($0.output.1) }
    var importable: Set<String> = ["Foundation"]
    for product in listed {
      importable.insert(product)
      importable.formUnion(try Self.reexports(of: product))
    }
    for (page, _) in Self.pages {
      for example in try Self.examples(in: page) where !example.isManifest {
        for module in example.imports
        where !importable.contains(module) && !example.repositoryImports.contains(module) {
          Issue.record("\(example) imports \(module), which the manifest does not list")
        }
      }
    }
  }

  @Test("a data source declared in an example implements the methods UIKit requires")
  func dataSourcesAreComplete() throws {
    // UICollectionViewDataSource's two required methods; a class that leaves them out for a
    // comment ("numberOfItemsInSection, cellForItemAt …") does not compile when copied.
    for (page, _) in Self.pages {
      for example in try Self.examples(in: page)
      where example.code.contains(/class \w+:[^{]*CollectionViewDataSource/) {
        for required in ["numberOfItemsInSection section: Int", "cellForItemAt indexPath"] {
          #expect(example.code.contains(required), "\(example) has no '\(required)'")
        }
      }
    }
  }

  @Test("an example that shows its imports imports what names Foundation's types")
  func foundationIsImported() throws {
    for (page, _) in Self.pages {
      for example in try Self.examples(in: page) where !example.imports.isEmpty {
        var visible = Set(example.imports)
        for module in example.imports { visible.formUnion(try Self.reexports(of: module)) }
        let code = Self.squeezed(Substring(example.code)).replacing(Self.literal, with: "")
        guard let name = code.firstMatch(of: Self.foundationNames)?.output.1 else {
          continue
        }
        #expect(
          visible.contains("Foundation"),
          "\(example) uses \(name) but imports only \(example.imports.joined(separator: ", "))")
      }
    }
  }
}
