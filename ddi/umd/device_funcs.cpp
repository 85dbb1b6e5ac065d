// ddi/umd/device_funcs.cpp — fills the runtime's device function table
// (WDDM 2.0, or D3D11.1 = its first 157 slots) from the one slot list in
// d3d10umddi.h: the implemented DDIs (listed once below, by slot name), each
// behind its exception barrier (d3dvk_entry_guard.h), and for every other slot
// a stub that reports E_NOTIMPL through pfnSetErrorCb (and says which DDI once
// on stderr) instead of crashing.
#include "adapter.h"
#include "device.h"
#include "driver_blend_state.h"
#include "driver_compute.h"
#include "driver_depth_stencil_state.h"
#include "driver_draw.h"
#include "driver_generate_mips.h"
#include "driver_input_layout.h"
#include "driver_predication.h"
#include "driver_query.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_sampler.h"
#include "driver_shader.h"
#include "driver_stream_output.h"
#include "driver_transfer.h"
#include "driver_view.h"
#include "d3dvk_entry_guard.h"

#include <mutex>
#include <string>
#include <string_view>
#include <type_traits>

namespace d3dvk::umd {
namespace {

VOID APIENTRY destroyDevice(D3D10DDI_HDEVICE hDevice) { Device::from(hDevice)->~Device(); }

// The DDIs this UMD implements, named by slot (D3DVK_WDDM2_0_DEVICEFUNCS in
// d3d10umddi.h): one line per implemented DDI. Slots sharing an implementation
// (the map family) name it once each.
struct Implemented {
  // State objects
  static constexpr auto SetRasterizerState = &setRasterizerState;
  static constexpr auto CalcPrivateRasterizerStateSize = &calcPrivateRasterizerStateSize;
  static constexpr auto CreateRasterizerState = &createRasterizerState;
  static constexpr auto DestroyRasterizerState = &destroyRasterizerState;
  static constexpr auto CalcPrivateBlendStateSize = &calcPrivateBlendStateSize;
  static constexpr auto CreateBlendState = &createBlendState;
  static constexpr auto DestroyBlendState = &destroyBlendState;
  static constexpr auto SetBlendState = &setBlendState;
  static constexpr auto CalcPrivateDepthStencilStateSize = &calcPrivateDepthStencilStateSize;
  static constexpr auto CreateDepthStencilState = &createDepthStencilState;
  static constexpr auto DestroyDepthStencilState = &destroyDepthStencilState;
  static constexpr auto SetDepthStencilState = &setDepthStencilState;
  static constexpr auto CalcPrivateSamplerSize = &calcPrivateSamplerSize;
  static constexpr auto CreateSampler = &createSampler;
  static constexpr auto DestroySampler = &destroySampler;
  // Resources, views, clears, copies, maps
  static constexpr auto CalcPrivateResourceSize = &calcPrivateResourceSize;
  static constexpr auto CreateResource = &createResource;
  static constexpr auto DestroyResource = &destroyResource;
  static constexpr auto CalcPrivateRenderTargetViewSize = &calcPrivateRenderTargetViewSize;
  static constexpr auto CreateRenderTargetView = &createRenderTargetView;
  static constexpr auto DestroyRenderTargetView = &destroyRenderTargetView;
  static constexpr auto CalcPrivateDepthStencilViewSize = &calcPrivateDepthStencilViewSize;
  static constexpr auto CreateDepthStencilView = &createDepthStencilView;
  static constexpr auto DestroyDepthStencilView = &destroyDepthStencilView;
  static constexpr auto CalcPrivateShaderResourceViewSize = &calcPrivateShaderResourceViewSize;
  static constexpr auto CreateShaderResourceView = &createShaderResourceView;
  static constexpr auto DestroyShaderResourceView = &destroyShaderResourceView;
  static constexpr auto CalcPrivateUnorderedAccessViewSize = &calcPrivateUnorderedAccessViewSize;
  static constexpr auto CreateUnorderedAccessView = &createUnorderedAccessView;
  static constexpr auto DestroyUnorderedAccessView = &destroyUnorderedAccessView;
  static constexpr auto ClearRenderTargetView = &clearRenderTargetView;
  static constexpr auto ClearDepthStencilView = &clearDepthStencilView;
  static constexpr auto ClearUnorderedAccessViewUint = &clearUnorderedAccessViewUint;
  static constexpr auto ClearUnorderedAccessViewFloat = &clearUnorderedAccessViewFloat;
  static constexpr auto ClearView = &clearView;
  static constexpr auto SetRenderTargets = &setRenderTargets;
  static constexpr auto ResourceCopy = &resourceCopy;
  static constexpr auto GenMips = &genMips;
  static constexpr auto ResourceCopyRegion = &resourceCopyRegion;
  static constexpr auto ResourceUpdateSubresourceUP = &resourceUpdateSubresourceUP;
  static constexpr auto DefaultConstantBufferUpdateSubresourceUP = &resourceUpdateSubresourceUP;
  static constexpr auto ResourceResolveSubresource = &resourceResolveSubresource;
  static constexpr auto Flush = &flush;
  // Every map entry point (the runtime picks the specialized one) shares one implementation.
  static constexpr auto ResourceMap = &resourceMap;
  static constexpr auto StagingResourceMap = &resourceMap;
  static constexpr auto DynamicResourceMapDiscard = &resourceMap;
  static constexpr auto DynamicIABufferMapDiscard = &resourceMap;
  static constexpr auto DynamicIABufferMapNoOverwrite = &resourceMap;
  static constexpr auto DynamicConstantBufferMapDiscard = &resourceMap;
  static constexpr auto DynamicConstantBufferMapNoOverwrite = &resourceMap;
  static constexpr auto ResourceUnmap = &resourceUnmap;
  static constexpr auto StagingResourceUnmap = &resourceUnmap;
  static constexpr auto DynamicResourceUnmap = &resourceUnmap;
  static constexpr auto DynamicIABufferUnmap = &resourceUnmap;
  static constexpr auto DynamicConstantBufferUnmap = &resourceUnmap;
  static constexpr auto ResourceIsStagingBusy = &resourceIsStagingBusy;
  static constexpr auto CheckFormatSupport = &checkFormatSupport;
  static constexpr auto CheckMultisampleQualityLevels = &checkMultisampleQualityLevels;
  // The draw path
  static constexpr auto CalcPrivateShaderSize = &calcPrivateShaderSize;
  static constexpr auto CreateVertexShader = &createVertexShader;
  static constexpr auto CreatePixelShader = &createPixelShader;
  static constexpr auto DestroyShader = &destroyShader;
  static constexpr auto VsSetShader = &vsSetShader;
  static constexpr auto PsSetShader = &psSetShader;
  static constexpr auto CalcPrivateElementLayoutSize = &calcPrivateElementLayoutSize;
  static constexpr auto CreateElementLayout = &createElementLayout;
  static constexpr auto DestroyElementLayout = &destroyElementLayout;
  static constexpr auto IaSetInputLayout = &iaSetInputLayout;
  static constexpr auto IaSetVertexBuffers = &iaSetVertexBuffers;
  static constexpr auto IaSetIndexBuffer = &iaSetIndexBuffer;
  static constexpr auto IaSetTopology = &iaSetTopology;
  static constexpr auto VsSetConstantBuffers = &vsSetConstantBuffers;
  static constexpr auto PsSetConstantBuffers = &psSetConstantBuffers;
  static constexpr auto VsSetShaderResources = &vsSetShaderResources;
  static constexpr auto PsSetShaderResources = &psSetShaderResources;
  static constexpr auto VsSetSamplers = &vsSetSamplers;
  static constexpr auto PsSetSamplers = &psSetSamplers;
  static constexpr auto SetViewports = &setViewports;
  static constexpr auto SetScissorRects = &setScissorRects;
  static constexpr auto Draw = &draw;
  static constexpr auto DrawIndexed = &drawIndexed;
  static constexpr auto DrawInstanced = &drawInstanced;
  static constexpr auto DrawIndexedInstanced = &drawIndexedInstanced;
  // The geometry and compute stages, indirect draws and dispatches, UAV counters (driver_compute.h)
  static constexpr auto CreateGeometryShader = &createGeometryShader;
  static constexpr auto GsSetShader = &gsSetShader;
  static constexpr auto GsSetConstantBuffers = &gsSetConstantBuffers;
  static constexpr auto GsSetShaderResources = &gsSetShaderResources;
  static constexpr auto GsSetSamplers = &gsSetSamplers;
  // The hull and domain stages (tessellation)
  static constexpr auto CalcPrivateTessellationShaderSize = &calcPrivateTessellationShaderSize;
  static constexpr auto CreateHullShader = &createHullShader;
  static constexpr auto CreateDomainShader = &createDomainShader;
  static constexpr auto HsSetShader = &hsSetShader;
  static constexpr auto HsSetConstantBuffers = &hsSetConstantBuffers;
  static constexpr auto HsSetShaderResources = &hsSetShaderResources;
  static constexpr auto HsSetSamplers = &hsSetSamplers;
  static constexpr auto DsSetShader = &dsSetShader;
  static constexpr auto DsSetConstantBuffers = &dsSetConstantBuffers;
  static constexpr auto DsSetShaderResources = &dsSetShaderResources;
  static constexpr auto DsSetSamplers = &dsSetSamplers;
  static constexpr auto DrawInstancedIndirect = &drawInstancedIndirect;
  static constexpr auto DrawIndexedInstancedIndirect = &drawIndexedInstancedIndirect;
  static constexpr auto CreateComputeShader = &createComputeShader;
  static constexpr auto CsSetShader = &csSetShader;
  // SM5 interfaces: the shader's variant for the bound class instances (driver_shader.h)
  static constexpr auto VsSetShaderWithIfaces = &vsSetShaderWithIfaces;
  static constexpr auto PsSetShaderWithIfaces = &psSetShaderWithIfaces;
  static constexpr auto GsSetShaderWithIfaces = &gsSetShaderWithIfaces;
  static constexpr auto HsSetShaderWithIfaces = &hsSetShaderWithIfaces;
  static constexpr auto DsSetShaderWithIfaces = &dsSetShaderWithIfaces;
  static constexpr auto CsSetShaderWithIfaces = &csSetShaderWithIfaces;
  static constexpr auto CsSetShaderResources = &csSetShaderResources;
  static constexpr auto CsSetSamplers = &csSetSamplers;
  static constexpr auto CsSetConstantBuffers = &csSetConstantBuffers;
  static constexpr auto CsSetUnorderedAccessViews = &csSetUnorderedAccessViews;
  static constexpr auto Dispatch = &dispatch;
  static constexpr auto DispatchIndirect = &dispatchIndirect;
  static constexpr auto CopyStructureCount = &copyStructureCount;
  // Queries
  static constexpr auto CalcPrivateQuerySize = &calcPrivateQuerySize;
  static constexpr auto CreateQuery = &createQuery;
  static constexpr auto DestroyQuery = &destroyQuery;
  static constexpr auto QueryBegin = &queryBegin;
  static constexpr auto QueryEnd = &queryEnd;
  static constexpr auto QueryGetData = &queryGetData;
  static constexpr auto SetPredication = &setPredication;
  // The device
  static constexpr auto DestroyDevice = &destroyDevice;
};

// The D3D11.1 table (the first 157 slots): the same, except the slots whose
// arguments are the D3D11.1 types (no conservative mode, no query context type,
// no view plane slice, no multisample-quality flags).
struct Implemented11_1 : Implemented {
  static constexpr auto CalcPrivateRasterizerStateSize = &calcPrivateRasterizerStateSize11_1;
  static constexpr auto CreateRasterizerState = &createRasterizerState11_1;
  static constexpr auto CalcPrivateQuerySize = &calcPrivateQuerySize11_1;
  static constexpr auto CreateQuery = &createQuery11_1;
  static constexpr auto CheckMultisampleQualityLevels = &checkMultisampleQualityLevels11_1;
  static constexpr auto CalcPrivateUnorderedAccessViewSize = &calcPrivateUnorderedAccessViewSize11_1;
  static constexpr auto CreateUnorderedAccessView = &createUnorderedAccessView11_1;
  static constexpr auto CalcPrivateRenderTargetViewSize = &calcPrivateRenderTargetViewSize11_1;
  static constexpr auto CreateRenderTargetView = &createRenderTargetView11_1;
  static constexpr auto CalcPrivateShaderResourceViewSize = &calcPrivateShaderResourceViewSize11_1;
  static constexpr auto CreateShaderResourceView = &createShaderResourceView11_1;
};

// What an exception caught at a device DDI becomes: pfnSetErrorCb(hr).
void reportToRuntime(D3D10DDI_HDEVICE hDevice, HRESULT hr) {
  if (hDevice.pDrvPrivate) Device::from(hDevice)->setError(hr);
}

template <int Slot>
VOID APIENTRY notImplemented(D3D10DDI_HDEVICE hDevice) {
  static std::once_flag once;
  std::call_once(once, [] {
    logError(std::string("DDI ") + ddi::kWddm2_0DeviceFuncNames[Slot - 1] + " (slot " + std::to_string(Slot) +
             ") is not implemented yet; reporting E_NOTIMPL");
  });
  if (hDevice.pDrvPrivate) Device::from(hDevice)->setError(E_NOTIMPL);
}

// The stub for a slot the UMD does not implement; only placeholder-typed slots
// (DDIs of features d3dvk does not have yet) may be left out.
template <int Slot, typename Fn>
Fn placeholder(Fn) {
  static_assert(std::is_same_v<Fn, PFND3DVK_DDI_PLACEHOLDER>, "a typed slot needs its entry in Implemented");
  return &DeviceEntryGuard<Slot, &notImplemented<Slot>, &reportToRuntime>::call;
}

// What may change the state a draw uses: every device DDI but the direct
// draws counts itself in Device::ddiCalls() (native_draw.h's repeated draws),
// and all of those but the binding calls in Device::stateCalls() (its
// prepared draws).
void countDdiCall(D3D10DDI_HDEVICE hDevice) noexcept {
  if (!hDevice.pDrvPrivate) return;
  Device::from(hDevice)->countDdiCall();
  Device::from(hDevice)->countStateCall();
}
void countBindingCall(D3D10DDI_HDEVICE hDevice) noexcept {
  if (hDevice.pDrvPrivate) Device::from(hDevice)->countDdiCall();
}
void countPipelineStateCall(D3D10DDI_HDEVICE hDevice) noexcept {
  if (!hDevice.pDrvPrivate) return;
  countDdiCall(hDevice);
  Device::from(hDevice)->countPipelineStateCall();
}
// The DDIs that are not counted: the direct draws, which change nothing.
consteval bool isDirectDraw(std::string_view name) {
  return name == "Draw" || name == "DrawIndexed" || name == "DrawInstanced" || name == "DrawIndexedInstanced";
}
// The binding calls: they change only what the shaders read (descriptors
// collected per draw, vertex buffers bound per draw) or buffer contents, never
// what prepareDraw checks or the pipeline key holds.
consteval bool isBindingCall(std::string_view name) {
  for (std::string_view stage : {"Vs", "Ps", "Gs", "Hs", "Ds", "Cs"})
    for (std::string_view what : {"SetConstantBuffers", "SetShaderResources", "SetSamplers"})
      if (name.size() == stage.size() + what.size() && name.starts_with(stage) && name.ends_with(what)) return true;
  for (std::string_view call : {"IaSetVertexBuffers", "ResourceMap", "ResourceUnmap", "StagingResourceMap",
                                "StagingResourceUnmap", "DynamicResourceMapDiscard", "DynamicResourceUnmap",
                                "DynamicConstantBufferMapDiscard", "DynamicConstantBufferUnmap",
                                "DynamicIABufferMapDiscard", "DynamicIABufferMapNoOverwrite", "DynamicIABufferUnmap",
                                "ResourceUpdateSubresourceUP", "DefaultConstantBufferUpdateSubresourceUP"})
    if (name == call) return true;
  return false;
}
static_assert(isBindingCall("PsSetShaderResources") && isBindingCall("ResourceMap") && !isBindingCall("PsSetShader") &&
              !isBindingCall("SetRenderTargets") && !isBindingCall("IaSetIndexBuffer"));
// The pipeline-state calls: state calls that change only the pipeline key's
// blend, depth-stencil or rasterizer state and the dynamic blend factor,
// sample mask, stencil reference, cull mode, winding and depth bias
// (Device::pipelineStateCalls; recordPreparedDraw takes them).
consteval bool isPipelineStateCall(std::string_view name) {
  return name == "SetBlendState" || name == "SetDepthStencilState" || name == "SetRasterizerState";
}

// Fills every slot of the table from the one slot list: an implemented DDI
// behind its exception barrier (counted, but for the direct draws), a
// placeholder-typed slot with the E_NOTIMPL stub (behind the barrier too: its
// message allocates). A typed slot without an implementation does not compile.
template <typename Entries, typename Table>
void fill(Table& t) {
#define D3DVK_X(slot, name)                                                                          \
  if constexpr (slot <= kDeviceFuncSlotCount<Table>) {                                               \
    if constexpr (!requires { Entries::name; })                                                      \
      t.pfn##name = placeholder<slot>(t.pfn##name);                                                  \
    else if constexpr (isDirectDraw(#name))                                                          \
      t.pfn##name = &DeviceEntryGuard<slot, Entries::name, &reportToRuntime>::call;                  \
    else if constexpr (isBindingCall(#name))                                                         \
      t.pfn##name = &DeviceEntryGuard<slot, Entries::name, &reportToRuntime, &countBindingCall>::call; \
    else if constexpr (isPipelineStateCall(#name))                                                   \
      t.pfn##name = &DeviceEntryGuard<slot, Entries::name, &reportToRuntime, &countPipelineStateCall>::call; \
    else                                                                                             \
      t.pfn##name = &DeviceEntryGuard<slot, Entries::name, &reportToRuntime, &countDdiCall>::call;    \
  }
  D3DVK_WDDM2_0_DEVICEFUNCS(D3DVK_X)
#undef D3DVK_X
}

// Stream output: its slots are still typed placeholders in d3d10umddi.h, so
// they are filled here with the WDK-typed entry points (d3dvk_stream_output_ddi.h).
template <typename Table>
void fillStreamOutput(Table& t) {
  using ddi::streamOutputSlotValue;
  t.pfnCalcPrivateGeometryShaderWithStreamOutput = streamOutputSlotValue(
      &DeviceEntryGuard<87, &calcPrivateGeometryShaderWithStreamOutput, &reportToRuntime, &countDdiCall>::call);
  t.pfnCreateGeometryShaderWithStreamOutput = streamOutputSlotValue(
      &DeviceEntryGuard<88, &createGeometryShaderWithStreamOutput, &reportToRuntime, &countDdiCall>::call);
  t.pfnSoSetTargets =
      streamOutputSlotValue(&DeviceEntryGuard<41, &soSetTargets, &reportToRuntime, &countDdiCall>::call);
  // (the placeholder's own signature)
  t.pfnDrawAuto = &DeviceEntryGuard<42, &drawAuto, &reportToRuntime, &countDdiCall>::call;
}

}  // namespace

void fillDeviceFuncs(const D3D10DDIARG_CREATEDEVICE& args) {
  if (args.Interface == D3DWDDM2_0_DDI_INTERFACE_VERSION) {
    fill<Implemented>(*args.pWDDM2_0DeviceFuncs);
    fillStreamOutput(*args.pWDDM2_0DeviceFuncs);
  } else {
    fill<Implemented11_1>(*args.p11_1DeviceFuncs);
    fillStreamOutput(*args.p11_1DeviceFuncs);
  }
}

}  // namespace d3dvk::umd
