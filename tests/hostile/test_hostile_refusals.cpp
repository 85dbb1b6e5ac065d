// tests/hostile: values D3D12 refuses that d3dvk used to accept (issue 30,
// item 9), indirect dispatches of more than 65535 groups (item 6), and
// SetEventOnCompletion's event handle, which must be an eventfd.
#include "hostile_util.h"

#include <sys/eventfd.h>
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>

using namespace d3dvk::test;

namespace {

// VS: POSITION → SV_Position, TEXCOORD0 (v1) passed through as o1 when `writesTexcoord`.
const char kVsPassTexcoord[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xyz
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xyz
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyz, v0.xyzx
mov o0.w, l(1.000000)
mov o1.xyzw, l(1.000000, 0, 0, 1.000000)
ret
)";

// PS: SV_Target = TEXCOORD0, which kVsPassTexcoord does not write (it writes COLOR).
const char kPsReadsTexcoord[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// TEXCOORD                 0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

D3D12_GRAPHICS_PIPELINE_STATE_DESC basicPso(ID3D12RootSignature* rs, const std::vector<uint8_t>& vs,
                                            const std::vector<uint8_t>& ps) {
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
  d.pRootSignature = rs;
  d.VS = shaderBytecode(vs);
  d.PS = shaderBytecode(ps);
  for (auto& rt : d.BlendState.RenderTarget) {
    rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
    rt.LogicOp = D3D12_LOGIC_OP_NOOP;
    rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
  }
  d.SampleMask = 0xFFFFFFFFu;
  d.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  d.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
  d.RasterizerState.DepthClipEnable = TRUE;
  d.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
  d.DepthStencilState.FrontFace = d.DepthStencilState.BackFace = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                                                   D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};
  d.InputLayout = {kPipelinePositionLayout, 1};
  d.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  return d;
}

HRESULT createPso(ID3D12Device* device, const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d) {
  void* pso = reinterpret_cast<void*>(0x1);
  const HRESULT hr = device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &pso);
  if (SUCCEEDED(hr)) static_cast<ID3D12PipelineState*>(pso)->Release();
  else CHECK(pso == nullptr);
  return hr;
}

}  // namespace

TEST_CASE("hostile pipeline states: offsets, sample counts, topology types, node masks and shader linkage D3D12 "
          "refuses are E_INVALIDARG",
          "[hostile][d3d12][pso]") {
  HostileDevice12 d;
  ID3D12RootSignature* rs = graphicsRootSignature(d.device);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  CHECK(createPso(d.device, basicPso(rs, vs, ps)) == S_OK);

  D3D12_GRAPHICS_PIPELINE_STATE_DESC desc = basicPso(rs, vs, ps);
  const D3D12_INPUT_ELEMENT_DESC farOffset[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0xFFFFFFF0u, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};
  desc.InputLayout = {farOffset, 1};
  CHECK(createPso(d.device, desc) == E_INVALIDARG);
  CHECK(d.reported(D3D12_MESSAGE_ID_CREATEINPUTLAYOUT_INVALIDALIGNMENT));
  const D3D12_INPUT_ELEMENT_DESC misaligned[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 2, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};
  desc.InputLayout = {misaligned, 1};
  CHECK(createPso(d.device, desc) == E_INVALIDARG);
  CHECK(d.reported(D3D12_MESSAGE_ID_CREATEINPUTLAYOUT_INVALIDALIGNMENT));

  for (UINT samples : {3u, 64u, 0u}) {
    desc = basicPso(rs, vs, ps);
    desc.SampleDesc.Count = samples;
    INFO("SampleDesc.Count " << samples);
    CHECK(createPso(d.device, desc) == E_INVALIDARG);
    CHECK(d.reported(D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INVALID_SAMPLE_DESC));
  }
  // 8 and 16 are D3D12 counts the device may lack: then the driver refuses them.
  for (UINT samples : {8u, 16u}) {
    desc = basicPso(rs, vs, ps);
    desc.SampleDesc.Count = samples;
    const HRESULT hr = createPso(d.device, desc);
    CHECK((hr == S_OK || hr == E_INVALIDARG));
    d.info->ClearStoredMessages();
  }

  desc = basicPso(rs, vs, ps);
  desc.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE(9);
  CHECK(createPso(d.device, desc) == E_INVALIDARG);
  CHECK(d.reported(D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_INVALID_PRIMITIVETOPOLOGY));

  desc = basicPso(rs, vs, ps);
  desc.NodeMask = 0x80;
  CHECK(createPso(d.device, desc) == E_INVALIDARG);
  CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "NodeMask 128"));

  // A pixel shader reading TEXCOORD0 after a vertex shader that writes only COLOR0.
  const std::vector<uint8_t> vsColor = assembled(kVsPassTexcoord), psTexcoord = assembled(kPsReadsTexcoord);
  CHECK(createPso(d.device, basicPso(rs, vsColor, psTexcoord)) == E_INVALIDARG);
  CHECK(d.reported(D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_SHADER_LINKAGE_SEMANTICNAME_NOT_FOUND, "'TEXCOORD'/0"));

  // Compute: NodeMask 0x80.
  ID3D12RootSignature* crs = computeRootSignature(d.device);
  const std::vector<uint8_t> cs = assembled(kPipelineCsAdd);
  D3D12_COMPUTE_PIPELINE_STATE_DESC cd{crs, shaderBytecode(cs), 0x80, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
  void* pso = reinterpret_cast<void*>(0x1);
  CHECK(d.device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), &pso) == E_INVALIDARG);
  CHECK(pso == nullptr);
  CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "NodeMask 128"));
  crs->Release();
  rs->Release();
}

TEST_CASE("hostile command lists: IASetPrimitiveTopology(200) and barrier states outside D3D12's fail Close",
          "[hostile][d3d12][list]") {
  HostileDevice12 d;
  ID3D12GraphicsCommandList* list = d.list();
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY(200));
  CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "PrimitiveTopology 200"));
  CHECK(list->Close() == E_INVALIDARG);
  list->Release();
  REQUIRE(d.allocator->Reset() == S_OK);

  ID3D12Resource* buffer = createBuffer(d.device, D3D12_HEAP_TYPE_DEFAULT, 256);
  list = d.list();
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {buffer, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COMMON,
                  D3D12_RESOURCE_STATES(0x40000000)};
  list->ResourceBarrier(1, &b);
  CHECK(d.reported(D3D12_MESSAGE_ID_RESOURCE_BARRIER_INVALID_COMBINATION));
  CHECK(list->Close() == E_INVALIDARG);
  list->Release();
  buffer->Release();
}

TEST_CASE("hostile ExecuteIndirect: DISPATCH commands of more than 65535 groups are dropped on the GPU, the others run "
          "and nothing hangs",
          "[hostile][d3d12][indirect]") {
  HostileDevice12 d;
  ID3D12RootSignature* rs = computeRootSignature(d.device);
  ID3D12PipelineState* pso = createAddPso(d.device, rs);
  D3D12_INDIRECT_ARGUMENT_DESC argument{};
  argument.Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
  D3D12_COMMAND_SIGNATURE_DESC sd{12, 1, &argument, 0};
  ID3D12CommandSignature* signature = nullptr;
  REQUIRE(d.device->CreateCommandSignature(&sd, nullptr, __uuidof(ID3D12CommandSignature),
                                           reinterpret_cast<void**>(&signature)) == S_OK);
  // Commands: (0xFFFFFFFF, 1, 1), (1, 70000, 1), (2, 1, 1), (1, 1, 65536); a count buffer of 3.
  const uint32_t args[12] = {0xFFFFFFFFu, 1, 1, 1, 70000, 1, 2, 1, 1, 1, 1, 65536};
  ID3D12Resource* argumentBuffer = createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, sizeof args);
  writeUpload(argumentBuffer, 0, args, sizeof args);
  const uint32_t count = 3;
  ID3D12Resource* countBuffer = createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, 4);
  writeUpload(countBuffer, 0, &count, 4);
  D3D12_RESOURCE_DESC bd = bufferDesc(1024);
  bd.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(d.device, D3D12_HEAP_TYPE_DEFAULT, bd, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* readback = createBuffer(d.device, D3D12_HEAP_TYPE_READBACK, 1024);
  for (bool withCount : {false, true}) {
    INFO((withCount ? "with a count buffer" : "without a count buffer"));
    ID3D12GraphicsCommandList* list = d.list();
    list->SetComputeRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetComputeRoot32BitConstant(0, 0, 0);
    list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
    list->ExecuteIndirect(signature, 4, argumentBuffer, 0, withCount ? countBuffer : nullptr, 0);
    list->CopyBufferRegion(readback, 0, uav, 0, 1024);
    REQUIRE(list->Close() == S_OK);
    d.executeAndWait(list);  // returns: no dispatch of 2^32 groups runs
    list->Release();
    REQUIRE(d.allocator->Reset() == S_OK);
    // Only (2, 1, 1) ran (the others are dropped): words 0..127 gained 1 each time.
    const std::vector<unsigned char> bytes = readBuffer(readback, 1024);
    for (UINT i = 0; i < 256; ++i) {
      uint32_t v = 0;
      std::memcpy(&v, &bytes[i * 4], 4);
      INFO("word " << i);
      CHECK(v == (i < 128 ? (withCount ? 2u : 1u) : 0u));
    }
  }
  CHECK(d.device->GetDeviceRemovedReason() == S_OK);
  readback->Release();
  uav->Release();
  countBuffer->Release();
  argumentBuffer->Release();
  signature->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("hostile fences: SetEventOnCompletion takes only an eventfd, any other descriptor is E_INVALIDARG and "
          "untouched",
          "[hostile][d3d12][fence]") {
  HostileDevice12 d;
  char path[] = "/tmp/d3dvk-hostile-XXXXXX";
  const int file = mkstemp(path);
  REQUIRE(file >= 0);
  REQUIRE(write(file, "fifteen bytes!\n", 15) == 15);
  REQUIRE(d.fence->Signal(1) == S_OK);
  CHECK(d.fence->SetEventOnCompletion(1, reinterpret_cast<HANDLE>(intptr_t(file))) == E_INVALIDARG);
  CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "is not an eventfd"));
  struct stat st{};
  REQUIRE(fstat(file, &st) == 0);
  CHECK(st.st_size == 15);  // nothing was written into it
  int pipeFds[2];
  REQUIRE(pipe(pipeFds) == 0);
  CHECK(d.fence->SetEventOnCompletion(1, reinterpret_cast<HANDLE>(intptr_t(pipeFds[1]))) == E_INVALIDARG);
  CHECK(d.fence->SetEventOnCompletion(1, reinterpret_cast<HANDLE>(intptr_t(999999))) == E_INVALIDARG);
  CHECK(d.fence->SetEventOnCompletion(1, reinterpret_cast<HANDLE>(intptr_t(-5))) == E_INVALIDARG);
  d.info->ClearStoredMessages();
  // An eventfd is signalled (the value is reached already: at once).
  const int event = eventfd(0, 0);
  REQUIRE(event >= 0);
  CHECK(d.fence->SetEventOnCompletion(1, reinterpret_cast<HANDLE>(intptr_t(event))) == S_OK);
  uint64_t signalled = 0;
  CHECK(read(event, &signalled, sizeof signalled) == ssize_t(sizeof signalled));
  CHECK(signalled == 1);
  close(event);
  close(pipeFds[0]);
  close(pipeFds[1]);
  close(file);
  unlink(path);
}
