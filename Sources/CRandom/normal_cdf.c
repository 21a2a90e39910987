#include "include/mc_normal_cdf.h"

#include <math.h>
#include <pthread.h>

#include "mc_batch.h"

// Nodes -k/32 for k = 0 ... MC_TAIL_NODES - 1 (20 KiB with phi); every x is within 1/64 of one.
#define MC_TAIL_PER_UNIT 32
#define MC_TAIL_NODES (39 * MC_TAIL_PER_UNIT)
#define MC_TAIL_TERMS 10

static double mc_tail_cdf[MC_TAIL_NODES];
static double mc_tail_pdf[MC_TAIL_NODES];
static pthread_once_t mc_tail_once = PTHREAD_ONCE_INIT;

static void mc_tail_init(void) {
  for (int k = 0; k < MC_TAIL_NODES; k++) {
    double z = (double)k / MC_TAIL_PER_UNIT;
    mc_tail_cdf[k] = 0.5 * erfc(z / 1.4142135623730951);
    mc_tail_pdf[k] = exp(-0.5 * z * z) * 0.3989422804014327;
  }
}

// Phi(x0 + t) = Phi(x0) + phi(x0) sum_{n>=1} (-1)^(n-1) He_{n-1}(x0) t^n / n!, with the
// probabilists' Hermite polynomials He_n(x) = x He_{n-1}(x) - (n - 1) He_{n-2}(x).
// With |t| <= 1/64 the first term left out is about (|x0| t)^10 / 10! of phi(x0): a relative
// error under 1e-15 for |x| <= 9 (every mass the engine can draw; under 1e-18 for |x| <= 5),
// 1e-8 at |x| = 38, where Phi is 1e-316.
//
// The series is a chain of dependent multiplies, so values go through it MC_TAIL_BLOCK at a
// time, term by term: several vectors in flight instead of one waiting on the last.
#define MC_TAIL_BLOCK MC_NORMAL_SCRATCH_PAD

/// Phi(-|x_i|) for the MC_TAIL_BLOCK values x_i = x0 + (first + i) * step, all of them (the
/// caller's buffers have room): no per-element bounds, so every loop is whole vectors.
static inline __attribute__((always_inline)) void mc_lower_tail_block(double x0, double step, size_t first, double *out) {
  static const double inv[MC_TAIL_TERMS + 1] = {0, 1.0, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5, 1.0 / 6,
                                                1.0 / 7, 1.0 / 8, 1.0 / 9, 1.0 / 10};
  double a[MC_TAIL_BLOCK], x0s[MC_TAIL_BLOCK], t[MC_TAIL_BLOCK], p[MC_TAIL_BLOCK], sum[MC_TAIL_BLOCK];
  double he[MC_TAIL_BLOCK], he_prev[MC_TAIL_BLOCK];
  int k[MC_TAIL_BLOCK];
  for (size_t i = 0; i < MC_TAIL_BLOCK; i++) {
    a[i] = fabs(x0 + (double)(first + i) * step);
    double u = a[i] * MC_TAIL_PER_UNIT + 0.5;
    k[i] = u < (double)(MC_TAIL_NODES - 1) ? (int)u : MC_TAIL_NODES - 1;
    x0s[i] = -(double)k[i] / MC_TAIL_PER_UNIT;
    t[i] = -a[i] - x0s[i];
    p[i] = 1.0;
    sum[i] = 0.0;
    he[i] = 1.0;
    he_prev[i] = 0.0;
  }
  // Each step's chain is one multiply (p) and one fused multiply-add (He): MC_FMA rounds once,
  // the same on every clone.
  for (int m = 1; m <= MC_TAIL_TERMS; m++) {
    for (size_t i = 0; i < MC_TAIL_BLOCK; i++) {
      p[i] = p[i] * (-t[i] * inv[m]);
      sum[i] = MC_FMA(-he[i], p[i], sum[i]);
      double next = MC_FMA(x0s[i], he[i], -(double)(m - 1) * he_prev[i]);
      he_prev[i] = he[i];
      he[i] = next;
    }
  }
  for (size_t i = 0; i < MC_TAIL_BLOCK; i++) {
    double v = mc_tail_cdf[k[i]] + mc_tail_pdf[k[i]] * sum[i];
    out[i] = a[i] > 38.5 ? 0.0 : v;
  }
}

MC_TARGET_CLONES
void mc_normal_lower_tail(const double *x, double *out, size_t n) {
  pthread_once(&mc_tail_once, mc_tail_init);
  double block[MC_TAIL_BLOCK];
  for (size_t i = 0; i < n; i++) {
    // One value at a time through the block (a test helper, not a hot path).
    mc_lower_tail_block(x[i], 0.0, 0, block);
    out[i] = block[0];
  }
}

MC_TARGET_CLONES
void mc_normal_interval_masses(double x0, double step, size_t n, double weight, double *acc, double *scratch) {
  pthread_once(&mc_tail_once, mc_tail_init);
  for (size_t i = 0; i <= n; i += MC_TAIL_BLOCK) mc_lower_tail_block(x0, step, i, scratch + i);
  for (size_t k = 0; k < n; k++) {
    double a = x0 + (double)k * step, b = x0 + (double)(k + 1) * step;
    double ta = scratch[k], tb = scratch[k + 1];
    // Both below 0: Phi(b) - Phi(a). Both above: (1 - Phi(-b)) - (1 - Phi(-a)). Across 0: the
    // middle, 1 less both tails.
    double mass = b <= 0.0 ? tb - ta : (a >= 0.0 ? ta - tb : (1.0 - ta) - tb);
    acc[k] = acc[k] + weight * mass;
  }
}

MC_TARGET_CLONES
void mc_axpy(double *restrict y, const double *restrict x, double a, size_t n) {
  for (size_t k = 0; k < n; k++) y[k] = y[k] + a * x[k];
}
