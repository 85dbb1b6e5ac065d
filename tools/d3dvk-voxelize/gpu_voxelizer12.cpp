// tools/d3dvk-voxelize/gpu_voxelizer12.cpp — see gpu_voxelizer12.h.
#include "gpu_voxelizer12.h"

#include "dxbc/listing.h"
#include "shaders.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>

namespace d3dvk::voxelize {
namespace {

std::string hex(HRESULT hr) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", unsigned(hr));
  return buf;
}

void require(HRESULT hr, const std::string& what) {
  if (hr != S_OK) throw ApiError(what + " returned " + hex(hr));
}

std::vector<uint8_t> assembled(const char* listing, const char* what) {
  try {
    return dxbc::assemble(listing).container;
  } catch (const std::exception& e) {
    throw ApiError(std::string("the ") + what + " listing does not assemble: " + e.what());
  }
}

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

D3D12_RESOURCE_DESC bufferDesc(UINT64 size, D3D12_RESOURCE_FLAGS flags = D3D12_RESOURCE_FLAG_NONE) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  d.Width = size;
  d.Height = 1;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.SampleDesc.Count = 1;
  d.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  d.Flags = flags;
  return d;
}

D3D12_RESOURCE_BARRIER transition(ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
  return b;
}

D3D12_RESOURCE_BARRIER uavBarrier(ID3D12Resource* r) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  b.UAV.pResource = r;
  return b;
}

template <class T>
void** out(Com<T>& c) {
  return reinterpret_cast<void**>(c.out());
}

// Descriptors of the shader-visible heap (the graphics table is [0, 2), the compute table [2, 4)).
enum Slot : UINT { kOccupancyUav, kCountsUav, kOccupancySrv, kListUav, kSlots };

class GpuVoxelizer12 final : public Voxelizer {
 public:
  explicit GpuVoxelizer12(uint32_t n);
  int conservativeTier() const override { return tier_; }
  PassResult run(const std::vector<Triangle>& triangles, bool conservative) override;
  std::vector<std::string> errors() const override;

 private:
  ID3D12Resource* committed(D3D12_HEAP_TYPE heap, const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES state,
                            Com<ID3D12Resource>& resource, const char* what);
  ID3D12RootSignature* rootSignature(const D3D12_ROOT_SIGNATURE_DESC& desc, Com<ID3D12RootSignature>& rs,
                                     const char* what);
  ID3D12GraphicsCommandList* begin();
  void submit(const char* what);
  D3D12_CPU_DESCRIPTOR_HANDLE cpu(ID3D12DescriptorHeap* heap, UINT slot) const {
    return {heap->GetCPUDescriptorHandleForHeapStart().ptr + SIZE_T(slot) * increment_};
  }
  D3D12_GPU_DESCRIPTOR_HANDLE gpu(UINT slot) const {
    return {heap_->GetGPUDescriptorHandleForHeapStart().ptr + UINT64(slot) * increment_};
  }
  // Reads an N³ R32_UINT volume out of its READBACK footprint.
  void readVolume(ID3D12Resource* readback, const std::function<void(uint32_t, uint32_t, uint32_t, uint32_t)>& each);

  uint32_t n_;
  int tier_ = 0;
  UINT increment_ = 0, rowPitch_ = 0;
  Com<ID3D12Device> device_;
  Com<ID3D12InfoQueue> infoQueue_;
  Com<ID3D12CommandQueue> queue_;
  Com<ID3D12CommandAllocator> allocator_;
  Com<ID3D12GraphicsCommandList> list_;
  Com<ID3D12Fence> fence_;
  UINT64 fenceValue_ = 0;
  Com<ID3D12RootSignature> drawSignature_, compactSignature_;
  Com<ID3D12PipelineState> drawOn_, drawOff_, compact_;
  Com<ID3D12Resource> constants_, occupancy_, counts_, voxelList_, counter_, zero_;
  Com<ID3D12Resource> occupancyReadback_, countsReadback_, listReadback_, counterReadback_;
  Com<ID3D12DescriptorHeap> heap_, cpuHeap_;  // shader-visible; and the CPU copies ClearUnorderedAccessViewUint needs
};

GpuVoxelizer12::GpuVoxelizer12(uint32_t n) : n_(n) {
  Com<ID3D12Debug> debug;
  if (D3D12GetDebugInterface(__uuidof(ID3D12Debug), out(debug)) == S_OK) debug->EnableDebugLayer();
  require(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), out(device_)),
          "D3D12CreateDevice");
  if (SUCCEEDED(device_->QueryInterface(__uuidof(ID3D12InfoQueue), out(infoQueue_))))
    infoQueue_->SetMuteDebugOutput(TRUE);  // errors() reports them
  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  require(device_->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options),
          "CheckFeatureSupport(D3D12_OPTIONS)");
  tier_ = int(options.ConservativeRasterizationTier);
  ID3D12Device* d = device_.get();

  D3D12_COMMAND_QUEUE_DESC qd{};
  qd.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
  require(d->CreateCommandQueue(&qd, __uuidof(ID3D12CommandQueue), out(queue_)), "CreateCommandQueue");
  require(d->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, __uuidof(ID3D12CommandAllocator), out(allocator_)),
          "CreateCommandAllocator");
  require(d->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator_.get(), nullptr,
                               __uuidof(ID3D12GraphicsCommandList), out(list_)),
          "CreateCommandList");
  require(list_->Close(), "ID3D12GraphicsCommandList::Close (the new list)");
  require(d->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), out(fence_)), "CreateFence");

  // Root signatures: the draw's b0 as a root CBV (GS and PS) and u0, u1 in a
  // table (PS); the compaction's t0 and u0 in a table.
  D3D12_DESCRIPTOR_RANGE uavs{D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 2, 0, 0, 0};
  D3D12_ROOT_PARAMETER drawParams[2]{};
  drawParams[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  drawParams[0].Descriptor = {0, 0};
  drawParams[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  drawParams[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  drawParams[1].DescriptorTable = {1, &uavs};
  drawParams[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  rootSignature({2, drawParams, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT},
                drawSignature_, "CreateRootSignature (voxelizing draw)");
  const D3D12_DESCRIPTOR_RANGE compactRanges[2] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0},
                                                   {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, 1}};
  D3D12_ROOT_PARAMETER compactParam{};
  compactParam.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  compactParam.DescriptorTable = {2, compactRanges};
  compactParam.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  rootSignature({1, &compactParam, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE}, compactSignature_,
                "CreateRootSignature (compaction)");

  // Pipeline states.
  const std::vector<uint8_t> vs = assembled(kVertexShader, "vertex shader");
  const std::vector<uint8_t> gs = assembled(kGeometryShader, "geometry shader");
  const std::vector<uint8_t> ps = assembled(kPixelShader, "pixel shader");
  const std::vector<uint8_t> cs = assembled(kCompactShader, "compaction compute shader");
  const D3D12_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0,
                                         D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0};
  D3D12_GRAPHICS_PIPELINE_STATE_DESC g{};
  g.pRootSignature = drawSignature_.get();
  g.VS = {vs.data(), vs.size()};
  g.GS = {gs.data(), gs.size()};
  g.PS = {ps.data(), ps.size()};
  for (D3D12_RENDER_TARGET_BLEND_DESC& rt : g.BlendState.RenderTarget) {
    rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
    rt.LogicOp = D3D12_LOGIC_OP_NOOP;
    rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
  }
  g.SampleMask = 0xFFFFFFFFu;
  g.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  g.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;  // the projection flips the winding of half the triangles
  g.RasterizerState.DepthClipEnable = FALSE;
  g.RasterizerState.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  g.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
  g.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
  g.DepthStencilState.FrontFace = g.DepthStencilState.BackFace = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                                                  D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};
  g.InputLayout = {&element, 1};
  g.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  g.NumRenderTargets = 0;  // UAV-only
  g.SampleDesc = {1, 0};
  require(d->CreateGraphicsPipelineState(&g, __uuidof(ID3D12PipelineState), out(drawOff_)),
          "CreateGraphicsPipelineState (conservative OFF)");
  if (tier_ > 0) {
    g.RasterizerState.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON;
    require(d->CreateGraphicsPipelineState(&g, __uuidof(ID3D12PipelineState), out(drawOn_)),
            "CreateGraphicsPipelineState (conservative ON)");
  }
  const D3D12_COMPUTE_PIPELINE_STATE_DESC c{compactSignature_.get(), {cs.data(), cs.size()}, 0, {},
                                            D3D12_PIPELINE_STATE_FLAG_NONE};
  require(d->CreateComputePipelineState(&c, __uuidof(ID3D12PipelineState), out(compact_)),
          "CreateComputePipelineState (compaction)");

  // Resources.
  const float constants[4] = {2.0f / float(n), -2.0f / float(n), 1.0f / float(n), float(n)};
  committed(D3D12_HEAP_TYPE_UPLOAD, bufferDesc(256), D3D12_RESOURCE_STATE_GENERIC_READ, constants_,
            "CreateCommittedResource (constants)");
  void* mapped = nullptr;
  require(constants_->Map(0, nullptr, &mapped), "ID3D12Resource::Map (constants)");
  std::memcpy(mapped, constants, sizeof constants);
  constants_->Unmap(0, nullptr);
  committed(D3D12_HEAP_TYPE_UPLOAD, bufferDesc(256), D3D12_RESOURCE_STATE_GENERIC_READ, zero_,
            "CreateCommittedResource (counter reset)");
  require(zero_->Map(0, nullptr, &mapped), "ID3D12Resource::Map (counter reset)");
  std::memset(mapped, 0, 256);
  zero_->Unmap(0, nullptr);

  D3D12_RESOURCE_DESC volume{};
  volume.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
  volume.Width = volume.Height = n;
  volume.DepthOrArraySize = UINT16(n);
  volume.MipLevels = 1;
  volume.Format = DXGI_FORMAT_R32_UINT;
  volume.SampleDesc.Count = 1;
  volume.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  committed(D3D12_HEAP_TYPE_DEFAULT, volume, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, occupancy_,
            "CreateCommittedResource (occupancy)");
  committed(D3D12_HEAP_TYPE_DEFAULT, volume, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, counts_,
            "CreateCommittedResource (fragment counts)");
  const UINT64 voxels = UINT64(n) * n * n;
  committed(D3D12_HEAP_TYPE_DEFAULT, bufferDesc(voxels * 4, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS),
            D3D12_RESOURCE_STATE_UNORDERED_ACCESS, voxelList_, "CreateCommittedResource (voxel list)");
  committed(D3D12_HEAP_TYPE_DEFAULT, bufferDesc(256, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS),
            D3D12_RESOURCE_STATE_COPY_DEST, counter_, "CreateCommittedResource (voxel list counter)");
  rowPitch_ = (n * 4 + D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1) / D3D12_TEXTURE_DATA_PITCH_ALIGNMENT *
              D3D12_TEXTURE_DATA_PITCH_ALIGNMENT;
  const UINT64 volumeBytes = UINT64(rowPitch_) * n * n;
  committed(D3D12_HEAP_TYPE_READBACK, bufferDesc(volumeBytes), D3D12_RESOURCE_STATE_COPY_DEST, occupancyReadback_,
            "CreateCommittedResource (occupancy read-back)");
  committed(D3D12_HEAP_TYPE_READBACK, bufferDesc(volumeBytes), D3D12_RESOURCE_STATE_COPY_DEST, countsReadback_,
            "CreateCommittedResource (counts read-back)");
  committed(D3D12_HEAP_TYPE_READBACK, bufferDesc(voxels * 4), D3D12_RESOURCE_STATE_COPY_DEST, listReadback_,
            "CreateCommittedResource (voxel list read-back)");
  committed(D3D12_HEAP_TYPE_READBACK, bufferDesc(256), D3D12_RESOURCE_STATE_COPY_DEST, counterReadback_,
            "CreateCommittedResource (counter read-back)");

  // Descriptors.
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, kSlots, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  require(d->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), out(heap_)),
          "CreateDescriptorHeap (shader-visible)");
  hd.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
  require(d->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), out(cpuHeap_)), "CreateDescriptorHeap");
  increment_ = d->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  for (ID3D12DescriptorHeap* heap : {heap_.get(), cpuHeap_.get()}) {
    d->CreateUnorderedAccessView(occupancy_.get(), nullptr, nullptr, cpu(heap, kOccupancyUav));
    d->CreateUnorderedAccessView(counts_.get(), nullptr, nullptr, cpu(heap, kCountsUav));
  }
  d->CreateShaderResourceView(occupancy_.get(), nullptr, cpu(heap_.get(), kOccupancySrv));
  D3D12_UNORDERED_ACCESS_VIEW_DESC listView{};
  listView.Format = DXGI_FORMAT_UNKNOWN;
  listView.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
  listView.Buffer = {0, UINT(voxels), 4, 0, D3D12_BUFFER_UAV_FLAG_NONE};
  d->CreateUnorderedAccessView(voxelList_.get(), counter_.get(), &listView, cpu(heap_.get(), kListUav));
}

ID3D12Resource* GpuVoxelizer12::committed(D3D12_HEAP_TYPE heap, const D3D12_RESOURCE_DESC& desc,
                                          D3D12_RESOURCE_STATES state, Com<ID3D12Resource>& resource,
                                          const char* what) {
  D3D12_HEAP_PROPERTIES props{};
  props.Type = heap;
  require(device_->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                           __uuidof(ID3D12Resource), out(resource)),
          what);
  return resource.get();
}

ID3D12RootSignature* GpuVoxelizer12::rootSignature(const D3D12_ROOT_SIGNATURE_DESC& desc,
                                                   Com<ID3D12RootSignature>& rs, const char* what) {
  Com<ID3DBlob> blob, errors;
  require(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, blob.out(), errors.out()),
          std::string("D3D12SerializeRootSignature for ") + what);
  require(device_->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
                                       __uuidof(ID3D12RootSignature), out(rs)),
          what);
  return rs.get();
}

ID3D12GraphicsCommandList* GpuVoxelizer12::begin() {
  require(allocator_->Reset(), "ID3D12CommandAllocator::Reset");
  require(list_->Reset(allocator_.get(), nullptr), "ID3D12GraphicsCommandList::Reset");
  return list_.get();
}

void GpuVoxelizer12::submit(const char* what) {
  require(list_->Close(), std::string("ID3D12GraphicsCommandList::Close (") + what + ")");
  ID3D12CommandList* lists[] = {list_.get()};
  queue_->ExecuteCommandLists(1, lists);
  require(queue_->Signal(fence_.get(), ++fenceValue_), "ID3D12CommandQueue::Signal");
  require(fence_->SetEventOnCompletion(fenceValue_, nullptr), "ID3D12Fence::SetEventOnCompletion");
}

void GpuVoxelizer12::readVolume(ID3D12Resource* readback,
                                const std::function<void(uint32_t, uint32_t, uint32_t, uint32_t)>& each) {
  void* data = nullptr;
  require(readback->Map(0, nullptr, &data), "ID3D12Resource::Map (volume read-back)");
  for (uint32_t z = 0; z < n_; ++z)
    for (uint32_t y = 0; y < n_; ++y) {
      const auto* row = reinterpret_cast<const uint32_t*>(static_cast<const uint8_t*>(data) +
                                                          (size_t(z) * n_ + y) * rowPitch_);
      for (uint32_t x = 0; x < n_; ++x) each(x, y, z, row[x]);
    }
  const D3D12_RANGE nothingWritten{0, 0};
  readback->Unmap(0, &nothingWritten);
}

PassResult GpuVoxelizer12::run(const std::vector<Triangle>& triangles, bool conservative) {
  if (conservative && !drawOn_.get()) throw ApiError("the device reports no conservative rasterization tier");
  static_assert(sizeof(Triangle) == 36, "three float3 vertices");
  PassResult out;
  const UINT vertexBytes = UINT(triangles.size() * sizeof(Triangle));
  Com<ID3D12Resource> vertices;
  committed(D3D12_HEAP_TYPE_UPLOAD, bufferDesc(vertexBytes), D3D12_RESOURCE_STATE_GENERIC_READ, vertices,
            "CreateCommittedResource (vertices)");
  void* mapped = nullptr;
  require(vertices->Map(0, nullptr, &mapped), "ID3D12Resource::Map (vertices)");
  std::memcpy(mapped, triangles.data(), vertexBytes);
  vertices->Unmap(0, nullptr);
  ID3D12DescriptorHeap* heaps[] = {heap_.get()};

  // Pass 1: clear both volumes, then the voxelizing draw (UAV-only: no render target).
  ID3D12GraphicsCommandList* l = begin();
  l->SetDescriptorHeaps(1, heaps);
  const UINT zero[4] = {0, 0, 0, 0};
  l->ClearUnorderedAccessViewUint(gpu(kOccupancyUav), cpu(cpuHeap_.get(), kOccupancyUav), occupancy_.get(), zero, 0,
                                  nullptr);
  l->ClearUnorderedAccessViewUint(gpu(kCountsUav), cpu(cpuHeap_.get(), kCountsUav), counts_.get(), zero, 0, nullptr);
  const D3D12_RESOURCE_BARRIER cleared[] = {uavBarrier(occupancy_.get()), uavBarrier(counts_.get())};
  l->ResourceBarrier(2, cleared);
  submit("clears");
  l = begin();
  l->SetDescriptorHeaps(1, heaps);
  l->SetGraphicsRootSignature(drawSignature_.get());
  l->SetPipelineState(conservative ? drawOn_.get() : drawOff_.get());
  l->SetGraphicsRootConstantBufferView(0, constants_->GetGPUVirtualAddress());
  l->SetGraphicsRootDescriptorTable(1, gpu(kOccupancyUav));
  const D3D12_VIEWPORT viewport{0, 0, float(n_), float(n_), 0, 1};
  const D3D12_RECT scissor{0, 0, LONG(n_), LONG(n_)};
  l->RSSetViewports(1, &viewport);
  l->RSSetScissorRects(1, &scissor);
  l->OMSetRenderTargets(0, nullptr, FALSE, nullptr);
  l->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices->GetGPUVirtualAddress(), vertexBytes, 12};
  l->IASetVertexBuffers(0, 1, &vbv);
  l->DrawInstanced(UINT(triangles.size() * 3), 1, 0, 0);
  l->ResourceBarrier(2, cleared);
  auto start = std::chrono::steady_clock::now();
  submit("the voxelizing draw");
  out.drawMs = msSince(start);

  // Pass 2: compaction into the counted list (its counter reset to 0 first).
  l = begin();
  const D3D12_RESOURCE_BARRIER before[] = {
      transition(occupancy_.get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                 D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE)};
  l->ResourceBarrier(1, before);
  l->CopyBufferRegion(counter_.get(), 0, zero_.get(), 0, 4);
  const D3D12_RESOURCE_BARRIER counterToUav =
      transition(counter_.get(), D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  l->ResourceBarrier(1, &counterToUav);
  l->SetDescriptorHeaps(1, heaps);
  l->SetComputeRootSignature(compactSignature_.get());
  l->SetPipelineState(compact_.get());
  l->SetComputeRootDescriptorTable(0, gpu(kOccupancySrv));
  l->Dispatch(n_ / 4, n_ / 4, n_ / 4);
  const D3D12_RESOURCE_BARRIER counterToCopy =
      transition(counter_.get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
  l->ResourceBarrier(1, &counterToCopy);
  l->CopyBufferRegion(counterReadback_.get(), 0, counter_.get(), 0, 4);
  const D3D12_RESOURCE_BARRIER counterBack =
      transition(counter_.get(), D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST);
  l->ResourceBarrier(1, &counterBack);
  start = std::chrono::steady_clock::now();
  submit("the compaction");
  out.compactMs = msSince(start);

  // Pass 3: read-back through READBACK buffers.
  start = std::chrono::steady_clock::now();
  l = begin();
  const D3D12_RESOURCE_BARRIER toCopy[] = {
      transition(occupancy_.get(), D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_SOURCE),
      transition(counts_.get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE),
      transition(voxelList_.get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE)};
  l->ResourceBarrier(3, toCopy);
  for (const auto& [volume, readback] : {std::pair{occupancy_.get(), occupancyReadback_.get()},
                                         std::pair{counts_.get(), countsReadback_.get()}}) {
    D3D12_TEXTURE_COPY_LOCATION dst{}, src{};
    dst.pResource = readback;
    dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
    dst.PlacedFootprint = {0, {DXGI_FORMAT_R32_UINT, n_, n_, n_, rowPitch_}};
    src.pResource = volume;
    src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
    src.SubresourceIndex = 0;
    l->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  }
  l->CopyBufferRegion(listReadback_.get(), 0, voxelList_.get(), 0, UINT64(n_) * n_ * n_ * 4);
  const D3D12_RESOURCE_BARRIER back[] = {
      transition(occupancy_.get(), D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS),
      transition(counts_.get(), D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS),
      transition(voxelList_.get(), D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_UNORDERED_ACCESS)};
  l->ResourceBarrier(3, back);
  submit("the read-back copies");

  const D3D12_RANGE nothingWritten{0, 0};
  require(counterReadback_->Map(0, nullptr, &mapped), "ID3D12Resource::Map (counter read-back)");
  std::memcpy(&out.listCount, mapped, 4);
  counterReadback_->Unmap(0, &nothingWritten);
  out.occupancy = Grid(n_);
  readVolume(occupancyReadback_.get(),
             [&](uint32_t x, uint32_t y, uint32_t z, uint32_t v) { out.occupancy.at(x, y, z) = v != 0; });
  readVolume(countsReadback_.get(), [&](uint32_t, uint32_t, uint32_t, uint32_t v) { out.fragments += v; });
  require(listReadback_->Map(0, nullptr, &mapped), "ID3D12Resource::Map (voxel list read-back)");
  const uint32_t listed = std::min(out.listCount, n_ * n_ * n_);
  out.list.assign(static_cast<const uint32_t*>(mapped), static_cast<const uint32_t*>(mapped) + listed);
  listReadback_->Unmap(0, &nothingWritten);
  out.readbackMs = msSince(start);
  return out;
}

std::vector<std::string> GpuVoxelizer12::errors() const {
  std::vector<std::string> out;
  if (!infoQueue_.get()) return out;
  for (UINT64 i = 0; i < infoQueue_->GetNumStoredMessagesAllowedByRetrievalFilter(); ++i) {
    SIZE_T length = 0;
    if (FAILED(infoQueue_->GetMessage(i, nullptr, &length))) continue;
    std::vector<unsigned char> buffer(length);
    auto* message = reinterpret_cast<D3D12_MESSAGE*>(buffer.data());
    if (infoQueue_->GetMessage(i, message, &length) == S_OK && message->Severity <= D3D12_MESSAGE_SEVERITY_ERROR)
      out.emplace_back(message->pDescription);
  }
  return out;
}

}  // namespace

std::unique_ptr<Voxelizer> makeGpuVoxelizer12(uint32_t n) { return std::make_unique<GpuVoxelizer12>(n); }

}  // namespace d3dvk::voxelize
