// runtime/d3d11/d3d11_output_merger_state.cpp — see d3d11_output_merger_state.h.
#include "d3d11_output_merger_state.h"

#include "d3d11_device.h"
#include "raw_enum.h"

#include <new>

namespace d3dvk::runtime {
namespace {

// The application's enums are read as integers (raw_enum.h), never loaded as the enum.
bool validBlend(const D3D11_BLEND& e) {
  const int b = rawEnum(e);
  return (b >= 1 && b <= 11) || (b >= 14 && b <= 19);
}
bool validBlendOp(const D3D11_BLEND_OP& e) { return rawEnum(e) >= 1 && rawEnum(e) <= 5; }
bool validCompare(const D3D11_COMPARISON_FUNC& e) { return rawEnum(e) >= 1 && rawEnum(e) <= 8; }
bool validStencilOp(const D3D11_STENCIL_OP& e) { return rawEnum(e) >= 1 && rawEnum(e) <= 8; }

// What D3D11 ignores becomes its defaults, so validation and the driver see
// only what counts: a render target without blending keeps ONE/ZERO/ADD (the
// application may leave those fields zero), a disabled depth test compares
// nothing and writes nothing, disabled stencil faces keep KEEP/ALWAYS.
D3D11_BLEND_DESC1 normalized(D3D11_BLEND_DESC1 d) {
  for (D3D11_RENDER_TARGET_BLEND_DESC1& r : d.RenderTarget)
    if (!r.BlendEnable) {
      r.SrcBlend = r.SrcBlendAlpha = D3D11_BLEND_ONE;
      r.DestBlend = r.DestBlendAlpha = D3D11_BLEND_ZERO;
      r.BlendOp = r.BlendOpAlpha = D3D11_BLEND_OP_ADD;
    }
  return d;
}
D3D11_DEPTH_STENCIL_DESC normalized(D3D11_DEPTH_STENCIL_DESC d) {
  if (!d.DepthEnable) d.DepthWriteMask = D3D11_DEPTH_WRITE_MASK_ZERO, d.DepthFunc = D3D11_COMPARISON_ALWAYS;
  if (!d.StencilEnable) {
    d.StencilReadMask = d.StencilWriteMask = 0;
    d.FrontFace = d.BackFace = {D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP, D3D11_STENCIL_OP_KEEP,
                                D3D11_COMPARISON_ALWAYS};
  }
  return d;
}

D3D11_1_DDI_BLEND_DESC toDdi(const D3D11_BLEND_DESC1& app) {
  const D3D11_BLEND_DESC1 d = normalized(app);
  D3D11_1_DDI_BLEND_DESC out{};
  out.AlphaToCoverageEnable = d.AlphaToCoverageEnable;
  out.IndependentBlendEnable = d.IndependentBlendEnable;
  for (int i = 0; i < 8; ++i) {
    // Without IndependentBlendEnable the runtime replicates RenderTarget[0] (as the DDI expects).
    const D3D11_RENDER_TARGET_BLEND_DESC1& r = d.RenderTarget[d.IndependentBlendEnable ? i : 0];
    out.RenderTarget[i] = {r.BlendEnable,
                           r.LogicOpEnable,
                           D3D10_DDI_BLEND(r.SrcBlend),
                           D3D10_DDI_BLEND(r.DestBlend),
                           D3D10_DDI_BLEND_OP(r.BlendOp),
                           D3D10_DDI_BLEND(r.SrcBlendAlpha),
                           D3D10_DDI_BLEND(r.DestBlendAlpha),
                           D3D10_DDI_BLEND_OP(r.BlendOpAlpha),
                           D3D11_1_DDI_LOGIC_OP(r.LogicOp),
                           r.RenderTargetWriteMask};
  }
  return out;
}

D3D10_DDI_DEPTH_STENCIL_DESC toDdi(const D3D11_DEPTH_STENCIL_DESC& app) {
  const D3D11_DEPTH_STENCIL_DESC d = normalized(app);
  auto face = [](const D3D11_DEPTH_STENCILOP_DESC& f) {
    return D3D10_DDI_DEPTH_STENCILOP_DESC{D3D10_DDI_STENCIL_OP(f.StencilFailOp),
                                          D3D10_DDI_STENCIL_OP(f.StencilDepthFailOp),
                                          D3D10_DDI_STENCIL_OP(f.StencilPassOp),
                                          D3D10_DDI_COMPARISON_FUNC(f.StencilFunc)};
  };
  return {d.DepthEnable,      D3D10_DDI_DEPTH_WRITE_MASK(d.DepthWriteMask), D3D10_DDI_COMPARISON_FUNC(d.DepthFunc),
          d.StencilEnable,    TRUE,                                         TRUE,
          d.StencilReadMask,  d.StencilWriteMask,                           face(d.FrontFace),
          face(d.BackFace)};
}

}  // namespace

// Only RenderTarget[0] counts without IndependentBlendEnable (the others are
// ignored), and a render target's factors and operations only with BlendEnable.
bool validBlendDesc(const D3D11_BLEND_DESC1& app) {
  const D3D11_BLEND_DESC1 d = normalized(app);
  for (int i = 0; i < (d.IndependentBlendEnable ? 8 : 1); ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC1& rt = d.RenderTarget[i];
    if (!validBlend(rt.SrcBlend) || !validBlend(rt.DestBlend) || !validBlend(rt.SrcBlendAlpha) ||
        !validBlend(rt.DestBlendAlpha) || !validBlendOp(rt.BlendOp) || !validBlendOp(rt.BlendOpAlpha) ||
        rt.RenderTargetWriteMask > 0xF || rawEnum(rt.LogicOp) < 0 || rawEnum(rt.LogicOp) > 15)
      return false;
    // Alpha factors cannot name colour channels (D3D11 rejects them).
    for (D3D11_BLEND alpha : {rt.SrcBlendAlpha, rt.DestBlendAlpha})
      if (alpha == D3D11_BLEND_SRC_COLOR || alpha == D3D11_BLEND_INV_SRC_COLOR || alpha == D3D11_BLEND_DEST_COLOR ||
          alpha == D3D11_BLEND_INV_DEST_COLOR || alpha == D3D11_BLEND_SRC1_COLOR || alpha == D3D11_BLEND_INV_SRC1_COLOR)
        return false;
  }
  return true;
}

std::string logicOpProblem(const D3D11_BLEND_DESC1& d, bool supported) {
  for (int i = 0; i < (d.IndependentBlendEnable ? 8 : 1); ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC1& rt = d.RenderTarget[i];
    if (!rt.LogicOpEnable) continue;
    const std::string at = "RenderTarget[" + std::to_string(i) + "]";
    if (!supported)
      return at + ".LogicOpEnable is TRUE, but this device has no logic ops "
                  "(D3D11_FEATURE_DATA_D3D11_OPTIONS::OutputMergerLogicOp is FALSE).";
    if (rt.BlendEnable) return at + " enables both blending and a logic op; at most one of them may be TRUE.";
    if (d.IndependentBlendEnable)
      return at + ".LogicOpEnable is TRUE with IndependentBlendEnable; a logic op applies to every render target "
                  "alike, so IndependentBlendEnable must be FALSE.";
    if (const int op = rawEnum(rt.LogicOp); op < D3D11_LOGIC_OP_CLEAR || op > D3D11_LOGIC_OP_OR_INVERTED)
      return at + ".LogicOp " + std::to_string(op) + " is not a D3D11_LOGIC_OP value.";
  }
  return {};
}

// The depth fields count only with DepthEnable, the stencil fields only with StencilEnable.
bool validDepthStencilDesc(const D3D11_DEPTH_STENCIL_DESC& app) {
  const D3D11_DEPTH_STENCIL_DESC d = normalized(app);
  auto face = [](const D3D11_DEPTH_STENCILOP_DESC& f) {
    return validStencilOp(f.StencilFailOp) && validStencilOp(f.StencilDepthFailOp) &&
           validStencilOp(f.StencilPassOp) && validCompare(f.StencilFunc);
  };
  return (d.DepthWriteMask == D3D11_DEPTH_WRITE_MASK_ZERO || d.DepthWriteMask == D3D11_DEPTH_WRITE_MASK_ALL) &&
         validCompare(d.DepthFunc) && face(d.FrontFace) && face(d.BackFace);
}

// (The key is the desc as passed, so each object's GetDesc returns exactly it.)
BlendStateKey D3D11BlendState::key(const D3D11_BLEND_DESC1& d) {
  BlendStateKey key;
  StateKeyWriter writer(key);
  writer.addBool(d.AlphaToCoverageEnable).addBool(d.IndependentBlendEnable);
  for (int i = 0; i < (d.IndependentBlendEnable ? 8 : 1); ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC1& r = d.RenderTarget[i];
    writer.addBool(r.BlendEnable)
        .addBool(r.LogicOpEnable)
        .add(r.SrcBlend, r.DestBlend, r.BlendOp, r.SrcBlendAlpha, r.DestBlendAlpha, r.BlendOpAlpha, r.LogicOp,
             r.RenderTargetWriteMask);
  }
  return key;  // without IndependentBlendEnable the words of RenderTarget[1..7] stay 0
}

DepthStencilStateKey D3D11DepthStencilState::key(const D3D11_DEPTH_STENCIL_DESC& d) {
  DepthStencilStateKey key;
  StateKeyWriter writer(key);
  writer.addBool(d.DepthEnable).add(d.DepthWriteMask, d.DepthFunc).addBool(d.StencilEnable);
  writer.add(d.StencilReadMask, d.StencilWriteMask);
  for (const D3D11_DEPTH_STENCILOP_DESC& f : {d.FrontFace, d.BackFace})
    writer.add(f.StencilFailOp, f.StencilDepthFailOp, f.StencilPassOp, f.StencilFunc);
  return key;
}

D3D11BlendState* D3D11BlendState::create(D3D11Device& device, const D3D11_BLEND_DESC1& desc, HRESULT* hr) {
  if (!validBlendDesc(desc)) {
    *hr = E_INVALIDARG;
    return nullptr;
  }
  std::unique_ptr<D3D11BlendState> state(new (std::nothrow) D3D11BlendState(device, desc));
  if (!state) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  }
  const D3D11_1_DDI_BLEND_DESC ddiDesc = toDdi(desc);
  DdiDevice& ddi = device.ddi();
  *hr = state->driverObject_.create(
      ddi, ddi.funcs().pfnDestroyBlendState,
      [&] { return ddi.funcs().pfnCalcPrivateBlendStateSize(ddi.handle(), &ddiDesc); },
      [&](D3D10DDI_HBLENDSTATE h) {
        ddi.funcs().pfnCreateBlendState(ddi.handle(), &ddiDesc, h, D3D10DDI_HRTBLENDSTATE{state.get()});
      });
  return SUCCEEDED(*hr) ? state.release() : nullptr;
}

HRESULT STDMETHODCALLTYPE D3D11BlendState::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11BlendState) ||
      riid == __uuidof(ID3D11BlendState1)) {
    AddRef();
    *ppvObject = static_cast<ID3D11BlendState1*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11BlendState::GetDesc(D3D11_BLEND_DESC* pDesc) try {
  if (!pDesc) return;
  pDesc->AlphaToCoverageEnable = desc_.AlphaToCoverageEnable;
  pDesc->IndependentBlendEnable = desc_.IndependentBlendEnable;
  for (int i = 0; i < 8; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC1& r = desc_.RenderTarget[i];
    pDesc->RenderTarget[i] = {r.BlendEnable,    r.SrcBlend,       r.DestBlend,    r.BlendOp,
                              r.SrcBlendAlpha, r.DestBlendAlpha, r.BlendOpAlpha, r.RenderTargetWriteMask};
  }
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11BlendState::GetDesc1(D3D11_BLEND_DESC1* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

D3D11DepthStencilState* D3D11DepthStencilState::create(D3D11Device& device, const D3D11_DEPTH_STENCIL_DESC& desc,
                                                       HRESULT* hr) {
  if (!validDepthStencilDesc(desc)) {
    *hr = E_INVALIDARG;
    return nullptr;
  }
  std::unique_ptr<D3D11DepthStencilState> state(new (std::nothrow) D3D11DepthStencilState(device, desc));
  if (!state) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  }
  const D3D10_DDI_DEPTH_STENCIL_DESC ddiDesc = toDdi(desc);
  DdiDevice& ddi = device.ddi();
  *hr = state->driverObject_.create(
      ddi, ddi.funcs().pfnDestroyDepthStencilState,
      [&] { return ddi.funcs().pfnCalcPrivateDepthStencilStateSize(ddi.handle(), &ddiDesc); },
      [&](D3D10DDI_HDEPTHSTENCILSTATE h) {
        ddi.funcs().pfnCreateDepthStencilState(ddi.handle(), &ddiDesc, h, D3D10DDI_HRTDEPTHSTENCILSTATE{state.get()});
      });
  return SUCCEEDED(*hr) ? state.release() : nullptr;
}

HRESULT STDMETHODCALLTYPE D3D11DepthStencilState::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) ||
      riid == __uuidof(ID3D11DepthStencilState)) {
    AddRef();
    *ppvObject = static_cast<ID3D11DepthStencilState*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE D3D11DepthStencilState::GetDesc(D3D11_DEPTH_STENCIL_DESC* pDesc) try {
  if (pDesc) *pDesc = desc_;
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
