#include "reading/attention_reading.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "attention/softmax.hpp"
#include "rng/pcg32.hpp"

namespace alab::reading {

namespace {

// e_t for every position: T x D.
MatD embed(const ReadModel& m, const std::vector<int>& x) {
  const auto T = static_cast<Eigen::Index>(x.size());
  MatD E(T, m.emb.cols());
  for (Eigen::Index t = 0; t < T; ++t) {
    E.row(t) = m.emb.row(x[t]);
    if (m.pos.size()) E.row(t) += m.pos.row(t);
  }
  return E;
}

// The output for row alpha over values V (T x dv).
void output(const ReadModel& m, const MatD& V, const std::vector<double>& alpha, Reading& r) {
  Eigen::VectorXd z = Eigen::VectorXd::Zero(V.cols());
  for (Eigen::Index j = 0; j < V.rows(); ++j) z += alpha[j] * V.row(j).transpose();
  const double l0 = m.fc_w.row(0).dot(z) + m.fc_b[0], l1 = m.fc_w.row(1).dot(z) + m.fc_b[1];
  r.alpha = alpha;
  r.p1 = 1 / (1 + std::exp(l0 - l1));
  r.pred = l1 > l0 ? 1 : 0;  // nn::predict_row's rule: class 1 only when strictly larger
}

bool valid_tokens(const ReadModel& m, const std::vector<int>& x) {
  if (x.empty()) return false;
  if (m.pos.size() && static_cast<Eigen::Index>(x.size()) > m.pos.rows()) return false;
  return std::all_of(x.begin(), x.end(), [&](int id) { return id >= 0 && id < m.emb.rows(); });
}

double entropy_bits(const std::vector<double>& p) {
  double h = 0;
  for (double x : p) if (x > 0) h -= x * std::log2(x);
  return h;
}

}  // namespace

Status read_model(const nn::AttentionClassifier<float>& m, ReadModel& out) {
  if (m.config().pooling != nn::Pooling::last)
    return Status::error("these experiments read the last position's attention row: train the race with pooling \"last\"");
  out.emb = m.emb.w.cast<double>();
  out.pos = m.pos.w.cast<double>();
  out.Wq = m.head.Wq.w.cast<double>();
  out.Wk = m.head.Wk.w.cast<double>();
  out.Wv = m.head.Wv.w.cast<double>();
  out.fc_w = m.fc_w.w.cast<double>();
  out.fc_b[0] = m.fc_b.w(0, 0);
  out.fc_b[1] = m.fc_b.w(0, 1);
  return Status::success();
}

Status read_sequence(const ReadModel& m, const std::vector<int>& x, const std::vector<int>& masked, Reading& out) {
  if (!valid_tokens(m, x)) return Status::error("the sequence has a token the model does not know, or is too long");
  const auto T = static_cast<Eigen::Index>(x.size());
  std::vector<bool> off(T, false);
  for (int j : masked) {
    if (j < 0 || j >= T) return Status::error("there is no position " + std::to_string(j + 1) + " to mask");
    off[j] = true;
  }
  if (std::all_of(off.begin(), off.end(), [](bool b) { return b; })) return Status::error("at least one position must stay unmasked");
  const MatD E = embed(m, x);
  const MatD K = E * m.Wk.transpose(), V = E * m.Wv.transpose();
  const Eigen::VectorXd q = m.Wq * E.row(T - 1).transpose();
  const double scale = 1 / std::sqrt(static_cast<double>(m.Wq.rows()));
  // A masked position's score is -inf: the lab's softmax gives it weight exp(-inf) = 0
  // (at least one position is unmasked, so the maximum is finite).
  std::vector<double> s(T), alpha(T);
  for (Eigen::Index j = 0; j < T; ++j) s[j] = off[j] ? -std::numeric_limits<double>::infinity() : scale * K.row(j).dot(q);
  softmax(s.data(), alpha.data(), T);
  output(m, V, alpha, out);
  return Status::success();
}

Reading read_with_row(const ReadModel& m, const std::vector<int>& x, const std::vector<double>& alpha) {
  const MatD V = embed(m, x) * m.Wv.transpose();
  Reading r;
  output(m, V, alpha, r);
  return r;
}

double jensen_shannon_bits(const std::vector<double>& p, const std::vector<double>& q) {
  std::vector<double> mid(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) mid[i] = (p[i] + q[i]) / 2;
  return std::max(0.0, entropy_bits(mid) - (entropy_bits(p) + entropy_bits(q)) / 2);
}

Status adversarial_row(const ReadModel& m, const std::vector<int>& x, double tol, Adversary& out) {
  if (!(tol >= 0 && tol <= 1)) return Status::error("the tolerance is a change of probability: from 0 to 1");
  Reading learned;
  if (Status st = read_sequence(m, x, {}, learned); !st) return st;
  const auto T = static_cast<int>(x.size());
  const MatD V = embed(m, x) * m.Wv.transpose();
  const Eigen::VectorXd w = (m.fc_w.row(1) - m.fc_w.row(0)).transpose();
  const double b = m.fc_b[1] - m.fc_b[0];
  std::vector<double> d(T);  // the logit difference of the one-hot row e_j
  for (int j = 0; j < T; ++j) d[j] = V.row(j).dot(w) + b;
  // The slab of logit differences that keep the class, its probability within tol.
  const double inf = std::numeric_limits<double>::infinity();
  const auto logit = [&](double p) { return p <= 0 ? -inf : p >= 1 ? inf : std::log(p / (1 - p)); };
  double lo, hi;
  if (learned.pred == 1) {
    lo = std::max(logit(learned.p1 - tol), std::nextafter(0.0, 1.0));  // strictly above 0
    hi = logit(learned.p1 + tol);
  } else {
    lo = logit(learned.p1 - tol);
    hi = std::min(logit(learned.p1 + tol), 0.0);
  }
  const auto inside = [&](double v) { return v >= lo && v <= hi; };
  Adversary best;
  best.alpha = learned.alpha;
  best.jsd = 0;
  const auto consider = [&](std::vector<double> a) {
    const double j = jensen_shannon_bits(learned.alpha, a);
    if (j > best.jsd) { best.jsd = j; best.alpha = std::move(a); }
  };
  for (int i = 0; i < T; ++i) {
    if (inside(d[i])) {
      std::vector<double> a(T, 0);
      a[i] = 1;
      consider(std::move(a));
    }
    for (int j = i + 1; j < T; ++j)
      for (double edge : {lo, hi}) {
        if (!std::isfinite(edge) || !((d[i] - edge) * (d[j] - edge) < 0)) continue;
        const double t = (edge - d[j]) / (d[i] - d[j]);  // t e_i + (1 - t) e_j is on the boundary
        std::vector<double> a(T, 0);
        a[i] = t;
        a[j] = 1 - t;
        consider(std::move(a));
      }
  }
  best.reading = read_with_row(m, x, best.alpha);
  best.learned = learned;
  // Rounding at the boundary: pull the row back towards the learned one until it holds.
  for (int k = 0; k < 60 && (best.reading.pred != learned.pred || std::abs(best.reading.prob() - learned.prob()) > tol); ++k) {
    for (int j = 0; j < T; ++j) best.alpha[j] = 0.999 * best.alpha[j] + 0.001 * learned.alpha[j];
    best.reading = read_with_row(m, x, best.alpha);
    best.jsd = jensen_shannon_bits(learned.alpha, best.alpha);
  }
  out = std::move(best);
  return Status::success();
}

Status ablate_set(const ReadModel& m, const xt::xtensor<int, 2>& tokens, const std::vector<int>& labels,
                  std::uint64_t seed, AblationSummary& out) {
  const int T = static_cast<int>(tokens.shape()[1]);
  if (T < 2 || tokens.shape()[0] != labels.size()) return Status::error("the set's shape does not match");
  rng::Pcg32 rng(seed, 0xAB);
  AblationSummary s;
  s.n = static_cast<int>(labels.size());
  std::vector<int> x(T);
  for (int i = 0; i < s.n; ++i) {
    std::copy_n(&tokens(i, 0), T, x.begin());
    Reading r, top, rnd, first;
    if (Status st = read_sequence(m, x, {}, r); !st) return st;
    const int argmax = static_cast<int>(std::max_element(r.alpha.begin(), r.alpha.end()) - r.alpha.begin());
    read_sequence(m, x, {argmax}, top);
    read_sequence(m, x, {static_cast<int>(rng.below(static_cast<std::uint32_t>(T)))}, rnd);
    read_sequence(m, x, {0}, first);
    s.as_trained += r.pred == labels[i];
    s.top_masked += top.pred == labels[i];
    s.random_masked += rnd.pred == labels[i];
    s.first_masked += first.pred == labels[i];
  }
  if (s.n) {
    s.as_trained /= s.n;
    s.top_masked /= s.n;
    s.random_masked /= s.n;
    s.first_masked /= s.n;
  }
  out = s;
  return Status::success();
}

}  // namespace alab::reading
