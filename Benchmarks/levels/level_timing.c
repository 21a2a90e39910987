// One game kernel per x86-64 vector level, timed on one thread: built by the `levels` suite
// (Benchmarks/LevelBenchmarks.swift) with the toolchain's clang for one level at a time, so one
// machine shows what its AVX-512 (v4), AVX2 (v3) and baseline builds cost, and that they give
// the same counts (an FNV-1a digest of 2^21 games' histogram per level).
//
// It also times 10^6 games on T threads (the first argument, default 2), as the engine runs them
// (chunks of 65,536 games, each its own stream, taken in turn by the threads, one histogram per
// thread), so the peers suite can set the AVX2 build, not only the clone this CPU picks, against
// NumPy and numba in one run.
//
// Prints: "normal <ns per game normal>", "game <ns per game>", "game2 <wall ns per game, T
// threads, 10^6 games>", "digest <hex>".
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mc_distributions.h"
#include "mc_game_kernel.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/// FNV-1a 64 of `n` bytes, continuing from `digest`.
static uint64_t fnv1a(uint64_t digest, const void *bytes, size_t n) {
  const unsigned char *p = bytes;
  for (size_t i = 0; i < n; i++) digest = (digest ^ p[i]) * 1099511628211ull;
  return digest;
}

/// `threads` threads sharing 10^6 games in chunks of 65,536, each chunk its own stream.
typedef struct {
  const mc_game_model *model;
  uint32_t *hist, *totals;
  int32_t *scores;
  atomic_uint_fast64_t *next_chunk;
} worker;

enum { PAIR_GAMES = 1000000, CHUNK = 65536, MAX_THREADS = 256 };

static void *run_chunks(void *arg) {
  worker *w = arg;
  for (;;) {
    uint64_t k = atomic_fetch_add(w->next_chunk, 1);
    if (k * CHUNK >= PAIR_GAMES) return NULL;
    uint64_t n = PAIR_GAMES - k * CHUNK < CHUNK ? PAIR_GAMES - k * CHUNK : CHUNK;
    mc_overflow overflow = {w->scores, CHUNK, 0};
    mc_game_tally tally = {0, 0, 0};
    mc_simulate_games(w->model, mc_stream_make(1, k), n, w->hist, w->totals, &overflow, &tally);
  }
}

/// Wall seconds for 10^6 games on `threads` threads, the caller one of them (best of `runs`);
/// each run's histograms are cleared before its clock starts. Negative if a thread failed to start.
static double on_threads(const mc_game_model *m, size_t cells, int threads, int runs) {
  worker w[MAX_THREADS];
  pthread_t others[MAX_THREADS];
  for (int t = 0; t < threads; t++) {
    w[t].model = m;
    w[t].hist = calloc(cells, sizeof *w[t].hist);
    w[t].totals = calloc((size_t)(m->home_bins + m->away_bins), sizeof *w[t].totals);
    w[t].scores = malloc(2 * CHUNK * sizeof *w[t].scores);
  }
  double best = 1e9;
  for (int r = 0; r < runs && best >= 0; r++) {
    atomic_uint_fast64_t next = 0;
    for (int t = 0; t < threads; t++) {
      memset(w[t].hist, 0, cells * sizeof *w[t].hist);
      w[t].next_chunk = &next;
    }
    double t0 = now();
    int started = 1;
    while (started < threads && pthread_create(&others[started], NULL, run_chunks, &w[started]) == 0) started++;
    run_chunks(&w[0]);
    for (int t = 1; t < started; t++) pthread_join(others[t], NULL);
    double t1 = now();
    if (started < threads) best = -1;
    else if (t1 - t0 < best) best = t1 - t0;
  }
  for (int t = 0; t < threads; t++) {
    free(w[t].hist);
    free(w[t].totals);
    free(w[t].scores);
  }
  return best;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 2;
  if (threads < 1 || threads > MAX_THREADS) threads = 2;
  // The benchmarks' default model: 115 - 112, sd 10, rho 0.5, flat overtime, floor 0.
  mc_game_model m;
  memset(&m, 0, sizeof m);
  m.home_mean = 115;
  m.away_mean = 112;
  m.home_sd = 10;
  m.away_sd = 10;
  m.rho = 0.5;
  m.skew_scale = 1;
  m.ot_model = MC_OT_FLAT;
  m.ot_rate = 0.06;
  m.ot_mean = 12;
  m.ot_sd = 3;
  m.has_floor = 1;
  m.score_floor = 0;
  m.home_min = 0;
  m.away_min = 0;
  m.home_bins = 260;
  m.away_bins = 260;
  const uint64_t n = 1u << 21;
  const size_t cells = (size_t)m.home_bins * (size_t)m.away_bins;
  uint32_t *hist = calloc(cells, sizeof *hist);
  uint32_t *totals = calloc((size_t)(m.home_bins + m.away_bins), sizeof *totals);
  int32_t *scores = malloc(2 * n * sizeof *scores);
  double *z = malloc(2 * n * sizeof *z);
  double best_game = 1e9, best_normal = 1e9;
  uint64_t digest = 1469598103934665603ull;
  for (int r = 0; r < 9; r++) {
    memset(hist, 0, cells * sizeof *hist);
    mc_overflow overflow = {scores, n, 0};
    mc_game_tally tally = {0, 0, 0};
    double t0 = now();
    mc_simulate_games(&m, mc_stream_make(1, 0), n, hist, totals, &overflow, &tally);
    double t1 = now();
    mc_stream s = mc_stream_make(1, 1);
    mc_fill_normal_f32(&s, z, 2 * n);
    double t2 = now();
    if (t1 - t0 < best_game) best_game = t1 - t0;
    if (t2 - t1 < best_normal) best_normal = t2 - t1;
    if (r == 0) {
      digest = fnv1a(digest, hist, cells * sizeof *hist);
      digest = fnv1a(digest, scores, 2 * overflow.count * sizeof *scores);
    }
  }
  double pair = on_threads(&m, cells, threads, 15);
  printf("normal %.4f\ngame %.4f\ngame2 %.4f\ndigest %016" PRIx64 "\n", best_normal / (double)(2 * n) * 1e9,
         best_game / (double)n * 1e9, pair / PAIR_GAMES * 1e9, digest);
  free(hist);
  free(totals);
  free(scores);
  free(z);
  return 0;
}
