// Private to CRandom: the batched (SIMD-friendly) Philox and the uniform/normal transforms.
// Everything here is `static inline`, so each public entry point compiled with
// MC_TARGET_CLONES gets a copy vectorised for its instruction set.
#ifndef MC_BATCH_H
#define MC_BATCH_H

#include <math.h>
#include <string.h>

#include "mc_philox.h"
#include "mc_distributions.h"

// No fused multiply-add contraction: every clone (AVX-512, AVX2, baseline) then rounds each
// operation identically, so a seed gives the same draws and counts on every x86-64 machine.
#pragma STDC FP_CONTRACT OFF

// Several versions of the hot loops, chosen once at load time by the CPU (GCC/clang ifunc).
#if defined(__x86_64__) && defined(__linux__) && !defined(MC_NO_CLONES)
#define MC_TARGET_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define MC_TARGET_CLONES
#endif

/// sqrt without errno (its argument is never negative here), so loops around it vectorise.
#if defined(__clang__) && __has_builtin(__builtin_elementwise_sqrt)
#define MC_SQRT(x) __builtin_elementwise_sqrt(x)
#else
#define MC_SQRT(x) __builtin_sqrt(x)
#endif

/// Blocks computed together: 16 counters side by side, one 32-bit word each per SIMD lane.
#define MC_LANES 16

static inline double mc_bits_to_double(uint64_t b) {
  double d;
  memcpy(&d, &b, sizeof d);
  return d;
}

static inline uint64_t mc_double_to_bits(double d) {
  uint64_t b;
  memcpy(&b, &d, sizeof b);
  return b;
}

/// Philox4x32-10 of the blocks `first ..< first + MC_LANES` of stream (key, stream).
/// Lane i of the result is identical to mc_stream_block(first + i).
static inline __attribute__((always_inline)) void mc_philox_lanes(mc_philox4x32_key key,
                                                                   uint64_t stream,
                                                                   uint64_t first, uint64_t *w0,
                                                                   uint64_t *w1) {
  uint32_t c0[MC_LANES], c1[MC_LANES], c2[MC_LANES], c3[MC_LANES];
  for (int i = 0; i < MC_LANES; i++) {
    uint64_t b = first + (uint64_t)i;
    c0[i] = (uint32_t)b;
    c1[i] = (uint32_t)(b >> 32);
    c2[i] = (uint32_t)stream;
    c3[i] = (uint32_t)(stream >> 32);
  }
  uint32_t k0 = key.v[0], k1 = key.v[1];
  for (int r = 0; r < 10; r++) {
    for (int i = 0; i < MC_LANES; i++) {
      uint64_t p0 = MC_PHILOX_M0 * c0[i];
      uint64_t p1 = MC_PHILOX_M1 * c2[i];
      uint32_t n0 = (uint32_t)(p1 >> 32) ^ c1[i] ^ k0;
      uint32_t n2 = (uint32_t)(p0 >> 32) ^ c3[i] ^ k1;
      c0[i] = n0;
      c1[i] = (uint32_t)p1;
      c2[i] = n2;
      c3[i] = (uint32_t)p0;
    }
    k0 += MC_PHILOX_W0;
    k1 += MC_PHILOX_W1;
  }
  for (int i = 0; i < MC_LANES; i++) {
    w0[i] = (uint64_t)c0[i] | ((uint64_t)c1[i] << 32);
    w1[i] = (uint64_t)c2[i] | ((uint64_t)c3[i] << 32);
  }
}

/// The top 53 bits of `x` as a double strictly inside (0, 1): k * 2^-53 for k = x >> 11,
/// except that k = 0 (probability 2^-53) maps to 2^-54 rather than to 0.
static inline double mc_unit53(uint64_t x) {
  uint64_t k = x >> 11;
  double u = (double)(int64_t)k * 0x1p-53;
  return k ? u : 0x1p-54;
}

/// Natural logarithm of a positive normal double, branch-free and vectorisable.
///   x = 2^e * m with m in [sqrt(1/2), sqrt(2));  f = m - 1 (exact, Sterbenz);
///   s = f / (2 + f);  log(m) = 2 atanh(s) = 2s (1 + s^2/3 + s^4/5 + ... + s^20/21)
/// |s| <= 0.1716, so the first omitted term is below 2^-56 relative: error of a few ulp.
static inline double mc_log(double x) {
  uint64_t bits = mc_double_to_bits(x);
  uint64_t t = bits - 0x3FE6A09E667F3BCDull;  // bits of sqrt(1/2)
  int64_t e = (int64_t)t >> 52;
  double m = mc_bits_to_double(bits - ((uint64_t)e << 52));
  double f = m - 1.0;
  double s = f / (2.0 + f);
  double z = s * s;
  double p = 1.0 / 21;
  p = p * z + 1.0 / 19;
  p = p * z + 1.0 / 17;
  p = p * z + 1.0 / 15;
  p = p * z + 1.0 / 13;
  p = p * z + 1.0 / 11;
  p = p * z + 1.0 / 9;
  p = p * z + 1.0 / 7;
  p = p * z + 1.0 / 5;
  p = p * z + 1.0 / 3;
  double logm = 2.0 * s + 2.0 * s * (z * p);
  double de = (double)e;
  const double ln2_hi = 6.93147180369123816490e-01;  // fdlibm's split of ln 2
  const double ln2_lo = 1.90821492927058770002e-10;
  return de * ln2_hi + (logm + de * ln2_lo);
}

/// sin and cos of 2*pi*v for v in [0, 1], branch-free.
///   4v = q + r with q = round(4v), |r| <= 1/2 (exact);  x = r * pi/2, |x| <= pi/4
///   Taylor series to x^17 (sin) and x^16 (cos): truncation below 1e-18 on |x| <= pi/4.
///   sin(q pi/2 + x), cos(q pi/2 + x) by the quadrant q mod 4.
static inline void mc_sincos_turn(double v, double *sin_out, double *cos_out) {
  double t = 4.0 * v;
  double q = floor(t + 0.5);
  double x = (t - q) * 1.57079632679489661923;
  double x2 = x * x;
  double sp = 1.0 / 355687428096000.0;  // 1/17!
  sp = sp * x2 - 1.0 / 1307674368000.0;   // -1/15!
  sp = sp * x2 + 1.0 / 6227020800.0;
  sp = sp * x2 - 1.0 / 39916800.0;
  sp = sp * x2 + 1.0 / 362880.0;
  sp = sp * x2 - 1.0 / 5040.0;
  sp = sp * x2 + 1.0 / 120.0;
  sp = sp * x2 - 1.0 / 6.0;
  double s = x + x * (x2 * sp);
  double cp = 1.0 / 20922789888000.0;  // 1/16!
  cp = cp * x2 - 1.0 / 87178291200.0;
  cp = cp * x2 + 1.0 / 479001600.0;
  cp = cp * x2 - 1.0 / 3628800.0;
  cp = cp * x2 + 1.0 / 40320.0;
  cp = cp * x2 - 1.0 / 720.0;
  cp = cp * x2 + 1.0 / 24.0;
  cp = cp * x2 - 0.5;
  double c = 1.0 + x2 * cp;
  int64_t quadrant = (int64_t)q;
  double sign = (quadrant & 2) ? -1.0 : 1.0;
  int odd = (int)(quadrant & 1);
  *sin_out = sign * (odd ? c : s);
  *cos_out = sign * (odd ? -s : c);
}

/// Box-Muller: two independent standard normals from one 128-bit block.
/// The radius takes 53 bits of word 0 (|z| <= sqrt(-2 ln 2^-54) = 8.655); the angle takes the
/// high 32 bits of word 1. The low 32 bits of word 1 and the low 11 of word 0 stay free for the
/// caller (the game kernel draws its overtime coin from them).
static inline void mc_box_muller(uint64_t w0, uint64_t w1, double *z0, double *z1) {
  double u = mc_unit53(w0);
  double v = ((double)(int64_t)(w1 >> 32) + 0.5) * 0x1p-32;
  double r = MC_SQRT(-2.0 * mc_log(u));
  double s, c;
  mc_sincos_turn(v, &s, &c);
  *z0 = r * c;
  *z1 = r * s;
}

#endif
