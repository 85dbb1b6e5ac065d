// translate/rootsig/root_signature.h — D3D12 root signatures as plain data: one
// desc form for versions 1.0 and 1.1, the validation rules the D3D12 runtime
// applies (each failure a text naming the parameter, range or sampler), the
// root-signature cost, and the 1.0 <-> 1.1 conversion D3D12 performs. The blob
// format (the RTS0 chunk) is in rts0.h. Pure: no D3D, DDI or Vulkan headers;
// fields hold D3D12's raw enum values, so an application's invalid value is
// representable and reported rather than lost.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::rootsig {

// D3D_ROOT_SIGNATURE_VERSION
constexpr uint32_t kVersion1_0 = 1;
constexpr uint32_t kVersion1_1 = 2;

// D3D12_ROOT_PARAMETER_TYPE
enum ParameterType : uint32_t {
  kParameterTable = 0,
  kParameterConstants = 1,
  kParameterCbv = 2,
  kParameterSrv = 3,
  kParameterUav = 4,
};

// D3D12_DESCRIPTOR_RANGE_TYPE
enum RangeType : uint32_t { kRangeSrv = 0, kRangeUav = 1, kRangeCbv = 2, kRangeSampler = 3 };

// D3D12_SHADER_VISIBILITY: ALL (0) … MESH (7).
constexpr uint32_t kVisibilityAll = 0;
constexpr uint32_t kVisibilityCount = 8;

constexpr uint32_t kUnboundedDescriptors = 0xFFFFFFFFu;  // NumDescriptors "unbounded"
constexpr uint32_t kOffsetAppend = 0xFFFFFFFFu;          // D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND
constexpr uint32_t kFirstReservedSpace = 0xFFFFFFF0u;    // spaces from here on are the system's
constexpr uint32_t kMaxRootCost = 64;                    // D3D12_MAX_ROOT_COST, in DWORDs

// D3D12_DESCRIPTOR_RANGE_FLAGS
constexpr uint32_t kRangeDescriptorsVolatile = 0x1;
constexpr uint32_t kRangeDataVolatile = 0x2;
constexpr uint32_t kRangeDataStaticWhileSetAtExecute = 0x4;
constexpr uint32_t kRangeDataStatic = 0x8;
constexpr uint32_t kRangeDescriptorsStaticKeepingBufferBoundsChecks = 0x10000;
// D3D12_ROOT_DESCRIPTOR_FLAGS
constexpr uint32_t kRootDescriptorDataVolatile = 0x2;
constexpr uint32_t kRootDescriptorDataStaticWhileSetAtExecute = 0x4;
constexpr uint32_t kRootDescriptorDataStatic = 0x8;
// D3D12_ROOT_SIGNATURE_FLAGS: every flag up to SAMPLER_HEAP_DIRECTLY_INDEXED.
constexpr uint32_t kKnownRootSignatureFlags = 0xFFF;

struct DescriptorRange {
  uint32_t rangeType = kRangeSrv;
  uint32_t numDescriptors = 1;
  uint32_t baseShaderRegister = 0;
  uint32_t registerSpace = 0;
  uint32_t flags = 0;  // 1.1 only; 0 in a 1.0 desc
  uint32_t offsetInDescriptorsFromTableStart = kOffsetAppend;
  bool operator==(const DescriptorRange&) const = default;
};

// One root parameter; which fields mean something depends on parameterType
// (ranges: tables; shaderRegister/registerSpace: constants and root descriptors;
// num32BitValues: constants; flags: root descriptors, 1.1 only).
struct RootParameter {
  uint32_t parameterType = kParameterTable;
  uint32_t shaderVisibility = kVisibilityAll;
  std::vector<DescriptorRange> ranges;
  uint32_t shaderRegister = 0;
  uint32_t registerSpace = 0;
  uint32_t num32BitValues = 0;
  uint32_t flags = 0;
  bool operator==(const RootParameter&) const = default;
};

// D3D12_STATIC_SAMPLER_DESC, field for field (floats kept as their bits so a
// blob round-trips exactly, NaN payloads included).
struct StaticSampler {
  uint32_t filter = 0x55;  // ANISOTROPIC
  uint32_t addressU = 1, addressV = 1, addressW = 1;  // WRAP
  uint32_t mipLODBiasBits = 0;
  uint32_t maxAnisotropy = 16;
  uint32_t comparisonFunc = 4;  // LESS_EQUAL
  uint32_t borderColor = 2;     // OPAQUE_WHITE
  uint32_t minLODBits = 0;
  uint32_t maxLODBits = 0x7f7fffff;  // FLT_MAX
  uint32_t shaderRegister = 0;
  uint32_t registerSpace = 0;
  uint32_t shaderVisibility = kVisibilityAll;
  bool operator==(const StaticSampler&) const = default;
};

struct RootSignatureDesc {
  uint32_t version = kVersion1_0;
  std::vector<RootParameter> parameters;
  std::vector<StaticSampler> staticSamplers;
  uint32_t flags = 0;
  bool operator==(const RootSignatureDesc&) const = default;
};

// The first rule `desc` breaks, as a sentence naming the offending element;
// empty when the desc is valid. Rules: known version, parameter types,
// visibilities, range types, flags (1.1: known bits, at most one DATA_* flag,
// none on sampler ranges); non-empty ranges that fit the register and
// descriptor-offset space; no APPEND range right after an unbounded one; no
// sampler ranges mixed with CBV/SRV/UAV ranges in a table; no reserved register
// spaces; no two bindings of one register class overlapping in one space with
// intersecting visibilities (ALL intersects every stage); static-sampler fields
// in range; root cost at most 64 DWORDs.
std::string validate(const RootSignatureDesc& desc);

// DWORDs of root arguments: 1 per table, 1 per 32-bit constant, 2 per root descriptor.
uint64_t rootCost(const RootSignatureDesc& desc);

// The desc at another version, as D3D12's deserializers convert: 1.0 -> 1.1
// gives every CBV/SRV/UAV range DESCRIPTORS_VOLATILE | DATA_VOLATILE, every
// sampler range DESCRIPTORS_VOLATILE and every root descriptor DATA_VOLATILE
// (1.0's semantics); 1.1 -> 1.0 drops the flags.
RootSignatureDesc convert(const RootSignatureDesc& desc, uint32_t toVersion);

// Names for messages: "SRV", "ALL", "PIXEL", "DESCRIPTOR_TABLE", … ("unknown" when out of range).
const char* rangeTypeName(uint32_t rangeType);
const char* visibilityName(uint32_t visibility);
const char* parameterTypeName(uint32_t parameterType);

}  // namespace d3dvk::rootsig
