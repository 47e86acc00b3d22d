// The scaling explorer (explore/scaling_stats.hpp) for the web worker:
//   lab.scaling_stats({seed, d_k, T, temperature}) -> ScalingReply | {ok: false, message}
#include "embind_support.hpp"
#include "settings_input.hpp"
#include "explore/scaling_stats.hpp"

using namespace emscripten;
using namespace alab::explore;

EMSCRIPTEN_BINDINGS(scaling) {
  {
    value_object<ScalingRequest> request("ScalingRequest");
    alab::wasm::settings_fields<alab::settings::Scaling>(request);
  }
  value_object<ScalingReply>("ScalingReply")
      .field("d_k", &ScalingReply::d_k)
      .field("T", &ScalingReply::T)
      .field("queries", &ScalingReply::queries)
      .field("raw_mean", &ScalingReply::raw_mean)
      .field("raw_var", &ScalingReply::raw_var)
      .field("scaled_mean", &ScalingReply::scaled_mean)
      .field("scaled_var", &ScalingReply::scaled_var)
      .field("raw_hi", &ScalingReply::raw_hi)
      .field("scaled_hi", &ScalingReply::scaled_hi)
      .ALAB_TYPED_FIELD(ScalingReply, raw_counts)
      .ALAB_TYPED_FIELD(ScalingReply, scaled_counts)
      .ALAB_TYPED_FIELD(ScalingReply, sweep_d)
      .ALAB_TYPED_FIELD(ScalingReply, entropy_unscaled)
      .ALAB_TYPED_FIELD(ScalingReply, entropy_scaled)
      .ALAB_TYPED_FIELD(ScalingReply, top_unscaled)
      .ALAB_TYPED_FIELD(ScalingReply, top_scaled)
      .field("max_entropy", &ScalingReply::max_entropy)
      .ALAB_TYPED_FIELD(ScalingReply, weights_dot)
      .ALAB_TYPED_FIELD(ScalingReply, weights_scaled_dot)
      .ALAB_TYPED_FIELD(ScalingReply, weights_additive)
      .field("entropy_dot", &ScalingReply::entropy_dot)
      .field("entropy_scaled_dot", &ScalingReply::entropy_scaled_dot)
      .field("entropy_additive", &ScalingReply::entropy_additive)
      .field("top_dot", &ScalingReply::top_dot)
      .field("top_scaled_dot", &ScalingReply::top_scaled_dot)
      .field("top_additive", &ScalingReply::top_additive);
  function("scaling_stats", &alab::wasm::reply<ScalingRequest, ScalingReply, &scaling_stats>);
}
