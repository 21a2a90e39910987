#include "include/mc_parlay_kernel.h"

#include "mc_batch.h"

static inline __attribute__((always_inline)) double mc_round_half_up(double x) { return floor(x + 0.5); }

MC_TARGET_CLONES
void mc_parlay_scores(const double *x, size_t d, size_t n, size_t games, const double *floors, double *scores) {
  for (size_t g = 0; g < games; g++) {
    double *h = scores + 2 * g * n, *a = scores + (2 * g + 1) * n;
    const double lo = floors[g];
    for (size_t i = 0; i < n; i++) {
      double hv = mc_round_half_up(x[i * d + 2 * g]), av = mc_round_half_up(x[i * d + 2 * g + 1]);
      h[i] = hv < lo ? lo : hv;
      a[i] = av < lo ? lo : av;
    }
  }
}

MC_TARGET_CLONES
void mc_parlay_count(const double *x, size_t d, size_t n, const double *scores, const mc_parlay_leg *legs,
                     size_t leg_count, uint64_t *wins, uint64_t *won, uint16_t *tally) {
  for (size_t i = 0; i < n; i++) tally[i] = 0;
  for (size_t j = 0; j < leg_count; j++) {
    const mc_parlay_leg leg = legs[j];
    uint64_t count = 0;
    if (leg.game >= 0) {
      const double *h = scores + 2 * (size_t)leg.game * n, *a = scores + (2 * (size_t)leg.game + 1) * n;
      for (size_t i = 0; i < n; i++) {
        uint16_t win = leg.home * h[i] + leg.away * a[i] > leg.threshold;
        count += win;
        tally[i] += win;
      }
    } else {
      const size_t c = (size_t)leg.column;
      if (leg.latent) {
        for (size_t i = 0; i < n; i++) {
          uint16_t win = leg.sign * x[i * d + c] > leg.threshold;
          count += win;
          tally[i] += win;
        }
      } else {
        for (size_t i = 0; i < n; i++) {
          double v = mc_round_half_up(x[i * d + c]);
          v = v < 0 ? 0 : v;
          uint16_t win = leg.sign * v > leg.threshold;
          count += win;
          tally[i] += win;
        }
      }
    }
    wins[j] += count;
  }
  for (size_t i = 0; i < n; i++) won[tally[i]]++;
}
