// Tensor aliases over Eigen. All matrices are row-major to match the model file (PyTorch layout).
#pragma once

#include <Eigen/Core>
#include <cstdint>

namespace attnseq {

using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXf;
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic>;
using MatrixMap = Eigen::Map<Matrix>;
using ConstMatrixMap = Eigen::Map<const Matrix>;
using ConstVectorMap = Eigen::Map<const Vector>;

}  // namespace attnseq
