// alab: the lab's command-line runner.
//
//   alab attend [--query 1,0.9] [--score dot|scaled_dot|additive] [--temperature 1]
//               [--token NAME=x,y ...]
//       Single-query attention over tokens whose keys and values are their
//       embeddings (K = V = X). Defaults: the module's worked example 1.
//       Additive scoring uses W_q = W_k = I and w = 1, as the page does by default.
//   alab race [--KEY VALUE ...] [--threads 1|2] [--json] [--quiet]
//       The module's worked example 2: GRU vs tiny self-attention on "is the last
//       token equal to the first?". One flag per setting of content/widgets/race.json
//       (--T 30 --epochs 35 --lr 0.005 --seed 3151 --batch 64 --hidden 20 --dmodel 16
//       --pooling last|mean --positions on|off; `alab race --help` lists them with
//       their ranges). Prints per-epoch progress and the test table; --json prints
//       everything (curves, confusion matrices, timings) as JSON on stdout, with
//       progress on stderr. --threads 2 trains the two models at once.
//   alab translate --grammar content/translation/grammar.json [--seed N] [--hidden H] [--epochs E]
//                  [--lr X] [--max-len L] [--kinds none,additive,dot] [--threads 1|2] [--corpus-out FILE]
//       The translation page's experiment: the models side by side, one line per epoch,
//       then each model's test results and the wall time; --corpus-out writes the corpus
//       (split, source, target; tab-separated) for tests/bench/translate_torch.py.
//   alab comments --grammar content/comments/grammar.json [--seed N] [--bias B] [--data biased|remedy] ...
//       The comments page's experiment: both models, one line per epoch, their results and
//       behavioural audits (alab comments --help lists the flags).
//   alab vision [--seed N] [--epochs E] [--positions on|off] [--pooling cls|mean] ...
//       The image page's experiment: the tiny vision transformer and the bag of patches,
//       one line per epoch, their results and the shuffle count (alab vision --help).
//   alab schema
//       Every widget's settings schema compiled into this build, as JSON.
//   alab info
//       What this build is (SIMD instruction sets in use, Eigen version).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "attention/attend.hpp"
#include "core/build_info.hpp"
#include "comments_command.hpp"
#include "race_command.hpp"
#include "translate_command.hpp"
#include "vision_command.hpp"

using namespace alab;

namespace {

int usage(const char* why);

bool parse_numbers(const std::string& text, std::vector<double>& out) {
  out.clear();
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    char* end = nullptr;
    const double v = std::strtod(item.c_str(), &end);
    if (end == item.c_str() || *end != '\0' || !std::isfinite(v)) return false;
    out.push_back(v);
  }
  return !out.empty();
}

int run_attend(int argc, char** argv) {
  std::vector<std::string> names = {"the", "animal", "did", "not", "move"};
  std::vector<std::vector<double>> rows = {{0.2, 0.1}, {1.0, 0.8}, {0.3, 0.2}, {-0.2, 1.3}, {1.1, 0.7}};
  std::vector<double> query = {1.0, 0.9};
  ScoreKind kind = ScoreKind::dot;
  double tau = 1.0;
  bool custom_tokens = false;

  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (i + 1 >= argc) return usage(("missing value after " + arg).c_str());
    const std::string val = argv[++i];
    if (arg == "--query") {
      if (!parse_numbers(val, query)) return usage("--query wants finite numbers like 1,0.9");
    } else if (arg == "--score") {
      if (!parse_score_kind(val, kind)) return usage("--score is dot, scaled_dot or additive");
    } else if (arg == "--temperature") {
      char* end = nullptr;
      tau = std::strtod(val.c_str(), &end);
      if (*end != '\0') return usage("--temperature wants a number");
    } else if (arg == "--token") {
      if (!custom_tokens) names.clear(), rows.clear(), custom_tokens = true;
      const auto eq = val.find('=');
      std::vector<double> v;
      if (eq == std::string::npos || !parse_numbers(val.substr(eq + 1), v))
        return usage("--token wants NAME=x,y");
      names.push_back(val.substr(0, eq));
      rows.push_back(v);
    } else {
      return usage(("unknown option " + arg).c_str());
    }
  }

  const Eigen::Index T = static_cast<Eigen::Index>(rows.size());
  const Eigen::Index d = T ? static_cast<Eigen::Index>(rows[0].size()) : 0;
  Mat<double> X(T, d);
  for (Eigen::Index i = 0; i < T; ++i) {
    if (static_cast<Eigen::Index>(rows[i].size()) != d)
      return usage("every token needs the same number of values");
    for (Eigen::Index j = 0; j < d; ++j) X(i, j) = rows[i][j];
  }
  const Vec<double> q = Eigen::Map<const Vec<double>>(query.data(), query.size());
  AdditiveParams<double> add{Mat<double>::Identity(d, d), Mat<double>::Identity(d, d),
                             Vec<double>::Ones(d)};

  AttendResult<double> r;
  if (Status st = attend<double>(kind, q, X, X, tau, &add, r); !st) {
    std::fprintf(stderr, "alab: %s\n", st.message.c_str());
    return 1;
  }
  std::vector<int> order(T);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return r.weights[a] > r.weights[b]; });
  std::printf("%-12s %10s %10s\n", "token", "score", "weight");
  for (int i : order)
    std::printf("%-12s %10.3f %10.3f\n", names[i].c_str(), r.scores[i], r.weights[i]);
  std::printf("context: [");
  for (Eigen::Index j = 0; j < r.context.size(); ++j)
    std::printf("%s%.4f", j ? ", " : "", r.context[j]);
  std::printf("]\n");
  return 0;
}

std::string attend_usage() {
  return "       alab attend [--query x,y] [--score dot|scaled_dot|additive] [--temperature t] [--token NAME=x,y ...]\n";
}

int run_info(int, char**) {
  const auto info = core_build_info();
  std::printf("Eigen %s, SIMD: %s (%s)\n", info.eigen_version.c_str(), info.simd ? "on" : "off",
              info.eigen_simd.c_str());
  return 0;
}

// Every command, in the order the usage lists them: adding a command is one entry here.
// usage: its lines of the usage text, each indented to follow "usage: "; run: its exit
// status, given the whole command line (argv[1] is the command's name).
struct Command {
  const char* name;
  std::string (*usage)();
  int (*run)(int argc, char** argv);
};
const Command COMMANDS[] = {
    {"attend", attend_usage, run_attend},
    {"race", race_usage, run_race_command},
    {"translate", translate_usage, run_translate_command},
    {"comments", comments_usage, run_comments_command},
    {"vision", vision_usage, run_vision_command},
    {"schema", [] { return std::string("       alab schema\n"); }, [](int, char**) { return run_schema_command(); }},
    {"info", [] { return std::string("       alab info\n"); }, run_info},
};

// "alab: WHY", then every command's usage, the first line led by "usage: ".
int usage(const char* why) {
  std::string text;
  for (const Command& c : COMMANDS) text += c.usage();
  text.replace(0, 7, "usage: ");
  std::fprintf(stderr, "alab: %s\n%s", why, text.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage("which command?");
  const std::string cmd = argv[1];
  for (const Command& c : COMMANDS)
    if (cmd == c.name) return c.run(argc, argv);
  return usage(("unknown command " + cmd).c_str());
}
