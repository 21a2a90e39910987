import CLinearAlgebra
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// OpenBLAS and LAPACKE, loaded when the multivariate path first needs them, never at start.
///
/// Linked into the binary, the two libraries (with libgfortran and the reference LAPACK they
/// pull in) cost every command about 4 ms of start-up, `mcsim run` included, which never uses
/// them: `mcsim --version` took 18.5 ms of CPU against 14.5 ms before the multivariate path.
/// Loaded here, only parlay, props and a slate with a league factor pay it.
///
/// Loading late also settles OpenBLAS's own threads before they start: Debian's libopenblas0 is
/// the pthread build, which starts a pool of (cores - 1) threads when the library loads and
/// spins them on sched_yield for a while (a fifth of the samples of a 10^6-draw parlay on 2
/// cores). OPENBLAS_NUM_THREADS=1 is set for this process before the load, so no pool starts and
/// a BLAS call runs on the engine's thread that makes it; `openblas_set_num_threads(1)` after the
/// load makes sure of it.
///
/// OpenBLAS picks its kernels by CPU, and its AVX-512 ones (SkylakeX) round LAPACK's Cholesky
/// differently in the last bits from its AVX2 ones (Haswell): the ratings fit of the shipped
/// model moved in its 15th digit on an AVX-512 machine. Every CPU with AVX2 and FMA (AVX-512
/// ones included) is given the Haswell kernels (OPENBLAS_CORETYPE, before the load), so a fit is
/// the same bits on either; a core type the user set is kept.
///
/// CLinearAlgebra gives the declarations (types, constants); the functions are resolved with
/// dlsym into the signatures below, which are cblas.h's and lapacke.h's (blasint and lapack_int
/// are 32-bit in Debian's builds).
package enum LinearAlgebra {
  typealias Dgemm =
    @convention(c) (
      CBLAS_ORDER, CBLAS_TRANSPOSE, CBLAS_TRANSPOSE, Int32, Int32, Int32, Double, UnsafePointer<Double>?, Int32,
      UnsafePointer<Double>?, Int32, Double, UnsafeMutablePointer<Double>?, Int32
    ) -> Void
  typealias Dsyrk =
    @convention(c) (
      CBLAS_ORDER, CBLAS_UPLO, CBLAS_TRANSPOSE, Int32, Int32, Double, UnsafePointer<Double>?, Int32, Double,
      UnsafeMutablePointer<Double>?, Int32
    ) -> Void
  typealias Dsyevd =
    @convention(c) (
      Int32, CChar, CChar, Int32, UnsafeMutablePointer<Double>?, Int32, UnsafeMutablePointer<Double>?
    ) -> Int32
  typealias Dpstrf =
    @convention(c) (
      Int32, CChar, Int32, UnsafeMutablePointer<Double>?, Int32, UnsafeMutablePointer<Int32>?,
      UnsafeMutablePointer<Int32>?, Double
    ) -> Int32
  typealias Dposv =
    @convention(c) (
      Int32, CChar, Int32, Int32, UnsafeMutablePointer<Double>?, Int32, UnsafeMutablePointer<Double>?, Int32
    ) -> Int32
  typealias Dgels =
    @convention(c) (
      Int32, CChar, Int32, Int32, Int32, UnsafeMutablePointer<Double>?, Int32, UnsafeMutablePointer<Double>?, Int32
    ) -> Int32
  typealias SetThreads = @convention(c) (Int32) -> Void
  typealias GetThreads = @convention(c) () -> Int32

  struct Functions: @unchecked Sendable {
    let dgemm: Dgemm
    let dsyrk: Dsyrk
    let dsyevd: Dsyevd
    let dpstrf: Dpstrf
    let dposv: Dposv
    let dgels: Dgels
    let getThreads: GetThreads
  }

  private static let loaded: Result<Functions, MultivariateError> = load()

  /// The libraries, loaded on first use; an error naming what is missing where they cannot be.
  package static func require() throws(MultivariateError) {
    if case .failure(let error) = loaded { throw error }
  }

  /// The functions; callers inside the path stand behind an entry point that called `require`.
  static var functions: Functions {
    switch loaded {
    case .success(let f): return f
    case .failure(let error): fatalError(error.description)
    }
  }

  /// The threads OpenBLAS would use for one call (1: the engine's threads make the calls).
  package static var threads: Int { Int(functions.getThreads()) }

  private static func load() -> Result<Functions, MultivariateError> {
    setenv("OPENBLAS_NUM_THREADS", "1", 1)
    if mc_cpu_has_avx2_fma() != 0 { setenv("OPENBLAS_CORETYPE", "Haswell", 0) }
    func open(_ names: [String]) -> UnsafeMutableRawPointer? {
      for name in names { if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle } }
      return nil
    }
    let missing = { (what: String) in
      MultivariateError.invalid(
        field: "OpenBLAS", value: what,
        reason: "cannot be loaded; the multivariate path needs libopenblas0 and liblapacke (bash scripts/setup.sh installs them)")
    }
    guard let blas = open(["libopenblas.so.0", "libopenblas.so"]) else { return .failure(missing("libopenblas.so.0")) }
    guard let lapacke = open(["liblapacke.so.3", "liblapacke.so"]) else { return .failure(missing("liblapacke.so.3")) }
    func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, _ type: T.Type) -> T? {
      dlsym(handle, name).map { unsafeBitCast($0, to: type) }
    }
    guard let dgemm = symbol(blas, "cblas_dgemm", Dgemm.self), let dsyrk = symbol(blas, "cblas_dsyrk", Dsyrk.self),
      let setThreads = symbol(blas, "openblas_set_num_threads", SetThreads.self),
      let getThreads = symbol(blas, "openblas_get_num_threads", GetThreads.self),
      let dsyevd = symbol(lapacke, "LAPACKE_dsyevd", Dsyevd.self),
      let dpstrf = symbol(lapacke, "LAPACKE_dpstrf", Dpstrf.self),
      let dposv = symbol(lapacke, "LAPACKE_dposv", Dposv.self),
      let dgels = symbol(lapacke, "LAPACKE_dgels", Dgels.self)
    else { return .failure(missing("a symbol of libopenblas.so.0 or liblapacke.so.3")) }
    setThreads(1)
    return .success(
      Functions(
        dgemm: dgemm, dsyrk: dsyrk, dsyevd: dsyevd, dpstrf: dpstrf, dposv: dposv, dgels: dgels, getThreads: getThreads))
  }
}

extension LinearAlgebra {
  /// x solving A x = b for a symmetric positive definite n x n `a` (row-major, the lower
  /// triangle read), by Cholesky (LAPACK dposv). Nil when A is not positive definite.
  package static func solvePositiveDefinite(_ a: [Double], _ b: [Double]) throws(MultivariateError) -> [Double]? {
    try require()
    let n = b.count
    precondition(a.count == n * n, "a must be n x n")
    var a = a, x = b
    let info = functions.dposv(LAPACK_ROW_MAJOR, CChar(UInt8(ascii: "L")), Int32(n), 1, &a, Int32(n), &x, 1)
    return info == 0 ? x : nil
  }

  /// x minimising |A x - b| for an m x n `a` of full column rank, m >= n (row-major), by QR
  /// (LAPACK dgels). Nil when A is rank deficient.
  package static func leastSquares(_ a: [Double], rows m: Int, _ b: [Double]) throws(MultivariateError) -> [Double]? {
    try require()
    precondition(b.count == m && m > 0 && a.count % m == 0, "a must be m x n, b of m")
    let n = a.count / m
    precondition(m >= n, "least squares needs m >= n")
    var a = a, x = b
    let info = functions.dgels(LAPACK_ROW_MAJOR, CChar(UInt8(ascii: "N")), Int32(m), Int32(n), 1, &a, Int32(n), &x, 1)
    return info == 0 ? Array(x.prefix(n)) : nil
  }
}
