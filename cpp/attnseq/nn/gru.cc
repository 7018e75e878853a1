#include "attnseq/nn/gru.h"

#include <cmath>

#include "attnseq/nn/ops.h"

namespace attnseq {

GruCell GruCell::load(WeightStore& store, const std::string& scope, const std::string& suffix, int hidden,
                      int input) {
  GruCell c;
  c.hidden = hidden;
  c.ih.out = c.hh.out = 3 * hidden;
  c.ih.in = input;
  c.hh.in = hidden;
  c.ih.w = store.weight(scope + ".weight_ih_l0" + suffix, 3 * hidden, input);
  c.hh.w = store.weight(scope + ".weight_hh_l0" + suffix, 3 * hidden, hidden);
  c.ih.b = store.vector(scope + ".bias_ih_l0" + suffix, 3 * hidden).data();
  c.hh.b = store.vector(scope + ".bias_hh_l0" + suffix, 3 * hidden).data();
  return c;
}

void GruCell::step(const Matrix& gi, Eigen::Index row0, Matrix& h, Matrix& gh) const {
  hh.forward(h, gh);  // [B, 3H]
  const int H = hidden;
  for (Eigen::Index b = 0; b < h.rows(); ++b) {
    const float* i = gi.row(row0 + b).data();
    const float* g = gh.row(b).data();
    float* hb = h.row(b).data();
    for (int k = 0; k < H; ++k) {
      const float r = sigmoid(i[k] + g[k]);
      const float z = sigmoid(i[H + k] + g[H + k]);
      const float n = tanh_f32(i[2 * H + k] + r * g[2 * H + k]);
      hb[k] = (1.0f - z) * n + z * hb[k];
    }
  }
}

}  // namespace attnseq
