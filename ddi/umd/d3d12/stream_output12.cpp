// ddi/umd/d3d12/stream_output12.cpp — see stream_output12.h.
#include "stream_output12.h"

#include "adapter.h"  // logError
#include "command_list12.h"
#include "d3dvk_entry_guard.h"
#include "device12.h"
#include "pipeline_state12.h"
#include "resource12.h"
#include "shader12.h"
#include "stream_output_declaration.h"  // ddi/umd

#include <bit>
#include <memory>
#include <string>

namespace d3dvk::umd12 {

VkShaderModule streamOutputModule12(Device12& device, Shader12& shader, uint32_t slots, HRESULT* hr) {
  if (slots == shader.streamOutput->slots) return shader.module->handle();
  std::lock_guard lock(shader.variantMutex);
  std::unique_ptr<vk::ShaderModule>& module = shader.streamOutputModules[slots];
  if (module) return module->handle();
  std::vector<uint32_t> spirv;
  try {
    dxbc::TranslateOptions options = shader.nativeOptions;
    umd::applyStreamOutput(device.vk(), *shader.streamOutput, slots, options);
    spirv = dxbc::translateToSpirv(*shader.parsed, options);
  } catch (const std::bad_alloc&) {
    *hr = E_OUTOFMEMORY;
    return VK_NULL_HANDLE;
  } catch (const std::exception& e) {
    device.message(E_INVALIDARG, std::string("stream output: the shader cannot be translated capturing the bound "
                                             "slots only (") + e.what() + ")");
    *hr = E_INVALIDARG;
    return VK_NULL_HANDLE;
  }
  VkResult result = VK_SUCCESS;
  module = vk::createShaderModule(device.vk(), spirv, &result);
  if (!module) {
    *hr = Device12::hresultFor(result);
    return VK_NULL_HANDLE;
  }
  return module->handle();
}

VkPipeline streamOutputPipeline12(Device12& device, PipelineState12& pso, uint32_t slots, HRESULT* hr) {
  slots &= pso.streamOutput->streamOutput->slots;
  if (slots == pso.streamOutput->streamOutput->slots) return pso.pipeline->handle();
  std::lock_guard lock(pso.variantMutex);
  std::unique_ptr<PipelineState12>& variant = pso.streamOutputVariants[slots];
  if (!variant) {
    auto built = std::make_unique<PipelineState12>();
    *hr = createGraphicsPipelineState12(device, pso.createArgs, *built, slots);
    if (FAILED(*hr)) return VK_NULL_HANDLE;
    variant = std::move(built);
  }
  return variant->pipeline->handle();
}

uint32_t CommandRecorder12::streamOutputSlots() const {
  const PipelineState12* pso = state_.pipeline;
  if (!pso || !pso->streamOutput) return 0;
  uint32_t slots = 0;
  for (uint32_t i = 0; i < 4; ++i)
    if (state_.streamOutput[i].buffer) slots |= 1u << i;
  return slots & pso->streamOutput->streamOutput->slots;
}

VkPipeline CommandRecorder12::drawPipeline() {
  PipelineState12& pso = *state_.pipeline;
  if (!pso.streamOutput) return pso.pipeline->handle();
  HRESULT hr = S_OK;
  const VkPipeline pipeline = streamOutputPipeline12(*device_, pso, streamOutputSlots(), &hr);
  if (!pipeline) fail(hr, "a draw's stream-output pipeline (the slots it has targets for) cannot be built");
  return pipeline;
}

bool CommandRecorder12::beginStreamOutput(VkCommandBuffer cmd) {
  const uint32_t slots = streamOutputSlots();
  if (!slots) return false;
  VkBuffer counters[4] = {};
  VkDeviceSize counterOffsets[4] = {};
  for (uint32_t i = 0; i < 4; ++i) {
    if (!(slots >> i & 1)) continue;
    const DrawState12::StreamOutputTarget& t = state_.streamOutput[i];
    const VkBuffer buffer = t.buffer->buffer->handle();
    const VkDeviceSize offset = t.offset, size = t.size;
    vkCmdBindTransformFeedbackBuffersEXT(cmd, i, 1, &buffer, &offset, &size);
    counters[i] = t.filledSize->buffer->handle();
    counterOffsets[i] = t.filledSizeOffset;
  }
  vkCmdBeginTransformFeedbackEXT(cmd, 0, uint32_t(std::bit_width(slots)), counters, counterOffsets);
  streamOutputSinceBarrier_ = true;
  return true;
}

void CommandRecorder12::endStreamOutput(VkCommandBuffer cmd) {
  const uint32_t slots = streamOutputSlots();
  VkBuffer counters[4] = {};
  VkDeviceSize counterOffsets[4] = {};
  for (uint32_t i = 0; i < 4; ++i) {
    if (!(slots >> i & 1)) continue;
    counters[i] = state_.streamOutput[i].filledSize->buffer->handle();
    counterOffsets[i] = state_.streamOutput[i].filledSizeOffset;
  }
  vkCmdEndTransformFeedbackEXT(cmd, 0, uint32_t(std::bit_width(slots)), counters, counterOffsets);
}

bool CommandRecorder12::streamOutputPass(const umd::DrawCall& call, const DrawTargets12& targets) {
  if (!streamOutputSlots()) return true;  // nothing to capture
  const ActiveQuery12 statistics = activeStatistics_;
  if (statistics.heap) suspendQuery(statistics);
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  if (!beginDraw(&cmd, call.indexed, targets, true)) return false;
  umd::DrawCall pass = call;
  if (pass.indexed) pass.first = indicesPastBuffer(cmd, pass.first);
  const bool capturing = beginStreamOutput(cmd);
  predicated(cmd, [&] { umd::cmdDraw(cmd, pass); });
  if (capturing) endStreamOutput(cmd);
  endRenderPass();
  if (statistics.heap) resumeQuery(statistics);
  return SUCCEEDED(error_);
}

namespace {

SIZE_T APIENTRY calcPrivateGeometryShaderWithStreamOutput(D3D12DDI_HDEVICE,
                                                          const D3D12DDIARG_CREATE_GEOMETRY_SHADER_WITH_STREAM_OUTPUT*,
                                                          const D3D12DDIARG_STAGE_IO_SIGNATURES*) try {
  return sizeof(Shader12);
} D3DVK_CATCH_RETURN({})

VOID APIENTRY createGeometryShaderWithStreamOutput(D3D12DDI_HDEVICE hDevice,
                                                   const D3D12DDIARG_CREATE_GEOMETRY_SHADER_WITH_STREAM_OUTPUT* args,
                                                   D3D12DDI_HSHADER hShader, const D3D12DDIARG_STAGE_IO_SIGNATURES*,
                                                   D3D12DDI_CREATE_SHADER_FLAGS) try {
  Device12* device = Device12::from(hDevice);
  if (!device) return;
  // D3D12's declaration entry has D3D11's layout (the WDK's two structs).
  static_assert(sizeof(D3D12DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY) == sizeof(D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY));
  static_assert(offsetof(D3D12DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY, RegisterMask) ==
                offsetof(D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY, RegisterMask));
  auto declaration = std::make_shared<umd::StreamOutputDeclaration>();
  if (!args || !umd::readStreamOutputDeclaration(
                   reinterpret_cast<const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY*>(args->pOutputStreamDecl),
                   args->NumEntries, args->BufferStridesInBytes, args->NumStrides, args->RasterizedStream,
                   declaration.get())) {
    device->message(E_INVALIDARG, "CreateGeometryShaderWithStreamOutput: malformed stream-output declaration");
    return device->setError(E_INVALIDARG);
  }
  createShader12(hDevice, args->pShaderCode, args->hRootSignature, hShader, dxbc::ProgramType::Geometry,
                 std::move(declaration));
} D3DVK_CATCH_VOID

VOID APIENTRY soSetTargets(D3D12DDI_HCOMMANDLIST h, UINT start, UINT count,
                           const D3D12DDI_STREAM_OUTPUT_BUFFER_VIEW* views) try {
  CommandList12* list = CommandList12::from(h);
  if (!list) return;
  CommandRecorder12& r = list->recorder;
  if (uint64_t(start) + count > 4) return r.fail(E_INVALIDARG, "SOSetTargets: slots past 3");
  for (UINT i = 0; i < count; ++i) {
    DrawState12::StreamOutputTarget& t = r.state().streamOutput[start + i];
    t = {};
    if (!views || !views[i].BufferLocation || !views[i].SizeInBytes) continue;  // NULL: the slot's data is dropped
    const D3D12DDI_STREAM_OUTPUT_BUFFER_VIEW& v = views[i];
    const std::string slot = "SOSetTargets: view " + std::to_string(i) + "'s ";
    UINT64 offset = 0, filledOffset = 0;
    Resource12* buffer = list->device->bufferAt(v.BufferLocation, &offset);
    Resource12* filled = v.BufferFilledSizeLocation ? list->device->bufferAt(v.BufferFilledSizeLocation, &filledOffset)
                                                    : nullptr;
    if (!buffer) return r.fail(E_INVALIDARG, (slot + "BufferLocation names no live buffer").c_str());
    if (v.SizeInBytes > buffer->desc.Width - offset)
      return r.fail(E_INVALIDARG, (slot + "SizeInBytes reaches past its buffer's end").c_str());
    if (v.BufferLocation % 4 || v.SizeInBytes % 4)
      return r.fail(E_INVALIDARG, (slot + "BufferLocation or SizeInBytes is not a multiple of 4").c_str());
    if (!filled || v.BufferFilledSizeLocation % 4 || filled->desc.Width - filledOffset < 4)
      return r.fail(E_INVALIDARG,
                    (slot + "BufferFilledSizeLocation is not 4 bytes of a live buffer at a multiple of 4").c_str());
    t = {buffer, offset, v.SizeInBytes, filled, filledOffset};
  }
} D3DVK_CATCH_VOID

}  // namespace

void fillStreamOutputDeviceFuncs(D3D12DDI_DEVICE_FUNCS_CORE_0003& f) {
  f.pfnCalcPrivateGeometryShaderWithStreamOutput = &calcPrivateGeometryShaderWithStreamOutput;
  f.pfnCreateGeometryShaderWithStreamOutput = &createGeometryShaderWithStreamOutput;
}

void fillStreamOutputCommandListFuncs(D3D12DDI_COMMAND_LIST_FUNCS_3D_0003& f) { f.pfnSOSetTargets = &soSetTargets; }

}  // namespace d3dvk::umd12
