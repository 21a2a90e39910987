// Private to CRandom: the batched (SIMD-friendly) Philox and the uniform/normal transforms.
// Everything here is `static inline`, so each public entry point compiled with
// MC_TARGET_CLONES gets a copy vectorised for its instruction set.
#ifndef MC_BATCH_H
#define MC_BATCH_H

#include <math.h>
#include <string.h>

#include "mc_philox.h"
#include "mc_distributions.h"

// No implicit multiply-add contraction: every clone (AVX-512, AVX2, baseline) rounds each
// operation identically, so a seed gives the same draws and counts on every x86-64 machine.
// Where a fused multiply-add helps, it is written as MC_FMA: correctly rounded by definition
// (one instruction with FMA hardware, libm's exact fma() without), so still identical.
#pragma STDC FP_CONTRACT OFF
#if defined(__GNUC__) && !defined(__clang__)
// GCC ignores the standard pragma and contracts by default (-ffp-contract=fast): the same, its way.
#pragma GCC optimize("fp-contract=off")
#endif
#define MC_FMA(a, b, c) __builtin_fma((a), (b), (c))
// Every function that evaluates these kernels must carry MC_TARGET_CLONES: compiled for the
// baseline only, MC_FMA would be a call to libm's (exact but slow) software fma.

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

/// Blocks computed together: 16 counters side by side, each 32-bit word of a counter in the low
/// half of a 64-bit SIMD lane (mc_philox_rounds).
#define MC_LANES 16

// mc_philox_words reads a 64-bit lane's low half as its even 32-bit element.
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the batched Philox assumes a little-endian machine");

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

/// 16 x 32-bit and 8 x 64-bit views of one 512-bit vector (GCC/clang vector extensions: the
/// compiler lowers them to AVX-512, 2 x AVX2 or 4 x SSE2 registers, whichever the clone has).
typedef uint32_t mc_v16u32 __attribute__((vector_size(64)));
typedef uint64_t mc_v8u64 __attribute__((vector_size(64)));

/// The state of MC_LANES Philox counters: each of the four 32-bit words in the low half of a
/// 64-bit lane, lanes 0-7 in `a` and 8-15 in `b`. The high halves hold garbage.
typedef struct {
  mc_v8u64 a[4], b[4];
} mc_philox_state;

/// The ten rounds of Philox4x32-10 on the counters of blocks `first ..< first + MC_LANES` of
/// stream (key, stream). A 32x32->64 multiply (vpmuludq) reads only the low halves of its
/// 64-bit lanes, so a product serves as it is for its low word and shifted once for its high
/// word, and the garbage the xors leave in the high halves never needs clearing: no shuffles
/// between rounds (a 16 x 32-bit layout needs four per multiply to split and rejoin halves).
static inline __attribute__((always_inline)) mc_philox_state mc_philox_rounds(mc_philox4x32_key key,
                                                                               uint64_t stream,
                                                                               uint64_t first) {
  const mc_v8u64 low = (mc_v8u64){0} + (uint64_t)0xFFFFFFFFu;
  const mc_v8u64 iota_a = {0, 1, 2, 3, 4, 5, 6, 7}, iota_b = {8, 9, 10, 11, 12, 13, 14, 15};
  // The 64-bit block numbers first + i: word 0 their low half, word 1 their high half.
  const mc_v8u64 n_a = iota_a + first, n_b = iota_b + first;
  mc_v8u64 c0a = n_a, c0b = n_b, c1a = n_a >> 32, c1b = n_b >> 32;
  mc_v8u64 c2a = (mc_v8u64){0} + (stream & 0xFFFFFFFFu), c2b = c2a;
  mc_v8u64 c3a = (mc_v8u64){0} + (stream >> 32), c3b = c3a;
  uint32_t k0 = key.v[0], k1 = key.v[1];
  for (int r = 0; r < 10; r++) {
    const mc_v8u64 p0a = (c0a & low) * (uint64_t)MC_PHILOX_M0, p0b = (c0b & low) * (uint64_t)MC_PHILOX_M0;
    const mc_v8u64 p1a = (c2a & low) * (uint64_t)MC_PHILOX_M1, p1b = (c2b & low) * (uint64_t)MC_PHILOX_M1;
    c0a = (p1a >> 32) ^ c1a ^ (uint64_t)k0;
    c0b = (p1b >> 32) ^ c1b ^ (uint64_t)k0;
    c1a = p1a;
    c1b = p1b;
    c2a = (p0a >> 32) ^ c3a ^ (uint64_t)k1;
    c2b = (p0b >> 32) ^ c3b ^ (uint64_t)k1;
    c3a = p0a;
    c3b = p0b;
    k0 += MC_PHILOX_W0;
    k1 += MC_PHILOX_W1;
  }
  return (mc_philox_state){{c0a, c1a, c2a, c3a}, {c0b, c1b, c2b, c3b}};
}

/// Philox4x32-10 of the blocks `first ..< first + MC_LANES` of stream (key, stream), as the
/// four 32-bit words of each block in four arrays: v[j][i] is word j of block first + i, as
/// mc_stream_block gives it (its word 0 is v1:v0, its word 1 v3:v2).
static inline __attribute__((always_inline)) void mc_philox_words(mc_philox4x32_key key, uint64_t stream,
                                                                   uint64_t first, uint32_t *v0,
                                                                   uint32_t *v1, uint32_t *v2,
                                                                   uint32_t *v3) {
  const mc_philox_state st = mc_philox_rounds(key, stream, first);
  uint32_t *out[4] = {v0, v1, v2, v3};
  for (int j = 0; j < 4; j++) {
    // The low halves of the 16 lanes, in lane order.
    const mc_v16u32 w = __builtin_shufflevector((mc_v16u32)st.a[j], (mc_v16u32)st.b[j], 0, 2, 4, 6, 8, 10,
                                                12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    memcpy(out[j], &w, sizeof w);
  }
}

/// Philox4x32-10 of the blocks `first ..< first + MC_LANES` of stream (key, stream).
/// Lane i of the result is identical to mc_stream_block(first + i).
static inline __attribute__((always_inline)) void mc_philox_lanes(mc_philox4x32_key key,
                                                                   uint64_t stream,
                                                                   uint64_t first, uint64_t *w0,
                                                                   uint64_t *w1) {
  const mc_philox_state st = mc_philox_rounds(key, stream, first);
  const mc_v8u64 low = (mc_v8u64){0} + (uint64_t)0xFFFFFFFFu;
  // Lane i's two 64-bit words: word 0 = v1:v0, word 1 = v3:v2.
  const mc_v8u64 a0 = (st.a[0] & low) | (st.a[1] << 32), b0 = (st.b[0] & low) | (st.b[1] << 32);
  const mc_v8u64 a1 = (st.a[2] & low) | (st.a[3] << 32), b1 = (st.b[2] & low) | (st.b[3] << 32);
  memcpy(w0, &a0, sizeof a0);
  memcpy(w0 + 8, &b0, sizeof b0);
  memcpy(w1, &a1, sizeof a1);
  memcpy(w1 + 8, &b1, sizeof b1);
}

/// The top 53 bits of `x` as a double strictly inside (0, 1): k * 2^-53 for k = x >> 11,
/// except that k = 0 (probability 2^-53) maps to 2^-54 rather than to 0.
static inline double mc_unit53(uint64_t x) {
  uint64_t k = x >> 11;
  // k = hi * 2^22 + lo with hi < 2^31 and lo < 2^22: two int32 conversions (native on every
  // SIMD level) and an exact sum, since k * 2^-53 is representable.
  double u = MC_FMA((double)(int32_t)(k >> 22), 0x1p-31, (double)(int32_t)(k & 0x3FFFFF) * 0x1p-53);
  return k ? u : 0x1p-54;
}

/// Natural logarithm of a positive normal double, branch-free and vectorisable (fdlibm's
/// e_log.c reduction and minimax polynomial, without its special cases):
///   x = 2^e * m with m in [sqrt(1/2), sqrt(2));  f = m - 1 (exact, Sterbenz);
///   s = f / (2 + f),  z = s^2,  R(z) = Lg1 z + ... + Lg7 z^7 (|error| < 2^-58.45),
///   log(m) = f - (f^2/2 - s (f^2/2 + R)),  log(x) = e ln2_hi + (log(m) + e ln2_lo).
static inline double mc_log(double x) {
  uint64_t bits = mc_double_to_bits(x);
  uint64_t t = bits - 0x3FE6A09E667F3BCDull;  // bits of sqrt(1/2)
  int64_t e = (int64_t)t >> 52;
  double m = mc_bits_to_double(bits - ((uint64_t)e << 52));
  double f = m - 1.0;
  double s = f / (2.0 + f);
  double z = s * s;
  double r = 1.479819860511658591e-01;  // Lg7 ... Lg1
  r = MC_FMA(r, z, 1.531383769920937332e-01);
  r = MC_FMA(r, z, 1.818357216161805012e-01);
  r = MC_FMA(r, z, 2.222219843214978396e-01);
  r = MC_FMA(r, z, 2.857142874366239149e-01);
  r = MC_FMA(r, z, 3.999999999940941908e-01);
  r = MC_FMA(r, z, 6.666666666666735130e-01);
  r *= z;
  double hfsq = 0.5 * f * f;
  double logm = f - (hfsq - s * (hfsq + r));
  double de = (double)(int32_t)e;
  const double ln2_hi = 6.93147180369123816490e-01;  // fdlibm's split of ln 2
  const double ln2_lo = 1.90821492927058770002e-10;
  return MC_FMA(de, ln2_hi, MC_FMA(de, ln2_lo, logm));
}

/// sin and cos of 2*pi*v for v in [0, 1], branch-free.
///   4v = q + r with q = round(4v), |r| <= 1/2 (exact);  x = r * pi/2, |x| <= pi/4
///   fdlibm's minimax kernels on [-pi/4, pi/4] (error < 2^-58): sin to x^13, cos to x^14;
///   sin(q pi/2 + x), cos(q pi/2 + x) by the quadrant q mod 4.
static inline void mc_sincos_turn(double v, double *sin_out, double *cos_out) {
  double t = 4.0 * v;
  double q = floor(t + 0.5);
  double x = (t - q) * 1.57079632679489661923;
  double z = x * x;
  double sr = 1.58969099521155010221e-10;  // S6 ... S2
  sr = MC_FMA(sr, z, -2.50507602534068634195e-08);
  sr = MC_FMA(sr, z, 2.75573137070700676789e-06);
  sr = MC_FMA(sr, z, -1.98412698298579493134e-04);
  sr = MC_FMA(sr, z, 8.33333333332248946124e-03);
  double s = MC_FMA(z * x, MC_FMA(z, sr, -1.66666666666666324348e-01), x);
  double cr = -1.13596475577881948265e-11;  // C6 ... C1
  cr = MC_FMA(cr, z, 2.08757232129817482790e-09);
  cr = MC_FMA(cr, z, -2.75573143513906633035e-07);
  cr = MC_FMA(cr, z, 2.48015872894767294178e-05);
  cr = MC_FMA(cr, z, -1.38888888888741095749e-03);
  cr = MC_FMA(cr, z, 4.16666666666666019037e-02);
  double c = 1.0 - (0.5 * z - (z * z) * cr);
  int32_t quadrant = (int32_t)q;
  double sign = (quadrant & 2) ? -1.0 : 1.0;
  int odd = quadrant & 1;
  *sin_out = sign * (odd ? c : s);
  *cos_out = sign * (odd ? -s : c);
}

/// Box-Muller: two independent standard normals from one 128-bit block.
/// The radius takes 53 bits of word 0 (|z| <= sqrt(-2 ln 2^-54) = 8.655); the angle takes the
/// high 32 bits of word 1. The low 32 bits of word 1 and the low 11 of word 0 stay free for the
/// caller (the game kernel draws its overtime coin from them).
static inline void mc_box_muller(uint64_t w0, uint64_t w1, double *z0, double *z1) {
  double u = mc_unit53(w0);
  // The high 32 bits as a signed int32 plus 2^31: exact, and native on every SIMD level.
  double v = ((double)(int32_t)((uint32_t)(w1 >> 32) ^ 0x80000000u) + 2147483648.5) * 0x1p-32;
  double r = MC_SQRT(-2.0 * mc_log(u));
  double s, c;
  mc_sincos_turn(v, &s, &c);
  *z0 = r * c;
  *z1 = r * s;
}

// MARK: single precision, for the game kernels

/// Scores are whole points: a game's normals need about six significant digits, not sixteen.
/// The game kernels therefore draw them in single precision, twice the lanes of a double per
/// vector (AVX2 does in one register what AVX-512 does in one with doubles), and widen them to
/// double for the model's affine step and the rounding, so the means and sds keep full precision.
/// Uniforms have 24 bits, exact in a float; everything else is as above: no contraction, fused
/// steps written as MC_FMAF, so every clone and aarch64 give the same bits.
#define MC_FMAF(a, b, c) __builtin_fmaf((a), (b), (c))

static inline float mc_bits_to_float(uint32_t b) {
  float f;
  memcpy(&f, &b, sizeof f);
  return f;
}

static inline uint32_t mc_float_to_bits(float f) {
  uint32_t b;
  memcpy(&b, &f, sizeof b);
  return b;
}

/// (k + 1) 2^-24 for the top 24 bits k of x: uniform on {2^-24, ..., 1}, exact in a float.
static inline float mc_unit24(uint32_t x) { return (float)(int32_t)((x >> 8) + 1u) * 0x1p-24f; }

/// k 2^-24 for the top 24 bits k of x: a turn in [0, 1), exact in a float.
static inline float mc_turn24(uint32_t x) { return (float)(int32_t)(x >> 8) * 0x1p-24f; }

/// Natural logarithm of a positive normal float, branch-free (fdlibm's e_logf.c reduction and
/// its degree-8 polynomial in s, |error| below 1e-7 relative):
///   x = 2^e m, m in [sqrt(1/2), sqrt(2));  f = m - 1;  s = f / (2 + f);  z = s^2, w = z^2;
///   R = z (Lg1 + w Lg3) + w (Lg2 + w Lg4);  log(x) = e ln2_hi + (s (f^2/2 + R) + e ln2_lo - f^2/2 + f).
static inline float mc_logf(float x) {
  uint32_t bits = mc_float_to_bits(x);
  uint32_t t = bits - 0x3F3504F3u;  // bits of sqrt(1/2)
  int32_t e = (int32_t)t >> 23;
  float m = mc_bits_to_float(bits - ((uint32_t)e << 23));
  float f = m - 1.0f;
  float s = f / (2.0f + f);
  float z = s * s, w = z * z;
  float t1 = w * MC_FMAF(w, 2.4279078841e-01f, 4.0000972152e-01f);
  float t2 = z * MC_FMAF(w, 2.8498786688e-01f, 6.6666662693e-01f);
  float r = t2 + t1;
  float hfsq = 0.5f * f * f;
  float de = (float)e;
  const float ln2_hi = 6.9313812256e-01f, ln2_lo = 9.0580006145e-06f;  // fdlibm's float split
  return MC_FMAF(de, ln2_hi, MC_FMAF(s, hfsq + r, MC_FMAF(de, ln2_lo, -hfsq)) + f);
}

/// sin and cos of 2 pi v for v in [0, 1), branch-free, in single precision: the quadrant as in
/// mc_sincos_turn, then Cephes' sinf/cosf polynomials on [-pi/4, pi/4] (|error| about 1e-7).
static inline void mc_sincos_turnf(float v, float *sin_out, float *cos_out) {
  float t = 4.0f * v;
  float q = __builtin_floorf(t + 0.5f);
  float x = (t - q) * 1.57079632679489661923f;
  float z = x * x;
  float s = MC_FMAF(MC_FMAF(MC_FMAF(-1.9515295891e-4f, z, 8.3321608736e-3f), z, -1.6666654611e-1f), z * x, x);
  float c = MC_FMAF(MC_FMAF(MC_FMAF(2.443315711809948e-5f, z, -1.388731625493765e-3f), z, 4.166664568298827e-2f),
                    z * z, MC_FMAF(-0.5f, z, 1.0f));
  int32_t quadrant = (int32_t)q;
  float sign = (quadrant & 2) ? -1.0f : 1.0f;
  int odd = quadrant & 1;
  *sin_out = sign * (odd ? c : s);
  *cos_out = sign * (odd ? -s : c);
}

/// Box-Muller in single precision: two independent standard normals from one block's 32-bit
/// words 1 and 3 (the high halves of its 64-bit words 0 and 1): the radius takes the top 24 bits
/// of word 1, the angle the top 24 of word 3; words 0 and 2 stay free for the caller (the game
/// kernel's coin and overtime draw). Floats, so a loop of it fills whole vectors of floats.
/// |z| <= MC_NORMAL_F32_MAX_ABS.
static inline void mc_box_muller_words_f32(uint32_t radius_word, uint32_t angle_word, float *z0, float *z1) {
  float u = mc_unit24(radius_word);
  float v = mc_turn24(angle_word);
  float r = MC_SQRT(-2.0f * mc_logf(u));
  float s, c;
  mc_sincos_turnf(v, &s, &c);
  *z0 = r * c;
  *z1 = r * s;
}

/// The same from a block's two 64-bit words, widened to double (exactly): the scalar kernels'.
static inline void mc_box_muller_f32(uint64_t w0, uint64_t w1, double *z0, double *z1) {
  float f0, f1;
  mc_box_muller_words_f32((uint32_t)(w0 >> 32), (uint32_t)(w1 >> 32), &f0, &f1);
  *z0 = (double)f0;
  *z1 = (double)f1;
}

#endif
