#include "attnseq/nn/kv_cache.h"

#include <algorithm>
#include <cstring>

namespace attnseq {

void KVCache::reset(int rows, int dim, int capacity) {
  rows_ = rows, dim_ = dim, length_ = 0, capacity_ = std::max(capacity, 1);
  k_.resize(static_cast<Eigen::Index>(rows_) * capacity_, dim_);
  v_.resize(k_.rows(), dim_);
}

void KVCache::grow(int capacity) {
  Matrix k(static_cast<Eigen::Index>(rows_) * capacity, dim_), v(k.rows(), dim_);
  const size_t n = static_cast<size_t>(length_) * dim_;
  for (int r = 0; r < rows_; ++r) {
    std::memcpy(k.data() + static_cast<size_t>(r) * capacity * dim_, keys(r), n * sizeof(float));
    std::memcpy(v.data() + static_cast<size_t>(r) * capacity * dim_, values(r), n * sizeof(float));
  }
  k_.swap(k), v_.swap(v);
  capacity_ = capacity;
}

void KVCache::append(const Matrix& k_new, const Matrix& v_new) {
  if (length_ == capacity_) grow(2 * capacity_);
  for (int r = 0; r < rows_; ++r) {
    const size_t at = offset(r) + static_cast<size_t>(length_) * dim_;
    std::memcpy(k_.data() + at, k_new.row(r).data(), dim_ * sizeof(float));
    std::memcpy(v_.data() + at, v_new.row(r).data(), dim_ * sizeof(float));
  }
  ++length_;
}

void KVCache::reorder(const std::vector<int>& keep) {
  const int rows = static_cast<int>(keep.size());
  const Eigen::Index need = static_cast<Eigen::Index>(std::max(rows, rows_)) * capacity_;
  if (k2_.rows() < need) k2_.resize(need, dim_), v2_.resize(need, dim_);
  const size_t n = static_cast<size_t>(length_) * dim_;
  for (int i = 0; i < rows; ++i) {
    std::memcpy(k2_.data() + offset(i), keys(keep[i]), n * sizeof(float));
    std::memcpy(v2_.data() + offset(i), values(keep[i]), n * sizeof(float));
  }
  k_.swap(k2_), v_.swap(v2_);  // both hold at least max(rows, old rows) * capacity positions
  rows_ = rows;
}

}  // namespace attnseq
