// CI's proof that the package can be adopted: a tiny package that depends on this checkout by
// path, as the README's Package.swift lines show, builds with `swift build` and runs.
import Foundation
import TestSupport
import Testing

@Suite("Adopting TextFlow from another package")
struct DependentPackageTests {
  static let manifest = """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "Adopter",
      dependencies: [.package(path: "TextFlow")],
      targets: [
        .executableTarget(
          name: "Adopter", dependencies: [.product(name: "TextFlow", package: "TextFlow")])
      ]
    )
    """

  /// A UIKit-style delegate sizing one tall item, and a UIKit name from the text engine.
  static let main = """
    import Foundation
    import TextFlow

    final class Sizes: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
      func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
        -> Int { 12 }
      func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        throws -> CollectionViewCell
      {
        try collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
      }
      func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
      ) -> CGSize {
        CGSize(width: 50, height: indexPath.item == 5 ? 80 : 50)
      }
    }

    let sizes = Sizes()
    let layout = FlowLayout()
    let view = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: layout)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = sizes
    view.delegate = sizes
    try view.layoutIfNeeded()
    let frame = layout.layoutAttributesForItem(at: IndexPath(item: 5, section: 0))!.frame
    var style = ParagraphStyle()
    style.lineBreakMode = .byTruncatingTail
    print("item 5: \\(frame.minX) \\(frame.minY) \\(frame.width) \\(frame.height)")
    print("mode: \\(style.lineBreakMode.rawValue)")
    """

  @Test(
    "a package depending on this checkout by path builds and runs",
    .timeLimit(.minutes(20)))
  func buildsFromPath() throws {
    let directory = try Fixtures.temporaryDirectory("textflow-adopter")
    defer { try? FileManager.default.removeItem(at: directory) }
    let files = FileManager.default
    // The dependency's identity is its folder's name; the README's snippet expects "TextFlow",
    // whatever this checkout's folder is called.
    try files.createSymbolicLink(
      at: directory.appendingPathComponent("TextFlow"), withDestinationURL: Fixtures.packageRoot)
    let sources = directory.appendingPathComponent("Sources/Adopter")
    try files.createDirectory(at: sources, withIntermediateDirectories: true)
    try Data(Self.manifest.utf8).write(to: directory.appendingPathComponent("Package.swift"))
    try Data(Self.main.utf8).write(to: sources.appendingPathComponent("main.swift"))

    let build = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "build", "--package-path", directory.path, "--product", "Adopter"])
    #expect(build.status == 0, "\(build.standardOutput.suffix(3000))\(build.standardError)")
    guard build.status == 0 else { return }
    let run = try ProcessRunner.run(directory.appendingPathComponent(".build/debug/Adopter"))
    #expect(run.status == 0, "\(run.standardError)")
    // UIKit's flow rules: five 50-point items and four 10-point gaps fit 320, so item 5 starts
    // the second line, 50 + 10 down, at its own size.
    #expect(run.standardOutput.contains("item 5: 0.0 60.0 50.0 80.0"))
    #expect(run.standardOutput.contains("mode: truncatingTail"))
  }
}
