// Sinusoidal positional encoding (attention/positions.hpp) against values worked by
// hand: PE[p, 2i] = sin(p / 10000^(2i/d)), PE[p, 2i+1] = cos(p / 10000^(2i/d)).
#include <catch2/catch.hpp>
#include <cmath>

#include "attention/positions.hpp"

using namespace alab;
using Catch::Matchers::WithinAbs;

TEST_CASE("sinusoidal positions: hand-computed values for d = 4 and an odd d", "[positions]") {
  const MatD pe = sinusoidal_positions<double>(3, 4);
  REQUIRE(pe.rows() == 3);
  REQUIRE(pe.cols() == 4);
  // Position 0: sin 0 = 0 and cos 0 = 1 in every pair.
  CHECK(pe(0, 0) == 0.0);
  CHECK(pe(0, 1) == 1.0);
  CHECK(pe(0, 2) == 0.0);
  CHECK(pe(0, 3) == 1.0);
  // Position 1: pair 0 has wavelength 2*pi (angle 1), pair 1 angle 1 / 10000^(2/4) = 1/100.
  CHECK_THAT(pe(1, 0), WithinAbs(0.8414709848078965, 1e-15));   // sin 1
  CHECK_THAT(pe(1, 1), WithinAbs(0.5403023058681398, 1e-15));   // cos 1
  CHECK_THAT(pe(1, 2), WithinAbs(0.009999833334166665, 1e-15)); // sin 0.01
  CHECK_THAT(pe(1, 3), WithinAbs(0.9999500004166653, 1e-15));   // cos 0.01
  // Position 2: angles 2 and 0.02.
  CHECK_THAT(pe(2, 0), WithinAbs(0.9092974268256817, 1e-15));   // sin 2
  CHECK_THAT(pe(2, 3), WithinAbs(0.9998000066665778, 1e-15));   // cos 0.02

  // d = 3: pairs (0, 1) at angle p, and column 2 a sine at p / 10000^(2/3).
  const MatD odd = sinusoidal_positions<double>(2, 3);
  CHECK_THAT(odd(1, 2), WithinAbs(std::sin(1.0 / std::pow(10000.0, 2.0 / 3.0)), 1e-15));
  CHECK_THAT(odd(1, 2), WithinAbs(0.0021544330, 1e-9));
}

TEST_CASE("sinusoidal positions: each pair lies on the unit circle and rows are distinct", "[positions]") {
  const MatD pe = sinusoidal_positions<double>(50, 16);
  for (Eigen::Index p = 0; p < 50; ++p)
    for (Eigen::Index c = 0; c < 16; c += 2)
      CHECK_THAT(pe(p, c) * pe(p, c) + pe(p, c + 1) * pe(p, c + 1), WithinAbs(1.0, 1e-12));
  for (Eigen::Index a = 0; a < 50; ++a)
    for (Eigen::Index b = a + 1; b < 50; ++b) CHECK((pe.row(a) - pe.row(b)).norm() > 1e-3);
}
