#include "comments_command.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "command_flags.hpp"
#include "comments/comments_session.hpp"

using namespace alab;
using namespace alab::comments;

std::string comments_usage() {
  return "       alab comments --grammar FILE [--SETTING VALUE ...] [--data biased|remedy]\n"
         "                     [--threads 1|2] [--corpus-out FILE] [--quiet]\n"
         "       settings (content/widgets/comments.json):\n" +
         settings_help<settings::Comments>();
}

namespace {
void write_corpus(const Corpus& c, const std::string& path) {
  std::ofstream out(path);
  for (const auto& [name, set] : {std::pair<const char*, const CommentSet*>{"train", &c.train}, {"val", &c.val}, {"test", &c.test}})
    for (int i = 0; i < set->n(); ++i) {
      out << name << '\t' << set->data.labels[i] << '\t' << set->info[i].group << '\t';
      for (int t = 0; t < c.seq_len; ++t) out << (t ? " " : "") << set->data.sequence(i)[t];
      out << '\n';
    }
}

void print_audit(const char* kind, const Audit& a, const Corpus& c) {
  std::printf("audit %s test %.4f flips %.4f flips_planted %.4f phrase_masked %.4f fpr_gap %.4f fpr",
              kind, a.test_accuracy, a.flips, a.flips_planted, a.phrase_masked_accuracy, a.fpr_gap);
  for (std::size_t g = 0; g < a.groups.size(); ++g) std::printf(" %s=%.3f", c.grammar.groups[g].c_str(), a.groups[g].fpr);
  std::printf(" masked");
  for (std::size_t g = 0; g < a.groups.size(); ++g) std::printf(" %s=%.3f", c.grammar.groups[g].c_str(), a.groups[g].fpr_masked);
  std::printf("\n");
}
}  // namespace

// One line per epoch and model, then "result <kind> val <x> test <x>", each model's
// audit line, and "wall <seconds>".
int run_comments_command(int argc, char** argv) {
  CommentsInput s;
  s.settings = schema_defaults<settings::Comments>();
  std::string grammar_path, corpus_out;
  int threads = 1;
  bool quiet = false;
  CommandFlags f("comments", argc, argv, comments_usage());
  while (f.next()) {
    if (f.setting(s.settings)) continue;
    if (f.is("--grammar")) grammar_path = f.text();
    else if (f.is("--data")) s.data = f.text();
    else if (f.is("--threads")) threads = f.whole();
    else if (f.is("--corpus-out")) corpus_out = f.text();
    else if (f.is("--quiet")) quiet = true;
    else return f.unknown();
  }
  s.grammar_json = f.read_file(grammar_path, "--grammar");
  CommentsSession session;
  if (Status st = session.start(s, threads > 1); !st) { std::fprintf(stderr, "alab comments: %s\n", st.message.c_str()); return 1; }
  if (!corpus_out.empty()) write_corpus(session.corpus(), corpus_out);
  const auto report = [&] {
    for (const CommentEpoch& e : session.poll())
      if (!quiet)
        std::printf("epoch %d %s loss %.6f val %.4f test %.4f planted_fpr %.4f other_fpr %.4f wall %.3f\n", e.epoch,
                    e.kind.c_str(), e.loss, e.val_acc, e.test_acc, e.planted_fpr, e.other_fpr, e.wall);
  };
  while (!session.step(50)) {
    if (threads > 1) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    report();
  }
  report();
  CommentsOutcome out;
  if (Status st = session.finish(out); !st) { std::fprintf(stderr, "alab comments: %s\n", st.message.c_str()); return 1; }
  for (const auto& m : out.models) std::printf("result %s val %.4f test %.4f\n", m.kind.c_str(), m.val_acc, m.test_acc);
  std::printf("train_wall %.3f\n", out.wall);
  AuditPair a;
  if (Status st = session.audit(a); !st) { std::fprintf(stderr, "alab comments: %s\n", st.message.c_str()); return 1; }
  print_audit("attention", a.attention, session.corpus());
  print_audit("bow", a.bow, session.corpus());
  return 0;
}
