// tests/resources: ClearUnorderedAccessViewUint / Float on buffer UAVs write
// exactly the view's elements (FirstElement, NumElements) and nothing around
// them, with D3D11's conversions: raw and structured views take Values[0] in
// every dword; typed views each element packed in the view's format (Uint: the
// low bits of each value per channel; Float: converted, UNORM rounded to
// nearest, halves exact); a Float clear of a raw view is refused by the runtime.
#include "resource_test_util.h"

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

constexpr uint32_t kSentinel = 0xDEADBEEFu;

Com<ID3D11UnorderedAccessView> bufferUav(RenderDevice& d, ID3D11Buffer* b, DXGI_FORMAT format, UINT first, UINT count,
                                         UINT flags = 0) {
  D3D11_UNORDERED_ACCESS_VIEW_DESC u{};
  u.Format = format;
  u.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  u.Buffer = {first, count, flags};
  Com<ID3D11UnorderedAccessView> v;
  REQUIRE(d->CreateUnorderedAccessView(b, &u, v.out()) == S_OK);
  return v;
}

// Checks dwords [first, first + count) hold `inside(i)` and every other dword the sentinel.
template <typename Inside>
void checkWindow(const std::vector<uint32_t>& got, size_t first, size_t count, Inside inside) {
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("dword " << i);
    if (i >= first && i < first + count) CHECK(got[i] == inside(i - first));
    else CHECK(got[i] == kSentinel);
  }
}

}  // namespace

TEST_CASE("ClearUnorderedAccessView on raw, structured and typed buffer views writes exactly their elements",
          "[resources][uavclear]") {
  Checked c;
  RenderDevice& d = c.d;
  const std::vector<uint32_t> sentinel(16, kSentinel);
  const UINT values[4] = {0x12345678u, 0x9ABCDEF0u, 0x0F0F0F0Fu, 0x80000001u};

  Com<ID3D11Buffer> raw = makeDataBuffer(d, sentinel, D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  d.context->ClearUnorderedAccessViewUint(bufferUav(d, raw.get(), DXGI_FORMAT_R32_TYPELESS, 4, 6, D3D11_BUFFER_UAV_FLAG_RAW).get(), values);
  checkWindow(readBuffer(d, raw.get()), 4, 6, [&](size_t) { return values[0]; });

  Com<ID3D11Buffer> structured = makeDataBuffer(d, sentinel, D3D11_BIND_UNORDERED_ACCESS,
                                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
  d.context->ClearUnorderedAccessViewUint(bufferUav(d, structured.get(), DXGI_FORMAT_UNKNOWN, 2, 3).get(), values);
  checkWindow(readBuffer(d, structured.get()), 4, 6, [&](size_t) { return values[0]; });

  // R32G32B32A32_UINT elements 1..2: 16-byte elements, each the four values.
  Com<ID3D11Buffer> wide = makeDataBuffer(d, sentinel, D3D11_BIND_UNORDERED_ACCESS);
  d.context->ClearUnorderedAccessViewUint(bufferUav(d, wide.get(), DXGI_FORMAT_R32G32B32A32_UINT, 1, 2).get(), values);
  checkWindow(readBuffer(d, wide.get()), 4, 8, [&](size_t i) { return values[i % 4]; });

  // R8G8B8A8_UINT elements 4..9 from Uint values: the low 8 bits of each channel's value.
  Com<ID3D11Buffer> bytes = makeDataBuffer(d, sentinel, D3D11_BIND_UNORDERED_ACCESS);
  d.context->ClearUnorderedAccessViewUint(bufferUav(d, bytes.get(), DXGI_FORMAT_R8G8B8A8_UINT, 4, 6).get(), values);
  checkWindow(readBuffer(d, bytes.get()), 4, 6, [](size_t) { return 0x010FF078u; });  // A 0x01, B 0x0F, G 0xF0, R 0x78

  // Float clears: R8G8B8A8_UNORM (0.5 → 128, 1 → 255, 0, 0.25 → 64), R16G16_FLOAT (1.5, -2), R32_FLOAT.
  const float colour[4] = {0.5f, 1.0f, 0.0f, 0.25f};
  Com<ID3D11Buffer> unorm = makeDataBuffer(d, sentinel, D3D11_BIND_UNORDERED_ACCESS);
  d.context->ClearUnorderedAccessViewFloat(bufferUav(d, unorm.get(), DXGI_FORMAT_R8G8B8A8_UNORM, 8, 3).get(), colour);
  checkWindow(readBuffer(d, unorm.get()), 8, 3, [](size_t) { return 0x4000FF80u; });
  const float halves[4] = {1.5f, -2.0f, 0, 0};
  Com<ID3D11Buffer> half = makeDataBuffer(d, sentinel, D3D11_BIND_UNORDERED_ACCESS);
  d.context->ClearUnorderedAccessViewFloat(bufferUav(d, half.get(), DXGI_FORMAT_R16G16_FLOAT, 4, 5).get(), halves);
  checkWindow(readBuffer(d, half.get()), 4, 5, [](size_t) { return 0xC0003E00u; });
  Com<ID3D11Buffer> single = makeDataBuffer(d, sentinel, D3D11_BIND_UNORDERED_ACCESS);
  d.context->ClearUnorderedAccessViewFloat(bufferUav(d, single.get(), DXGI_FORMAT_R32_FLOAT, 12, 1).get(), halves);
  checkWindow(readBuffer(d, single.get()), 12, 1, [](size_t) { return 0x3FC00000u; });
  CHECK(drainMessages(c.queue.get()).empty());

  // A Float clear of a raw view: refused before the driver, with a message; the buffer keeps its values.
  Com<ID3D11UnorderedAccessView> rawView =
      bufferUav(d, raw.get(), DXGI_FORMAT_R32_TYPELESS, 0, 16, D3D11_BUFFER_UAV_FLAG_RAW);
  const size_t before = c.ddiCalls("ClearUnorderedAccessViewFloat");
  d.context->ClearUnorderedAccessViewFloat(rawView.get(), colour);
  CHECK(c.ddiCalls("ClearUnorderedAccessViewFloat") == before);
  CHECK(drainMessages(c.queue.get()).size() == 1);
  checkWindow(readBuffer(d, raw.get()), 4, 6, [&](size_t) { return values[0]; });
}
