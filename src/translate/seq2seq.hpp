// A GRU encoder-decoder for the translation page, with three ways for the decoder to
// see the source (the module's section 1 and section 5):
//
//   none      the fixed summary: the decoder starts from the encoder's last state and
//             sees nothing else (Sutskever et al. 2014; Cho et al. 2014)
//   additive  Bahdanau et al. (2014): before step t, the previous decoder state
//             s_{t-1} scores every encoder state h_j,
//               e_tj = v . tanh(W_s s_{t-1} + W_h h_j),  alpha_t = softmax_j(e_t),
//             (the lesson's w . tanh(W_q q + W_k k) with q = s_{t-1}, k = h_j, learned
//             W_q = W_s, W_k = W_h, w = v; attention/score.hpp)
//               c_t = sum_j alpha_tj h_j,
//             the GRU reads [y_{t-1} embedded; c_t], and the output layer [s_t; c_t]
//   dot       Luong et al. (2015), scaled: after step t, the new state s_t scores
//               e_tj = s_t . h_j / sqrt(H),  alpha_t, c_t as above,
//               h~_t = tanh(W_c [s_t; c_t]), and the output layer reads h~_t
//
// Queries come from the decoder, keys and values are the encoder's states: cross-
// attention. Every variant: s_0 = h_S (the encoder's last state), logits_t =
// W_o out_t + b_o over the target vocabulary, softmax cross-entropy averaged over the
// target tokens that are not padding (nn.CrossEntropyLoss(ignore_index = 0)).
//
// Shapes (B sentences of one source length S, so the encoder needs no mask; target
// steps L, padded with kPad): src B x S ids, tgt_in and tgt_out L x B ids (tgt_in:
// <bos> y_1 .. y_{L-1}, tgt_out: y_1 .. y_L, <eos> and padding after). Inside,
// states are FEATURE-MAJOR as in nn/gru.hpp: H x B blocks, column b = sentence b.
// GRU weights as nn.GRU's (gates r, z, n); the encoder is nn/gru.hpp's layer.
#pragma once

#include <string>
#include <vector>

#include "core/status.hpp"
#include "core/tensor.hpp"
#include "nn/gru.hpp"
#include "nn/param.hpp"
#include "rng/pcg32.hpp"

namespace alab::translate {

// One sentence's attention, the map the page draws and the alignment is read from:
// target words x source words, row t the weights (summing to 1) that produced word t.
template <class Scalar>
using AlignmentMap = xt::xtensor<Scalar, 2>;

enum class AttentionKind { none, additive, dot };
bool parse_attention_kind(const std::string& name, AttentionKind& out);
const char* attention_kind_name(AttentionKind kind);

struct Seq2SeqConfig {
  int src_vocab = 0, tgt_vocab = 0;
  int embed = 16;   // E
  int hidden = 32;  // H (also the additive scorer's width)
  AttentionKind attention = AttentionKind::additive;
};

// One step's numbers, kept for the backward pass.
template <class Scalar>
struct DecoderStep {
  Mat<Scalar> x;            // E x B    the previous target token, embedded
  Mat<Scalar> in;           // Din x B  what the GRU reads: x, or [x; c] (additive)
  Mat<Scalar> s_prev, s;    // H x B
  Mat<Scalar> gates;        // 3H x B  the GRU's gates r, z, n (kernels/gru_cell.hpp)
  Mat<Scalar> hn;           // H x B   W_hn s_prev + b_hn
  Mat<Scalar> alpha;        // S x B    attention weights (additive, dot)
  Mat<Scalar> c;            // H x B    context
  Mat<Scalar> U;            // H x S*B  additive: tanh(W_s s_{t-1} + W_h h_j), column j*B + b
  Mat<Scalar> out;          // Dout x B what the output layer reads
};

template <class Scalar>
struct Seq2SeqCache {
  int B = 0, S = 0, L = 0;
  std::vector<int> src_tm;        // S*B ids, time-major (row t*B + b)
  std::vector<int> tgt_in, tgt_out;  // L*B ids each, as given to forward
  Mat<Scalar> Xsrc;               // S*B x E
  nn::GruCache<Scalar> enc;
  Mat<Scalar> Henc;               // H x S*B encoder states h_1..h_S (column j*B + b)
  Mat<Scalar> P;                  // H x S*B additive: W_h h_j
  std::vector<DecoderStep<Scalar>> steps;
  // Under teacher forcing no step's logits feed a later step, so the output layer runs
  // once for all L steps: one large product instead of L small ones (column t*B + b).
  Mat<Scalar> OUT;                // Dout x L*B  every step's out
  Mat<Scalar> probs;              // V x L*B     softmax of the logits
  int tokens = 0;                 // target tokens that count (not padding)
  int correct = 0;                // of them, predicted right under teacher forcing
};

// The backward pass's running sums over the decoder's steps.
template <class Scalar>
struct Seq2SeqGrads {
  Mat<Scalar> dHenc;              // H x S*B   the encoder states' gradient
  Mat<Scalar> dP;                 // H x S*B   additive: of P = W_h Henc
  Mat<Scalar> dGI, dGH;           // 3H x L*B  the decoder GRU's gate gradients, step t in block t
  Mat<Scalar> IN, SPREV;          // Din x L*B, H x L*B  its inputs and previous states
  Mat<Scalar> DQ;                 // H x L*B   additive: each step's dq (W_s's gradient)
};

template <class Scalar>
class Seq2Seq {
 public:
  Seq2SeqConfig config;
  nn::Param<Scalar> emb_src, emb_tgt;           // Vs x E, Vt x E
  nn::Gru<Scalar> enc;                          // E -> H
  nn::Param<Scalar> dec_W_ih, dec_W_hh, dec_b_ih, dec_b_hh;  // 3H x Din, 3H x H, 1 x 3H, 1 x 3H
  nn::Param<Scalar> W_s, W_h, v;                // additive: H x H, H x H, 1 x H
  nn::Param<Scalar> W_c;                        // dot: H x 2H
  nn::Param<Scalar> W_o, b_o;                   // Vt x Dout, 1 x Vt

  // Weights U(-1/sqrt(H), 1/sqrt(H)) as PyTorch's defaults, embeddings N(0, 1), from PCG32.
  void init(const Seq2SeqConfig& c, rng::Pcg32& rng);
  nn::ParamList<Scalar> params();
  int decoder_input() const;   // Din
  int output_input() const;    // Dout

  // Teacher-forced loss of a batch; the cache keeps what backward needs.
  Scalar forward(const std::vector<int>& src, const std::vector<int>& tgt_in, const std::vector<int>& tgt_out,
                 int B, int S, int L, Seq2SeqCache<Scalar>& cache) const;
  // Accumulates every parameter's gradient (dw) of the loss forward returned, or, with
  // tokens > 0, of the summed token losses divided by `tokens` (a minibatch computed in
  // parts: each part's backward with the whole's count, and the parts' gradients summed).
  void backward(Seq2SeqCache<Scalar>& cache, int tokens = 0);

  // Greedy decoding of one batch: out[b] the tokens up to (not including) <eos>, at
  // most max_steps; alpha[b] its alignment map, out[b].size() x S (no map for none).
  // trace (batch 1 only): the encoder's states h_1..h_S (H x S) and the decoder's state
  // that produced each output word (H x words), the vectors cross-attention compares.
  struct Trace {
    Mat<Scalar> enc, dec;
  };
  // gold (evaluation): each sentence's reference translation; a sentence stops as soon as
  // it is decided, right (its <eos> after the reference) or wrong (a word off it, or too
  // long), so out[b] == gold[b] exactly when greedy decoding gets the sentence right, and
  // a poor model is not decoded to max_steps for nothing.
  void greedy(const std::vector<int>& src, int B, int S, int max_steps, std::vector<std::vector<int>>& out,
              std::vector<AlignmentMap<Scalar>>* alpha = nullptr, Trace* trace = nullptr,
              const std::vector<const std::vector<int>*>* gold = nullptr) const;

 private:
  void encode(const std::vector<int>& src, int B, int S, Seq2SeqCache<Scalar>& c) const;
  // One decoder step from st.s_prev and st.x: fills the rest of st, up to st.out, with
  // the forward pair of its kind. Each forward below has its backward beside it (in
  // seq2seq.cpp, in that order), so a gradient is read next to what it differentiates.
  void step(const Seq2SeqCache<Scalar>& c, DecoderStep<Scalar>& st) const;
  void additive_forward(const Seq2SeqCache<Scalar>& c, DecoderStep<Scalar>& st) const;
  void additive_backward(const Seq2SeqCache<Scalar>& c, const DecoderStep<Scalar>& st, const Mat<Scalar>& dc,
                         Seq2SeqGrads<Scalar>& g, Mat<Scalar>& ds_prev, Mat<Scalar>& dq);
  void dot_forward(const Seq2SeqCache<Scalar>& c, DecoderStep<Scalar>& st) const;
  void dot_backward(const Seq2SeqCache<Scalar>& c, const DecoderStep<Scalar>& st, const Mat<Scalar>& dout,
                    Seq2SeqGrads<Scalar>& g, Mat<Scalar>& ds);
  void gru_forward(DecoderStep<Scalar>& st, int B) const;
  Mat<Scalar> gru_backward(const DecoderStep<Scalar>& st, Mat<Scalar>& ds, int t, int B, int L, Seq2SeqGrads<Scalar>& g,
                           Mat<Scalar>& ds_prev);
};

}  // namespace alab::translate
