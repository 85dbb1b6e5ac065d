// tools/d3dvk-conformance/draw_rig_d3d12.cpp — DrawRig through the public
// D3D12 API: a debug device, a direct queue, a command allocator and list and a
// fence; the target (a committed DEFAULT texture in RENDER_TARGET state) and
// its RTV; a root signature (empty, or one descriptor table holding the UAV at
// u1 once bindUintUav is called); a graphics PSO per rasterizer desc, topology
// type and sample mask (cached), with the same DXBC as D3D11. Every step is
// recorded into the list, closed, executed and waited for on the fence; a
// Close that fails throws SetupError naming its HRESULT. Read-back resolves a
// multisampled target (ResolveSubresource) and copies it into a READBACK
// buffer (CopyTextureRegion to a placed footprint), with the barriers D3D12
// asks for around each step.
#include "draw_rig.h"

#include <cstring>
#include <map>

namespace d3dvk::conformance {
namespace {

constexpr UINT kRowAlignment = D3D12_TEXTURE_DATA_PITCH_ALIGNMENT;  // 256

D3D12_RESOURCE_DESC textureDesc(UINT width, UINT height, DXGI_FORMAT format, UINT samples,
                                D3D12_RESOURCE_FLAGS flags) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
  d.Width = width;
  d.Height = height;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.Format = format;
  d.SampleDesc = {samples, 0};
  d.Flags = flags;
  return d;
}

D3D12_RESOURCE_DESC bufferDesc(UINT64 size) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  d.Width = size;
  d.Height = 1;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.SampleDesc.Count = 1;
  d.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  return d;
}

D3D12_RESOURCE_BARRIER transition(ID3D12Resource* resource, D3D12_RESOURCE_STATES before,
                                  D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {resource, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
  return b;
}

D3D12_PRIMITIVE_TOPOLOGY_TYPE topologyType(D3D11_PRIMITIVE_TOPOLOGY t) {
  switch (t) {
    case D3D11_PRIMITIVE_TOPOLOGY_POINTLIST: return D3D12_PRIMITIVE_TOPOLOGY_TYPE_POINT;
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST:
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP:
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ:
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ: return D3D12_PRIMITIVE_TOPOLOGY_TYPE_LINE;
    default: return D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  }
}

class DrawRig12 final : public DrawRig {
 public:
  DrawRig12(UINT width, UINT height, const char* pixelShaderListing, UINT samples);
  void setRasterizer(const D3D11_RASTERIZER_DESC2& desc) override { rasterizer_ = desc; }
  void setSampleMask(UINT mask) override { sampleMask_ = mask; }
  void clear() override;
  void draw(const std::vector<Vertex>& vertices, D3D11_PRIMITIVE_TOPOLOGY topology) override;
  Texels read() override;
  void bindUintUav() override;
  std::vector<uint32_t> readUav() override;
  std::vector<DebugMessage> messages() const override { return device_.messages(); }
  void clearMessages() const override { device_.clearMessages(); }

 private:
  // Resets the allocator and the list for recording.
  ID3D12GraphicsCommandList* begin();
  // Closes the list (SetupError naming `what` when Close fails), executes it and waits.
  void submit(const char* what);
  ID3D12Resource* committed(D3D12_HEAP_TYPE heap, const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES state,
                            Ref<ID3D12Resource>& out, const char* what);
  void createRootSignature(bool withUav);
  ID3D12PipelineState* pipelineState(D3D12_PRIMITIVE_TOPOLOGY_TYPE type);
  // Copies `source` (in `state`) into a READBACK buffer and returns its rows, `bytesPerPixel` each pixel.
  std::vector<uint8_t> readTexture(ID3D12Resource* source, D3D12_RESOURCE_STATES state, DXGI_FORMAT format,
                                   UINT bytesPerPixel);

  Device12 device_;
  UINT width_, height_, samples_;
  D3D11_RASTERIZER_DESC2 rasterizer_ = defaultDesc2();
  UINT sampleMask_ = 0xFFFFFFFFu;
  std::vector<uint8_t> vs_, ps_;
  Ref<ID3D12CommandQueue> queue_;
  Ref<ID3D12CommandAllocator> allocator_;
  Ref<ID3D12GraphicsCommandList> list_;
  Ref<ID3D12Fence> fence_;
  UINT64 fenceValue_ = 0;
  Ref<ID3D12Resource> target_;
  Ref<ID3D12DescriptorHeap> rtvHeap_;
  D3D12_CPU_DESCRIPTOR_HANDLE rtv_{};
  Ref<ID3D12RootSignature> rootSignature_;
  std::map<std::vector<uint8_t>, std::unique_ptr<Ref<ID3D12PipelineState>>> pipelines_;
  Ref<ID3D12Resource> uavTexture_;
  Ref<ID3D12DescriptorHeap> uavHeap_, uavCpuHeap_;  // shader-visible, and the CPU copy ClearUAV needs
};

DrawRig12::DrawRig12(UINT width, UINT height, const char* pixelShaderListing, UINT samples)
    : width_(width), height_(height), samples_(samples) {
  if (!device_.ok()) throw SetupError("D3D12CreateDevice returned " + hex(device_.hr));
  ID3D12Device* d = device_.device;
  D3D12_COMMAND_QUEUE_DESC qd{};
  qd.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
  require(d->CreateCommandQueue(&qd, __uuidof(ID3D12CommandQueue), reinterpret_cast<void**>(queue_.out())),
          "CreateCommandQueue");
  require(d->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, __uuidof(ID3D12CommandAllocator),
                                    reinterpret_cast<void**>(allocator_.out())),
          "CreateCommandAllocator");
  require(d->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator_.get(), nullptr,
                               __uuidof(ID3D12GraphicsCommandList), reinterpret_cast<void**>(list_.out())),
          "CreateCommandList");
  require(list_->Close(), "ID3D12GraphicsCommandList::Close (the new list)");
  require(d->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), reinterpret_cast<void**>(fence_.out())),
          "CreateFence");
  committed(D3D12_HEAP_TYPE_DEFAULT,
            textureDesc(width, height, kTargetFormat, samples, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
            D3D12_RESOURCE_STATE_RENDER_TARGET, target_, "CreateCommittedResource (render target)");
  const D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  require(d->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(rtvHeap_.out())),
          "CreateDescriptorHeap (RTV)");
  rtv_ = rtvHeap_->GetCPUDescriptorHandleForHeapStart();
  d->CreateRenderTargetView(target_.get(), nullptr, rtv_);
  vs_ = assembledListing(kVsPositionColor, "vertex shader");
  ps_ = assembledListing(pixelShaderListing, "pixel shader");
  createRootSignature(false);
  clear();
}

ID3D12Resource* DrawRig12::committed(D3D12_HEAP_TYPE heap, const D3D12_RESOURCE_DESC& desc,
                                     D3D12_RESOURCE_STATES state, Ref<ID3D12Resource>& out, const char* what) {
  D3D12_HEAP_PROPERTIES props{};
  props.Type = heap;
  require(device_.device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                                  __uuidof(ID3D12Resource), reinterpret_cast<void**>(out.out())),
          what);
  return out.get();
}

void DrawRig12::createRootSignature(bool withUav) {
  D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 1, 0, 0};
  D3D12_ROOT_PARAMETER table{};
  table.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  table.DescriptorTable = {1, &range};
  table.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  const D3D12_ROOT_SIGNATURE_DESC desc{withUav ? 1u : 0u, withUav ? &table : nullptr, 0, nullptr,
                                       D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
  Ref<ID3DBlob> blob, errors;
  require(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, blob.out(), errors.out()),
          "D3D12SerializeRootSignature");
  require(device_.device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
                                              __uuidof(ID3D12RootSignature),
                                              reinterpret_cast<void**>(rootSignature_.out())),
          "CreateRootSignature");
  pipelines_.clear();  // made with the previous root signature
}

ID3D12PipelineState* DrawRig12::pipelineState(D3D12_PRIMITIVE_TOPOLOGY_TYPE type) {
  std::vector<uint8_t> key(sizeof rasterizer_ + sizeof type + sizeof sampleMask_);
  std::memcpy(key.data(), &rasterizer_, sizeof rasterizer_);
  std::memcpy(key.data() + sizeof rasterizer_, &type, sizeof type);
  std::memcpy(key.data() + sizeof rasterizer_ + sizeof type, &sampleMask_, sizeof sampleMask_);
  std::unique_ptr<Ref<ID3D12PipelineState>>& slot = pipelines_[key];
  if (slot) return slot->get();

  const D3D12_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
  };
  D3D12_GRAPHICS_PIPELINE_STATE_DESC d{};
  d.pRootSignature = rootSignature_.get();
  d.VS = {vs_.data(), vs_.size()};
  d.PS = {ps_.data(), ps_.size()};
  for (D3D12_RENDER_TARGET_BLEND_DESC& rt : d.BlendState.RenderTarget) {
    rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
    rt.LogicOp = D3D12_LOGIC_OP_NOOP;
    rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
  }
  d.SampleMask = sampleMask_;
  d.RasterizerState = toD3D12(rasterizer_);
  d.DepthStencilState.DepthEnable = FALSE;
  d.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS;
  d.DepthStencilState.DepthWriteMask = D3D12_DEPTH_WRITE_MASK_ALL;
  d.DepthStencilState.FrontFace = d.DepthStencilState.BackFace = {D3D12_STENCIL_OP_KEEP, D3D12_STENCIL_OP_KEEP,
                                                                   D3D12_STENCIL_OP_KEEP, D3D12_COMPARISON_FUNC_ALWAYS};
  d.InputLayout = {elements, 2};
  d.PrimitiveTopologyType = type;
  d.NumRenderTargets = 1;
  d.RTVFormats[0] = kTargetFormat;
  d.SampleDesc = {samples_, 0};
  slot = std::make_unique<Ref<ID3D12PipelineState>>();
  require(device_.device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState),
                                                      reinterpret_cast<void**>(slot->out())),
          "CreateGraphicsPipelineState");
  return slot->get();
}

ID3D12GraphicsCommandList* DrawRig12::begin() {
  require(allocator_->Reset(), "ID3D12CommandAllocator::Reset");
  require(list_->Reset(allocator_.get(), nullptr), "ID3D12GraphicsCommandList::Reset");
  return list_.get();
}

void DrawRig12::submit(const char* what) {
  const HRESULT hr = list_->Close();
  if (hr != S_OK) throw SetupError(std::string("ID3D12GraphicsCommandList::Close after ") + what + " returned " + hex(hr));
  ID3D12CommandList* lists[] = {list_.get()};
  queue_->ExecuteCommandLists(1, lists);
  require(queue_->Signal(fence_.get(), ++fenceValue_), "ID3D12CommandQueue::Signal");
  require(fence_->SetEventOnCompletion(fenceValue_, nullptr), "ID3D12Fence::SetEventOnCompletion");
}

void DrawRig12::clear() {
  ID3D12GraphicsCommandList* l = begin();
  const float zero[4] = {0, 0, 0, 0};
  l->ClearRenderTargetView(rtv_, zero, 0, nullptr);
  submit("ClearRenderTargetView");
}

void DrawRig12::draw(const std::vector<Vertex>& vertices, D3D11_PRIMITIVE_TOPOLOGY topology) {
  const UINT size = UINT(vertices.size() * sizeof(Vertex));
  Ref<ID3D12Resource> buffer;
  committed(D3D12_HEAP_TYPE_UPLOAD, bufferDesc(size), D3D12_RESOURCE_STATE_GENERIC_READ, buffer,
            "CreateCommittedResource (vertices)");
  void* data = nullptr;
  require(buffer->Map(0, nullptr, &data), "ID3D12Resource::Map (vertices)");
  std::memcpy(data, vertices.data(), size);
  buffer->Unmap(0, nullptr);
  ID3D12PipelineState* pso = pipelineState(topologyType(topology));

  ID3D12GraphicsCommandList* l = begin();
  l->OMSetRenderTargets(1, &rtv_, FALSE, nullptr);
  const D3D12_VIEWPORT viewport{0, 0, float(width_), float(height_), 0, 1};
  const D3D12_RECT scissor{0, 0, LONG(width_), LONG(height_)};
  l->RSSetViewports(1, &viewport);
  l->RSSetScissorRects(1, &scissor);
  l->SetGraphicsRootSignature(rootSignature_.get());
  l->SetPipelineState(pso);
  if (uavHeap_) {
    ID3D12DescriptorHeap* heaps[] = {uavHeap_.get()};
    l->SetDescriptorHeaps(1, heaps);
    l->SetGraphicsRootDescriptorTable(0, uavHeap_->GetGPUDescriptorHandleForHeapStart());
  }
  l->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY(topology));
  const D3D12_VERTEX_BUFFER_VIEW vbv{buffer->GetGPUVirtualAddress(), size, sizeof(Vertex)};
  l->IASetVertexBuffers(0, 1, &vbv);
  l->DrawInstanced(UINT(vertices.size()), 1, 0, 0);
  if (uavTexture_) {
    D3D12_RESOURCE_BARRIER uav{};
    uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    uav.UAV.pResource = uavTexture_.get();
    l->ResourceBarrier(1, &uav);
  }
  submit("DrawInstanced");  // the upload buffer lives until the draw has run
}

std::vector<uint8_t> DrawRig12::readTexture(ID3D12Resource* source, D3D12_RESOURCE_STATES state, DXGI_FORMAT format,
                                            UINT bytesPerPixel) {
  const UINT pitch = (width_ * bytesPerPixel + kRowAlignment - 1) / kRowAlignment * kRowAlignment;
  Ref<ID3D12Resource> readback;
  committed(D3D12_HEAP_TYPE_READBACK, bufferDesc(UINT64(pitch) * height_), D3D12_RESOURCE_STATE_COPY_DEST, readback,
            "CreateCommittedResource (read-back buffer)");
  ID3D12GraphicsCommandList* l = begin();
  const D3D12_RESOURCE_BARRIER toCopy = transition(source, state, D3D12_RESOURCE_STATE_COPY_SOURCE);
  l->ResourceBarrier(1, &toCopy);
  D3D12_TEXTURE_COPY_LOCATION dst{}, src{};
  dst.pResource = readback.get();
  dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
  dst.PlacedFootprint = {0, {format, width_, height_, 1, pitch}};
  src.pResource = source;
  src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
  src.SubresourceIndex = 0;
  l->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  const D3D12_RESOURCE_BARRIER back = transition(source, D3D12_RESOURCE_STATE_COPY_SOURCE, state);
  l->ResourceBarrier(1, &back);
  submit("CopyTextureRegion");
  void* data = nullptr;
  require(readback->Map(0, nullptr, &data), "ID3D12Resource::Map (read-back buffer)");
  std::vector<uint8_t> rows(size_t(width_) * height_ * bytesPerPixel);
  for (UINT y = 0; y < height_; ++y)
    std::memcpy(&rows[size_t(y) * width_ * bytesPerPixel], static_cast<const uint8_t*>(data) + size_t(y) * pitch,
                size_t(width_) * bytesPerPixel);
  const D3D12_RANGE nothingWritten{0, 0};
  readback->Unmap(0, &nothingWritten);
  return rows;
}

Texels DrawRig12::read() {
  ID3D12Resource* source = target_.get();
  D3D12_RESOURCE_STATES state = D3D12_RESOURCE_STATE_RENDER_TARGET;
  Ref<ID3D12Resource> resolved;
  if (samples_ > 1) {
    committed(D3D12_HEAP_TYPE_DEFAULT, textureDesc(width_, height_, kTargetFormat, 1, D3D12_RESOURCE_FLAG_NONE),
              D3D12_RESOURCE_STATE_RESOLVE_DEST, resolved, "CreateCommittedResource (resolve target)");
    ID3D12GraphicsCommandList* l = begin();
    const D3D12_RESOURCE_BARRIER toResolve =
        transition(target_.get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
    l->ResourceBarrier(1, &toResolve);
    l->ResolveSubresource(resolved.get(), 0, target_.get(), 0, kTargetFormat);
    const D3D12_RESOURCE_BARRIER back =
        transition(target_.get(), D3D12_RESOURCE_STATE_RESOLVE_SOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
    l->ResourceBarrier(1, &back);
    submit("ResolveSubresource");
    source = resolved.get();
    state = D3D12_RESOURCE_STATE_RESOLVE_DEST;
  }
  const std::vector<uint8_t> rows = readTexture(source, state, kTargetFormat, 16);
  Texels t;
  t.width = width_;
  t.height = height_;
  t.values.resize(size_t(width_) * height_);
  std::memcpy(t.values.data(), rows.data(), rows.size());
  return t;
}

void DrawRig12::bindUintUav() {
  ID3D12Device* d = device_.device;
  committed(D3D12_HEAP_TYPE_DEFAULT,
            textureDesc(width_, height_, DXGI_FORMAT_R32_UINT, 1, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS),
            D3D12_RESOURCE_STATE_UNORDERED_ACCESS, uavTexture_, "CreateCommittedResource (UAV)");
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  require(d->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(uavHeap_.out())),
          "CreateDescriptorHeap (shader-visible CBV/SRV/UAV)");
  hd.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
  require(d->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(uavCpuHeap_.out())),
          "CreateDescriptorHeap (CBV/SRV/UAV)");
  d->CreateUnorderedAccessView(uavTexture_.get(), nullptr, nullptr, uavHeap_->GetCPUDescriptorHandleForHeapStart());
  d->CreateUnorderedAccessView(uavTexture_.get(), nullptr, nullptr, uavCpuHeap_->GetCPUDescriptorHandleForHeapStart());
  createRootSignature(true);

  ID3D12GraphicsCommandList* l = begin();
  ID3D12DescriptorHeap* heaps[] = {uavHeap_.get()};
  l->SetDescriptorHeaps(1, heaps);
  const UINT zero[4] = {0, 0, 0, 0};
  l->ClearUnorderedAccessViewUint(uavHeap_->GetGPUDescriptorHandleForHeapStart(),
                                  uavCpuHeap_->GetCPUDescriptorHandleForHeapStart(), uavTexture_.get(), zero, 0,
                                  nullptr);
  D3D12_RESOURCE_BARRIER uav{};
  uav.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
  uav.UAV.pResource = uavTexture_.get();
  l->ResourceBarrier(1, &uav);
  submit("ClearUnorderedAccessViewUint");
}

std::vector<uint32_t> DrawRig12::readUav() {
  const std::vector<uint8_t> rows =
      readTexture(uavTexture_.get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS, DXGI_FORMAT_R32_UINT, 4);
  std::vector<uint32_t> values(size_t(width_) * height_);
  std::memcpy(values.data(), rows.data(), rows.size());
  return values;
}

}  // namespace

std::unique_ptr<DrawRig> makeDrawRig12(UINT width, UINT height, const char* pixelShaderListing, UINT samples) {
  return std::make_unique<DrawRig12>(width, height, pixelShaderListing, samples);
}

}  // namespace d3dvk::conformance
