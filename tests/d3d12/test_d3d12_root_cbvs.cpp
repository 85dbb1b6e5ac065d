// tests/d3d12: root CBVs that change between draws and dispatches of one
// list — a vertex and a pixel shader each reading its own root CBV, moved
// through one upload buffer draw by draw (the stages' sets are bound at new
// dynamic offsets); the same with the pixel shader also reading a descriptor
// table (where the device defers tables, its root CBV has a set of its own);
// compute dispatches reading theirs, beside a UAV table too; a root CBV that
// was never set, which reads zeros with a message and leaves the list closable.
// Pixels and UAV words are read back on the Vulkan device under the
// validation layer.
#include "d3d12_pipeline_util.h"
#include "stderr_capture.h"

using namespace d3dvk::test;

namespace {

// VS: SV_Position = POSITION.xy + cb0[0].xy (b0), w 1.
const char kVsOffset[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyz         0     NONE   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
//
vs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_input v0.xy
dcl_output_siv o0.xyzw, position
add o0.xy, v0.xyxx, cb0[0].xyxx
mov o0.zw, l(0,0,0,1.000000)
ret
)";

// PS: SV_Target0 = cb1[1] (b1; its second vector, so the declared size is 32 bytes).
const char kPsColour[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_constantbuffer CB1[2], immediateIndexed
dcl_output o0.xyzw
mov o0.xyzw, cb1[1].xyzw
ret
)";

// CS: u0 word cb0[0].y = cb0[0].x (a raw UAV: root or from a table).
const char kCsStore[] = R"(cs_5_0
dcl_constantbuffer CB0[1], immediateIndexed
dcl_uav_raw u0
dcl_temps 1
dcl_thread_group 1, 1, 1
ishl r0.x, cb0[0].y, l(2)
store_raw u0.x, r0.x, cb0[0].x
ret
)";

// PS: SV_Target0 = t0[0] · cb1[1] (a typed buffer from a descriptor table, b1 a root CBV).
const char kPsScaledColour[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_constantbuffer CB1[2], immediateIndexed
dcl_resource_buffer (float,float,float,float) t0
dcl_output o0.xyzw
dcl_temps 1
ld_indexable(buffer)(float,float,float,float) r0.xyzw, l(0, 0, 0, 0), t0.xyzw
mul o0.xyzw, r0.xyzw, cb1[1].xyzw
ret
)";

// A quad over the target's top-left quadrant (NDC [-1,0]×[0,1]), as two triangles.
const float kQuadrant[] = {-1, 0, 0, 0, 0, 0, -1, 1, 0, -1, 1, 0, 0, 0, 0, 0, 1, 0};

// The list and an upload buffer for vertices and constants.
struct Rig : DirectList {
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 64 * 1024);
  ~Rig() { upload->Release(); }
  // kCsStore under `rs`.
  ID3D12PipelineState* storePso(ID3D12RootSignature* rs) {
    const std::vector<uint8_t> cs = assembled(kCsStore);
    const D3D12_COMPUTE_PIPELINE_STATE_DESC cd{rs, shaderBytecode(cs), 0, {}, D3D12_PIPELINE_STATE_FLAG_NONE};
    ID3D12PipelineState* pso = nullptr;
    REQUIRE(device->CreateComputePipelineState(&cd, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso)) == S_OK);
    return pso;
  }
  // A 256-byte buffer for unordered access, in UNORDERED_ACCESS.
  ID3D12Resource* uavWords() {
    D3D12_RESOURCE_DESC ud = bufferDesc(256);
    ud.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    return createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, ud, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  }
  // Runs the list with `words`' first `count` words copied out after it, and returns them.
  std::vector<uint32_t> runAndRead(ID3D12Resource* words, size_t count) {
    ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {words, 0, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    list->CopyBufferRegion(readback, 0, words, 0, count * 4);
    run();
    std::vector<uint32_t> out(count);
    std::memcpy(out.data(), readBuffer(readback, count * 4).data(), count * 4);
    readback->Release();
    return out;
  }
  // Clears `target` to `clear` and sets it, `rs`, `pso` and the quadrant
  // (written at the upload buffer's start) as the list's draw state.
  void bindQuadrantDraw(const RenderTarget16& target, const float clear[4], ID3D12RootSignature* rs,
                        ID3D12PipelineState* pso) {
    writeUpload(upload, 0, kQuadrant, sizeof kQuadrant);
    target.bind(list, clear);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    const D3D12_VERTEX_BUFFER_VIEW vbv{upload->GetGPUVirtualAddress(), sizeof kQuadrant, 12};
    list->IASetVertexBuffers(0, 1, &vbv);
  }
};

// Root parameters 0 (b0, vertex) and 1 (b1, pixel): root CBVs.
ID3D12RootSignature* graphicsCbvs(ID3D12Device* device) {
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  p[0].Descriptor = {0, 0};
  p[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_VERTEX;
  p[1].Descriptor = {1, 0};
  p[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  return createRootSignature(device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
}

// The offset VS + colour PS pipeline state under `rs`.
ID3D12PipelineState* offsetColourPso(ID3D12Device* device, ID3D12RootSignature* rs) {
  const std::vector<uint8_t> vs = assembled(kVsOffset), ps = assembled(kPsColour);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(rs, vs, ps);
  ID3D12PipelineState* pso = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso)) == S_OK);
  return pso;
}

}  // namespace

TEST_CASE("D3D12: vertex and pixel root CBVs moved through one buffer between draws each reach their draw",
          "[d3d12][draw]") {
  Rig r;
  ID3D12RootSignature* rs = graphicsCbvs(r.device);
  ID3D12PipelineState* pso = offsetColourPso(r.device, rs);
  RenderTarget16 target(r.device);
  // Offsets to the four quadrants at 256-byte steps from 4096, colours (as b1's second vector) from 8192.
  const float offsets[4][4] = {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, -1, 0, 0}, {1, -1, 0, 0}};
  const float colours[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
  const uint32_t packed[4] = {0xFF0000FF, 0xFF00FF00, 0xFFFF0000, 0xFFFFFFFF};
  for (int q = 0; q < 4; ++q) {
    writeUpload(r.upload, 4096 + 256 * q, offsets[q], 16);
    writeUpload(r.upload, 8192 + 256 * q + 16, colours[q], 16);
  }
  const float black[4] = {0, 0, 0, 0};
  r.bindQuadrantDraw(target, black, rs, pso);
  const D3D12_GPU_VIRTUAL_ADDRESS base = r.upload->GetGPUVirtualAddress();
  // Quadrant 0 in quadrant 0's colour, then both moved; the last draw moves only the vertex stage's
  // (quadrant 3 keeps quadrant 2's colour, then takes its own over it).
  r.list->SetGraphicsRootConstantBufferView(0, base + 4096);
  r.list->SetGraphicsRootConstantBufferView(1, base + 8192);
  r.list->DrawInstanced(6, 1, 0, 0);
  for (int q = 1; q < 4; ++q) {
    r.list->SetGraphicsRootConstantBufferView(0, base + 4096 + 256 * q);
    r.list->SetGraphicsRootConstantBufferView(1, base + 8192 + 256 * q);
    r.list->DrawInstanced(6, 1, 0, 0);
  }
  r.list->SetGraphicsRootConstantBufferView(0, base + 4096 + 256 * 2);  // quadrant 2 again, in quadrant 3's colour
  r.list->DrawInstanced(6, 1, 0, 0);
  r.list->SetGraphicsRootConstantBufferView(1, base + 8192 + 256 * 2);  // and in its own, over it
  r.list->DrawInstanced(6, 1, 0, 0);
  target.copyOut(r.list);
  r.run();
  const std::vector<uint32_t> pixels = target.pixels();
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == packed[(x / 8) + 2 * (y / 8)]);
    }
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12: dispatches each read the root CBV set before them, moved through one buffer", "[d3d12][compute]") {
  Rig r;
  // Root parameters 0 (b0) and 1 (u0): a root CBV and a root UAV.
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  p[0].Descriptor = {0, 0};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
  p[1].Descriptor = {0, 0};
  ID3D12RootSignature* rs = createRootSignature(r.device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
  ID3D12PipelineState* pso = r.storePso(rs);
  ID3D12Resource* words = r.uavWords();
  // Dispatch i stores 100 + i at word i (its root CBV at 256-byte step i).
  for (uint32_t i = 0; i < 4; ++i) {
    const uint32_t args[2] = {100 + i, i};
    writeUpload(r.upload, 256 * i, args, sizeof args);
  }
  r.list->SetComputeRootSignature(rs);
  r.list->SetPipelineState(pso);
  r.list->SetComputeRootUnorderedAccessView(1, words->GetGPUVirtualAddress());
  for (uint32_t i = 0; i < 4; ++i) {
    r.list->SetComputeRootConstantBufferView(0, r.upload->GetGPUVirtualAddress() + 256 * i);
    r.list->Dispatch(1, 1, 1);
  }
  const std::vector<uint32_t> out = r.runAndRead(words, 4);
  for (uint32_t i = 0; i < 4; ++i) CHECK(out[i] == 100 + i);
  words->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12: a pixel shader's root CBV moved between draws, beside a descriptor table that changes too, reaches "
          "each draw with that draw's table",
          "[d3d12][draw]") {
  Rig r;
  // Root parameters 0 (b0, vertex) and 1 (b1, pixel): root CBVs; 2: a table of t0 (pixel).
  D3D12_DESCRIPTOR_RANGE srv{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0};
  D3D12_ROOT_PARAMETER p[3]{};
  p[0].ParameterType = p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  p[0].Descriptor = {0, 0};
  p[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_VERTEX;
  p[1].Descriptor = {1, 0};
  p[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  p[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[2].DescriptorTable = {1, &srv};
  p[2].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  ID3D12RootSignature* rs =
      createRootSignature(r.device, {3, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
  const std::vector<uint8_t> vs = assembled(kVsOffset), ps = assembled(kPsScaledColour);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(rs, vs, ps);
  ID3D12PipelineState* pso = nullptr;
  REQUIRE(r.device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso)) == S_OK);
  RenderTarget16 target(r.device);

  // Two typed-buffer views (heap entries 0 and 1) of one float4 each: all ones, and red dropped.
  const float all[4] = {1, 1, 1, 1}, noRed[4] = {0, 1, 1, 1};
  writeUpload(r.upload, 12288, all, 16);
  writeUpload(r.upload, 12288 + 256, noRed, 16);
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  ID3D12DescriptorHeap* heap = nullptr;
  REQUIRE(r.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
  const UINT step = r.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  for (UINT v = 0; v < 2; ++v) {
    D3D12_SHADER_RESOURCE_VIEW_DESC d{};
    d.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
    d.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    d.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    d.Buffer = {(12288 + 256 * v) / 16, 1, 0, D3D12_BUFFER_SRV_FLAG_NONE};
    r.device->CreateShaderResourceView(r.upload, &d, {heap->GetCPUDescriptorHandleForHeapStart().ptr + v * step});
  }
  // Offsets to the four quadrants at 256-byte steps from 4096, colours (b1's second vector) from 8192.
  const float offsets[4][4] = {{0, 0, 0, 0}, {1, 0, 0, 0}, {0, -1, 0, 0}, {1, -1, 0, 0}};
  const float colours[4][4] = {{1, 0, 0, 1}, {1, 1, 0, 1}, {1, 0, 1, 1}, {1, 1, 1, 1}};
  for (int q = 0; q < 4; ++q) {
    writeUpload(r.upload, 4096 + 256 * q, offsets[q], 16);
    writeUpload(r.upload, 8192 + 256 * q + 16, colours[q], 16);
  }
  const float black[4] = {0, 0, 0, 0};
  r.bindQuadrantDraw(target, black, rs, pso);
  r.list->SetDescriptorHeaps(1, &heap);
  const D3D12_GPU_VIRTUAL_ADDRESS base = r.upload->GetGPUVirtualAddress();
  const D3D12_GPU_DESCRIPTOR_HANDLE first = heap->GetGPUDescriptorHandleForHeapStart(), second{first.ptr + step};
  // Quadrants 0 and 1 with the first view, 2 and 3 with the second; both root CBVs move every draw,
  // and the last draw changes only the table (quadrant 3 again, the first view over the second).
  const D3D12_GPU_DESCRIPTOR_HANDLE tables[5] = {first, first, second, second, first};
  for (int d = 0; d < 5; ++d) {
    const int q = d < 4 ? d : 3;
    r.list->SetGraphicsRootConstantBufferView(0, base + 4096 + 256 * q);
    r.list->SetGraphicsRootConstantBufferView(1, base + 8192 + 256 * q);
    r.list->SetGraphicsRootDescriptorTable(2, tables[d]);
    r.list->DrawInstanced(6, 1, 0, 0);
  }
  target.copyOut(r.list);
  r.run();
  // Colour · view: red; yellow; magenta without red = blue; white (the first view, drawn last).
  const uint32_t packed[4] = {0xFF0000FF, 0xFF00FFFF, 0xFFFF0000, 0xFFFFFFFF};
  const std::vector<uint32_t> pixels = target.pixels();
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == packed[(x / 8) + 2 * (y / 8)]);
    }
  heap->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12: dispatches each read the root CBV set before them beside a UAV table, moved through one buffer",
          "[d3d12][compute]") {
  Rig r;
  // Root parameters 0 (b0): a root CBV; 1: a table of u0.
  D3D12_DESCRIPTOR_RANGE uav{D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, 0};
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  p[0].Descriptor = {0, 0};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[1].DescriptorTable = {1, &uav};
  ID3D12RootSignature* rs = createRootSignature(r.device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE});
  ID3D12PipelineState* pso = r.storePso(rs);
  ID3D12Resource* words = r.uavWords();
  // Two raw views of the buffer: from word 0 and from word 8.
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  ID3D12DescriptorHeap* heap = nullptr;
  REQUIRE(r.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
  const UINT step = r.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  for (UINT v = 0; v < 2; ++v) {
    D3D12_UNORDERED_ACCESS_VIEW_DESC d{};
    d.Format = DXGI_FORMAT_R32_TYPELESS;
    d.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    d.Buffer = {8 * v, 8, 0, 0, D3D12_BUFFER_UAV_FLAG_RAW};
    r.device->CreateUnorderedAccessView(words, nullptr, &d, {heap->GetCPUDescriptorHandleForHeapStart().ptr + v * step});
  }
  // Dispatch i stores 100 + i at word i % 4 of view i / 4 (its root CBV at 256-byte step i).
  for (uint32_t i = 0; i < 8; ++i) {
    const uint32_t args[2] = {100 + i, i % 4};
    writeUpload(r.upload, 256 * i, args, sizeof args);
  }
  r.list->SetDescriptorHeaps(1, &heap);
  r.list->SetComputeRootSignature(rs);
  r.list->SetPipelineState(pso);
  const D3D12_GPU_DESCRIPTOR_HANDLE first = heap->GetGPUDescriptorHandleForHeapStart();
  for (uint32_t i = 0; i < 8; ++i) {
    r.list->SetComputeRootConstantBufferView(0, r.upload->GetGPUVirtualAddress() + 256 * i);
    r.list->SetComputeRootDescriptorTable(1, {first.ptr + (i / 4) * step});
    r.list->Dispatch(1, 1, 1);
  }
  const std::vector<uint32_t> out = r.runAndRead(words, 12);
  for (uint32_t i = 0; i < 8; ++i) CHECK(out[(i / 4) * 8 + i % 4] == 100 + i);
  heap->Release();
  words->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12: a root CBV never set reads zeros, with a message, and the list closes", "[d3d12][draw][lenient]") {
  Rig r;
  ID3D12RootSignature* rs = graphicsCbvs(r.device);
  ID3D12PipelineState* pso = offsetColourPso(r.device, rs);
  RenderTarget16 target(r.device);
  const float none[4] = {0, 0, 0, 0};
  writeUpload(r.upload, 4096, none, 16);
  const float grey[4] = {0.6f, 0.6f, 0.6f, 0.6f};  // 153 of 255, exactly
  r.bindQuadrantDraw(target, grey, rs, pso);
  r.list->SetGraphicsRootConstantBufferView(0, r.upload->GetGPUVirtualAddress() + 4096);  // b1 never set
  StderrCapture errors;
  r.list->DrawInstanced(6, 1, 0, 0);
  target.copyOut(r.list);
  r.run();
  CHECK(errors.text().find("reads a root CBV/SRV/UAV that was not set; it reads zeros") != std::string::npos);
  const std::vector<uint32_t> pixels = target.pixels();
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == (x < 8 && y < 8 ? 0x00000000u : 0x99999999u));
    }
  pso->Release();
  rs->Release();
}
