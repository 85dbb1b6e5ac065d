// runtime/d3d11/d3d11_rasterizer_state.cpp — see d3d11_rasterizer_state.h.
#include "d3d11_rasterizer_state.h"

#include "d3d11_device.h"

#include <new>

namespace d3dvk::runtime {

D3DWDDM2_0DDI_RASTERIZER_DESC D3D11RasterizerState::toDdi(const D3D11_RASTERIZER_DESC2& d) {
  return {static_cast<D3D10_DDI_FILL_MODE>(d.FillMode),
          static_cast<D3D10_DDI_CULL_MODE>(d.CullMode),
          d.FrontCounterClockwise,
          d.DepthBias,
          d.DepthBiasClamp,
          d.SlopeScaledDepthBias,
          d.DepthClipEnable,
          d.ScissorEnable,
          d.MultisampleEnable,
          d.AntialiasedLineEnable,
          d.ForcedSampleCount,
          static_cast<D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_MODE>(d.ConservativeRaster)};
}

RasterizerStateKey D3D11RasterizerState::key(const D3D11_RASTERIZER_DESC2& d) {
  RasterizerStateKey key;
  StateKeyWriter(key)
      .add(d.FillMode, d.CullMode)
      .addBool(d.FrontCounterClockwise)
      .add(d.DepthBias, d.DepthBiasClamp, d.SlopeScaledDepthBias)
      .addBool(d.DepthClipEnable)
      .addBool(d.ScissorEnable)
      .addBool(d.MultisampleEnable)
      .addBool(d.AntialiasedLineEnable)
      .add(d.ForcedSampleCount, d.ConservativeRaster);
  return key;
}

D3D11RasterizerState* D3D11RasterizerState::create(D3D11Device& device, const D3D11_RASTERIZER_DESC2& desc,
                                                   HRESULT* hr) {
  std::unique_ptr<D3D11RasterizerState> state(new (std::nothrow) D3D11RasterizerState(device, desc));
  if (!state) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  }
  DdiDevice& ddi = device.ddi();
  const D3DWDDM2_0DDI_RASTERIZER_DESC ddiDesc = toDdi(desc);
  D3D11_1_DDI_RASTERIZER_DESC desc11_1;
  std::memcpy(&desc11_1, &ddiDesc, sizeof desc11_1);  // the 11.1 desc is the WDDM 2.0 one without the last field
  const D3D10DDI_HRTRASTERIZERSTATE rt{state.get()};
  *hr = state->driverObject_.create(
      ddi, ddi.funcs().pfnDestroyRasterizerState,
      [&] {
        return ddi.isWddm2_0() ? ddi.funcs().pfnCalcPrivateRasterizerStateSize(ddi.handle(), &ddiDesc)
                               : ddi.funcs11_1().pfnCalcPrivateRasterizerStateSize(ddi.handle(), &desc11_1);
      },
      [&](D3D10DDI_HRASTERIZERSTATE h) {
        if (ddi.isWddm2_0())
          ddi.funcs().pfnCreateRasterizerState(ddi.handle(), &ddiDesc, h, rt);
        else
          ddi.funcs11_1().pfnCreateRasterizerState(ddi.handle(), &desc11_1, h, rt);
      });
  return SUCCEEDED(*hr) ? state.release() : nullptr;
}

HRESULT STDMETHODCALLTYPE D3D11RasterizerState::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11RasterizerState) ||
      riid == __uuidof(ID3D11RasterizerState1) || riid == __uuidof(ID3D11RasterizerState2)) {
    AddRef();
    *ppvObject = static_cast<ID3D11RasterizerState2*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11RasterizerState::GetDesc(D3D11_RASTERIZER_DESC* pDesc) try {
  if (!pDesc) return;
  *pDesc = {desc_.FillMode,        desc_.CullMode,        desc_.FrontCounterClockwise, desc_.DepthBias,
            desc_.DepthBiasClamp,  desc_.SlopeScaledDepthBias, desc_.DepthClipEnable, desc_.ScissorEnable,
            desc_.MultisampleEnable, desc_.AntialiasedLineEnable};
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11RasterizerState::GetDesc1(D3D11_RASTERIZER_DESC1* pDesc) try {
  if (!pDesc) return;
  *pDesc = {desc_.FillMode,        desc_.CullMode,        desc_.FrontCounterClockwise, desc_.DepthBias,
            desc_.DepthBiasClamp,  desc_.SlopeScaledDepthBias, desc_.DepthClipEnable, desc_.ScissorEnable,
            desc_.MultisampleEnable, desc_.AntialiasedLineEnable, desc_.ForcedSampleCount};
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11RasterizerState::GetDesc2(D3D11_RASTERIZER_DESC2* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
