// runtime/core/stream_output_validator.cpp — see stream_output_validator.h.
#include "stream_output_validator.h"

#include <cctype>
#include <cstring>
#include <set>

namespace d3dvk::runtime {
namespace {

// The D3D11 debug layer's IDs (d3d11sdklayers.h).
constexpr int kInvalidNumEntries = 174, kInvalidOutputSlot = 179, kInvalidComponentCount = 181,
              kInvalidStartAndCount = 182, kInvalidGap = 183, kRepeatedOutput = 184, kInvalidStride = 185,
              kMissingSemantic = 186, kMaskMismatch = 187, kOnlyGaps = 188, kTooComplex = 189,
              kMissingOutputSignature = 190, kTrailingDigit = 386, kInvalidStreamToRasterizer = 2097157,
              kInvalidStream = 2097169, kInvalidNumStrides = 2097172;

bool sameName(const std::string& a, const char* b) {
  if (a.size() != std::strlen(b)) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

std::string entryName(uint32_t i) { return "pSODeclaration[" + std::to_string(i) + "]"; }

}  // namespace

SoDeclarationVerdict validateStreamOutputDeclaration(const SoDeclarationCheck& c) {
  SoDeclarationVerdict v;
  auto fail = [&](int id, const char* name, std::string text) -> SoDeclarationVerdict& {
    v.messages.push_back({id, name, std::move(text)});
    v.entries.clear();
    return v;
  };
  if (c.numEntries > kSoMaxEntries || (c.numEntries && !c.entries))
    return fail(kInvalidNumEntries, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMENTRIES",
                "NumEntries is " + std::to_string(c.numEntries) + (c.entries ? "" : " with pSODeclaration NULL") +
                    "; it must be 0.." + std::to_string(kSoMaxEntries) + ".");
  if (c.numStrides > 4 || (c.numStrides && !c.strides))
    return fail(kInvalidNumStrides, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMSTRIDES",
                "NumStrides is " + std::to_string(c.numStrides) + (c.strides ? "" : " with pBufferStrides NULL") +
                    "; it must be 0..4 (D3D11_SO_BUFFER_SLOT_COUNT).");
  if (c.rasterizedStream != kSoNoRasterizedStream &&
      (c.rasterizedStream >= 4 || (!c.multipleStreams && c.rasterizedStream != 0)))
    return fail(kInvalidStreamToRasterizer, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAMTORASTERIZER",
                "RasterizedStream is " + std::to_string(c.rasterizedStream) + "; it must be " +
                    (c.multipleStreams ? "0..3 or D3D11_SO_NO_RASTERIZED_STREAM."
                                       : "0 or D3D11_SO_NO_RASTERIZED_STREAM below feature level 11_0."));
  if (c.numEntries && !c.hasOutputSignature)
    return fail(kMissingOutputSignature, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MISSINGOUTPUTSIGNATURE",
                "The shader has no output signature to stream out from.");
  std::array<uint32_t, 4> slotBytes{}, slotStream{};
  std::array<bool, 4> slotUsed{};
  std::array<uint32_t, 4> streamComponents{};
  std::set<std::pair<uint32_t, uint32_t>> captured;  // (stream, register * 4 + component)
  bool onlyGaps = true;
  for (uint32_t i = 0; i < c.numEntries; ++i) {
    const SoEntry& e = c.entries[i];
    if (e.stream >= 4 || (!c.multipleStreams && e.stream != 0))
      return fail(kInvalidStream, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAM",
                  entryName(i) + ".Stream is " + std::to_string(e.stream) + "; it must be " +
                      (c.multipleStreams ? "0..3." : "0 below feature level 11_0."));
    if (e.outputSlot >= 4)
      return fail(kInvalidOutputSlot, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSLOT",
                  entryName(i) + ".OutputSlot is " + std::to_string(e.outputSlot) + "; it must be 0..3.");
    if (slotUsed[e.outputSlot] && slotStream[e.outputSlot] != e.stream)
      return fail(kInvalidOutputSlot, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSLOT",
                  entryName(i) + " writes output slot " + std::to_string(e.outputSlot) + " from stream " +
                      std::to_string(e.stream) + ", which stream " + std::to_string(slotStream[e.outputSlot]) +
                      " already writes; a buffer is fed by one stream.");
    SoResolvedEntry r{e.stream, e.outputSlot, 0xFFFFFFFFu, 0, e.componentCount};
    if (!e.semanticName) {
      if (e.componentCount == 0 || e.startComponent != 0 || e.semanticIndex != 0)
        return fail(kInvalidGap, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDGAPDEFINITION",
                    entryName(i) + " is a gap (SemanticName NULL): it needs ComponentCount >= 1, StartComponent 0 "
                                   "and SemanticIndex 0.");
    } else {
      onlyGaps = false;
      if (e.componentCount < 1 || e.componentCount > 4)
        return fail(kInvalidComponentCount, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDCOMPONENTCOUNT",
                    entryName(i) + ".ComponentCount is " + std::to_string(e.componentCount) + "; it must be 1..4.");
      if (e.startComponent + e.componentCount > 4)
        return fail(kInvalidStartAndCount, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTARTCOMPONENTANDCOMPONENTCOUNT",
                    entryName(i) + " captures components " + std::to_string(e.startComponent) + ".." +
                        std::to_string(e.startComponent + e.componentCount - 1) + ", past the register's 4.");
      const size_t length = std::strlen(e.semanticName);
      if (length && std::isdigit(static_cast<unsigned char>(e.semanticName[length - 1])))
        return fail(kTrailingDigit, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_TRAILING_DIGIT_IN_SEMANTIC",
                    entryName(i) + ".SemanticName \"" + e.semanticName +
                        "\" ends in a digit; the index goes in SemanticIndex.");
      const SoSignatureElement* found = nullptr;
      for (const SoSignatureElement& o : c.outputs)
        if (o.stream == e.stream && o.semanticIndex == e.semanticIndex && sameName(o.semanticName, e.semanticName))
          found = &o;
      if (!found)
        return fail(kMissingSemantic, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MISSINGSEMANTIC",
                    entryName(i) + " names " + e.semanticName + std::to_string(e.semanticIndex) + " in stream " +
                        std::to_string(e.stream) + ", which the shader's output signature does not have.");
      const uint8_t mask = uint8_t(((1u << e.componentCount) - 1u) << e.startComponent);
      if ((mask & found->mask) != mask)
        return fail(kMaskMismatch, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MASKMISMATCH",
                    entryName(i) + " captures components the output " + e.semanticName +
                        std::to_string(e.semanticIndex) + " does not declare.");
      for (uint32_t k = 0; k < e.componentCount; ++k)
        if (!captured.insert({e.stream, found->registerIndex * 4 + e.startComponent + k}).second)
          return fail(kRepeatedOutput, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_REPEATEDOUTPUT",
                      entryName(i) + " captures a component of " + e.semanticName +
                          std::to_string(e.semanticIndex) + " that an earlier entry of its stream captures.");
      r.registerIndex = found->registerIndex;
      r.startComponent = e.startComponent;
    }
    slotUsed[e.outputSlot] = true;
    slotStream[e.outputSlot] = e.stream;
    slotBytes[e.outputSlot] += 4u * e.componentCount;
    streamComponents[e.stream] += e.componentCount;
    if (streamComponents[e.stream] > kSoMaxComponentsPerStream)
      return fail(kTooComplex, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_DECLTOOCOMPLEX",
                  "Stream " + std::to_string(e.stream) + " captures more than " +
                      std::to_string(kSoMaxComponentsPerStream) + " components.");
    v.entries.push_back(r);
  }
  if (c.numEntries && onlyGaps)
    return fail(kOnlyGaps, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_CANTHAVEONLYGAPS",
                "Every entry of the declaration is a gap (SemanticName NULL): nothing would be captured.");
  for (uint32_t s = 0; s < 4; ++s) {
    if (s < c.numStrides) {
      const uint32_t stride = c.strides[s];
      if (stride % 4 || stride > kSoMaxStride || (slotUsed[s] && stride < slotBytes[s]) || (slotUsed[s] && !stride))
        return fail(kInvalidStride, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSTREAMSTRIDE",
                    "pBufferStrides[" + std::to_string(s) + "] is " + std::to_string(stride) +
                        "; it must be a multiple of 4, at most " + std::to_string(kSoMaxStride) +
                        " and hold the slot's " + std::to_string(slotBytes[s]) + " bytes per vertex.");
      v.strides[s] = stride;
    } else {
      v.strides[s] = slotBytes[s];
    }
  }
  return v;
}

std::vector<D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY> streamOutputDdiEntries(const SoDeclarationVerdict& verdict) {
  std::vector<D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY> ddiEntries;
  for (const SoResolvedEntry& e : verdict.entries) {
    if (e.registerIndex == 0xFFFFFFFFu) {
      for (uint32_t left = e.componentCount; left;) {
        const uint32_t n = left < 4 ? left : 4;
        ddiEntries.push_back({e.stream, e.outputSlot, D3D11_SO_DDI_REGISTER_INDEX_DENOTING_GAP, BYTE((1u << n) - 1)});
        left -= n;
      }
      continue;
    }
    ddiEntries.push_back({e.stream, e.outputSlot, e.registerIndex,
                          BYTE(((1u << e.componentCount) - 1u) << e.startComponent)});
  }
  return ddiEntries;
}

}  // namespace d3dvk::runtime
