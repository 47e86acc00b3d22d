// Cutting an image into patches, the tokens of a vision transformer (Dosovitskiy et al.
// 2021): a side x side grey image, row-major, becomes a grid x grid array of patches of
// p x p pixels (side = grid * p), taken row by row, each patch's pixels row by row:
//
//   patch k = (r, c) = (k / grid, k % grid),   its pixel (i, j) = image[(r p + i) side + (c p + j)]
//   X[k, i p + j]                             (grid^2 x p^2 per image)
#pragma once

#include "core/types.hpp"

namespace alab::nn {

// B images (B x side^2, one after another) -> X (B * grid^2 x p^2), image b's patches at rows b * grid^2 ...
template <class Scalar>
void patchify(const Scalar* pixels, Eigen::Index B, int side, int p, Mat<Scalar>& X) {
  const int grid = side / p, P = grid * grid;
  X.resize(B * P, static_cast<Eigen::Index>(p) * p);
  for (Eigen::Index b = 0; b < B; ++b) {
    const Scalar* img = pixels + b * side * side;
    for (int k = 0; k < P; ++k) {
      const int r = k / grid, c = k % grid;
      Scalar* row = X.data() + (b * P + k) * p * p;
      for (int i = 0; i < p; ++i)
        for (int j = 0; j < p; ++j) row[i * p + j] = img[(r * p + i) * side + (c * p + j)];
    }
  }
}

}  // namespace alab::nn
