// tests/compute: UAV counters through the public D3D11 API on lavapipe:
//  * AppendStructuredBuffer (imm_atomic_alloc) from a compute shader and from a
//    pixel shader, ConsumeStructuredBuffer (imm_atomic_consume), the hidden
//    counter's initial count set by CSSetUnorderedAccessViews and
//    OMSetRenderTargetsAndUnorderedAccessViews (UINT(-1) keeps it), and
//    CopyStructureCount reading it into a buffer, all read back exactly;
//  * what the DDI sees (the initial counts, CopyStructureCount);
//  * CopyStructureCount's rules, each with its message and no driver call.
#include "compute_test_util.h"
#include "draw_test_util.h"

#include <algorithm>
#include <numeric>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// Threads with an even index append it (AppendStructuredBuffer<uint> u0).
const char kCsAppendEven[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_structured u0, 4
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 50, 1, 1
and r0.x, vThreadID.x, l(1)
if_z r0.x
  imm_atomic_alloc r0.y, u0
  store_structured u0.x, r0.y, l(0), vThreadID.x
endif
ret
)";

// Every thread consumes one element of u0 (ConsumeStructuredBuffer<uint>) into u1[thread] (raw).
const char kCsConsume[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_structured u0, 4
dcl_uav_raw u1
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 20, 1, 1
imm_atomic_consume r0.x, u0
ld_structured r0.y, r0.x, l(0), u0.xxxx
ishl r0.z, vThreadID.x, l(3)
store_raw u1.xy, r0.z, r0.yxyy
ret
)";

// PS: appends SV_Position.xy packed as y * 256 + x (AppendStructuredBuffer<uint> u1).
const char kPsAppend[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// no Output
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_structured u1, 4
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_temps 1
ftou r0.xy, v0.xyxx
imad r0.x, r0.y, l(256), r0.x
imm_atomic_alloc r0.y, u1
store_structured u1.x, r0.y, l(0), r0.x
ret
)";

}  // namespace

TEST_CASE("append and consume structured buffers: counters set by initial counts, read by CopyStructureCount",
          "[compute][counters]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11Buffer> list = makeDataBuffer(d, std::vector<uint32_t>(128, 0xCDCDCDCDu), D3D11_BIND_UNORDERED_ACCESS,
                                          D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  Com<ID3D11UnorderedAccessView> append = structuredUav(d, list.get(), 128, D3D11_BUFFER_UAV_FLAG_APPEND);
  Com<ID3D11Buffer> count = makeDataBuffer(d, {0, 0, 0, 0}, 0);
  Com<ID3D11ComputeShader> appendEven = computeShader(d, kCsAppendEven), consume = computeShader(d, kCsConsume);

  // 25 even threads of 50 append at count 0.
  d.context->CSSetShader(appendEven.get(), nullptr, 0);
  ID3D11UnorderedAccessView* views[] = {append.get()};
  const UINT zero = 0;
  d.context->CSSetUnorderedAccessViews(0, 1, views, &zero);
  d.context->Dispatch(1, 1, 1);
  d.context->CopyStructureCount(count.get(), 4, append.get());
  std::vector<uint32_t> counts = readBuffer(d, count.get());
  CHECK(counts[1] == 25);
  std::vector<uint32_t> items = readBuffer(d, list.get());
  std::vector<uint32_t> first(items.begin(), items.begin() + 25);
  std::sort(first.begin(), first.end());
  for (UINT i = 0; i < 25; ++i) CHECK(first[i] == 2 * i);
  CHECK(items[25] == 0xCDCDCDCDu);

  // Rebinding with UINT(-1) keeps the counter (25); a second dispatch appends after it.
  const UINT keep = UINT(-1);
  d.context->CSSetUnorderedAccessViews(0, 1, views, &keep);
  d.context->Dispatch(1, 1, 1);
  d.context->CopyStructureCount(count.get(), 0, append.get());
  counts = readBuffer(d, count.get());
  CHECK(counts[0] == 50);
  // An explicit initial count (100) restarts it there.
  const UINT hundred = 100;
  d.context->CSSetUnorderedAccessViews(0, 1, views, &hundred);
  d.context->Dispatch(1, 1, 1);
  d.context->CopyStructureCount(count.get(), 8, append.get());
  counts = readBuffer(d, count.get());
  CHECK(counts[2] == 125);
  items = readBuffer(d, list.get());
  std::vector<uint32_t> third(items.begin() + 100, items.begin() + 125);
  std::sort(third.begin(), third.end());
  for (UINT i = 0; i < 25; ++i) CHECK(third[i] == 2 * i);

  // Consume: 20 threads take elements 124 down to 105 (each thread gets its element's index and value).
  Com<ID3D11Buffer> taken = makeDataBuffer(d, std::vector<uint32_t>(40, 0), D3D11_BIND_UNORDERED_ACCESS,
                                           D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> takenView = rawUav(d, taken.get(), 40);
  Com<ID3D11UnorderedAccessView> consumeView = structuredUav(d, list.get(), 128, D3D11_BUFFER_UAV_FLAG_APPEND);
  d.context->CSSetShader(consume.get(), nullptr, 0);
  ID3D11UnorderedAccessView* consumeViews[] = {consumeView.get(), takenView.get()};
  const UINT consumeCounts[] = {125, UINT(-1)};
  d.context->CSSetUnorderedAccessViews(0, 2, consumeViews, consumeCounts);
  d.context->Dispatch(1, 1, 1);
  d.context->CopyStructureCount(count.get(), 12, consumeView.get());
  counts = readBuffer(d, count.get());
  CHECK(counts[3] == 105);
  const std::vector<uint32_t> t = readBuffer(d, taken.get());
  std::vector<uint32_t> indices;
  for (UINT i = 0; i < 20; ++i) {
    indices.push_back(t[2 * i + 1]);
    CHECK(t[2 * i] == items[t[2 * i + 1]]);  // the value at the index the thread consumed
  }
  std::sort(indices.begin(), indices.end());
  for (UINT i = 0; i < 20; ++i) CHECK(indices[i] == 105 + i);

  // The DDI saw the initial counts (UINT(-1) as -1) and every CopyStructureCount.
  const std::vector<std::string> sets = c.trace.calls("CsSetUnorderedAccessViews");
  REQUIRE(sets.size() == 4);
  CHECK(sets[0].find("initialCounts=[0]") != std::string::npos);
  CHECK(sets[1].find("initialCounts=[-1]") != std::string::npos);
  CHECK(sets[2].find("initialCounts=[100]") != std::string::npos);
  CHECK(sets[3].find("initialCounts=[125, -1]") != std::string::npos);
  CHECK(c.ddiCalls("CopyStructureCount") == 4);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("a pixel shader appends each covered pixel once, after OMSetRenderTargetsAndUnorderedAccessViews' "
          "initial count",
          "[compute][counters][draw]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kSize = 8;
  DrawTarget t(d, kSize, kSize);
  const std::vector<uint8_t> psCode = assembled(kPsAppend);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  Com<ID3D11Buffer> list = makeDataBuffer(d, std::vector<uint32_t>(80, 0xCDCDCDCDu), D3D11_BIND_UNORDERED_ACCESS,
                                          D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  Com<ID3D11UnorderedAccessView> append = structuredUav(d, list.get(), 80, D3D11_BUFFER_UAV_FLAG_APPEND);
  ID3D11UnorderedAccessView* uavs[] = {append.get()};
  const UINT initial = 7;
  d.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 1, 1, uavs, &initial);
  const Vertex full[] = {{-1, -1, 0, 0, 0, 0}, {-1, 3, 0, 0, 0, 0}, {3, -1, 0, 0, 0, 0}};
  Com<ID3D11Buffer> vb = makeBuffer(d, full, sizeof full, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(3, 0);
  Com<ID3D11Buffer> count = makeDataBuffer(d, {0}, 0);
  d.context->CopyStructureCount(count.get(), 0, append.get());
  CHECK(readBuffer(d, count.get())[0] == 7 + kSize * kSize);
  const std::vector<uint32_t> items = readBuffer(d, list.get());
  for (UINT i = 0; i < 7; ++i) CHECK(items[i] == 0xCDCDCDCDu);
  std::vector<uint32_t> pixels(items.begin() + 7, items.begin() + 7 + kSize * kSize), expected;
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) expected.push_back(y * 256 + x);
  std::sort(pixels.begin(), pixels.end());
  CHECK(pixels == expected);
  bool countSeen = false;
  for (const std::string& line : c.trace.calls("SetRenderTargets"))
    countSeen = countSeen || line.find("UAVInitialCounts=[-1, 7,") != std::string::npos ||
                line.find("UAVInitialCounts=[7,") != std::string::npos;
  CHECK(countSeen);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("CopyStructureCount's rules, each with its message and no driver call", "[compute][counters][errors]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11Buffer> list = makeDataBuffer(d, std::vector<uint32_t>(16, 0), D3D11_BIND_UNORDERED_ACCESS,
                                          D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  Com<ID3D11UnorderedAccessView> plain = structuredUav(d, list.get(), 16),
                                 counted = structuredUav(d, list.get(), 16, D3D11_BUFFER_UAV_FLAG_COUNTER);
  Com<ID3D11Buffer> dst = makeDataBuffer(d, {0, 0}, 0);
  D3D11_BUFFER_DESC immutableDesc{8, D3D11_USAGE_IMMUTABLE, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
  const uint32_t zeros[2] = {0, 0};
  D3D11_SUBRESOURCE_DATA init{zeros, 0, 0};
  Com<ID3D11Buffer> immutable;
  REQUIRE(d->CreateBuffer(&immutableDesc, &init, immutable.out()) == S_OK);
  d.context->CopyStructureCount(dst.get(), 0, plain.get());
  d.context->CopyStructureCount(dst.get(), 2, counted.get());
  d.context->CopyStructureCount(dst.get(), 8, counted.get());
  d.context->CopyStructureCount(immutable.get(), 0, counted.get());
  d.context->CopyStructureCount(nullptr, 0, counted.get());
  const std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 5);
  CHECK(m[0].id == D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_INVALIDSOURCESTATE);
  CHECK(m[1].id == D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_INVALIDOFFSET);
  CHECK(m[2].id == D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_LARGEOFFSET);
  CHECK(m[3].id == D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_INVALIDDESTINATIONSTATE);
  CHECK(m[4].id == D3D11_MESSAGE_ID_COPYSTRUCTURECOUNT_INVALIDDESTINATIONSTATE);
  CHECK(c.ddiCalls("CopyStructureCount") == 0);
  // A COUNTER view starts at 0.
  d.context->CopyStructureCount(dst.get(), 4, counted.get());
  CHECK(readBuffer(d, dst.get())[1] == 0);
  CHECK(c.ddiCalls("CopyStructureCount") == 1);
}
