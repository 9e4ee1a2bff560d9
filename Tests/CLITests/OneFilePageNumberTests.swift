// "textflow layout SPEC.json --page a4 -o out-%d.png" wrote one picture named "out-%d.png",
// status 0, where grid's sheets and labels write a file a page. Layout now writes a file a page
// with --page (LayoutPageFilesTests), but a page number without pages to number is still
// refused, as are grid without --sheet (its pages are one PDF's) and cloud (no pages):
// "cols-%d.png" and "cloud-%d.png" were written the same way. The truth is the folder's
// listing and, for the way out the message names, pdfinfo's page count.
import Foundation
import TestSupport
import Testing

@Suite struct OneFilePageNumberTests {
  /// 30 items of 200 × 100 pt a line: some 3 300 pt, five A4 pages.
  static let spec =
    #"{"collectionView": {"size": [300, 400]}, "layout": {"itemSize": [200, 100], "#
    + #""minimumLineSpacing": 10}, "sections": [{"itemCount": 30}]}"#

  @Test(
    "layout without pages, grid without --sheet and cloud refuse a page number, writing nothing")
  func pageNumberInOneFileIsRefused() throws {
    let directory = try Fixtures.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(Self.spec.utf8).write(to: directory.appendingPathComponent("spec.json"))
    try Data("a\nb\n".utf8).write(to: directory.appendingPathComponent("labels.txt"))
    // Layout's pages need a page size, and a page number that is one.
    for (arguments, message) in [
      (["layout", "spec.json", "-o", "out-%d.png"], "a page number needs pages"),
      (["layout", "spec.json", "-o", "out-%03d.svg"], "a page number needs pages"),
      (["layout", "spec.json", "--page", "a4", "-o", "out-%s.png"], "is not a page number"),
    ] {
      let result = try ProcessRunner.run(Executables.textflow, arguments, directory: directory)
      #expect(result.status == 2, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.contains(arguments.last! + ": ")
          && result.standardError.contains(message),
        "\(arguments): \(result.standardError)")
      let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(Set(written) == ["spec.json", "labels.txt"], "\(arguments): \(written)")
    }
    let cases: [[String]] = [
      ["grid", "labels.txt", "-o", "cols-%d.png"],
      ["grid", "labels.txt", "-o", "cols-%s.svg"],
      ["grid", "labels.txt", "--page", "a4", "-o", "cols-%d.pdf"],
    ]
    for arguments in cases {
      let result = try ProcessRunner.run(Executables.textflow, arguments, directory: directory)
      #expect(result.status == 2, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.contains(arguments.last! + ": ")
          && result.standardError.contains("writes one file")
          && result.standardError.contains("PDF"),
        "\(arguments): \(result.standardError)")
      let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(Set(written) == ["spec.json", "labels.txt"], "\(arguments): \(written)")
    }
    // A cloud is one picture in any format: no pages to number.
    for name in ["cloud-%d.png", "cloud-%03d.pdf", "cloud-%s.svg"] {
      let arguments = ["cloud", "labels.txt", "-o", name]
      let result = try ProcessRunner.run(Executables.textflow, arguments, directory: directory)
      #expect(result.status == 2, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.contains(name + ": ")
          && result.standardError.contains("cloud writes one file")
          && result.standardError.contains("one picture"),
        "\(arguments): \(result.standardError)")
      let written = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(Set(written) == ["spec.json", "labels.txt"], "\(arguments): \(written)")
    }
    // The way out the message names: the pages in one PDF.
    let pdf = try ProcessRunner.run(
      Executables.textflow, ["layout", "spec.json", "--page", "a4", "-o", "out.pdf"],
      directory: directory)
    #expect(pdf.status == 0, "\(pdf.standardError)")
    let info = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/pdfinfo"), [directory.appendingPathComponent("out.pdf").path])
    let pages = info.standardOutput.split(separator: "\n")
      .first { $0.hasPrefix("Pages:") }?.split(separator: " ").last.flatMap { Int($0) }
    #expect((pages ?? 0) > 1, "\(info.standardOutput)")
  }
}
