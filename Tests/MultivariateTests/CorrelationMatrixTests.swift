import Multivariate
import XCTest

/// Every refused matrix names its entry (or its row, for the shape).
final class CorrelationMatrixTests: XCTestCase {
  private func refusal(_ rows: [[Double]]) -> CorrelationMatrixError? {
    do {
      _ = try CorrelationMatrix(rows: rows)
      return nil
    } catch { return error }
  }

  func testWrongShapeNamesTheRow() {
    let e = refusal([[1, 0.2], [0.2, 1, 0]])
    XCTAssertEqual(e, .shape(row: 1, count: 3, expected: 2))
    XCTAssertEqual(e?.field, "correlation[1]")
    XCTAssertEqual(refusal([]), .empty)
  }

  func testDiagonalNotOneNamesTheEntry() {
    let e = refusal([[1, 0.2], [0.2, 0.9]])
    XCTAssertEqual(e?.field, "correlation[1][1]")
    XCTAssertEqual(e?.description, "correlation[1][1] = 0.9: a diagonal entry must be 1")
  }

  func testEntryOutsideRangeNamesTheEntry() {
    let e = refusal([[1, 1.2, 0], [1.2, 1, 0], [0, 0, 1]])
    XCTAssertEqual(e?.field, "correlation[0][1]")
    XCTAssertEqual(e?.description, "correlation[0][1] = 1.2: must be in [-1, 1]")
  }

  func testNaNAndInfinityNameTheEntry() {
    XCTAssertEqual(refusal([[1, .nan], [.nan, 1]])?.description, "correlation[0][1] = nan: must be a finite number")
    XCTAssertEqual(refusal([[1, 0], [-.infinity, 1]])?.field, "correlation[1][0]")
  }

  func testAsymmetricNamesTheLowerEntry() {
    let e = refusal([[1, 0.3], [0.2, 1]])
    XCTAssertEqual(e?.field, "correlation[1][0]")
  }

  func testValidMatrixKeepsItsEntries() throws {
    let m = try CorrelationMatrix(rows: [[1, -1], [-1, 1]])
    XCTAssertEqual(m[0, 1], -1)
    XCTAssertEqual(m.rows, [[1, -1], [-1, 1]])
  }
}
