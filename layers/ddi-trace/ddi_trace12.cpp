// layers/ddi-trace/ddi_trace12.cpp — see ddi_trace12.h.
#include "ddi_trace12.h"

#include "d3dvk_entry_guard.h"
#include "trace_log.h"

#include <type_traits>

namespace d3dvk::trace {
namespace {

D3D12DDI_DEVICE_FUNCS_CORE_0003 realCore;
D3D12DDI_COMMAND_LIST_FUNCS_3D_0003 realList;
D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001 realQueue;

template <auto Member>
struct Wrap;
template <typename Table, typename R, typename... A, R(APIENTRY* Table::*Member)(A...)>
struct Wrap<Member> {
  static inline const char* name = "";
  static inline const Table* real = nullptr;
  static R APIENTRY call(A... args) try {
    if constexpr (std::is_void_v<R>) {
      (real->*Member)(args...);
      trace("D3D12 %s()", name);
    } else if constexpr (std::is_same_v<R, HRESULT>) {
      R result = (real->*Member)(args...);
      trace("D3D12 %s() -> %s", name, hr(result).c_str());
      return result;
    } else {
      R result = (real->*Member)(args...);
      trace("D3D12 %s()", name);
      return result;
    }
  } catch (...) {
    hresultFromCaughtException(name);
    if constexpr (!std::is_void_v<R>) return R();
  }
};

#define D3DVK_WRAP12(realTable, table, slot)                             \
  do {                                                                   \
    using T = std::remove_reference_t<decltype(realTable)>;              \
    Wrap<&T::slot>::name = #slot + 3; /* without "pfn" */                \
    Wrap<&T::slot>::real = &(realTable);                                 \
    (table).slot = &Wrap<&T::slot>::call;                                \
  } while (0)

}  // namespace

void wrapTable12(D3D12DDI_TABLE_TYPE type, void* table, SIZE_T size) {
  if (type == D3D12DDI_TABLE_TYPE_DEVICE_CORE && size == sizeof realCore) {
    auto& t = *static_cast<D3D12DDI_DEVICE_FUNCS_CORE_0003*>(table);
    realCore = t;
    D3DVK_WRAP12(realCore, t, pfnCreateCommandQueue);
    D3DVK_WRAP12(realCore, t, pfnDestroyCommandQueue);
    D3DVK_WRAP12(realCore, t, pfnCreateCommandAllocator);
    D3DVK_WRAP12(realCore, t, pfnDestroyCommandAllocator);
    D3DVK_WRAP12(realCore, t, pfnResetCommandAllocator);
    D3DVK_WRAP12(realCore, t, pfnCreateCommandList);
    D3DVK_WRAP12(realCore, t, pfnDestroyCommandList);
    D3DVK_WRAP12(realCore, t, pfnCreateFence);
    D3DVK_WRAP12(realCore, t, pfnDestroyFence);
    D3DVK_WRAP12(realCore, t, pfnCreateDescriptorHeap);
    D3DVK_WRAP12(realCore, t, pfnDestroyDescriptorHeap);
    D3DVK_WRAP12(realCore, t, pfnCreateRenderTargetView);
    D3DVK_WRAP12(realCore, t, pfnCreateDepthStencilView);
    D3DVK_WRAP12(realCore, t, pfnCreateShaderResourceView);
    D3DVK_WRAP12(realCore, t, pfnCreateConstantBufferView);
    D3DVK_WRAP12(realCore, t, pfnCreateSampler);
    D3DVK_WRAP12(realCore, t, pfnCreateUnorderedAccessView);
    D3DVK_WRAP12(realCore, t, pfnCopyDescriptors);
    D3DVK_WRAP12(realCore, t, pfnCopyDescriptorsSimple);
    D3DVK_WRAP12(realCore, t, pfnCheckResourceVirtualAddress);
    D3DVK_WRAP12(realCore, t, pfnCreateQueryHeap);
    D3DVK_WRAP12(realCore, t, pfnDestroyQueryHeap);
    D3DVK_WRAP12(realCore, t, pfnCreateCommandSignature);
    D3DVK_WRAP12(realCore, t, pfnDestroyCommandSignature);
    D3DVK_WRAP12(realCore, t, pfnMapHeap);
    D3DVK_WRAP12(realCore, t, pfnUnmapHeap);
    D3DVK_WRAP12(realCore, t, pfnCreateHeapAndResource);
    D3DVK_WRAP12(realCore, t, pfnDestroyHeapAndResource);
    D3DVK_WRAP12(realCore, t, pfnCheckResourceAllocationInfo);
    // The pipeline (root signatures, shaders, state objects, pipeline states).
    D3DVK_WRAP12(realCore, t, pfnCreateRootSignature);
    D3DVK_WRAP12(realCore, t, pfnDestroyRootSignature);
    D3DVK_WRAP12(realCore, t, pfnCreateVertexShader);
    D3DVK_WRAP12(realCore, t, pfnCreatePixelShader);
    D3DVK_WRAP12(realCore, t, pfnCreateGeometryShader);
    D3DVK_WRAP12(realCore, t, pfnCreateComputeShader);
    D3DVK_WRAP12(realCore, t, pfnDestroyShader);
    D3DVK_WRAP12(realCore, t, pfnCreateElementLayout);
    D3DVK_WRAP12(realCore, t, pfnCreateBlendState);
    D3DVK_WRAP12(realCore, t, pfnCreateDepthStencilState);
    D3DVK_WRAP12(realCore, t, pfnCreateRasterizerState);
    D3DVK_WRAP12(realCore, t, pfnCreatePipelineState);
    D3DVK_WRAP12(realCore, t, pfnDestroyPipelineState);
  } else if (type == D3D12DDI_TABLE_TYPE_COMMAND_LIST_3D && size == sizeof realList) {
    auto& t = *static_cast<D3D12DDI_COMMAND_LIST_FUNCS_3D_0003*>(table);
    realList = t;
    D3DVK_WRAP12(realList, t, pfnCloseCommandList);
    D3DVK_WRAP12(realList, t, pfnResetCommandList);
    D3DVK_WRAP12(realList, t, pfnClearRenderTargetView);
    D3DVK_WRAP12(realList, t, pfnClearDepthStencilView);
    D3DVK_WRAP12(realList, t, pfnClearUnorderedAccessViewUint);
    D3DVK_WRAP12(realList, t, pfnClearUnorderedAccessViewFloat);
    D3DVK_WRAP12(realList, t, pfnBeginQuery);
    D3DVK_WRAP12(realList, t, pfnEndQuery);
    D3DVK_WRAP12(realList, t, pfnResolveQueryData);
    D3DVK_WRAP12(realList, t, pfnResourceResolveSubresource);
    D3DVK_WRAP12(realList, t, pfnCopyTextureRegion);
    D3DVK_WRAP12(realList, t, pfnResourceCopy);
    D3DVK_WRAP12(realList, t, pfnCopyBufferRegion);
    D3DVK_WRAP12(realList, t, pfnResourceBarrier);
    // The draw path.
    D3DVK_WRAP12(realList, t, pfnDrawInstanced);
    D3DVK_WRAP12(realList, t, pfnDrawIndexedInstanced);
    D3DVK_WRAP12(realList, t, pfnDispatch);
    D3DVK_WRAP12(realList, t, pfnExecuteIndirect);
    D3DVK_WRAP12(realList, t, pfnIaSetTopology);
    D3DVK_WRAP12(realList, t, pfnRsSetViewports);
    D3DVK_WRAP12(realList, t, pfnRsSetScissorRects);
    D3DVK_WRAP12(realList, t, pfnOmSetBlendFactor);
    D3DVK_WRAP12(realList, t, pfnOmSetStencilRef);
    D3DVK_WRAP12(realList, t, pfnSetPipelineState);
    D3DVK_WRAP12(realList, t, pfnSetDescriptorHeaps);
    D3DVK_WRAP12(realList, t, pfnSetComputeRootSignature);
    D3DVK_WRAP12(realList, t, pfnSetGraphicsRootSignature);
    D3DVK_WRAP12(realList, t, pfnSetComputeRootDescriptorTable);
    D3DVK_WRAP12(realList, t, pfnSetGraphicsRootDescriptorTable);
    D3DVK_WRAP12(realList, t, pfnSetComputeRoot32BitConstant);
    D3DVK_WRAP12(realList, t, pfnSetGraphicsRoot32BitConstant);
    D3DVK_WRAP12(realList, t, pfnSetComputeRoot32BitConstants);
    D3DVK_WRAP12(realList, t, pfnSetGraphicsRoot32BitConstants);
    D3DVK_WRAP12(realList, t, pfnSetComputeRootConstantBufferView);
    D3DVK_WRAP12(realList, t, pfnSetGraphicsRootConstantBufferView);
    D3DVK_WRAP12(realList, t, pfnSetComputeRootShaderResourceView);
    D3DVK_WRAP12(realList, t, pfnSetGraphicsRootShaderResourceView);
    D3DVK_WRAP12(realList, t, pfnSetComputeRootUnorderedAccessView);
    D3DVK_WRAP12(realList, t, pfnSetGraphicsRootUnorderedAccessView);
    D3DVK_WRAP12(realList, t, pfnIASetIndexBuffer);
    D3DVK_WRAP12(realList, t, pfnIASetVertexBuffers);
    D3DVK_WRAP12(realList, t, pfnOMSetRenderTargets);
  } else if (type == D3D12DDI_TABLE_TYPE_COMMAND_QUEUE_3D && size == sizeof realQueue) {
    auto& t = *static_cast<D3D12DDI_COMMAND_QUEUE_FUNCS_CORE_0001*>(table);
    realQueue = t;
    D3DVK_WRAP12(realQueue, t, pfnExecuteCommandLists);
    D3DVK_WRAP12(realQueue, t, pfnSignalFence);
    D3DVK_WRAP12(realQueue, t, pfnWaitForFence);
  }
}

}  // namespace d3dvk::trace
