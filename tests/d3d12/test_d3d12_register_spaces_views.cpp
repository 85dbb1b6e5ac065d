// tests/d3d12: which views a declaration in some register space reads — a
// buffer view is a window of its buffer's bytes, so raw and structured
// declarations read and write typed buffer views (as D3D12 drivers do),
// through table ranges of several registers that span declarations of
// different kinds, same registers in several spaces, UAV counters (append and
// consume) in two spaces and root constants in two; a view that is not a
// buffer for a buffer declaration, or not a texture for a texture one, reads
// zeros with a message and never reaches the shader as another kind's handle.
// Source views also start off the storage-buffer alignment (their shifts).
// Unbounded ranges in three spaces of one table share the device's per-stage
// storage buffers, with a message saying how many each holds.
#include "register_spaces12.h"
#include "stderr_capture.h"
#include "vk_test_context.h"

#include <algorithm>

using namespace d3dvk::test;

namespace {

// Inputs: T0..T5 (t1..t3 in spaces 1 and 2); outputs U0..U5 (u1, u3 in
// spaces 1 to 4), each output fed from the input of the other space so a
// swapped space shows; U4/U5 at the slots their counters (spaces 4 and 3)
// hand out, the values the root constants of b1 in spaces 1 and 2 hold.
const char kCrossCs[] = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1:1][1], immediateIndexed, space=1
dcl_constantbuffer CB1[1:1][1], immediateIndexed, space=2
dcl_resource_raw T0[1:1], space=2
dcl_resource_raw T1[1:1], space=1
dcl_resource_buffer (uint,uint,uint,uint) T2[2:2], space=1
dcl_resource_buffer (uint,uint,uint,uint) T3[2:2], space=2
dcl_resource_structured T4[3:3], 4, space=1
dcl_resource_structured T5[3:3], 4, space=2
dcl_uav_raw U0[1:1], space=1
dcl_uav_raw U1[1:1], space=2
dcl_uav_typed_buffer (uint,uint,uint,uint) U2[3:3], space=1
dcl_uav_typed_buffer (uint,uint,uint,uint) U3[3:3], space=2
dcl_uav_structured_opc U4[3:3], 4, space=4
dcl_uav_structured_opc U5[3:3], 4, space=3
dcl_temps 2
dcl_thread_group 1, 1, 1
ld_raw r0.x, l(0), T1[1].xxxx
store_raw U0[1].x, l(0), r0.x
ld_raw r0.x, l(0), T0[1].xxxx
store_raw U1[1].x, l(0), r0.x
ld r0.x, l(0,0,0,0), T3[2].xyzw
store_uav_typed U2[3].xyzw, l(1,0,0,0), r0.xxxx
ld r0.x, l(0,0,0,0), T2[2].xyzw
store_uav_typed U3[3].xyzw, l(1,0,0,0), r0.xxxx
ld_structured r0.x, l(1), l(0), T5[3].xxxx
store_raw U0[1].x, l(4), r0.x
ld_structured r0.x, l(1), l(0), T4[3].xxxx
store_raw U1[1].x, l(4), r0.x
imm_atomic_alloc r1.x, U4[3]
store_structured U4[3].x, r1.x, l(0), CB0[1][0].x
imm_atomic_consume r1.y, U5[3]
store_structured U5[3].x, r1.y, l(0), CB1[1][0].x
ret
)";

}  // namespace

TEST_CASE("D3D12 SM5.1 register spaces: typed buffer views read and written through raw and structured declarations "
          "with ranges spanning declarations and counters and root constants in several spaces",
          "[d3d12][draw][compute][spaces]") {
  // The source views start `skew` elements later: at 1 and 3 they start off
  // the device's storage-buffer alignment, so a raw or structured declaration
  // reads a typed view through its shift (in dwords).
  const UINT skew = GENERATE(0u, 1u, 3u);
  INFO("source views skewed by " << skew << " elements");
  SpacesRig rig;
  ID3D12Device* device = rig.device;
  constexpr D3D12_DESCRIPTOR_RANGE_TYPE SRV = D3D12_DESCRIPTOR_RANGE_TYPE_SRV, UAV = D3D12_DESCRIPTOR_RANGE_TYPE_UAV;
  constexpr UINT APPEND = D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND;
  // Slots: 0 t1 s1, 1 t2 s1 | 2 t1 s2, 3 t2 s2, 4 t3 s2 | 5 t3 s1 | 8 u3 s4 | 9 u3 s3 | 10 u1 s1 (11 u2 s1
  // unused) | 12 u1 s2 (13 u2 s2 unused), 14 u3 s2 | 15 u3 s1.
  const D3D12_DESCRIPTOR_RANGE ranges[8] = {{SRV, 2, 1, 1, 0},  {SRV, 3, 1, 2, APPEND}, {SRV, 1, 3, 1, APPEND},
                                            {UAV, 1, 3, 4, 8},  {UAV, 1, 3, 3, APPEND}, {UAV, 2, 1, 1, 10},
                                            {UAV, 3, 1, 2, APPEND}, {UAV, 1, 3, 1, APPEND}};
  D3D12_ROOT_PARAMETER p[3]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[0].DescriptorTable = {8, ranges};
  p[1].ParameterType = p[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p[1].Constants = {1, 1, 1};
  p[2].Constants = {1, 2, 1};
  ID3D12RootSignature* rs = rig.own(createRootSignature(device, {3, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE}));
  ID3D12PipelineState* pso = spacesPso(rig, rs, kCrossCs, false);

  ID3D12Resource* data = rig.upload(sequence(100000, 256));
  const auto uavState = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  ID3D12Resource* out[6];
  for (auto& o : out) o = rig.buffer(std::vector<uint32_t>(64), uavState);
  std::vector<uint32_t> counterWords(1024);
  counterWords[0] = 2;
  ID3D12Resource* counters[2] = {rig.buffer(counterWords, uavState), rig.buffer(counterWords, uavState)};

  ID3D12DescriptorHeap* heap = rig.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 16);
  auto typedSrv = [&](UINT64 first, UINT slot) {
    const D3D12_SHADER_RESOURCE_VIEW_DESC d = bufferSrv(DXGI_FORMAT_R32_UINT, first + skew, 8, 0, false);
    device->CreateShaderResourceView(data, &d, rig.slot(heap, slot));
  };
  typedSrv(8, 0);   // T1: t1 space1 (raw declaration)
  typedSrv(12, 1);  // T2: t2 space1 (typed)
  typedSrv(4, 2);   // T0: t1 space2 (raw declaration)
  typedSrv(16, 3);  // T3: t2 space2 (typed)
  D3D12_SHADER_RESOURCE_VIEW_DESC srv = bufferSrv(DXGI_FORMAT_UNKNOWN, 24 + skew, 8, 4, false);
  device->CreateShaderResourceView(data, &srv, rig.slot(heap, 4));  // T5: t3 space2 (structured)
  typedSrv(20, 5);  // T4: t3 space1 (structured declaration)
  D3D12_UNORDERED_ACCESS_VIEW_DESC uav = bufferUav(DXGI_FORMAT_UNKNOWN, 0, 16, 4, false);
  device->CreateUnorderedAccessView(out[4], counters[0], &uav, rig.slot(heap, 8));   // U4: u3 space4
  device->CreateUnorderedAccessView(out[5], counters[1], &uav, rig.slot(heap, 9));   // U5: u3 space3
  uav = bufferUav(DXGI_FORMAT_R32_UINT, 4, 8, 0, false);
  device->CreateUnorderedAccessView(out[0], nullptr, &uav, rig.slot(heap, 10));      // U0: u1 space1 (raw declaration)
  uav = bufferUav(DXGI_FORMAT_R32_TYPELESS, 8, 8, 0, true);
  device->CreateUnorderedAccessView(out[1], nullptr, &uav, rig.slot(heap, 12));      // U1: u1 space2 (raw)
  uav = bufferUav(DXGI_FORMAT_R32_UINT, 4, 8, 0, false);
  device->CreateUnorderedAccessView(out[3], nullptr, &uav, rig.slot(heap, 14));      // U3: u3 space2 (typed)
  uav = bufferUav(DXGI_FORMAT_R32_UINT, 0, 8, 0, false);
  device->CreateUnorderedAccessView(out[2], nullptr, &uav, rig.slot(heap, 15));      // U2: u3 space1 (typed)

  rig.list->SetDescriptorHeaps(1, &heap);
  runOnce(
      rig, rs, pso, false,
      [&](const RootBinder& b) {
        b.table(0, rig.gpuSlot(heap, 0));
        rig.list->SetComputeRoot32BitConstant(1, 700, 0);
        rig.list->SetComputeRoot32BitConstant(2, 800, 0);
      },
      nullptr);
  ID3D12Resource* read[6];
  for (int i = 0; i < 6; ++i) read[i] = rig.readBack(out[i], uavState);
  ID3D12Resource* readCounters[2] = {rig.readBack(counters[0], uavState), rig.readBack(counters[1], uavState)};
  rig.execute();

  const std::vector<uint32_t> u0 = SpacesRig::words(read[0]), u1 = SpacesRig::words(read[1]);
  CHECK(u0[4] == 100008 + skew);      // T1 (typed from element 8) word 0 → U0 (typed from element 4) byte 0
  CHECK(u0[5] == 100025 + skew);      // T5 (structured from element 24) element 1 → U0 byte 4
  CHECK(u1[8] == 100004 + skew);      // T0 (typed from element 4) → U1 (raw from word 8)
  CHECK(u1[9] == 100021 + skew);      // T4 (typed from element 20, structured declaration) element 1
  CHECK(SpacesRig::words(read[2])[1] == 100016 + skew);  // T3 (space 2) → U2 (space 1) element 1
  CHECK(SpacesRig::words(read[3])[5] == 100012 + skew);  // T2 (space 1) → U3 (space 2, from element 4) element 1
  CHECK(SpacesRig::words(read[4])[2] == 700);     // u3 space4: its counter handed out 2 (then 3)
  CHECK(SpacesRig::words(read[5])[1] == 800);     // u3 space3: consume took 2 to 1, element 1
  CHECK(SpacesRig::words(readCounters[0])[0] == 3);
  CHECK(SpacesRig::words(readCounters[1])[0] == 1);
}

namespace {

// Each declaration (spaces 5 to 7) reads a view of another kind than it
// declares; U2 (space 7) gets what they read.
const char kMismatchCs[] = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_resource_raw T0[1:1], space=5
dcl_resource_buffer (uint,uint,uint,uint) T1[1:1], space=6
dcl_resource_texture2d (uint,uint,uint,uint) T2[1:1], space=7
dcl_resource_structured T3[2:2], 4, space=7
dcl_uav_typed_texture2d (uint,uint,uint,uint) U0[1:1], space=5
dcl_uav_raw U1[1:1], space=6
dcl_uav_structured U2[1:1], 4, space=7
dcl_temps 1
dcl_thread_group 1, 1, 1
ld_raw r0.x, l(0), T0[1].xxxx
store_structured U2[1].x, l(0), l(0), r0.x
ld r0.x, l(0,0,0,0), T1[1].xyzw
store_structured U2[1].x, l(1), l(0), r0.x
ld r0.x, l(0,0,0,0), T2[1].xyzw
store_structured U2[1].x, l(2), l(0), r0.x
ld_structured r0.x, l(0), l(0), T3[2].xxxx
store_structured U2[1].x, l(3), l(0), r0.x
ld_uav_typed r0.x, l(0,0,0,0), U0[1].xyzw
store_structured U2[1].x, l(4), l(0), r0.x
ld_raw r0.x, l(0), U1[1].xxxx
store_structured U2[1].x, l(5), l(0), r0.x
store_raw U1[1].x, l(0), l(55)
store_uav_typed U0[1].xyzw, l(0,0,0,0), l(66,66,66,66)
ret
)";

}  // namespace

TEST_CASE("D3D12 SM5.1 register spaces: a table entry of another view kind than the declaration (texture for buffer or "
          "buffer for texture or raw for typed) reads zeros with a message and writes to it are dropped",
          "[d3d12][draw][compute][spaces][lenient]") {
  SpacesRig rig;
  ID3D12Device* device = rig.device;
  constexpr D3D12_DESCRIPTOR_RANGE_TYPE SRV = D3D12_DESCRIPTOR_RANGE_TYPE_SRV, UAV = D3D12_DESCRIPTOR_RANGE_TYPE_UAV;
  const D3D12_DESCRIPTOR_RANGE ranges[6] = {{SRV, 1, 1, 5, 0}, {SRV, 1, 1, 6, 1}, {SRV, 2, 1, 7, 2},
                                            {UAV, 1, 1, 5, 4}, {UAV, 1, 1, 6, 5}, {UAV, 1, 1, 7, 6}};
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p.DescriptorTable = {6, ranges};
  ID3D12RootSignature* rs = rig.own(createRootSignature(device, {1, &p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE}));
  ID3D12PipelineState* pso = spacesPso(rig, rs, kMismatchCs, false);

  const auto uavState = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  ID3D12Resource* data = rig.upload(sequence(100000, 64));
  const uint32_t texels[4] = {7, 7, 7, 7};
  ID3D12Resource* texture = rig.texture2x2(DXGI_FORMAT_R32_UINT, texels, D3D12_RESOURCE_FLAG_NONE,
                                           D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
  ID3D12Resource* rwTexture = rig.texture2x2(DXGI_FORMAT_R32_UINT, texels, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                                             uavState);
  ID3D12Resource* typedTarget = rig.buffer(sequence(200000, 64), uavState);
  ID3D12Resource* results = rig.buffer(std::vector<uint32_t>(64, 0xFFFFFFFFu), uavState);
  ID3D12DescriptorHeap* heap = rig.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 8);
  device->CreateShaderResourceView(texture, nullptr, rig.slot(heap, 0));  // a texture for raw t1 space5
  D3D12_SHADER_RESOURCE_VIEW_DESC srv = bufferSrv(DXGI_FORMAT_R32_TYPELESS, 0, 16, 0, true);
  device->CreateShaderResourceView(data, &srv, rig.slot(heap, 1));  // raw for typed t1 space6
  srv = bufferSrv(DXGI_FORMAT_R32_UINT, 0, 16, 0, false);
  device->CreateShaderResourceView(data, &srv, rig.slot(heap, 2));  // a typed buffer for texture t1 space7
  device->CreateShaderResourceView(texture, nullptr, rig.slot(heap, 3));  // a texture for structured t2 space7
  D3D12_UNORDERED_ACCESS_VIEW_DESC uav = bufferUav(DXGI_FORMAT_R32_UINT, 0, 16, 0, false);
  device->CreateUnorderedAccessView(typedTarget, nullptr, &uav, rig.slot(heap, 4));  // a buffer for RWTexture2D
  device->CreateUnorderedAccessView(rwTexture, nullptr, nullptr, rig.slot(heap, 5));  // a texture for raw u1 space6
  uav = bufferUav(DXGI_FORMAT_UNKNOWN, 0, 64, 4, false);
  device->CreateUnorderedAccessView(results, nullptr, &uav, rig.slot(heap, 6));

  StderrCapture errors;
  rig.list->SetDescriptorHeaps(1, &heap);
  runOnce(rig, rs, pso, false, [&](const RootBinder& b) { b.table(0, rig.gpuSlot(heap, 0)); }, nullptr);
  ID3D12Resource* read = rig.readBack(results, uavState);
  ID3D12Resource* readTyped = rig.readBack(typedTarget, uavState);
  rig.execute();
  const std::string text = errors.text();
  const std::vector<uint32_t> got = SpacesRig::words(read);
  for (int i = 0; i < 6; ++i) {
    INFO("read " << i);
    CHECK(got[i] == 0u);
  }
  CHECK(SpacesRig::words(readTyped) == sequence(200000, 64));  // the RWTexture2D store went nowhere
  CHECK(text.find("holds no view of the kind it declares (a buffer)") != std::string::npos);
}

namespace {

// Thread i copies element 0 of T0[i] (an unbounded structured range from t0
// of space 2) into U0[i] and U1[i] (unbounded raw ranges from u0 of spaces 1
// and 3): three unbounded ranges of storage buffers in three spaces of one
// table, indexed dynamically.
const char kUnboundedCs[] = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_resource_structured T0[0:*], 4, space=2
dcl_uav_raw U0[0:*], space=1
dcl_uav_raw U1[0:*], space=3
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 16, 1, 1
mov r0.x, vThreadID.x
ld_structured r1.x, l(0), l(0), T0[r0.x + 0].xxxx
store_raw U0[r0.x + 0].x, l(0), r1.x
store_raw U1[r0.x + 0].x, l(0), r1.x
ret
)";

}  // namespace

TEST_CASE("D3D12 SM5.1 register spaces: unbounded ranges in spaces 1 to 3 of one table indexed dynamically share "
          "the device's per-stage storage buffers and a message says how many each holds",
          "[d3d12][draw][compute][spaces]") {
  uint32_t held = 0;  // what each of the three ranges can hold: a third of the per-stage storage buffers
  {
    VkTestContext vk;
    held = std::min<uint32_t>(vk.device().info().properties.limits.maxPerStageDescriptorStorageBuffers / 3, 256);
  }
  SpacesRig rig;
  ID3D12Device* device = rig.device;
  // t0.. space 2 at 0, u0.. space 1 at 16, u0.. space 3 at 32: each reaches the heap's end.
  const D3D12_DESCRIPTOR_RANGE ranges[3] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, UINT(-1), 0, 2, 0},
                                            {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, UINT(-1), 0, 1, 16},
                                            {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, UINT(-1), 0, 3, 32}};
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p.DescriptorTable = {3, ranges};
  ID3D12RootSignature* rs = rig.own(createRootSignature(device, {1, &p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE}));
  StderrCapture messages;
  ID3D12PipelineState* pso = spacesPso(rig, rs, kUnboundedCs, false);
  const std::string text = messages.text();
  if (held < 256) {
    INFO(text);
    CHECK(text.find("holds " + std::to_string(held) + " descriptors on this Vulkan device") != std::string::npos);
  }

  ID3D12Resource* data = rig.upload(sequence(100000, 1024));
  const auto uavState = D3D12_RESOURCE_STATE_UNORDERED_ACCESS;
  std::vector<ID3D12Resource*> outs;
  ID3D12DescriptorHeap* heap = rig.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 48);
  for (UINT i = 0; i < 16; ++i) {
    const D3D12_SHADER_RESOURCE_VIEW_DESC srv = bufferSrv(DXGI_FORMAT_UNKNOWN, 4 * i, 4, 4, false);  // word 4 i
    device->CreateShaderResourceView(data, &srv, rig.slot(heap, i));
    for (UINT k = 0; k < 2; ++k) {
      outs.push_back(rig.buffer(std::vector<uint32_t>(64), uavState));
      const D3D12_UNORDERED_ACCESS_VIEW_DESC uav = bufferUav(DXGI_FORMAT_R32_TYPELESS, 0, 16, 0, true);
      device->CreateUnorderedAccessView(outs.back(), nullptr, &uav, rig.slot(heap, 16 + 16 * k + i));
    }
  }
  rig.list->SetDescriptorHeaps(1, &heap);
  runOnce(rig, rs, pso, false, [&](const RootBinder& b) { b.table(0, rig.gpuSlot(heap, 0)); }, nullptr);
  std::vector<ID3D12Resource*> reads;
  for (ID3D12Resource* o : outs) reads.push_back(rig.readBack(o, uavState));
  rig.execute();
  for (UINT i = 0; i < std::min<uint32_t>(held, 16); ++i) {
    INFO("element " << i);
    CHECK(SpacesRig::words(reads[2 * i])[0] == 100000 + 4 * i);      // U0 (space 1)
    CHECK(SpacesRig::words(reads[2 * i + 1])[0] == 100000 + 4 * i);  // U1 (space 3)
  }
}
