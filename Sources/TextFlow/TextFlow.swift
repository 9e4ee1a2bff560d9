// TextFlow is what users import: it brings the layout model and the text engine together.
@_exported import CollectionLayout
@_exported import TextEngine
