#include "translate/seq2seq.hpp"

#include <cmath>

#include "kernels/gru_cell.hpp"
#include "nn/embedding.hpp"
#include "translate/corpus.hpp"

namespace alab::translate {

namespace {

// Column-wise softmax of an S x B matrix of scores (each column one sentence), a column
// at a time and divided by the sum: the rounding the PyTorch reference and the pinned
// WebAssembly numbers were made with (another order changes the last bits, and a
// trained run's end with them).
template <class Scalar>
Mat<Scalar> softmax_columns(const Mat<Scalar>& e) {
  Mat<Scalar> a(e.rows(), e.cols());
  for (Eigen::Index b = 0; b < e.cols(); ++b) {
    const Scalar m = e.col(b).maxCoeff();
    a.col(b) = (e.col(b).array() - m).exp().matrix();
    a.col(b) /= a.col(b).sum();
  }
  return a;
}

// c = sum_j alpha_j (.) h_j: Henc H x S*B (block j), alpha S x B -> H x B.
template <class Scalar>
Mat<Scalar> context(const Mat<Scalar>& Henc, const Mat<Scalar>& alpha, int S, int B) {
  Mat<Scalar> c = Mat<Scalar>::Zero(Henc.rows(), B);
  for (int j = 0; j < S; ++j) c.array() += Henc.middleCols(j * B, B).array().rowwise() * alpha.row(j).array();
  return c;
}

// Attention's backward, the same for both kinds: from dc (H x B) through
// c = sum_j alpha_j (.) h_j to dalpha (accumulating the keys' gradient into dHenc), then
// through the softmax, de_j = alpha_j (dalpha_j - sum_i alpha_i dalpha_i): de, S x B.
template <class Scalar>
Mat<Scalar> attend_backward(const Mat<Scalar>& Henc, const Mat<Scalar>& alpha, const Mat<Scalar>& dc, int S, int B,
                            Mat<Scalar>& dHenc) {
  Mat<Scalar> dalpha(S, B);
  for (int j = 0; j < S; ++j) {
    dalpha.row(j) = (Henc.middleCols(j * B, B).array() * dc.array()).colwise().sum().matrix();
    dHenc.middleCols(j * B, B).array() += dc.array().rowwise() * alpha.row(j).array();
  }
  const Eigen::Matrix<Scalar, 1, Eigen::Dynamic> mean = (alpha.array() * dalpha.array()).colwise().sum();
  return (alpha.array() * (dalpha.array().rowwise() - mean.array())).matrix();
}

template <class Scalar>
void fill_uniform(Mat<Scalar>& m, rng::Pcg32& rng, double bound) {
  for (Eigen::Index i = 0; i < m.size(); ++i) m.data()[i] = static_cast<Scalar>(rng.uniform(-bound, bound));
}

template <class Scalar>
void make(nn::Param<Scalar>& p, const char* name, Eigen::Index r, Eigen::Index c, rng::Pcg32& rng, double bound) {
  p.name = name;
  p.resize(r, c);
  fill_uniform(p.w, rng, bound);
}

}  // namespace

bool parse_attention_kind(const std::string& name, AttentionKind& out) {
  if (name == "none") out = AttentionKind::none;
  else if (name == "additive") out = AttentionKind::additive;
  else if (name == "dot") out = AttentionKind::dot;
  else return false;
  return true;
}

const char* attention_kind_name(AttentionKind kind) {
  return kind == AttentionKind::none ? "none" : kind == AttentionKind::additive ? "additive" : "dot";
}

template <class Scalar>
int Seq2Seq<Scalar>::decoder_input() const {
  return config.embed + (config.attention == AttentionKind::additive ? config.hidden : 0);
}

template <class Scalar>
int Seq2Seq<Scalar>::output_input() const {
  return config.attention == AttentionKind::additive ? 2 * config.hidden : config.hidden;
}

template <class Scalar>
void Seq2Seq<Scalar>::init(const Seq2SeqConfig& c, rng::Pcg32& rng) {
  config = c;
  const int E = c.embed, H = c.hidden;
  const double k = 1 / std::sqrt(static_cast<double>(H));
  emb_src.name = "emb_src";
  emb_src.resize(c.src_vocab, E);
  for (Eigen::Index i = 0; i < emb_src.w.size(); ++i) emb_src.w.data()[i] = static_cast<Scalar>(rng.normal());
  emb_tgt.name = "emb_tgt";
  emb_tgt.resize(c.tgt_vocab, E);
  for (Eigen::Index i = 0; i < emb_tgt.w.size(); ++i) emb_tgt.w.data()[i] = static_cast<Scalar>(rng.normal());
  make(enc.W_ih, "enc.weight_ih_l0", 3 * H, E, rng, k);
  make(enc.W_hh, "enc.weight_hh_l0", 3 * H, H, rng, k);
  make(enc.b_ih, "enc.bias_ih_l0", 1, 3 * H, rng, k);
  make(enc.b_hh, "enc.bias_hh_l0", 1, 3 * H, rng, k);
  make(dec_W_ih, "dec.weight_ih_l0", 3 * H, decoder_input(), rng, k);
  make(dec_W_hh, "dec.weight_hh_l0", 3 * H, H, rng, k);
  make(dec_b_ih, "dec.bias_ih_l0", 1, 3 * H, rng, k);
  make(dec_b_hh, "dec.bias_hh_l0", 1, 3 * H, rng, k);
  if (c.attention == AttentionKind::additive) {
    make(W_s, "attn.W_s", H, H, rng, k);
    make(W_h, "attn.W_h", H, H, rng, k);
    make(v, "attn.v", 1, H, rng, k);
  }
  if (c.attention == AttentionKind::dot) make(W_c, "attn.W_c", H, 2 * H, rng, 1 / std::sqrt(2.0 * H));
  make(W_o, "out.weight", c.tgt_vocab, output_input(), rng, 1 / std::sqrt(static_cast<double>(output_input())));
  make(b_o, "out.bias", 1, c.tgt_vocab, rng, 1 / std::sqrt(static_cast<double>(output_input())));
}

template <class Scalar>
nn::ParamList<Scalar> Seq2Seq<Scalar>::params() {
  nn::ParamList<Scalar> ps{&emb_src, &emb_tgt, &enc.W_ih, &enc.W_hh, &enc.b_ih, &enc.b_hh,
                           &dec_W_ih, &dec_W_hh, &dec_b_ih, &dec_b_hh};
  if (config.attention == AttentionKind::additive) ps.insert(ps.end(), {&W_s, &W_h, &v});
  if (config.attention == AttentionKind::dot) ps.push_back(&W_c);
  ps.insert(ps.end(), {&W_o, &b_o});
  return ps;
}

template <class Scalar>
void Seq2Seq<Scalar>::encode(const std::vector<int>& src, int B, int S, Seq2SeqCache<Scalar>& c) const {
  c.B = B;
  c.S = S;
  c.src_tm.resize(static_cast<std::size_t>(S) * B);
  for (int t = 0; t < S; ++t)
    for (int b = 0; b < B; ++b) c.src_tm[static_cast<std::size_t>(t) * B + b] = src[static_cast<std::size_t>(b) * S + t];
  nn::embedding_forward<Scalar>(c.src_tm.data(), S * B, emb_src.w, c.Xsrc);
  nn::gru_forward<Scalar>(enc, c.Xsrc, S, B, c.enc);
  const int H = config.hidden;
  c.Henc = c.enc.Hs.view(H, (S + 1) * B).rightCols(S * B);
  if (config.attention == AttentionKind::additive) c.P.noalias() = W_h.w * c.Henc;
}

// Additive (Bahdanau), before the GRU step: U = tanh(W_s s_{t-1} + W_h h_j), e = v U,
// alpha = softmax_j(e), c = sum_j alpha_j h_j; the GRU reads in = [x; c].
template <class Scalar>
void Seq2Seq<Scalar>::additive_forward(const Seq2SeqCache<Scalar>& c, DecoderStep<Scalar>& st) const {
  const int H = config.hidden, B = c.B, S = c.S;
  const Mat<Scalar> q = W_s.w * st.s_prev;  // H x B
  st.U.resize(H, static_cast<Eigen::Index>(S) * B);
  for (int j = 0; j < S; ++j) st.U.middleCols(j * B, B) = (c.P.middleCols(j * B, B) + q).array().tanh().matrix();
  // All S x B scores as one product: e (row-major S x B) is the 1 x S*B row v U.
  Mat<Scalar> e(S, B);
  Eigen::Map<Eigen::Matrix<Scalar, 1, Eigen::Dynamic>>(e.data(), static_cast<Eigen::Index>(S) * B).noalias() = v.w.row(0) * st.U;
  st.alpha = softmax_columns(e);
  st.c = context(c.Henc, st.alpha, S, B);
  st.in.resize(config.embed + H, B);
  st.in << st.x, st.c;
}

// Additive's backward, after the GRU step's: dc (the output layer's share) gains the
// GRU input's share din_c; then through the softmax to de, and e = v U (1 x S*B),
// U = tanh(W_s s_prev + P): dv = de U^T, dpre = (v de) (.) (1 - U^2), H x S*B, one row of
// H at a time (each row S*B numbers long); dP gains dpre, and dq, the sum of dpre's S
// blocks, reaches s_prev through W_s (its weight gradient later, from all steps' dq).
template <class Scalar>
void Seq2Seq<Scalar>::additive_backward(const Seq2SeqCache<Scalar>& c, const DecoderStep<Scalar>& st, const Mat<Scalar>& dc,
                                        Seq2SeqGrads<Scalar>& g, Mat<Scalar>& ds_prev, Mat<Scalar>& dq) {
  const int H = config.hidden, B = c.B, S = c.S;
  const Mat<Scalar> de = attend_backward(c.Henc, st.alpha, dc, S, B, g.dHenc);
  const Eigen::Map<const Eigen::Matrix<Scalar, 1, Eigen::Dynamic>> deflat(de.data(), static_cast<Eigen::Index>(S) * B);
  v.dw.row(0).noalias() += deflat * st.U.transpose();
  Mat<Scalar> dpre(H, static_cast<Eigen::Index>(S) * B);
  for (int h = 0; h < H; ++h)
    dpre.row(h) = (v.w(0, h) * (Scalar(1) - st.U.row(h).array().square()) * deflat.array()).matrix();
  g.dP += dpre;
  dq = dpre.leftCols(B);
  for (int j = 1; j < S; ++j) dq += dpre.middleCols(j * B, B);
  ds_prev.noalias() += W_s.w.transpose() * dq;
}

// Dot (Luong, scaled), after the GRU step: e_j = s . h_j / sqrt(H), alpha = softmax_j(e),
// c = sum_j alpha_j h_j, out = tanh(W_c [s; c]).
template <class Scalar>
void Seq2Seq<Scalar>::dot_forward(const Seq2SeqCache<Scalar>& c, DecoderStep<Scalar>& st) const {
  const int H = config.hidden, B = c.B, S = c.S;
  const Scalar k = Scalar(1) / std::sqrt(static_cast<Scalar>(H));
  Mat<Scalar> e(S, B);
  for (int j = 0; j < S; ++j) e.row(j) = k * (c.Henc.middleCols(j * B, B).array() * st.s.array()).colwise().sum().matrix();
  st.alpha = softmax_columns(e);
  st.c = context(c.Henc, st.alpha, S, B);
  Mat<Scalar> sc(2 * H, B);
  sc << st.s, st.c;
  st.out = (W_c.w * sc).array().tanh().matrix();
}

// Dot's backward, from dout to ds (which it adds to) and the keys' gradient:
// dpre = dout (.) (1 - out^2), dW_c = dpre [s; c]^T, [ds; dc] = W_c^T dpre, then
// through the softmax to de, and e_j = k s . h_j: ds += k h_j de_j, dh_j += k s de_j.
template <class Scalar>
void Seq2Seq<Scalar>::dot_backward(const Seq2SeqCache<Scalar>& c, const DecoderStep<Scalar>& st, const Mat<Scalar>& dout,
                                   Seq2SeqGrads<Scalar>& g, Mat<Scalar>& ds) {
  const int H = config.hidden, B = c.B, S = c.S;
  const Mat<Scalar> dpre = (dout.array() * (Scalar(1) - st.out.array().square())).matrix();
  Mat<Scalar> sc(2 * H, B);
  sc << st.s, st.c;
  W_c.dw.noalias() += dpre * sc.transpose();
  const Mat<Scalar> dsc = W_c.w.transpose() * dpre;
  ds += dsc.topRows(H);
  Mat<Scalar> dc = Mat<Scalar>::Zero(H, B);
  dc += dsc.bottomRows(H);
  const Scalar k = Scalar(1) / std::sqrt(static_cast<Scalar>(H));
  const Mat<Scalar> de = attend_backward(c.Henc, st.alpha, dc, S, B, g.dHenc);
  for (int j = 0; j < S; ++j) {
    ds.array() += k * (c.Henc.middleCols(j * B, B).array().rowwise() * de.row(j).array());
    g.dHenc.middleCols(j * B, B).array() += k * (st.s.array().rowwise() * de.row(j).array());
  }
}

// The GRU step (nn.GRU's equations, gates r, z, n): the products here, the elementwise
// rest in the encoder's fused kernel.
template <class Scalar>
void Seq2Seq<Scalar>::gru_forward(DecoderStep<Scalar>& st, int B) const {
  const int H = config.hidden;
  const Mat<Scalar> gi = (dec_W_ih.w * st.in).colwise() + dec_b_ih.w.row(0).transpose();  // 3H x B
  const Mat<Scalar> gh = dec_W_hh.w * st.s_prev;                                          // 3H x B
  st.gates.resize(3 * H, B);
  st.hn.resize(H, B);
  st.s.resize(H, B);
  kernels::GruStepForward<Scalar> k;
  k.H = H;
  k.B = B;
  k.gi = gi.data();
  k.gh = gh.data();
  k.b_hh = dec_b_hh.w.data();
  k.h_prev = st.s_prev.data();
  k.gates = st.gates.data();
  k.hn = st.hn.data();
  k.h = st.s.data();
  k.ld_gi = k.ld_gh = k.ld_h = k.ld_gates = k.ld_hn = B;
  kernels::gru_step_forward(k);
}

// The GRU step's backward from ds (the fused kernel): its gate gradients straight into
// column block t of g.dGI and g.dGH, ds_prev = ds z + W_hh^T dgh; returns din = W_ih^T dgi
// (constructed from the product: Eigen's assignment into an existing matrix rounds the
// last bits differently, and the trained numbers are pinned to this order).
template <class Scalar>
Mat<Scalar> Seq2Seq<Scalar>::gru_backward(const DecoderStep<Scalar>& st, Mat<Scalar>& ds, int t, int B, int L,
                                          Seq2SeqGrads<Scalar>& g, Mat<Scalar>& ds_prev) {
  const int H = config.hidden;
  ds_prev.resize(H, B);
  kernels::GruStepBackward<Scalar> k;
  k.H = H;
  k.B = B;
  k.gates = st.gates.data();
  k.hn = st.hn.data();
  k.h_prev = st.s_prev.data();
  k.dh = ds.data();
  k.dh_prev = ds_prev.data();
  k.ld_gates = k.ld_hn = k.ld_h = k.ld_dh = k.ld_dh_prev = B;
  k.dgi = g.dGI.data() + static_cast<Eigen::Index>(t) * B;
  k.dgh = g.dGH.data() + static_cast<Eigen::Index>(t) * B;
  k.ld_dgi = k.ld_dgh = static_cast<Eigen::Index>(L) * B;
  kernels::gru_step_backward(k);  // ds_prev = ds z (the elementwise part)
  const auto block = static_cast<Eigen::Index>(t) * B;
  g.IN.middleCols(block, B) = st.in;
  g.SPREV.middleCols(block, B) = st.s_prev;
  Mat<Scalar> din = dec_W_ih.w.transpose() * g.dGI.middleCols(block, B);
  ds_prev.noalias() += dec_W_hh.w.transpose() * g.dGH.middleCols(block, B);
  return din;
}

template <class Scalar>
void Seq2Seq<Scalar>::step(const Seq2SeqCache<Scalar>& c, DecoderStep<Scalar>& st) const {
  switch (config.attention) {
    case AttentionKind::none:
      st.in = st.x;
      gru_forward(st, c.B);
      st.out = st.s;
      break;
    case AttentionKind::additive:
      additive_forward(c, st);
      gru_forward(st, c.B);
      st.out.resize(2 * config.hidden, c.B);
      st.out << st.s, st.c;
      break;
    case AttentionKind::dot:
      st.in = st.x;
      gru_forward(st, c.B);
      dot_forward(c, st);
      break;
  }
}

template <class Scalar>
Scalar Seq2Seq<Scalar>::forward(const std::vector<int>& src, const std::vector<int>& tgt_in, const std::vector<int>& tgt_out,
                                int B, int S, int L, Seq2SeqCache<Scalar>& c) const {
  encode(src, B, S, c);
  c.L = L;
  c.tgt_in = tgt_in;
  c.tgt_out = tgt_out;
  c.steps.resize(L);
  c.tokens = 0;
  c.correct = 0;
  Scalar loss = 0;
  std::vector<int> in(B);
  c.OUT.resize(output_input(), static_cast<Eigen::Index>(L) * B);
  for (int t = 0; t < L; ++t) {
    DecoderStep<Scalar>& st = c.steps[t];
    st.s_prev = t == 0 ? Mat<Scalar>(c.Henc.rightCols(B)) : c.steps[t - 1].s;  // s_0 = h_S
    for (int b = 0; b < B; ++b) in[b] = tgt_in[static_cast<std::size_t>(t) * B + b];
    Mat<Scalar> xt;
    nn::embedding_forward<Scalar>(in.data(), B, emb_tgt.w, xt);  // B x E
    st.x = xt.transpose();
    step(c, st);
    c.OUT.middleCols(static_cast<Eigen::Index>(t) * B, B) = st.out;
  }
  const Mat<Scalar> logits = (W_o.w * c.OUT).colwise() + b_o.w.row(0).transpose();  // V x L*B
  c.probs = softmax_columns(logits);
  for (int k = 0; k < L * B; ++k) {
    const int y = tgt_out[k];  // step t = k / B, sentence b = k % B
    if (y == kPad) continue;
    loss -= std::log(c.probs(y, k));
    ++c.tokens;
    Eigen::Index best;
    logits.col(k).maxCoeff(&best);
    if (best == y) ++c.correct;
  }
  return c.tokens ? loss / c.tokens : Scalar(0);
}

template <class Scalar>
void Seq2Seq<Scalar>::greedy(const std::vector<int>& src, int B, int S, int max_steps, std::vector<std::vector<int>>& out,
                             std::vector<AlignmentMap<Scalar>>* alpha, Trace* trace,
                             const std::vector<const std::vector<int>*>* gold) const {
  Seq2SeqCache<Scalar> c;
  encode(src, B, S, c);
  std::vector<Mat<Scalar>> queries;  // trace: the state that scored the source for each word
  DecoderStep<Scalar> st;
  st.s_prev = c.Henc.rightCols(B);
  std::vector<int> in(B, kBos);
  std::vector<bool> done(B, false);
  out.assign(B, {});
  std::vector<Mat<Scalar>> step_alpha;  // each step's S x B weights; sentence b's word t came from step t
  int left = B;
  for (int t = 0; t < max_steps && left > 0; ++t) {
    Mat<Scalar> xt;
    nn::embedding_forward<Scalar>(in.data(), B, emb_tgt.w, xt);
    st.x = xt.transpose();
    const Mat<Scalar> prev = st.s_prev;
    step(c, st);
    const Mat<Scalar> logits = (W_o.w * st.out).colwise() + b_o.w.row(0).transpose();
    // The query of this step: additive attention scores with s_{t-1}, dot with s_t.
    if (trace) queries.push_back(config.attention == AttentionKind::additive ? prev : st.s);
    for (int b = 0; b < B; ++b) {
      if (done[b]) continue;
      Eigen::Index best;
      logits.col(b).maxCoeff(&best);
      in[b] = static_cast<int>(best);
      if (best == kEos) { done[b] = true; --left; continue; }
      out[b].push_back(static_cast<int>(best));
      if (gold) {  // decided wrong: a word off the reference, or longer than it
        const std::vector<int>& g = *(*gold)[b];
        if (out[b].size() > g.size() || g[out[b].size() - 1] != best) { done[b] = true; --left; }
      }
    }
    if (alpha && st.alpha.size()) step_alpha.push_back(st.alpha);
    st.s_prev = st.s;
  }
  if (alpha) {
    alpha->clear();
    for (int b = 0; b < B && !step_alpha.empty(); ++b) {
      const std::size_t words = out[b].size();
      AlignmentMap<Scalar> map(std::array<std::size_t, 2>{words, static_cast<std::size_t>(S)});
      for (std::size_t t = 0; t < words; ++t)
        for (int j = 0; j < S; ++j) map(t, j) = step_alpha[t](j, b);
      alpha->push_back(std::move(map));
    }
  }
  if (trace) {
    trace->enc = c.Henc;  // H x S (B = 1)
    const int n = B == 1 ? static_cast<int>(out[0].size()) : 0;
    trace->dec.resize(config.hidden, n);
    for (int t = 0; t < n; ++t) trace->dec.col(t) = queries[t].col(0);
  }
}

template <class Scalar>
void Seq2Seq<Scalar>::backward(Seq2SeqCache<Scalar>& c, int tokens) {
  const int H = config.hidden, E = config.embed, B = c.B, S = c.S, L = c.L;
  const bool additive = config.attention == AttentionKind::additive;
  if (tokens <= 0) tokens = c.tokens;
  const Scalar inv = tokens ? Scalar(1) / tokens : Scalar(0);
  const auto SB = static_cast<Eigen::Index>(S) * B, LB = static_cast<Eigen::Index>(L) * B;
  Seq2SeqGrads<Scalar> g;
  g.dHenc = Mat<Scalar>::Zero(H, SB);
  if (additive) g.dP = Mat<Scalar>::Zero(H, SB);

  // The output layer for all steps at once: dlogits = (p - onehot(y)) / tokens, 0 for padding.
  Mat<Scalar> dlogits = c.probs * inv;  // V x L*B
  for (int k = 0; k < L * B; ++k) {
    const int y = c.tgt_out[k];
    if (y == kPad) dlogits.col(k).setZero();
    else dlogits(y, k) -= inv;
  }
  W_o.dw.noalias() += dlogits * c.OUT.transpose();
  b_o.dw.row(0) += dlogits.rowwise().sum().transpose();
  const Mat<Scalar> dOUT = W_o.w.transpose() * dlogits;  // Dout x L*B
  // The GRU's weight gradients, too, for all steps at once after the loop: each step's
  // gate gradients and inputs go into column block t.
  g.dGI.resize(3 * H, LB);
  g.dGH.resize(3 * H, LB);
  g.IN.resize(decoder_input(), LB);
  g.SPREV.resize(H, LB);
  if (additive) g.DQ.resize(H, LB);

  Mat<Scalar> ds_next = Mat<Scalar>::Zero(H, B), dq;
  std::vector<int> in(B);
  for (int t = L - 1; t >= 0; --t) {
    Mat<Scalar> ds_prev;
    const DecoderStep<Scalar>& st = c.steps[t];
    const Mat<Scalar> dout = dOUT.middleCols(static_cast<Eigen::Index>(t) * B, B);
    Mat<Scalar> ds = ds_next;
    Mat<Scalar> dc = Mat<Scalar>::Zero(H, B);
    switch (config.attention) {  // out_t's gradient to s_t (and c_t)
      case AttentionKind::none: ds += dout; break;
      case AttentionKind::additive: ds += dout.topRows(H); dc += dout.bottomRows(H); break;
      case AttentionKind::dot: dot_backward(c, st, dout, g, ds); break;
    }
    const Mat<Scalar> din = gru_backward(st, ds, t, B, L, g, ds_prev);
    // The embedded input token.
    for (int b = 0; b < B; ++b) in[b] = c.tgt_in[static_cast<std::size_t>(t) * B + b];
    const Mat<Scalar> dx = din.topRows(E).transpose();  // B x E
    nn::embedding_backward<Scalar>(in.data(), B, dx, emb_tgt.dw);
    if (additive) {
      dc += din.bottomRows(H);  // c_t was also the GRU's input
      additive_backward(c, st, dc, g, ds_prev, dq);
      g.DQ.middleCols(static_cast<Eigen::Index>(t) * B, B) = dq;
    }
    ds_next = ds_prev;
  }
  dec_W_ih.dw.noalias() += g.dGI * g.IN.transpose();
  dec_b_ih.dw.row(0) += g.dGI.rowwise().sum().transpose();
  dec_W_hh.dw.noalias() += g.dGH * g.SPREV.transpose();
  dec_b_hh.dw.row(0) += g.dGH.rowwise().sum().transpose();
  if (additive) W_s.dw.noalias() += g.DQ * g.SPREV.transpose();
  // s_0 = h_S; W_h h_j for the additive scores; then the encoder, with every state's gradient.
  g.dHenc.rightCols(B) += ds_next;
  if (additive) {
    W_h.dw.noalias() += g.dP * c.Henc.transpose();
    g.dHenc.noalias() += W_h.w.transpose() * g.dP;
  }
  Mat<Scalar> dX;
  const Mat<Scalar> zero = Mat<Scalar>::Zero(H, B);
  nn::gru_backward<Scalar>(enc, c.Xsrc, zero, c.enc, &dX, &g.dHenc);
  nn::embedding_backward<Scalar>(c.src_tm.data(), SB, dX, emb_src.dw);
}

template class Seq2Seq<float>;
template class Seq2Seq<double>;

}  // namespace alab::translate
