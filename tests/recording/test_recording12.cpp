// tests/recording: what the D3D12 UMD records for a command list's draws —
// barriers only where the application calls ResourceBarrier (consecutive
// calls sharing one), draws sharing a render pass while the targets stay, the
// implicit order of render-target writes (a clear, then draws) kept, clears
// of the open pass's targets inside it, whole-target clears before the
// targets' pass as its load op, a stage's descriptor set written once per
// distinct root-argument values it reads — counted with D3DVK_STATS around
// the list's recording, with the pixels read back; draws with no call between
// them recording only themselves; a root CBV that moves
// within one buffer is a new dynamic offset, not a new set, beside a
// descriptor table too.
#include "../d3d12/d3d12_pipeline_util.h"
#include "recording_stats.h"

using namespace d3dvk::test;

namespace {

// A device, queue, list and a 16×16 target drawn by the constant-colour PSO
// (root constants b0 = the colour), and the quadrants as vertex data.
struct Rig12 {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  ID3D12PipelineState* pso = createConstantColourPso(device, rs);
  RenderTarget16 target{device};
  ID3D12Resource* vertices = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 4 * 6 * 12);
  D3D12_VERTEX_BUFFER_VIEW vbv{};

  Rig12() {
    // Quadrant q: x in [q%2 * 8, +8), y in [q/2 * 8, +8) of the target, two triangles each.
    std::vector<float> v;
    for (int q = 0; q < 4; ++q) {
      const float x0 = (q % 2) ? 0.0f : -1.0f, y0 = (q / 2) ? -1.0f : 0.0f;
      const float quad[6][2] = {{x0, y0}, {x0 + 1, y0}, {x0, y0 + 1}, {x0, y0 + 1}, {x0 + 1, y0}, {x0 + 1, y0 + 1}};
      for (const auto& p : quad) v.insert(v.end(), {p[0], p[1], 0.0f});
    }
    writeUpload(vertices, 0, v.data(), v.size() * sizeof(float));
    vbv = {vertices->GetGPUVirtualAddress(), UINT(v.size() * sizeof(float)), 12};
  }
  ~Rig12() {
    vertices->Release();
    pso->Release();
    rs->Release();
    fence->Release();
    list->Release();
    allocator->Release();
    queue->Release();
    device->Release();
  }
  void bindDrawState() {
    const float black[4] = {0, 0, 0, 0};
    target.bind(list, black);
    list->SetGraphicsRootSignature(rs);
    list->SetPipelineState(pso);
    list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    list->IASetVertexBuffers(0, 1, &vbv);
  }
  void drawQuadrant(int q, const float colour[4]) {
    list->SetGraphicsRoot32BitConstants(0, 4, colour, 0);
    list->DrawInstanced(6, 1, UINT(6 * q), 0);
  }
  void transitionTarget(D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to) {
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition = {target.texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, from, to};
    list->ResourceBarrier(1, &b);
  }
  // Copies the target out (after a transition to COPY_SOURCE), executes and waits.
  std::vector<uint32_t> finish() {
    transitionTarget(D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    target.copyOut(list);
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &fenceValue);
    return target.pixels();
  }
};

uint32_t packed(const float c[4]) {
  uint32_t out = 0;
  for (int i = 0; i < 4; ++i) out |= uint32_t(std::lround(c[i] * 255.0f)) << (8 * i);
  return out;
}

const float kRed[4] = {1, 0, 0, 1}, kGreen[4] = {0, 1, 0, 1}, kBlue[4] = {0, 0, 1, 1}, kWhite[4] = {1, 1, 1, 1};

}  // namespace

TEST_CASE("D3D12: draws without ResourceBarrier calls between them record no barrier and share one render pass",
          "[recording][d3d12][pixels]") {
  Rig12 r;
  r.bindDrawState();
  r.drawQuadrant(0, kRed);  // begins the render pass
  const D3DVKStats before = umdStats();
  r.drawQuadrant(1, kGreen);
  r.drawQuadrant(2, kBlue);
  r.drawQuadrant(3, kWhite);
  const D3DVKStats after = umdStats();
  CHECK(after.barriers - before.barriers == 0);
  CHECK(after.renderPasses - before.renderPasses == 0);
  CHECK(after.pipelineBinds - before.pipelineBinds == 0);
  CHECK(after.draws - before.draws == 3);
  const std::vector<uint32_t> pixels = r.finish();
  const float* colours[4] = {kRed, kGreen, kBlue, kWhite};
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == packed(colours[(x / 8) + 2 * (y / 8)]));
    }
}

TEST_CASE("D3D12: draws with no other call between them record only themselves, each with its own arguments, and an "
          "indexed draw past the index buffer's end and the draw after it still bind what they read",
          "[recording][d3d12][pixels]") {
  Rig12 r;
  // Indices 0..23 (the quadrants' vertices in order), 16-bit.
  ID3D12Resource* indices = createBuffer(r.device, D3D12_HEAP_TYPE_UPLOAD, 48);
  uint16_t in[24];
  for (uint16_t i = 0; i < 24; ++i) in[i] = i;
  writeUpload(indices, 0, in, sizeof in);
  const D3D12_INDEX_BUFFER_VIEW ibv{indices->GetGPUVirtualAddress(), sizeof in, DXGI_FORMAT_R16_UINT};
  r.bindDrawState();
  r.list->IASetIndexBuffer(&ibv);
  r.drawQuadrant(0, kRed);  // binds everything
  const Counted repeated;
  r.list->DrawInstanced(6, 1, 6, 0);  // quadrant 1, in red too
  const D3DVKStats one = repeated.delta();
  CHECK(one.draws == 1);
  CHECK(one.pipelineBinds == 0);
  CHECK(one.descriptorSetBinds == 0);
  CHECK(one.renderPasses == 0);
  CHECK(one.barriers == 0);
  // Indexed draws: the first binds the index buffer, the next records only itself.
  r.list->SetGraphicsRoot32BitConstants(0, 4, kGreen, 0);
  r.list->DrawIndexedInstanced(6, 1, 12, 0, 0);  // quadrant 2, green
  const Counted indexed;
  r.list->DrawIndexedInstanced(6, 1, 0, 18, 0);  // quadrant 3 through baseVertex, green
  CHECK(indexed.delta().draws == 1);
  // Past the index buffer's end: zeros (vertex 18 six times, nothing drawn); then quadrant 0 from the
  // buffer again, in green over red.
  r.list->DrawIndexedInstanced(6, 1, 24, 18, 0);
  r.list->DrawIndexedInstanced(6, 1, 0, 0, 0);
  const std::vector<uint32_t> pixels = r.finish();
  const float* colours[4] = {kGreen, kRed, kGreen, kGreen};
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == packed(colours[(x / 8) + 2 * (y / 8)]));
    }
  indices->Release();
}

TEST_CASE("D3D12: ResourceBarrier calls in a row become one barrier before the next command", "[recording][d3d12]") {
  Rig12 r;
  r.bindDrawState();
  r.drawQuadrant(0, kRed);
  const D3DVKStats before = umdStats();
  // Two separate calls (a round trip of the target's state) and a UAV barrier: one Vulkan barrier at the next draw.
  r.transitionTarget(D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
  r.transitionTarget(D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
  D3D12_RESOURCE_BARRIER uav{};
  uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  r.list->ResourceBarrier(1, &uav);
  const D3DVKStats recorded = umdStats();
  CHECK(recorded.barriers - before.barriers == 0);  // batched until a command needs it
  r.drawQuadrant(1, kGreen);
  const D3DVKStats after = umdStats();
  CHECK(after.barriers - before.barriers == 1);
  CHECK(after.renderPasses - before.renderPasses == 1);  // the barrier ended the open render pass
  const std::vector<uint32_t> pixels = r.finish();
  CHECK(pixels[0] == packed(kRed));
  CHECK(pixels[8] == packed(kGreen));
  CHECK(pixels[8 * 16] == 0u);
}

TEST_CASE("D3D12: a clear of the open render pass's target joins it, in order with the draws around it",
          "[recording][d3d12][clear][pixels]") {
  Rig12 r;
  r.bindDrawState();  // clears the target to black (a transfer: no render pass is open yet)
  r.drawQuadrant(0, kRed);
  const D3DVKStats before = umdStats();
  // D3D12 orders render-target writes to one resource: clear (whole target white), then draw quadrant 3 blue.
  r.list->ClearRenderTargetView(r.target.rtv, kWhite, 0, nullptr);
  r.drawQuadrant(3, kBlue);
  const D3DVKStats after = umdStats();
  CHECK(after.barriers - before.barriers == 0);  // an attachment clear, in rasterization order with the draws
  CHECK(after.renderPasses - before.renderPasses == 0);
  const std::vector<uint32_t> pixels = r.finish();
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == packed(x >= 8 && y >= 8 ? kBlue : kWhite));
    }
}

TEST_CASE("D3D12: a clear with rects inside the open render pass clears only the rects, clipped to the target",
          "[recording][d3d12][clear][pixels]") {
  Rig12 r;
  r.bindDrawState();
  for (int q = 0; q < 4; ++q) r.drawQuadrant(q, kRed);
  const D3DVKStats before = umdStats();
  const D3D12_RECT rects[2] = {{2, 3, 6, 5}, {12, 12, 40, 40}};  // the second reaches past the 16×16 target
  r.list->ClearRenderTargetView(r.target.rtv, kWhite, 2, rects);
  r.drawQuadrant(0, kBlue);  // over the first rect
  const D3DVKStats after = umdStats();
  CHECK(after.barriers - before.barriers == 0);
  CHECK(after.renderPasses - before.renderPasses == 0);
  const std::vector<uint32_t> pixels = r.finish();
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      const float* want = x < 8 && y < 8 ? kBlue : x >= 12 && y >= 12 ? kWhite : kRed;
      CHECK(pixels[y * 16 + x] == packed(want));
    }
}

TEST_CASE("D3D12: whole-target clears before the targets' first draw become its render pass's load op: one render "
          "pass and no barrier between them, the last clear winning",
          "[recording][d3d12][clear][pixels]") {
  Rig12 r;
  const D3DVKStats before = umdStats();
  r.bindDrawState();  // a black clear, waiting for the instance (no render pass is open)
  r.list->ClearRenderTargetView(r.target.rtv, kWhite, 0, nullptr);
  r.list->ClearRenderTargetView(r.target.rtv, kGreen, 0, nullptr);
  r.drawQuadrant(0, kRed);
  r.drawQuadrant(3, kBlue);
  const D3DVKStats after = umdStats();
  CHECK(after.renderPasses - before.renderPasses == 1);
  CHECK(after.barriers - before.barriers == 0);  // no transfer clear to order before the instance
  const std::vector<uint32_t> pixels = r.finish();
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      const float* want = x < 8 && y < 8 ? kRed : x >= 8 && y >= 8 ? kBlue : kGreen;
      CHECK(pixels[y * 16 + x] == packed(want));
    }
}

TEST_CASE("D3D12: a clear waiting for a render pass runs before a barrier and a copy that come first",
          "[recording][d3d12][clear][pixels]") {
  Rig12 r;
  r.bindDrawState();
  r.list->ClearRenderTargetView(r.target.rtv, kBlue, 0, nullptr);
  // No draw: the transition and the copy (finish) must see the clear.
  const std::vector<uint32_t> pixels = r.finish();
  for (UINT i = 0; i < 16 * 16; ++i) {
    INFO("pixel " << i % 16 << "," << i / 16);
    CHECK(pixels[i] == packed(kBlue));
  }
}

namespace {

// PS: SV_Target0 = t0.Load(0, 0) + cb0[0] (a table's texel plus root constants).
const char kTexelPlusConstantPs[] = R"(//
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
dcl_constantbuffer CB0[1], immediateIndexed
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
dcl_temps 1
ld r0.xyzw, l(0, 0, 0, 0), t0.xyzw
add o0.xyzw, r0.xyzw, cb0[0].xyzw
ret
)";

// Two 1×1 textures, red and green, as entries 0 and 1 of a shader-visible
// heap, uploaded by commands on the rig's list.
struct RedGreenTable {
  static constexpr uint32_t kTexels[2] = {0xff0000ffu, 0xff00ff00u};
  ID3D12Resource* upload;
  ID3D12Resource* textures[2];
  ID3D12DescriptorHeap* heap = nullptr;
  D3D12_GPU_DESCRIPTOR_HANDLE red{}, green{};
  explicit RedGreenTable(Rig12& r) : upload(createBuffer(r.device, D3D12_HEAP_TYPE_UPLOAD, 1024)) {
    D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    REQUIRE(r.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
    const UINT step = r.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    for (int t = 0; t < 2; ++t) {
      textures[t] = createCommitted(r.device, D3D12_HEAP_TYPE_DEFAULT,
                                    texture2DDesc(1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE),
                                    D3D12_RESOURCE_STATE_COPY_DEST);
      writeUpload(upload, 512 * t, &kTexels[t], 4);
      const D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{UINT64(512 * t), {DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, 256}};
      D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(textures[t], 0), src = footprintLocation(upload, fp);
      r.list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
      D3D12_RESOURCE_BARRIER b{};
      b.Transition = {textures[t], 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE};
      r.list->ResourceBarrier(1, &b);
      r.device->CreateShaderResourceView(textures[t], nullptr, {heap->GetCPUDescriptorHandleForHeapStart().ptr + t * step});
    }
    red = heap->GetGPUDescriptorHandleForHeapStart();
    green = {red.ptr + step};
  }
  ~RedGreenTable() {
    heap->Release();
    for (ID3D12Resource* t : textures) t->Release();
    upload->Release();
  }
};

// The texel-plus-constant pipeline state under a root signature of b0 as
// `constants` (a root CBV or four root constants) and a table of t0, both for
// the pixel shader; `rs` receives the root signature.
ID3D12PipelineState* texelPlusConstantPso(ID3D12Device* device, D3D12_ROOT_PARAMETER_TYPE constants,
                                          ID3D12RootSignature** rs) {
  static const D3D12_DESCRIPTOR_RANGE srvRange{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0};
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = constants;
  if (constants == D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS) p[0].Constants = {0, 0, 4};
  else p[0].Descriptor = {0, 0};
  p[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[1].DescriptorTable = {1, &srvRange};
  p[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  *rs = createRootSignature(device, {2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kTexelPlusConstantPs);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(*rs, vs, ps);
  ID3D12PipelineState* pso = nullptr;
  REQUIRE(device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), reinterpret_cast<void**>(&pso)) == S_OK);
  return pso;
}

}  // namespace

TEST_CASE("D3D12: a draw whose pixel stage reads the table and root constants of an earlier draw of the list binds "
          "that draw's descriptor set again, and other tables or constants get sets of their own",
          "[recording][d3d12][pixels]") {
  Rig12 r;
  // Root: b0 (four constants) and a table of t0, both for the pixel shader.
  ID3D12RootSignature* rs = nullptr;
  ID3D12PipelineState* pso = texelPlusConstantPso(r.device, D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS, &rs);
  RedGreenTable textures(r);

  r.bindDrawState();
  r.list->SetDescriptorHeaps(1, &textures.heap);
  r.list->SetGraphicsRootSignature(rs);
  r.list->SetPipelineState(pso);
  const D3D12_GPU_DESCRIPTOR_HANDLE red = textures.red, green = textures.green;
  auto draw = [&](int quadrant, D3D12_GPU_DESCRIPTOR_HANDLE table, const float constants[4]) {
    r.list->SetGraphicsRoot32BitConstants(0, 4, constants, 0);
    r.list->SetGraphicsRootDescriptorTable(1, table);
    const Counted counted;
    r.list->DrawInstanced(6, 1, UINT(6 * quadrant), 0);
    return counted.delta();
  };
  const float none[4] = {0, 0, 0, 0}, blue[4] = {0, 0, 1, 0};
  CHECK(draw(0, red, none).descriptorSetsAllocated == 1);
  CHECK(draw(1, green, none).descriptorSetsAllocated == 1);
  const D3DVKStats again = draw(2, red, none);  // quadrant 0's arguments: its set, bound again
  CHECK(again.descriptorSetsAllocated == 0);
  CHECK(again.descriptorSetBinds == 1);
  CHECK(draw(3, red, blue).descriptorSetsAllocated == 1);  // other constants: a set of their own

  const std::vector<uint32_t> pixels = r.finish();
  const uint32_t* texels = RedGreenTable::kTexels;
  const uint32_t expected[4] = {texels[0], texels[1], texels[0], texels[0] | 0x00ff0000u};
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == expected[(x / 8) + 2 * (y / 8)]);
    }
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12: a root CBV moving through one buffer between draws binds the stage's set again at a new offset, "
          "with no set written, and each draw reads its own constants",
          "[recording][d3d12][pixels]") {
  Rig12 r;
  // Root: b0 as a root CBV for the pixel shader, which outputs cb0[0].
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  p.Descriptor = {0, 0};
  p.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  ID3D12RootSignature* rs =
      createRootSignature(r.device, {1, &p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT});
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  const D3D12_GRAPHICS_PIPELINE_STATE_DESC pd = constantColourPsoDesc(rs, vs, ps);
  void* out = nullptr;
  REQUIRE(r.device->CreateGraphicsPipelineState(&pd, __uuidof(ID3D12PipelineState), &out) == S_OK);
  auto* pso = static_cast<ID3D12PipelineState*>(out);
  // Colours at 256-byte steps of one buffer (the last at its last 256 bytes) and one of another buffer.
  ID3D12Resource* ring = createBuffer(r.device, D3D12_HEAP_TYPE_UPLOAD, 1024);
  ID3D12Resource* other = createBuffer(r.device, D3D12_HEAP_TYPE_UPLOAD, 256);
  writeUpload(ring, 0, kRed, 16);
  writeUpload(ring, 512, kGreen, 16);
  writeUpload(ring, 768, kBlue, 16);
  writeUpload(other, 0, kWhite, 16);

  r.bindDrawState();
  r.list->SetGraphicsRootSignature(rs);
  r.list->SetPipelineState(pso);
  auto draw = [&](int quadrant, D3D12_GPU_VIRTUAL_ADDRESS cbv) {
    r.list->SetGraphicsRootConstantBufferView(0, cbv);
    const Counted counted;
    r.list->DrawInstanced(6, 1, UINT(6 * quadrant), 0);
    return counted.delta();
  };
  const D3D12_GPU_VIRTUAL_ADDRESS base = ring->GetGPUVirtualAddress();
  CHECK(draw(0, base).descriptorSetsAllocated == 1);
  for (const auto& [quadrant, offset] : {std::pair{1, 512}, std::pair{2, 768}}) {
    const D3DVKStats moved = draw(quadrant, base + offset);
    CHECK(moved.descriptorSetsAllocated == 0);
    CHECK(moved.descriptorSetBinds == 1);
  }
  CHECK(draw(3, other->GetGPUVirtualAddress()).descriptorSetsAllocated == 1);  // another buffer: a set of its own

  const std::vector<uint32_t> pixels = r.finish();
  const uint32_t expected[4] = {packed(kRed), packed(kGreen), packed(kBlue), packed(kWhite)};
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == expected[(x / 8) + 2 * (y / 8)]);
    }
  other->Release();
  ring->Release();
  pso->Release();
  rs->Release();
}

TEST_CASE("D3D12: a pixel shader's root CBV moving through one buffer beside a descriptor table writes no set, and a "
          "new table writes only the table's",
          "[recording][d3d12][pixels]") {
  Rig12 r;
  // Root: b0 as a root CBV and a table of t0, both for the pixel shader (t0's texel plus cb0[0]). Beside a
  // table, the root CBV has a set of its own (Shader12::rootCbvSet).
  ID3D12RootSignature* rs = nullptr;
  ID3D12PipelineState* pso = texelPlusConstantPso(r.device, D3D12_ROOT_PARAMETER_TYPE_CBV, &rs);
  RedGreenTable textures(r);
  ID3D12Resource* ring = createBuffer(r.device, D3D12_HEAP_TYPE_UPLOAD, 1024);
  const float none[4] = {0, 0, 0, 0}, blue[4] = {0, 0, 1, 0}, red[4] = {1, 0, 0, 0};
  writeUpload(ring, 0, none, 16);
  writeUpload(ring, 256, blue, 16);
  writeUpload(ring, 512, red, 16);

  r.bindDrawState();
  r.list->SetDescriptorHeaps(1, &textures.heap);
  r.list->SetGraphicsRootSignature(rs);
  r.list->SetPipelineState(pso);
  auto draw = [&](int quadrant, D3D12_GPU_DESCRIPTOR_HANDLE table, UINT64 cbv) {
    r.list->SetGraphicsRootConstantBufferView(0, ring->GetGPUVirtualAddress() + cbv);
    r.list->SetGraphicsRootDescriptorTable(1, table);
    const Counted counted;
    r.list->DrawInstanced(6, 1, UINT(6 * quadrant), 0);
    return counted.delta();
  };
  const D3DVKStats first = draw(0, textures.red, 0);  // the table's set and the root CBV's
  CHECK(first.descriptorSetsAllocated == 2);
  CHECK(first.descriptorSetBinds == 2);
  const D3DVKStats moved = draw(1, textures.red, 256);  // the root CBV moved: new offsets, no set
  CHECK(moved.descriptorSetsAllocated == 0);
  CHECK(moved.descriptorSetBinds == 1);
  const D3DVKStats table = draw(2, textures.green, 256);  // a new table: one set
  CHECK(table.descriptorSetsAllocated == 1);
  CHECK(table.descriptorSetBinds == 1);
  const D3DVKStats both = draw(3, textures.green, 512);  // moved again under the new table
  CHECK(both.descriptorSetsAllocated == 0);
  CHECK(both.descriptorSetBinds == 1);

  const std::vector<uint32_t> pixels = r.finish();
  // Red; red + blue; green + blue; green + red.
  const uint32_t expected[4] = {0xff0000ffu, 0xffff00ffu, 0xffffff00u, 0xff00ffffu};
  for (UINT y = 0; y < 16; ++y)
    for (UINT x = 0; x < 16; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(pixels[y * 16 + x] == expected[(x / 8) + 2 * (y / 8)]);
    }
  ring->Release();
  pso->Release();
  rs->Release();
}
