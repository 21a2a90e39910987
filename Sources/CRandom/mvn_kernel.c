#include "include/mc_mvn_kernel.h"

#include "mc_batch.h"

/// Rows at a dimension D known at compile time: the triangle unrolled completely. Columns past
/// the rank are zero in the factor, so the full triangle gives the same sums (adding 0 * z).
#define MC_MVN_FIXED(D)                                                                        \
  static inline __attribute__((always_inline)) void mc_mvn_rows_##D(                            \
      const double *factor, const int32_t *order, const double *mu, const double *z, double *x, \
      size_t rows) {                                                                           \
    double f[D * D], m[D];                                                                     \
    int32_t o[D];                                                                              \
    for (int j = 0; j < D; j++) {                                                              \
      o[j] = order[j];                                                                         \
      m[j] = mu[order[j]];                                                                     \
      for (int k = 0; k < D; k++) f[j * D + k] = factor[j * D + k];                            \
    }                                                                                          \
    for (size_t i = 0; i < rows; i++) {                                                        \
      const double *zi = z + i * D;                                                            \
      double *xi = x + i * D;                                                                  \
      for (int j = 0; j < D; j++) {                                                            \
        double s = 0;                                                                          \
        for (int k = 0; k <= j; k++) s = MC_FMA(f[j * D + k], zi[k], s);                       \
        xi[o[j]] = m[j] + s;                                                                   \
      }                                                                                        \
    }                                                                                          \
  }

MC_MVN_FIXED(2)
MC_MVN_FIXED(3)
MC_MVN_FIXED(4)
MC_MVN_FIXED(5)
MC_MVN_FIXED(6)
MC_MVN_FIXED(7)
MC_MVN_FIXED(8)

MC_TARGET_CLONES
void mc_mvn_transform(const double *factor, const int32_t *order, const int32_t *width, const double *mu,
                      size_t d, const double *z, double *x, size_t rows) {
  switch (d) {
    case 2: mc_mvn_rows_2(factor, order, mu, z, x, rows); return;
    case 3: mc_mvn_rows_3(factor, order, mu, z, x, rows); return;
    case 4: mc_mvn_rows_4(factor, order, mu, z, x, rows); return;
    case 5: mc_mvn_rows_5(factor, order, mu, z, x, rows); return;
    case 6: mc_mvn_rows_6(factor, order, mu, z, x, rows); return;
    case 7: mc_mvn_rows_7(factor, order, mu, z, x, rows); return;
    case 8: mc_mvn_rows_8(factor, order, mu, z, x, rows); return;
    default: break;
  }
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
