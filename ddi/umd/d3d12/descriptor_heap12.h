// ddi/umd/d3d12/descriptor_heap12.h — descriptor heaps: host storage of
// kDescriptorSize bytes per descriptor for every heap type (CBV/SRV/UAV,
// sampler, RTV, DSV). A CPU descriptor handle is the address of its slot; a
// shader-visible heap's GPU handles are the same addresses. Every slot holds
// a ViewDescriptor12 (plain data, copied by CopyDescriptors): RTV and DSV
// slots what clears and render passes need, CBV/SRV/UAV and sampler slots the
// Vulkan handles a descriptor write needs.
#pragma once

#include "d3d12umddi.h"
#include "resource_format.h"  // translate/state
#include "vk_device.h"

#include <cstddef>
#include <memory>

namespace d3dvk::umd12 {

struct Resource12;

inline constexpr UINT kDescriptorSize = 96;

struct ViewDescriptor12 {
  enum Kind : UINT {
    Empty = 0,
    RenderTarget = 0x52545631,     // RTV1
    DepthStencil = 0x44535631,     // DSV1
    ConstantBuffer = 0x43425631,   // CBV1: buffer + offset + range (uniform buffer)
    ShaderResource = 0x53525631,   // SRV1: image view, texel buffer view, or buffer range (raw/structured)
    UnorderedAccess = 0x55415631,  // UAV1: storage image view, storage texel buffer view, or buffer range
    Sampler = 0x534D5031,          // SMP1: sampler
  } kind = Empty;
  Resource12* resource = nullptr;  // null for a sampler or a null view (D3D reads zeros; writes are dropped)
  // The view format: RTV/DSV, texture SRV/UAV and typed buffer views; null for
  // CBVs, raw and structured buffer views, samplers and null views.
  const state::FormatInfo* format = nullptr;
  // RTV/DSV: the mip and slices the view covers. SRV/UAV of a texture: the
  // first mip (mip) and the slices; the Vulkan view below covers them.
  UINT mip = 0, firstSlice = 0, sliceCount = 1;
  UINT dsvFlags = 0;
  // The shader-visible kinds carry what a descriptor write needs, ready made at
  // view creation (the Vulkan objects are cached by the resource or the device
  // and live as long as it): a texture SRV/UAV's image view, a typed buffer
  // SRV/UAV's texel buffer view, a sampler; and every buffer view (CBV, raw,
  // structured or typed) its byte window of resource->buffer (offset, range),
  // so a shader declaring a raw or structured buffer reads a typed view's
  // bytes. Which member of the union holds a handle follows from the view,
  // never from the declaration that reads it (isBufferView). `viewDimension` is the D3D12 API view
  // dimension (D3D12_SRV_DIMENSION for SRVs, D3D12_UAV_DIMENSION for UAVs,
  // the values of d3d12umddi.h's D3DVK_SRV_DIMENSION / D3DVK_UAV_DIMENSION;
  // 0 for CBVs and samplers), `structureStride` the structured stride (0: raw
  // or typed). SRV image views: the type a shader declaration of that
  // dimension reads (1D, 1D_ARRAY, 2D, 2D_ARRAY, 2D (MS), 2D_ARRAY (MS array),
  // 3D, CUBE, CUBE_ARRAY), the view's mips and slices, the component mapping
  // as its swizzle. UAV image views: a storage view of one mip (Texture3D: the
  // whole depth; the W window is firstSlice/sliceCount). A null view keeps its
  // kind and viewDimension with a null resource and null handles.
  UINT viewDimension = 0;
  UINT structureStride = 0;
  union {
    VkImageView imageView;    // texture SRVs and UAVs
    VkBufferView texelView;   // typed buffer SRVs and UAVs (null for raw and structured ones)
    VkSampler sampler;
  };
  // Buffer views (CBVs, raw, structured and typed SRVs/UAVs): the window of
  // resource->buffer their descriptor covers, in bytes (a typed view's: its
  // texel view's).
  UINT64 offset = 0;
  UINT64 range = 0;
  // Buffer SRVs/UAVs: the descriptor starts this many elements (typed) or
  // dwords (raw, structured) before the view, at the aligned byte Vulkan needs
  // (binding.h's buffer view shifts).
  UINT shift = 0;
  UINT64 shiftBytes() const { return UINT64(shift) * (format ? format->bytesPerTexel : 4); }
  // UAVs of buffers with a counter: the counter's buffer and byte offset (4 bytes).
  Resource12* counter = nullptr;
  UINT64 counterOffset = 0;

  ViewDescriptor12() : imageView(VK_NULL_HANDLE) {}
  // An SRV or UAV of a buffer (D3D12's SRV and UAV BUFFER dimensions are both 1), null or not.
  bool isBufferView() const { return (kind == ShaderResource || kind == UnorderedAccess) && viewDimension == 1; }
  static ViewDescriptor12* from(D3D12DDI_CPU_DESCRIPTOR_HANDLE h) { return reinterpret_cast<ViewDescriptor12*>(h.ptr); }
  // A shader-visible heap's GPU handle is its slot's address (descriptor_heap12.cpp).
  static const ViewDescriptor12* from(D3D12DDI_GPU_DESCRIPTOR_HANDLE h) {
    return reinterpret_cast<const ViewDescriptor12*>(uintptr_t(h.ptr));
  }
};
static_assert(sizeof(ViewDescriptor12) <= kDescriptorSize);

struct DescriptorHeap12 {
  D3D12DDI_DESCRIPTOR_HEAP_TYPE type{};
  UINT count = 0;
  bool shaderVisible = false;
  std::unique_ptr<std::byte[]> storage;
  static DescriptorHeap12* from(D3D12DDI_HDESCRIPTORHEAP h) { return static_cast<DescriptorHeap12*>(h.pDrvPrivate); }
};

void fillDescriptorHeapDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
