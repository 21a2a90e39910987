// CBLAS from OpenBLAS and the C interface to LAPACK (Debian: libopenblas-dev, liblapacke-dev).
#include <cblas.h>
#include <lapacke.h>

// OpenBLAS's pthread build starts its thread pool when the library loads, and each pool thread
// spins (sched_yield) for a while waiting for work. The engine runs its own threads and keeps
// BLAS on one thread each (openblas_set_num_threads(1)); this stops and joins the pool, so it
// spins no more (exported by libopenblas, not declared in its cblas.h). Returns 0.
int blas_thread_shutdown_(void);

// Whether this CPU runs AVX2 with FMA (x86-64-v3, AVX-512 ones included): OpenBLAS's Haswell
// kernels run on it. 0 elsewhere.
static inline int mc_cpu_has_avx2_fma(void) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
  return 0;
#endif
}
