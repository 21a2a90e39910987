import CLinearAlgebra
import XCTest

/// Proves OpenBLAS and LAPACKE link and run on this machine.
final class LinearAlgebraTests: XCTestCase {
  /// A = L L^T with L = [[2,0,0],[6,1,0],[-8,5,3]]: dpotrf must return exactly L.
  func testCholeskyOfKnown3x3() {
    var a: [Double] = [
      4, 12, -16,
      12, 37, -43,
      -16, -43, 98,
    ]
    let info = LAPACKE_dpotrf(LAPACK_ROW_MAJOR, Int8(UInt8(ascii: "L")), 3, &a, 3)
    XCTAssertEqual(info, 0)
    let lower = [a[0], a[3], a[4], a[6], a[7], a[8]]
    XCTAssertEqual(lower, [2, 6, 1, -8, 5, 3])
  }

  /// dgemm: [[1,2],[3,4]] x [[5,6],[7,8]] = [[19,22],[43,50]].
  func testDgemm() {
    let a: [Double] = [1, 2, 3, 4]
    let b: [Double] = [5, 6, 7, 8]
    var c = [Double](repeating: 0, count: 4)
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, 2, 2, 2, 1, a, 2, b, 2, 0, &c, 2)
    XCTAssertEqual(c, [19, 22, 43, 50])
  }

  /// A matrix that is not positive definite is reported, not factorised.
  func testNotPositiveDefiniteIsReported() {
    var a: [Double] = [1, 2, 2, 1]
    let info = LAPACKE_dpotrf(LAPACK_ROW_MAJOR, Int8(UInt8(ascii: "L")), 2, &a, 2)
    XCTAssertGreaterThan(info, 0)
  }
}
