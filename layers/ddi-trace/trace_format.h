// layers/ddi-trace/trace_format.h — how each device DDI is written to the log
// (the log/format part of the trace filter). A call is one line,
//   Name(hDevice=%p<args>)<result>
// where <args> comes from the args() overload for the slot (none: the slot
// shows only hDevice) and <result> from result() for DDIs with out-parameters
// or from the return value (" -> %zu" for sizes, " -> TRUE"/"FALSE" for BOOL).
// Runtime-side handles (hRT*) are not shown. The overloads are picked by
// SlotTag<slot>, the slot's number in the one slot list (d3d10umddi.h).
#pragma once

#include "trace_log.h"

#include <string>

namespace d3dvk::trace {

template <int Slot>
struct SlotTag {};
#define D3DVK_SLOT(name) SlotTag<int(::d3dvk::ddi::DeviceSlot::name)>

inline const char* slotName(int slot) { return ddi::kWddm2_0DeviceFuncNames[slot - 1]; }

// --- Argument formatters ----------------------------------------------------

inline std::string ptr(const void* p) { return format("%p", p); }

inline std::string desc(const D3DWDDM2_0DDI_RASTERIZER_DESC* d) {
  if (!d) return "null";
  return format("{FillMode=%d, CullMode=%d, FrontCounterClockwise=%u, DepthBias=%d, DepthBiasClamp=%g, "
                "SlopeScaledDepthBias=%g, DepthClipEnable=%u, ScissorEnable=%u, MultisampleEnable=%u, "
                "AntialiasedLineEnable=%u, ForcedSampleCount=%u, ConservativeRasterizationMode=%d}",
                int(d->FillMode), int(d->CullMode), d->FrontCounterClockwise, d->DepthBias, double(d->DepthBiasClamp),
                double(d->SlopeScaledDepthBias), d->DepthClipEnable, d->ScissorEnable, d->MultisampleEnable,
                d->AntialiasedLineEnable, d->ForcedSampleCount, int(d->ConservativeRasterizationMode));
}
// The D3D11.1 desc is shown as the WDDM 2.0 one with conservative mode OFF.
inline std::string desc(const D3D11_1_DDI_RASTERIZER_DESC* d) {
  if (!d) return "null";
  const D3DWDDM2_0DDI_RASTERIZER_DESC p{d->FillMode,          d->CullMode,
                                        d->FrontCounterClockwise, d->DepthBias,
                                        d->DepthBiasClamp,    d->SlopeScaledDepthBias,
                                        d->DepthClipEnable,   d->ScissorEnable,
                                        d->MultisampleEnable, d->AntialiasedLineEnable,
                                        d->ForcedSampleCount, D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF};
  return desc(&p);
}
inline const char* dimensionName(int d) {
  switch (d) {
    case D3D10DDIRESOURCE_BUFFER: return "BUFFER";
    case D3D10DDIRESOURCE_TEXTURE1D: return "TEXTURE1D";
    case D3D10DDIRESOURCE_TEXTURE2D: return "TEXTURE2D";
    case D3D10DDIRESOURCE_TEXTURE3D: return "TEXTURE3D";
    case D3D10DDIRESOURCE_TEXTURECUBE: return "TEXTURECUBE";
    case D3D11DDIRESOURCE_BUFFEREX: return "BUFFEREX";
    default: return "?";
  }
}
inline const char* usageName(UINT u) {
  switch (u) {
    case D3D10_DDI_USAGE_DEFAULT: return "DEFAULT";
    case D3D10_DDI_USAGE_IMMUTABLE: return "IMMUTABLE";
    case D3D10_DDI_USAGE_DYNAMIC: return "DYNAMIC";
    case D3D10_DDI_USAGE_STAGING: return "STAGING";
    default: return "?";
  }
}
inline const char* mapName(int m) {
  switch (m) {
    case D3D10_DDI_MAP_READ: return "READ";
    case D3D10_DDI_MAP_WRITE: return "WRITE";
    case D3D10_DDI_MAP_READWRITE: return "READWRITE";
    case D3D10_DDI_MAP_WRITE_DISCARD: return "WRITE_DISCARD";
    case D3D10_DDI_MAP_WRITE_NOOVERWRITE: return "WRITE_NOOVERWRITE";
    default: return "?";
  }
}
inline std::string box(const D3D10_DDI_BOX* b) {
  if (!b) return "null";
  return format("{%ld,%ld,%ld}-{%ld,%ld,%ld}", long(b->left), long(b->top), long(b->front), long(b->right),
                long(b->bottom), long(b->back));
}
inline std::string desc(const D3D11DDIARG_CREATERESOURCE* a) {
  if (!a) return "null";
  return format("{Dimension=%s, Usage=%s, BindFlags=0x%X, MapFlags=0x%X, MiscFlags=0x%X, Format=%d, Samples=%u/%u, "
                "MipLevels=%u, ArraySize=%u, Size=%ux%u, InitialData=%s, Depth=%u, ByteStride=%u}",
                dimensionName(a->ResourceDimension), usageName(a->Usage), a->BindFlags, a->MapFlags, a->MiscFlags,
                int(a->Format), a->SampleDesc.Count, a->SampleDesc.Quality, a->MipLevels, a->ArraySize,
                a->pMipInfoList ? a->pMipInfoList[0].TexelWidth : 0,
                a->pMipInfoList ? a->pMipInfoList[0].TexelHeight : 0, a->pInitialDataUP ? "yes" : "no",
                a->pMipInfoList ? a->pMipInfoList[0].TexelDepth : 0, a->ByteStride);
}
inline std::string desc(const D3D11_1_DDI_BLEND_DESC* d) {
  if (!d) return "null";
  const D3D11_1_DDI_RENDER_TARGET_BLEND_DESC& r = d->RenderTarget[0];
  return format("{AlphaToCoverage=%d, Independent=%d, RT0={Blend=%d, Src=%d, Dest=%d, Op=%d, SrcA=%d, DestA=%d, "
                "OpA=%d, WriteMask=0x%X}}",
                d->AlphaToCoverageEnable, d->IndependentBlendEnable, r.BlendEnable, int(r.SrcBlend), int(r.DestBlend),
                int(r.BlendOp), int(r.SrcBlendAlpha), int(r.DestBlendAlpha), int(r.BlendOpAlpha),
                unsigned(r.RenderTargetWriteMask));
}
inline std::string desc(const D3D10_DDI_DEPTH_STENCIL_DESC* d) {
  if (!d) return "null";
  return format("{Depth=%d, WriteMask=%d, Func=%d, Stencil=%d, ReadMask=0x%X, WriteMask=0x%X, Front={%d,%d,%d,%d}, "
                "Back={%d,%d,%d,%d}}",
                d->DepthEnable, int(d->DepthWriteMask), int(d->DepthFunc), d->StencilEnable,
                unsigned(d->StencilReadMask), unsigned(d->StencilWriteMask), int(d->FrontFace.StencilFailOp),
                int(d->FrontFace.StencilDepthFailOp), int(d->FrontFace.StencilPassOp), int(d->FrontFace.StencilFunc),
                int(d->BackFace.StencilFailOp), int(d->BackFace.StencilDepthFailOp), int(d->BackFace.StencilPassOp),
                int(d->BackFace.StencilFunc));
}
inline std::string desc(const D3D10_DDI_SAMPLER_DESC* d) {
  if (!d) return "null";
  return format("{Filter=0x%X, Address={%d,%d,%d}, MipLODBias=%g, MaxAnisotropy=%u, ComparisonFunc=%d, "
                "BorderColor={%g,%g,%g,%g}, LOD=%g..%g}",
                unsigned(d->Filter), int(d->AddressU), int(d->AddressV), int(d->AddressW), d->MipLODBias,
                d->MaxAnisotropy, int(d->ComparisonFunc), d->BorderColor[0], d->BorderColor[1], d->BorderColor[2],
                d->BorderColor[3], d->MinLOD, d->MaxLOD);
}
inline const char* queryName(int q) {
  switch (q) {
    case D3D10DDI_QUERY_EVENT: return "EVENT";
    case D3D10DDI_QUERY_OCCLUSION: return "OCCLUSION";
    case D3D10DDI_QUERY_TIMESTAMP: return "TIMESTAMP";
    case D3D10DDI_QUERY_TIMESTAMPDISJOINT: return "TIMESTAMPDISJOINT";
    case D3D10DDI_QUERY_PIPELINESTATS: return "PIPELINESTATS";
    case D3D10DDI_QUERY_OCCLUSIONPREDICATE: return "OCCLUSIONPREDICATE";
    case D3D10DDI_QUERY_STREAMOUTPUTSTATS: return "STREAMOUTPUTSTATS";
    case D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE: return "STREAMOVERFLOWPREDICATE";
    case D3D11DDI_QUERY_PIPELINESTATS: return "D3D11_PIPELINESTATS";
    default: return "?";
  }
}
inline std::string desc(const D3DWDDM2_0DDIARG_CREATEQUERY* a) {
  if (!a) return "null";
  return format("{Query=%s(%d), MiscFlags=0x%X, ContextType=%u}", queryName(a->Query), int(a->Query), a->MiscFlags,
                a->ContextType);
}
inline std::string desc(const D3D10DDIARG_CREATEQUERY* a) {
  if (!a) return "null";
  return format("{Query=%s(%d), MiscFlags=0x%X}", queryName(a->Query), int(a->Query), a->MiscFlags);
}
inline std::string shaderCode(const UINT* code) {
  if (!code) return "null";
  // DXBC container: the byte size is the dword at offset 24.
  return format("{DXBC, %u bytes}", code[0] == 0x43425844u ? code[6] : 0u);
}
inline std::string signatures(const D3D11_1DDIARG_STAGE_IO_SIGNATURES* s) {
  if (!s) return "null";
  return format("{inputs=%u, outputs=%u}", s->NumInputSignatureEntries, s->NumOutputSignatureEntries);
}
inline std::string signatures(const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES* s) {
  if (!s) return "null";
  return format("{inputs=%u, outputs=%u, patchConstants=%u}", s->NumInputSignatureEntries,
                s->NumOutputSignatureEntries, s->NumPatchConstantSignatureEntries);
}
inline std::string elements(const D3D10DDIARG_CREATEELEMENTLAYOUT* a) {
  if (!a) return "null";
  std::string out = "[";
  for (UINT i = 0; a->pVertexElements && i < a->NumElements; ++i) {
    const D3D10DDIARG_INPUT_ELEMENT_DESC& e = a->pVertexElements[i];
    out += format("%s{Slot=%u, Offset=%u, Format=%d, Class=%d, StepRate=%u, Register=%u}", i ? ", " : "",
                  e.InputSlot, e.AlignedByteOffset, int(e.Format), int(e.InputSlotClass), e.InstanceDataStepRate,
                  e.InputRegister);
  }
  return out + "]";
}
// "[h0, h1, ...]" for up to `count` handles (at most `limit`).
template <typename Handle>
std::string handleList(const Handle* handles, UINT count, UINT limit = ~0u) {
  std::string list = "[";
  for (UINT i = 0; handles && i < count && i < limit; ++i) list += format("%s%p", i ? ", " : "", handles[i].pDrvPrivate);
  return list + "]";
}
// UAV initial counts as signed numbers ("[0, -1]"; UINT(-1) keeps the counter), or "null".
inline std::string countList(const UINT* counts, UINT count, UINT limit = ~0u) {
  if (!counts) return "null";
  std::string list = "[";
  for (UINT i = 0; i < count && i < limit; ++i) list += format("%s%d", i ? ", " : "", int(counts[i]));
  return list + "]";
}

// --- Per-slot arguments (after hDevice) ---------------------------------------

template <int Slot, typename... A>
std::string args(SlotTag<Slot>, const A&...) {
  return {};  // placeholder-typed slots and slots whose arguments are not shown
}

inline std::string args(D3DVK_SLOT(SetRasterizerState), D3D10DDI_HRASTERIZERSTATE s) {
  return ", hRasterizerState=" + ptr(s.pDrvPrivate);
}
template <typename Desc>
std::string rasterizerDesc(const Desc* d) {
  return std::is_same_v<Desc, D3D11_1_DDI_RASTERIZER_DESC> ? ", desc11_1=" + desc(d) : ", desc=" + desc(d);
}
template <typename Desc>
std::string args(D3DVK_SLOT(CalcPrivateRasterizerStateSize), const Desc* d) {
  return rasterizerDesc(d);
}
template <typename Desc>
std::string args(D3DVK_SLOT(CreateRasterizerState), const Desc* d, D3D10DDI_HRASTERIZERSTATE s,
                 D3D10DDI_HRTRASTERIZERSTATE) {
  return rasterizerDesc(d) + ", hRasterizerState=" + ptr(s.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyRasterizerState), D3D10DDI_HRASTERIZERSTATE s) {
  return ", hRasterizerState=" + ptr(s.pDrvPrivate);
}

// Resources, views, clears, copies, maps
inline std::string args(D3DVK_SLOT(CalcPrivateResourceSize), const D3D11DDIARG_CREATERESOURCE* a) {
  return ", desc=" + desc(a);
}
inline std::string args(D3DVK_SLOT(CreateResource), const D3D11DDIARG_CREATERESOURCE* a, D3D10DDI_HRESOURCE r,
                        D3D10DDI_HRTRESOURCE) {
  return ", desc=" + desc(a) + ", hResource=" + ptr(r.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyResource), D3D10DDI_HRESOURCE r) {
  return ", hResource=" + ptr(r.pDrvPrivate);
}
// A Texture3D view: its mips and W slices (render targets and UAVs: one mip,
// FirstW + WSize; shader resources: a mip range, every slice); "" for other views.
template <typename Args>
std::string volumeViewArgs(const Args* a, const void* view) {
  if (!a || a->ResourceDimension != D3D10DDIRESOURCE_TEXTURE3D) return {};
  if constexpr (requires { a->Tex3D.MostDetailedMip; })
    return format(", hResource=%p, Format=%d, Dimension=TEXTURE3D, MostDetailedMip=%u, MipLevels=%u, hView=%p",
                  a->hDrvResource.pDrvPrivate, int(a->Format), a->Tex3D.MostDetailedMip, a->Tex3D.MipLevels, view);
  else
    return format(", hResource=%p, Format=%d, Dimension=TEXTURE3D, MipSlice=%u, FirstW=%u, WSize=%u, hView=%p",
                  a->hDrvResource.pDrvPrivate, int(a->Format), a->Tex3D.MipSlice, a->Tex3D.FirstW, a->Tex3D.WSize,
                  view);
}
// A buffer view: its window and flags (the DDI's union read as Buffer or
// BufferEx); "" for other views.
template <typename Args>
std::string bufferViewArgs(const Args* a, const void* view) {
  if (!a || (a->ResourceDimension != D3D10DDIRESOURCE_BUFFER && a->ResourceDimension != D3D11DDIRESOURCE_BUFFEREX))
    return {};
  UINT first = 0, count = 0, flags = 0;
  if constexpr (requires { a->BufferEx; }) {
    if (a->ResourceDimension == D3D11DDIRESOURCE_BUFFEREX)
      first = a->BufferEx.FirstElement, count = a->BufferEx.NumElements, flags = a->BufferEx.Flags;
    else
      first = a->Buffer.FirstElement, count = a->Buffer.NumElements;
  } else {
    first = a->Buffer.FirstElement, count = a->Buffer.NumElements, flags = a->Buffer.Flags;
  }
  return format(", hResource=%p, Format=%d, Dimension=%s, FirstElement=%u, NumElements=%u, Flags=0x%X, hView=%p",
                a->hDrvResource.pDrvPrivate, int(a->Format), dimensionName(a->ResourceDimension), first, count, flags,
                view);
}
template <typename Args, typename Handle, typename RtHandle>
std::string args(D3DVK_SLOT(CreateRenderTargetView), const Args* a, Handle v, RtHandle) {
  if (std::string volume = volumeViewArgs(a, v.pDrvPrivate); !volume.empty()) return volume;
  return format(", hResource=%p, Format=%d, Dimension=%s, MipSlice=%u, FirstArraySlice=%u, ArraySize=%u, hView=%p",
                a ? a->hDrvResource.pDrvPrivate : nullptr, a ? int(a->Format) : -1,
                a ? dimensionName(a->ResourceDimension) : "?", a ? a->Tex2D.MipSlice : 0,
                a ? a->Tex2D.FirstArraySlice : 0, a ? a->Tex2D.ArraySize : 0, v.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(CreateDepthStencilView), const D3D11DDIARG_CREATEDEPTHSTENCILVIEW* a,
                        D3D10DDI_HDEPTHSTENCILVIEW v, D3D10DDI_HRTDEPTHSTENCILVIEW) {
  return format(", hResource=%p, Format=%d, Dimension=%s, Flags=0x%X, MipSlice=%u, FirstArraySlice=%u, ArraySize=%u, "
                "hView=%p",
                a ? a->hDrvResource.pDrvPrivate : nullptr, a ? int(a->Format) : -1,
                a ? dimensionName(a->ResourceDimension) : "?", a ? a->Flags : 0, a ? a->Tex2D.MipSlice : 0,
                a ? a->Tex2D.FirstArraySlice : 0, a ? a->Tex2D.ArraySize : 0, v.pDrvPrivate);
}
template <typename Args, typename Handle, typename RtHandle>
std::string args(D3DVK_SLOT(CreateShaderResourceView), const Args* a, Handle v, RtHandle) {
  if (std::string buffer = bufferViewArgs(a, v.pDrvPrivate); !buffer.empty()) return buffer;
  if (std::string volume = volumeViewArgs(a, v.pDrvPrivate); !volume.empty()) return volume;
  return format(", hResource=%p, Format=%d, Dimension=%s, MostDetailedMip=%u, FirstArraySlice=%u, MipLevels=%u, "
                "ArraySize=%u, hView=%p",
                a ? a->hDrvResource.pDrvPrivate : nullptr, a ? int(a->Format) : -1,
                a ? dimensionName(a->ResourceDimension) : "?", a ? a->Tex2D.MostDetailedMip : 0,
                a ? a->Tex2D.FirstArraySlice : 0, a ? a->Tex2D.MipLevels : 0, a ? a->Tex2D.ArraySize : 0,
                v.pDrvPrivate);
}
template <typename Args, typename Handle, typename RtHandle>
std::string args(D3DVK_SLOT(CreateUnorderedAccessView), const Args* a, Handle v, RtHandle) {
  if (std::string buffer = bufferViewArgs(a, v.pDrvPrivate); !buffer.empty()) return buffer;
  if (std::string volume = volumeViewArgs(a, v.pDrvPrivate); !volume.empty()) return volume;
  return format(", hResource=%p, Format=%d, Dimension=%s, MipSlice=%u, FirstArraySlice=%u, ArraySize=%u, hView=%p",
                a ? a->hDrvResource.pDrvPrivate : nullptr, a ? int(a->Format) : -1,
                a ? dimensionName(a->ResourceDimension) : "?", a ? a->Tex2D.MipSlice : 0,
                a ? a->Tex2D.FirstArraySlice : 0, a ? a->Tex2D.ArraySize : 0, v.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyRenderTargetView), D3D10DDI_HRENDERTARGETVIEW v) {
  return ", hView=" + ptr(v.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyDepthStencilView), D3D10DDI_HDEPTHSTENCILVIEW v) {
  return ", hView=" + ptr(v.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyShaderResourceView), D3D10DDI_HSHADERRESOURCEVIEW v) {
  return ", hView=" + ptr(v.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyUnorderedAccessView), D3D11DDI_HUNORDEREDACCESSVIEW v) {
  return ", hView=" + ptr(v.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(ClearUnorderedAccessViewUint), D3D11DDI_HUNORDEREDACCESSVIEW v, const UINT* c) {
  if (!c) return format(", hView=%p, Values=null", v.pDrvPrivate);
  return format(", hView=%p, Values={%u, %u, %u, %u}", v.pDrvPrivate, c[0], c[1], c[2], c[3]);
}
inline std::string args(D3DVK_SLOT(ClearUnorderedAccessViewFloat), D3D11DDI_HUNORDEREDACCESSVIEW v, const FLOAT* c) {
  if (!c) return format(", hView=%p, Values=null", v.pDrvPrivate);
  return format(", hView=%p, Values={%g, %g, %g, %g}", v.pDrvPrivate, double(c[0]), double(c[1]), double(c[2]),
                double(c[3]));
}
inline std::string args(D3DVK_SLOT(ClearRenderTargetView), D3D10DDI_HRENDERTARGETVIEW v, FLOAT* c) {
  if (!c) return format(", hView=%p, Color=null", v.pDrvPrivate);
  return format(", hView=%p, Color={%g, %g, %g, %g}", v.pDrvPrivate, double(c[0]), double(c[1]), double(c[2]),
                double(c[3]));
}
inline std::string args(D3DVK_SLOT(ClearDepthStencilView), D3D10DDI_HDEPTHSTENCILVIEW v, UINT flags, FLOAT depth,
                        UINT8 stencil) {
  return format(", hView=%p, Flags=0x%X, Depth=%g, Stencil=%u", v.pDrvPrivate, flags, double(depth),
                unsigned(stencil));
}
inline std::string args(D3DVK_SLOT(SetRenderTargets), const D3D10DDI_HRENDERTARGETVIEW* rtvs, UINT num, UINT clear,
                        D3D10DDI_HDEPTHSTENCILVIEW dsv, const D3D11DDI_HUNORDEREDACCESSVIEW* uavs,
                        const UINT* counts, UINT uavStart, UINT numUavs, UINT rangeStart, UINT rangeSize) {
  return format(", RTVs=%s, NumRTVs=%u, ClearSlots=%u, hDSV=%p, UAVs=%s, UAVInitialCounts=%s, UAVStartSlot=%u, "
                "NumUAVs=%u, UAVRangeStart=%u, UAVRangeSize=%u",
                handleList(rtvs, num, 8).c_str(), num, clear, dsv.pDrvPrivate, handleList(uavs, numUavs, 64).c_str(),
                countList(counts, numUavs, 64).c_str(), uavStart, numUavs, rangeStart, rangeSize);
}
inline std::string args(D3DVK_SLOT(ResourceCopy), D3D10DDI_HRESOURCE dst, D3D10DDI_HRESOURCE src) {
  return format(", hDst=%p, hSrc=%p", dst.pDrvPrivate, src.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(ResourceCopyRegion), D3D10DDI_HRESOURCE dst, UINT dstSub, UINT x, UINT y, UINT z,
                        D3D10DDI_HRESOURCE src, UINT srcSub, const D3D10_DDI_BOX* b, UINT flags) {
  return format(", hDst=%p, DstSubresource=%u, Dst={%u,%u,%u}, hSrc=%p, SrcSubresource=%u, SrcBox=%s, CopyFlags=0x%X",
                dst.pDrvPrivate, dstSub, x, y, z, src.pDrvPrivate, srcSub, box(b).c_str(), flags);
}
inline std::string updateArgs(D3D10DDI_HRESOURCE dst, UINT sub, const D3D10_DDI_BOX* b, UINT rowPitch,
                              UINT depthPitch, UINT flags) {
  return format(", hDst=%p, DstSubresource=%u, DstBox=%s, RowPitch=%u, DepthPitch=%u, CopyFlags=0x%X",
                dst.pDrvPrivate, sub, box(b).c_str(), rowPitch, depthPitch, flags);
}
inline std::string args(D3DVK_SLOT(ResourceUpdateSubresourceUP), D3D10DDI_HRESOURCE dst, UINT sub,
                        const D3D10_DDI_BOX* b, const VOID*, UINT rowPitch, UINT depthPitch, UINT flags) {
  return updateArgs(dst, sub, b, rowPitch, depthPitch, flags);
}
inline std::string args(D3DVK_SLOT(DefaultConstantBufferUpdateSubresourceUP), D3D10DDI_HRESOURCE dst, UINT sub,
                        const D3D10_DDI_BOX* b, const VOID*, UINT rowPitch, UINT depthPitch, UINT flags) {
  return updateArgs(dst, sub, b, rowPitch, depthPitch, flags);
}
inline std::string args(D3DVK_SLOT(ResourceResolveSubresource), D3D10DDI_HRESOURCE dst, UINT dstSub,
                        D3D10DDI_HRESOURCE src, UINT srcSub, DXGI_FORMAT format) {
  return d3dvk::trace::format(", hDst=%p, DstSubresource=%u, hSrc=%p, SrcSubresource=%u, Format=%d", dst.pDrvPrivate,
                              dstSub, src.pDrvPrivate, srcSub, int(format));
}
// The map family (every Map/Unmap slot) shows the same arguments under its own name.
template <int Slot>
concept MapSlot = Slot == 9 || Slot == 11 || Slot == 12 || Slot == 20 || Slot == 25 || Slot == 53 || Slot == 155;
template <int Slot>
concept UnmapSlot = Slot == 10 || Slot == 13 || Slot == 21 || Slot == 26 || Slot == 54;
template <int Slot>
  requires MapSlot<Slot>
std::string args(SlotTag<Slot>, D3D10DDI_HRESOURCE r, UINT sub, D3D10_DDI_MAP type, UINT flags,
                 D3D10DDI_MAPPED_SUBRESOURCE*) {
  return format(", hResource=%p, Subresource=%u, MapType=%s, Flags=0x%X", r.pDrvPrivate, sub, mapName(type), flags);
}
template <int Slot>
  requires MapSlot<Slot>
std::string result(SlotTag<Slot>, D3D10DDI_HRESOURCE, UINT, D3D10_DDI_MAP, UINT, D3D10DDI_MAPPED_SUBRESOURCE* out) {
  return format(" -> {pData=%s, RowPitch=%u, DepthPitch=%u}", out && out->pData ? "set" : "null",
                out ? out->RowPitch : 0, out ? out->DepthPitch : 0);
}
template <int Slot>
  requires UnmapSlot<Slot>
std::string args(SlotTag<Slot>, D3D10DDI_HRESOURCE r, UINT sub) {
  return format(", hResource=%p, Subresource=%u", r.pDrvPrivate, sub);
}
inline std::string args(D3DVK_SLOT(ResourceIsStagingBusy), D3D10DDI_HRESOURCE r) {
  return ", hResource=" + ptr(r.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(Flush), UINT flags) { return format(", FlushFlags=0x%X", flags); }
inline std::string args(D3DVK_SLOT(CheckFormatSupport), DXGI_FORMAT f, UINT*) { return format(", Format=%d", int(f)); }
inline std::string result(D3DVK_SLOT(CheckFormatSupport), DXGI_FORMAT, UINT* caps) {
  return format(" -> 0x%X", caps ? *caps : 0);
}
inline std::string args(D3DVK_SLOT(CheckMultisampleQualityLevels), DXGI_FORMAT f, UINT samples, UINT flags, UINT*) {
  return format(", Format=%d, SampleCount=%u, Flags=0x%X", int(f), samples, flags);
}
inline std::string result(D3DVK_SLOT(CheckMultisampleQualityLevels), DXGI_FORMAT, UINT, UINT, UINT* levels) {
  return format(" -> %u", levels ? *levels : 0);
}
// The D3D11.1 table's CheckMultisampleQualityLevels has no Flags.
inline std::string args(D3DVK_SLOT(CheckMultisampleQualityLevels), DXGI_FORMAT f, UINT samples, UINT*) {
  return format(", Format=%d, SampleCount=%u", int(f), samples);
}
inline std::string result(D3DVK_SLOT(CheckMultisampleQualityLevels), DXGI_FORMAT, UINT, UINT* levels) {
  return format(" -> %u", levels ? *levels : 0);
}

// The draw path
inline std::string args(D3DVK_SLOT(CalcPrivateShaderSize), const UINT* code,
                        const D3D11_1DDIARG_STAGE_IO_SIGNATURES* sig) {
  return ", code=" + shaderCode(code) + ", signatures=" + signatures(sig);
}
inline std::string shaderArgs(const UINT* code, D3D10DDI_HSHADER s, const D3D11_1DDIARG_STAGE_IO_SIGNATURES* sig) {
  return ", code=" + shaderCode(code) + ", hShader=" + ptr(s.pDrvPrivate) + ", signatures=" + signatures(sig);
}
inline std::string args(D3DVK_SLOT(CreateVertexShader), const UINT* code, D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER,
                        const D3D11_1DDIARG_STAGE_IO_SIGNATURES* sig) {
  return shaderArgs(code, s, sig);
}
inline std::string args(D3DVK_SLOT(CreatePixelShader), const UINT* code, D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER,
                        const D3D11_1DDIARG_STAGE_IO_SIGNATURES* sig) {
  return shaderArgs(code, s, sig);
}
inline std::string args(D3DVK_SLOT(DestroyShader), D3D10DDI_HSHADER s) { return ", hShader=" + ptr(s.pDrvPrivate); }
inline std::string args(D3DVK_SLOT(VsSetShader), D3D10DDI_HSHADER s) { return ", hShader=" + ptr(s.pDrvPrivate); }
inline std::string args(D3DVK_SLOT(PsSetShader), D3D10DDI_HSHADER s) { return ", hShader=" + ptr(s.pDrvPrivate); }
inline std::string args(D3DVK_SLOT(CalcPrivateElementLayoutSize), const D3D10DDIARG_CREATEELEMENTLAYOUT* a) {
  return ", elements=" + elements(a);
}
inline std::string args(D3DVK_SLOT(CreateElementLayout), const D3D10DDIARG_CREATEELEMENTLAYOUT* a,
                        D3D10DDI_HELEMENTLAYOUT l, D3D10DDI_HRTELEMENTLAYOUT) {
  return ", elements=" + elements(a) + ", hElementLayout=" + ptr(l.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyElementLayout), D3D10DDI_HELEMENTLAYOUT l) {
  return ", hElementLayout=" + ptr(l.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(IaSetInputLayout), D3D10DDI_HELEMENTLAYOUT l) {
  return ", hElementLayout=" + ptr(l.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(IaSetVertexBuffers), UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                        const UINT* strides, const UINT* offsets) {
  std::string list = "[";
  for (UINT i = 0; buffers && strides && offsets && i < count; ++i)
    list += format("%s{%p, stride=%u, offset=%u}", i ? ", " : "", buffers[i].pDrvPrivate, strides[i], offsets[i]);
  return format(", StartSlot=%u, NumBuffers=%u, buffers=%s]", start, count, list.c_str());
}
inline std::string args(D3DVK_SLOT(IaSetIndexBuffer), D3D10DDI_HRESOURCE r, DXGI_FORMAT f, UINT offset) {
  return format(", hBuffer=%p, Format=%d, Offset=%u", r.pDrvPrivate, int(f), offset);
}
inline std::string args(D3DVK_SLOT(IaSetTopology), D3D10_DDI_PRIMITIVE_TOPOLOGY topology) {
  return format(", Topology=%d", int(topology));
}
inline std::string constantBufferArgs(UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers, const UINT* first,
                                      const UINT* num) {
  return format(", StartSlot=%u, NumBuffers=%u, buffers=%s, FirstConstant=%s, NumConstants=%s", start, count,
                handleList(buffers, count).c_str(), first ? "set" : "null", num ? "set" : "null");
}
inline std::string args(D3DVK_SLOT(VsSetConstantBuffers), UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                        const UINT* first, const UINT* num) {
  return constantBufferArgs(start, count, buffers, first, num);
}
inline std::string args(D3DVK_SLOT(PsSetConstantBuffers), UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                        const UINT* first, const UINT* num) {
  return constantBufferArgs(start, count, buffers, first, num);
}
inline std::string args(D3DVK_SLOT(SetViewports), UINT count, UINT clear, const D3D10_DDI_VIEWPORT* v) {
  std::string list = "[";
  for (UINT i = 0; v && i < count; ++i)
    list += format("%s{%g,%g %gx%g depth %g..%g}", i ? ", " : "", v[i].TopLeftX, v[i].TopLeftY, v[i].Width,
                   v[i].Height, v[i].MinDepth, v[i].MaxDepth);
  return format(", NumViewports=%u, ClearViewports=%u, viewports=%s]", count, clear, list.c_str());
}
inline std::string args(D3DVK_SLOT(SetScissorRects), UINT count, UINT clear, const D3D10_DDI_RECT* r) {
  std::string list = "[";
  for (UINT i = 0; r && i < count; ++i)
    list += format("%s{%ld,%ld,%ld,%ld}", i ? ", " : "", long(r[i].left), long(r[i].top), long(r[i].right),
                   long(r[i].bottom));
  return format(", NumRects=%u, ClearRects=%u, rects=%s]", count, clear, list.c_str());
}
inline std::string args(D3DVK_SLOT(Draw), UINT count, UINT start) {
  return format(", VertexCount=%u, StartVertexLocation=%u", count, start);
}
inline std::string args(D3DVK_SLOT(DrawIndexed), UINT count, UINT start, INT base) {
  return format(", IndexCount=%u, StartIndexLocation=%u, BaseVertexLocation=%d", count, start, base);
}
inline std::string args(D3DVK_SLOT(DrawInstanced), UINT count, UINT instances, UINT start, UINT startInstance) {
  return format(", VertexCountPerInstance=%u, InstanceCount=%u, StartVertexLocation=%u, StartInstanceLocation=%u",
                count, instances, start, startInstance);
}
inline std::string args(D3DVK_SLOT(DrawIndexedInstanced), UINT count, UINT instances, UINT start, INT base,
                        UINT startInstance) {
  return format(", IndexCountPerInstance=%u, InstanceCount=%u, StartIndexLocation=%u, BaseVertexLocation=%d, "
                "StartInstanceLocation=%u",
                count, instances, start, base, startInstance);
}
inline std::string args(D3DVK_SLOT(CalcPrivateBlendStateSize), const D3D11_1_DDI_BLEND_DESC* d) {
  return ", desc=" + desc(d);
}
inline std::string args(D3DVK_SLOT(CreateBlendState), const D3D11_1_DDI_BLEND_DESC* d, D3D10DDI_HBLENDSTATE s,
                        D3D10DDI_HRTBLENDSTATE) {
  return ", desc=" + desc(d) + ", hBlendState=" + ptr(s.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyBlendState), D3D10DDI_HBLENDSTATE s) {
  return ", hBlendState=" + ptr(s.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(SetBlendState), D3D10DDI_HBLENDSTATE s, const FLOAT* f, UINT mask) {
  return format(", hBlendState=%p, BlendFactor={%g,%g,%g,%g}, SampleMask=0x%X", s.pDrvPrivate, f ? f[0] : 1.0,
                f ? f[1] : 1.0, f ? f[2] : 1.0, f ? f[3] : 1.0, mask);
}
inline std::string args(D3DVK_SLOT(CalcPrivateDepthStencilStateSize), const D3D10_DDI_DEPTH_STENCIL_DESC* d) {
  return ", desc=" + desc(d);
}
inline std::string args(D3DVK_SLOT(CreateDepthStencilState), const D3D10_DDI_DEPTH_STENCIL_DESC* d,
                        D3D10DDI_HDEPTHSTENCILSTATE s, D3D10DDI_HRTDEPTHSTENCILSTATE) {
  return ", desc=" + desc(d) + ", hDepthStencilState=" + ptr(s.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyDepthStencilState), D3D10DDI_HDEPTHSTENCILSTATE s) {
  return ", hDepthStencilState=" + ptr(s.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(SetDepthStencilState), D3D10DDI_HDEPTHSTENCILSTATE s, UINT ref) {
  return format(", hDepthStencilState=%p, StencilRef=%u", s.pDrvPrivate, ref);
}
inline std::string args(D3DVK_SLOT(CalcPrivateSamplerSize), const D3D10_DDI_SAMPLER_DESC* d) {
  return ", desc=" + desc(d);
}
inline std::string args(D3DVK_SLOT(CreateSampler), const D3D10_DDI_SAMPLER_DESC* d, D3D10DDI_HSAMPLER s,
                        D3D10DDI_HRTSAMPLER) {
  return ", desc=" + desc(d) + ", hSampler=" + ptr(s.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroySampler), D3D10DDI_HSAMPLER s) { return ", hSampler=" + ptr(s.pDrvPrivate); }
inline std::string viewArgs(UINT start, UINT count, const D3D10DDI_HSHADERRESOURCEVIEW* v) {
  return format(", StartSlot=%u, NumViews=%u, views=%s", start, count, handleList(v, count).c_str());
}
inline std::string args(D3DVK_SLOT(VsSetShaderResources), UINT start, UINT count,
                        const D3D10DDI_HSHADERRESOURCEVIEW* v) {
  return viewArgs(start, count, v);
}
inline std::string args(D3DVK_SLOT(PsSetShaderResources), UINT start, UINT count,
                        const D3D10DDI_HSHADERRESOURCEVIEW* v) {
  return viewArgs(start, count, v);
}
inline std::string samplerArgs(UINT start, UINT count, const D3D10DDI_HSAMPLER* s) {
  return format(", Offset=%u, NumSamplers=%u, samplers=%s", start, count, handleList(s, count).c_str());
}
inline std::string args(D3DVK_SLOT(VsSetSamplers), UINT start, UINT count, const D3D10DDI_HSAMPLER* s) {
  return samplerArgs(start, count, s);
}
inline std::string args(D3DVK_SLOT(PsSetSamplers), UINT start, UINT count, const D3D10DDI_HSAMPLER* s) {
  return samplerArgs(start, count, s);
}

// The geometry and compute stages, indirect draws and dispatches, UAV counters
inline std::string args(D3DVK_SLOT(CreateGeometryShader), const UINT* code, D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER,
                        const D3D11_1DDIARG_STAGE_IO_SIGNATURES* sig) {
  return shaderArgs(code, s, sig);
}
inline std::string args(D3DVK_SLOT(CreateComputeShader), const UINT* code, D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER) {
  return ", code=" + shaderCode(code) + ", hShader=" + ptr(s.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(GsSetShader), D3D10DDI_HSHADER s) { return ", hShader=" + ptr(s.pDrvPrivate); }

// The hull and domain stages
inline std::string args(D3DVK_SLOT(CalcPrivateTessellationShaderSize), const UINT* code,
                        const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES* sig) {
  return ", code=" + shaderCode(code) + ", signatures=" + signatures(sig);
}
inline std::string args(D3DVK_SLOT(CreateHullShader), const UINT* code, D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER,
                        const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES* sig) {
  return ", code=" + shaderCode(code) + ", hShader=" + ptr(s.pDrvPrivate) + ", signatures=" + signatures(sig);
}
inline std::string args(D3DVK_SLOT(CreateDomainShader), const UINT* code, D3D10DDI_HSHADER s, D3D10DDI_HRTSHADER,
                        const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES* sig) {
  return ", code=" + shaderCode(code) + ", hShader=" + ptr(s.pDrvPrivate) + ", signatures=" + signatures(sig);
}
inline std::string args(D3DVK_SLOT(HsSetShader), D3D10DDI_HSHADER s) { return ", hShader=" + ptr(s.pDrvPrivate); }
inline std::string args(D3DVK_SLOT(DsSetShader), D3D10DDI_HSHADER s) { return ", hShader=" + ptr(s.pDrvPrivate); }
inline std::string args(D3DVK_SLOT(HsSetConstantBuffers), UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                        const UINT* first, const UINT* num) {
  return constantBufferArgs(start, count, buffers, first, num);
}
inline std::string args(D3DVK_SLOT(DsSetConstantBuffers), UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                        const UINT* first, const UINT* num) {
  return constantBufferArgs(start, count, buffers, first, num);
}
inline std::string args(D3DVK_SLOT(HsSetShaderResources), UINT start, UINT count,
                        const D3D10DDI_HSHADERRESOURCEVIEW* v) {
  return viewArgs(start, count, v);
}
inline std::string args(D3DVK_SLOT(DsSetShaderResources), UINT start, UINT count,
                        const D3D10DDI_HSHADERRESOURCEVIEW* v) {
  return viewArgs(start, count, v);
}
inline std::string args(D3DVK_SLOT(HsSetSamplers), UINT start, UINT count, const D3D10DDI_HSAMPLER* s) {
  return samplerArgs(start, count, s);
}
inline std::string args(D3DVK_SLOT(DsSetSamplers), UINT start, UINT count, const D3D10DDI_HSAMPLER* s) {
  return samplerArgs(start, count, s);
}
inline std::string args(D3DVK_SLOT(CsSetShader), D3D10DDI_HSHADER s) { return ", hShader=" + ptr(s.pDrvPrivate); }
// *SetShaderWithIfaces (slots 128..133): per interface slot the function table
// ("-" for none) and the instance's data as cb<id>[<offset>] t<base> s<base>.
template <int Slot>
  requires(Slot >= int(::d3dvk::ddi::DeviceSlot::PsSetShaderWithIfaces) &&
           Slot <= int(::d3dvk::ddi::DeviceSlot::CsSetShaderWithIfaces))
std::string args(SlotTag<Slot>, D3D10DDI_HSHADER s, UINT count, const UINT* ifaces,
                 const D3D11DDIARG_POINTERDATA* pointers) {
  std::string out = ", hShader=" + ptr(s.pDrvPrivate) + format(", NumClassInstances=%u, pIfaces={", count);
  for (UINT i = 0; ifaces && i < count; ++i)
    out += (i ? ", " : "") + (ifaces[i] == 0xFFFFFFFFu ? std::string("-") : std::to_string(ifaces[i]));
  out += "}, pPointerData={";
  for (UINT i = 0; pointers && i < count; ++i)
    out += (i ? ", " : "") + format("cb%u[%u] t%u s%u", pointers[i].uCBID, pointers[i].uCBOffset, pointers[i].uBaseTex,
                                    pointers[i].uBaseSamp);
  return out + "}";
}
inline std::string args(D3DVK_SLOT(GsSetConstantBuffers), UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                        const UINT* first, const UINT* num) {
  return constantBufferArgs(start, count, buffers, first, num);
}
inline std::string args(D3DVK_SLOT(CsSetConstantBuffers), UINT start, UINT count, const D3D10DDI_HRESOURCE* buffers,
                        const UINT* first, const UINT* num) {
  return constantBufferArgs(start, count, buffers, first, num);
}
inline std::string args(D3DVK_SLOT(GsSetShaderResources), UINT start, UINT count,
                        const D3D10DDI_HSHADERRESOURCEVIEW* v) {
  return viewArgs(start, count, v);
}
inline std::string args(D3DVK_SLOT(CsSetShaderResources), UINT start, UINT count,
                        const D3D10DDI_HSHADERRESOURCEVIEW* v) {
  return viewArgs(start, count, v);
}
inline std::string args(D3DVK_SLOT(GsSetSamplers), UINT start, UINT count, const D3D10DDI_HSAMPLER* s) {
  return samplerArgs(start, count, s);
}
inline std::string args(D3DVK_SLOT(CsSetSamplers), UINT start, UINT count, const D3D10DDI_HSAMPLER* s) {
  return samplerArgs(start, count, s);
}
inline std::string args(D3DVK_SLOT(CsSetUnorderedAccessViews), UINT start, UINT count,
                        const D3D11DDI_HUNORDEREDACCESSVIEW* v, const UINT* counts) {
  return format(", StartSlot=%u, NumViews=%u, views=%s, initialCounts=%s", start, count, handleList(v, count).c_str(),
                countList(counts, count).c_str());
}
inline std::string args(D3DVK_SLOT(Dispatch), UINT x, UINT y, UINT z) {
  return format(", ThreadGroupCountX=%u, ThreadGroupCountY=%u, ThreadGroupCountZ=%u", x, y, z);
}
inline std::string indirectArgs(D3D10DDI_HRESOURCE buffer, UINT offset) {
  return format(", hBufferForArgs=%p, AlignedByteOffsetForArgs=%u", buffer.pDrvPrivate, offset);
}
inline std::string args(D3DVK_SLOT(DispatchIndirect), D3D10DDI_HRESOURCE buffer, UINT offset) {
  return indirectArgs(buffer, offset);
}
inline std::string args(D3DVK_SLOT(DrawInstancedIndirect), D3D10DDI_HRESOURCE buffer, UINT offset) {
  return indirectArgs(buffer, offset);
}
inline std::string args(D3DVK_SLOT(DrawIndexedInstancedIndirect), D3D10DDI_HRESOURCE buffer, UINT offset) {
  return indirectArgs(buffer, offset);
}
inline std::string args(D3DVK_SLOT(CopyStructureCount), D3D10DDI_HRESOURCE dst, UINT offset,
                        D3D11DDI_HUNORDEREDACCESSVIEW v) {
  return format(", hDstBuffer=%p, DstAlignedByteOffset=%u, hSrcView=%p", dst.pDrvPrivate, offset, v.pDrvPrivate);
}

// Queries (the creation arguments differ per table: WDDM 2.0 adds ContextType)
template <typename Args>
std::string args(D3DVK_SLOT(CalcPrivateQuerySize), const Args* a) {
  return ", args=" + desc(a);
}
template <typename Args>
std::string args(D3DVK_SLOT(CreateQuery), const Args* a, D3D10DDI_HQUERY q, D3D10DDI_HRTQUERY) {
  return ", args=" + desc(a) + ", hQuery=" + ptr(q.pDrvPrivate);
}
inline std::string args(D3DVK_SLOT(DestroyQuery), D3D10DDI_HQUERY q) { return ", hQuery=" + ptr(q.pDrvPrivate); }
inline std::string args(D3DVK_SLOT(QueryBegin), D3D10DDI_HQUERY q) { return ", hQuery=" + ptr(q.pDrvPrivate); }
inline std::string args(D3DVK_SLOT(QueryEnd), D3D10DDI_HQUERY q) { return ", hQuery=" + ptr(q.pDrvPrivate); }
inline std::string args(D3DVK_SLOT(QueryGetData), D3D10DDI_HQUERY q, VOID* data, UINT size, UINT flags) {
  return format(", hQuery=%p, pData=%s, DataSize=%u, Flags=0x%X", q.pDrvPrivate, data ? "non-null" : "null", size,
                flags);
}

// The line for one call, without its result.
template <int Slot, typename... A>
std::string callLine(D3D10DDI_HDEVICE h, const A&... a) {
  return std::string(slotName(Slot)) + "(hDevice=" + ptr(h.pDrvPrivate) + args(SlotTag<Slot>{}, a...) + ")";
}
// Whether the slot's line has a result from out-parameters (written after the call).
template <int Slot, typename... A>
inline constexpr bool kHasResult = requires(A... a) { result(SlotTag<Slot>{}, a...); };

}  // namespace d3dvk::trace
