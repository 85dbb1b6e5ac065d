// runtime/dxgi/dxgi_swapchain_d3d12.cpp — a D3D12 direct queue's swapchain
// buffers (see dxgi_swapchain_buffers.h): BufferCount committed Texture2D
// resources in a DEFAULT heap, ALLOW_RENDER_TARGET (and ALLOW_UNORDERED_ACCESS
// where the usage asks), created in the PRESENT (COMMON) state, as DXGI's
// buffers are: the application moves each to RENDER_TARGET and back to PRESENT.
// They are primaries to the driver (D3D12DDI_HEAP_FLAG_PRIMARY): an R8G8B8A8_UNORM
// or B8G8R8A8_UNORM buffer also takes RTVs and SRVs in its _SRGB form.
#include "dxgi_swapchain_buffers.h"

#include "d3d12_command_queue.h"
#include "d3d12_device.h"
#include "d3d12_resource.h"

#include <vector>

namespace d3dvk::runtime {
namespace {

class D3D12SwapChainBuffers final : public SwapChainBuffers {
 public:
  explicit D3D12SwapChainBuffers(D3D12CommandQueue* queue) : queue_(queue) { queue_->AddRef(); }
  ~D3D12SwapChainBuffers() override {
    release();
    queue_->Release();
  }
  uint32_t api() const override { return D3DVK_PRESENT_API_D3D12; }
  void* ddiDevice() const override { return queue_->device()->ddi().handle().pDrvPrivate; }
  void* ddiQueue() const override { return queue_->ddiHandle().pDrvPrivate; }
  HRESULT removedReason() const override { return queue_->device()->ddi().removedReason(); }
  HRESULT getDevice(REFIID riid, void** out) override { return queue_->QueryInterface(riid, out); }

  HRESULT create(UINT count, UINT width, UINT height, DXGI_FORMAT format, DXGI_USAGE usage,
                 std::string* error) override {
    release();
    D3D12_HEAP_PROPERTIES heap{};
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    D3D12_RESOURCE_DESC desc{};
    desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
    desc.Width = width;
    desc.Height = height;
    desc.DepthOrArraySize = 1;
    desc.MipLevels = 1;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    desc.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    if (usage & DXGI_USAGE_UNORDERED_ACCESS) desc.Flags |= D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    for (UINT i = 0; i < count; ++i) {
      D3D12Resource* resource = nullptr;
      const HRESULT hr = D3D12Resource::create(queue_->device(), heap, D3D12_HEAP_FLAG_NONE, desc,
                                               D3D12_RESOURCE_STATE_PRESENT, nullptr, &resource, /*primary=*/true);
      if (FAILED(hr)) {
        *error = "back buffer " + std::to_string(i) + " cannot be created (CreateCommittedResource failed)";
        release();
        return hr;
      }
      buffers_.push_back(resource);
    }
    return S_OK;
  }
  void release() override {
    for (ID3D12Resource* r : buffers_) r->Release();
    buffers_.clear();
  }
  UINT count() const override { return UINT(buffers_.size()); }
  HRESULT get(UINT index, REFIID riid, void** out) override {
    if (index >= buffers_.size()) return DXGI_ERROR_INVALID_CALL;
    return buffers_[index]->QueryInterface(riid, out);
  }
  void* ddiResource(UINT index) const override {
    if (index >= buffers_.size()) return nullptr;
    return D3D12Resource::from(buffers_[index])->ddiHandle().pDrvPrivate;
  }
  bool referenced() const override {
    for (ID3D12Resource* r : buffers_)
      if (heldElsewhere(r, 1)) return true;
    return false;
  }

 private:
  D3D12CommandQueue* queue_;
  std::vector<ID3D12Resource*> buffers_;
};

}  // namespace

std::unique_ptr<SwapChainBuffers> swapChainBuffersD3D12(IUnknown* device, HRESULT* hr, std::string* error) {
  ID3D12CommandQueue* queue = nullptr;
  if (FAILED(device->QueryInterface(__uuidof(ID3D12CommandQueue), reinterpret_cast<void**>(&queue))) || !queue) {
    ID3D12Device* d3d12 = nullptr;
    if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D12Device), reinterpret_cast<void**>(&d3d12))) && d3d12) {
      d3d12->Release();
      *hr = DXGI_ERROR_INVALID_CALL;
      *error = "a D3D12 swapchain is made for a direct command queue, not for the ID3D12Device";
    }
    return nullptr;
  }
  auto* ours = static_cast<D3D12CommandQueue*>(queue);
  std::unique_ptr<SwapChainBuffers> buffers;
  if (ours->GetDesc().Type != D3D12_COMMAND_LIST_TYPE_DIRECT) {
    *hr = DXGI_ERROR_INVALID_CALL;
    *error = "the command queue is not a direct queue (D3D12_COMMAND_LIST_TYPE_DIRECT)";
  } else {
    buffers = std::make_unique<D3D12SwapChainBuffers>(ours);
  }
  queue->Release();
  return buffers;
}

}  // namespace d3dvk::runtime
