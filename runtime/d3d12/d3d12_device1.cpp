// runtime/d3d12/d3d12_device1.cpp — ID3D12Device1's methods on D3D12Device:
// SetEventOnMultipleFenceCompletion (d3d12_fence.h's setEventOnFences, all or
// any of the fences) and SetResidencyPriority (checked; Vulkan keeps every
// allocation resident, so priorities have nothing to order). CreatePipelineLibrary
// is with the library (d3d12_pipeline_library.cpp).
#include "d3d12_device.h"
#include "d3d12_fence.h"
#include "raw_enum.h"

#include <string>
#include <vector>

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D12Device::SetEventOnMultipleFenceCompletion(ID3D12Fence* const* ppFences,
                                                                         const UINT64* pFenceValues, UINT NumFences,
                                                                         D3D12_MULTIPLE_FENCE_WAIT_FLAGS Flags,
                                                                         HANDLE hEvent) try {
  const char* method = "ID3D12Device1::SetEventOnMultipleFenceCompletion";
  auto invalid = [&](const std::string& text) {
    debugMessage(D3D12_MESSAGE_CATEGORY_MISCELLANEOUS, D3D12_MESSAGE_SEVERITY_ERROR, D3DVK_D3D12_MESSAGE_ID(UNKNOWN),
                 method, text);
    d3d12Error(method, text);
    return E_INVALIDARG;
  };
  const UINT flags = UINT(rawEnum(Flags));
  if (flags & ~UINT(D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY))
    return invalid("Flags (" + std::to_string(flags) + ") is not a combination of D3D12_MULTIPLE_FENCE_WAIT_FLAGS");
  if (!NumFences) return invalid("NumFences is 0");
  if (!ppFences || !pFenceValues) return invalid("ppFences or pFenceValues is null");
  std::vector<FenceWait> waits(NumFences);
  for (UINT i = 0; i < NumFences; ++i) {
    if (!ppFences[i]) return invalid("ppFences[" + std::to_string(i) + "] is null");
    waits[i] = {D3D12Fence::from(ppFences[i]), pFenceValues[i]};
    if (waits[i].fence->device() != this) return invalid("ppFences[" + std::to_string(i) + "] belongs to another device");
  }
  return setEventOnFences(this, waits.data(), NumFences, (flags & D3D12_MULTIPLE_FENCE_WAIT_FLAG_ANY) != 0, hEvent,
                          method);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D12Device::SetResidencyPriority(UINT NumObjects, ID3D12Pageable* const* ppObjects,
                                                            const D3D12_RESIDENCY_PRIORITY* pPriorities) try {
  const char* method = "ID3D12Device1::SetResidencyPriority";
  auto invalid = [&](const std::string& text) {
    debugMessage(D3D12_MESSAGE_CATEGORY_MISCELLANEOUS, D3D12_MESSAGE_SEVERITY_ERROR,
                 D3DVK_D3D12_MESSAGE_ID(SETRESIDENCYPRIORITY_INVALID_PAGEABLE), method, text);
    d3d12Error(method, text);
    return E_INVALIDARG;
  };
  // Any 32-bit priority is valid (the enum's five values are broad buckets).
  if (NumObjects && (!ppObjects || !pPriorities)) return invalid("ppObjects or pPriorities is null");
  for (UINT i = 0; i < NumObjects; ++i)
    if (!ppObjects[i]) return invalid("ppObjects[" + std::to_string(i) + "] is null");
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
