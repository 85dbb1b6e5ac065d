// ddi/include/d3dvk_stream_output_ddi.h — the WDK's stream-output DDI types
// (names, layouts and signatures as d3d10umddi.h ships them:
// D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY,
// D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT, the
// CalcPrivate/CreateGeometryShaderWithStreamOutput, SoSetTargets and DrawAuto
// entry points) for the device-table slots that d3d10umddi.h still types
// PFND3DVK_DDI_PLACEHOLDER (87, 88, 41 and 42). Until those slots carry these
// types, the UMD stores its entry points there and the runtime calls them
// through streamOutputSlot(), which converts the slot to its real type (the
// pointer is the same; only the C++ type differs).
#pragma once

#include "d3d10umddi.h"

// A DDI declaration entry: RegisterIndex and the xyzw RegisterMask of the
// stage's output register, or a gap: RegisterIndex
// D3D11_SO_DDI_REGISTER_INDEX_DENOTING_GAP and the mask's lowest bits the
// number of components skipped.
typedef struct D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY {
  UINT Stream;
  UINT OutputSlot;
  UINT RegisterIndex;
  BYTE RegisterMask;
} D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY;

#define D3D11_SO_DDI_REGISTER_INDEX_DENOTING_GAP 0xffffffff

typedef struct D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT {
  const UINT* pShaderCode;  // a geometry shader, or the vertex or domain shader streamed out without one
  const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY* pOutputStreamDecl;
  UINT NumEntries;
  const UINT* BufferStridesInBytes;  // per output slot
  UINT NumStrides;
  UINT RasterizedStream;  // 0..3 or D3D11DDI_SO_NO_RASTERIZED_STREAM
} D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT;

#define D3D11DDI_SO_NO_RASTERIZED_STREAM 0xffffffff

typedef SIZE_T(APIENTRY* PFND3D11_1DDI_CALCPRIVATEGEOMETRYSHADERWITHSTREAMOUTPUT)(
    D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT*, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
typedef VOID(APIENTRY* PFND3D11_1DDI_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT)(
    D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT*, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
    const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
// NumBuffers targets with their offsets (0xFFFFFFFF: append where the buffer's
// last stream output ended), then ClearTargets more slots unbound.
typedef VOID(APIENTRY* PFND3D10DDI_SO_SETTARGETS)(D3D10DDI_HDEVICE, UINT NumBuffers, UINT ClearTargets,
                                                  const D3D10DDI_HRESOURCE* phResource, const UINT* pOffsets);
typedef VOID(APIENTRY* PFND3D10DDI_DRAWAUTO)(D3D10DDI_HDEVICE);

// QueryGetData of D3D10DDI_QUERY_STREAMOUTPUTSTATS and the _STREAMn ones.
typedef struct D3D10_DDI_QUERY_DATA_SO_STATISTICS {
  UINT64 NumPrimitivesWritten;
  UINT64 PrimitivesStorageNeeded;
} D3D10_DDI_QUERY_DATA_SO_STATISTICS;

#ifdef __cplusplus
namespace d3dvk::ddi {

// A placeholder-typed slot as the entry point it holds (through void(*)(),
// which converts to and from any function pointer type without a warning).
template <typename Fn>
inline Fn streamOutputSlot(PFND3DVK_DDI_PLACEHOLDER slot) {
  return reinterpret_cast<Fn>(reinterpret_cast<void (*)()>(slot));
}
// An entry point stored in a placeholder-typed slot.
template <typename Fn>
inline PFND3DVK_DDI_PLACEHOLDER streamOutputSlotValue(Fn fn) {
  return reinterpret_cast<PFND3DVK_DDI_PLACEHOLDER>(reinterpret_cast<void (*)()>(fn));
}

}  // namespace d3dvk::ddi
#endif
