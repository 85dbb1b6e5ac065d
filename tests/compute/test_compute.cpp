// tests/compute: compute shaders through the public D3D11 API on lavapipe:
//  * raw and structured shader resources and UAVs, group-shared memory with
//    a thread-group barrier, and every compute system value, exact per thread;
//  * every atomic and imm_atomic form on raw, structured, typed-buffer and
//    RWTexture2D UAVs and on group-shared memory, checked for their exact D3D results;
//  * DispatchIndirect from arguments a dispatch wrote, ordered behind it;
//  * dispatches and draws ordered in API order (a dispatch's output read by a
//    draw's pixel shader through a ByteAddressBuffer, whose UAV writes the next dispatch reads);
//  * the runtime's rules for compute shaders, dispatches, indirect arguments
//    and CS UAV slots, each with its debug-layer message and no DDI call.
#include "compute_test_util.h"
#include "draw_test_util.h"

#include <algorithm>
#include <numeric>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// i = vThreadID.y * 16 + vThreadID.x over a 16x8 grid (Dispatch(2, 1, 1) of 8x8 groups):
// u0[i] = the sum of t0[j].xy of the thread j mirrored in its group (63 - flat index),
// passed through group-shared memory behind sync_g_t; u1[i] = (group x, flat index, thread-in-group x, y).
const char kCsMirror[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_structured t0, 8
dcl_uav_raw u0
dcl_uav_structured u1, 16
dcl_input vThreadGroupID.x
dcl_input vThreadIDInGroupFlattened
dcl_input vThreadIDInGroup.xy
dcl_input vThreadID.xy
dcl_temps 3
dcl_tgsm_raw g0, 256
dcl_thread_group 8, 8, 1
imad r0.x, vThreadID.y, l(16), vThreadID.x
ld_structured_indexable(structured_buffer, stride=8)(mixed,mixed,mixed,mixed) r1.xy, r0.x, l(0), t0.xyxx
iadd r1.x, r1.x, r1.y
ishl r0.y, vThreadIDInGroupFlattened, l(2)
store_raw g0.x, r0.y, r1.x
sync_g_t
iadd r0.z, l(63), -vThreadIDInGroupFlattened
ishl r0.z, r0.z, l(2)
ld_raw_indexable(raw_buffer)(mixed,mixed,mixed,mixed) r1.z, r0.z, g0.xxxx
ishl r0.w, r0.x, l(2)
store_raw u0.x, r0.w, r1.z
mov r2.x, vThreadGroupID.x
mov r2.y, vThreadIDInGroupFlattened
mov r2.zw, vThreadIDInGroup.xxxy
store_structured u1.xyzw, r0.x, l(0), r2.xyzw
ret
)";

// 256 threads (Dispatch(4, 1, 1) of 64): every atomic on u0 (raw, dwords 0..9), the
// imm_atomic_iadd result as an index into u1 (structured), the exchange's and
// compare-exchange's results in u4, per-texel adds on u2 (RWTexture2D<uint>),
// per-element maxima and a compare-exchange on u3 (RWBuffer<uint>).
const char kCsAtomics[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_uav_structured u1, 4
dcl_uav_typed_texture2d (uint,uint,uint,uint) u2
dcl_uav_typed_buffer (uint,uint,uint,uint) u3
dcl_uav_structured u4, 8
dcl_input vThreadID.x
dcl_temps 3
dcl_thread_group 64, 1, 1
imm_atomic_iadd r0.x, u0, l(0), l(1)
store_structured u1.x, r0.x, l(0), vThreadID.x
ishl r0.y, l(1), vThreadID.x
atomic_or u0, l(4), r0.y
atomic_umax u0, l(8), vThreadID.x
atomic_umin u0, l(12), vThreadID.x
iadd r1.x, vThreadID.x, l(-100)
atomic_imax u0, l(16), r1.x
atomic_imin u0, l(20), r1.x
atomic_cmp_store u0, l(24), l(-1), vThreadID.x
imm_atomic_exch r0.z, u0, l(28), vThreadID.x
atomic_xor u0, l(32), r0.y
not r0.w, r0.y
atomic_and u0, l(36), r0.w
and r1.y, vThreadID.x, l(3)
mov r1.z, l(0)
atomic_iadd u2, r1.yzyy, l(1)
imm_atomic_umax r1.w, u3, r1.y, vThreadID.x
iadd r2.x, vThreadID.x, l(1)
imm_atomic_cmp_exch r2.y, u3, l(4), l(0), r2.x
mov r2.z, r0.z
store_structured u4.xy, vThreadID.x, l(0), r2.yzyy
ret
)";

// Group-shared atomics: each 64-thread group counts itself in g0[0] (imm_atomic_iadd
// hands out slots 0..63), ORs its slots' bits into g0[1..2], and thread 0 writes the
// totals to u0[group * 3 ..] behind a barrier; u1[group * 64 + slot] = thread index + 1.
const char kCsGroupAtomics[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_uav_raw u1
dcl_input vThreadGroupID.x
dcl_input vThreadIDInGroupFlattened
dcl_temps 2
dcl_tgsm_structured g0, 4, 3
dcl_thread_group 64, 1, 1
if_z vThreadIDInGroupFlattened
  store_structured g0.x, l(0), l(0), l(0)
  store_structured g0.x, l(1), l(0), l(0)
  store_structured g0.x, l(2), l(0), l(0)
endif
sync_g_t
imm_atomic_iadd r0.x, g0, l(0,0,0,0), l(1)
ushr r0.y, r0.x, l(5)
iadd r0.y, r0.y, l(1)
ishl r0.z, l(1), r0.x
atomic_or g0, r0.yyyy, r0.z
imad r1.x, vThreadGroupID.x, l(64), r0.x
ishl r1.x, r1.x, l(2)
iadd r1.y, vThreadIDInGroupFlattened, l(1)
store_raw u1.x, r1.x, r1.y
sync_g_t
if_z vThreadIDInGroupFlattened
  imul null, r1.z, vThreadGroupID.x, l(12)
  ld_structured r0.x, l(0), l(0), g0.xxxx
  ld_structured r0.y, l(1), l(0), g0.xxxx
  ld_structured r0.z, l(2), l(0), g0.xxxx
  store_raw u0.xyz, r1.z, r0.xyzx
endif
ret
)";

// Writes DispatchIndirect's arguments (3, 2, 1) into u0 (a raw view of a DRAWINDIRECT_ARGS buffer).
const char kCsWriteArgs[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_thread_group 1, 1, 1
store_raw u0.xyz, l(4), l(3,2,1,0)
ret
)";

// Counts its threads in u0[0] and records the largest group id seen in u0[1..3].
const char kCsCountGroups[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_input vThreadGroupID.xyz
dcl_thread_group 4, 2, 1
atomic_iadd u0, l(0), l(1)
atomic_umax u0, l(4), vThreadGroupID.x
atomic_umax u0, l(8), vThreadGroupID.y
atomic_umax u0, l(12), vThreadGroupID.z
ret
)";

void bindCs(RenderDevice& d, ID3D11ComputeShader* cs, std::initializer_list<ID3D11UnorderedAccessView*> uavs,
            std::initializer_list<ID3D11ShaderResourceView*> srvs = {}) {
  d.context->CSSetShader(cs, nullptr, 0);
  std::vector<ID3D11UnorderedAccessView*> u(uavs);
  d.context->CSSetUnorderedAccessViews(0, UINT(u.size()), u.data(), nullptr);
  std::vector<ID3D11ShaderResourceView*> s(srvs);
  if (!s.empty()) d.context->CSSetShaderResources(0, UINT(s.size()), s.data());
}

}  // namespace

TEST_CASE("compute: structured and raw views, group-shared memory behind sync_g_t, every thread system value",
          "[compute][buffers]") {
  Checked c;
  RenderDevice& d = c.d;
  constexpr UINT kThreads = 128;
  std::vector<uint32_t> input(kThreads * 2);
  for (UINT i = 0; i < kThreads; ++i) input[2 * i] = i, input[2 * i + 1] = 1000;
  Com<ID3D11Buffer> in = makeDataBuffer(d, input, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
  Com<ID3D11Buffer> raw = makeDataBuffer(d, std::vector<uint32_t>(kThreads, 0xCDCDCDCDu), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> ids = makeDataBuffer(d, std::vector<uint32_t>(kThreads * 4, 0xCDCDCDCDu), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11ShaderResourceView> inView = structuredSrv(d, in.get(), kThreads);
  Com<ID3D11UnorderedAccessView> rawView = rawUav(d, raw.get(), kThreads), idView = structuredUav(d, ids.get(), kThreads);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsMirror);
  bindCs(d, cs.get(), {rawView.get(), idView.get()}, {inView.get()});
  d.context->Dispatch(2, 1, 1);

  const std::vector<uint32_t> mirrored = readBuffer(d, raw.get()), threadIds = readBuffer(d, ids.get());
  for (UINT y = 0; y < 8; ++y)
    for (UINT x = 0; x < 16; ++x) {
      const UINT i = y * 16 + x, group = x / 8, tx = x % 8, ty = y, flat = ty * 8 + tx;
      const UINT mirror = (7 - ty) * 16 + group * 8 + (7 - tx);
      INFO("thread " << x << "," << y);
      CHECK(mirrored[i] == mirror + 1000);
      CHECK(threadIds[4 * i + 0] == group);
      CHECK(threadIds[4 * i + 1] == flat);
      CHECK(threadIds[4 * i + 2] == tx);
      CHECK(threadIds[4 * i + 3] == ty);
    }
  CHECK(c.ddiCalls("CreateComputeShader") == 1);
  const std::vector<std::string> dispatches = c.trace.calls("Dispatch");
  REQUIRE(dispatches.size() == 1);
  CHECK(dispatches[0].find("ThreadGroupCountX=2, ThreadGroupCountY=1, ThreadGroupCountZ=1") != std::string::npos);
  CHECK(c.trace.calls("CsSetUnorderedAccessViews").size() == 1);
  CHECK(c.trace.calls("CsSetShaderResources").size() == 1);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("compute: every atomic and imm_atomic form on raw, structured, typed-buffer and RWTexture2D UAVs",
          "[compute][atomics]") {
  RenderDevice d;
  constexpr UINT kThreads = 256;
  // u0: add, or, umax, umin, imax, imin, cmp_store, exch, xor, and.
  const std::vector<uint32_t> initial = {0,          0,          0,          0xFFFFFFFFu, 0x80000000u,
                                         0x7FFFFFFF, 0xFFFFFFFFu, 0xA5A5A5A5u, 0x12345678u, 0xFFFFFFFFu};
  Com<ID3D11Buffer> scalars =
      makeDataBuffer(d, initial, D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> slots = makeDataBuffer(d, std::vector<uint32_t>(kThreads, 0xFFFFFFFFu), D3D11_BIND_UNORDERED_ACCESS,
                                           D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4);
  Com<ID3D11Buffer> typed = makeDataBuffer(d, std::vector<uint32_t>(8, 0), D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Buffer> results = makeDataBuffer(d, std::vector<uint32_t>(kThreads * 2, 0xEEEEEEEEu), D3D11_BIND_UNORDERED_ACCESS,
                                             D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
  D3D11_TEXTURE2D_DESC td = texture2DDesc(4, 1, DXGI_FORMAT_R32_UINT, D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&td, nullptr, texture.out()) == S_OK);
  Com<ID3D11UnorderedAccessView> u0 = rawUav(d, scalars.get(), UINT(initial.size())),
                                 u1 = structuredUav(d, slots.get(), kThreads),
                                 u3 = typedUav(d, typed.get(), DXGI_FORMAT_R32_UINT, 8),
                                 u4 = structuredUav(d, results.get(), kThreads), u2;
  REQUIRE(d->CreateUnorderedAccessView(texture.get(), nullptr, u2.out()) == S_OK);
  const UINT zeros[4] = {0, 0, 0, 0};
  d.context->ClearUnorderedAccessViewUint(u2.get(), zeros);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsAtomics);
  bindCs(d, cs.get(), {u0.get(), u1.get(), u2.get(), u3.get(), u4.get()});
  d.context->Dispatch(kThreads / 64, 1, 1);

  const std::vector<uint32_t> s = readBuffer(d, scalars.get()), order = readBuffer(d, slots.get()),
                              t = readBuffer(d, typed.get()), r = readBuffer(d, results.get());
  CHECK(s[0] == kThreads);
  std::vector<uint32_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  std::vector<uint32_t> expected(kThreads);
  std::iota(expected.begin(), expected.end(), 0u);
  CHECK(sorted == expected);  // imm_atomic_iadd handed every thread its own slot
  CHECK(s[1] == 0xFFFFFFFFu);
  CHECK(s[2] == kThreads - 1);
  CHECK(s[3] == 0);
  CHECK(int32_t(s[4]) == int32_t(kThreads - 1) - 100);
  CHECK(int32_t(s[5]) == -100);
  CHECK(s[6] < kThreads);        // exactly the first thread's compare-store took
  CHECK(s[8] == 0x12345678u);    // every bit toggled 8 times
  CHECK(s[9] == 0);              // every bit cleared
  // Exchange: the returned old values and the final value are the initial value and every thread's index.
  std::multiset<uint32_t> exchanged{s[7]}, every{0xA5A5A5A5u};
  for (UINT i = 0; i < kThreads; ++i) exchanged.insert(r[2 * i + 1]), every.insert(i);
  CHECK(exchanged == every);
  // Compare-exchange on the typed buffer: exactly one thread saw 0 and stored its index + 1.
  UINT sawZero = 0;
  for (UINT i = 0; i < kThreads; ++i) sawZero += r[2 * i] == 0;
  CHECK(sawZero == 1);
  CHECK(t[4] >= 1);
  CHECK(t[4] <= kThreads);
  for (UINT k = 0; k < 4; ++k) CHECK(t[k] == kThreads - 4 + k);  // umax over the threads with index % 4 == k
  const std::vector<uint8_t> texels = readback(d, texture.get());
  for (UINT k = 0; k < 4; ++k) CHECK(texelAt<uint32_t>(texels, k) == kThreads / 4);
}

TEST_CASE("compute: atomics on group-shared memory, one set per thread group", "[compute][atomics]") {
  RenderDevice d;
  constexpr UINT kGroups = 3;
  Com<ID3D11Buffer> totals = makeDataBuffer(d, std::vector<uint32_t>(kGroups * 3, 0xCDCDCDCDu),
                                            D3D11_BIND_UNORDERED_ACCESS, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> slots = makeDataBuffer(d, std::vector<uint32_t>(kGroups * 64, 0), D3D11_BIND_UNORDERED_ACCESS,
                                           D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> u0 = rawUav(d, totals.get(), kGroups * 3), u1 = rawUav(d, slots.get(), kGroups * 64);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsGroupAtomics);
  bindCs(d, cs.get(), {u0.get(), u1.get()});
  d.context->Dispatch(kGroups, 1, 1);
  const std::vector<uint32_t> t = readBuffer(d, totals.get()), s = readBuffer(d, slots.get());
  for (UINT g = 0; g < kGroups; ++g) {
    INFO("group " << g);
    CHECK(t[g * 3 + 0] == 64);
    CHECK(t[g * 3 + 1] == 0xFFFFFFFFu);  // slots 0..31
    CHECK(t[g * 3 + 2] == 0xFFFFFFFFu);  // slots 32..63
    std::vector<uint32_t> threads(s.begin() + g * 64, s.begin() + (g + 1) * 64);
    std::sort(threads.begin(), threads.end());
    for (UINT i = 0; i < 64; ++i) CHECK(threads[i] == i + 1);
  }
}

TEST_CASE("compute: DispatchIndirect takes its group counts from a buffer an earlier dispatch wrote",
          "[compute][indirect]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11Buffer> args = makeDataBuffer(d, {7, 0, 0, 0}, D3D11_BIND_UNORDERED_ACCESS,
                                          D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS |
                                              D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS);
  Com<ID3D11Buffer> counts = makeDataBuffer(d, {0, 0, 0, 0}, D3D11_BIND_UNORDERED_ACCESS,
                                            D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> argsView = rawUav(d, args.get(), 4), countView = rawUav(d, counts.get(), 4);
  Com<ID3D11ComputeShader> writer = computeShader(d, kCsWriteArgs), counter = computeShader(d, kCsCountGroups);
  bindCs(d, writer.get(), {argsView.get()});
  d.context->Dispatch(1, 1, 1);
  // The arguments buffer may not stay bound as a UAV while it feeds the dispatch.
  ID3D11UnorderedAccessView* none[1] = {nullptr};
  d.context->CSSetUnorderedAccessViews(0, 1, none, nullptr);
  bindCs(d, counter.get(), {countView.get()});
  d.context->DispatchIndirect(args.get(), 4);
  const std::vector<uint32_t> result = readBuffer(d, counts.get());
  CHECK(result[0] == 3 * 2 * 1 * 8);
  CHECK(result[1] == 2);
  CHECK(result[2] == 1);
  CHECK(result[3] == 0);
  const std::vector<std::string> indirect = c.trace.calls("DispatchIndirect");
  REQUIRE(indirect.size() == 1);
  CHECK(indirect[0].find("AlignedByteOffsetForArgs=4") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

namespace {

// PS: SV_Target = (ByteAddressBuffer t0 at byte 4 * (x + 8y)) as float, and
// u1[x + 8y] (raw) = that value + 1; no UAV in the vertex stage.
const char kPsReadRaw[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_raw t0
dcl_uav_raw u1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_temps 1
ftou r0.xy, v0.xyxx
imad r0.x, r0.y, l(8), r0.x
ishl r0.x, r0.x, l(2)
ld_raw r0.y, r0.x, t0.xxxx
iadd r0.z, r0.y, l(1)
store_raw u1.x, r0.x, r0.z
utof o0.xyzw, r0.yyyy
ret
)";

// CS: u0[i] = t0[i] * 2 over 64 dwords (raw in, raw out).
const char kCsDouble[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_raw t0
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 64, 1, 1
ishl r0.x, vThreadID.x, l(2)
ld_raw r0.y, r0.x, t0.xxxx
ishl r0.y, r0.y, l(1)
store_raw u0.x, r0.x, r0.y
ret
)";

// CS: u0[i] = i * 10 + 1 over 64 dwords.
const char kCsFill[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 64, 1, 1
imad r0.x, vThreadID.x, l(10), l(1)
ishl r0.y, vThreadID.x, l(2)
store_raw u0.x, r0.y, r0.x
ret
)";

}  // namespace

TEST_CASE("compute and draws run in API order: a dispatch's output read by a draw, whose UAV a dispatch reads",
          "[compute][draw][order]") {
  RenderDevice d;
  constexpr UINT kSize = 8;
  DrawTarget t(d, kSize, kSize);
  const UINT rawBind = D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE;
  Com<ID3D11Buffer> a = makeDataBuffer(d, std::vector<uint32_t>(64, 0), rawBind, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> b = makeDataBuffer(d, std::vector<uint32_t>(64, 0), rawBind, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(64, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> aUav = rawUav(d, a.get(), 64), bUav = rawUav(d, b.get(), 64), outUav = rawUav(d, out.get(), 64);
  Com<ID3D11ShaderResourceView> aSrv = rawSrv(d, a.get(), 64), bSrv = rawSrv(d, b.get(), 64);
  Com<ID3D11ComputeShader> fill = computeShader(d, kCsFill), twice = computeShader(d, kCsDouble);
  const std::vector<uint8_t> psCode = assembled(kPsReadRaw);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);

  // 1. dispatch: a[i] = 10 i + 1
  bindCs(d, fill.get(), {aUav.get()});
  d.context->Dispatch(1, 1, 1);
  ID3D11UnorderedAccessView* noUav[1] = {nullptr};
  d.context->CSSetUnorderedAccessViews(0, 1, noUav, nullptr);
  // 2. draw over the whole target: colour = a[i], b[i] = a[i] + 1
  d.context->PSSetShader(ps.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {aSrv.get()};
  d.context->PSSetShaderResources(0, 1, srvs);
  ID3D11RenderTargetView* rtvs[] = {t.rtv.get()};
  ID3D11UnorderedAccessView* psUavs[] = {bUav.get()};
  d.context->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 1, psUavs, nullptr);
  const Vertex full[] = {{-1, -1, 0, 0, 0, 0}, {-1, 3, 0, 0, 0, 0}, {3, -1, 0, 0, 0, 0}};
  Com<ID3D11Buffer> vb = makeBuffer(d, full, sizeof full, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(3, 0);
  d.context->OMSetRenderTargetsAndUnorderedAccessViews(1, rtvs, nullptr, 1, 1, noUav, nullptr);
  // 3. dispatch: out[i] = 2 b[i]
  ID3D11ShaderResourceView* csSrvs[] = {bSrv.get()};
  d.context->CSSetShaderResources(0, 1, csSrvs);
  bindCs(d, twice.get(), {outUav.get()});
  d.context->Dispatch(1, 1, 1);

  const std::vector<std::array<float, 4>> pixels = t.pixels();
  const std::vector<uint32_t> result = readBuffer(d, out.get());
  for (UINT i = 0; i < 64; ++i) {
    INFO("element " << i);
    CHECK(pixels[i][0] == float(10 * i + 1));
    CHECK(result[i] == 2 * (10 * i + 2));
  }
}

TEST_CASE("compute: the runtime's rules for shaders, dispatches, indirect arguments and CS UAV slots",
          "[compute][errors]") {
  Checked c;
  RenderDevice& d = c.d;
  // A pixel shader is not a compute shader.
  const std::vector<uint8_t> ps = assembled(kPsColor);
  Com<ID3D11ComputeShader> wrong;
  CHECK(d->CreateComputeShader(ps.data(), ps.size(), nullptr, wrong.out()) == E_INVALIDARG);
  CHECK(!wrong);
  std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATECOMPUTESHADER_INVALIDSHADERBYTECODE);
  CHECK(m[0].text.find("pixel shader, not a compute shader") != std::string::npos);
  CHECK(c.ddiCalls("CreateComputeShader") == 0);
  // A shader with interfaces (class linkage) but no IFCE chunk is refused with the reason: nothing says which
  // class types implement its interface slots (test_class_linkage.cpp has the shaders that have one).
  const std::vector<uint8_t> linked = assembledListing(R"(cs_5_0
dcl_function_body fb0
dcl_function_table ft0 = {fb0}
dcl_interface fp0[1][1] = {ft0}
dcl_thread_group 1, 1, 1
fcall fp0[0][0]
ret
label fb0
ret
)");
  CHECK(d->CreateComputeShader(linked.data(), linked.size(), nullptr, wrong.out()) == E_INVALIDARG);
  CHECK(!wrong);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATECOMPUTESHADER_INVALIDSHADERBYTECODE);
  CHECK(m[0].text.find("Shader uses interfaces (class linkage: dcl_interface / fcall) but has no IFCE chunk") !=
        std::string::npos);
  CHECK(c.ddiCalls("CreateComputeShader") == 0);

  Com<ID3D11ComputeShader> cs = computeShader(d, kCsFill);
  Com<ID3D11Buffer> buffer = makeDataBuffer(d, std::vector<uint32_t>(64, 0), D3D11_BIND_UNORDERED_ACCESS,
                                            D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> uav = rawUav(d, buffer.get(), 64);
  bindCs(d, cs.get(), {uav.get()});
  d.context->Dispatch(65536, 1, 1);
  d.context->Dispatch(0, 4, 4);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 2);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_DISPATCH_THREADGROUPCOUNT_OVERFLOW);
  CHECK(m[1].id == D3D11_MESSAGE_ID_DEVICE_DISPATCH_THREADGROUPCOUNT_ZERO);
  CHECK(c.ddiCalls("Dispatch") == 0);

  // Indirect arguments need a DRAWINDIRECT_ARGS buffer, a 4-byte aligned offset, and room for the arguments.
  Com<ID3D11Buffer> args = makeDataBuffer(d, {1, 1, 1, 1}, 0, D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS);
  d.context->DispatchIndirect(buffer.get(), 0);
  d.context->DispatchIndirect(args.get(), 2);
  d.context->DispatchIndirect(args.get(), 8);
  d.context->DispatchIndirect(nullptr, 0);
  d.context->DrawInstancedIndirect(args.get(), 4);
  d.context->DrawIndexedInstancedIndirect(args.get(), 0);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 6);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_DISPATCHINDIRECT_INVALID_ARG_BUFFER);
  CHECK(m[1].id == D3D11_MESSAGE_ID_DEVICE_DISPATCHINDIRECT_OFFSET_UNALIGNED);
  CHECK(m[2].id == D3D11_MESSAGE_ID_DEVICE_DISPATCHINDIRECT_OFFSET_OVERFLOW);
  CHECK(m[3].id == D3D11_MESSAGE_ID_DEVICE_DISPATCHINDIRECT_INVALID_ARG_BUFFER);
  CHECK(m[4].id == D3D11_MESSAGE_ID_DEVICE_DRAWINDIRECT_OFFSET_OVERFLOW);
  CHECK(m[5].id == D3D11_MESSAGE_ID_DEVICE_DRAWINDIRECT_OFFSET_OVERFLOW);
  CHECK(c.ddiCalls("DispatchIndirect") == 0);
  CHECK(c.ddiCalls("DrawInstancedIndirect") == 0);
  CHECK(c.ddiCalls("DrawIndexedInstancedIndirect") == 0);

  // CS UAV slots: 64 at feature level 11_1; a larger range is dropped.
  ID3D11UnorderedAccessView* views[2] = {uav.get(), nullptr};
  const size_t before = c.ddiCalls("CsSetUnorderedAccessViews");
  d.context->CSSetUnorderedAccessViews(63, 2, views, nullptr);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_CSSETUNORDEREDACCESSVIEWS_TOOMANYVIEWS);
  CHECK(c.ddiCalls("CsSetUnorderedAccessViews") == before);
  d.context->CSSetUnorderedAccessViews(63, 1, views, nullptr);
  ID3D11UnorderedAccessView* got = nullptr;
  d.context->CSGetUnorderedAccessViews(63, 1, &got);
  CHECK(got == uav.get());
  if (got) got->Release();

  // A view bound as a CS shader resource is unbound when its buffer becomes a CS UAV (the hazard rule).
  Com<ID3D11Buffer> both = makeDataBuffer(d, std::vector<uint32_t>(64, 0),
                                          D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE,
                                          D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11ShaderResourceView> srv = rawSrv(d, both.get(), 64);
  Com<ID3D11UnorderedAccessView> bothUav = rawUav(d, both.get(), 64);
  ID3D11ShaderResourceView* srvs[] = {srv.get()};
  d.context->CSSetShaderResources(2, 1, srvs);
  ID3D11UnorderedAccessView* bothViews[] = {bothUav.get()};
  d.context->CSSetUnorderedAccessViews(1, 1, bothViews, nullptr);
  ID3D11ShaderResourceView* bound = reinterpret_cast<ID3D11ShaderResourceView*>(0x1);
  d.context->CSGetShaderResources(2, 1, &bound);
  CHECK(bound == nullptr);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_CSSETUNORDEREDACCESSVIEWS_HAZARD);
  // …and a CS shader resource whose buffer is a bound CS UAV is bound as NULL.
  d.context->CSSetShaderResources(2, 1, srvs);
  d.context->CSGetShaderResources(2, 1, &bound);
  CHECK(bound == nullptr);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_CSSETSHADERRESOURCES_HAZARD);

  // ClearState unbinds the compute stage.
  d.context->ClearState();
  Com<ID3D11ComputeShader> current;
  d.context->CSGetShader(current.out(), nullptr, nullptr);
  CHECK(!current);
  d.context->CSGetUnorderedAccessViews(63, 1, &got);
  CHECK(got == nullptr);
}

namespace {

// CS: sampleinfo and samplepos of a 4× Texture2DMS (t0) and a single-sample
// Texture2D (t1), into u0: words 0..1 the counts (uint, float), 2..11 the
// positions of samples 0..4 of t0 (x, y), 12..13 sample 0 of t1.
const char kCsSampleQueries[] = R"(cs_5_0
dcl_resource_texture2dms(4) (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_uav_raw u0
dcl_thread_group 1, 1, 1
dcl_temps 3
sampleinfo_uint r0.x, t0.x
sampleinfo r0.y, t1.x
store_raw u0.xy, l(0), r0.xyxx
mov r2.x, l(0)
loop
  uge r2.y, r2.x, l(5)
  breakc_nz r2.y
  samplepos r1.xy, t0.xyxx, r2.x
  ishl r2.z, r2.x, l(3)
  iadd r2.z, r2.z, l(8)
  store_raw u0.xy, r2.z, r1.xyxx
  iadd r2.x, r2.x, l(1)
endloop
samplepos r1.xy, t1.xyxx, l(0)
store_raw u0.xy, l(48), r1.xyxx
ret
)";

}  // namespace

TEST_CASE("compute: sampleinfo and samplepos answer a Texture2DMS's count and D3D's standard positions, 0 elsewhere",
          "[compute][msaa]") {
  // As written here, and as fxc writes samplepos on a t#: with a padding dword after the operands (", r").
  std::string padded = kCsSampleQueries;
  for (const std::string line : {"samplepos r1.xy, t0.xyxx, r2.x\n", "samplepos r1.xy, t1.xyxx, l(0)\n"})
    padded.replace(padded.find(line), line.size(), line.substr(0, line.size() - 1) + ", r\n");
  const std::string listing = GENERATE_COPY(std::string(kCsSampleQueries), padded);
  INFO(listing);
  Checked c;
  RenderDevice& d = c.d;
  D3D11_TEXTURE2D_DESC msDesc = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                              D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE,
                                              D3D11_USAGE_DEFAULT, 0, 4);
  D3D11_TEXTURE2D_DESC plainDesc = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> ms, plain;
  REQUIRE(d->CreateTexture2D(&msDesc, nullptr, ms.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&plainDesc, nullptr, plain.out()) == S_OK);
  Com<ID3D11ShaderResourceView> msView, plainView;
  REQUIRE(d->CreateShaderResourceView(ms.get(), nullptr, msView.out()) == S_OK);
  REQUIRE(d->CreateShaderResourceView(plain.get(), nullptr, plainView.out()) == S_OK);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(16, 0xDEADu), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> outView = rawUav(d, out.get(), 16);
  Com<ID3D11ComputeShader> cs = computeShader(d, listing.c_str());
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {msView.get(), plainView.get()};
  d.context->CSSetShaderResources(0, 2, srvs);
  ID3D11UnorderedAccessView* uavs[] = {outView.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);

  const std::vector<uint32_t> o = readBuffer(d, out.get());
  auto asFloat = [](uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  };
  CHECK(o[0] == 4u);
  CHECK(asFloat(o[1]) == 0.0f);
  // D3D11_STANDARD_MULTISAMPLE_PATTERN, 4 samples, in 1/16 px (the D3D11 functional spec's table).
  const float pattern[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
  for (int i = 0; i < 4; ++i) {
    INFO("sample " << i);
    CHECK(asFloat(o[2 + 2 * i]) == pattern[i][0] / 16.0f);
    CHECK(asFloat(o[3 + 2 * i]) == pattern[i][1] / 16.0f);
  }
  CHECK((asFloat(o[10]) == 0.0f && asFloat(o[11]) == 0.0f));  // index 4: out of range
  CHECK((asFloat(o[12]) == 0.0f && asFloat(o[13]) == 0.0f));  // not multisampled
  CHECK(o[14] == 0xDEADu);
  CHECK(drainMessages(c.queue.get()).empty());
}

namespace {

// CS: cb0[0], cb1[2], cb2[15], cb3[0], cb4[0] into u0 (16 bytes each).
const char kCsConstantWindows[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1], immediateIndexed
dcl_constantbuffer CB1[3], immediateIndexed
dcl_constantbuffer CB2[16], immediateIndexed
dcl_constantbuffer CB3[1], immediateIndexed
dcl_constantbuffer CB4[1], immediateIndexed
dcl_uav_raw u0
dcl_thread_group 1, 1, 1
store_raw u0.xyzw, l(0), cb0[0].xyzw
store_raw u0.xyzw, l(16), cb1[2].xyzw
store_raw u0.xyzw, l(32), cb2[15].xyzw
store_raw u0.xyzw, l(48), cb3[0].xyzw
store_raw u0.xyzw, l(64), cb4[0].xyzw
ret
)";

}  // namespace

TEST_CASE("compute: CSSetConstantBuffers1 windows (FirstConstant, NumConstants) are what cb# reads, and the rules drop a "
          "call with the debug layer's message",
          "[compute][constantbuffers]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11DeviceContext1> context1;
  REQUIRE(d.context->QueryInterface(__uuidof(ID3D11DeviceContext1), reinterpret_cast<void**>(context1.out())) == S_OK);
  // 64 constants; constant i = (i, i + 1000, i + 2000, i + 3000).
  std::vector<uint32_t> constants;
  for (uint32_t i = 0; i < 64; ++i)
    for (uint32_t k = 0; k < 4; ++k) constants.push_back(i + 1000 * k);
  Com<ID3D11Buffer> cb = makeDataBuffer(d, constants, D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(20, 0xDEADu), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> outView = rawUav(d, out.get(), 20);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsConstantWindows);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11UnorderedAccessView* uavs[] = {outView.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  auto constant = [](uint32_t i) { return std::vector<uint32_t>{i, i + 1000, i + 2000, i + 3000}; };
  auto slice = [](const std::vector<uint32_t>& o, size_t at) { return std::vector<uint32_t>(o.begin() + at, o.begin() + at + 4); };
  const std::vector<uint32_t> zero(4, 0);

  // Windows at 16, 32, 48 (past the buffer's end from constant 64 on), 64 (wholly past it) and an empty one.
  ID3D11Buffer* five[5] = {cb.get(), cb.get(), cb.get(), cb.get(), cb.get()};
  const UINT first[5] = {16, 32, 48, 64, 0}, num[5] = {16, 32, 32, 16, 0};
  context1->CSSetConstantBuffers1(0, 5, five, first, num);
  d.context->Dispatch(1, 1, 1);
  std::vector<uint32_t> o = readBuffer(d, out.get());
  CHECK(slice(o, 0) == constant(16));  // cb0[0]
  CHECK(slice(o, 4) == constant(34));  // cb1[2]
  CHECK(slice(o, 8) == constant(63));  // cb2[15]: the last constant inside both the window and the buffer
  CHECK(slice(o, 12) == zero);         // cb3: a window past the buffer holds nothing
  CHECK(slice(o, 16) == zero);         // cb4: an empty window
  // The driver got the windows.
  REQUIRE(c.ddiCalls("CsSetConstantBuffers") == 1);
  INFO(c.trace.calls("CsSetConstantBuffers").front());

  ID3D11Buffer* got[6] = {};
  UINT gotFirst[6] = {}, gotNum[6] = {};
  context1->CSGetConstantBuffers1(0, 6, got, gotFirst, gotNum);
  for (UINT i = 0; i < 5; ++i) {
    INFO("slot " << i);
    CHECK(got[i] == cb.get());
    CHECK(gotFirst[i] == first[i]);
    CHECK(gotNum[i] == num[i]);
  }
  CHECK((got[5] == nullptr && gotFirst[5] == 0 && gotNum[5] == 0));
  for (ID3D11Buffer* b : got)
    if (b) b->Release();

  // Calls that break the rules change nothing and say why.
  const UINT eight[1] = {8}, sixteen[1] = {16}, tooMany[1] = {4112}, odd[1] = {24};
  ID3D11Buffer* one[1] = {cb.get()};
  context1->CSSetConstantBuffers1(0, 1, one, eight, sixteen);
  context1->CSSetConstantBuffers1(0, 1, one, sixteen, odd);
  context1->CSSetConstantBuffers1(0, 1, one, sixteen, tooMany);
  context1->CSSetConstantBuffers1(0, 1, one, sixteen, nullptr);
  const std::vector<StoredMessage> messages = drainMessages(c.queue.get());
  REQUIRE(messages.size() == 4);
  for (const StoredMessage& m : messages) {
    CHECK(m.id == D3D11_MESSAGE_ID_CSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT);
    CHECK(m.category == D3D11_MESSAGE_CATEGORY_STATE_SETTING);
  }
  CHECK_THAT(messages[0].text, Catch::Contains("pFirstConstant[0] is 8, which is not a multiple of 16"));
  CHECK_THAT(messages[1].text, Catch::Contains("pNumConstants[0] is 24, which is not a multiple of 16"));
  CHECK_THAT(messages[2].text, Catch::Contains("pNumConstants[0] is 4112, more than the 4096 constants"));
  CHECK_THAT(messages[3].text, Catch::Contains("must both be NULL or both be arrays"));
  CHECK(c.ddiCalls("CsSetConstantBuffers") == 1);
  UINT stillFirst = 0, stillNum = 0;
  ID3D11Buffer* still = nullptr;
  context1->CSGetConstantBuffers1(0, 1, &still, &stillFirst, &stillNum);
  CHECK((still == cb.get() && stillFirst == 16 && stillNum == 16));
  if (still) still->Release();

  // CSSetConstantBuffers binds the whole buffer again: constant 0, and GetConstantBuffers1 says 0 and 64.
  d.context->CSSetConstantBuffers(0, 1, one);
  d.context->Dispatch(1, 1, 1);
  o = readBuffer(d, out.get());
  CHECK(slice(o, 0) == constant(0));
  CHECK(slice(o, 4) == constant(34));  // the other slots keep their windows
  context1->CSGetConstantBuffers1(0, 1, &still, &stillFirst, &stillNum);
  CHECK((still == cb.get() && stillFirst == 0 && stillNum == 64));
  if (still) still->Release();
  CHECK(drainMessages(c.queue.get()).empty());
}
