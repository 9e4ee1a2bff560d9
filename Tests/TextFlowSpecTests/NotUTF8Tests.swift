// Files that are not UTF-8 are refused at the byte where they stop being UTF-8, as iconv finds
// it, with the line and column an editor shows and the encoding to convert from; CSV's separator
// is the one its header uses.
import Foundation
import TestSupport
import Testing
import TextFlow
import TextFlowSpec

@Suite struct NotUTF8Tests {
  /// iconv's answer: the byte offset of the first illegal sequence, or nil for valid UTF-8.
  private func iconvOffset(_ bytes: [UInt8]) throws -> Int? {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/usr/bin/iconv"), ["-f", "UTF-8", "-t", "UTF-8"], input: Data(bytes))
    if result.status == 0 { return nil }
    // "iconv: illegal input sequence at position N" (or "incomplete character or shift
    // sequence at end of buffer" for a sequence cut off by the end).
    if let number = result.standardError.split(separator: " ").last.flatMap({
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }) {
      return number
    }
    return result.standardError.contains("end of buffer") ? -1 : nil
  }

  @Test func theFirstBadByteIsWhereIconvFindsIt() throws {
    var generator = SplitMix64(seed: 1252)
    // Surrogates (ED A0 80) and code points past U+10FFFF (F4 90 80 80) are left to
    // `outOfRangeSequences`: glibc's iconv lets them through.
    let pieces: [[UInt8]] = [
      Array("a".utf8), Array(" ".utf8), [0x0A], [0x0D, 0x0A], Array("é".utf8), Array("한".utf8),
      Array("🙂".utf8), [0xFC], [0xE9], [0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x99],
    ]
    var checked = 0
    for _ in 0..<300 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...24, using: &generator) {
        bytes += pieces.randomElement(using: &generator)!
      }
      let expected = try iconvOffset(bytes)
      let problem = NotUTF8(bytes)
      // The standard library's validation agrees on whether there is a problem.
      #expect((problem == nil) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
      guard let expected else {
        #expect(problem == nil, "\(bytes)")
        continue
      }
      guard let problem else {
        Issue.record("valid by NotUTF8, not by iconv: \(bytes)")
        continue
      }
      if expected >= 0 { #expect(problem.offset == expected, "\(bytes)") }
      // The line and column of that byte, from the valid text before it.
      let before = String(decoding: bytes[..<problem.offset], as: UTF8.self)
      let lines = before.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(problem.line == lines.count, "\(bytes)")
      #expect(problem.column == lines.last!.count + 1, "\(bytes)")
      #expect(problem.byte == bytes[problem.offset])
      checked += 1
    }
    #expect(checked > 100)
  }

  @Test func outOfRangeSequences() throws {
    // A surrogate's encoding, a code point past U+10FFFF and an overlong "/" are no UTF-8
    // (Unicode 15, table 3-7): the first byte of each is the problem.
    for sequence: [UInt8] in [[0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF]] {
      let bytes = Array("ok\nab".utf8) + sequence + Array("c".utf8)
      #expect(String(validating: bytes, as: UTF8.self) == nil)
      let problem = try #require(NotUTF8(bytes))
      #expect(problem.offset == 5 && problem.line == 2 && problem.column == 3)
    }
  }

  @Test func theMessageNamesThePlaceAndTheConversion() throws {
    // "Müller,Köln" in Windows-1252, as Excel saves "CSV (Comma delimited)".
    let windows1252 = Array("Name,City\r\nM".utf8) + [0xFC] + Array("ller,K".utf8) + [0xF6]
    let problem = try #require(NotUTF8(windows1252))
    #expect(problem.line == 2 && problem.column == 2 && problem.byte == 0xFC)
    #expect(problem.description.hasPrefix("line 2: not UTF-8 text at column 2 (byte 0xFC)"))
    #expect(problem.description.contains("iconv -f WINDOWS-1252 -t UTF-8"))
    // Excel's "Unicode text": UTF-16LE with its byte-order mark.
    let utf16: [UInt8] =
      [0xFF, 0xFE] + "Name\tCity\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let wide = try #require(NotUTF8(utf16))
    #expect(wide.line == 1 && wide.likelyEncoding == "UTF-16")
    #expect(wide.description.contains("iconv -f UTF-16 -t UTF-8"))
    // A UTF-8 byte-order mark is no column.
    let marked = try #require(NotUTF8([0xEF, 0xBB, 0xBF, 0x61, 0xFF]))
    #expect(marked.column == 2)
    // Records name the line too.
    #expect {
      _ = try RecordReader.read(Data(windows1252), format: .csv)
    } throws: { error in
      (error as? RecordError)?.description.hasPrefix("line 2: not UTF-8 text at column 2") == true
    }
  }

  @Test func csvTakesTheSeparatorItsHeaderUses() throws {
    // Semicolons, as spreadsheets save CSV where the decimal separator is a comma: the
    // quoted field's comma and semicolon stay in it.
    let semicolons = try RecordReader.read(
      Data("Name;Street;City\r\n\"Müller, Hans\";\"Haupt;str. 1\";Berlin\r\n".utf8), format: .csv)
    #expect(semicolons.errors.isEmpty)
    #expect(semicolons.fieldNames == ["Name", "Street", "City"])
    #expect(semicolons.records[0]["Name"] == "Müller, Hans")
    #expect(semicolons.records[0]["Street"] == "Haupt;str. 1")
    let tabs = try RecordReader.read(Data("a\tb\n1\t2\n".utf8), format: .csv)
    #expect(tabs.records[0]["b"] == "2")
    let bars = try RecordReader.read(Data("a|b\n1|2\n".utf8), format: .csv)
    #expect(bars.records[0]["b"] == "2")
    // As many commas as semicolons in the header and the rows: a comma; a quoted one does
    // not count.
    let commas = try RecordReader.read(Data("a;x,b\n1;2,3\n".utf8), format: .csv)
    #expect(commas.fieldNames == ["a;x", "b"])
    // More semicolons, in the rows too: a comma in a header name is text, as a spreadsheet
    // that saves semicolons leaves it unquoted.
    let named = try RecordReader.read(
      Data("Name;Vorname;Betrag (€, brutto)\nMüller;Hans;1,50\n".utf8), format: .csv)
    #expect(named.fieldNames == ["Name", "Vorname", "Betrag (€, brutto)"])
    #expect(named.records[0]["Betrag (€, brutto)"] == "1,50")
    // More semicolons in the header alone: the rows split by commas.
    let prices = try RecordReader.read(Data("sku,a; b; c\nA,9\nB,1\n".utf8), format: .csv)
    #expect(prices.fieldNames == ["sku", "a; b; c"] && prices.errors.isEmpty)
    let quotedComma = try RecordReader.read(Data("\"a,x\";b\n1;2\n".utf8), format: .csv)
    #expect(quotedComma.fieldNames == ["a,x", "b"])
    // One column: nothing to tell, a comma (the data's commas split fields, as before).
    let single = try RecordReader.read(Data("name\nAda\n".utf8), format: .csv)
    #expect(single.records[0]["name"] == "Ada")
    // An explicit delimiter wins.
    let explicit = try RecordReader.read(
      Data("a;b\n1;2\n".utf8), format: .csv, delimiter: ",")
    #expect(explicit.fieldNames == ["a;b"])
  }
}
