#include "vision/shape_task.hpp"

#include <algorithm>

#include "rng/pcg32.hpp"

namespace alab::vision {
namespace {

enum Stream : std::uint64_t { kTrainStream = 11, kValStream = 12, kTestStream = 13 };

void draw_glyph(float* image, int side, int p, int k, const std::vector<float>& glyph) {
  const int grid = side / p, r = k / grid, c = k % grid;
  for (int i = 0; i < p; ++i)
    for (int j = 0; j < p; ++j) {
      float& px = image[(r * p + i) * side + (c * p + j)];
      px = std::max(px, glyph[i * p + j]);
    }
}

// Image i of a set: positives (i even, before the shuffle) have both plus signs in one row.
ImageSet make_set(const ShapeTaskSettings& s, int n, rng::Pcg32& rng) {
  const int side = s.side, p = s.patch, grid = side / p, P = grid * grid;
  const std::vector<float> plus = plus_glyph(p), ring = ring_glyph(p);
  ImageSet set;
  set.side = side;
  set.pixels.resize(static_cast<std::size_t>(n) * side * side);
  set.labels.resize(n);
  set.marks.resize(n);
  for (int i = 0; i < n; ++i) {
    const int label = i % 2 == 0 ? 1 : 0;
    Marks m;
    m.plus[0] = static_cast<int>(rng.below(static_cast<std::uint32_t>(P)));
    const int row0 = m.plus[0] / grid;
    if (label) {  // the same row, another column
      int c = static_cast<int>(rng.below(static_cast<std::uint32_t>(grid - 1)));
      if (c >= m.plus[0] % grid) ++c;
      m.plus[1] = row0 * grid + c;
    } else {  // another row, any column
      int r = static_cast<int>(rng.below(static_cast<std::uint32_t>(grid - 1)));
      if (r >= row0) ++r;
      m.plus[1] = r * grid + static_cast<int>(rng.below(static_cast<std::uint32_t>(grid)));
    }
    do m.ring = static_cast<int>(rng.below(static_cast<std::uint32_t>(P)));
    while (m.ring == m.plus[0] || m.ring == m.plus[1]);
    float* img = set.pixels.data() + static_cast<std::size_t>(i) * side * side;
    for (int t = 0; t < side * side; ++t) img[t] = static_cast<float>(s.noise * rng.normal());
    draw_glyph(img, side, p, m.plus[0], plus);
    draw_glyph(img, side, p, m.plus[1], plus);
    draw_glyph(img, side, p, m.ring, ring);
    set.labels[i] = label;
    set.marks[i] = m;
  }
  // Shuffled, so that labels do not alternate (Fisher-Yates, from the last down).
  for (int i = n - 1; i > 0; --i) {
    const int j = static_cast<int>(rng.below(static_cast<std::uint32_t>(i + 1)));
    if (i == j) continue;
    std::swap_ranges(set.pixels.begin() + static_cast<std::ptrdiff_t>(i) * side * side,
                     set.pixels.begin() + static_cast<std::ptrdiff_t>(i + 1) * side * side,
                     set.pixels.begin() + static_cast<std::ptrdiff_t>(j) * side * side);
    std::swap(set.labels[i], set.labels[j]);
    std::swap(set.marks[i], set.marks[j]);
  }
  return set;
}

}  // namespace

std::vector<float> plus_glyph(int p) {
  std::vector<float> g(static_cast<std::size_t>(p) * p, 0.0f);
  const int mid = (p - 1) / 2;
  for (int t = 0; t < p - 1; ++t) {
    g[mid * p + t] = 1.0f;  // the bar across
    g[t * p + mid] = 1.0f;  // the bar down
  }
  return g;
}

std::vector<float> ring_glyph(int p) {
  std::vector<float> g(static_cast<std::size_t>(p) * p, 0.0f);
  for (int i = 0; i < p; ++i)
    for (int j = 0; j < p; ++j) g[i * p + j] = (i == 0 || j == 0 || i == p - 1 || j == p - 1) ? 1.0f : 0.0f;
  return g;
}

Status make_shape_task(const ShapeTaskSettings& s, ShapeTask& out) {
  if (s.patch < 2 || s.side % s.patch != 0 || s.side / s.patch < 3)
    return Status::error("the patch side must divide the image side into at least 3 x 3 patches");
  if (s.n_train < 2 || s.n_val < 2 || s.n_test < 2) return Status::error("every set needs at least two images");
  rng::Pcg32 train(s.seed, kTrainStream), val(s.seed, kValStream), test(s.seed, kTestStream);
  out.train = make_set(s, s.n_train, train);
  out.val = make_set(s, s.n_val, val);
  out.test = make_set(s, s.n_test, test);
  return Status::success();
}

void permute_patches(const float* image, int side, int p, const std::vector<int>& order, float* out) {
  const int grid = side / p;
  for (int k = 0; k < static_cast<int>(order.size()); ++k) {
    const int r = k / grid, c = k % grid, rs = order[k] / grid, cs = order[k] % grid;
    for (int i = 0; i < p; ++i)
      for (int j = 0; j < p; ++j) out[(r * p + i) * side + (c * p + j)] = image[(rs * p + i) * side + (cs * p + j)];
  }
}

}  // namespace alab::vision
