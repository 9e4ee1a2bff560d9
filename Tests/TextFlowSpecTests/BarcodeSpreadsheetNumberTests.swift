// EAN and UPC codes a spreadsheet saved as numbers in scientific notation ("4.00638E+12", as
// Excel shows a 13-digit number in a General column) are refused with the reason, not as a
// stray '.' at character 2. The notation is made here with printf's %E, as a spreadsheet
// writes it.
import Foundation
import Testing
import TextFlow

@Suite struct BarcodeSpreadsheetNumberTests {
  private func reason(_ data: String, _ symbology: BarcodeSymbology) -> String {
    do {
      _ = try symbology.checkedData(data)
      return "accepted"
    } catch {
      return error.description
    }
  }

  @Test func scientificNotationIsNamed() {
    let codes: [(BarcodeSymbology, Double)] = [
      (.ean13, 4_006_381_333_931), (.ean8, 40_034_775), (.upca, 36_000_291_452),
    ]
    for (symbology, value) in codes {
      for format in ["%.5E", "%.2E", "%.5e", "%.0E"] {
        let written = String(format: format, value)
        let message = reason(written, symbology)
        #expect(message.contains("scientific notation"), "\(written): \(message)")
        #expect(message.contains(written), "\(written): \(message)")
      }
    }
  }

  @Test func otherNonDigitsKeepTheirOwnReason() {
    for data in ["40063813339A", "4.5", "E12", "4.E12", "4.0E", "1.5E+3x", "4006381333931+12"] {
      let message = reason(data, .ean13)
      #expect(!message.contains("scientific"), "\(data): \(message)")
      #expect(message.contains("digits only"), "\(data): \(message)")
    }
  }
}
