#include "vision_command.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "vision/vision_session.hpp"

using namespace alab;
using namespace alab::vision;

std::string vision_usage() {
  return "       alab vision [--seed N] [--epochs E] [--lr X] [--dmodel D] [--images N] [--noise X]\n"
         "                   [--positions on|off] [--pooling cls|mean] [--threads 1|2] [--data-out FILE] [--quiet]\n";
}

namespace {
// One image a line: "split<TAB>label<TAB>pixels" (side^2 numbers, row-major, space-separated).
void write_images(const ShapeTask& t, const std::string& path) {
  std::ofstream out(path);
  out.precision(9);
  for (const auto& [name, set] : {std::pair<const char*, const ImageSet*>{"train", &t.train}, {"val", &t.val}, {"test", &t.test}})
    for (int i = 0; i < set->n(); ++i) {
      out << name << '\t' << set->labels[i] << '\t';
      for (int k = 0; k < set->side * set->side; ++k) out << (k ? " " : "") << set->image(i)[k];
      out << '\n';
    }
}
}  // namespace

// One line per epoch and model, then "result <kind> val <x> test <x>", "train_wall <s>"
// and the shuffle count over the test set.
int run_vision_command(int argc, char** argv) {
  VisionSettings s = vision_defaults();  // content/widgets/vision.json's
  std::string data_out;
  int threads = 1;
  bool quiet = false;
  for (int i = 2; i < argc; ++i) {
    const std::string flag = argv[i];
    const auto value = [&]() -> std::string {
      if (i + 1 >= argc) { std::fprintf(stderr, "alab vision: %s needs a value\n", flag.c_str()); std::exit(2); }
      return argv[++i];
    };
    if (flag == "--seed") s.seed = std::atoi(value().c_str());
    else if (flag == "--epochs") s.epochs = std::atoi(value().c_str());
    else if (flag == "--lr") s.lr = std::atof(value().c_str());
    else if (flag == "--dmodel") s.dmodel = std::atoi(value().c_str());
    else if (flag == "--images") s.images = std::atoi(value().c_str());
    else if (flag == "--noise") s.noise = std::atof(value().c_str());
    else if (flag == "--positions") s.positions = value();
    else if (flag == "--pooling") s.pooling = value();
    else if (flag == "--threads") threads = std::atoi(value().c_str());
    else if (flag == "--data-out") data_out = value();
    else if (flag == "--quiet") quiet = true;
    else { std::fprintf(stderr, "alab vision: unknown flag %s\n%s", flag.c_str(), vision_usage().c_str()); return 2; }
  }
  VisionSession session;
  if (Status st = session.start(s, threads > 1); !st) { std::fprintf(stderr, "alab vision: %s\n", st.message.c_str()); return 1; }
  if (!data_out.empty()) write_images(session.task(), data_out);
  const auto report = [&] {
    for (const VisionEpoch& e : session.poll())
      if (!quiet)
        std::printf("epoch %d %s loss %.6f val %.4f test %.4f wall %.3f\n", e.epoch, e.kind.c_str(), e.loss, e.val_acc,
                    e.test_acc, e.wall);
  };
  while (!session.step(50)) {
    if (threads > 1) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    report();
  }
  report();
  VisionOutcome out;
  if (Status st = session.finish(out); !st) { std::fprintf(stderr, "alab vision: %s\n", st.message.c_str()); return 1; }
  for (const auto& m : out.models) std::printf("result %s val %.4f test %.4f\n", m.kind.c_str(), m.val_acc, m.test_acc);
  std::printf("train_wall %.3f\n", out.wall);
  ShuffleCount c;
  if (Status st = session.shuffle_count(c); !st) { std::fprintf(stderr, "alab vision: %s\n", st.message.c_str()); return 1; }
  std::printf("shuffle n %d changed %d bag_changed %d acc %.4f acc_shuffled %.4f bag_acc %.4f bag_acc_shuffled %.4f\n", c.n,
              c.changed, c.bag_changed, c.acc, c.acc_shuffled, c.bag_acc, c.bag_acc_shuffled);
  return 0;
}
