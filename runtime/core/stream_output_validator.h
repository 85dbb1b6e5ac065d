// runtime/core/stream_output_validator.h — the rules of a stream-output
// declaration (D3D11 CreateGeometryShaderWithStreamOutput; the same entries as
// D3D12's D3D12_STREAM_OUTPUT_DESC) checked against the output signature of
// the stage that feeds it: entry count, streams, output slots, component
// ranges, gaps (SemanticName NULL), semantics present with the components
// captured, no register component captured twice in a stream, one stream per
// slot, strides, components per stream, the rasterized stream. Pure: plain
// inputs, the first broken rule's message out (the D3D11 debug layer's IDs);
// the callers report it and fail the creation with E_INVALIDARG.
#pragma once

#include "conservative_validator.h"  // ValidationMessage
#include "d3dvk_stream_output_ddi.h"   // D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::runtime {

// D3D11_SO_DECLARATION_ENTRY / D3D12_SO_DECLARATION_ENTRY.
struct SoEntry {
  uint32_t stream = 0;
  const char* semanticName = nullptr;  // NULL: a gap of componentCount components
  uint32_t semanticIndex = 0;
  uint8_t startComponent = 0, componentCount = 0, outputSlot = 0;
};

// One element of the feeding stage's output signature (OSGN / OSG5).
struct SoSignatureElement {
  std::string semanticName;
  uint32_t semanticIndex = 0;
  uint32_t registerIndex = 0;
  uint8_t mask = 0;  // declared components
  uint32_t stream = 0;
};

struct SoDeclarationCheck {
  const SoEntry* entries = nullptr;
  uint32_t numEntries = 0;
  const uint32_t* strides = nullptr;  // per output slot from 0 (NULL with numStrides 0: packed)
  uint32_t numStrides = 0;
  uint32_t rasterizedStream = 0;  // 0..3 or 0xFFFFFFFF (D3D11_SO_NO_RASTERIZED_STREAM)
  std::vector<SoSignatureElement> outputs;
  bool hasOutputSignature = true;
  bool multipleStreams = true;  // feature level 11_0 and up: streams 1..3 and any rasterized stream
};

// What a valid declaration captures, for the driver: per entry the register
// and components (a gap: registerIndex 0xFFFFFFFF, componentCount components),
// and each slot's stride in bytes (the given one, else the packed size).
struct SoResolvedEntry {
  uint32_t stream = 0, outputSlot = 0, registerIndex = 0;
  uint8_t startComponent = 0, componentCount = 0;
};

struct SoDeclarationVerdict {
  std::vector<ValidationMessage> messages;  // empty: valid
  std::vector<SoResolvedEntry> entries;
  std::array<uint32_t, 4> strides{};
};

constexpr uint32_t kSoNoRasterizedStream = 0xFFFFFFFFu;
constexpr uint32_t kSoMaxEntries = 4 * 128;      // D3D11_SO_STREAM_COUNT * D3D11_SO_OUTPUT_COMPONENT_COUNT
constexpr uint32_t kSoMaxComponentsPerStream = 128;
constexpr uint32_t kSoMaxStride = 2048;          // D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES

SoDeclarationVerdict validateStreamOutputDeclaration(const SoDeclarationCheck& check);

// A valid verdict as the DDI's declaration (D3D11's and D3D12's entries have
// one layout): register and xyzw mask per entry, gaps as
// D3D11_SO_DDI_REGISTER_INDEX_DENOTING_GAP with their component count in
// pieces of at most 4.
std::vector<D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY> streamOutputDdiEntries(const SoDeclarationVerdict& verdict);

}  // namespace d3dvk::runtime
