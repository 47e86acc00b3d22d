// Softmax: the module's math-lens numbers and the invariants any softmax must keep.
#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "attention/softmax.hpp"

using alab::softmax;
using alab::softmax_checked;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

TEMPLATE_TEST_CASE("softmax of the math lens scores 1, 3, 4", "[softmax]", float, double) {
  const TestType s[3] = {1, 3, 4};
  TestType a[3];
  softmax(s, a, 3);
  const double z = std::exp(1.0) + std::exp(3.0) + std::exp(4.0);
  // float carries ~7 significant digits; 1e-6 relative is a few ulps.
  CHECK_THAT(a[0], WithinRel(std::exp(1.0) / z, 1e-6));  // 0.0351
  CHECK_THAT(a[1], WithinRel(std::exp(3.0) / z, 1e-6));  // 0.2595
  CHECK_THAT(a[2], WithinRel(std::exp(4.0) / z, 1e-6));  // 0.7054: k3 aligns most with q
}

TEST_CASE("softmax of [0, 2, 2] gives the two equal scores equal, larger weights (quick check 2)",
          "[softmax]") {
  const double s[3] = {0, 2, 2};
  double a[3];
  softmax(s, a, 3);
  CHECK(a[1] == a[2]);
  CHECK(a[1] > a[0]);
  CHECK_THAT(a[0], WithinRel(1.0 / (1.0 + 2.0 * std::exp(2.0)), 1e-12));
}

TEMPLATE_TEST_CASE("softmax invariants", "[softmax]", float, double) {
  const std::vector<TestType> s = {-1.5, 0.25, 3, 3, -7, 0.5, 2};
  const int n = static_cast<int>(s.size());
  std::vector<TestType> a(n), b(n), shifted(n);
  const TestType eps = sizeof(TestType) == 4 ? TestType(1e-6) : TestType(1e-14);

  SECTION("weights are positive and sum to 1") {
    softmax(s.data(), a.data(), n);
    TestType sum = 0;
    for (auto w : a) {
      CHECK(w > 0);
      sum += w;
    }
    CHECK_THAT(double(sum), WithinAbs(1.0, 8 * eps));
  }
  SECTION("adding a constant to every score changes nothing") {
    for (TestType c : {TestType(-100), TestType(42.5), TestType(1000)}) {
      for (int i = 0; i < n; ++i) shifted[i] = s[i] + c;
      softmax(s.data(), a.data(), n);
      softmax(shifted.data(), b.data(), n);
      // the shift rounds the scores by up to ulp(c), hence the looser bound for large c
      for (int i = 0; i < n; ++i) CHECK_THAT(double(b[i]), WithinAbs(a[i], 2e3 * eps));
    }
  }
  SECTION("a lower temperature sharpens, a higher one flattens") {
    softmax(s.data(), a.data(), n, TestType(0.5));
    softmax(s.data(), b.data(), n, TestType(4));
    TestType base[16];
    softmax(s.data(), base, n);
    CHECK(a[2] > base[2]);
    CHECK(b[2] < base[2]);
  }
}

TEMPLATE_TEST_CASE("softmax stays finite at extreme finite scores", "[softmax]", float, double) {
  SECTION("scores of +-1e4, where exp alone overflows") {
    const TestType s[4] = {TestType(1e4), TestType(-1e4), TestType(1e4 - 1), TestType(0)};
    TestType a[4];
    softmax(s, a, 4);
    for (auto w : a) CHECK(std::isfinite(w));
    CHECK_THAT(double(a[0] + a[1] + a[2] + a[3]), WithinAbs(1.0, 1e-6));
    CHECK_THAT(double(a[0]), WithinRel(1.0 / (1.0 + std::exp(-1.0)), 1e-6));
    CHECK(a[1] == 0);
  }
  SECTION("scores at the ends of the type's range") {
    const TestType big = std::numeric_limits<TestType>::max();
    const TestType s[3] = {big, -big, 0};
    TestType a[3];
    softmax(s, a, 3, TestType(1e-3));  // a tiny temperature must not overflow either
    CHECK(a[0] == 1);
    CHECK(a[1] == 0);
    CHECK(a[2] == 0);
  }
}

TEST_CASE("softmax_checked refuses what has no meaningful softmax", "[softmax]") {
  double a[2];
  const double ok[2] = {1, 2};
  CHECK(softmax_checked(ok, a, 2).ok);
  CHECK_FALSE(softmax_checked(ok, a, 0).ok);
  CHECK_FALSE(softmax_checked(ok, a, 2, 0.0).ok);
  CHECK_FALSE(softmax_checked(ok, a, 2, -1.0).ok);
  CHECK_FALSE(softmax_checked(ok, a, 2, std::nan("")).ok);
  const double bad[2] = {1, std::numeric_limits<double>::infinity()};
  const auto st = softmax_checked(bad, a, 2);
  CHECK_FALSE(st.ok);
  CHECK(st.message == "score 2 is not a finite number");
}
