// tests/d3d12: ExecuteIndirect through the public API — command signatures of
// one DRAW, DRAW_INDEXED or DISPATCH argument with argument buffers written by
// the CPU, with and without a count buffer, pixels and UAV words read back;
// the dispatch-count shader valid SPIR-V (SPIRV-Tools);
// CreateCommandSignature's rules (E_INVALIDARG) and the arguments d3dvk does
// not run (E_NOTIMPL); ExecuteIndirect's buffer checks failing Close; and
// the DDI entries the trace filter sees. (With a pipeline state that needs the
// conservative fallback: test_d3d12_conservative.cpp.)
#include "d3d12_pipeline_util.h"
#include "ddi_trace_log.h"
#include "dispatch_count_shader.h"
#include "dxbc/spirv_tools.h"
#include "stderr_capture.h"

#include <algorithm>
#include <optional>

using namespace d3dvk::test;

namespace {

constexpr uint32_t kRed = 0xFF0000FF, kBlack = 0xFF000000;
const float kRedF[4] = {1, 0, 0, 1}, kBlackF[4] = {0, 0, 0, 1};

// The left half (vertices 0-5) and the right half (6-11) of the target as two triangles each.
const float kHalves[] = {
    -1, -1, 0, -1, 1, 0, 0, 1, 0, -1, -1, 0, 0, 1, 0, 0, -1, 0,  // left
    0,  -1, 0, 0,  1, 0, 1, 1, 0, 0,  -1, 0, 1, 1, 0, 1, -1, 0,  // right
};

ID3D12CommandSignature* signature(ID3D12Device* device, D3D12_INDIRECT_ARGUMENT_TYPE type, UINT stride,
                                  HRESULT expected = S_OK, ID3D12RootSignature* rs = nullptr) {
  D3D12_INDIRECT_ARGUMENT_DESC argument{};
  argument.Type = type;
  D3D12_COMMAND_SIGNATURE_DESC desc{stride, 1, &argument, 0};
  void* out = nullptr;
  CHECK(device->CreateCommandSignature(&desc, rs, __uuidof(ID3D12CommandSignature), &out) == expected);
  if (expected != S_OK) {
    CHECK(out == nullptr);
    return nullptr;
  }
  return createdOrFail<ID3D12CommandSignature>(S_OK, out);
}

// A device, a direct queue, the render target, the constant-colour pipeline,
// the halves in an upload buffer (offset 0) and room for arguments (4096+).
struct IndirectScene {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  std::optional<RenderTarget16> target{std::in_place, device};
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  ID3D12PipelineState* pso = createConstantColourPso(device, rs);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 8192);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);

  IndirectScene() { writeUpload(upload, 0, kHalves, sizeof kHalves); }
  ~IndirectScene() {
    list->Release();
    allocator->Release();
    upload->Release();
    pso->Release();
    rs->Release();
    fence->Release();
    queue->Release();
    target.reset();
    CHECK(device->Release() == 0);
  }
  // Clears to black and sets the pipeline, the halves as vertex buffer and red.
  void begin() {
    target->bind(list, kBlackF);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    D3D12_VERTEX_BUFFER_VIEW vbv{upload->GetGPUVirtualAddress(), sizeof kHalves, 12};
    list->IASetVertexBuffers(0, 1, &vbv);
    list->SetGraphicsRoot32BitConstants(0, 4, kRedF, 0);
  }
  std::vector<uint32_t> finish() {
    target->copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    return target->pixels();
  }
};

// Which halves are red (the others black); `what` names the case.
void checkHalves(const char* what, const std::vector<uint32_t>& pixels, bool left, bool right) {
  INFO(what);
  const UINT n = RenderTarget16::kSize;
  for (UINT y = 0; y < n; ++y)
    for (UINT x = 0; x < n; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * n + x] == ((x < n / 2 ? left : right) ? kRed : kBlack));
    }
}

}  // namespace

TEST_CASE("D3D12 ExecuteIndirect draws DRAW and DRAW_INDEXED commands, with and without a count buffer",
          "[d3d12][indirect]") {
  IndirectScene s;
  // Two DRAW commands 32 bytes apart (the stride is larger than the 16-byte arguments).
  ID3D12CommandSignature* draws = signature(s.device, D3D12_INDIRECT_ARGUMENT_TYPE_DRAW, 32);
  unsigned char argumentBytes[64] = {};
  const D3D12_DRAW_ARGUMENTS left{6, 1, 0, 0}, right{6, 1, 6, 0};
  std::memcpy(argumentBytes, &left, sizeof left);
  std::memcpy(argumentBytes + 32, &right, sizeof right);
  writeUpload(s.upload, 4096, argumentBytes, sizeof argumentBytes);
  const UINT one = 1;
  writeUpload(s.upload, 4200, &one, 4);

  s.begin();
  s.list->ExecuteIndirect(draws, 2, s.upload, 4096, nullptr, 0);
  checkHalves("two commands", s.finish(), true, true);

  // The count buffer says 1 of at most 2.
  s.begin();
  s.list->ExecuteIndirect(draws, 2, s.upload, 4096, s.upload, 4200);
  checkHalves("count 1 of 2", s.finish(), true, false);

  // A count of 1 from a MaxCommandCount of 1, the second command only (offset 4128).
  s.begin();
  s.list->ExecuteIndirect(draws, 1, s.upload, 4096 + 32, s.upload, 4200);
  checkHalves("second command by its offset", s.finish(), false, true);

  // DRAW_INDEXED: indices 0-5 with BaseVertexLocation 6 draw the right half.
  ID3D12CommandSignature* indexed = signature(s.device, D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED, 20);
  const uint16_t indices[6] = {0, 1, 2, 3, 4, 5};
  writeUpload(s.upload, 4300, indices, sizeof indices);
  const D3D12_DRAW_INDEXED_ARGUMENTS rightIndexed{6, 1, 0, 6, 0};
  writeUpload(s.upload, 4400, &rightIndexed, sizeof rightIndexed);
  s.begin();
  D3D12_INDEX_BUFFER_VIEW ibv{s.upload->GetGPUVirtualAddress() + 4300, sizeof indices, DXGI_FORMAT_R16_UINT};
  s.list->IASetIndexBuffer(&ibv);
  s.list->ExecuteIndirect(indexed, 1, s.upload, 4400, nullptr, 0);
  checkHalves("DRAW_INDEXED", s.finish(), false, true);

  // A count of 0 draws nothing.
  const UINT zero = 0;
  writeUpload(s.upload, 4204, &zero, 4);
  s.begin();
  s.list->ExecuteIndirect(draws, 2, s.upload, 4096, s.upload, 4204);
  checkHalves("count 0", s.finish(), false, false);

  indexed->Release();
  draws->Release();
}

TEST_CASE("D3D12 ExecuteIndirect dispatches DISPATCH commands, with and without a count buffer (0, 1, less than and "
          "above MaxCommandCount)",
          "[d3d12][indirect][compute]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12RootSignature* rs = computeRootSignature(device);
  ID3D12PipelineState* pso = createAddPso(device, rs);
  D3D12_RESOURCE_DESC bd = bufferDesc(1024);
  bd.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* uav = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, bd, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 2048);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 1024);
  const D3D12_DISPATCH_ARGUMENTS arguments[2] = {{2, 1, 1}, {1, 1, 1}};
  writeUpload(upload, 0, arguments, sizeof arguments);
  const UINT count = 1;
  writeUpload(upload, 64, &count, 4);
  ID3D12CommandSignature* dispatches = signature(device, D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH, 12);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_COMPUTE, allocator);

  const std::vector<unsigned char> zeros(1024);
  writeUpload(upload, 1024, zeros.data(), zeros.size());
  auto transition = [&](D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
    D3D12_RESOURCE_BARRIER t{};
    t.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    t.Transition = {uav, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
    list->ResourceBarrier(1, &t);
  };
  // Zeros, then 2 groups and 1 group adding 1 + 10 to their words.
  transition(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_DEST);
  list->CopyBufferRegion(uav, 0, upload, 1024, 1024);
  transition(D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  list->SetComputeRootSignature(rs);
  list->SetPipelineState(pso);
  list->SetComputeRoot32BitConstant(0, 10, 0);
  list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
  list->ExecuteIndirect(dispatches, 2, upload, 0, nullptr, 0);
  transition(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
  list->CopyBufferRegion(readback, 0, uav, 0, 1024);
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &value);
  const std::vector<unsigned char> bytes = readBuffer(readback, 1024);
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t v = 0;
    std::memcpy(&v, &bytes[i * 4], 4);
    INFO("word " << i);
    CHECK(v == (i < 64 ? 22u : i < 128 ? 11u : 0u));
  }

  // With a count buffer (Vulkan has no dispatch count: d3dvk zeroes the commands past it on the GPU).
  // Four commands of 4, 3, 2 and 1 groups, 16 bytes apart, from offset 256; the counts at 512 + 4·k.
  const UINT32 stride16[16] = {4, 1, 1, 0xDEAD, 3, 1, 1, 0xDEAD, 2, 1, 1, 0xDEAD, 1, 1, 1, 0xDEAD};
  writeUpload(upload, 256, stride16, sizeof stride16);
  const UINT counts[4] = {0, 1, 3, 7};
  writeUpload(upload, 512, counts, sizeof counts);
  ID3D12CommandSignature* strided = signature(device, D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH, 16);
  for (UINT k = 0; k < 4; ++k) {
    const UINT n = std::min(counts[k], 4u);  // commands that run
    INFO("count " << counts[k] << " of MaxCommandCount 4");
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    transition(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_DEST);
    list->CopyBufferRegion(uav, 0, upload, 1024, 1024);
    transition(D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    list->SetComputeRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetComputeRoot32BitConstant(0, 10, 0);
    list->SetComputeRootUnorderedAccessView(1, uav->GetGPUVirtualAddress());
    list->ExecuteIndirect(strided, 4, upload, 256, upload, 512 + 4 * k);
    // The 12-byte signature with a count too: count 1 of 2 runs the 2-group command only (adds 11 to words 0-127).
    list->ExecuteIndirect(dispatches, 2, upload, 0, upload, 64);
    transition(D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
    list->CopyBufferRegion(readback, 0, uav, 0, 1024);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    const std::vector<unsigned char> out = readBuffer(readback, 1024);
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t v = 0, expected = i < 128 ? 11u : 0u;
      std::memcpy(&v, &out[i * 4], 4);
      for (UINT c = 0; c < n; ++c)
        if (i < (4 - c) * 64) expected += 11;  // command c runs 4 - c groups of 64 words
      INFO("word " << i);
      CHECK(v == expected);
    }
  }
  strided->Release();

  list->Release();
  allocator->Release();
  dispatches->Release();
  readback->Release();
  upload->Release();
  uav->Release();
  pso->Release();
  rs->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 ExecuteIndirect's dispatch-count compute shader is valid Vulkan 1.1 SPIR-V", "[d3d12][indirect][spirv]") {
  const std::span<const uint32_t> code = d3dvk::indirect::dispatchCountShaderSpirv();
  REQUIRE(code.size() > 5);
  CHECK(code[0] == 0x07230203u);  // the SPIR-V magic number
  CHECK(d3dvk::dxbc::validateSpirv(std::vector<uint32_t>(code.begin(), code.end())) == "");
}

TEST_CASE("D3D12 CreateCommandSignature's rules and ExecuteIndirect's buffer checks", "[d3d12][indirect][errors]") {
  IndirectScene s;
  StderrCapture errors;
  // ByteStride below the arguments, or not a multiple of 4.
  signature(s.device, D3D12_INDIRECT_ARGUMENT_TYPE_DRAW, 12, E_INVALIDARG);
  signature(s.device, D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH, 14, E_INVALIDARG);
  // A root signature for a signature that changes no root argument.
  signature(s.device, D3D12_INDIRECT_ARGUMENT_TYPE_DRAW, 16, E_INVALIDARG, s.rs);
  // Not an argument type.
  signature(s.device, D3D12_INDIRECT_ARGUMENT_TYPE(99), 16, E_INVALIDARG);
  // A draw that is not the last argument; no draw at all.
  D3D12_INDIRECT_ARGUMENT_DESC two[2]{};
  two[0].Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
  two[1].Type = D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW;
  D3D12_COMMAND_SIGNATURE_DESC desc{64, 2, two, 0};
  void* out = nullptr;
  CHECK(s.device->CreateCommandSignature(&desc, nullptr, __uuidof(ID3D12CommandSignature), &out) == E_INVALIDARG);
  desc.NumArgumentDescs = 1;
  desc.pArgumentDescs = &two[1];
  CHECK(s.device->CreateCommandSignature(&desc, nullptr, __uuidof(ID3D12CommandSignature), &out) == E_INVALIDARG);
  // Valid D3D12 that d3dvk does not run: a vertex-buffer view before the draw.
  std::swap(two[0], two[1]);
  desc = {64, 2, two, 0};
  CHECK(s.device->CreateCommandSignature(&desc, nullptr, __uuidof(ID3D12CommandSignature), &out) == E_NOTIMPL);
  CHECK(out == nullptr);
  const std::string printed = errors.text();
  CHECK(printed.find("ID3D12Device::CreateCommandSignature: ByteStride (12) is smaller than the arguments (16 bytes)") !=
        std::string::npos);
  CHECK(printed.find("pRootSignature must be null when no argument changes root arguments") != std::string::npos);
  CHECK(printed.find("argument 0: a draw or dispatch argument must be the last one") != std::string::npos);
  CHECK(printed.find("argument type VERTEX_BUFFER_VIEW is not implemented") != std::string::npos);

  ID3D12CommandSignature* draws = signature(s.device, D3D12_INDIRECT_ARGUMENT_TYPE_DRAW, 16);
  auto failsClose = [&](auto&& record, const char* text) {
    StderrCapture capture;
    s.begin();
    record();
    CHECK(s.list->Close() == E_INVALIDARG);
    INFO(capture.text());
    CHECK(capture.text().find(text) != std::string::npos);
    REQUIRE(s.list->Reset(s.allocator, nullptr) == S_OK);
  };
  // 2 commands from 8176 end at 8208, past the 8192-byte buffer.
  failsClose([&] { s.list->ExecuteIndirect(draws, 2, s.upload, 8176, nullptr, 0); },
             "MaxCommandCount commands of ByteStride 16 from ArgumentBufferOffset reach past the argument buffer");
  failsClose([&] { s.list->ExecuteIndirect(draws, 1, s.upload, 2, nullptr, 0); },
             "ArgumentBufferOffset is not a multiple of 4");
  failsClose([&] { s.list->ExecuteIndirect(draws, 1, s.upload, 0, s.upload, 8190); },
             "CountBufferOffset is not a multiple of 4");
  failsClose([&] { s.list->ExecuteIndirect(draws, 1, s.upload, 0, s.target->texture, 0); }, "pCountBuffer is not a buffer");
  failsClose([&] { s.list->ExecuteIndirect(nullptr, 1, s.upload, 0, nullptr, 0); }, "pCommandSignature is null");
  {  // A draw signature without a graphics pipeline state set: dropped with a message, the list still closes.
    StderrCapture capture;
    s.list->ExecuteIndirect(draws, 1, s.upload, 4096, nullptr, 0);
    CHECK(s.list->Close() == S_OK);
    CHECK(capture.text().find("ExecuteIndirect: a draw without a graphics pipeline state") != std::string::npos);
    REQUIRE(s.list->Reset(s.allocator, nullptr) == S_OK);
  }

  // Draw signatures run on direct lists only.
  ID3D12CommandAllocator* computeAllocator = createAllocator(s.device, D3D12_COMMAND_LIST_TYPE_COMPUTE);
  ID3D12GraphicsCommandList* compute = createList(s.device, D3D12_COMMAND_LIST_TYPE_COMPUTE, computeAllocator);
  {
    StderrCapture capture;
    compute->ExecuteIndirect(draws, 1, s.upload, 4096, nullptr, 0);
    CHECK(compute->Close() == E_INVALIDARG);
    CHECK(capture.text().find("ExecuteIndirect: only direct command lists draw") != std::string::npos);
  }
  compute->Release();
  computeAllocator->Release();
  draws->Release();
}

TEST_CASE("D3D12 command signatures and ExecuteIndirect reach the DDI as the WDK's entries", "[d3d12][indirect][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  IndirectScene s;
  ID3D12CommandSignature* draws = signature(s.device, D3D12_INDIRECT_ARGUMENT_TYPE_DRAW, 16);
  CHECK(trace.calls("D3D12 CreateCommandSignature") == std::vector<std::string>{"D3D12 CreateCommandSignature() -> S_OK"});
  const D3D12_DRAW_ARGUMENTS all{12, 1, 0, 0};
  writeUpload(s.upload, 4096, &all, sizeof all);
  s.begin();
  s.list->ExecuteIndirect(draws, 1, s.upload, 4096, nullptr, 0);
  checkHalves("trace", s.finish(), true, true);
  CHECK(trace.calls("D3D12 ExecuteIndirect").size() == 1);
  draws->Release();
  CHECK(trace.calls("D3D12 DestroyCommandSignature").size() == 1);
}
