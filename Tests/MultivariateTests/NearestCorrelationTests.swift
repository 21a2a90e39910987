import Multivariate
import XCTest

/// The repair of a matrix that is not positive semidefinite, against Higham (2002).
final class NearestCorrelationTests: XCTestCase {
  /// Higham, "Computing the nearest correlation matrix" (IMA J. Numer. Anal. 22, 2002),
  /// section 4: A = [[1, 1, 0], [1, 1, 1], [0, 1, 1]] (eigenvalues 1 - sqrt 2, 1, 1 + sqrt 2)
  /// has nearest correlation matrix with off-diagonals 0.7607 and 0.1573 (published to four
  /// decimals). scripts/parlay_reference.py runs the same algorithm with numpy's eigh: its
  /// entries 0.760689853402, 0.157298106138 and distance 0.527790463582 are pinned to 1e-9.
  func testHighamPublishedExample() throws {
    let a = try CorrelationMatrix(rows: [[1, 1, 0], [1, 1, 1], [0, 1, 1]])
    XCTAssertFalse(NearestCorrelation.isSemidefinite(a))
    XCTAssertEqual(NearestCorrelation.smallestEigenvalue(a), 1 - 2.0.squareRoot(), accuracy: 1e-12)
    let repair = NearestCorrelation.repair(a)
    let x = repair.repaired
    XCTAssertEqual((x[0, 1] * 1e4).rounded() / 1e4, 0.7607)
    XCTAssertEqual((x[0, 2] * 1e4).rounded() / 1e4, 0.1573)
    XCTAssertEqual(x[0, 1], 0.760689853402, accuracy: 1e-9)
    XCTAssertEqual(x[1, 2], 0.760689853402, accuracy: 1e-9)
    XCTAssertEqual(x[0, 2], 0.157298106138, accuracy: 1e-9)
    XCTAssertEqual(repair.distance, 0.527790463582, accuracy: 1e-9)
    XCTAssertTrue(NearestCorrelation.isSemidefinite(x))
    XCTAssertGreaterThan(repair.iterations, 1)
  }

  /// A PSD input is not touched: MultivariateNormal reports no repair.
  func testSemidefiniteMatrixIsNotRepaired() throws {
    let c = try CorrelationMatrix(rows: [[1, 0.5, 0.2], [0.5, 1, 0.3], [0.2, 0.3, 1]])
    let mvn = try MultivariateNormal(means: [0, 0, 0], sds: [1, 1, 1], correlation: c)
    XCTAssertNil(mvn.repair)
    XCTAssertEqual(mvn.correlation, c)
  }

  /// A non-PSD matrix handed to the simulator is repaired, and the repair is reported with its
  /// distance; the draws follow the repaired matrix.
  func testSimulatorReportsTheRepair() throws {
    let a = try CorrelationMatrix(rows: [[1, 1, 0], [1, 1, 1], [0, 1, 1]])
    let mvn = try MultivariateNormal(means: [0, 0, 0], sds: [1, 1, 1], correlation: a)
    let repair = try XCTUnwrap(mvn.repair)
    XCTAssertEqual(repair.distance, 0.527790463582, accuracy: 1e-9)
    XCTAssertEqual(mvn.correlation, repair.repaired)
    // The repaired matrix sits on the PSD boundary (smallest eigenvalue 0): rank 2.
    XCTAssertEqual(mvn.factor.rank, 2)
    XCTAssertLessThan(mvn.factor.maxReconstructionError(repair.repaired), 1e-10)
  }
}
