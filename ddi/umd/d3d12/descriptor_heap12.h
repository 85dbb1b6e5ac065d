// ddi/umd/d3d12/descriptor_heap12.h — descriptor heaps: host storage of
// kDescriptorSize bytes per descriptor for every heap type (CBV/SRV/UAV,
// sampler, RTV, DSV). A CPU descriptor handle is the address of its slot; a
// shader-visible heap's GPU handles are the same addresses (the draw path
// that reads them comes later). RTV and DSV slots hold a ViewDescriptor12;
// the CBV/SRV/UAV and sampler creation DDIs are not filled yet.
#pragma once

#include "d3d12umddi.h"
#include "resource_format.h"  // translate/state

#include <cstddef>
#include <memory>

namespace d3dvk::umd12 {

struct Resource12;

inline constexpr UINT kDescriptorSize = 64;

struct ViewDescriptor12 {
  enum Kind : UINT { Empty = 0, RenderTarget = 0x52545631, DepthStencil = 0x44535631 } kind = Empty;
  Resource12* resource = nullptr;
  const state::FormatInfo* format = nullptr;
  UINT mip = 0, firstSlice = 0, sliceCount = 1;
  UINT dsvFlags = 0;

  static ViewDescriptor12* from(D3D12DDI_CPU_DESCRIPTOR_HANDLE h) { return reinterpret_cast<ViewDescriptor12*>(h.ptr); }
};
static_assert(sizeof(ViewDescriptor12) <= kDescriptorSize);

struct DescriptorHeap12 {
  D3D12DDI_DESCRIPTOR_HEAP_TYPE type{};
  UINT count = 0;
  std::unique_ptr<std::byte[]> storage;
  static DescriptorHeap12* from(D3D12DDI_HDESCRIPTORHEAP h) { return static_cast<DescriptorHeap12*>(h.pDrvPrivate); }
};

void fillDescriptorHeapDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
