#include "translate_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "command_flags.hpp"
#include "translate/translate_cost.hpp"
#include "translate/translate_session.hpp"

using namespace alab;
using namespace alab::translate;

std::string translate_usage() {
  return "       alab translate --grammar FILE [--SETTING VALUE ...] [--kinds none,additive,dot]\n"
         "                      [--batch B] [--clip C] [--decay-from F] [--lr-floor R]\n"
         "                      [--threads 1|2] [--corpus-out FILE] [--quiet]\n"
         "       settings (content/widgets/translate.json; --batch and the three after it change its fixed values):\n" +
         settings_help<settings::Translate>();
}

namespace {
std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string item; std::getline(ss, item, sep);) if (!item.empty()) out.push_back(item);
  return out;
}

void write_corpus(const Corpus& c, const std::string& path) {
  std::ofstream out(path);
  const auto join = [](const std::vector<std::string>& w) {
    std::string s;
    for (const auto& x : w) s += (s.empty() ? "" : " ") + x;
    return s;
  };
  for (const auto& [name, split] : {std::pair<const char*, const std::vector<SentencePair>*>{"train", &c.train}, {"val", &c.val}, {"test", &c.test}})
    for (const SentencePair& p : *split) out << name << '\t' << join(p.src) << '\t' << join(p.tgt) << '\n';
}
}  // namespace

// Prints one line per epoch and model, then the test results as
//   result <kind> exact <x> token <x> aer <x> buckets <b1> ... <b5>
//   wall <seconds>
// after a first line "estimate <seconds>" (what the page would announce).
int run_translate_command(int argc, char** argv) {
  TranslateInput s;
  s.settings = schema_defaults<settings::Translate>();
  std::string grammar_path, corpus_out;
  int threads = 1;
  bool quiet = false;
  CommandFlags f("translate", argc, argv, translate_usage());
  while (f.next()) {
    if (f.setting(s.settings)) continue;
    if (f.is("--grammar")) grammar_path = f.text();
    else if (f.is("--clip")) s.fixed.clip = f.number();
    else if (f.is("--decay-from")) s.fixed.decay_from = f.number();
    else if (f.is("--lr-floor")) s.fixed.lr_floor = f.number();
    else if (f.is("--batch")) s.fixed.batch = f.whole();
    else if (f.is("--kinds")) s.kinds = split(f.text(), ',');
    else if (f.is("--threads")) threads = f.whole();
    else if (f.is("--corpus-out")) corpus_out = f.text();
    else if (f.is("--quiet")) quiet = true;
    else return f.unknown();
  }
  s.grammar_json = f.read_file(grammar_path, "--grammar");
  if (s.kinds.empty()) s.kinds = kinds_of(s.settings);
  // The page's estimate (translate/translate_cost.hpp): this computer's speed from the
  // probe, times the run's work (the models side by side on threads, in turns without).
  double probe_s = 0, probe_work = 0, corpus_s = 0;
  std::vector<double> work;
  if (Status st = translate_probe(s.grammar_json, probe_s, probe_work, corpus_s); !st) { std::fprintf(stderr, "alab translate: %s\n", st.message.c_str()); return 1; }
  if (Status st = translate_work(s, work); !st) { std::fprintf(stderr, "alab translate: %s\n", st.message.c_str()); return 1; }
  double most = 0, sum = 0;
  for (double w : work) { most = std::max(most, w); sum += w; }
  const double corpus = corpus_s * (s.fixed.n_train + s.fixed.n_val + s.fixed.n_test);
  std::printf("estimate %.3f\n", corpus + probe_s / probe_work * (threads > 1 ? std::max(most, sum / threads) : sum));
  TranslateSession session;
  if (Status st = session.start(s, threads > 1); !st) { std::fprintf(stderr, "alab translate: %s\n", st.message.c_str()); return 1; }
  if (!corpus_out.empty()) write_corpus(session.corpus(), corpus_out);
  const auto report = [&] {
    for (const TranslateEpoch& e : session.poll())
      if (!quiet) std::printf("epoch %d %s loss %.9g val_token %.9g val_exact %.9g wall %.2f\n", e.epoch, e.kind.c_str(), e.loss, e.val_token_acc, e.val_exact, e.wall);
  };
  while (!session.step(50)) {
    if (threads > 1) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    report();
  }
  report();
  TranslateOutcome out;
  if (Status st = session.finish(out); !st) { std::fprintf(stderr, "alab translate: %s\n", st.message.c_str()); return 1; }
  for (const auto& m : out.models) {
    std::printf("result %s exact %.9g token %.9g aer %.9g buckets", m.kind.c_str(), m.test.exact_acc, m.test.token_acc, m.test.aer);
    for (double x : m.test.exact_by_bucket) std::printf(" %.4f", x);
    std::printf("\n");
  }
  std::printf("wall %.3f\n", out.wall);
  return 0;
}
