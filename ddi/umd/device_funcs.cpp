// ddi/umd/device_funcs.cpp — fills the runtime's device function table
// (WDDM 2.0, or D3D11.1 = its first 157 slots) slot by slot: the implemented
// DDIs, and for every other slot a stub that reports E_NOTIMPL through
// pfnSetErrorCb (and says which DDI once on stderr) instead of crashing.
#include "adapter.h"
#include "device.h"
#include "driver_blend_state.h"
#include "driver_compute.h"
#include "driver_depth_stencil_state.h"
#include "driver_draw.h"
#include "driver_input_layout.h"
#include "driver_query.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_sampler.h"
#include "driver_shader.h"
#include "driver_transfer.h"
#include "driver_view.h"

#include <mutex>
#include <string>
#include <type_traits>

namespace d3dvk::umd {
namespace {

template <int Slot>
VOID APIENTRY notImplemented(D3D10DDI_HDEVICE hDevice) {
  static std::once_flag once;
  std::call_once(once, [] {
    logError(std::string("DDI ") + ddi::kWddm2_0DeviceFuncNames[Slot - 1] + " (slot " + std::to_string(Slot) +
             ") is not implemented yet; reporting E_NOTIMPL");
  });
  if (hDevice.pDrvPrivate) Device::from(hDevice)->setError(E_NOTIMPL);
}

// Placeholder-typed slots get the stub; typed slots must be assigned below
// (a typed slot left out stays null, which the UMD harness test catches).
template <int Slot, typename Fn>
void stubSlot(Fn& member) {
  if constexpr (std::is_same_v<Fn, PFND3DVK_DDI_PLACEHOLDER>)
    member = &notImplemented<Slot>;
  else
    member = nullptr;
}

VOID APIENTRY destroyDevice(D3D10DDI_HDEVICE hDevice) { Device::from(hDevice)->~Device(); }

// The slice of rendering both tables share (same signatures in both).
template <typename Table>
void fillResourceSlots(Table& t) {
  t.pfnCalcPrivateResourceSize = &calcPrivateResourceSize;
  t.pfnCreateResource = &createResource;
  t.pfnDestroyResource = &destroyResource;
  t.pfnDestroyRenderTargetView = &destroyRenderTargetView;
  t.pfnCalcPrivateDepthStencilViewSize = &calcPrivateDepthStencilViewSize;
  t.pfnCreateDepthStencilView = &createDepthStencilView;
  t.pfnDestroyDepthStencilView = &destroyDepthStencilView;
  t.pfnDestroyShaderResourceView = &destroyShaderResourceView;
  t.pfnClearRenderTargetView = &clearRenderTargetView;
  t.pfnClearDepthStencilView = &clearDepthStencilView;
  t.pfnSetRenderTargets = &setRenderTargets;
  t.pfnDestroyUnorderedAccessView = &destroyUnorderedAccessView;
  t.pfnClearUnorderedAccessViewUint = &clearUnorderedAccessViewUint;
  t.pfnClearUnorderedAccessViewFloat = &clearUnorderedAccessViewFloat;
  t.pfnResourceCopy = &resourceCopy;
  t.pfnResourceCopyRegion = &resourceCopyRegion;
  t.pfnResourceUpdateSubresourceUP = &resourceUpdateSubresourceUP;
  t.pfnDefaultConstantBufferUpdateSubresourceUP = &resourceUpdateSubresourceUP;
  t.pfnResourceResolveSubresource = &resourceResolveSubresource;
  t.pfnFlush = &flush;
  // Every map entry point (the runtime picks the specialized one) shares one implementation.
  t.pfnResourceMap = t.pfnStagingResourceMap = t.pfnDynamicResourceMapDiscard = t.pfnDynamicIABufferMapDiscard =
      t.pfnDynamicIABufferMapNoOverwrite = t.pfnDynamicConstantBufferMapDiscard =
          t.pfnDynamicConstantBufferMapNoOverwrite = &resourceMap;
  t.pfnResourceUnmap = t.pfnStagingResourceUnmap = t.pfnDynamicResourceUnmap = t.pfnDynamicIABufferUnmap =
      t.pfnDynamicConstantBufferUnmap = &resourceUnmap;
  t.pfnResourceIsStagingBusy = &resourceIsStagingBusy;
  t.pfnCheckFormatSupport = &checkFormatSupport;
}

// The draw path (same signatures in both tables).
template <typename Table>
void fillDrawSlots(Table& t) {
  t.pfnCalcPrivateShaderSize = &calcPrivateShaderSize;
  t.pfnCreateVertexShader = &createVertexShader;
  t.pfnCreatePixelShader = &createPixelShader;
  t.pfnDestroyShader = &destroyShader;
  t.pfnVsSetShader = &vsSetShader;
  t.pfnPsSetShader = &psSetShader;
  t.pfnCalcPrivateElementLayoutSize = &calcPrivateElementLayoutSize;
  t.pfnCreateElementLayout = &createElementLayout;
  t.pfnDestroyElementLayout = &destroyElementLayout;
  t.pfnIaSetInputLayout = &iaSetInputLayout;
  t.pfnIaSetVertexBuffers = &iaSetVertexBuffers;
  t.pfnIaSetIndexBuffer = &iaSetIndexBuffer;
  t.pfnIaSetTopology = &iaSetTopology;
  t.pfnVsSetConstantBuffers = &vsSetConstantBuffers;
  t.pfnPsSetConstantBuffers = &psSetConstantBuffers;
  t.pfnSetViewports = &setViewports;
  t.pfnSetScissorRects = &setScissorRects;
  t.pfnDraw = &draw;
  t.pfnDrawIndexed = &drawIndexed;
  t.pfnDrawInstanced = &drawInstanced;
  t.pfnDrawIndexedInstanced = &drawIndexedInstanced;
  t.pfnCalcPrivateBlendStateSize = &calcPrivateBlendStateSize;
  t.pfnCreateBlendState = &createBlendState;
  t.pfnDestroyBlendState = &destroyBlendState;
  t.pfnSetBlendState = &setBlendState;
  t.pfnCalcPrivateDepthStencilStateSize = &calcPrivateDepthStencilStateSize;
  t.pfnCreateDepthStencilState = &createDepthStencilState;
  t.pfnDestroyDepthStencilState = &destroyDepthStencilState;
  t.pfnSetDepthStencilState = &setDepthStencilState;
  t.pfnCalcPrivateSamplerSize = &calcPrivateSamplerSize;
  t.pfnCreateSampler = &createSampler;
  t.pfnDestroySampler = &destroySampler;
  t.pfnVsSetShaderResources = &vsSetShaderResources;
  t.pfnPsSetShaderResources = &psSetShaderResources;
  t.pfnVsSetSamplers = &vsSetSamplers;
  t.pfnPsSetSamplers = &psSetSamplers;
}

// The geometry and compute stages, indirect draws and dispatches, UAV counters
// (driver_compute.h; same signatures in both tables).
template <typename Table>
void fillComputeSlots(Table& t) {
  t.pfnCreateGeometryShader = &createGeometryShader;
  t.pfnGsSetShader = &gsSetShader;
  t.pfnGsSetConstantBuffers = &gsSetConstantBuffers;
  t.pfnGsSetShaderResources = &gsSetShaderResources;
  t.pfnGsSetSamplers = &gsSetSamplers;
  t.pfnDrawInstancedIndirect = &drawInstancedIndirect;
  t.pfnDrawIndexedInstancedIndirect = &drawIndexedInstancedIndirect;
  t.pfnCreateComputeShader = &createComputeShader;
  t.pfnCsSetShader = &csSetShader;
  t.pfnCsSetShaderResources = &csSetShaderResources;
  t.pfnCsSetSamplers = &csSetSamplers;
  t.pfnCsSetConstantBuffers = &csSetConstantBuffers;
  t.pfnCsSetUnorderedAccessViews = &csSetUnorderedAccessViews;
  t.pfnDispatch = &dispatch;
  t.pfnDispatchIndirect = &dispatchIndirect;
  t.pfnCopyStructureCount = &copyStructureCount;
}

// Queries (the creation entries differ per table).
template <typename Table>
void fillQuerySlots(Table& t) {
  t.pfnDestroyQuery = &destroyQuery;
  t.pfnQueryBegin = &queryBegin;
  t.pfnQueryEnd = &queryEnd;
  t.pfnQueryGetData = &queryGetData;
}

void fill(D3DWDDM2_0DDI_DEVICEFUNCS& t) {
#define D3DVK_X(slot, name) stubSlot<slot>(t.pfn##name);
  D3DVK_WDDM2_0_DEVICEFUNCS(D3DVK_X)
#undef D3DVK_X
  t.pfnSetRasterizerState = &setRasterizerState;
  t.pfnCalcPrivateRasterizerStateSize = &calcPrivateRasterizerStateSize;
  t.pfnCreateRasterizerState = &createRasterizerState;
  t.pfnDestroyRasterizerState = &destroyRasterizerState;
  t.pfnDestroyDevice = &destroyDevice;
  fillResourceSlots(t);
  fillDrawSlots(t);
  fillComputeSlots(t);
  fillQuerySlots(t);
  t.pfnCalcPrivateQuerySize = &calcPrivateQuerySize;
  t.pfnCreateQuery = &createQuery;
  t.pfnCheckMultisampleQualityLevels = &checkMultisampleQualityLevels;
  t.pfnCalcPrivateUnorderedAccessViewSize = &calcPrivateUnorderedAccessViewSize;
  t.pfnCreateUnorderedAccessView = &createUnorderedAccessView;
  t.pfnCalcPrivateRenderTargetViewSize = &calcPrivateRenderTargetViewSize;
  t.pfnCreateRenderTargetView = &createRenderTargetView;
  t.pfnCalcPrivateShaderResourceViewSize = &calcPrivateShaderResourceViewSize;
  t.pfnCreateShaderResourceView = &createShaderResourceView;
}

void fill(D3D11_1DDI_DEVICEFUNCS& t) {
#define D3DVK_X(slot, name) stubSlot<slot>(t.pfn##name);
  D3DVK_D3D11_1_DEVICEFUNCS(D3DVK_X)
#undef D3DVK_X
  t.pfnSetRasterizerState = &setRasterizerState;
  t.pfnCalcPrivateRasterizerStateSize = &calcPrivateRasterizerStateSize11_1;
  t.pfnCreateRasterizerState = &createRasterizerState11_1;
  t.pfnDestroyRasterizerState = &destroyRasterizerState;
  t.pfnDestroyDevice = &destroyDevice;
  fillResourceSlots(t);
  fillDrawSlots(t);
  fillComputeSlots(t);
  fillQuerySlots(t);
  t.pfnCalcPrivateQuerySize = &calcPrivateQuerySize11_1;
  t.pfnCreateQuery = &createQuery11_1;
  t.pfnCheckMultisampleQualityLevels = &checkMultisampleQualityLevels11_1;
  t.pfnCalcPrivateUnorderedAccessViewSize = &calcPrivateUnorderedAccessViewSize11_1;
  t.pfnCreateUnorderedAccessView = &createUnorderedAccessView11_1;
  t.pfnCalcPrivateRenderTargetViewSize = &calcPrivateRenderTargetViewSize11_1;
  t.pfnCreateRenderTargetView = &createRenderTargetView11_1;
  t.pfnCalcPrivateShaderResourceViewSize = &calcPrivateShaderResourceViewSize11_1;
  t.pfnCreateShaderResourceView = &createShaderResourceView11_1;
}

}  // namespace

void fillDeviceFuncs(const D3D10DDIARG_CREATEDEVICE& args) {
  if (args.Interface == D3DWDDM2_0_DDI_INTERFACE_VERSION)
    fill(*args.pWDDM2_0DeviceFuncs);
  else
    fill(*args.p11_1DeviceFuncs);
}

}  // namespace d3dvk::umd
