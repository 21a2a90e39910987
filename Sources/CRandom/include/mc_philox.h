// Philox4x32-10: the counter-based generator of Salmon, Moraes, Dror and Shaw,
// "Parallel random numbers: as easy as 1, 2, 3" (SC'11), as in Random123.
//
//   output = philox(counter, key)      counter: 4 x 32 bits, key: 2 x 32 bits
//
// A stream is a key (derived from the user's seed) plus a 64-bit stream id placed in the high
// half of the counter; the low half counts blocks. Every (seed, stream, block) triple names one
// distinct counter, so streams never overlap and any block can be computed without the others.
#ifndef MC_PHILOX_H
#define MC_PHILOX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define MC_PHILOX_M0 0xD2511F53ull
#define MC_PHILOX_M1 0xCD9E8D57ull
#define MC_PHILOX_W0 0x9E3779B9u  // golden ratio
#define MC_PHILOX_W1 0xBB67AE85u  // sqrt(3) - 1

typedef struct {
  uint32_t v[4];
} mc_philox4x32_ctr;

typedef struct {
  uint32_t v[2];
} mc_philox4x32_key;

/// One Philox round: two 32x32->64 multiplies, a swap and an xor with the key.
static inline mc_philox4x32_ctr mc_philox4x32_round(mc_philox4x32_ctr c, mc_philox4x32_key k) {
  uint64_t p0 = (uint64_t)MC_PHILOX_M0 * c.v[0];
  uint64_t p1 = (uint64_t)MC_PHILOX_M1 * c.v[2];
  mc_philox4x32_ctr out = {{
      (uint32_t)(p1 >> 32) ^ c.v[1] ^ k.v[0],
      (uint32_t)p1,
      (uint32_t)(p0 >> 32) ^ c.v[3] ^ k.v[1],
      (uint32_t)p0,
  }};
  return out;
}

/// Philox4x32 with 10 rounds; the key is bumped by the Weyl constants between rounds.
static inline mc_philox4x32_ctr mc_philox4x32_10(mc_philox4x32_ctr c, mc_philox4x32_key k) {
  for (int r = 0; r < 10; r++) {
    if (r > 0) {
      k.v[0] += MC_PHILOX_W0;
      k.v[1] += MC_PHILOX_W1;
    }
    c = mc_philox4x32_round(c, k);
  }
  return c;
}

/// An independent stream: key from the seed, stream id in the counter's high half.
/// `block` is the index of the next 128-bit block to produce.
typedef struct {
  mc_philox4x32_key key;
  uint64_t stream;
  uint64_t block;
} mc_stream;

/// SplitMix64 finaliser (Steele, Lea and Flood 2014): spreads nearby seeds over the key space.
static inline uint64_t mc_splitmix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/// The stream `stream_id` of the generator seeded with `seed`, positioned at block 0.
mc_stream mc_stream_make(uint64_t seed, uint64_t stream_id);

/// Block `block` of stream `s` as two 64-bit words: word 0 = v[1]:v[0], word 1 = v[3]:v[2].
static inline void mc_stream_block(const mc_stream *s, uint64_t block, uint64_t out[2]) {
  mc_philox4x32_ctr c = {{(uint32_t)block, (uint32_t)(block >> 32), (uint32_t)s->stream,
                          (uint32_t)(s->stream >> 32)}};
  mc_philox4x32_ctr r = mc_philox4x32_10(c, s->key);
  out[0] = (uint64_t)r.v[0] | ((uint64_t)r.v[1] << 32);
  out[1] = (uint64_t)r.v[2] | ((uint64_t)r.v[3] << 32);
}

/// Fills `out` with `n` raw 64-bit words; consumes ceil(n / 2) blocks.
void mc_fill_bits(mc_stream *s, uint64_t *out, size_t n);

#ifdef __cplusplus
}
#endif

#endif
