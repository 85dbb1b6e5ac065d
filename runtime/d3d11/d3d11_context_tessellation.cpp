// runtime/d3d11/d3d11_context_tessellation.cpp — the immediate context's hull
// and domain stages: HS/DSSetShader, HS/DSSetConstantBuffers,
// HS/DSSetShaderResources, HS/DSSetSamplers and their Get variants (the shared
// per-stage code is in d3d11_context_draw.cpp and
// d3d11_context_shader_resources.cpp), and the draw-time rules of
// tessellation as D3D11's debug layer states them: hull and domain shaders are
// bound together (DEVICE_DRAW_HS_XOR_DS_MISMATCH), a patch list is drawn only
// through them (DEVICE_DRAW_RASTERIZING_CONTROL_POINTS), the patch list has the
// hull shader's input control points (DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH),
// and the domain shader takes the hull shader's output control points and
// domain (DEVICE_DRAW_HS_DS_CONTROL_POINT_COUNT_MISMATCH,
// DEVICE_DRAW_HS_DS_TESSELLATOR_DOMAIN_MISMATCH); each drops the draw.
#include "d3d11_context.h"
#include "d3d11_device.h"
#include "d3d11_shader.h"

#include <string>
#include <vector>

namespace d3dvk::runtime {
namespace {

template <typename T>
void rebind(T*& slot, T* next) {
  if (slot == next) return;
  if (next) next->addPrivateRef();
  T* previous = slot;
  slot = next;
  if (previous) previous->releasePrivateRef();
}

template <typename Interface, typename T>
void handOut(T* object, Interface** out) {
  if (object) object->AddRef();
  *out = object;
}

D3D11HullShader* hsFrom(ID3D11HullShader* s) { return static_cast<D3D11HullShader*>(s); }
D3D11DomainShader* dsFrom(ID3D11DomainShader* s) { return static_cast<D3D11DomainShader*>(s); }

const char* domainName(uint32_t d) { return d == 1 ? "isoline" : d == 2 ? "tri" : d == 3 ? "quad" : "undefined"; }

}  // namespace

// ---------------------------------------------------------------------------
// Hull stage.

void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetShader(ID3D11HullShader* pHullShader,
                                                         ID3D11ClassInstance* const* ppClassInstances,
                                                         UINT NumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  D3D11HullShader* current = hsFrom(hullShader_);
  D3D11HullShader* next = hsFrom(pHullShader);
  std::vector<UINT> tables;
  std::vector<D3D11DDIARG_POINTERDATA> pointers;
  if (!resolveClassInstances("ID3D11DeviceContext::HSSetShader", interfacesOf(next), ppClassInstances,
                             NumClassInstances, &tables, &pointers))
    return;
  rebind(current, next);
  hullShader_ = next;
  drawValidated_ = false;
  DdiDevice& ddi = driver();
  bindClassInstances(kHS, ppClassInstances, NumClassInstances);
  if (next && next->usesInterfaces())
    ddi.funcs().pfnHsSetShaderWithIfaces(ddi.handle(), next->ddiHandle(), UINT(tables.size()), tables.data(),
                                         pointers.data());
  else
    ddi.funcs().pfnHsSetShader(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HSHADER{});
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetShader(ID3D11HullShader** ppHullShader,
                                                         ID3D11ClassInstance** ppClassInstances,
                                                         UINT* pNumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  if (ppHullShader) handOut(hsFrom(hullShader_), ppHullShader);
  getClassInstances(kHS, ppClassInstances, pNumClassInstances);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer* const* ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  setConstantBuffers(kHS, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer** ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  getConstantBuffers(kHS, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView* const* ppViews) try {
  const auto contextEntryLock = lockEntry();
  setShaderResources(kHS, "ID3D11DeviceContext::HSSetShaderResources", StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView** ppViews) try {
  const auto contextEntryLock = lockEntry();
  getShaderResources(kHS, StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::HSSetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState* const* ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  setSamplers(kHS, "ID3D11DeviceContext::HSSetSamplers", StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::HSGetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState** ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  getSamplers(kHS, StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID

// ---------------------------------------------------------------------------
// Domain stage.

void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetShader(ID3D11DomainShader* pDomainShader,
                                                         ID3D11ClassInstance* const* ppClassInstances,
                                                         UINT NumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  D3D11DomainShader* current = dsFrom(domainShader_);
  D3D11DomainShader* next = dsFrom(pDomainShader);
  std::vector<UINT> tables;
  std::vector<D3D11DDIARG_POINTERDATA> pointers;
  if (!resolveClassInstances("ID3D11DeviceContext::DSSetShader", interfacesOf(next), ppClassInstances,
                             NumClassInstances, &tables, &pointers))
    return;
  rebind(current, next);
  domainShader_ = next;
  drawValidated_ = false;
  DdiDevice& ddi = driver();
  bindClassInstances(kDS, ppClassInstances, NumClassInstances);
  if (next && next->usesInterfaces())
    ddi.funcs().pfnDsSetShaderWithIfaces(ddi.handle(), next->ddiHandle(), UINT(tables.size()), tables.data(),
                                         pointers.data());
  else
    ddi.funcs().pfnDsSetShader(ddi.handle(), next ? next->ddiHandle() : D3D10DDI_HSHADER{});
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetShader(ID3D11DomainShader** ppDomainShader,
                                                         ID3D11ClassInstance** ppClassInstances,
                                                         UINT* pNumClassInstances) try {
  const auto contextEntryLock = lockEntry();
  if (ppDomainShader) handOut(dsFrom(domainShader_), ppDomainShader);
  getClassInstances(kDS, ppClassInstances, pNumClassInstances);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer* const* ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  setConstantBuffers(kDS, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetConstantBuffers(UINT StartSlot, UINT NumBuffers,
                                                                  ID3D11Buffer** ppConstantBuffers) try {
  const auto contextEntryLock = lockEntry();
  getConstantBuffers(kDS, StartSlot, NumBuffers, ppConstantBuffers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView* const* ppViews) try {
  const auto contextEntryLock = lockEntry();
  setShaderResources(kDS, "ID3D11DeviceContext::DSSetShaderResources", StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetShaderResources(UINT StartSlot, UINT NumViews,
                                                                  ID3D11ShaderResourceView** ppViews) try {
  const auto contextEntryLock = lockEntry();
  getShaderResources(kDS, StartSlot, NumViews, ppViews);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::DSSetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState* const* ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  setSamplers(kDS, "ID3D11DeviceContext::DSSetSamplers", StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D3D11ImmediateContext::DSGetSamplers(UINT StartSlot, UINT NumSamplers,
                                                           ID3D11SamplerState** ppSamplers) try {
  const auto contextEntryLock = lockEntry();
  getSamplers(kDS, StartSlot, NumSamplers, ppSamplers);
} D3DVK_CATCH_VOID

// ---------------------------------------------------------------------------

void D3D11ImmediateContext::releaseTessellationBindings() {
  D3D11HullShader* hs = hsFrom(hullShader_);
  D3D11HullShader* noHs = nullptr;
  rebind(hs, noHs);
  hullShader_ = nullptr;
  D3D11DomainShader* ds = dsFrom(domainShader_);
  D3D11DomainShader* noDs = nullptr;
  rebind(ds, noDs);
  domainShader_ = nullptr;
  drawValidated_ = false;
}

bool D3D11ImmediateContext::validateTessellation(const char* function, uint32_t* topology) {
  const int t = int(topology_);
  const bool patches = t >= 33 && t <= 64;
  auto drop = [&](D3D11_MESSAGE_ID id, const char* idName, const std::string& text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, id, idName, function,
                         text + " The draw is dropped.");
    return false;
  };
  const D3D11HullShader* hs = hsFrom(hullShader_);
  const D3D11DomainShader* ds = dsFrom(domainShader_);
  if (!hs != !ds)
    return drop(D3D11_MESSAGE_ID_DEVICE_DRAW_HS_XOR_DS_MISMATCH, "DEVICE_DRAW_HS_XOR_DS_MISMATCH",
                std::string("A ") + (hs ? "hull shader is bound without a domain shader" : "domain shader is bound without a hull shader") +
                    "; the tessellation stages are enabled together.");
  if (!hs) {
    if (patches)
      return drop(D3D11_MESSAGE_ID_DEVICE_DRAW_RASTERIZING_CONTROL_POINTS, "DEVICE_DRAW_RASTERIZING_CONTROL_POINTS",
                  "The primitive topology is D3D11_PRIMITIVE_TOPOLOGY_" + std::to_string(t - 32) +
                      "_CONTROL_POINT_PATCHLIST but no hull and domain shaders are bound: control points cannot be "
                      "rasterized.");
    return true;
  }
  const dxbc::ShaderReflection& h = hs->reflection();
  const dxbc::ShaderReflection& d = ds->reflection();
  if (!patches || uint32_t(t - 32) != h.inputControlPoints)
    return drop(D3D11_MESSAGE_ID_DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH,
                "DEVICE_DRAW_HULL_SHADER_INPUT_TOPOLOGY_MISMATCH",
                "The hull shader takes patches of " + std::to_string(h.inputControlPoints) +
                    " control points, so the primitive topology must be D3D11_PRIMITIVE_TOPOLOGY_" +
                    std::to_string(h.inputControlPoints) + "_CONTROL_POINT_PATCHLIST; it is " +
                    (patches ? "a " + std::to_string(t - 32) + "-control-point patch list." : std::to_string(t) + "."));
  if (h.outputControlPoints != d.inputControlPoints)
    return drop(D3D11_MESSAGE_ID_DEVICE_DRAW_HS_DS_CONTROL_POINT_COUNT_MISMATCH,
                "DEVICE_DRAW_HS_DS_CONTROL_POINT_COUNT_MISMATCH",
                "The hull shader outputs " + std::to_string(h.outputControlPoints) +
                    " control points, the domain shader takes " + std::to_string(d.inputControlPoints) + ".");
  if (h.tessDomain != d.tessDomain)
    return drop(D3D11_MESSAGE_ID_DEVICE_DRAW_HS_DS_TESSELLATOR_DOMAIN_MISMATCH,
                "DEVICE_DRAW_HS_DS_TESSELLATOR_DOMAIN_MISMATCH",
                std::string("The hull shader's tessellator domain is ") + domainName(h.tessDomain) +
                    ", the domain shader's is " + domainName(d.tessDomain) + ".");
  // What comes out of the tessellator: points, lines or triangles.
  *topology = h.tessOutputPrimitive == 1   ? uint32_t(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)
              : h.tessOutputPrimitive == 2 ? uint32_t(D3D11_PRIMITIVE_TOPOLOGY_LINELIST)
                                           : uint32_t(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  return true;
}

}  // namespace d3dvk::runtime
