// `textflow layout SPEC.json|-`: lays out a JSON spec with fixed sizes and prints the frames.
import CollectionLayout
import Foundation

/// Reads a layout spec (a file, or `-` for standard input), lays it out with `FlowLayout`, and
/// prints the content size, every element's frame and the layout's warnings as JSON.
///
/// The spec format and the output are `LayoutSpec`'s; this command only does the I/O.
enum LayoutCommand: Subcommand {
  static let name = "layout"
  static let summary = "lay out a JSON spec with the flow layout and print the frames as JSON"

  static let help = """
    usage: textflow layout SPEC.json
           textflow layout -          (read the spec from standard input)

    Lays out the sections of SPEC with a flow layout (UIKit's UICollectionViewFlowLayout rules)
    and prints {"contentSize": [w, h], "elements": [...], "warnings": [...]}.

    The spec:
      {"collectionView": {"size": [375, 667], "contentInset": [0, 0, 0, 0], "contentOffset": [0, 0]},
       "layout": {"scrollDirection": "vertical", "itemSize": [50, 50], "minimumLineSpacing": 10,
                  "minimumInteritemSpacing": 10, "sectionInset": [10, 20, 30, 20],
                  "headerReferenceSize": [100, 25], "footerReferenceSize": [0, 0]},
       "sections": [{"items": [{"size": [80, 30]}, {}], "minimumLineSpacing": 5}]}

    Insets are [top, left, bottom, right], sizes [width, height], points [x, y]. Layout keys are
    FlowLayout's property names; per-section keys override them; an item without a size uses
    itemSize; "itemCount": n stands for n items of itemSize. Also accepted: collectionView
    safeAreaInsets, layoutMargins, layoutDirection; layout estimatedItemSize,
    sectionInsetReference, sectionHeadersPinToVisibleBounds, sectionFootersPinToVisibleBounds,
    flipsHorizontallyInOppositeLayoutDirection, commonLineAlignment, lastLineAlignment,
    crossAxisAlignment, centersSingleItemSection, sectionBackground {insets, zIndex}, pixelScale;
    items' baselineOffset.

    Exit status: 0 on success, 1 when the spec cannot be read or is invalid (the message names
    the key path), 2 on a usage error.

    example:
      echo '{"collectionView": {"size": [375, 667]}, "sections": [{"itemCount": 3}]}' | textflow layout -
    """

  static func run(_ arguments: [String]) -> Int32 {
    if arguments.contains("--help") || arguments.contains("-h") {
      print(help)
      return 0
    }
    guard arguments.count == 1, let source = arguments.first else {
      printError("textflow layout: expected one spec file (or - for standard input)\n\n" + help)
      return 2
    }
    if source.hasPrefix("-") && source != "-" {
      printError("textflow layout: unknown option '\(source)'")
      return 2
    }
    var isDirectory: ObjCBool = false
    if source != "-", FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      printError("textflow layout: cannot read \(source): it is a directory")
      return 1
    }
    let data: Data
    do {
      // At most one byte more than a spec may hold, so that /dev/zero or a huge stream is
      // refused by LayoutSpec's size limit instead of filling memory.
      let handle =
        source == "-"
        ? FileHandle.standardInput : try FileHandle(forReadingFrom: URL(fileURLWithPath: source))
      data = try handle.read(upToCount: LayoutSpec.maximumJSONSize + 1) ?? Data()
    } catch {
      printError("textflow layout: cannot read \(source): \(error.localizedDescription)")
      return 1
    }
    do {
      let spec = try LayoutSpec(json: data)
      print(spec.run().json)
      return 0
    } catch {
      printError("textflow layout: \(source == "-" ? "<stdin>" : source): \(error)")
      return 1
    }
  }
}
