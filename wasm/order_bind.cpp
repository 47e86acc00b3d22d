// The order-blindness experiment (explore/order_probe.hpp) for the web worker:
//   lab.order_probe({first: [token], second: [token], seed, d, positions}) -> OrderReply | {ok: false, message}
#include "embind_support.hpp"
#include "settings_input.hpp"
#include "explore/order_probe.hpp"

using namespace emscripten;
using namespace alab::explore;

EMSCRIPTEN_BINDINGS(order) {
  {
    value_object<OrderRequest> request("OrderRequest");
    alab::wasm::settings_fields<alab::settings::Order>(request)
        .ALAB_STRINGS_FIELD(OrderRequest, first)
        .ALAB_STRINGS_FIELD(OrderRequest, second);
  }
  value_object<OrderReply>("OrderReply")
      .field("T1", &OrderReply::T1)
      .field("T2", &OrderReply::T2)
      .field("d", &OrderReply::d)
      .ALAB_TYPED_FIELD(OrderReply, Z_first)
      .ALAB_TYPED_FIELD(OrderReply, Z_second)
      .ALAB_TYPED_FIELD(OrderReply, A_first)
      .ALAB_TYPED_FIELD(OrderReply, A_second)
      .ALAB_TYPED_FIELD(OrderReply, pooled_first)
      .ALAB_TYPED_FIELD(OrderReply, pooled_second)
      .field("reordering", &OrderReply::reordering)
      .ALAB_TYPED_FIELD(OrderReply, perm)
      .field("max_difference", &OrderReply::max_difference)
      .field("pooled_difference", &OrderReply::pooled_difference);
  function("order_probe", &alab::wasm::reply<OrderRequest, OrderReply, &order_probe>);
}
