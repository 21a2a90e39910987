// Prints a digest of what the C kernels compute for fixed models and seeds: the joint
// histograms of the vector and scalar game kernels (flat, tie and skewed models with a floor),
// the paired-replay counts, a block of uniform, normal and game-normal (single-precision) fills,
// and the exact normal cdf row.
// Built for the host and for aarch64 (run under qemu) by CrossArchitectureTests, which expects
// the same digest from every build: the kernels' answers do not depend on the machine.
#pragma STDC FP_CONTRACT OFF

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mc_distributions.h"
#include "mc_game_kernel.h"
#include "mc_normal_cdf.h"
#include "mc_philox.h"

static uint64_t digest = 1469598103934665603ull;

/// Prints the digest of what was mixed since the last part, named, and starts the next.
static void part(const char *name) {
  printf("%s %016" PRIx64 "\n", name, digest);
  digest = 1469598103934665603ull;
}

static void mix(const void *bytes, size_t n) {
  const unsigned char *p = bytes;
  for (size_t i = 0; i < n; i++) {
    digest ^= p[i];
    digest *= 1099511628211ull;
  }
}

static mc_game_model model(int ot, double delta, int floor_pts) {
  mc_game_model m;
  memset(&m, 0, sizeof m);
  m.home_mean = 115;
  m.away_mean = 112;
  m.home_sd = 11;
  m.away_sd = 9.5;
  m.rho = 0.4;
  m.skew_delta = delta;
  m.skew_shift = delta == 0 ? 0 : 0.3;
  m.skew_scale = delta == 0 ? 1 : 0.9;
  m.ot_model = ot;
  m.ot_rate = 0.06;
  m.ot_mean = 12;
  m.ot_sd = 3;
  m.has_floor = floor_pts >= 0;
  m.score_floor = floor_pts < 0 ? 0 : floor_pts;
  m.home_min = 10;
  m.away_min = 10;
  m.home_bins = 230;
  m.away_bins = 230;
  return m;
}

static void games(const mc_game_model *m, int scalar, uint64_t n) {
  size_t cells = (size_t)m->home_bins * (size_t)m->away_bins;
  uint32_t *hist = calloc(cells, sizeof *hist);
  uint32_t *totals = calloc((size_t)(m->home_bins + m->away_bins), sizeof *totals);
  int32_t *scores = malloc(2 * n * sizeof *scores);
  mc_overflow overflow = {scores, n, 0};
  mc_game_tally tally = {0, 0, 0};
  mc_stream s = mc_stream_make(42, 7);
  if (scalar) {
    mc_simulate_games_scalar(m, s, n, hist, totals, &overflow, &tally);
  } else {
    mc_simulate_games(m, s, n, hist, totals, &overflow, &tally);
  }
  mix(hist, cells * sizeof *hist);
  mix(totals, (size_t)(m->home_bins + m->away_bins - 1) * sizeof *totals);
  mix(scores, 2 * overflow.count * sizeof *scores);
  mix(&tally, sizeof tally);
  free(hist);
  free(totals);
  free(scores);
}

int main(void) {
  const mc_game_model models[] = {model(MC_OT_FLAT, 0, -1), model(MC_OT_TIE, 0, 0), model(MC_OT_FLAT, 0.6, 95)};
  const char *names[] = {"flat", "tie", "skewed"};
  char name[64];
  for (int k = 0; k < 3; k++) {
    games(&models[k], 0, 100000);
    snprintf(name, sizeof name, "games-%s", names[k]);
    part(name);
    games(&models[k], 1, 20000);
    snprintf(name, sizeof name, "scalar-%s", names[k]);
    part(name);
  }
  mc_game_model wider = models[0];
  wider.home_sd = 12;
  uint64_t first = 0, second = 0;
  mc_paired_unders(&models[0], &wider, mc_stream_make(42, 7), 50000, 226.5, &first, &second);
  mix(&first, sizeof first);
  mix(&second, sizeof second);
  part("paired");

  double u[1000], z[1000], x[1000], p[1000], acc[200] = {0}, scratch[200 + 1 + MC_NORMAL_SCRATCH_PAD];
  mc_stream su = mc_stream_make(9, 1), sz = mc_stream_make(9, 2);
  mc_fill_uniform(&su, u, 1000);
  mc_fill_normal(&sz, z, 1000);
  for (int i = 0; i < 1000; i++) x[i] = -9 + 0.018 * i;
  mc_normal_lower_tail(x, p, 1000);
  mc_normal_interval_masses(-3.1, 0.031, 200, 0.7, acc, scratch);
  mix(u, sizeof u);
  part("uniform");
  mix(z, sizeof z);
  // More double-precision normals: a compiler that fuses a multiply and an add on its own (GCC
  // without fp-contract off) changes about one in a few thousand in its last bit.
  for (int k = 0; k < 100; k++) {
    mc_fill_normal(&sz, z, 1000);
    mix(z, sizeof z);
  }
  part("normal");
  mc_stream sg = mc_stream_make(9, 3);
  mc_fill_normal_f32(&sg, z, 1000);
  mix(z, sizeof z);
  part("game-normal");
  // The exact distribution's tails start from a table of libm's erfc and exp, whose last bits
  // are the platform's own: printed as values, for a comparison to the last digits.
  for (int i = 0; i < 1000; i += 37) printf("normal-tail %d %a\n", i, p[i]);
  for (int i = 0; i < 200; i += 7) printf("interval-mass %d %a\n", i, acc[i]);
  return 0;
}
