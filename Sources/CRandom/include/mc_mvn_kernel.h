// The plain-loop path of the multivariate normal: x = mu + F z for each row of standard
// normals z, with F a (row-permuted) lower-triangular factor. The BLAS path (dgemm) computes
// the same product; the engine picks whichever is faster for the dimension.
#ifndef MC_MVN_KERNEL_H
#define MC_MVN_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// For each of `rows` rows (row-major, `d` doubles each) of standard normals `z`, writes
///
///   x[i * d + order[j]] = mu[order[j]] + sum_{k < width[j]} factor[j * d + k] * z[i * d + k]
///
/// for j in 0 ..< d: `factor` row j is the pivoted Cholesky factor's row j, already scaled by
/// the sd of quantity order[j], and width[j] = min(j + 1, rank) its nonzero length. One pass
/// per row, no temporaries.
void mc_mvn_transform(const double *factor, const int32_t *order, const int32_t *width, const double *mu,
                      size_t d, const double *z, double *x, size_t rows);

#ifdef __cplusplus
}
#endif

#endif
