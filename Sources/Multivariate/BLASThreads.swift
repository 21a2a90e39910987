import CLinearAlgebra

/// OpenBLAS's own threads, off: the engine's threads each run whole chunks, and a BLAS call
/// inside one runs on that thread.
///
/// Debian's libopenblas0 is the pthread build (libopenblas0-pthread): it starts a pool of
/// (cores - 1) threads when the library loads, before `main`, too early for the
/// OPENBLAS_NUM_THREADS variable to be set from inside the process, and those threads spin on
/// sched_yield for about 2^28 cycles waiting for work, which on 2 cores takes a core from the
/// engine's own workers (measured: a fifth of the samples of a 10^6-draw parlay). So the first
/// use sets one thread per call (`openblas_set_num_threads(1)`) and shuts the pool down
/// (`blas_thread_shutdown_`); a serial OpenBLAS (libopenblas0-serial) needs neither and is
/// unaffected by them.
public enum BLASThreads {
  private static let off: Void = {
    openblas_set_num_threads(1)
    _ = blas_thread_shutdown_()
  }()

  /// Idempotent and cheap after the first call: every engine entry point that runs threads
  /// calls it (`MultivariateNormal.simulate`, `GameSimulator`).
  public static func disable() { _ = off }

  /// The threads OpenBLAS would use for one call (1 once disabled).
  public static var current: Int { Int(openblas_get_num_threads()) }
}
