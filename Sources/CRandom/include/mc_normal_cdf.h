// The kernels of the exact score distribution: the normal's mass on consecutive intervals,
// and the multiply-adds that shift it.
#ifndef MC_NORMAL_CDF_H
#define MC_NORMAL_CDF_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Room past n + 1 that mc_normal_interval_masses' scratch must have.
#define MC_NORMAL_SCRATCH_PAD 16

/// Phi(-|x|), the smaller tail, for each x: a Taylor series of 10 terms about the nearest of
/// the points 0, -1/32, -2/32, ... (Phi and phi there taken once from libm's erfc and exp);
/// relative error under 1e-15 for |x| <= 9, 1e-8 at 38; 0 beyond |x| = 38.5 (Phi < 1e-320).
/// Only +, - and * after the table: every x86-64 clone gives the same bits.
void mc_normal_lower_tail(const double *x, double *out, size_t n);

/// acc[k] += weight * (Phi(x_{k+1}) - Phi(x_k)), x_k = x0 + k * step, for k in 0..<n (step > 0):
/// the standard normal's mass on n consecutive intervals, each difference taken between the
/// tails on its own side of 0 so that a mass of 1e-200 keeps its digits. `scratch` holds
/// n + 1 + MC_NORMAL_SCRATCH_PAD doubles (the tails are computed in whole blocks).
void mc_normal_interval_masses(double x0, double step, size_t n, double weight, double *acc, double *scratch);

/// y[k] += a * x[k] for k in 0..<n, multiply then add (no fused rounding), in the widest
/// vectors the CPU has: the overtime shifts of the exact distribution.
void mc_axpy(double *y, const double *x, double a, size_t n);

#ifdef __cplusplus
}
#endif

#endif
