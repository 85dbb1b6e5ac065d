// runtime/d3d11/d3d11_deferred_context_calls.cpp — the deferred context's plain
// calls (d3d11_deferred_context.h): state setters go to its state and into the
// list, getters answer from its state, draws, dispatches, copies and clears go
// into the list only (the immediate context validates them when the list runs).
// A setter whose slot range exceeds D3D11's limits is rejected by the state
// (with the debug layer's message) and not recorded.
#include "d3d11_deferred_context.h"
#include "raw_enum.h"

#include <array>

namespace d3dvk::runtime {
namespace {
bool inRange(UINT start, UINT count, UINT slots) { return start <= slots && count <= slots - start; }
}  // namespace

using D = D3D11DeferredContext;
using Ctx = ID3D11DeviceContext3;

// Device-child basics come from D3D11DeviceChild; the rasterizer and the common stages:
void STDMETHODCALLTYPE D::RSSetState(ID3D11RasterizerState* s) try {
  state_.RSSetState(s);
  D3D11CommandList& l = list();
  l.record([s = l.keep(s)](Ctx& c) { c.RSSetState(s); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::RSGetState(ID3D11RasterizerState** s) try { state_.RSGetState(s); } D3DVK_CATCH_VOID

#define D3DVK_DEFERRED_STAGE(P, ShaderType)                                                                             \
  void STDMETHODCALLTYPE D::P##SetConstantBuffers(UINT s, UINT n, ID3D11Buffer* const* b) try {                        \
    state_.P##SetConstantBuffers(s, n, b);                                                                             \
    if (!inRange(s, n, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT)) return;                                      \
    D3D11CommandList& l = list();                                                                                      \
    l.record([s, n, b = l.keepArray(b, n)](Ctx& c) { c.P##SetConstantBuffers(s, n, b); });                            \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##SetConstantBuffers1(UINT s, UINT n, ID3D11Buffer* const* b, const UINT* f,               \
                                                   const UINT* k) try {                                                \
    state_.P##SetConstantBuffers1(s, n, b, f, k);                                                                      \
    if (!inRange(s, n, D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT)) return;                                      \
    D3D11CommandList& l = list();                                                                                      \
    l.record([s, n, b = l.keepArray(b, n), f = l.copyArray(f, n), k = l.copyArray(k, n)](Ctx& c) {                     \
      c.P##SetConstantBuffers1(s, n, b, f, k);                                                                         \
    });                                                                                                                \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##SetShaderResources(UINT s, UINT n, ID3D11ShaderResourceView* const* v) try {            \
    state_.P##SetShaderResources(s, n, v);                                                                             \
    if (!inRange(s, n, D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT)) return;                                           \
    D3D11CommandList& l = list();                                                                                      \
    l.record([s, n, v = l.keepArray(v, n)](Ctx& c) { c.P##SetShaderResources(s, n, v); });                            \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##SetSamplers(UINT s, UINT n, ID3D11SamplerState* const* v) try {                         \
    state_.P##SetSamplers(s, n, v);                                                                                    \
    if (!inRange(s, n, D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT)) return;                                                  \
    D3D11CommandList& l = list();                                                                                      \
    l.record([s, n, v = l.keepArray(v, n)](Ctx& c) { c.P##SetSamplers(s, n, v); });                                   \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##SetShader(ShaderType* sh, ID3D11ClassInstance* const* i, UINT n) try {                  \
    state_.P##SetShader(sh, i, n);                                                                                     \
    if (n > D3D11_SHADER_MAX_INTERFACES) return;                                                                       \
    D3D11CommandList& l = list();                                                                                      \
    l.record([sh = l.keep(sh), i = l.keepArray(i, n), n](Ctx& c) { c.P##SetShader(sh, i, n); });                      \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##GetConstantBuffers(UINT s, UINT n, ID3D11Buffer** b) try {                              \
    state_.P##GetConstantBuffers(s, n, b);                                                                             \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##GetConstantBuffers1(UINT s, UINT n, ID3D11Buffer** b, UINT* f, UINT* k) try {           \
    state_.P##GetConstantBuffers1(s, n, b, f, k);                                                                      \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##GetShaderResources(UINT s, UINT n, ID3D11ShaderResourceView** v) try {                  \
    state_.P##GetShaderResources(s, n, v);                                                                             \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##GetSamplers(UINT s, UINT n, ID3D11SamplerState** v) try {                               \
    state_.P##GetSamplers(s, n, v);                                                                                    \
  } D3DVK_CATCH_VOID                                                                                                    \
  void STDMETHODCALLTYPE D::P##GetShader(ShaderType** sh, ID3D11ClassInstance** i, UINT* n) try {                      \
    state_.P##GetShader(sh, i, n);                                                                                     \
  } D3DVK_CATCH_VOID

D3DVK_DEFERRED_STAGE(VS, ID3D11VertexShader)
D3DVK_DEFERRED_STAGE(HS, ID3D11HullShader)
D3DVK_DEFERRED_STAGE(DS, ID3D11DomainShader)
D3DVK_DEFERRED_STAGE(GS, ID3D11GeometryShader)
D3DVK_DEFERRED_STAGE(PS, ID3D11PixelShader)
D3DVK_DEFERRED_STAGE(CS, ID3D11ComputeShader)
#undef D3DVK_DEFERRED_STAGE

// Input assembler
void STDMETHODCALLTYPE D::IASetInputLayout(ID3D11InputLayout* p) try {
  state_.IASetInputLayout(p);
  D3D11CommandList& l = list();
  l.record([p = l.keep(p)](Ctx& c) { c.IASetInputLayout(p); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::IASetVertexBuffers(UINT s, UINT n, ID3D11Buffer* const* b, const UINT* st,
                                             const UINT* o) try {
  state_.IASetVertexBuffers(s, n, b, st, o);
  if (!inRange(s, n, D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT)) return;
  D3D11CommandList& l = list();
  l.record([s, n, b = l.keepArray(b, n), st = l.copyArray(st, n), o = l.copyArray(o, n)](Ctx& c) {
    c.IASetVertexBuffers(s, n, b, st, o);
  });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::IASetIndexBuffer(ID3D11Buffer* b, DXGI_FORMAT f, UINT o) try {
  state_.IASetIndexBuffer(b, f, o);
  D3D11CommandList& l = list();
  l.record([b = l.keep(b), f, o](Ctx& c) { c.IASetIndexBuffer(b, f, o); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY t) try {
  state_.IASetPrimitiveTopology(t);
  // Kept as its raw value: an application's out-of-range topology is never loaded as the enum.
  list().record([t = rawEnum(t)](Ctx& c) { c.IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY(t)); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::IAGetInputLayout(ID3D11InputLayout** p) try { state_.IAGetInputLayout(p); } D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::IAGetVertexBuffers(UINT s, UINT n, ID3D11Buffer** b, UINT* st, UINT* o) try {
  state_.IAGetVertexBuffers(s, n, b, st, o);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::IAGetIndexBuffer(ID3D11Buffer** b, DXGI_FORMAT* f, UINT* o) try {
  state_.IAGetIndexBuffer(b, f, o);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::IAGetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY* t) try {
  state_.IAGetPrimitiveTopology(t);
} D3DVK_CATCH_VOID

// Rasterizer
void STDMETHODCALLTYPE D::RSSetViewports(UINT n, const D3D11_VIEWPORT* v) try {
  state_.RSSetViewports(n, v);
  if (n > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE) return;
  D3D11CommandList& l = list();
  l.record([n, v = l.copyArray(v, n)](Ctx& c) { c.RSSetViewports(n, v); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::RSSetScissorRects(UINT n, const D3D11_RECT* r) try {
  state_.RSSetScissorRects(n, r);
  if (n > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE) return;
  D3D11CommandList& l = list();
  l.record([n, r = l.copyArray(r, n)](Ctx& c) { c.RSSetScissorRects(n, r); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::RSGetViewports(UINT* n, D3D11_VIEWPORT* v) try { state_.RSGetViewports(n, v); } D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::RSGetScissorRects(UINT* n, D3D11_RECT* r) try { state_.RSGetScissorRects(n, r); } D3DVK_CATCH_VOID

// Output merger
void STDMETHODCALLTYPE D::OMSetRenderTargets(UINT n, ID3D11RenderTargetView* const* v, ID3D11DepthStencilView* d) try {
  state_.OMSetRenderTargets(n, v, d);
  if (n > D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT) return;
  D3D11CommandList& l = list();
  l.record([n, v = l.keepArray(v, n), d = l.keep(d)](Ctx& c) { c.OMSetRenderTargets(n, v, d); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::OMSetRenderTargetsAndUnorderedAccessViews(UINT n, ID3D11RenderTargetView* const* v,
                                                                    ID3D11DepthStencilView* d, UINT us, UINT un,
                                                                    ID3D11UnorderedAccessView* const* u,
                                                                    const UINT* counts) try {
  state_.OMSetRenderTargetsAndUnorderedAccessViews(n, v, d, us, un, u, counts);
  const bool keepTargets = n == D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL;
  const bool keepUavs = un == D3D11_KEEP_UNORDERED_ACCESS_VIEWS;
  if ((!keepTargets && n > D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT) || (!keepUavs && !inRange(us, un, D3D11_1_UAV_SLOT_COUNT)))
    return;
  D3D11CommandList& l = list();
  l.record([n, v = keepTargets ? nullptr : l.keepArray(v, n), d = keepTargets ? nullptr : l.keep(d), us, un,
            u = keepUavs ? nullptr : l.keepArray(u, un), counts = keepUavs ? nullptr : l.copyArray(counts, un)](Ctx& c) {
    c.OMSetRenderTargetsAndUnorderedAccessViews(n, v, d, us, un, u, counts);
  });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::OMSetBlendState(ID3D11BlendState* b, const FLOAT f[4], UINT m) try {
  state_.OMSetBlendState(b, f, m);
  D3D11CommandList& l = list();
  l.record([b = l.keep(b), f = l.copyArray(f, 4), m](Ctx& c) { c.OMSetBlendState(b, f, m); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::OMSetDepthStencilState(ID3D11DepthStencilState* s, UINT r) try {
  state_.OMSetDepthStencilState(s, r);
  D3D11CommandList& l = list();
  l.record([s = l.keep(s), r](Ctx& c) { c.OMSetDepthStencilState(s, r); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::OMGetRenderTargets(UINT n, ID3D11RenderTargetView** v, ID3D11DepthStencilView** d) try {
  state_.OMGetRenderTargets(n, v, d);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::OMGetRenderTargetsAndUnorderedAccessViews(UINT n, ID3D11RenderTargetView** v,
                                                                    ID3D11DepthStencilView** d, UINT us, UINT un,
                                                                    ID3D11UnorderedAccessView** u) try {
  state_.OMGetRenderTargetsAndUnorderedAccessViews(n, v, d, us, un, u);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::OMGetBlendState(ID3D11BlendState** b, FLOAT f[4], UINT* m) try {
  state_.OMGetBlendState(b, f, m);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::OMGetDepthStencilState(ID3D11DepthStencilState** s, UINT* r) try {
  state_.OMGetDepthStencilState(s, r);
} D3DVK_CATCH_VOID

// Compute UAVs, stream output, predication (state of the context body: recorded like any setter)
void STDMETHODCALLTYPE D::CSSetUnorderedAccessViews(UINT s, UINT n, ID3D11UnorderedAccessView* const* u,
                                                    const UINT* counts) try {
  state_.CSSetUnorderedAccessViews(s, n, u, counts);
  if (!inRange(s, n, D3D11_1_UAV_SLOT_COUNT)) return;
  D3D11CommandList& l = list();
  l.record([s, n, u = l.keepArray(u, n), counts = l.copyArray(counts, n)](Ctx& c) {
    c.CSSetUnorderedAccessViews(s, n, u, counts);
  });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::CSGetUnorderedAccessViews(UINT s, UINT n, ID3D11UnorderedAccessView** u) try {
  state_.CSGetUnorderedAccessViews(s, n, u);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::SOSetTargets(UINT n, ID3D11Buffer* const* b, const UINT* o) try {
  state_.SOSetTargets(n, b, o);
  if (n > D3D11_SO_BUFFER_SLOT_COUNT) return;
  D3D11CommandList& l = list();
  l.record([n, b = l.keepArray(b, n), o = l.copyArray(o, n)](Ctx& c) { c.SOSetTargets(n, b, o); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::SOGetTargets(UINT n, ID3D11Buffer** b) try { state_.SOGetTargets(n, b); } D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::SetPredication(ID3D11Predicate* p, BOOL v) try {
  state_.SetPredication(p, v);
  D3D11CommandList& l = list();
  l.record([p = l.keep(p), v](Ctx& c) { c.SetPredication(p, v); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::GetPredication(ID3D11Predicate** p, BOOL* v) try { state_.GetPredication(p, v); } D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::ClearState() try {
  state_.ClearState();
  list().record([](Ctx& c) { c.ClearState(); });
} D3DVK_CATCH_VOID

// Draws and dispatches
void STDMETHODCALLTYPE D::Draw(UINT v, UINT s) try {
  list().record([v, s](Ctx& c) { c.Draw(v, s); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DrawIndexed(UINT i, UINT s, INT b) try {
  list().record([i, s, b](Ctx& c) { c.DrawIndexed(i, s, b); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DrawInstanced(UINT v, UINT n, UINT s, UINT si) try {
  list().record([v, n, s, si](Ctx& c) { c.DrawInstanced(v, n, s, si); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DrawIndexedInstanced(UINT i, UINT n, UINT s, INT b, UINT si) try {
  list().record([i, n, s, b, si](Ctx& c) { c.DrawIndexedInstanced(i, n, s, b, si); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DrawAuto() try {
  list().record([](Ctx& c) { c.DrawAuto(); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DrawInstancedIndirect(ID3D11Buffer* b, UINT o) try {
  D3D11CommandList& l = list();
  l.record([b = l.keep(b), o](Ctx& c) { c.DrawInstancedIndirect(b, o); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DrawIndexedInstancedIndirect(ID3D11Buffer* b, UINT o) try {
  D3D11CommandList& l = list();
  l.record([b = l.keep(b), o](Ctx& c) { c.DrawIndexedInstancedIndirect(b, o); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::Dispatch(UINT x, UINT y, UINT z) try {
  list().record([x, y, z](Ctx& c) { c.Dispatch(x, y, z); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DispatchIndirect(ID3D11Buffer* b, UINT o) try {
  D3D11CommandList& l = list();
  l.record([b = l.keep(b), o](Ctx& c) { c.DispatchIndirect(b, o); });
} D3DVK_CATCH_VOID

// Copies, clears and other commands on resources and views
void STDMETHODCALLTYPE D::CopySubresourceRegion(ID3D11Resource* d, UINT ds, UINT x, UINT y, UINT z, ID3D11Resource* s,
                                                UINT ss, const D3D11_BOX* box) try {
  CopySubresourceRegion1(d, ds, x, y, z, s, ss, box, 0);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::CopySubresourceRegion1(ID3D11Resource* d, UINT ds, UINT x, UINT y, UINT z, ID3D11Resource* s,
                                                 UINT ss, const D3D11_BOX* box, UINT flags) try {
  D3D11CommandList& l = list();
  l.record([d = l.keep(d), ds, x, y, z, s = l.keep(s), ss, box = l.copyArray(box, 1), flags](Ctx& c) {
    c.CopySubresourceRegion1(d, ds, x, y, z, s, ss, box, flags);
  });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::CopyResource(ID3D11Resource* d, ID3D11Resource* s) try {
  D3D11CommandList& l = list();
  l.record([d = l.keep(d), s = l.keep(s)](Ctx& c) { c.CopyResource(d, s); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::CopyStructureCount(ID3D11Buffer* b, UINT o, ID3D11UnorderedAccessView* u) try {
  D3D11CommandList& l = list();
  l.record([b = l.keep(b), o, u = l.keep(u)](Ctx& c) { c.CopyStructureCount(b, o, u); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::ResolveSubresource(ID3D11Resource* d, UINT ds, ID3D11Resource* s, UINT ss,
                                             DXGI_FORMAT f) try {
  D3D11CommandList& l = list();
  l.record([d = l.keep(d), ds, s = l.keep(s), ss, f](Ctx& c) { c.ResolveSubresource(d, ds, s, ss, f); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::ClearRenderTargetView(ID3D11RenderTargetView* v, const FLOAT color[4]) try {
  if (!color) return;
  D3D11CommandList& l = list();
  l.record([v = l.keep(v), k = l.copyArray(color, 4)](Ctx& c) { c.ClearRenderTargetView(v, k); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::ClearDepthStencilView(ID3D11DepthStencilView* v, UINT flags, FLOAT depth, UINT8 stencil) try {
  D3D11CommandList& l = list();
  l.record([v = l.keep(v), flags, depth, stencil](Ctx& c) { c.ClearDepthStencilView(v, flags, depth, stencil); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::ClearUnorderedAccessViewUint(ID3D11UnorderedAccessView* v, const UINT values[4]) try {
  if (!values) return;
  D3D11CommandList& l = list();
  l.record([v = l.keep(v), k = l.copyArray(values, 4)](Ctx& c) { c.ClearUnorderedAccessViewUint(v, k); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::ClearUnorderedAccessViewFloat(ID3D11UnorderedAccessView* v, const FLOAT values[4]) try {
  if (!values) return;
  D3D11CommandList& l = list();
  l.record([v = l.keep(v), k = l.copyArray(values, 4)](Ctx& c) { c.ClearUnorderedAccessViewFloat(v, k); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::ClearView(ID3D11View* v, const FLOAT color[4], const D3D11_RECT* r, UINT n) try {
  if (!color || n > D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE * 64) return;
  D3D11CommandList& l = list();
  l.record([v = l.keep(v), k = l.copyArray(color, 4), r = l.copyArray(r, n), n](Ctx& c) { c.ClearView(v, k, r, n); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::GenerateMips(ID3D11ShaderResourceView* v) try {
  D3D11CommandList& l = list();
  l.record([v = l.keep(v)](Ctx& c) { c.GenerateMips(v); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::SetResourceMinLOD(ID3D11Resource* r, FLOAT lod) try {
  D3D11CommandList& l = list();
  l.record([r = l.keep(r), lod](Ctx& c) { c.SetResourceMinLOD(r, lod); });
} D3DVK_CATCH_VOID
FLOAT STDMETHODCALLTYPE D::GetResourceMinLOD(ID3D11Resource* r) try {
  return state_.GetResourceMinLOD(r);
} D3DVK_CATCH_RETURN({})
void STDMETHODCALLTYPE D::DiscardResource(ID3D11Resource* r) try {
  D3D11CommandList& l = list();
  l.record([r = l.keep(r)](Ctx& c) { c.DiscardResource(r); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DiscardView(ID3D11View* v) try {
  D3D11CommandList& l = list();
  l.record([v = l.keep(v)](Ctx& c) { c.DiscardView(v); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::DiscardView1(ID3D11View* v, const D3D11_RECT* r, UINT n) try {
  if (n > 4096) return;
  D3D11CommandList& l = list();
  l.record([v = l.keep(v), r = l.copyArray(r, n), n](Ctx& c) { c.DiscardView1(v, r, n); });
} D3DVK_CATCH_VOID

// Annotations are recorded with their text.
void STDMETHODCALLTYPE D::SetMarkerInt(LPCWSTR label, INT data) try {
  D3D11CommandList& l = list();
  const size_t n = label ? std::char_traits<WCHAR>::length(label) + 1 : 0;
  l.record([t = l.copyArray(label, n), data](Ctx& c) { c.SetMarkerInt(t, data); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::BeginEventInt(LPCWSTR label, INT data) try {
  D3D11CommandList& l = list();
  const size_t n = label ? std::char_traits<WCHAR>::length(label) + 1 : 0;
  l.record([t = l.copyArray(label, n), data](Ctx& c) { c.BeginEventInt(t, data); });
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::EndEvent() try {
  list().record([](Ctx& c) { c.EndEvent(); });
} D3DVK_CATCH_VOID
BOOL STDMETHODCALLTYPE D::IsAnnotationEnabled() try { return state_.IsAnnotationEnabled(); } D3DVK_CATCH_RETURN({})

// Tiled resources and hardware protection: what the context body answers.
HRESULT STDMETHODCALLTYPE D::UpdateTileMappings(ID3D11Resource* a, UINT b, const D3D11_TILED_RESOURCE_COORDINATE* c,
                                                const D3D11_TILE_REGION_SIZE* d, ID3D11Buffer* e, UINT f,
                                                const UINT* g, const UINT* h, const UINT* i, UINT j) try {
  return state_.UpdateTileMappings(a, b, c, d, e, f, g, h, i, j);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE D::CopyTileMappings(ID3D11Resource* a, const D3D11_TILED_RESOURCE_COORDINATE* b,
                                              ID3D11Resource* c, const D3D11_TILED_RESOURCE_COORDINATE* d,
                                              const D3D11_TILE_REGION_SIZE* e, UINT f) try {
  return state_.CopyTileMappings(a, b, c, d, e, f);
} D3DVK_CATCH_HRESULT
void STDMETHODCALLTYPE D::CopyTiles(ID3D11Resource* a, const D3D11_TILED_RESOURCE_COORDINATE* b,
                                    const D3D11_TILE_REGION_SIZE* c, ID3D11Buffer* d, UINT64 e, UINT f) try {
  state_.CopyTiles(a, b, c, d, e, f);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::UpdateTiles(ID3D11Resource* a, const D3D11_TILED_RESOURCE_COORDINATE* b,
                                      const D3D11_TILE_REGION_SIZE* c, const void* d, UINT e) try {
  state_.UpdateTiles(a, b, c, d, e);
} D3DVK_CATCH_VOID
HRESULT STDMETHODCALLTYPE D::ResizeTilePool(ID3D11Buffer* a, UINT64 b) try {
  return state_.ResizeTilePool(a, b);
} D3DVK_CATCH_HRESULT
void STDMETHODCALLTYPE D::TiledResourceBarrier(ID3D11DeviceChild* a, ID3D11DeviceChild* b) try {
  state_.TiledResourceBarrier(a, b);
} D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::SetHardwareProtectionState(BOOL b) try { state_.SetHardwareProtectionState(b); } D3DVK_CATCH_VOID
void STDMETHODCALLTYPE D::GetHardwareProtectionState(BOOL* b) try { state_.GetHardwareProtectionState(b); } D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
