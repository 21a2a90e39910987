// CBLAS from OpenBLAS and the C interface to LAPACK (Debian: libopenblas-dev, liblapacke-dev).
#include <cblas.h>
#include <lapacke.h>
