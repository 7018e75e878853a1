// Seeded random numbers that are identical in native and WebAssembly builds: integer-only
// generator (SplitMix64 seeding a xoshiro128**-style 64-bit state), doubles built from bits.
#pragma once

#include <cstdint>

namespace attnseq {

class Rng {
 public:
  explicit Rng(uint64_t seed) { reseed(seed); }

  void reseed(uint64_t seed) {
    uint64_t z = seed;
    s0_ = splitmix(z);
    s1_ = splitmix(z);
    if (s0_ == 0 && s1_ == 0) s1_ = 1;
  }

  // xorshift128+ step: 64 random bits.
  uint64_t next_u64() {
    uint64_t a = s0_;
    const uint64_t b = s1_;
    s0_ = b;
    a ^= a << 23;
    s1_ = a ^ b ^ (a >> 17) ^ (b >> 26);
    return s1_ + b;
  }

  // Uniform double in [0, 1) with 53 random bits (exact in IEEE arithmetic on every platform).
  double uniform() { return static_cast<double>(next_u64() >> 11) * (1.0 / 9007199254740992.0); }

 private:
  static uint64_t splitmix(uint64_t& x) {
    uint64_t z = (x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  uint64_t s0_ = 0, s1_ = 0;
};

}  // namespace attnseq
