// runtime/d3d12/d3d12_bundle.cpp — bundles (D3D12_COMMAND_LIST_TYPE_BUNDLE)
// and ExecuteBundle. A bundle records the calls D3D12 allows in it (draws,
// dispatches, ExecuteIndirect, pipeline state, topology, blend factor, stencil
// reference, vertex and index buffers, root signatures and arguments,
// SetDescriptorHeaps) with their arguments copied; ExecuteBundle on a direct
// list replays them there, so each is checked and recorded by the list's own
// path (the driver's recorder) with the list's state: the root signatures,
// root arguments and descriptor heaps are the caller's (inherited), the
// pipeline state is the bundle's initial one if it has one, and what the
// bundle sets stays set in the list afterwards. Calls D3D12 refuses in a
// bundle (clears, copies, barriers, queries, render targets, viewports,
// scissors, predication, stream output, ExecuteBundle) are dropped with
// INVALID_BUNDLE_API and fail its Close (ClearState with E_FAIL, the others
// with E_INVALIDARG); ExecuteBundle refuses a list that is not a closed bundle
// which closed without error (EXECUTE_BUNDLE_*), and fails the caller's Close.
#include "d3d12_command_allocator.h"
#include "d3d12_command_list.h"
#include "d3d12_descriptor_heap.h"

namespace d3dvk::runtime {

void D3D12CommandList::capture(const char* method, BundleCall call) {
  setMethod("ID3D12GraphicsCommandList", method);
  if (!open_) {
    message(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_LIST_CLOSED),
            "the command list is closed (call Reset first); the call is ignored");
    return;
  }
  bundleCalls_.push_back(std::move(call));
}

void D3D12CommandList::bundleSetDescriptorHeaps(UINT count, const std::vector<ID3D12DescriptorHeap*>& heaps) {
  const char* method = "ExecuteBundle";
  if (count > 2 || heaps.size() != count)
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(SET_DESCRIPTOR_HEAP_INVALID),
                   "the bundle's SetDescriptorHeaps names at most one CBV/SRV/UAV and one sampler heap");
  for (ID3D12DescriptorHeap* h : heaps) {
    auto* heap = D3D12DescriptorHeap::from(h);
    const bool bound = heap && (boundHeaps_[0].heap == heap || boundHeaps_[1].heap == heap);
    if (!bound)
      return invalid(method, D3DVK_D3D12_MESSAGE_ID(EXECUTE_BUNDLE_DESCRIPTOR_HEAP_MISMATCH),
                     "the bundle sets a descriptor heap the command list has not set (a bundle's heaps must be "
                     "the ones bound on the list that executes it)");
  }
}

void STDMETHODCALLTYPE D3D12CommandList::ExecuteBundle(ID3D12GraphicsCommandList* pCommandList) try {
  const char* method = "ExecuteBundle";
  if (!recording(method)) return;  // a bundle executing a bundle is refused there
  if (type_ != D3D12_COMMAND_LIST_TYPE_DIRECT)
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(EXECUTE_BUNDLE_TYPE), "only direct command lists execute bundles");
  D3D12CommandList* bundle = from(pCommandList);
  if (!bundle) return invalid(method, D3DVK_D3D12_MESSAGE_ID(CORRUPTED_PARAMETER1), "pCommandList is null");
  if (!bundle->isBundle())
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(EXECUTE_BUNDLE_TYPE), "pCommandList is not a bundle");
  if (bundle->isOpen())
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(EXECUTE_BUNDLE_OPEN_BUNDLE),
                   "the bundle is still recording (call Close first)");
  if (FAILED(bundle->closeResult()))
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(EXECUTE_BUNDLE_TYPE), "the bundle failed to close (invalid recording)");
  if (bundle->commandsReleased())
    return invalid(method, D3DVK_D3D12_MESSAGE_ID(COMMAND_ALLOCATOR_RESET_BUNDLE),
                   "the bundle's allocator was reset after it was recorded (its commands are gone)");
  for (const BundleCall& call : bundle->bundleCalls_) call(*this);
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
