// Bulk fills of one stream with uniform and standard-normal doubles.
#ifndef MC_DISTRIBUTIONS_H
#define MC_DISTRIBUTIONS_H

#include "mc_philox.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Largest |z| the double-precision normal fills can return: sqrt(-2 ln 2^-54), rounded up.
#define MC_NORMAL_MAX_ABS 8.6546

/// Largest |z| of the game kernel's single-precision normals: sqrt(-2 ln 2^-24) = 5.76811,
/// rounded up. The tail they cut is P(R > 5.76811) = 2^-24 = 6.0e-8 of the radius (one game in
/// 16.8 million loses its extreme draw); scores are rounded from mean + sd z, so nothing else of
/// the answer changes measurably.
#define MC_NORMAL_F32_MAX_ABS 5.7682

/// Uniform doubles strictly inside (0, 1) from the top 53 bits of each 64-bit word
/// (a zero word maps to 2^-54). Two per block; consumes ceil(n / 2) blocks.
void mc_fill_uniform(mc_stream *s, double *out, size_t n);

/// Standard normals by Box-Muller with a vectorised log and sin/cos: two per block
/// (radius from 53 bits, angle from 32); consumes ceil(n / 2) blocks.
void mc_fill_normal(mc_stream *s, double *out, size_t n);

/// The game kernel's normals: Box-Muller in single precision from 24-bit uniforms (radius from
/// the top 24 bits of a block's word 0, angle from the top 24 of word 1), widened to double; two
/// per block, consumes ceil(n / 2) blocks. |z| <= 5.7682. What one game costs in normals.
void mc_fill_normal_f32(mc_stream *s, double *out, size_t n);

/// The scalar kernels the fills use, exposed so tests can hold them to libm.
double mc_log_reference(double x);
void mc_sincos_turn_reference(double v, double *sin_out, double *cos_out);
float mc_logf_reference(float x);
void mc_sincos_turnf_reference(float v, float *sin_out, float *cos_out);

#ifdef __cplusplus
}
#endif

#endif
