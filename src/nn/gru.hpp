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
// Shapes: B = batch, T = seq len, D = input dim, H = hidden. The input is TIME-MAJOR,
// X: T*B x D with row t*B + b = x_t of sequence b, so each step reads one contiguous
// B x D block and the whole batch advances with one B x H x 3H GEMM per step.
#pragma once

#include <string>

#include "nn/param.hpp"

namespace alab::nn {

template <class Scalar>
struct Gru {
  Param<Scalar> W_ih, W_hh, b_ih, b_hh;

  // Names as nn.GRU's ("<prefix>.weight_ih_l0", ...); every tensor U(-1/sqrt(H), 1/sqrt(H)).
  void init(Eigen::Index D, Eigen::Index H, const std::string& prefix, Pcg32& rng);
  Eigen::Index hidden() const { return W_hh.w.cols(); }
};

// What the forward keeps for the backward (and scratch, so steady-state calls do not allocate).
template <class Scalar>
struct GruCache {
  Eigen::Index T = 0, B = 0;
  Mat<Scalar> Gi;      // T*B x 3H   W_ih x_t + b_ih, all steps in one GEMM
  Mat<Scalar> gates;   // T*B x 3H   r_t, z_t, n_t
  Mat<Scalar> hn;      // T*B x H    W_hn h_{t-1} + b_hn
  Mat<Scalar> Hs;      // (T+1)*B x H   h_0 .. h_T
  Mat<Scalar> Gh;      // B x 3H     scratch: W_hh h_{t-1} + b_hh
  Mat<Scalar> dGi;     // T*B x 3H   dL/d(input pre-activations)
  Mat<Scalar> dGh;     // T*B x 3H   dL/d(W_hh h_{t-1} + b_hh)
  Mat<Scalar> dh, dh_prev;  // B x H

  // h_T: B x H, the classifier's input.
  auto last_hidden() const { return Hs.bottomRows(B); }
};

template <class Scalar>
void gru_forward(const Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X, Eigen::Index T,
                 Eigen::Index B, GruCache<Scalar>& cache);

// Backpropagation through time from dL/dh_T (B x H; nothing else reads h_1..h_{T-1}).
// Accumulates into the gradients dw of gru's parameters; dX (T*B x D, optional) is overwritten.
template <class Scalar>
void gru_backward(Gru<Scalar>& gru, const Eigen::Ref<const Mat<Scalar>>& X,
                  const Eigen::Ref<const Mat<Scalar>>& dh_T, GruCache<Scalar>& cache,
                  Mat<Scalar>* dX);

}  // namespace alab::nn
