#include "mc_batch.h"

mc_stream mc_stream_make(uint64_t seed, uint64_t stream_id) {
  uint64_t k = mc_splitmix64(seed);
  mc_stream s;
  s.key.v[0] = (uint32_t)k;
  s.key.v[1] = (uint32_t)(k >> 32);
  s.stream = stream_id;
  s.block = 0;
  return s;
}

MC_TARGET_CLONES
void mc_fill_bits(mc_stream *s, uint64_t *out, size_t n) {
  uint64_t w0[MC_LANES], w1[MC_LANES];
  size_t i = 0;
  while (i < n) {
    mc_philox_lanes(s->key, s->stream, s->block, w0, w1);
    size_t blocks = (n - i + 1) / 2;
    if (blocks > MC_LANES) blocks = MC_LANES;
    for (size_t b = 0; b < blocks; b++) {
      out[i++] = w0[b];
      if (i < n) out[i++] = w1[b];
    }
    s->block += blocks;
  }
}
