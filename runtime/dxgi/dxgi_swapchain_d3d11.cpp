// runtime/dxgi/dxgi_swapchain_d3d11.cpp — a D3D11 device's swapchain buffer (see
// dxgi_swapchain_buffers.h): one Texture2D, DEFAULT usage, bound as a render
// target, plus a shader resource and unordered access where the swapchain's
// DXGI usage asks.
#include "dxgi_swapchain_buffers.h"

#include "d3d11_device.h"
#include "d3d11_resource.h"

namespace d3dvk::runtime {
namespace {

class D3D11SwapChainBuffers final : public SwapChainBuffers {
 public:
  explicit D3D11SwapChainBuffers(D3D11Device* device) : device_(device) { device_->AddRef(); }
  ~D3D11SwapChainBuffers() override {
    release();
    device_->Release();
  }
  uint32_t api() const override { return D3DVK_PRESENT_API_D3D11; }
  void* ddiDevice() const override { return device_->ddi().handle().pDrvPrivate; }
  HRESULT removedReason() const override { return device_->ddi().removedReason(); }
  HRESULT getDevice(REFIID riid, void** out) override { return device_->QueryInterface(riid, out); }

  HRESULT create(UINT, UINT width, UINT height, DXGI_FORMAT format, DXGI_USAGE usage, std::string* error) override {
    release();
    D3D11_TEXTURE2D_DESC desc{};
    desc.Width = width;
    desc.Height = height;
    desc.MipLevels = 1;
    desc.ArraySize = 1;
    desc.Format = format;
    desc.SampleDesc.Count = 1;
    desc.Usage = D3D11_USAGE_DEFAULT;
    desc.BindFlags = D3D11_BIND_RENDER_TARGET;
    if (usage & DXGI_USAGE_SHADER_INPUT) desc.BindFlags |= D3D11_BIND_SHADER_RESOURCE;
    if (usage & DXGI_USAGE_UNORDERED_ACCESS) desc.BindFlags |= D3D11_BIND_UNORDERED_ACCESS;
    const HRESULT hr = device_->createSwapChainBuffer(desc, &texture_);
    if (FAILED(hr)) *error = "the back buffer texture cannot be created (ID3D11Device::CreateTexture2D failed)";
    return hr;
  }
  void release() override {
    if (texture_) texture_->Release();
    texture_ = nullptr;
  }
  UINT count() const override { return texture_ ? 1 : 0; }
  HRESULT get(UINT index, REFIID riid, void** out) override {
    if (index != 0 || !texture_) return DXGI_ERROR_INVALID_CALL;
    return texture_->QueryInterface(riid, out);
  }
  void* ddiResource(UINT index) const override {
    if (index != 0 || !texture_) return nullptr;
    return resourceBase(texture_)->ddiHandle().pDrvPrivate;
  }
  bool referenced() const override { return texture_ && heldElsewhere(texture_, 1); }

 private:
  D3D11Device* device_;
  ID3D11Texture2D* texture_ = nullptr;
};

}  // namespace

std::unique_ptr<SwapChainBuffers> swapChainBuffersD3D11(IUnknown* device) {
  ID3D11Device* d3d11 = nullptr;
  if (FAILED(device->QueryInterface(__uuidof(ID3D11Device), reinterpret_cast<void**>(&d3d11))) || !d3d11)
    return nullptr;
  // d3dvk's only ID3D11Device is D3D11Device (libd3dvk.so is the process's D3D11).
  auto* ours = static_cast<D3D11Device*>(static_cast<ID3D11Device3*>(static_cast<ID3D11Device*>(d3d11)));
  auto buffers = std::make_unique<D3D11SwapChainBuffers>(ours);
  d3d11->Release();
  return buffers;
}

bool heldElsewhere(IUnknown* object, ULONG ours) {
  object->AddRef();
  return object->Release() > ours;
}

}  // namespace d3dvk::runtime
