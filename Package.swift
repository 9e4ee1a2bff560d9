// swift-tools-version:6.0
// TextFlow: a self-sizing text layout engine for Linux.
// Module map and dependency rules: docs/architecture.md (one module, one job; C interop at the edge).
import Foundation
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
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
    // zint ships no pkg-config file (Debian's libzint-dev has only zint.h and libzint.so), so
    // the module map links "zint" itself.
    .systemLibrary(name: "CZint", providers: [.apt(["libzint-dev"])]),
    // glibc's renameat2, which the Glibc module does not declare (libc itself, no package).
    .systemLibrary(name: "CRename"),
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
      name: "TextFlowRendering",
      dependencies: [
        "TextFlow", "TextEngine", "CCairo", "CZint", "CZlib", "CDeflate", "CRename",
      ]),
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

// Most of a build's time is the test targets' (a build of every source module under
// ThreadSanitizer took 81 CPU-seconds, of them and the tests 500). CI builds the code three
// times, and two of those builds run a part of the tests only: TEXTFLOW_TEST_SOURCES names a
// set below, and the test targets are then built from its files alone (the tests and what they
// use), the other targets left out. "volume" is the volume tests' (scripts/volume-tests, run
// in the plain build), "concurrency" the ThreadSanitizer pass's (scripts/sanitize thread);
// the ASan pass builds every file. scripts/test checks that each set still holds every test
// its pass selects.
let testSourceSets: [String: [String: Set<String>]] = [
  "volume": [
    "CLITests": [
      "CommandScaleTests.swift", "DependentPackageTests.swift", "DaskShardingTests.swift",
      "HugeLineMemoryTests.swift", "HugeRecordMemoryTests.swift", "HugeStrategyMemoryTests.swift",
      "LabelsCopiesMemoryTests.swift",
      "MeasureConcurrencyTests.swift", "JobsCommandTests.swift", "DemoCommandTests.swift",
      "FontCLITests.swift", "CloudMinimumSizeTests.swift",
    ],
    "TextEngineTests": [
      "Support.swift", "CommonLetterTests.swift", "MeasurementTests.swift",
      "RunShapingEquivalenceTests.swift", "WindowedMeasurementTests.swift",
      "PreparationFastPathTests.swift", "RewrapTests.swift", "AtomPerUnitTests.swift",
      "BreakingFidelityTests.swift", "HostileInputTests.swift", "AttributedTextTests.swift",
      "AttributedStringUIKitTests.swift", "StableWrapTests.swift", "RobustnessTests.swift",
      "BoundingRectTests.swift", "SimpleLineBreakTests.swift", "SimpleBidiTests.swift",
      "UnicodeConformanceTests.swift", "TextTabTests.swift",
    ],
    "CollectionLayoutTests": [
      "Geometry/LongLineQueryTests.swift", "View/BatchUpdateTests.swift",
      "Geometry/SectionLayoutRunsTests.swift", "Geometry/RandomizedEquivalenceTests.swift",
      "View/LargeListTests.swift", "Geometry/SweepReflowTests.swift",
      "View/CollectionViewFixtures.swift", "Layout/TableDelegate.swift",
      "Geometry/ReferenceFlowLayout.swift",
    ],
    "TextFlowRenderingTests": [
      "Support.swift", "SpecWindowTests.swift", "SpecConcurrencyTests.swift",
      "PackedCloudTests.swift",
    ],
    "TextFlowSpecTests": ["HostileSpecTests.swift", "LabelFitTests.swift"],
  ],
  "concurrency": [
    "TextEngineTests": [
      "Support.swift", "StableWrapTests.swift", "ConcurrencyTests.swift",
      "ConcurrencyAndCacheTests.swift", "ConcurrencyColdPathTests.swift",
      "MeasurementTests.swift", "WindowedMeasurementTests.swift", "RewrapTests.swift",
      "RobustnessTests.swift",
    ],
    "TextFlowRenderingTests": [
      "Support.swift", "SpecConcurrencyTests.swift", "PNGEncodingConcurrencyTests.swift",
    ],
    "TextFlowSpecTests": ["LabelFitTests.swift"],
    "CLITests": ["MeasureConcurrencyTests.swift"],
  ],
]
if let name = Context.environment["TEXTFLOW_TEST_SOURCES"] {
  guard let set = testSourceSets[name] else {
    fatalError("TEXTFLOW_TEST_SOURCES=\(name): no such set (\(testSourceSets.keys.sorted()))")
  }
  package.targets.removeAll { $0.type == .test && set[$0.name] == nil }
  for target in package.targets where target.type == .test {
    guard let sources = set[target.name] else { continue }
    // The folder's other files are excluded, or SwiftPM warns of each as unhandled.
    let folder = Context.packageDirectory + "/Tests/" + target.name
    let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
    target.sources = sources.sorted()
    target.exclude += files.filter { $0.hasSuffix(".swift") && !sources.contains($0) }
  }
  // No test runs the benchmark: the ASan build, of every file, compiles it (and checks it for
  // warnings); the sets' builds leave it out.
  package.products.removeAll { $0.name == "textflow-bench" }
  package.targets.removeAll { $0.name == "textflow-bench" }
}
