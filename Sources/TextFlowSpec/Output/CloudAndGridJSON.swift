// The JSON of `textflow cloud` (rows and packed) and `textflow grid`, written through JSONWriter.
import Foundation
import TextFlow

extension TagCloud.Output {
  /// `{"size": [w, h], "shrinkFactor": f, "dropped": n, "words": [{"text", "weight",
  /// "fontSize", "color", "frame": [x, y, w, h], "baseline": y}], "unplaced": [{"text",
  /// "weight", "reason"}]}`: `unplaced` lists the words too wide for the cloud even at the
  /// minimum size (`unfitting`, counted in `dropped`), as a packed cloud's lists its own.
  public var json: String {
    // Each word's scene element by item, found once (not by a search per word).
    var elementOfItem: [Int: Int] = [:]
    for (position, element) in scene.elements.enumerated()
    where element.attributes.representedElementCategory == .cell {
      if elementOfItem[element.attributes.indexPath.item] == nil {
        elementOfItem[element.attributes.indexPath.item] = position
      }
    }
    WorkCounter.add(scene.elements.count)
    var writer = JSONWriter()
    writer.beginObject(.lines)
    writer.key("size")
    writer.numbers([scene.bounds.width, scene.bounds.height])
    writer.key("shrinkFactor")
    writer.number(shrinkFactor)
    writer.key("dropped")
    writer.integer(droppedCount)
    writer.key("words")
    writer.beginArray(.lines)
    for (index, entry) in placed.enumerated() {
      guard index < cells.count else { break }
      let frame = cells[index].frame
      let element = elementOfItem[index].map { scene.elements[$0] }
      WorkCounter.add(1)
      let baseline =
        element.flatMap { element in
          element.text.map {
            Double(frame.minY + $0.origin.y + ($0.layout.lines.first?.baselineOrigin.y ?? 0))
          }
        } ?? Double(frame.maxY)
      writer.beginObject()
      writer.wordFields(entry.word, fontSize: entry.fontSize, color: entry.color, frame: frame)
      writer.key("baseline")
      writer.number(baseline)
      writer.endObject()
    }
    writer.endArray()
    writer.key("unplaced")
    writer.beginArray(.lines)
    for word in unfitting {
      writer.beginObject()
      writer.key("text")
      writer.string(word.text)
      writer.key("weight")
      writer.number(word.weight)
      writer.key("reason")
      writer.string("wider than the cloud at the minimum font size")
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
    return writer.text
  }
}

extension PackedCloud.Output {
  /// `{"layout": "packed", "size", "scaleFactor", "density", "words": [{"text", "weight",
  /// "fontSize", "color", "frame", "center", "rotation"}], "unplaced": [{"text", "weight",
  /// "reason"}], "notTried": n, "attempts": n, "positionsTested": n}`.
  public var json: String {
    var writer = JSONWriter()
    writer.beginObject(.lines)
    writer.key("layout")
    writer.string("packed")
    writer.key("size")
    writer.numbers([size.width, size.height])
    writer.key("scaleFactor")
    writer.number(scaleFactor)
    writer.key("density")
    writer.number((density * 10000).rounded() / 10000)
    writer.key("words")
    writer.beginArray(.lines)
    for entry in placed {
      let frame = entry.frame
      writer.beginObject()
      writer.wordFields(entry.word, fontSize: entry.fontSize, color: entry.color, frame: frame)
      writer.key("center")
      writer.numbers([frame.midX, frame.midY])
      writer.key("rotation")
      writer.number(entry.rotation)
      writer.endObject()
    }
    writer.endArray()
    writer.key("unplaced")
    writer.beginArray(.lines)
    for entry in unplaced {
      writer.beginObject()
      writer.key("text")
      writer.string(entry.word.text)
      writer.key("weight")
      writer.number(entry.word.weight)
      writer.key("reason")
      writer.string(entry.reason)
      writer.endObject()
    }
    writer.endArray()
    writer.key("notTried")
    writer.integer(notTriedCount)
    writer.key("attempts")
    writer.integer(attempts)
    writer.key("positionsTested")
    writer.integer(positionsTested)
    writer.endObject()
    return writer.text
  }
}

extension LabelGrid.Output {
  /// Columns: `{"size": [w, h], "labels": [{"text", "fontSize", "truncated", "frame"}]}`.
  /// Sheets: `{"pageSize": [w, h], "pages": n, "labels": [{"text", "fontSize", "truncated",
  /// "page", "position", "frame"}]}`, each label's page and position on it counted from 1 and
  /// its frame on that page (`sheets`), as `textflow labels` reports them.
  public var json: String {
    var writer = JSONWriter()
    writer.beginObject(.lines)
    let sheets = self.sheets
    if let pageSize, !sheets.isEmpty {
      writer.key("pageSize")
      writer.numbers([pageSize.width, pageSize.height])
      writer.key("pages")
      writer.integer(sheets.count)
    } else {
      writer.key("size")
      writer.numbers([scene.bounds.width, scene.bounds.height])
    }
    writer.key("labels")
    writer.beginArray(.lines)
    // (page, position, cell) of every label, in order.
    let cells: [(page: Int?, position: Int, element: SceneElement)] =
      sheets.isEmpty
      ? scene.elements.filter { $0.attributes.representedElementCategory == .cell }.enumerated()
        .map { (nil, $0.offset, $0.element) }
      : sheets.enumerated().flatMap { page, sheet in
        sheet.elements.enumerated().map { (page, $0.offset, $0.element) }
      }
    for (label, cell) in zip(labels, cells) {
      let frame = cell.element.attributes.frame
      writer.beginObject()
      writer.key("text")
      writer.string(label.text)
      writer.key("fontSize")
      writer.number(label.fontSize)
      writer.key("truncated")
      writer.bool(label.isTruncated)
      if let page = cell.page {
        writer.key("page")
        writer.integer(page + 1)
        writer.key("position")
        writer.integer(cell.position + 1)
      }
      writer.key("frame")
      writer.numbers([frame.minX, frame.minY, frame.width, frame.height])
      writer.endObject()
    }
    writer.endArray()
    writer.endObject()
    return writer.text
  }
}

extension JSONWriter {
  /// A cloud word's members, as both cloud layouts print them: text, weight, fontSize, color,
  /// frame.
  fileprivate mutating func wordFields(
    _ word: TagCloud.Word, fontSize: Double, color: Color, frame: CGRect
  ) {
    key("text")
    string(word.text)
    key("weight")
    number(word.weight)
    key("fontSize")
    number(fontSize)
    key("color")
    string("\(color)")
    key("frame")
    numbers([frame.minX, frame.minY, frame.width, frame.height])
  }
}
