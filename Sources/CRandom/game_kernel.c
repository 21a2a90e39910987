#include "include/mc_game_kernel.h"

#include "mc_batch.h"

#include <stdlib.h>

/// Games per inner batch: 16 Philox lane groups; the batch's arrays stay in L1.
#define MC_GAME_BATCH 256
#define MC_SKEW_REGION (1ull << 62)
#define MC_AUX_REGION (1ull << 63)

/// Sequential source of extra normals (overtime) from the aux region, refilled 16 blocks
/// (32 normals) at a time with the vectorised generator: block 2^63 + j gives normals
/// 2j and 2j + 1, consumed in that order.
typedef struct {
  mc_stream s;
  double z[2 * MC_LANES];
  int next;
} mc_aux_normals;

static inline __attribute__((always_inline)) void mc_aux_refill(mc_aux_normals *a) {
  uint64_t w0[MC_LANES], w1[MC_LANES];
  mc_philox_lanes(a->s.key, a->s.stream, a->s.block, w0, w1);
  for (int i = 0; i < MC_LANES; i++) mc_box_muller(w0[i], w1[i], &a->z[2 * i], &a->z[2 * i + 1]);
  a->s.block += MC_LANES;
  a->next = 0;
}

static inline __attribute__((always_inline)) double mc_aux_next(mc_aux_normals *a) {
  if (a->next == 2 * MC_LANES) mc_aux_refill(a);
  return a->z[a->next++];
}

static inline void mc_aux_init(mc_aux_normals *a, mc_stream stream) {
  a->s = stream;
  a->s.block = MC_AUX_REGION;
  a->next = 2 * MC_LANES;
}

static inline int32_t mc_round_points(double x) { return (int32_t)floor(x + 0.5); }

static inline int32_t mc_nonneg_round(double x) {
  int32_t k = mc_round_points(x);
  return k < 0 ? 0 : k;
}

/// Adds overtime to one game whose regulation scores are (*h, *a). `coin` is a free random bit
/// word of the game's block; `ot_draw` its free 32 bits.
static inline __attribute__((always_inline)) void mc_overtime(const mc_game_model *m, uint32_t ot_draw, uint64_t coin,
                               uint32_t ot_threshold, mc_aux_normals *aux, int32_t *h, int32_t *a,
                               mc_game_tally *tally) {
  if (m->ot_model == MC_OT_FLAT) {
    if (ot_draw >= ot_threshold) return;
    int32_t k = mc_nonneg_round(m->ot_mean + m->ot_sd * mc_aux_next(aux));
    int32_t home_share = (k + (int32_t)(coin & 1)) >> 1;
    *h += home_share;
    *a += k - home_share;
    tally->overtime_games++;
  } else if (m->ot_model == MC_OT_TIE) {
    if (*h != *a) return;
    tally->overtime_games++;
    const double per_team_mean = 0.5 * m->ot_mean;
    const double per_team_sd = m->ot_sd * 0.70710678118654752440;
    // Validated models separate within a handful of periods; the cap only guards termination.
    for (int period = 0; period < 10000; period++) {
      int32_t ph = mc_nonneg_round(per_team_mean + per_team_sd * mc_aux_next(aux));
      int32_t pa = mc_nonneg_round(per_team_mean + per_team_sd * mc_aux_next(aux));
      *h += ph;
      *a += pa;
      if (period > 0) tally->extra_periods++;
      if (ph != pa) break;
    }
  }
}

/// Counts a final score in the grid, or spills it to the overflow list. An overtime game inside
/// the grid is also counted in ot_totals at r + c = total - (home_min + away_min); one outside it
/// needs nothing more, since only overtime games can leave the grid (mc_overflow).
static inline __attribute__((always_inline)) void mc_count(const mc_game_model *m, int32_t h, int32_t a, int went_ot,
                            uint32_t *hist, uint32_t *ot_totals, mc_overflow *overflow) {
  int32_t r = h - m->home_min, c = a - m->away_min;
  if ((uint32_t)r >= (uint32_t)m->home_bins || (uint32_t)c >= (uint32_t)m->away_bins) {
    uint64_t k = overflow->count++;
    overflow->scores[2 * k] = h;
    overflow->scores[2 * k + 1] = a;
    return;
  }
  hist[(size_t)r * (size_t)m->away_bins + (size_t)c]++;
  if (went_ot) ot_totals[r + c]++;
}

static inline uint32_t mc_ot_threshold(const mc_game_model *m) {
  // P(draw < threshold) = threshold / 2^32, within 2^-32 of ot_rate.
  double t = floor(m->ot_rate * 4294967296.0 + 0.5);
  return t >= 4294967295.0 ? 0xFFFFFFFFu : (uint32_t)t;
}

/// Finishes a game the vector pass flagged: adds overtime, then counts it. Everything the
/// kernels call is always_inline, so each target clone gets its own copy (a plain static
/// function would be compiled for the baseline only, with libm's software fma).
/// `ot_draw` and `coin` are the game block's words 2 and 0 (the scalar kernel's (uint32_t)w[1] and w[0]).
static inline __attribute__((always_inline)) void mc_finish_overtime_game(const mc_game_model *m, int32_t h,
                                                              int32_t a, uint32_t ot_draw, uint64_t coin,
                                                              mc_aux_normals *aux, uint32_t *hist,
                                                              uint32_t *ot_totals, mc_overflow *overflow,
                                                              mc_game_tally *tally) {
  mc_overtime(m, ot_draw, coin, 0xFFFFFFFFu, aux, &h, &a, tally);
  mc_count(m, h, a, 1, hist, ot_totals, overflow);
}

/// One batch's random words and normals, shared by every model run on the same stream: each
/// game's block as its four 32-bit words (v1 and v3 drive its normals, v2 its overtime draw, v0
/// its coin), and the skew block's normals when a model is skewed.
typedef struct {
  uint32_t v0[MC_GAME_BATCH], v1[MC_GAME_BATCH], v2[MC_GAME_BATCH], v3[MC_GAME_BATCH];
  float z0s[MC_GAME_BATCH], z1s[MC_GAME_BATCH], u0s[MC_GAME_BATCH], u1s[MC_GAME_BATCH];
} mc_batch_draws;

static inline __attribute__((always_inline)) void mc_draw_batch(mc_stream stream, uint64_t done, int skewed,
                                                                mc_batch_draws *d) {
  uint32_t k1[MC_GAME_BATCH], k3[MC_GAME_BATCH], scratch[MC_LANES];
  for (int g = 0; g < MC_GAME_BATCH; g += MC_LANES) {
    mc_philox_words(stream.key, stream.stream, done + (uint64_t)g, d->v0 + g, d->v1 + g, d->v2 + g, d->v3 + g);
  }
  // The normals in single precision on their own, so each vector holds as many floats as it
  // can (in the double pass below, an AVX2 loop of 4 doubles would run them 4 at a time).
  for (int g = 0; g < MC_GAME_BATCH; g++) mc_box_muller_words_f32(d->v1[g], d->v3[g], &d->z0s[g], &d->z1s[g]);
  if (skewed) {
    for (int g = 0; g < MC_GAME_BATCH; g += MC_LANES) {
      mc_philox_words(stream.key, stream.stream, MC_SKEW_REGION + done + (uint64_t)g, scratch, k1 + g, scratch,
                      k3 + g);
    }
    for (int g = 0; g < MC_GAME_BATCH; g++) mc_box_muller_words_f32(k1[g], k3[g], &d->u0s[g], &d->u1s[g]);
  }
}

/// One model's regulation scores of a batch, whether each game goes to overtime, and its
/// histogram cell.
typedef struct {
  int32_t hs[MC_GAME_BATCH], as[MC_GAME_BATCH], cell[MC_GAME_BATCH];
  uint8_t overtime[MC_GAME_BATCH];
} mc_batch_scores;

static inline __attribute__((always_inline)) void mc_score_batch(const mc_game_model *m, const mc_batch_draws *d,
                                                                 mc_batch_scores *out) {
  const double hm = m->home_mean, am = m->away_mean, hsd = m->home_sd, asd = m->away_sd;
  const double rho = m->rho, rho_c = MC_SQRT(1.0 - m->rho * m->rho);
  const double delta = m->skew_delta, delta_c = MC_SQRT(1.0 - delta * delta);
  const double shift = m->skew_shift, inv_scale = 1.0 / m->skew_scale;
  const int32_t floor_pts = m->has_floor ? m->score_floor : INT32_MIN;
  const int flat = m->ot_model == MC_OT_FLAT, tie = m->ot_model == MC_OT_TIE;
  const uint32_t ot_threshold = mc_ot_threshold(m);
  const int32_t hmin = m->home_min, amin = m->away_min;
  const int32_t hmax = m->home_bins - 1, amax = m->away_bins - 1, width = m->away_bins;
  // Vector pass: scores, the overtime flag and the histogram cell of each game. Two copies
  // of the loop, so the normal case never pays for the skew draws.
#define MC_VECTOR_PASS(SKEWED)                                                                  \
  for (int g = 0; g < MC_GAME_BATCH; g++) {                                                     \
    const double z0 = (double)d->z0s[g], z1 = (double)d->z1s[g];                                \
    double xh = z0, xa = rho * z0 + rho_c * z1;                                                 \
    if (SKEWED) {                                                                               \
      const double u0 = (double)d->u0s[g], u1 = (double)d->u1s[g];                              \
      xh = (delta * fabs(u0) + delta_c * xh - shift) * inv_scale;                               \
      xa = (delta * fabs(u1) + delta_c * xa - shift) * inv_scale;                               \
    }                                                                                           \
    int32_t h = mc_round_points(hm + hsd * xh);                                                 \
    int32_t a = mc_round_points(am + asd * xa);                                                 \
    h = h < floor_pts ? floor_pts : h;                                                          \
    a = a < floor_pts ? floor_pts : a;                                                          \
    out->hs[g] = h;                                                                             \
    out->as[g] = a;                                                                             \
    out->overtime[g] = (uint8_t)((flat & (d->v2[g] < ot_threshold)) | (tie & (h == a)));       \
    int32_t r = h - hmin, c = a - amin;                                                         \
    r = r < 0 ? 0 : (r > hmax ? hmax : r);                                                      \
    c = c < 0 ? 0 : (c > amax ? amax : c);                                                      \
    out->cell[g] = r * width + c;                                                               \
  }
  if (delta != 0.0) {
    MC_VECTOR_PASS(1)
  } else {
    MC_VECTOR_PASS(0)
  }
#undef MC_VECTOR_PASS
}

/// The overtime games of a batch (`overtime[g]` set), in game order (the order the aux normals
/// are drawn in), as a bit mask per 64 games.
static inline __attribute__((always_inline)) uint64_t mc_overtime_mask(const mc_batch_scores *b, uint64_t base,
                                                                       uint64_t count) {
  uint64_t mask = 0;
  for (int i = 0; i < 64; i++) mask |= (uint64_t)b->overtime[base + i] << i;
  if (count - base < 64) mask &= (1ull << (count - base)) - 1;
  return mask;
}

/// Counts a scored batch: regulation-only games without a branch, then the overtime games.
static inline __attribute__((always_inline)) void mc_count_batch(const mc_game_model *m, const mc_batch_draws *d,
                                                                 const mc_batch_scores *b, uint64_t count,
                                                                 mc_aux_normals *aux, uint32_t *hist,
                                                                 uint32_t *ot_totals, mc_overflow *overflow,
                                                                 mc_game_tally *tally) {
  // Regulation scores always fall inside the grid (ScoreGrid is sized from the largest normal
  // the generator can return), so only overtime games need checks; the vector pass's clamp
  // only keeps cell[] in bounds for the padding lanes.
  for (uint64_t g = 0; g < count; g++) hist[b->cell[g]] += 1u - b->overtime[g];
  for (uint64_t base = 0; base < count; base += 64) {
    uint64_t mask = mc_overtime_mask(b, base, count);
    while (mask) {
      uint64_t g = base + (uint64_t)__builtin_ctzll(mask);
      mask &= mask - 1;
      mc_finish_overtime_game(m, b->hs[g], b->as[g], d->v2[g], d->v0[g], aux, hist, ot_totals, overflow, tally);
    }
  }
  tally->games += count;
}

MC_TARGET_CLONES
void mc_simulate_games(const mc_game_model *m, mc_stream stream, uint64_t n, uint32_t *hist,
                       uint32_t *ot_totals, mc_overflow *overflow, mc_game_tally *tally) {
  mc_batch_draws d;
  mc_batch_scores b;
  mc_aux_normals aux;
  mc_aux_init(&aux, stream);
  const int skewed = m->skew_delta != 0.0;
  for (uint64_t done = 0; done < n; done += MC_GAME_BATCH) {
    uint64_t count = n - done < MC_GAME_BATCH ? n - done : MC_GAME_BATCH;
    mc_draw_batch(stream, done, skewed, &d);
    mc_score_batch(m, &d, &b);
    mc_count_batch(m, &d, &b, count, &aux, hist, ot_totals, overflow, tally);
  }
}

MC_TARGET_CLONES
void mc_simulate_games_common(const mc_game_model *models, uint32_t model_count, mc_stream stream, uint64_t n,
                              uint32_t *const *hists, uint32_t *const *ot_totals, mc_overflow *overflows,
                              mc_game_tally *tallies) {
  mc_batch_draws d;
  mc_batch_scores b;
  mc_aux_normals aux[MC_COMMON_MODELS];
  if (model_count > MC_COMMON_MODELS) abort();  // the caller groups models by MC_COMMON_MODELS
  int skewed = 0;
  for (uint32_t k = 0; k < model_count; k++) {
    mc_aux_init(&aux[k], stream);
    skewed |= models[k].skew_delta != 0.0;
  }
  for (uint64_t done = 0; done < n; done += MC_GAME_BATCH) {
    uint64_t count = n - done < MC_GAME_BATCH ? n - done : MC_GAME_BATCH;
    mc_draw_batch(stream, done, skewed, &d);
    for (uint32_t k = 0; k < model_count; k++) {
      mc_score_batch(&models[k], &d, &b);
      mc_count_batch(&models[k], &d, &b, count, &aux[k], hists[k], ot_totals[k], &overflows[k], &tallies[k]);
    }
  }
}

/// A scored batch's final scores: the overtime games finished in game order on the model's own
/// aux normals (as `mc_count_batch` finishes them).
static inline __attribute__((always_inline)) void mc_finish_batch(const mc_game_model *m, const mc_batch_draws *d,
                                                                  mc_batch_scores *b, uint64_t count,
                                                                  mc_aux_normals *aux, mc_game_tally *tally) {
  for (uint64_t base = 0; base < count; base += 64) {
    uint64_t mask = mc_overtime_mask(b, base, count);
    while (mask) {
      uint64_t g = base + (uint64_t)__builtin_ctzll(mask);
      mask &= mask - 1;
      mc_overtime(m, d->v2[g], d->v0[g], 0xFFFFFFFFu, aux, &b->hs[g], &b->as[g], tally);
    }
  }
}

// The naive baseline: one game at a time, scalar block, scalar transforms. It gives the vector
// kernel's final scores game for game (the same blocks, the overtime normals in game order).
static inline __attribute__((always_inline)) void mc_one_game_score(const mc_game_model *m, const mc_stream *s,
                                                        uint64_t g, mc_aux_normals *aux,
                                                        uint32_t ot_threshold, int32_t *home,
                                                        int32_t *away, int *went_ot,
                                                        mc_game_tally *tally) {
  uint64_t w[2];
  mc_stream_block(s, g, w);
  double z0, z1;
  mc_box_muller_f32(w[0], w[1], &z0, &z1);
  double zh = z0, za = m->rho * z0 + MC_SQRT(1.0 - m->rho * m->rho) * z1;
  if (m->skew_delta != 0.0) {
    uint64_t v[2];
    mc_stream_block(s, MC_SKEW_REGION + g, v);
    double u0, u1;
    mc_box_muller_f32(v[0], v[1], &u0, &u1);
    double dc = MC_SQRT(1.0 - m->skew_delta * m->skew_delta);
    double inv_scale = 1.0 / m->skew_scale;
    zh = (m->skew_delta * fabs(u0) + dc * zh - m->skew_shift) * inv_scale;
    za = (m->skew_delta * fabs(u1) + dc * za - m->skew_shift) * inv_scale;
  }
  int32_t h = mc_round_points(m->home_mean + m->home_sd * zh);
  int32_t a = mc_round_points(m->away_mean + m->away_sd * za);
  if (m->has_floor) {
    if (h < m->score_floor) h = m->score_floor;
    if (a < m->score_floor) a = m->score_floor;
  }
  const uint64_t overtime_before = tally->overtime_games;
  mc_overtime(m, (uint32_t)w[1], w[0], ot_threshold, aux, &h, &a, tally);
  *home = h;
  *away = a;
  *went_ot = tally->overtime_games != overtime_before;
}

MC_TARGET_CLONES
void mc_simulate_games_scalar(const mc_game_model *m, mc_stream stream, uint64_t n,
                              uint32_t *hist, uint32_t *ot_totals, mc_overflow *overflow,
                              mc_game_tally *tally) {
  mc_aux_normals aux;
  mc_aux_init(&aux, stream);
  const uint32_t ot_threshold = mc_ot_threshold(m);
#pragma clang loop vectorize(disable) interleave(disable)
  for (uint64_t g = 0; g < n; g++) {
    int32_t h, a;
    int went_ot;
    mc_one_game_score(m, &stream, g, &aux, ot_threshold, &h, &a, &went_ot, tally);
    mc_count(m, h, a, went_ot, hist, ot_totals, overflow);
    tally->games++;
  }
}

MC_TARGET_CLONES
void mc_paired_unders(const mc_game_model *first, const mc_game_model *second, mc_stream stream, uint64_t n,
                      double line, uint64_t *first_only, uint64_t *second_only) {
  // The batches of mc_simulate_games, drawn once for both models; each model keeps its own
  // overtime normals, as each has them in its own kernel run.
  mc_batch_draws d;
  mc_batch_scores b1, b2;
  mc_aux_normals aux_first, aux_second;
  mc_aux_init(&aux_first, stream);
  mc_aux_init(&aux_second, stream);
  mc_game_tally tally_first = {0, 0, 0}, tally_second = {0, 0, 0};
  const int skewed = first->skew_delta != 0.0 || second->skew_delta != 0.0;
  uint64_t only_first = 0, only_second = 0;
  for (uint64_t done = 0; done < n; done += MC_GAME_BATCH) {
    uint64_t count = n - done < MC_GAME_BATCH ? n - done : MC_GAME_BATCH;
    mc_draw_batch(stream, done, skewed, &d);
    mc_score_batch(first, &d, &b1);
    mc_score_batch(second, &d, &b2);
    mc_finish_batch(first, &d, &b1, count, &aux_first, &tally_first);
    mc_finish_batch(second, &d, &b2, count, &aux_second, &tally_second);
    for (uint64_t g = 0; g < count; g++) {
      const int under1 = (double)(b1.hs[g] + b1.as[g]) < line, under2 = (double)(b2.hs[g] + b2.as[g]) < line;
      only_first += (uint64_t)(under1 & !under2);
      only_second += (uint64_t)(under2 & !under1);
    }
  }
  *first_only += only_first;
  *second_only += only_second;
}
