// ddi/umd/d3d12/view12.h — the CBV/SRV/UAV descriptors of D3D12 descriptor
// heaps: CreateConstantBufferView (a buffer named by GPU virtual address),
// CreateShaderResourceView and CreateUnorderedAccessView (buffers typed, raw
// and structured; textures of every dimension), null views, and
// CopyDescriptors / CopyDescriptorsSimple (plain slot copies). Each writes a
// ViewDescriptor12 (descriptor_heap12.h) with the Vulkan view a descriptor
// write needs, made now and cached by the resource (Resource12::imageView /
// texelView). Invalid arguments the runtime let through leave the slot
// unchanged and report E_INVALIDARG (E_NOTIMPL for what Vulkan cannot back).
#pragma once

#include "d3d12umddi.h"

namespace d3dvk::umd12 {

void fillViewDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);

}  // namespace d3dvk::umd12
