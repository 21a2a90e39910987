// The fused simulate-and-accumulate kernel for one basketball game: draws correlated home and
// away scores, rounds them to integers, adds overtime, and counts each final (home, away) score
// in a joint histogram. Nothing is stored per simulated game.
#ifndef MC_GAME_KERNEL_H
#define MC_GAME_KERNEL_H

#include "mc_philox.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  MC_OT_NONE = 0,
  /// With probability ot_rate the game goes to overtime and the total gains
  /// round(max(0, Normal(ot_mean, ot_sd))) points, split between the teams (odd point by coin).
  MC_OT_FLAT = 1,
  /// Overtime exactly when regulation ends level; each five-minute period each team scores
  /// round(max(0, Normal(ot_mean / 2, ot_sd / sqrt 2))); periods repeat until one team leads.
  MC_OT_TIE = 2,
} mc_ot_model;

typedef struct {
  double home_mean, away_mean;
  double home_sd, away_sd;
  /// Correlation of the underlying normals (already adjusted for skew by the caller).
  double rho;
  /// Skew-normal shape delta in (-1, 1); 0 for normal scores. With delta != 0 each team's score
  /// is mean + sd * (delta |U| + sqrt(1 - delta^2) Z - skew_shift) / skew_scale.
  double skew_delta, skew_shift, skew_scale;
  int32_t ot_model;
  double ot_rate, ot_mean, ot_sd;
  /// Regulation scores below score_floor are raised to it (applied when has_floor != 0).
  int32_t has_floor, score_floor;
  /// The histogram: home scores home_min ..< home_min + home_bins by rows, away likewise by
  /// columns. Scores outside it (long overtimes) go to the overflow list.
  int32_t home_min, away_min, home_bins, away_bins;
} mc_game_model;

typedef struct {
  uint64_t games;
  uint64_t overtime_games;
  /// Overtime periods beyond the first (tie model only).
  uint64_t extra_periods;
} mc_game_tally;

/// Final scores that fell outside the histogram, as (home, away) pairs. Capacity of at least
/// the number of games simulated per call, so nothing is ever lost. Regulation scores always
/// fit the grid (the caller sizes it so: ScoreGrid), so every entry is an overtime game.
typedef struct {
  int32_t *scores;
  uint64_t capacity;
  uint64_t count;
} mc_overflow;

/// Simulates games 0 ..< n of `stream` and adds them to `hist` (home_bins x away_bins, row
/// major) and `tally`. Game i uses block i of the stream (its two normals by single-precision
/// Box-Muller, |z| <= 5.7682: mc_fill_normal_f32); skew draws use blocks 2^62 + i;
/// overtime draws are taken in order from blocks 2^63, 2^63 + 1, ... So the result depends on
/// (seed, stream, n) only. The caller keeps each count below 2^32 between flushes.
///
/// `ot_totals` (home_bins + away_bins - 1 counts) counts the final totals of the overtime games
/// inside the grid, at total - (home_min + away_min); the overtime games outside it are the
/// overflow entries. So the overtime games' totals are ot_totals plus the overflow's.
void mc_simulate_games(const mc_game_model *model, mc_stream stream, uint64_t n, uint32_t *hist,
                       uint32_t *ot_totals, mc_overflow *overflow, mc_game_tally *tally);

/// The most models of one `mc_simulate_games_common` call.
#define MC_COMMON_MODELS 32

/// Several models on the same stream (common random numbers): model k's counts are exactly
/// those `mc_simulate_games(&models[k], stream, n, ...)` adds, but each batch's random words and
/// normals are drawn once for all of them (scenarios and sensitivities: variants of one game).
/// At most MC_COMMON_MODELS models.
void mc_simulate_games_common(const mc_game_model *models, uint32_t model_count, mc_stream stream, uint64_t n,
                              uint32_t *const *hists, uint32_t *const *ot_totals, mc_overflow *overflows,
                              mc_game_tally *tallies);

/// The same model, one game at a time with the scalar helpers: the naive baseline the
/// benchmarks compare against. Counts the same histogram (and ot_totals) for the same stream.
void mc_simulate_games_scalar(const mc_game_model *model, mc_stream stream, uint64_t n,
                              uint32_t *hist, uint32_t *ot_totals, mc_overflow *overflow,
                              mc_game_tally *tally);

/// Two models on the same draws, game by game (games 0 ..< n of `stream`, exactly the games
/// `mc_simulate_games` counts for each model on that stream): adds to `first_only` the games
/// whose final total is under `line` for `first` and not for `second`, and to `second_only` the
/// reverse. The paired difference of two common-random-number runs has these two counts as its
/// only non-zero outcomes, so they give its exact variance.
void mc_paired_unders(const mc_game_model *first, const mc_game_model *second, mc_stream stream, uint64_t n,
                      double line, uint64_t *first_only, uint64_t *second_only);

#ifdef __cplusplus
}
#endif

#endif
