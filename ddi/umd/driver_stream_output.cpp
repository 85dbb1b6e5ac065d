// ddi/umd/driver_stream_output.cpp — see driver_stream_output.h.
#include "driver_stream_output.h"

#include "adapter.h"  // logError
#include "device.h"
#include "draw_recording.h"
#include "driver_object.h"
#include "driver_rasterizer_state.h"
#include "driver_resource.h"
#include "driver_shader.h"
#include "native_draw.h"
#include "pipeline_cache.h"
#include "vk_query_pool.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <string>

namespace d3dvk::umd {
namespace {

// The D3D streams the active stream-output queries count.
uint32_t queriedStreams(const Device& device) {
  uint32_t streams = 0;
  for (const Query* q : device.activeStreamOutputQueries) streams |= q->streamMask();
  return streams;
}

// The bound stream-output object's declared slots that have a target.
uint32_t boundSlots(const Device& device) {
  const DrawState& s = device.draw;
  uint32_t slots = 0;
  for (uint32_t i = 0; i < DrawState::kStreamOutputSlots; ++i)
    if (s.streamOutputTargets[i] && s.streamOutputTargets[i]->buffer) slots |= 1u << i;
  return s.streamOutputShader ? slots & s.streamOutputShader->streamOutput->slots : 0;
}

// Whether the draw captures only to be counted: no declared slot has a target
// while an active stream-output query counts a stream the object captures
// (D3D11 counts the primitives such a draw would have stored). Every declared
// slot then captures into a buffer range of 0 bytes: nothing is written, and
// the queries count what was needed.
bool countingOnly(const Device& device) {
  const Shader* object = device.draw.streamOutputShader;
  return object && !boundSlots(device) && (queriedStreams(device) & object->streamOutput->streams);
}

// The slots the draw captures: the bound ones, or every declared one when counting only.
uint32_t captureSlots(const Device& device) {
  const uint32_t bound = boundSlots(device);
  return bound ? bound : countingOnly(device) ? device.draw.streamOutputShader->streamOutput->slots : 0;
}

// The module capturing `captured`'s outputs into `slots` (built on first use;
// the object's own module when it is the geometry shader with every slot bound).
VkShaderModule capturingModule(Device& device, Shader& object, Shader& captured, uint32_t slots) {
  if (&object == &captured && slots == object.streamOutput->slots) return object.module->handle();
  std::unique_ptr<vk::ShaderModule>& module = object.streamOutputModules[{captured.id, slots}];
  if (module) return module->handle();
  std::vector<uint32_t> spirv;
  try {
    dxbc::TranslateOptions options = captured.nativeOptions;
    applyStreamOutput(device, *object.streamOutput, slots, options);
    spirv = dxbc::translateToSpirv(*captured.parsed, options);
  } catch (const std::bad_alloc&) {
    device.setError(E_OUTOFMEMORY);
    return VK_NULL_HANDLE;
  } catch (const std::exception& e) {
    logError(std::string("stream output: the bound shader cannot be translated with the declaration (") + e.what() +
             "); draw dropped");
    return VK_NULL_HANDLE;
  }
  VkResult result = VK_SUCCESS;
  module = vk::createShaderModule(device.vk(), spirv, &result);
  if (!module) {
    device.setVkError(result);
    return VK_NULL_HANDLE;
  }
  return module->handle();
}

}  // namespace

bool streamOutputSupported(Device& device, const dxbc::Shader& shader, const StreamOutputDeclaration& declaration) {
  return streamOutputSupported(device.vk(), shader, declaration);
}

void applyStreamOutput(Device& device, const StreamOutputDeclaration& declaration, uint32_t slots,
                       dxbc::TranslateOptions& options) {
  applyStreamOutput(device.vk(), declaration, slots, options);
}

bool streamOutputCaptures(const Device& device) { return captureSlots(device) != 0; }

bool streamOutputRasterizesNothing(const Device& device) {
  const Shader* object = device.draw.streamOutputShader;
  return object && object->streamOutput->rasterizedStream == dxbc::kNoRasterizedStream;
}

bool recordStreamOutputPass(Device& device, const DrawCall& call, const PreparedDraw& prepared) {
  const DrawState& s = device.draw;
  Shader* object = s.streamOutputShader;
  if (!object) return true;
  if (!streamOutputCaptures(device)) return true;  // nothing to capture or count
  PreparedDraw pass = prepared;
  pass.fallback = false;
  pass.shaderSampleMask = false;
  pass.rasterizer = defaultRasterizerDesc();  // nothing is rasterized
  DrawCall passCall = call;
  clampIndicesPastBuffer(device, pass, &passCall);
  state::GraphicsPipelineKey key = pipelineKey(device, pass);
  key.variant = state::PipelineVariant::StreamOutputPass;
  PipelineInputs inputs{s.vertexShader, s.pixelShader, s.inputLayout, &pass.rasterizer, s.blendState,
                        s.depthStencilState};
  inputs.geometryShader = s.geometryShader;
  inputs.hullShader = s.hullShader;
  inputs.domainShader = s.domainShader;
  if (!prepareStreamOutputDraw(device, key, inputs)) return false;
  inputs.rasterizerDiscard = true;
  recordNativeDraw(device, passCall, pass, key, inputs);
  return true;
}

bool prepareStreamOutputDraw(Device& device, state::GraphicsPipelineKey& key, PipelineInputs& inputs) {
  DrawState& s = device.draw;
  Shader* object = s.streamOutputShader;
  if (!object) return true;
  if (!object->module) return false;  // a failed create
  inputs.rasterizerDiscard = object->streamOutput->rasterizedStream == dxbc::kNoRasterizedStream;
  const uint32_t slots = captureSlots(device);
  key.streamOutput = object->id << 4 | slots;
  const bool tessellation = s.hullShader && s.domainShader;
  Shader* captured = object->stage == dxbc::ProgramType::Geometry ? object
                     : tessellation                                ? s.domainShader
                                                                   : s.vertexShader;
  if (captured->stage != object->stage) {
    logError(std::string("stream output: the stream-output object was made of a ") +
             (object->stage == dxbc::ProgramType::Vertex ? "vertex" : "domain") + " shader, but the draw's last stage " +
             "before the rasterizer is a " + (tessellation ? "domain" : "vertex") + " shader; draw dropped");
    return false;
  }
  if (!slots && captured == object) return true;  // nothing bound: the geometry shader as created (its capture unused)
  const VkShaderModule module = capturingModule(device, *object, *captured, slots);
  if (!module) return false;
  if (captured->stage == dxbc::ProgramType::Geometry) inputs.geometryModule = module;
  else if (captured->stage == dxbc::ProgramType::Domain) inputs.domainModule = module;
  else inputs.vertexModule = module;
  return true;
}

void declareStreamOutputTargets(Device& device) {
  const uint32_t slots = boundSlots(device);  // (a counting-only capture writes nothing)
  for (uint32_t i = 0; i < DrawState::kStreamOutputSlots; ++i)
    if (slots >> i & 1) device.recorder().access(*device.draw.streamOutputTargets[i], true);
}

VkBuffer streamOutputCounter(Device& device, Resource& r) {
  if (!r.streamOutputCounter) {
    VkResult result = VK_SUCCESS;
    r.streamOutputCounter = vk::Buffer::create(
        device.vk(), 4,
        VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
            VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
        true, &result);
    if (!r.streamOutputCounter) {
      device.setVkError(result);
      return VK_NULL_HANDLE;
    }
    *static_cast<uint32_t*>(r.streamOutputCounter->mapped()) = 0;  // never captured into: empty
  }
  return r.streamOutputCounter->handle();
}

bool streamOutputQueriesSupported(Device& device) {
  return device.vk().transformFeedbackEnabled() && transformFeedbackProperties(device.vk()).transformFeedbackQueries;
}

bool reserveStreamOutputQueries(Device& device) {
  const uint32_t count = uint32_t(std::popcount(queriedStreams(device)));
  QuerySegments& pool = device.streamOutputQueryPool;
  if (!count || !streamOutputCaptures(device) || (pool.pool && pool.nextIndex + count <= QuerySegments::kSlotsPerPool))
    return true;
  // A fresh pool, reset whole outside any render pass (the full one lives on in the queries holding its slots).
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::QueryPool> fresh = vk::createQueryPool(device.vk(), VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT,
                                                             QuerySegments::kSlotsPerPool, 0, &result);
  if (!fresh) {
    device.setVkError(result);
    return false;
  }
  VkCommandBuffer cmd = device.record();
  if (!cmd) return false;
  vkCmdResetQueryPool(cmd, fresh->handle(), 0, QuerySegments::kSlotsPerPool);
  pool.pool = std::move(fresh);
  pool.nextIndex = 0;
  return true;
}

bool beginStreamOutput(Device& device, VkCommandBuffer cmd) {
  const uint32_t slots = captureSlots(device);
  if (!slots) return false;
  const bool counting = !boundSlots(device);
  if (counting && !device.streamOutputNullBuffer) {
    VkResult result = VK_SUCCESS;
    device.streamOutputNullBuffer =
        vk::Buffer::create(device.vk(), 16, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT, false, &result);
    if (!device.streamOutputNullBuffer) {
      device.setVkError(result);
      return false;
    }
  }
  // The active queries' per-stream slots (reserveStreamOutputQueries made room), begun before transform feedback.
  device.streamOutputDrawQueries.clear();
  const uint32_t streams = queriedStreams(device);
  QuerySegments& pool = device.streamOutputQueryPool;
  for (uint32_t s = 0; s < 4 && pool.pool; ++s) {
    if (!(streams >> s & 1) || pool.nextIndex >= QuerySegments::kSlotsPerPool) continue;
    const QuerySlot slot{pool.pool, pool.nextIndex++};
    const uint32_t vulkan = dxbc::vulkanStream(s, device.draw.streamOutputShader->streamOutput->rasterizedStream);
    vkCmdBeginQueryIndexedEXT(cmd, slot.pool->handle(), slot.index, 0, vulkan);
    device.streamOutputDrawQueries.push_back({slot, vulkan});
    for (Query* q : device.activeStreamOutputQueries)
      if (q->streamMask() >> s & 1) q->slots.push_back(slot);
  }
  VkBuffer counters[4] = {};
  const VkDeviceSize counterOffsets[4] = {};
  for (uint32_t i = 0; i < 4; ++i) {
    if (!(slots >> i & 1)) continue;
    if (counting) {  // a range of 0 bytes from offset 0, no counter: nothing fits
      const VkBuffer buffer = device.streamOutputNullBuffer->handle();
      const VkDeviceSize offset = 0, size = 0;
      vkCmdBindTransformFeedbackBuffersEXT(cmd, i, 1, &buffer, &offset, &size);
      continue;
    }
    Resource& r = *device.draw.streamOutputTargets[i];
    counters[i] = streamOutputCounter(device, r);
    if (!counters[i]) return false;
    const VkBuffer buffer = r.buffer->handle();
    const VkDeviceSize offset = r.bufferOffset, size = r.width;
    vkCmdBindTransformFeedbackBuffersEXT(cmd, i, 1, &buffer, &offset, &size);
  }
  const uint32_t count = uint32_t(std::bit_width(slots));
  vkCmdBeginTransformFeedbackEXT(cmd, 0, count, counters, counterOffsets);
  return true;
}

void endStreamOutput(Device& device, VkCommandBuffer cmd) {
  const uint32_t slots = captureSlots(device), bound = boundSlots(device);
  VkBuffer counters[4] = {};
  const VkDeviceSize counterOffsets[4] = {};
  for (uint32_t i = 0; i < 4; ++i)
    if (bound >> i & 1) counters[i] = device.draw.streamOutputTargets[i]->streamOutputCounter->handle();
  vkCmdEndTransformFeedbackEXT(cmd, 0, uint32_t(std::bit_width(slots)), counters, counterOffsets);
  for (const auto& [slot, vulkan] : device.streamOutputDrawQueries)
    vkCmdEndQueryIndexedEXT(cmd, slot.pool->handle(), slot.index, vulkan);
  device.streamOutputDrawQueries.clear();
}

SIZE_T APIENTRY calcPrivateGeometryShaderWithStreamOutput(D3D10DDI_HDEVICE,
                                                          const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT*,
                                                          const D3D11_1DDIARG_STAGE_IO_SIGNATURES*) {
  return sizeof(Shader);
}

VOID APIENTRY createGeometryShaderWithStreamOutput(D3D10DDI_HDEVICE hDevice,
                                                   const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT* args,
                                                   D3D10DDI_HSHADER hShader, D3D10DDI_HRTSHADER,
                                                   const D3D11_1DDIARG_STAGE_IO_SIGNATURES*) {
  Device* device = Device::from(hDevice);
  auto declaration = std::make_shared<StreamOutputDeclaration>();
  if (!args || !readStreamOutputDeclaration(args->pOutputStreamDecl, args->NumEntries, args->BufferStridesInBytes,
                                            args->NumStrides, args->RasterizedStream, declaration.get())) {
    logError("CreateGeometryShaderWithStreamOutput: malformed stream-output declaration");
    return device->setError(E_INVALIDARG);
  }
  createShaderObject(hDevice, args->pShaderCode, hShader, dxbc::ProgramType::Geometry, std::move(declaration));
}

VOID APIENTRY drawAuto(D3D10DDI_HDEVICE hDevice) {
  Device& device = *Device::from(hDevice);
  DrawCall call;
  {
    std::lock_guard<std::mutex> lock(device.queueMutex());
    const DrawState::VertexBuffer& vb = device.draw.vertexBuffers[0];
    // Vertex-buffer slot 0 holds what stream output wrote (D3D11): without a
    // buffer there, a stride, or any capture into it, there is nothing to draw.
    if (!vb.buffer || !vb.buffer->buffer || !vb.stride || !(vb.buffer->bindFlags & D3D10_DDI_BIND_STREAM_OUTPUT)) {
      logError("DrawAuto: vertex-buffer slot 0 holds no stream-output buffer with a stride; nothing drawn");
      return;
    }
    if (!streamOutputCounter(device, *vb.buffer)) return;
    call.autoBuffer = vb.buffer;
    call.autoStride = vb.stride;
    call.autoOffset = vb.offset;  // vkCmdDrawIndirectByteCountEXT's counterOffset: the bytes before the vertices
  }
  recordDraw(device, call);
}

VOID APIENTRY soSetTargets(D3D10DDI_HDEVICE hDevice, UINT numBuffers, UINT clearTargets, const D3D10DDI_HRESOURCE* targets,
                           const UINT* offsets) {
  Device* device = Device::from(hDevice);
  if (numBuffers > DrawState::kStreamOutputSlots || (numBuffers && !targets)) return device->setError(E_INVALIDARG);
  std::lock_guard<std::mutex> lock(device->queueMutex());
  DrawState& s = device->draw;
  for (UINT i = 0; i < DrawState::kStreamOutputSlots; ++i) {
    Resource* r = i < numBuffers ? Resource::from(targets[i]) : nullptr;
    if (r && (!r->isBuffer() || !r->buffer || !(r->bindFlags & D3D10_DDI_BIND_STREAM_OUTPUT))) r = nullptr;
    s.streamOutputTargets[i] = r;
    const UINT offset = offsets ? offsets[i < numBuffers ? i : 0] : 0;
    if (!r || (i < numBuffers && offsets && offset == 0xFFFFFFFFu)) continue;  // -1: append where the last capture ended
    // Capture starts at the bound offset: the counter says so (in command order).
    const VkBuffer counter = streamOutputCounter(*device, *r);
    if (!counter) return;
    VkCommandBuffer cmd = device->record();
    if (!cmd) return;
    const uint32_t start = std::min<uint32_t>(offset, r->width);
    vkCmdUpdateBuffer(cmd, counter, 0, sizeof start, &start);
    markUsed(*device, *r);
  }
  (void)clearTargets;  // every slot past numBuffers is unbound above
}

}  // namespace d3dvk::umd
