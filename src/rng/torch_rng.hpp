// PyTorch's CPU random numbers, bit for bit (PyTorch 1.13): what the module's
// torch.manual_seed(seed) makes nn.Embedding, nn.GRU and nn.Linear draw, and what
// DataLoader(shuffle=True) draws for each epoch's order.
//
//   at::mt19937 (ATen/core/MT19937RNGEngine.h)            -> Mt19937
//   at::CPUGeneratorImpl random(), random64()             -> TorchGenerator
//   Tensor.uniform_, normal_ (float32), random_() (int64) -> TorchGenerator
//   torch.randperm(n, generator=g)                        -> TorchGenerator::randperm
//
// Integer draws are exact everywhere. Float draws use float arithmetic in
// PyTorch's order (compiled with -ffp-contract=off; the fused multiply-adds GCC
// makes in PyTorch's AVX2 kernels are explicit std::fma), and normal_ for 16 or
// more values uses PyTorch's AVX2 log/sin/cos (rng/torch_avx_mathfun.hpp), so they
// are bit-identical to PyTorch on an AVX2 machine and between our builds.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace alab::rng {

// The 32-bit Mersenne Twister, seeded as PyTorch seeds it: init_with_uint32(seed & 0xffffffff).
class Mt19937 {
 public:
  explicit Mt19937(std::uint64_t seed = 5489);
  std::uint32_t operator()();

 private:
  static constexpr int kN = 624;
  void twist();
  std::uint32_t state_[kN];
  int left_ = 0;  // outputs left before the next twist
  int next_ = 0;
};

class TorchGenerator {
 public:
  // torch.manual_seed(seed), or torch.Generator().manual_seed(seed).
  explicit TorchGenerator(std::uint64_t seed);

  std::uint32_t random() { return engine_(); }  // CPUGeneratorImpl::random: one output
  std::uint64_t random64();                      // two outputs, the first in the high half

  // torch.empty((), dtype=torch.int64).random_(): random64() % 2^63.
  std::int64_t random_int64();

  // tensor.uniform_(from, to) on a contiguous float32 tensor of n values.
  void uniform_(float* data, std::size_t n, double from, double to);
  // tensor.normal_(mean, std) on a contiguous float32 tensor of n values.
  void normal_(float* data, std::size_t n, double mean = 0.0, double std = 1.0);
  // torch.randperm(n, generator=this) for 1 <= n < 2^32 / 20.
  std::vector<std::int64_t> randperm(std::int64_t n);

 private:
  double normal_double();  // at::normal_distribution<double>, with the generator's cached sample

  Mt19937 engine_;
  bool has_next_normal_ = false;  // CPUGeneratorImpl::next_double_normal_sample_
  double next_normal_ = 0;
};

}  // namespace alab::rng
