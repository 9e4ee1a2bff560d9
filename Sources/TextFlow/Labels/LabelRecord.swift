// One record of a mail merge: named fields and the row a user sees in a spreadsheet.
import Foundation

/// One record: its fields in column order, and where it came from.
public struct LabelRecord: Sendable, Equatable {
  /// The 1-based data row (the header row not counted).
  public var row: Int
  /// The 1-based line where the record starts.
  public var line: Int
  /// The fields, in column (or key) order.
  public var fields: [(name: String, value: String)]

  /// A record.
  public init(row: Int, line: Int, fields: [(name: String, value: String)]) {
    self.row = row
    self.line = line
    self.fields = fields
  }

  /// The value of the field called `name`, or nil when the record has no such field.
  public subscript(name: String) -> String? {
    fields.first { $0.name == name }?.value
  }

  public static func == (lhs: LabelRecord, rhs: LabelRecord) -> Bool {
    lhs.row == rhs.row && lhs.line == rhs.line && lhs.fields.count == rhs.fields.count
      && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
  }
}
