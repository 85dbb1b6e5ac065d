// runtime/dxgi/dxgi_swapchain_d3d11.cpp — a D3D11 device's swapchain buffers (see
// dxgi_swapchain_buffers.h): buffer 0, a Texture2D of DEFAULT usage bound as a
// render target, plus a shader resource and unordered access where the
// swapchain's DXGI usage asks; with a sequential swap effect, BufferCount - 1
// read-only textures holding the frames presented before (their contents rotate
// after each present, as DXGI rotates its buffers).
#include "dxgi_swapchain_buffers.h"

#include "d3d11_device.h"
#include "d3d11_resource.h"

#include <vector>

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
  void keepPresentedFrames(bool keep) override { keep_ = keep; }

  HRESULT create(UINT count, UINT width, UINT height, DXGI_FORMAT format, DXGI_USAGE usage, std::string* error) override {
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
    HRESULT hr = device_->createSwapChainBuffer(desc, false, &textures_.emplace_back());
    // The presented frames: read (copies, shader input where asked), never drawn to.
    desc.BindFlags &= D3D11_BIND_SHADER_RESOURCE;
    for (UINT i = 1; SUCCEEDED(hr) && keep_ && i < count; ++i)
      hr = device_->createSwapChainBuffer(desc, true, &textures_.emplace_back());
    // Where buffer 0's frame waits while the contents rotate.
    if (SUCCEEDED(hr) && textures_.size() > 1) hr = device_->createSwapChainBuffer(desc, true, &scratch_);
    if (FAILED(hr)) {
      *error = "the back buffer textures cannot be created (ID3D11Device::CreateTexture2D failed)";
      release();
    }
    return hr;
  }
  void release() override {
    for (ID3D11Texture2D* t : textures_)
      if (t) t->Release();
    textures_.clear();
    if (scratch_) scratch_->Release();
    scratch_ = nullptr;
  }
  UINT count() const override { return UINT(textures_.size()); }
  HRESULT get(UINT index, REFIID riid, void** out) override {
    if (index >= textures_.size()) return DXGI_ERROR_INVALID_CALL;
    return textures_[index]->QueryInterface(riid, out);
  }
  void* ddiResource(UINT index) const override {
    if (index != 0 || textures_.empty()) return nullptr;
    return resourceBase(textures_[0])->ddiHandle().pDrvPrivate;
  }
  bool referenced() const override {
    for (ID3D11Texture2D* t : textures_)
      if (heldElsewhere(t, 1)) return true;
    return false;
  }
  // DXGI rotates the buffers' identities: the frame just presented becomes the
  // last buffer, each other buffer moves down one, and buffer 0 gets what buffer 1
  // held. Buffer 0 keeps its identity here, so the contents move instead.
  void presented() override {
    if (textures_.size() < 2) return;
    ID3D11DeviceContext* context = nullptr;
    device_->GetImmediateContext(&context);
    context->CopyResource(scratch_, textures_[0]);
    for (size_t i = 0; i + 1 < textures_.size(); ++i) context->CopyResource(textures_[i], textures_[i + 1]);
    context->CopyResource(textures_.back(), scratch_);
    context->Release();
  }

 private:
  D3D11Device* device_;
  bool keep_ = false;
  std::vector<ID3D11Texture2D*> textures_;  // [0] the one drawn to, then the presented frames
  ID3D11Texture2D* scratch_ = nullptr;
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
