// swift-tools-version:6.0
// TextFlow's fuzz targets: one libFuzzer executable per input surface, built with
// `-sanitize=fuzzer,address -parse-as-library` by `scripts/fuzz` (see Fuzz/README.md). Each
// target defines LLVMFuzzerTestOneInput with @_cdecl; CLibFuzzer holds the entry points.
// A separate package, so that the root package's `swift build` and `swift test` never see them.
import PackageDescription

let package = Package(
  name: "TextFlowFuzz",
  dependencies: [.package(name: "TextFlow", path: "..")],
  targets: [
    .target(name: "CLibFuzzer"),
    .target(name: "FuzzSupport"),
    .executableTarget(
      name: "FuzzFontLoading",
      dependencies: ["FuzzSupport", "CLibFuzzer", .product(name: "TextEngine", package: "TextFlow")]),
    .executableTarget(
      name: "FuzzTextMeasurement",
      dependencies: ["FuzzSupport", "CLibFuzzer", .product(name: "TextEngine", package: "TextFlow")]),
    .executableTarget(
      name: "FuzzLayoutSpec",
      dependencies: ["FuzzSupport", "CLibFuzzer", .product(name: "TextFlowSpec", package: "TextFlow")]),
    .executableTarget(
      name: "FuzzFlowGeometry",
      dependencies: ["FuzzSupport", "CLibFuzzer", .product(name: "CollectionLayout", package: "TextFlow")]),
    .executableTarget(
      name: "FuzzBatchUpdates",
      dependencies: [
        "FuzzSupport", "CLibFuzzer", .product(name: "CollectionLayout", package: "TextFlow"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
