// runtime/d3d11/d3d11_output_merger_state.h — ID3D11BlendState1 and
// ID3D11DepthStencilState: the API objects for one blend / depth-stencil desc,
// owning the driver's object (pfnCreateBlendState / pfnCreateDepthStencilState)
// until the last reference goes. Descs are range-checked first (out-of-range
// enums → E_INVALIDARG); identical descs share one object (the device's cache,
// keyed by the desc's fields), as D3D11's CreateBlendState and
// CreateDepthStencilState return the existing object for a desc they have seen.
#pragma once

#include "d3d10umddi.h"
#include "d3d11_device_child.h"

#include <memory>
#include <string>

namespace d3dvk::runtime {

// The dedup cache keys: every field of the desc in order (not the struct's bytes,
// whose padding is unspecified).
std::string blendStateKey(const D3D11_BLEND_DESC1& desc);
std::string depthStencilStateKey(const D3D11_DEPTH_STENCIL_DESC& desc);

class D3D11BlendState final : public D3D11DeviceChild<ID3D11BlendState1> {
 public:
  static D3D11BlendState* create(D3D11Device& device, const D3D11_BLEND_DESC1& desc, HRESULT* hr);
  D3D10DDI_HBLENDSTATE ddiHandle() const { return {driverMemory_.get()}; }
  const D3D11_BLEND_DESC1& desc() const { return desc_; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_BLEND_DESC* pDesc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_BLEND_DESC1* pDesc) override;
  ~D3D11BlendState() override;

 protected:
  void destroyIfUnused() override;

 private:
  D3D11BlendState(D3D11Device& device, const D3D11_BLEND_DESC1& desc) : D3D11DeviceChild(device), desc_(desc) {}
  D3D11_BLEND_DESC1 desc_;
  std::unique_ptr<unsigned char[]> driverMemory_;
  bool driverObjectCreated_ = false;
};

class D3D11DepthStencilState final : public D3D11DeviceChild<ID3D11DepthStencilState> {
 public:
  static D3D11DepthStencilState* create(D3D11Device& device, const D3D11_DEPTH_STENCIL_DESC& desc, HRESULT* hr);
  D3D10DDI_HDEPTHSTENCILSTATE ddiHandle() const { return {driverMemory_.get()}; }
  const D3D11_DEPTH_STENCIL_DESC& desc() const { return desc_; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_DEPTH_STENCIL_DESC* pDesc) override;
  ~D3D11DepthStencilState() override;

 protected:
  void destroyIfUnused() override;

 private:
  D3D11DepthStencilState(D3D11Device& device, const D3D11_DEPTH_STENCIL_DESC& desc)
      : D3D11DeviceChild(device), desc_(desc) {}
  D3D11_DEPTH_STENCIL_DESC desc_;
  std::unique_ptr<unsigned char[]> driverMemory_;
  bool driverObjectCreated_ = false;
};

}  // namespace d3dvk::runtime
