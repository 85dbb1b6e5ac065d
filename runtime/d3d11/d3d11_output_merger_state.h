// runtime/d3d11/d3d11_output_merger_state.h — ID3D11BlendState1 and
// ID3D11DepthStencilState: the API objects for one blend / depth-stencil desc,
// owning the driver's object (pfnCreateBlendState / pfnCreateDepthStencilState)
// until the last reference goes. Descs are range-checked first (out-of-range
// enums → E_INVALIDARG); identical descs share one object (the device's cache,
// d3d11_state_object_cache.h), as D3D11's CreateBlendState and
// CreateDepthStencilState return the existing object for a desc they have seen.
// Identical means identical to D3D11: the keys leave out what it ignores.
#pragma once

#include "d3d10umddi.h"
#include "d3d11_driver_object.h"
#include "d3d11_state_object_cache.h"

#include <memory>
#include <string>

namespace d3dvk::runtime {

// The range checks of CreateBlendState1 and CreateDepthStencilState (out-of-range
// enums, alpha factors naming colours).
bool validBlendDesc(const D3D11_BLEND_DESC1& desc);
// Why a desc's logic op is refused (empty: it is not): D3D11.1's rules (no
// blending on that target, IndependentBlendEnable FALSE, a D3D11_LOGIC_OP)
// and the device's OutputMergerLogicOp (`supported`).
std::string logicOpProblem(const D3D11_BLEND_DESC1& desc, bool supported);
bool validDepthStencilDesc(const D3D11_DEPTH_STENCIL_DESC& desc);

using BlendStateKey = StateKey<2 + 8 * 10>;
using DepthStencilStateKey = StateKey<14>;

class D3D11BlendState final : public D3D11StateObject<ID3D11BlendState1, D3D11BlendState, BlendStateKey> {
 public:
  // The cache key: every field, BOOLs normalized; RenderTarget[1..7] only with
  // IndependentBlendEnable (without it D3D11 uses RenderTarget[0] for all).
  static BlendStateKey key(const D3D11_BLEND_DESC1& desc);
  static D3D11BlendState* create(D3D11Device& device, const D3D11_BLEND_DESC1& desc, HRESULT* hr);
  D3D10DDI_HBLENDSTATE ddiHandle() const { return driverObject_.handle(); }
  const D3D11_BLEND_DESC1& desc() const { return desc_; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_BLEND_DESC* pDesc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_BLEND_DESC1* pDesc) override;

 private:
  D3D11BlendState(D3D11Device& device, const D3D11_BLEND_DESC1& desc) : D3D11StateObject(device), desc_(desc) {}
  D3D11_BLEND_DESC1 desc_;
  DriverObject<D3D10DDI_HBLENDSTATE> driverObject_;
};

class D3D11DepthStencilState final
    : public D3D11StateObject<ID3D11DepthStencilState, D3D11DepthStencilState, DepthStencilStateKey> {
 public:
  // The cache key: every field, BOOLs normalized.
  static DepthStencilStateKey key(const D3D11_DEPTH_STENCIL_DESC& desc);
  static D3D11DepthStencilState* create(D3D11Device& device, const D3D11_DEPTH_STENCIL_DESC& desc, HRESULT* hr);
  D3D10DDI_HDEPTHSTENCILSTATE ddiHandle() const { return driverObject_.handle(); }
  const D3D11_DEPTH_STENCIL_DESC& desc() const { return desc_; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_DEPTH_STENCIL_DESC* pDesc) override;

 private:
  D3D11DepthStencilState(D3D11Device& device, const D3D11_DEPTH_STENCIL_DESC& desc)
      : D3D11StateObject(device), desc_(desc) {}
  D3D11_DEPTH_STENCIL_DESC desc_;
  DriverObject<D3D10DDI_HDEPTHSTENCILSTATE> driverObject_;
};

}  // namespace d3dvk::runtime
