#include "include/mc_distributions.h"

#include "mc_batch.h"

MC_TARGET_CLONES
void mc_fill_uniform(mc_stream *s, double *out, size_t n) {
  uint64_t w0[MC_LANES], w1[MC_LANES];
  double u[2 * MC_LANES];
  size_t i = 0;
  while (i < n) {
    mc_philox_lanes(s->key, s->stream, s->block, w0, w1);
    for (int b = 0; b < MC_LANES; b++) {
      u[2 * b] = mc_unit53(w0[b]);
      u[2 * b + 1] = mc_unit53(w1[b]);
    }
    size_t take = n - i < 2 * MC_LANES ? n - i : 2 * MC_LANES;
    memcpy(out + i, u, take * sizeof(double));
    i += take;
    s->block += (take + 1) / 2;
  }
}

/// Normal fill: two per block, by double-precision Box-Muller.
MC_TARGET_CLONES
void mc_fill_normal(mc_stream *s, double *out, size_t n) {
  uint64_t w0[MC_LANES], w1[MC_LANES];
  double z[2 * MC_LANES];
  size_t i = 0;
  while (i < n) {
    mc_philox_lanes(s->key, s->stream, s->block, w0, w1);
    for (int b = 0; b < MC_LANES; b++) mc_box_muller(w0[b], w1[b], &z[2 * b], &z[2 * b + 1]);
    size_t take = n - i < 2 * MC_LANES ? n - i : 2 * MC_LANES;
    memcpy(out + i, z, take * sizeof(double));
    i += take;
    s->block += (take + 1) / 2;
  }
}

/// The same by single-precision Box-Muller, widened to double: the game kernels' normals. The
/// floats are computed in a loop of their own, so a vector holds as many as it can.
MC_TARGET_CLONES
void mc_fill_normal_f32(mc_stream *s, double *out, size_t n) {
  uint32_t v1[MC_LANES], v3[MC_LANES], unused[MC_LANES];
  float z0[MC_LANES], z1[MC_LANES];
  double z[2 * MC_LANES];
  size_t i = 0;
  while (i < n) {
    mc_philox_words(s->key, s->stream, s->block, unused, v1, unused, v3);
    for (int b = 0; b < MC_LANES; b++) mc_box_muller_words_f32(v1[b], v3[b], &z0[b], &z1[b]);
    for (int b = 0; b < MC_LANES; b++) {
      z[2 * b] = (double)z0[b];
      z[2 * b + 1] = (double)z1[b];
    }
    size_t take = n - i < 2 * MC_LANES ? n - i : 2 * MC_LANES;
    memcpy(out + i, z, take * sizeof(double));
    i += take;
    s->block += (take + 1) / 2;
  }
}

MC_TARGET_CLONES double mc_log_reference(double x) { return mc_log(x); }

MC_TARGET_CLONES void mc_sincos_turn_reference(double v, double *s, double *c) { mc_sincos_turn(v, s, c); }

MC_TARGET_CLONES float mc_logf_reference(float x) { return mc_logf(x); }

MC_TARGET_CLONES void mc_sincos_turnf_reference(float v, float *s, float *c) { mc_sincos_turnf(v, s, c); }
