// translate/dxbc/translator_stream_output.cpp — Translator members for an
// application's stream output (TranslateOptions::streamOutput): which streams
// a geometry shader emits and to which Vulkan stream (dxbc::vulkanStream),
// and one transform-feedback output variable per captured declaration entry,
// at an output location the shader leaves free. See translator.h.
#include "translator_impl.h"

#include <algorithm>

namespace d3dvk::dxbc::detail {

void Translator::scanStreams() {
  const bool so = !opt_.streamOutput.empty();
  if (so && opt_.transformFeedback)
    throw Error("translator: streamOutput and transformFeedback (the fallback's capture) exclude each other");
  if (so && stage_ != ProgramType::Vertex && !geometry() && !domain())
    throw Error("translator: stream output captures a vertex, geometry or domain shader's outputs");
  if (opt_.rasterizedStream != kNoRasterizedStream && opt_.rasterizedStream > 3)
    throw Error("translator: the rasterized stream must be 0..3 or none");
  if (so && !geometry() && opt_.rasterizedStream != 0 && opt_.rasterizedStream != kNoRasterizedStream)
    throw Error("translator: a vertex or domain shader's output is stream 0; it cannot rasterize stream " +
                std::to_string(opt_.rasterizedStream));
  for (const StreamOutputEntry& e : opt_.streamOutput) {
    if (e.stream > 3 || e.buffer > 3 || e.componentCount == 0 || e.startComponent + e.componentCount > 4 ||
        e.offset % 4)
      throw Error("translator: stream-output entry of stream " + std::to_string(e.stream) + ", buffer " +
                  std::to_string(e.buffer) + ", offset " + std::to_string(e.offset) + " is malformed");
    if (!geometry() && e.stream != 0)
      throw Error("translator: a vertex or domain shader's output is stream 0, not stream " + std::to_string(e.stream));
    capturedStreams_ |= 1u << e.stream;
  }
  if (!geometry()) return;
  // Emits reaching a Vulkan stream other than 0 need GeometryStreams (and then
  // every emit names its stream).
  for (const Instruction& inst : prog_.instructions) {
    const bool emitOrCut = inst.opcode == Opcode::Emit || inst.opcode == Opcode::Cut || inst.opcode == Opcode::EmitThenCut ||
                           inst.opcode == Opcode::EmitStream || inst.opcode == Opcode::EmitThenCutStream ||
                           inst.opcode == Opcode::CutStream;
    if (!emitOrCut) continue;
    uint32_t stream = 0;
    if (!inst.operands.empty() && inst.operands[0].type == OperandType::Stream && inst.operands[0].indexDimension == 1)
      stream = inst.operands[0].index[0].imm;
    if (stream <= 3 && streamEmitted(stream) && vulkanStream(stream, opt_.rasterizedStream) != 0) gsStreams_ = true;
  }
  if (gsStreams_) b_.capability(CapGeometryStreams);
}

void Translator::declareStreamOutput() {
  if (opt_.streamOutput.empty()) return;
  b_.capability(CapTransformFeedback);
  // The components of each location the shader's own outputs (every stream's) take.
  const uint32_t locations = std::min<uint32_t>(opt_.outputLocations, 32);
  uint8_t used[32] = {};
  for (uint32_t r : declaredOutputRegisters())
    if (r < 32) used[r] = 0xF;
  for (const auto& clip : clipOutputs_)
    if (clip.first < 32) used[clip.first] = 0xF;
  for (const StreamOutputEntry& e : opt_.streamOutput) {
    if (e.outputRegister >= numOutputs_)
      fail("stream output captures o" + std::to_string(e.outputRegister) + ", which the shader does not write");
    const uint32_t n = e.componentCount;
    const uint8_t bits = uint8_t((1u << n) - 1);
    uint32_t location = locations, component = 0;
    for (uint32_t l = 0; l < locations && location == locations; ++l)
      for (uint32_t c = 0; c + n <= 4; ++c)
        if (!(used[l] & (bits << c))) {
          location = l;
          component = c;
          break;
        }
    if (location == locations)
      fail("stream output needs more output locations than the " + std::to_string(locations) +
           " the shader's own outputs leave free");
    used[location] |= uint8_t(bits << component);
    uint32_t stride = opt_.streamOutputStrides[e.buffer];
    if (!stride)
      for (const StreamOutputEntry& o : opt_.streamOutput)
        if (o.buffer == e.buffer) stride = std::max(stride, o.offset + 4 * o.componentCount);
    const uint32_t type = n == 1 ? b_.tUint() : b_.tVec(b_.tUint(), n);
    const uint32_t var = b_.variable(b_.tPointer(SCOutput, type), SCOutput);
    b_.decorate(var, DecLocation, {location});
    if (component) b_.decorate(var, 31 /*Component*/, {component});
    b_.decorate(var, DecXfbBuffer, {e.buffer});
    b_.decorate(var, DecXfbStride, {stride});
    b_.decorate(var, DecOffset, {e.offset});
    if (gsStreams_) b_.decorate(var, DecStream, {vulkanStream(e.stream, opt_.rasterizedStream)});
    b_.name(var, "so_m" + std::to_string(e.stream) + "_o" + std::to_string(e.outputRegister) + "_" +
                     std::to_string(e.startComponent) + "_" + std::to_string(n));
    interface_.push_back(var);
    const uint32_t reg = e.outputRegister, first = e.startComponent;
    epilogue_.push_back([this, var, type, reg, first, n] {
      std::vector<uint32_t> parts;
      for (uint32_t i = 0; i < n; ++i) {
        const uint32_t p =
            b_.op(OpAccessChain, b_.tPointer(SCPrivate, b_.tUint()), {outArr_, b_.cUint(reg), b_.cUint(first + i)});
        parts.push_back(b_.op(OpLoad, b_.tUint(), {p}));
      }
      b_.opNoResult(OpStore, {var, n == 1 ? parts[0] : b_.op(OpCompositeConstruct, type, parts)});
    });
  }
}

}  // namespace d3dvk::dxbc::detail
