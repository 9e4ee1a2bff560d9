// The seeds' examples and the data `textflow demo` draws, kept out of the library: they show how
// TextFlow is used, and are used by the demo and the tests, but are no API to build on. Not a
// product of the package, so a dependent package cannot import them by accident.
//
// The carousel layout needs only CollectionLayout and lives in CollectionLayoutExamples (which the
// layout tests import without the text engine); it is re-exported here, so `import
// TextFlowExamples` brings every example.
@_exported import CollectionLayoutExamples
