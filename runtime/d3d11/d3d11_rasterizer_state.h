// runtime/d3d11/d3d11_rasterizer_state.h — ID3D11RasterizerState2: the API object
// for one rasterizer desc, owning the driver's object (pfnCreateRasterizerState
// in memory sized by pfnCalcPrivateRasterizerStateSize) until the last
// reference goes. Identical descs share one object (the device's cache,
// d3d11_state_object_cache.h; key(): the desc with BOOLs as 0/1).
#pragma once

#include "d3d10umddi.h"
#include "d3d11_driver_object.h"
#include "d3d11_state_object_cache.h"

#include <memory>

namespace d3dvk::runtime {

using RasterizerStateKey = StateKey<12>;

class D3D11RasterizerState final
    : public D3D11StateObject<ID3D11RasterizerState2, D3D11RasterizerState, RasterizerStateKey> {
 public:
  // The cache key: every field, BOOLs normalized.
  static RasterizerStateKey key(const D3D11_RASTERIZER_DESC2& desc);
  // Creates the driver object; on failure returns null and sets *hr.
  static D3D11RasterizerState* create(D3D11Device& device, const D3D11_RASTERIZER_DESC2& desc, HRESULT* hr);

  const D3D11_RASTERIZER_DESC2& desc() const { return desc_; }
  D3D10DDI_HRASTERIZERSTATE ddiHandle() const { return driverObject_.handle(); }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  void STDMETHODCALLTYPE GetDesc(D3D11_RASTERIZER_DESC* pDesc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_RASTERIZER_DESC1* pDesc) override;
  void STDMETHODCALLTYPE GetDesc2(D3D11_RASTERIZER_DESC2* pDesc) override;


  // The DDI form of a desc (same values).
  static D3DWDDM2_0DDI_RASTERIZER_DESC toDdi(const D3D11_RASTERIZER_DESC2& desc);

 private:
  D3D11RasterizerState(D3D11Device& device, const D3D11_RASTERIZER_DESC2& desc) : D3D11StateObject(device), desc_(desc) {}
  D3D11_RASTERIZER_DESC2 desc_;
  DriverObject<D3D10DDI_HRASTERIZERSTATE> driverObject_;
};

}  // namespace d3dvk::runtime
