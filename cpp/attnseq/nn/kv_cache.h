// The keys and values of the target positions decoded so far, for every row (hypothesis) of a batch:
// the decoder self-attention's cache. One allocation per state, grown by doubling; reorder() (beam
// search) gathers the kept rows into a second buffer of the same shape and swaps: capacity is kept.
#pragma once

#include <vector>

#include "attnseq/core/tensor.h"

namespace attnseq {

class KVCache {
 public:
  // Empties the cache for `rows` rows of `dim` values, with room for `capacity` positions per row.
  void reset(int rows, int dim, int capacity);
  // Appends one position to every row: k_new, v_new [rows, dim].
  void append(const Matrix& k_new, const Matrix& v_new);
  // New row i continues old row keep[i].
  void reorder(const std::vector<int>& keep);

  int rows() const { return rows_; }
  int length() const { return length_; }  // positions cached per row
  const float* keys(int row) const { return k_.data() + offset(row); }    // [length, dim]
  const float* values(int row) const { return v_.data() + offset(row); }  // [length, dim]

 private:
  size_t offset(int row) const { return static_cast<size_t>(row) * capacity_ * dim_; }
  void grow(int capacity);

  Matrix k_, v_;    // [rows * capacity, dim]: row r's position p at r * capacity + p
  Matrix k2_, v2_;  // reorder's target (same shape), swapped with k_, v_
  int rows_ = 0, dim_ = 0, capacity_ = 0, length_ = 0;
};

}  // namespace attnseq
