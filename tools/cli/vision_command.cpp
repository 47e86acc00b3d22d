#include "vision_command.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <thread>

#include "command_flags.hpp"
#include "vision/vision_session.hpp"

using namespace alab;
using namespace alab::vision;

std::string vision_usage() {
  return "       alab vision [--SETTING VALUE ...] [--threads 1|2] [--data-out FILE] [--quiet]\n"
         "       settings (content/widgets/vision.json):\n" +
         settings_help<VisionSettings>();
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
  CommandFlags f("vision", argc, argv, vision_usage());
  while (f.next()) {
    if (f.setting(s)) continue;
    if (f.is("--threads")) threads = f.whole();
    else if (f.is("--data-out")) data_out = f.text();
    else if (f.is("--quiet")) quiet = true;
    else return f.unknown();
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
