// Matrix-form self-attention (the lab's one head, nn.Linear weight convention)
// against a plain triple loop in double precision.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "attention/self_attention.hpp"
#include "rng/pcg32.hpp"

using namespace alab;
using Catch::Matchers::WithinAbs;

namespace {
using Weights = SelfAttentionWeights<float>;
using Workspace = SelfAttentionWorkspace<float>;

// N(0, 1) entries from the lab's own PCG32: the same inputs natively and in WebAssembly.
MatF random_mat(Eigen::Index r, Eigen::Index c, rng::Pcg32& rng) {
  MatF m(r, c);
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<float>(rng.normal());
  return m;
}

// The definitions, one number at a time, in double: e_ij = q_i . k_j / sqrt(d_k),
// a_ij = softmax over j <= (causal ? i : T-1), z_i = sum_j a_ij v_j.
// q_t = W_Q x_t: W_Q(j, m) multiplies x_t's entry m into q_t's entry j.
void naive_self_attention(const MatF& X, const Weights& w, bool causal,
                          std::vector<double>& A, std::vector<double>& Z) {
  const auto T = X.rows(), D = X.cols(), dk = w.W_Q.rows(), dv = w.W_V.rows();
  std::vector<double> Q(T * dk, 0), K(T * dk, 0), V(T * dv, 0);
  for (int t = 0; t < T; ++t)
    for (int m = 0; m < D; ++m) {
      for (int j = 0; j < dk; ++j) {
        Q[t * dk + j] += double(X(t, m)) * w.W_Q(j, m);
        K[t * dk + j] += double(X(t, m)) * w.W_K(j, m);
      }
      for (int j = 0; j < dv; ++j) V[t * dv + j] += double(X(t, m)) * w.W_V(j, m);
    }
  A.assign(T * T, 0.0);
  Z.assign(T * dv, 0.0);
  for (int i = 0; i < T; ++i) {
    const int len = causal ? i + 1 : static_cast<int>(T);
    std::vector<double> e(len);
    double mx = -1e300;
    for (int j = 0; j < len; ++j) {
      double s = 0;
      for (int c = 0; c < dk; ++c) s += Q[i * dk + c] * K[j * dk + c];
      e[j] = s / std::sqrt(double(dk));
      mx = std::max(mx, e[j]);
    }
    double sum = 0;
    for (int j = 0; j < len; ++j) sum += (e[j] = std::exp(e[j] - mx));
    for (int j = 0; j < len; ++j) A[i * T + j] = e[j] / sum;
    for (int j = 0; j < len; ++j)
      for (int c = 0; c < dv; ++c) Z[i * dv + c] += A[i * T + j] * V[j * dv + c];
  }
}
}  // namespace

TEST_CASE("matrix-form self-attention matches the naive loop", "[self_attention]") {
  const int T = GENERATE(1, 3, 4, 5, 8, 17);
  const bool causal = GENERATE(false, true);
  const int D = 6, dk = 5, dv = 7;
  rng::Pcg32 rng(100 + T);
  const MatF X = random_mat(T, D, rng);
  const Weights w{random_mat(dk, D, rng), random_mat(dk, D, rng), random_mat(dv, D, rng)};
  REQUIRE(check_self_attention(w.W_Q, w.W_K, w.W_V, D).ok);

  Workspace ws;
  MatF A, Z;
  self_attention_forward<float>(X, w, causal, ws, A, Z);
  std::vector<double> A_ref, Z_ref;
  naive_self_attention(X, w, causal, A_ref, Z_ref);

  INFO("T=" << T << " causal=" << causal);
  REQUIRE(A.rows() == T);
  REQUIRE(A.cols() == T);
  REQUIRE(Z.rows() == T);
  REQUIRE(Z.cols() == dv);
  // float accumulation over D = 6 then T <= 17 terms of O(1) inputs: 1e-5 absolute
  // is ~100 float ulps of headroom for values of order 1-10.
  for (int i = 0; i < T; ++i) {
    double row = 0;
    for (int j = 0; j < T; ++j) {
      CHECK_THAT(A(i, j), WithinAbs(A_ref[i * T + j], 1e-5));
      if (causal && j > i) CHECK(A(i, j) == 0.f);
      row += A(i, j);
    }
    CHECK_THAT(row, WithinAbs(1.0, 1e-5));
    for (int c = 0; c < dv; ++c) CHECK_THAT(Z(i, c), WithinAbs(Z_ref[i * dv + c], 1e-4));
  }
}

TEST_CASE("batched self-attention over an xtensor batch", "[self_attention]") {
  const std::size_t B = 3, T = 5, D = 4;
  rng::Pcg32 rng(7);
  const Weights w{random_mat(4, D, rng), random_mat(4, D, rng), random_mat(3, D, rng)};
  xt::xtensor<float, 3> X = xt::xtensor<float, 3>::from_shape({B, T, D});
  for (auto& x : X) x = static_cast<float>(rng.normal());

  xt::xtensor<float, 3> A, Z;
  REQUIRE(self_attention_forward_batch(X, w, false, A, Z).ok);
  CHECK(A.shape(0) == B);
  CHECK(Z.shape(2) == 3);
  for (std::size_t b = 0; b < B; ++b) {
    const MatF X_b = ConstMatMap<float>(X.data() + b * T * D, T, D);
    Workspace ws;
    MatF A_b, Z_b;
    self_attention_forward<float>(X_b, w, false, ws, A_b, Z_b);
    for (std::size_t i = 0; i < T; ++i)
      for (std::size_t j = 0; j < T; ++j) CHECK(A(b, i, j) == A_b(i, j));
  }

  Weights bad = w;
  bad.W_K = random_mat(2, D, rng);
  CHECK_FALSE(self_attention_forward_batch(X, bad, false, A, Z).ok);
}

TEST_CASE("without positions, self-attention is order-blind (permutation-equivariant)",
          "[self_attention][module]") {
  // Quick check 1: permuting the tokens permutes the outputs the same way;
  // nothing in the result records where a token stood.
  const int T = 6, D = 4;
  rng::Pcg32 rng(11);
  const MatF X = random_mat(T, D, rng);
  const Weights w{random_mat(D, D, rng), random_mat(D, D, rng), random_mat(D, D, rng)};
  const int perm[T] = {3, 0, 5, 1, 4, 2};
  MatF Xp(T, D);
  for (int i = 0; i < T; ++i) Xp.row(i) = X.row(perm[i]);

  Workspace ws;
  MatF A, Z, Ap, Zp;
  self_attention_forward<float>(X, w, false, ws, A, Z);
  self_attention_forward<float>(Xp, w, false, ws, Ap, Zp);
  for (int i = 0; i < T; ++i)
    for (int c = 0; c < D; ++c) CHECK_THAT(Zp(i, c), WithinAbs(Z(perm[i], c), 1e-5));
}
