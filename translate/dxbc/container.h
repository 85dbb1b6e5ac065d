// translate/dxbc/container.h — the DXBC container: header + checksum + chunk table,
// and the chunks the driver reads (ISGN/ISG1, OSGN/OSG1/OSG5, PCSG/PSG1, SHDR/SHEX,
// SFI0, RDEF, STAT). Unknown chunks are kept as raw bytes and otherwise skipped.
// Parsing copies what it keeps, so results outlive the input buffer.
#pragma once

#include "dxbc/error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace d3dvk::dxbc {

constexpr uint32_t fourcc(const char (&s)[5]) {
  return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 |
         uint32_t(uint8_t(s[3])) << 24;
}
std::string fourccName(uint32_t code);

struct Chunk {
  uint32_t code = 0;           // fourcc
  std::vector<uint8_t> data;   // chunk payload (without the 8-byte chunk header)
  uint32_t containerOffset = 0;  // byte offset of the chunk header in the container (0 when built)
};

struct Container {
  std::array<uint32_t, 4> checksum{};
  std::vector<Chunk> chunks;
  const Chunk* find(uint32_t code) const;
};

// Parses and bounds-checks a container. With verifyChecksum, a checksum that does
// not match the DXBC MD5 variant is an Error ("checksum mismatch: stored … computed …").
Container parseContainer(std::span<const uint8_t> bytes, bool verifyChecksum = true);

// Builds a container (header, chunk table, chunks at 4-byte offsets, each chunk's
// size its payload's exact length) with the correct checksum.
std::vector<uint8_t> writeContainer(const std::vector<Chunk>& chunks);

// ---- signatures -----------------------------------------------------------------

// D3D_REGISTER_COMPONENT_TYPE values.
enum class ComponentType : uint32_t { Unknown = 0, Uint32 = 1, Sint32 = 2, Float32 = 3 };

struct SignatureElement {
  std::string semanticName;
  uint32_t semanticIndex = 0;
  uint32_t systemValue = 0;  // D3D_NAME (0 undefined, 1 position … 64 target … 70 inner coverage)
  ComponentType componentType = ComponentType::Float32;
  uint32_t registerIndex = 0;  // 0xFFFFFFFF for oDepth/oMask-style elements without a register
  uint8_t mask = 0;            // declared components
  uint8_t rwMask = 0;          // raw byte: inputs: components read; outputs: components NOT written
  uint32_t stream = 0;         // OSG5/ISG1/OSG1 only
  uint32_t minPrecision = 0;   // ISG1/OSG1 only
};

enum class SignatureFormat { Basic /*ISGN/OSGN*/, Stream /*OSG5*/, Full /*ISG1/OSG1*/ };

struct Signature {
  SignatureFormat format = SignatureFormat::Basic;
  std::vector<SignatureElement> elements;
  const SignatureElement* findByRegister(uint32_t reg, uint8_t component_mask) const;
};

// The D3D_NAME an element stands for. fxc stores 0 for the pixel-shader system values
// that have no register of their own (SV_Target, SV_Depth*, SV_Coverage, SV_StencilRef,
// SV_InnerCoverage) and identifies them by semantic name; this maps those names to
// 64..70 and returns the stored value otherwise.
uint32_t effectiveSystemValue(const SignatureElement& e);

Signature parseSignature(const Chunk& chunk);  // format chosen from chunk.code
std::vector<uint8_t> writeSignature(const Signature& sig);

// ---- SFI0, RDEF, STAT -------------------------------------------------------------

uint64_t parseFeatureFlags(const Chunk& sfi0);  // D3D_SHADER_FEATURE_* bits
std::vector<uint8_t> writeFeatureFlags(uint64_t flags);

struct ResourceBinding {
  std::string name;
  uint32_t type = 0;        // D3D_SHADER_INPUT_TYPE
  uint32_t returnType = 0;  // D3D_RESOURCE_RETURN_TYPE
  uint32_t dimension = 0;   // D3D_SRV_DIMENSION
  uint32_t numSamples = 0;
  uint32_t bindPoint = 0;
  uint32_t bindCount = 0;
  uint32_t flags = 0;
  uint32_t space = 0;  // SM5.1
};
struct ConstantBufferInfo {
  std::string name;
  uint32_t variableCount = 0;
  uint32_t size = 0;
  uint32_t flags = 0;
  uint32_t type = 0;
};
struct ResourceDefinitions {
  uint32_t targetMajor = 0, targetMinor = 0, programType = 0, flags = 0;
  std::string creator;
  std::vector<ConstantBufferInfo> constantBuffers;
  std::vector<ResourceBinding> bindings;
};
ResourceDefinitions parseResourceDefinitions(const Chunk& rdef);

// STAT is an array of counters; the first is the instruction count.
std::vector<uint32_t> parseStatistics(const Chunk& stat);

}  // namespace d3dvk::dxbc
