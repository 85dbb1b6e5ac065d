// ddi/include/d3d12umddi_checks.h — static_asserts that d3d12umddi.h matches the WDK.
#pragma once

#include "d3d10umddi_checks.h"
#include "d3d12umddi.h"

static_assert(D3D12DDICAPS_TYPE_D3D12_OPTIONS == 1006 && D3D12DDICAPS_TYPE_SHADER == 1004);
static_assert(D3D12DDI_CONSERVATIVE_RASTERIZATION_TIER_3 == 3);
static_assert(D3D12DDI_CONSERVATIVE_RASTERIZATION_MODE_OFF == 0 && D3D12DDI_CONSERVATIVE_RASTERIZATION_MODE_ON == 1);
static_assert(D3D12DDI_FILL_MODE_SOLID == 3 && D3D12DDI_CULL_MODE_BACK == 3);
static_assert(offsetof(D3D12DDI_D3D12_OPTIONS_DATA_0032, ResourceBindingTier) == 0 &&
              offsetof(D3D12DDI_D3D12_OPTIONS_DATA_0032, ConservativeRasterizationTier) == 4 &&
              offsetof(D3D12DDI_D3D12_OPTIONS_DATA_0032, TiledResourcesTier) == 8 &&
              offsetof(D3D12DDI_D3D12_OPTIONS_DATA_0032, CrossNodeSharingTier) == 12 &&
              sizeof(D3D12DDI_D3D12_OPTIONS_DATA_0032) == 44);
static_assert(sizeof(D3D12DDI_RASTERIZER_DESC) == sizeof(D3DWDDM2_0DDI_RASTERIZER_DESC) &&
              offsetof(D3D12DDI_RASTERIZER_DESC, ConservativeRasterizationMode) == 44);
static_assert(offsetof(D3D12DDIARG_GETCAPS, pInfo) == 8 && offsetof(D3D12DDIARG_GETCAPS, DataSize) == 24);
static_assert(offsetof(D3D12DDIARG_OPENADAPTER, hAdapter) == 8 &&
              offsetof(D3D12DDIARG_OPENADAPTER, pAdapterCallbacks) == 16 &&
              offsetof(D3D12DDIARG_OPENADAPTER, pAdapterFuncs) == 24);
static_assert(sizeof(D3D12DDI_ADAPTERFUNCS) == 8 * sizeof(void*) &&
              offsetof(D3D12DDI_ADAPTERFUNCS, pfnGetCaps) == 4 * sizeof(void*) &&
              offsetof(D3D12DDI_ADAPTERFUNCS, pfnDestroyDevice) == 7 * sizeof(void*));

// Device creation, the tables and the argument structs d3dvk fills (x64 WDK layouts).
static_assert(offsetof(D3D12DDIARG_CREATEDEVICE_0003, Interface) == 8 &&
              offsetof(D3D12DDIARG_CREATEDEVICE_0003, hDrvDevice) == 24 &&
              offsetof(D3D12DDIARG_CREATEDEVICE_0003, p12UMCallbacks) == 32 &&
              offsetof(D3D12DDIARG_CREATEDEVICE_0003, Flags) == 40 && sizeof(D3D12DDIARG_CREATEDEVICE_0003) == 48);
static_assert(sizeof(D3D12DDI_CORELAYER_DEVICECALLBACKS_0003) == 12 * sizeof(void*));
static_assert(D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D == 1 && D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D == 2);
static_assert(sizeof(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001) == 7 * sizeof(void*) &&
              offsetof(D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001, pfnSignalFence) == 5 * sizeof(void*));
static_assert(offsetof(D3D12DDIARG_CREATECOMMANDQUEUE_0001, QueueFlags) == 16 &&
              sizeof(D3D12DDIARG_CREATECOMMANDQUEUE_0001) == 24);
static_assert(offsetof(D3D12DDIARG_CREATECOMMANDALLOCATOR, Type) == 8 && sizeof(D3D12DDIARG_CREATECOMMANDALLOCATOR) == 16);
static_assert(offsetof(D3D12DDIARG_CREATE_COMMAND_LIST_0001, Type) == 24 &&
              offsetof(D3D12DDIARG_CREATE_COMMAND_LIST_0001, ID) == 32 &&
              offsetof(D3D12DDIARG_CREATE_COMMAND_LIST_0001, NodeMask) == 44 &&
              sizeof(D3D12DDIARG_CREATE_COMMAND_LIST_0001) == 48);
static_assert(offsetof(D3D12DDIARG_RESETCOMMANDLIST, ID) == 16 && sizeof(D3D12DDIARG_RESETCOMMANDLIST) == 32);
static_assert(offsetof(D3D12DDIARG_FENCE_OPERATION, Value) == 8 && sizeof(D3D12DDIARG_FENCE_OPERATION) == 24);
static_assert(sizeof(D3D12DDIARG_CREATEHEAP_0001) == 40 && offsetof(D3D12DDIARG_CREATEHEAP_0001, Flags) == 24);
static_assert(sizeof(D3D12DDIARG_BUFFER_PLACEMENT) == 16);
static_assert(offsetof(D3D12DDIARG_CREATERESOURCE_0003, ResourceType) == 16 &&
              offsetof(D3D12DDIARG_CREATERESOURCE_0003, Width) == 24 &&
              offsetof(D3D12DDIARG_CREATERESOURCE_0003, DepthOrArraySize) == 36 &&
              offsetof(D3D12DDIARG_CREATERESOURCE_0003, Format) == 40 &&
              offsetof(D3D12DDIARG_CREATERESOURCE_0003, Layout) == 52 &&
              offsetof(D3D12DDIARG_CREATERESOURCE_0003, InitialResourceState) == 60 &&
              sizeof(D3D12DDIARG_CREATERESOURCE_0003) == 72);
static_assert(sizeof(D3D12DDI_CLEAR_VALUES) == 20 && offsetof(D3D12DDI_CLEAR_VALUES, Color) == 4);
static_assert(sizeof(D3D12DDI_RESOURCE_ALLOCATION_INFO) == 56 &&
              offsetof(D3D12DDI_RESOURCE_ALLOCATION_INFO, Layout) == 48);
static_assert(offsetof(D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0001, Flags) == 8 &&
              sizeof(D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0001) == 16 && D3D12DDI_DESCRIPTOR_HEAP_TYPE_DSV == 3);
static_assert(offsetof(D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0002, Tex2D) == 16 &&
              sizeof(D3D12DDIARG_CREATE_RENDER_TARGET_VIEW_0002) == 32);
static_assert(offsetof(D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW, Flags) == 16 &&
              offsetof(D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW, Tex2D) == 20 &&
              sizeof(D3D12DDIARG_CREATE_DEPTH_STENCIL_VIEW) == 32);
static_assert(offsetof(D3D12DDIARG_RESOURCE_BARRIER_0003, Transition) == 8 &&
              offsetof(D3D12DDIARG_RESOURCE_BARRIER_0003, Transition.StateAfter) == 24 &&
              sizeof(D3D12DDIARG_RESOURCE_BARRIER_0003) == 32);
static_assert(sizeof(D3D12DDIARG_PLACED_RESOURCE) == 16 && sizeof(D3D12DDIARG_PHYSICAL_SUBRESOURCE_PITCHED_LAYOUT) == 24);
static_assert(D3D12DDI_RL_SELECT_SUBRESOURCE == 0x40 && D3D12DDI_RESOURCE_STATE_COPY_SOURCE == 0x800);
static_assert(sizeof(D3D12DDI_DEVICE_FUNCS_CORE_0003) == 89 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCalcPrivateCommandQueueSize) == 26 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateCommandQueue) == 27 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnDestroyCommandQueue) == 28 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCalcPrivateCommandAllocatorSize) == 29 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateCommandAllocator) == 30 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnDestroyCommandAllocator) == 31 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnResetCommandAllocator) == 32 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCalcPrivateCommandListSize) == 36 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateCommandList) == 37 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnDestroyCommandList) == 38 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCalcPrivateFenceSize) == 39 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateFence) == 40 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnDestroyFence) == 41 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCalcPrivateDescriptorHeapSize) == 42 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateDescriptorHeap) == 43 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnDestroyDescriptorHeap) == 44 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnGetDescriptorSizeInBytes) == 45 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnGetCPUDescriptorHandleForHeapStart) == 46 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnGetGPUDescriptorHandleForHeapStart) == 47 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateRenderTargetView) == 52 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateDepthStencilView) == 53 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnMapHeap) == 61 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnUnmapHeap) == 62 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCalcPrivateHeapAndResourceSizes) == 63 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateHeapAndResource) == 64 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnDestroyHeapAndResource) == 65 * sizeof(void*));
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCheckResourceAllocationInfo) == 79 * sizeof(void*));
static_assert(sizeof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003) == 51 * sizeof(void*));
static_assert(offsetof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003, pfnCloseCommandList) == 0 * sizeof(void*));
static_assert(offsetof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003, pfnResetCommandList) == 1 * sizeof(void*));
static_assert(offsetof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003, pfnClearRenderTargetView) == 7 * sizeof(void*));
static_assert(offsetof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003, pfnClearDepthStencilView) == 8 * sizeof(void*));
static_assert(offsetof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003, pfnCopyTextureRegion) == 10 * sizeof(void*));
static_assert(offsetof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003, pfnResourceCopy) == 11 * sizeof(void*));
static_assert(offsetof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003, pfnCopyBufferRegion) == 13 * sizeof(void*));
static_assert(offsetof(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003, pfnResourceBarrier) == 17 * sizeof(void*));

// Shader-visible descriptors (x64 WDK layouts; d3dvk appends ViewDimension after them).
static_assert(offsetof(D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0002, Shader4ComponentMapping) == 16 &&
              offsetof(D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0002, Buffer) == 24 &&
              offsetof(D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0002, ViewDimension) == 48);
static_assert(sizeof(D3D12DDIARG_BUFFER_SHADER_RESOURCE_VIEW) == 24 && sizeof(D3D12DDIARG_TEX2D_SHADER_RESOURCE_VIEW_0002) == 24 &&
              sizeof(D3D12DDIARG_TEXCUBE_SHADER_RESOURCE_VIEW) == 20);
static_assert(offsetof(D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0002, Buffer) == 16 &&
              offsetof(D3D12DDIARG_BUFFER_UNORDERED_ACCESS_VIEW, CounterOffsetInBytes) == 24 &&
              sizeof(D3D12DDIARG_BUFFER_UNORDERED_ACCESS_VIEW) == 40 &&
              offsetof(D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0002, ViewDimension) == 56);
static_assert(sizeof(D3D12DDI_CONSTANT_BUFFER_VIEW_DESC) == 16 && sizeof(D3D12DDI_SAMPLER_DESC) == 52 &&
              offsetof(D3D12DDI_SAMPLER_DESC, BorderColor) == 28);
static_assert(sizeof(D3D12DDIARG_CREATE_QUERY_HEAP_0001) == 12 && sizeof(D3D12DDI_QUERY_DATA_PIPELINE_STATISTICS) == 88);
static_assert(D3D12DDI_QUERY_TYPE_TIMESTAMP == 2 && D3D12DDI_QUERY_HEAP_TYPE_PIPELINE_STATISTICS == 2);
static_assert(offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCreateShaderResourceView) == 48 * sizeof(void*) &&
              offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCopyDescriptors) == 70 * sizeof(void*) &&
              offsetof(D3D12DDI_DEVICE_FUNCS_CORE_0003, pfnCheckResourceVirtualAddress) == 78 * sizeof(void*));
// Command signatures: the argument desc is D3D12_INDIRECT_ARGUMENT_DESC's layout (the runtime passes it through).
static_assert(sizeof(D3D12DDI_INDIRECT_ARGUMENT_DESC) == 16 && offsetof(D3D12DDI_INDIRECT_ARGUMENT_DESC, Constant) == 4);
static_assert(sizeof(D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0001) == 32 &&
              offsetof(D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0001, pArgumentDescs) == 8 &&
              offsetof(D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0001, hRootSignature) == 16 &&
              offsetof(D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0001, NodeMask) == 24);
static_assert(D3D12DDI_INDIRECT_ARGUMENT_TYPE_DISPATCH == 2 && D3D12DDI_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW == 8);
