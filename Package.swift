// swift-tools-version:6.0
// TextFlow: a self-sizing text layout engine for Linux.
// Module map and dependency rules: docs/architecture.md (one module, one job; C interop at the edge).
import PackageDescription

let package = Package(
  name: "TextFlow",
  platforms: [.macOS(.v13)],
  products: [
    .library(name: "TextFlow", targets: ["TextFlow"]),
    .library(name: "TextEngine", targets: ["TextEngine"]),
    .library(name: "CollectionLayout", targets: ["CollectionLayout"]),
    .library(name: "TextFlowRendering", targets: ["TextFlowRendering"]),
    .library(name: "TextFlowSpec", targets: ["TextFlowSpec"]),
    .executable(name: "textflow", targets: ["textflow"]),
    .executable(name: "textflow-bench", targets: ["textflow-bench"]),
  ],
  targets: [
    // MARK: C libraries (system library targets over Debian's -dev packages)
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(
      name: "CCairo", pkgConfig: "cairo-ft", providers: [.apt(["libcairo2-dev"])]),
    // zint ships no pkg-config file (Debian's libzint-dev has only zint.h and libzint.so), so
    // the module map links "zint" itself.
    .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),
    // libhyphen ships no pkg-config file either (libhyphen-dev: hyphen.h and libhyphen.so).
    .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
    // ICU cannot be imported into Swift beside Foundation's bundled ICU, so CICU is a plain C
    // target whose public header exposes only its own small API in plain C types.
    .target(
      name: "CICU",
      linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icudata")]),

    // MARK: Swift modules
    .target(name: "CollectionLayout"),
    .target(
      name: "TextEngine",
      dependencies: ["CFreeType", "CHarfBuzz", "CICU", "CFontconfig", "CHyphen"]),
    .target(name: "TextFlow", dependencies: ["CollectionLayout", "TextEngine"]),
    .target(name: "TextFlowSpec", dependencies: ["TextFlow"]),
    .target(
      name: "TextFlowRendering", dependencies: ["TextFlow", "TextEngine", "CCairo", "CZint"]),
    // The seeds' examples and the demo's data: used by `textflow demo` and the tests, not
    // products (no API to build on). The carousel needs only CollectionLayout, so the layout
    // tests can use it without the text engine; TextFlowExamples re-exports it.
    .target(name: "CollectionLayoutExamples", dependencies: ["CollectionLayout"]),
    .target(
      name: "TextFlowExamples",
      dependencies: ["TextFlow", "TextFlowSpec", "CollectionLayoutExamples"]),
    .executableTarget(
      name: "textflow",
      dependencies: ["TextFlow", "TextFlowSpec", "TextFlowRendering", "TextFlowExamples"]),
    .executableTarget(
      name: "textflow-bench",
      dependencies: ["TextFlow", "TextEngine", "CollectionLayout", "TextFlowRendering"]),

    // MARK: Tests
    // The test executable's counting malloc (AllocationCounter).
    .target(name: "CAllocationCount", path: "Tests/CAllocationCount"),
    .target(
      name: "TestSupport", dependencies: ["CollectionLayout", "CAllocationCount"],
      path: "Tests/TestSupport"),
    .testTarget(
      name: "CollectionLayoutTests",
      dependencies: ["CollectionLayout", "CollectionLayoutExamples", "TestSupport"]),
    .testTarget(
      name: "TextEngineTests", dependencies: ["TextEngine", "TestSupport"],
      exclude: ["Goldens"]),
    .testTarget(
      name: "TextFlowTests", dependencies: ["TextFlow", "TextFlowExamples", "TestSupport"]),
    .testTarget(
      name: "TextFlowRenderingTests",
      dependencies: ["TextFlowRendering", "TextFlowSpec", "TextFlowExamples", "TestSupport"]),
    // TextFlow for the library answers some end-to-end tests compare the command's with.
    .testTarget(name: "CLITests", dependencies: ["TestSupport", "TextFlow"]),
    .testTarget(
      name: "TextFlowSpecTests",
      dependencies: ["TextFlowSpec", "TextFlowRendering", "TestSupport"]),
    .testTarget(name: "UIKitPortTests", dependencies: ["TextFlow"]),
  ],
  swiftLanguageModes: [.v6]
)
