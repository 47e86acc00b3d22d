// The translation models against PyTorch 1.13 (tests/reference/translate_*.txt, written
// by make_translate_reference.py): for fixed weights and a fixed padded batch, each
// variant's output probabilities at every step, the loss, every parameter's gradient,
// and the loss before each of 10 Adam steps. The reference is float64 from
// float32-representable weights. Tolerances (max-norm, relative to the largest
// reference value): double 1e-10 (summation order only); float 2e-5 for values and
// gradients and 1e-5 for the Adam losses: float carries ~6e-8 per operation over
// chains of 4 encoder and 5 decoder steps, and Eigen's float exp and tanh are within a
// few ulp; a wrong term gives 1e-2 or more.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "nn/adam.hpp"
#include "reference_file.hpp"
#include "reference_params.hpp"
#include "translate/seq2seq.hpp"

using namespace alab;
using namespace alab::translate;
using test::rel_err;

namespace {

template <class Scalar>
struct Tol;
template <>
struct Tol<double> { static constexpr double value = 1e-10, adam = 1e-10; };
template <>
struct Tol<float> { static constexpr double value = 2e-5, adam = 1e-5; };

std::vector<int> ints(const test::RefTensor& t) { return {t.values.begin(), t.values.end()}; }

template <class Scalar>
void check_against_torch(const std::string& file) {
  INFO(file);
  const auto ref = test::load_reference(file);
  REQUIRE(ref.count("config"));
  const auto& c = ref.at("config").values;  // src_vocab tgt_vocab embed hidden B S L lr kind
  Seq2SeqConfig cfg;
  cfg.src_vocab = int(c[0]);
  cfg.tgt_vocab = int(c[1]);
  cfg.embed = int(c[2]);
  cfg.hidden = int(c[3]);
  cfg.attention = c[8] == 0 ? AttentionKind::none : c[8] == 1 ? AttentionKind::additive : AttentionKind::dot;
  const int B = int(c[4]), S = int(c[5]), L = int(c[6]);
  rng::Pcg32 rng(0);
  Seq2Seq<Scalar> m;
  m.init(cfg, rng);
  alab::test::load_torch_params(m.params(), ref);

  const std::vector<int> src = ints(ref.at("src")), tgt_in = ints(ref.at("tgt_in")), tgt_out = ints(ref.at("tgt_out"));
  Seq2SeqCache<Scalar> cache;
  const Scalar loss = m.forward(src, tgt_in, tgt_out, B, S, L, cache);
  CHECK(std::abs(loss - ref.at("loss").values[0]) / ref.at("loss").values[0] < Tol<Scalar>::value);
  const auto& probs = ref.at("probs").values;  // L x B x V
  const int V = cfg.tgt_vocab;
  for (int t = 0; t < L; ++t) {
    Mat<double> expect(V, B);
    for (int b = 0; b < B; ++b)
      for (int v = 0; v < V; ++v) expect(v, b) = probs[(static_cast<std::size_t>(t) * B + b) * V + v];
    INFO("step " << t);
    CHECK(rel_err(Mat<Scalar>(cache.probs.middleCols(static_cast<Eigen::Index>(t) * B, B)), expect) < Tol<Scalar>::value);
  }
  for (auto* p : m.params()) p->dw.setZero();
  m.backward(cache);
  for (auto* p : m.params()) {
    INFO("grad " << p->name);
    CHECK(rel_err(p->dw, ref.at("grad:" + p->name).template mat<double>()) < Tol<Scalar>::value);
  }

  // 10 Adam steps on the same batch from the same weights.
  for (auto* p : m.params()) p->w = ref.at("param:" + p->name).template mat<Scalar>();
  nn::Adam<Scalar> adam(m.params(), c[7]);
  const auto& expect = ref.at("adam_loss").values;
  for (std::size_t k = 0; k < expect.size(); ++k) {
    for (auto* p : m.params()) p->dw.setZero();
    const double l = m.forward(src, tgt_in, tgt_out, B, S, L, cache);
    INFO("Adam step " << k);
    CHECK(std::abs(l - expect[k]) / expect[k] < Tol<Scalar>::adam);
    m.backward(cache);
    adam.step();
  }
  CHECK(expect.back() < expect.front());
}

}  // namespace

TEMPLATE_TEST_CASE("translation models match PyTorch: probabilities, loss, gradients, 10 Adam steps", "[translate][torch]",
                   double, float) {
  // Every translate_*.txt, found by name (three: none, additive, dot).
  const std::string file = GENERATE(from_range(test::reference_files("translate_")));
  check_against_torch<TestType>(file);
}
