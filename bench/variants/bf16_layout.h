// The in-memory layout of I8 matrices held as bfloat16, read by kernels::gemm_bf16 (gemm_bf16.h; a
// variant for measurements and tests, see there).
//
// Every int8 value q is exact in bfloat16 (the upper 16 bits of an F32; |q| ≤ 128 needs 8 significant
// bits). Per row, each block of 8 columns c..c+7 holds the 16-bit values in the order c, c+4, c+1, c+5,
// c+2, c+6, c+3, c+7: one 128-bit load read as 4 × 32 bits then has columns c..c+3 in its low halves
// and c+4..c+7 in its high halves, each in the order of x. The columns after the last whole block of 8
// stay in order. Rows are k values apart.
#pragma once

#include <cstdint>
#include <cstring>

namespace attnseq {

// Where column c of a row of k columns sits in the packed row.
inline int bf16_packed_index(int c, int k) {
  if (c >= (k & ~7)) return c;
  const int base = c & ~7, i = c & 7;
  return base + (i < 4 ? 2 * i : 2 * (i - 4) + 1);
}

inline uint16_t bf16_of_int8(int8_t q) {
  const float f = static_cast<float>(q);
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof bits);
  return static_cast<uint16_t>(bits >> 16);  // the low 16 bits of an integer with |q| ≤ 128 are 0: exact
}

inline float f32_of_bf16(uint16_t b) {
  const uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// out [m, k] = the bfloat16 of q [m, k], in the layout above.
inline void pack_i8_bf16(const int8_t* q, int m, int k, uint16_t* out) {
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < k; ++c)
      out[static_cast<long>(r) * k + bf16_packed_index(c, k)] = bf16_of_int8(q[static_cast<long>(r) * k + c]);
}

// Element (r, c) of a packed [m, k] matrix, as F32.
inline float bf16_packed_at(const uint16_t* packed, int k, int r, int c) {
  return f32_of_bf16(packed[static_cast<long>(r) * k + bf16_packed_index(c, k)]);
}

}  // namespace attnseq
