// Every layer's backward against central finite differences in double (tolerance: gradcheck.hpp).
// Each layer is checked through L = sum(out * G) with a random G, so dL/dout = G.
#include <catch2/catch.hpp>

#include "gradcheck.hpp"
#include "nn/attention_pool.hpp"
#include "nn/cross_entropy.hpp"
#include "nn/embedding.hpp"
#include "nn/gru.hpp"
#include "nn/linear.hpp"

using namespace alab;
using namespace alab::nn;
using test::grad_rel_error;
using test::kGradRelTol;
using test::random_mat;
using M = Mat<double>;

TEST_CASE("embedding backward scatter-adds repeated tokens", "[nn][gradcheck]") {
  rng::Pcg32 rng(1);
  M W = random_mat(5, 3, rng);
  const int tokens[] = {2, 0, 2, 4, 2, 1};  // token 2 three times, token 3 never
  const M G = random_mat(6, 3, rng);
  M out, dW = M::Zero(5, 3);
  embedding_forward(tokens, 6, W, out);
  CHECK(out.row(3) == W.row(4));
  embedding_backward<double>(tokens, 6, G, dW);
  CHECK(dW.row(3).isZero());
  CHECK(grad_rel_error(W, dW, [&] {
          embedding_forward(tokens, 6, W, out);
          return test::dot_loss(out, G);
        }) < kGradRelTol);
}

TEST_CASE("linear backward: dW, db and dX", "[nn][gradcheck]") {
  const bool with_bias = GENERATE(true, false);
  rng::Pcg32 rng(2);
  M X = random_mat(4, 5, rng), W = random_mat(3, 5, rng), b = random_mat(1, 3, rng);
  const M G = random_mat(4, 3, rng);
  M Y, dW = M::Zero(3, 5), db = M::Zero(1, 3), dX;
  M* bias = with_bias ? &b : nullptr;
  auto loss = [&] {
    linear_forward<double>(X, W, bias, Y);
    return test::dot_loss(Y, G);
  };
  loss();
  linear_backward<double>(X, W, G, dW, with_bias ? &db : nullptr, &dX);
  INFO("bias " << with_bias);
  CHECK(grad_rel_error(W, dW, loss) < kGradRelTol);
  CHECK(grad_rel_error(X, dX, loss) < kGradRelTol);
  if (with_bias) CHECK(grad_rel_error(b, db, loss) < kGradRelTol);
}

TEST_CASE("softmax cross-entropy: value and gradient", "[nn][gradcheck]") {
  rng::Pcg32 rng(3);
  M logits = random_mat(5, 2, rng, 3.0), probs, dlogits;
  const int labels[] = {0, 1, 1, 0, 1};
  const double L = cross_entropy_forward(logits, labels, probs);
  double expect = 0;
  for (int b = 0; b < 5; ++b)
    expect -= std::log(std::exp(logits(b, labels[b])) / (std::exp(logits(b, 0)) + std::exp(logits(b, 1))));
  CHECK(L == Approx(expect / 5).epsilon(1e-12));
  cross_entropy_backward(probs, labels, dlogits);
  CHECK(grad_rel_error(logits, dlogits, [&] { return cross_entropy_forward(logits, labels, probs); }) <
        kGradRelTol);
}

TEST_CASE("cross-entropy stays finite for logits near 100", "[nn]") {
  M logits(2, 2), probs;
  logits << 100, -100, 90, 95;
  const int labels[] = {1, 0};
  const double L = cross_entropy_forward(logits, labels, probs);
  CHECK(std::isfinite(L));
  CHECK(L == Approx((200.0 + 5.0 + std::log1p(std::exp(-5.0))) / 2).epsilon(1e-12));
}

TEST_CASE("GRU backward through time: every weight and the inputs", "[nn][gradcheck][gru]") {
  const int T = GENERATE(1, 2, 5);
  const int B = 3, D = 4, H = 5;
  rng::Pcg32 rng(10 + T);
  rng::TorchGenerator init(10 + T);
  Gru<double> gru;
  gru.init(D, H, "gru", init);
  for (auto* p : {&gru.W_ih, &gru.W_hh, &gru.b_ih, &gru.b_hh}) p->w *= 2.0;  // livelier gates
  M X = random_mat(T * B, D, rng);  // time-major: row t*B + b
  const M G = random_mat(H, B, rng);
  GruCache<double> cache;
  auto loss = [&] {
    gru_forward<double>(gru, X, T, B, cache);
    return test::dot_loss(cache.last_hidden(), G);
  };
  loss();
  M dX;
  gru_backward<double>(gru, X, G, cache, &dX);
  INFO("T = " << T);
  for (auto* p : {&gru.W_ih, &gru.W_hh, &gru.b_ih, &gru.b_hh}) {
    INFO(p->name);
    CHECK(grad_rel_error(p->w, p->dw, loss) < kGradRelTol);
  }
  CHECK(grad_rel_error(X, dX, loss) < kGradRelTol);
}

TEST_CASE("GRU forward follows nn.GRU's equations for one step", "[nn][gru]") {
  // T = 1 from h_0 = 0: r, z, n and h_1 by hand, one unit at a time.
  rng::Pcg32 rng(20);
  rng::TorchGenerator init(20);
  const int D = 3, H = 2;
  Gru<double> gru;
  gru.init(D, H, "gru", init);
  M x = random_mat(1, D, rng);
  GruCache<double> cache;
  gru_forward<double>(gru, x, 1, 1, cache);
  auto sig = [](double v) { return 1 / (1 + std::exp(-v)); };
  for (int j = 0; j < H; ++j) {
    const double ar = gru.W_ih.w.row(j).dot(x.row(0)) + gru.b_ih.w(0, j) + gru.b_hh.w(0, j);
    const double az = gru.W_ih.w.row(H + j).dot(x.row(0)) + gru.b_ih.w(0, H + j) + gru.b_hh.w(0, H + j);
    const double r = sig(ar), z = sig(az);
    const double n = std::tanh(gru.W_ih.w.row(2 * H + j).dot(x.row(0)) + gru.b_ih.w(0, 2 * H + j) +
                               r * gru.b_hh.w(0, 2 * H + j));
    CHECK(cache.last_hidden()(j, 0) == Approx((1 - z) * n).epsilon(1e-12));
  }
}

TEST_CASE("self-attention pooling backward: Wq, Wk, Wv and the inputs", "[nn][gradcheck][attention]") {
  const Pooling pooling = GENERATE(Pooling::last, Pooling::mean);
  const int T = GENERATE(1, 4, 7);
  const int B = 3, D = 5, dk = 4, dv = 3;
  rng::Pcg32 rng(30 + T);
  rng::TorchGenerator init(30 + T);
  AttentionHead<double> head;
  head.init(D, dk, dv, init);
  M E = random_mat(B * T, D, rng);
  const M G = random_mat(B, dv, rng);
  AttentionPoolCache<double> cache;
  M Z, dE;
  auto loss = [&] {
    attention_pool_forward<double>(head, E, T, B, pooling, cache, Z);
    return test::dot_loss(Z, G);
  };
  loss();
  attention_pool_backward<double>(head, E, G, cache, &dE);
  INFO("T = " << T << (pooling == Pooling::last ? " last" : " mean"));
  for (auto* p : {&head.Wq, &head.Wk, &head.Wv}) {
    INFO(p->name);
    CHECK(grad_rel_error(p->w, p->dw, loss) < kGradRelTol);
  }
  CHECK(grad_rel_error(E, dE, loss) < kGradRelTol);
}

TEST_CASE("pooled attention equals the full T x T computation", "[nn][attention]") {
  // Z = A V in full, then the last row or the mean of rows: what TinySelfAttn computes.
  const int B = 2, T = 6, D = 4;
  rng::Pcg32 rng(40);
  rng::TorchGenerator init(40);
  AttentionHead<double> head;
  head.init(D, D, D, init);
  const M E = random_mat(B * T, D, rng);
  for (Pooling pooling : {Pooling::last, Pooling::mean}) {
    AttentionPoolCache<double> cache;
    M Z;
    attention_pool_forward<double>(head, E, T, B, pooling, cache, Z);
    for (int b = 0; b < B; ++b) {
      M A;
      attention_matrix<double>(head, E.middleRows(b * T, T), A);
      const M full = A * (E.middleRows(b * T, T) * head.Wv.w.transpose());
      const M expect = pooling == Pooling::last ? M(full.row(T - 1)) : M(full.colwise().mean());
      CHECK((Z.row(b) - expect).cwiseAbs().maxCoeff() < 1e-12);
      CHECK((A.rowwise().sum().array() - 1).abs().maxCoeff() < 1e-12);
    }
  }
}
