// CBLAS from OpenBLAS and the C interface to LAPACK (Debian: libopenblas-dev, liblapacke-dev).
#include <cblas.h>
#include <lapacke.h>

// OpenBLAS's pthread build starts its thread pool when the library loads, and each pool thread
// spins (sched_yield) for a while waiting for work. The engine runs its own threads and keeps
// BLAS on one thread each (openblas_set_num_threads(1)); this stops and joins the pool, so it
// spins no more (exported by libopenblas, not declared in its cblas.h). Returns 0.
int blas_thread_shutdown_(void);
