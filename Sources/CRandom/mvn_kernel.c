#include "include/mc_mvn_kernel.h"

#include "mc_batch.h"

MC_TARGET_CLONES
void mc_mvn_transform(const double *factor, const int32_t *order, const int32_t *width, const double *mu,
                      size_t d, const double *z, double *x, size_t rows) {
  for (size_t i = 0; i < rows; i++) {
    const double *zi = z + i * d;
    double *xi = x + i * d;
    for (size_t j = 0; j < d; j++) {
      const double *f = factor + j * d;
      const size_t w = (size_t)width[j];
      // Four partial sums in a fixed order: the same bits on every clone, and four chains of
      // multiply-adds in flight instead of one.
      double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
      size_t k = 0;
      for (; k + 4 <= w; k += 4) {
        s0 = MC_FMA(f[k], zi[k], s0);
        s1 = MC_FMA(f[k + 1], zi[k + 1], s1);
        s2 = MC_FMA(f[k + 2], zi[k + 2], s2);
        s3 = MC_FMA(f[k + 3], zi[k + 3], s3);
      }
      for (; k < w; k++) s0 = MC_FMA(f[k], zi[k], s0);
      xi[order[j]] = mu[order[j]] + ((s0 + s1) + (s2 + s3));
    }
  }
}
