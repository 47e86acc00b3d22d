// One-layer GRU over a whole minibatch, with PyTorch's nn.GRU equations
// (https://pytorch.org/docs/1.13/generated/torch.nn.GRU.html; Cho et al. 2014):
//
//   r_t = sigmoid(W_ir x_t + b_ir + W_hr h_{t-1} + b_hr)        reset gate
//   z_t = sigmoid(W_iz x_t + b_iz + W_hz h_{t-1} + b_hz)        update gate
//   n_t = tanh(W_in x_t + b_in + r_t * (W_hn h_{t-1} + b_hn))   new gate
//   h_t = (1 - z_t) * n_t + z_t * h_{t-1},   h_0 = 0
//
// Weights as PyTorch stores them: W_ih = [W_ir; W_iz; W_in] (3H x D),
// W_hh = [W_hr; W_hz; W_hn] (3H x H), b_ih, b_hh (1 x 3H), gate blocks in the order r, z, n.
//
// Shapes: B = batch, T = seq len, D = input dim, H = hidden. The input is
// TIME-MAJOR, X: T*B x D with row t*B + b = x_t of sequence b. Inside, everything
// is FEATURE-MAJOR: states and gates are H x B blocks (column t*B + b), so each
// gate row is B contiguous numbers (long, vectorizable runs for sigmoid/tanh), the
// batch advances with one 3H x H x B GEMM per step, and the input half of the gates
// (and every weight gradient) is one GEMM over all steps (X enters transposed).
#pragma once

#include <string>

#include "nn/buffer.hpp"
#include "nn/param.hpp"

namespace alab::nn {

template <class Scalar>
struct Gru {
  Param<Scalar> W_ih, W_hh, b_ih, b_hh;

  // Names as nn.GRU's ("<prefix>.weight_ih_l0", ...); every tensor U(-1/sqrt(H), 1/sqrt(H)).
  void init(Eigen::Index D, Eigen::Index H, const std::string& prefix, rng::TorchGenerator& gen);
  Eigen::Index hidden() const { return W_hh.w.cols(); }
};

// What the forward keeps for the backward, and scratch, in grow-only buffers
// (nn/buffer.hpp) so that steady-state calls never allocate.
template <class Scalar>
struct GruCache {
  Eigen::Index T = 0, B = 0, H = 0;
  Buffer<Scalar> Gi;      // 3H x T*B   W_ih x_t + b_ih, all steps in one GEMM
  Buffer<Scalar> gates;   // 3H x T*B   r_t, z_t, n_t (rows 0..H-1, H..2H-1, 2H..3H-1)
  Buffer<Scalar> hn;      // H x T*B    W_hn h_{t-1} + b_hn
  Buffer<Scalar> Hs;      // H x (T+1)*B   h_0 .. h_T
  Buffer<Scalar> Gh;      // 3H x B     scratch: W_hh h_{t-1} + b_hh
  Buffer<Scalar> dGi;     // 3H x T*B   dL/d(input pre-activations)
  Buffer<Scalar> dGh;     // 3H x T*B   dL/d(W_hh h_{t-1} + b_hh)
  Buffer<Scalar> dh, dh_prev;  // H x B

  // Gi for T steps of B sequences (3H x T*B); sets the cache's shape. Callers that know
  // a cheaper way to the input pre-activations (nn/gru_classifier.cpp) fill it themselves.
  MatMap<Scalar> input_gates(Eigen::Index H_, Eigen::Index T_, Eigen::Index B_) {
    T = T_;
    B = B_;
    H = H_;
    return Gi.view(3 * H, T * B);
  }

  // h_T: H x B, the classifier's input.
  auto last_hidden() const { return Hs.view(H, (T + 1) * B).rightCols(B); }
};

// The whole layer: Gi = W_ih X^T + b_ih, then the recurrence.
template <class Scalar>
void gru_forward(const Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X, Eigen::Index T,
                 Eigen::Index B, GruCache<Scalar>& cache);

// The recurrence alone, from input pre-activations already in cache.input_gates(H, T, B).
template <class Scalar>
void gru_forward_recurrent(const Gru<Scalar>& gru, Eigen::Index T, Eigen::Index B,
                           GruCache<Scalar>& cache);

// Backpropagation through time from dL/dh_T (H x B), and, when something else reads
// the states h_1..h_T too (an attention layer over an encoder), from dHs (H x T*B,
// column block t = dL/dh_{t+1} from outside the recurrence; dh_T may then be zero).
// Accumulates into the gradients dw of gru's parameters; dX (T*B x D, optional) is overwritten.
template <class Scalar>
void gru_backward(Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X,
                  const Eigen::Ref<const Mat<Scalar>>& dh_T, GruCache<Scalar>& cache,
                  Mat<Scalar>* dX, const Mat<Scalar>* dHs = nullptr);

// The recurrence's part of gru_backward: accumulates W_hh's and b_hh's gradients and
// leaves dL/dGi (3H x T*B) in cache.dGi, for the caller to carry back to W_ih, b_ih, X.
template <class Scalar>
void gru_backward_recurrent(Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& dh_T,
                            GruCache<Scalar>& cache, const Mat<Scalar>* dHs = nullptr);

}  // namespace alab::nn
