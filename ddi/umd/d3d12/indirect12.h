// ddi/umd/d3d12/indirect12.h — command signatures and ExecuteIndirect.
// CreateCommandSignature keeps what a signature of one DRAW, DRAW_INDEXED or
// DISPATCH argument needs (its kind and ByteStride); the argument types that
// change bindings (vertex/index buffer views, root constants and root views)
// are refused with E_NOTIMPL. ExecuteIndirect records, after the recorder's
// full barrier and with the list's state bound as for a direct draw
// (CommandRecorder12::executeIndirect, in indirect12.cpp):
//   DRAW / DRAW_INDEXED → vkCmdDraw(Indexed)Indirect (MaxCommandCount draws
//     from the argument buffer, one every ByteStride bytes), or
//     vkCmdDraw(Indexed)IndirectCount with the count buffer (the device's
//     drawIndirectCount feature; refused with E_NOTIMPL without it);
//   DISPATCH → one vkCmdDispatchIndirect per command; with a count buffer
//     (Vulkan has no vkCmdDispatchIndirectCount) the count and the commands'
//     arguments are copied into a device-local scratch buffer of the
//     allocator, an internal compute shader zeroes the arguments of the
//     commands at and past min(count, MaxCommandCount)
//     (translate/indirect/dispatch_count_shader.h), and each of the
//     MaxCommandCount commands dispatches from the scratch copy (a zeroed one
//     dispatches nothing); full barriers between the steps.
// D3D12's argument structs have Vulkan's layouts (D3D12_DRAW_ARGUMENTS is
// VkDrawIndirectCommand, ...). A draw whose pipeline state needs the exact
// conservative fallback is refused with E_NOTIMPL: the fallback needs the
// draw's counts on the CPU.
#pragma once

#include "d3d12umddi.h"
#include "internal_compute12.h"
#include "vk_device.h"
#include "vk_pipeline.h"

#include <memory>

namespace d3dvk::umd12 {

struct CommandSignature12 {
  enum class Kind { Draw, DrawIndexed, Dispatch } kind = Kind::Draw;
  UINT byteStride = 0;

  static CommandSignature12* from(D3D12DDI_HCOMMANDSIGNATURE h) { return static_cast<CommandSignature12*>(h.pDrvPrivate); }
};

// The dispatch-count shader's pipeline (one storage-buffer binding, the
// MaxCommandCount push constant); Device12 creates it on first use.
// Null with *result on a Vulkan failure.
std::unique_ptr<InternalComputePipeline12> createDispatchCountPipeline(vk::Device& device, VkResult* result);

void fillIndirectDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f);
void fillIndirectCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f);

}  // namespace d3dvk::umd12
