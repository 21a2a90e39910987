// Bulk fills of one stream with uniform and standard-normal doubles.
#ifndef MC_DISTRIBUTIONS_H
#define MC_DISTRIBUTIONS_H

#include "mc_philox.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Largest |z| the normal fills (and the game kernel) can return: sqrt(-2 ln 2^-54), rounded up.
#define MC_NORMAL_MAX_ABS 8.6546

/// Uniform doubles strictly inside (0, 1) from the top 53 bits of each 64-bit word
/// (a zero word maps to 2^-54). Two per block; consumes ceil(n / 2) blocks.
void mc_fill_uniform(mc_stream *s, double *out, size_t n);

/// Standard normals by Box-Muller with a vectorised log and sin/cos: two per block
/// (radius from 53 bits, angle from 32); consumes ceil(n / 2) blocks.
void mc_fill_normal(mc_stream *s, double *out, size_t n);

/// The scalar kernels the fills use, exposed so tests can hold them to libm.
double mc_log_reference(double x);
void mc_sincos_turn_reference(double v, double *sin_out, double *cos_out);

#ifdef __cplusplus
}
#endif

#endif
