// A GRU cell with PyTorch's gate layout (r, z, n stacked) and equations:
//   r = σ(W_ir x + b_ir + W_hr h + b_hr)      z = σ(W_iz x + b_iz + W_hz h + b_hz)
//   n = tanh(W_in x + b_in + r ⊙ (W_hn h + b_hn))   h' = (1 − z) ⊙ n + z ⊙ h
#pragma once

#include <string>

#include "attnseq/nn/linear.h"

namespace attnseq {

struct GruCell {
  Linear ih;  // [3H, I]
  Linear hh;  // [3H, H]
  int hidden = 0;

  // Reads "<scope>.weight_ih_l0<suffix>" etc. (PyTorch nn.GRU names; suffix "_reverse" for the backward direction).
  static GruCell load(WeightStore& store, const std::string& scope, const std::string& suffix, int hidden, int input);
  // Input projections for many positions at once: gi [n, 3H] = x [n, I] · W_ihᵀ + b_ih.
  void input_gates(const Matrix& x, Matrix& gi) const { ih.forward(x, gi); }
  // One step for a batch: h [B, H] updated in place from precomputed gi [B, 3H] (rows row0..row0+B).
  void step(const Matrix& gi, Eigen::Index row0, Matrix& h, Matrix& scratch) const;
  uint64_t macs_per_step(int batch) const { return ih.macs(batch) + hh.macs(batch); }
};

}  // namespace attnseq
