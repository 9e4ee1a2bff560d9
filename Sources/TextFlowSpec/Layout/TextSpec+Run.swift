// A laid-out spec: the result of the one runner (TextSpec+CollectionView.swift), its JSON and
// its scene.
import Foundation
import TextFlow

extension TextSpec {
  /// A laid-out text spec.
  public struct Output: Sendable {
    /// The layout's result (content size, elements, warnings), as for a fixed-size spec.
    public var result: LayoutSpec.Result
    /// What to draw: the elements with their measured text layouts.
    ///
    /// A run through the collection view makes it when it is read (each read makes it again),
    /// so that a run whose JSON is all that is printed never holds an element per item twice.
    public var scene: Scene {
      get {
        switch sceneSource {
        case .made(let scene): return scene
        case .deferred(let parts): return parts.makeScene(result)
        }
      }
      set { sceneSource = .made(newValue) }
    }
    /// The scene with the text layouts the run kept (all of them, unless it was asked to keep
    /// fewer: `run(typesetter:jobs:drawing:keepingTextLayouts:)`), and the text of each of
    /// its other elements (by index in the scene's elements), laid out when it is asked for:
    /// what `Renderer.render(_:to:options:text:)` draws a page at a time, so that a long
    /// report never holds every row's layout. Drawn, it is the same as `scene`.
    public var sceneWithDeferredTexts: (scene: Scene, text: (Int) -> PlacedText?) {
      switch sceneSource {
      case .made(let scene): return (scene, { _ in nil })
      case .deferred(let parts):
        let scene = parts.makeScene(result, placingKeptLayoutsOnly: true)
        let elements = result.elements
        return (scene, { parts.deferredText(of: elements[$0]) })
      }
    }
    /// The scene, or what makes it when it is read.
    private enum SceneSource: Sendable {
      case made(Scene)
      case deferred(SceneParts)
    }
    private var sceneSource: SceneSource
    /// How many items had their size measured from text.
    public var measuredItemCount: Int
    /// How many headers and footers had their size measured from text.
    public var measuredSupplementaryCount: Int
    /// True when the spec has text (the JSON then reports the measured counts).
    public var hasText: Bool
    /// For a spec laid out for its visible region only (`"render": {"region": "visible"}`), the
    /// number of items in the spec; with text, `measuredItemCount` of them were measured and
    /// the content size is an estimate (unmeasured items count at their estimated size). Nil
    /// when every element was realised.
    public var visibleItemCount: Int?
    /// How many views the run's collection view made (with reuse, about as many as it
    /// realised at once); zero for a spec without text.
    var madeViewCount = 0

    /// An output whose scene is made.
    init(
      result: LayoutSpec.Result, scene: Scene, measuredItemCount: Int,
      measuredSupplementaryCount: Int, hasText: Bool
    ) {
      self.init(
        result: result, sceneSource: .made(scene), measuredItemCount: measuredItemCount,
        measuredSupplementaryCount: measuredSupplementaryCount, hasText: hasText)
    }

    /// An output whose scene is made from `sceneParts` when it is read.
    init(
      result: LayoutSpec.Result, sceneParts: SceneParts, measuredItemCount: Int,
      measuredSupplementaryCount: Int, hasText: Bool
    ) {
      self.init(
        result: result, sceneSource: .deferred(sceneParts), measuredItemCount: measuredItemCount,
        measuredSupplementaryCount: measuredSupplementaryCount, hasText: hasText)
    }

    private init(
      result: LayoutSpec.Result, sceneSource: SceneSource, measuredItemCount: Int,
      measuredSupplementaryCount: Int, hasText: Bool
    ) {
      self.result = result
      self.sceneSource = sceneSource
      self.measuredItemCount = measuredItemCount
      self.measuredSupplementaryCount = measuredSupplementaryCount
      self.hasText = hasText
    }

    /// The JSON of `textflow layout`: LayoutSpec's output, plus `measuredItems` and
    /// `measuredSupplementaryViews` when the spec has text, and `"region": "visible"`,
    /// `itemCount` and `contentSizeIsEstimated` for a visible-only layout (never estimated
    /// without text: fixed sizes are known without realising their items).
    public var json: String {
      guard hasText || visibleItemCount != nil else { return result.json }
      return result.json(appending: { writer in
        if hasText {
          writer.key("measuredItems")
          writer.integer(measuredItemCount)
          writer.key("measuredSupplementaryViews")
          writer.integer(measuredSupplementaryCount)
        }
        if let visibleItemCount {
          writer.key("region")
          writer.string("visible")
          writer.key("itemCount")
          writer.integer(visibleItemCount)
          writer.key("contentSizeIsEstimated")
          writer.bool(hasText && measuredItemCount < visibleItemCount)
        }
      })
    }
  }

}
