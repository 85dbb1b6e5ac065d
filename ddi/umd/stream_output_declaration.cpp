// ddi/umd/stream_output_declaration.cpp — see stream_output_declaration.h.
#include "stream_output_declaration.h"

#include "adapter.h"  // logError
#include "vk_device.h"

#include <algorithm>
#include <bit>
#include <string>

namespace d3dvk::umd {

bool readStreamOutputDeclaration(const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY* entries, uint32_t numEntries,
                                 const UINT* strides, uint32_t numStrides, uint32_t rasterizedStream,
                                 StreamOutputDeclaration* out) {
  if (numEntries && !entries) return false;
  if (numStrides > 4 || (numStrides && !strides)) return false;
  uint32_t offsets[4] = {};
  for (uint32_t i = 0; i < numEntries; ++i) {
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY& e = entries[i];
    const uint32_t mask = e.RegisterMask & 0xF;
    if (e.Stream > 3 || e.OutputSlot > 3 || !mask) return false;
    const uint32_t first = uint32_t(std::countr_zero(mask)), count = uint32_t(std::popcount(mask));
    if ((mask >> first) != (1u << count) - 1) return false;  // the components are contiguous
    if (e.RegisterIndex != D3D11_SO_DDI_REGISTER_INDEX_DENOTING_GAP) {
      out->entries.push_back({e.Stream, e.OutputSlot, offsets[e.OutputSlot], e.RegisterIndex, first, count});
      out->slots |= 1u << e.OutputSlot;
      out->streams |= 1u << e.Stream;
    }
    offsets[e.OutputSlot] += 4 * count;
  }
  for (uint32_t slot = 0; slot < 4; ++slot) {
    const uint32_t given = slot < numStrides ? strides[slot] : 0;
    if (given && given < offsets[slot]) return false;
    out->strides[slot] = given ? given : offsets[slot];
  }
  out->rasterizedStream =
      rasterizedStream == D3D11DDI_SO_NO_RASTERIZED_STREAM ? dxbc::kNoRasterizedStream : rasterizedStream;
  return out->rasterizedStream == dxbc::kNoRasterizedStream || out->rasterizedStream <= 3;
}

VkPhysicalDeviceTransformFeedbackPropertiesEXT transformFeedbackProperties(vk::Device& device) {
  VkPhysicalDeviceTransformFeedbackPropertiesEXT xfb{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
  VkPhysicalDeviceProperties2 props{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  props.pNext = &xfb;
  vkGetPhysicalDeviceProperties2(device.physicalDevice(), &props);
  return xfb;
}

bool streamOutputSupported(vk::Device& device, const dxbc::Shader& shader, const StreamOutputDeclaration& d) {
  if (!device.transformFeedbackEnabled()) {
    logError("stream output needs VK_EXT_transform_feedback, which the Vulkan device lacks");
    return false;
  }
  const VkPhysicalDeviceTransformFeedbackPropertiesEXT xfb = transformFeedbackProperties(device);
  const uint32_t highestStream = d.streams ? uint32_t(std::bit_width(d.streams)) : 1;
  if (highestStream > xfb.maxTransformFeedbackStreams) {
    logError("stream output: the declaration captures stream " + std::to_string(highestStream - 1) +
             ", beyond the Vulkan device's " + std::to_string(xfb.maxTransformFeedbackStreams) + " stream(s)");
    return false;
  }
  // The streams the geometry shader emits to: the captured ones and the rasterized one.
  const uint32_t emitted = d.streams | (d.rasterizedStream <= 3 ? 1u << d.rasterizedStream : 0u);
  if (shader.program.type == dxbc::ProgramType::Geometry && std::popcount(emitted) > 1 &&
      !xfb.transformFeedbackStreamsLinesTriangles)
    for (const dxbc::Instruction& inst : shader.program.instructions)
      if (inst.opcode == dxbc::Opcode::DclGsOutputTopology && inst.controls != 1 /*pointlist*/) {
        logError("stream output: a geometry shader emitting lines or triangles to several streams needs the Vulkan "
                 "device's transformFeedbackStreamsLinesTriangles, which it lacks (points only)");
        return false;
      }
  if (d.slots && uint32_t(std::bit_width(d.slots)) > xfb.maxTransformFeedbackBuffers) {
    logError("stream output: the declaration writes output slot " + std::to_string(std::bit_width(d.slots) - 1) +
             ", beyond the Vulkan device's " + std::to_string(xfb.maxTransformFeedbackBuffers) + " buffer(s)");
    return false;
  }
  for (uint32_t slot = 0; slot < 4; ++slot)
    if ((d.slots >> slot & 1) && d.strides[slot] > xfb.maxTransformFeedbackBufferDataStride) {
      logError("stream output: output slot " + std::to_string(slot) + "'s stride of " +
               std::to_string(d.strides[slot]) + " bytes is beyond the Vulkan device's " +
               std::to_string(xfb.maxTransformFeedbackBufferDataStride) + " (maxTransformFeedbackBufferDataStride)");
      return false;
    }
  return true;
}

void applyStreamOutput(vk::Device& device, const StreamOutputDeclaration& d, uint32_t slots,
                       dxbc::TranslateOptions& options) {
  options.streamOutput.clear();
  for (const dxbc::StreamOutputEntry& e : d.entries)
    if (slots >> e.buffer & 1) options.streamOutput.push_back(e);
  for (uint32_t i = 0; i < 4; ++i) options.streamOutputStrides[i] = d.strides[i];
  options.rasterizedStream = d.rasterizedStream;
  const VkPhysicalDeviceLimits& limits = device.info().properties.limits;
  options.outputLocations = std::min<uint32_t>(32, std::min({limits.maxVertexOutputComponents,
                                                             limits.maxGeometryOutputComponents,
                                                             limits.maxTessellationEvaluationOutputComponents}) / 4);
}

uint32_t fallbackCapturedStream(const StreamOutputDeclaration* d) {
  return d && d->rasterizedStream <= 3 ? d->rasterizedStream : 0;
}

void applyFallbackCapturedStream(const StreamOutputDeclaration* d, dxbc::TranslateOptions& options) {
  if (d && d->rasterizedStream != dxbc::kNoRasterizedStream) options.rasterizedStream = d->rasterizedStream;
}

}  // namespace d3dvk::umd
