// The multivariate path's counting kernels for parlays: final scores and stats from a block of
// draws, then each leg's wins and the draws on which every leg won. Overtime (rare, and drawing
// from its own streams) is added between the two by the caller.
#ifndef MC_PARLAY_KERNEL_H
#define MC_PARLAY_KERNEL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A leg: on a game (game >= 0), it wins when home * H + away * A > threshold with H, A the
/// game's final scores; on a player (game < 0), when sign * max(0, round(x[column])) > threshold,
/// or with latent != 0 (a count through a Gaussian copula) when sign * x[column] > threshold.
typedef struct {
  int32_t game;
  int32_t column;
  int32_t latent;
  double home, away, sign, threshold;
} mc_parlay_leg;

/// For each game g and draw i of the block (x: n rows of d, row-major, the games' home and away
/// regulation points at columns 2g and 2g + 1), the regulation scores rounded half up
/// (floor(x + 1/2), as the two-team kernel) and raised to floors[g]:
/// scores[2g * n + i] (home) and scores[(2g + 1) * n + i] (away).
void mc_parlay_scores(const double *x, size_t d, size_t n, size_t games, const double *floors, double *scores);

/// Adds each leg's wins over the block to wins[j], and to won[k] the draws on which exactly k of
/// the legs won (k = 0 ... leg_count; won[leg_count] counts the draws on which all legs won).
/// `tally` is scratch for n counts; leg_count is at most 65535.
void mc_parlay_count(const double *x, size_t d, size_t n, const double *scores, const mc_parlay_leg *legs,
                     size_t leg_count, uint64_t *wins, uint64_t *won, uint16_t *tally);

#ifdef __cplusplus
}
#endif

#endif
