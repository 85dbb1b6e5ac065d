// translate/rootsig/root_signature.cpp — validation, cost and version conversion
// of root signatures (see root_signature.h).
#include "root_signature.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace d3dvk::rootsig {
namespace {

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%x", v);
  return buf;
}

std::string paramName(size_t i) { return "root parameter [" + std::to_string(i) + "]"; }
std::string rangeName(size_t i, size_t j) {
  return paramName(i) + " descriptor table range [" + std::to_string(j) + "]";
}
std::string samplerName(size_t i) { return "static sampler [" + std::to_string(i) + "]"; }

bool isRootDescriptor(uint32_t type) { return type == kParameterCbv || type == kParameterSrv || type == kParameterUav; }

// The register class a binding occupies (b, t, u or s registers).
enum RegisterClass : uint32_t { kClassSrv = 0, kClassUav = 1, kClassCbv = 2, kClassSampler = 3 };
const char* className(uint32_t c) {
  static const char* names[] = {"SRV", "UAV", "CBV", "sampler"};
  return c < 4 ? names[c] : "unknown";
}
uint32_t classOfRootDescriptor(uint32_t type) {
  return type == kParameterCbv ? kClassCbv : type == kParameterSrv ? kClassSrv : kClassUav;
}

struct Binding {
  uint32_t registerClass;
  uint32_t space;
  uint32_t visibility;
  uint64_t first, last;  // inclusive register range
  std::string where;
  size_t order = 0;  // position in the desc
};

std::string checkSpace(uint32_t space, const std::string& where) {
  if (space >= kFirstReservedSpace)
    return where + ": RegisterSpace " + hex(space) + " is reserved for the system (spaces " +
           hex(kFirstReservedSpace) + " to 0xffffffff)";
  return {};
}

std::string checkVisibility(uint32_t visibility, const std::string& where) {
  if (visibility >= kVisibilityCount)
    return where + ": ShaderVisibility " + std::to_string(visibility) +
           " is not a D3D12_SHADER_VISIBILITY (0 ALL to 7 MESH)";
  return {};
}

std::string checkRangeFlags(const DescriptorRange& r, const std::string& where) {
  constexpr uint32_t known = kRangeDescriptorsVolatile | kRangeDataVolatile | kRangeDataStaticWhileSetAtExecute |
                             kRangeDataStatic | kRangeDescriptorsStaticKeepingBufferBoundsChecks;
  if (r.flags & ~known)
    return where + ": Flags " + hex(r.flags) + " has bits that are not D3D12_DESCRIPTOR_RANGE_FLAGS (" +
           hex(r.flags & ~known) + ")";
  const uint32_t data = r.flags & (kRangeDataVolatile | kRangeDataStaticWhileSetAtExecute | kRangeDataStatic);
  if (r.rangeType == kRangeSampler && (data || (r.flags & kRangeDescriptorsStaticKeepingBufferBoundsChecks)))
    return where + ": a sampler range takes only DESCRIPTORS_VOLATILE, Flags is " + hex(r.flags);
  if (std::popcount(data) > 1)
    return where + ": Flags " + hex(r.flags) +
           " combines more than one of DATA_VOLATILE, DATA_STATIC_WHILE_SET_AT_EXECUTE and DATA_STATIC";
  if ((r.flags & kRangeDescriptorsVolatile) && (r.flags & kRangeDescriptorsStaticKeepingBufferBoundsChecks))
    return where + ": DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS cannot be combined with DESCRIPTORS_VOLATILE";
  return {};
}

std::string checkTable(const RootParameter& p, size_t i, uint32_t version, std::vector<Binding>& bindings) {
  bool hasSampler = false, hasView = false;
  uint64_t next = 0;           // the descriptor offset APPEND continues from
  bool afterUnbounded = false;  // the previous range was unbounded
  for (size_t j = 0; j < p.ranges.size(); ++j) {
    const DescriptorRange& r = p.ranges[j];
    const std::string where = rangeName(i, j);
    if (r.rangeType > kRangeSampler)
      return where + ": RangeType " + std::to_string(r.rangeType) +
             " is not a D3D12_DESCRIPTOR_RANGE_TYPE (0 SRV, 1 UAV, 2 CBV, 3 SAMPLER)";
    (r.rangeType == kRangeSampler ? hasSampler : hasView) = true;
    if (hasSampler && hasView)
      return where + ": sampler ranges cannot be mixed with CBV/SRV/UAV ranges in one descriptor table";
    if (r.numDescriptors == 0) return where + ": NumDescriptors is 0";
    if (std::string e = checkSpace(r.registerSpace, where); !e.empty()) return e;
    if (version == kVersion1_0 && r.flags != 0) return where + ": a version 1.0 range has no flags";
    if (version == kVersion1_1)
      if (std::string e = checkRangeFlags(r, where); !e.empty()) return e;
    const bool unbounded = r.numDescriptors == kUnboundedDescriptors;
    const uint64_t lastRegister = unbounded ? 0xFFFFFFFFull : uint64_t(r.baseShaderRegister) + r.numDescriptors - 1;
    if (lastRegister > 0xFFFFFFFFull)
      return where + ": BaseShaderRegister " + std::to_string(r.baseShaderRegister) + " + NumDescriptors " +
             std::to_string(r.numDescriptors) + " overflows the register space";
    uint64_t start;
    if (r.offsetInDescriptorsFromTableStart == kOffsetAppend) {
      if (afterUnbounded)
        return where + ": uses D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND right after an unbounded range (range [" +
               std::to_string(j - 1) + "]); give it an explicit offset or make the unbounded range the last one";
      start = next;
    } else {
      start = r.offsetInDescriptorsFromTableStart;
    }
    if (!unbounded && start + r.numDescriptors > 0xFFFFFFFFull)
      return where + ": descriptor offset " + std::to_string(start) + " + NumDescriptors " +
             std::to_string(r.numDescriptors) + " overflows the table";
    next = unbounded ? 0 : start + r.numDescriptors;
    afterUnbounded = unbounded;
    bindings.push_back({r.rangeType, r.registerSpace, p.shaderVisibility, r.baseShaderRegister, lastRegister,
                        where + " (" + rangeTypeName(r.rangeType) + ", visibility " +
                            visibilityName(p.shaderVisibility) + ")"});
  }
  return {};
}

bool isValidFilter(uint32_t f) {
  // min (bits 4-5), mag (2-3), mip (0-1) are POINT or LINEAR, bits 7-8 the
  // reduction; anisotropic (bit 6) only with all three LINEAR.
  if (f & ~0x1D5u) return false;
  return !(f & 0x40) || (f & 0x15) == 0x15;
}

float bitsToFloat(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

std::string checkSampler(const StaticSampler& s, size_t i) {
  const std::string where = samplerName(i);
  if (!isValidFilter(s.filter)) return where + ": Filter " + hex(s.filter) + " is not a D3D12_FILTER";
  const uint32_t addresses[] = {s.addressU, s.addressV, s.addressW};
  const char* axes[] = {"AddressU", "AddressV", "AddressW"};
  for (int a = 0; a < 3; ++a)
    if (addresses[a] < 1 || addresses[a] > 5)
      return where + ": " + axes[a] + " " + std::to_string(addresses[a]) +
             " is not a D3D12_TEXTURE_ADDRESS_MODE (1 WRAP to 5 MIRROR_ONCE)";
  const float bias = bitsToFloat(s.mipLODBiasBits);
  if (!(bias >= -16.0f && bias <= 15.99f))
    return where + ": MipLODBias " + std::to_string(bias) + " is outside [-16, 15.99]";
  if ((s.filter & 0x40) && (s.maxAnisotropy < 1 || s.maxAnisotropy > 16))
    return where + ": MaxAnisotropy " + std::to_string(s.maxAnisotropy) +
           " is outside [1, 16] for an anisotropic filter";
  if (((s.filter >> 7) & 3) == 1 && (s.comparisonFunc < 1 || s.comparisonFunc > 8))
    return where + ": ComparisonFunc " + std::to_string(s.comparisonFunc) +
           " is not a D3D12_COMPARISON_FUNC (1 NEVER to 8 ALWAYS) for a comparison filter";
  if (s.borderColor > 4)
    return where + ": BorderColor " + std::to_string(s.borderColor) + " is not a D3D12_STATIC_BORDER_COLOR (0 to 4)";
  if (std::isnan(bitsToFloat(s.minLODBits)) || std::isnan(bitsToFloat(s.maxLODBits)))
    return where + ": MinLOD and MaxLOD must be numbers";
  if (std::string e = checkSpace(s.registerSpace, where); !e.empty()) return e;
  return checkVisibility(s.shaderVisibility, where);
}

// Two bindings of one class in one space overlap when their register ranges
// intersect and their visibilities do (equal, or either is ALL). Per class and
// space, a sweep over the ranges sorted by first register, once per stage
// (ALL's bindings with that stage's).
std::string checkOverlaps(std::vector<Binding> bindings) {
  for (size_t i = 0; i < bindings.size(); ++i) bindings[i].order = i;
  std::sort(bindings.begin(), bindings.end(), [](const Binding& a, const Binding& b) {
    if (a.registerClass != b.registerClass) return a.registerClass < b.registerClass;
    if (a.space != b.space) return a.space < b.space;
    if (a.first != b.first) return a.first < b.first;
    if (a.last != b.last) return a.last > b.last;  // the wider one first
    return a.order < b.order;                       // then declaration order: messages are deterministic
  });
  for (size_t begin = 0; begin < bindings.size();) {
    size_t end = begin;
    while (end < bindings.size() && bindings[end].registerClass == bindings[begin].registerClass &&
           bindings[end].space == bindings[begin].space)
      ++end;
    for (uint32_t stage = 0; stage < kVisibilityCount; ++stage) {
      const Binding* widest = nullptr;  // the binding reaching furthest so far
      for (size_t k = begin; k < end; ++k) {
        const Binding& b = bindings[k];
        if (b.visibility != kVisibilityAll && b.visibility != stage) continue;
        // Sorted by first register: b overlaps an earlier binding exactly when
        // it starts within the one reaching furthest.
        if (widest && b.first <= widest->last)
          return std::string("shader register range of ") + className(b.registerClass) + " registers " +
                 std::to_string(b.first) + ".." + std::to_string(b.last) + " in space " + std::to_string(b.space) +
                 ", " + b.where + ", overlaps registers " + std::to_string(widest->first) + ".." +
                 std::to_string(widest->last) + " of " + widest->where;
        if (!widest || b.last > widest->last) widest = &b;
      }
    }
    begin = end;
  }
  return {};
}

}  // namespace

const char* rangeTypeName(uint32_t t) {
  static const char* names[] = {"SRV", "UAV", "CBV", "SAMPLER"};
  return t < 4 ? names[t] : "unknown";
}
const char* visibilityName(uint32_t v) {
  static const char* names[] = {"ALL", "VERTEX", "HULL", "DOMAIN", "GEOMETRY", "PIXEL", "AMPLIFICATION", "MESH"};
  return v < kVisibilityCount ? names[v] : "unknown";
}
const char* parameterTypeName(uint32_t t) {
  static const char* names[] = {"DESCRIPTOR_TABLE", "32BIT_CONSTANTS", "CBV", "SRV", "UAV"};
  return t < 5 ? names[t] : "unknown";
}

uint64_t rootCost(const RootSignatureDesc& desc) {
  uint64_t cost = 0;
  for (const RootParameter& p : desc.parameters) {
    if (p.parameterType == kParameterTable) cost += 1;
    else if (p.parameterType == kParameterConstants) cost += p.num32BitValues;
    else if (isRootDescriptor(p.parameterType)) cost += 2;
  }
  return cost;
}

std::string validate(const RootSignatureDesc& desc) {
  if (desc.version != kVersion1_0 && desc.version != kVersion1_1)
    return "unknown root signature version " + std::to_string(desc.version) +
           " (D3D_ROOT_SIGNATURE_VERSION_1_0 is 1, D3D_ROOT_SIGNATURE_VERSION_1_1 is 2)";
  if (desc.flags & ~kKnownRootSignatureFlags)
    return "Flags " + hex(desc.flags) + " has bits that are not D3D12_ROOT_SIGNATURE_FLAGS (" +
           hex(desc.flags & ~kKnownRootSignatureFlags) + ")";
  std::vector<Binding> bindings;
  for (size_t i = 0; i < desc.parameters.size(); ++i) {
    const RootParameter& p = desc.parameters[i];
    const std::string where = paramName(i);
    if (p.parameterType > kParameterUav)
      return where + ": ParameterType " + std::to_string(p.parameterType) +
             " is not a D3D12_ROOT_PARAMETER_TYPE (0 DESCRIPTOR_TABLE to 4 UAV)";
    if (std::string e = checkVisibility(p.shaderVisibility, where); !e.empty()) return e;
    if (p.parameterType == kParameterTable) {
      if (std::string e = checkTable(p, i, desc.version, bindings); !e.empty()) return e;
      continue;
    }
    if (std::string e = checkSpace(p.registerSpace, where); !e.empty()) return e;
    const std::string kind = p.parameterType == kParameterConstants ? "root constants" : std::string("root ") +
                                                                                           parameterTypeName(p.parameterType);
    if (isRootDescriptor(p.parameterType)) {
      if (desc.version == kVersion1_0 && p.flags != 0) return where + ": a version 1.0 root descriptor has no flags";
      constexpr uint32_t known =
          kRootDescriptorDataVolatile | kRootDescriptorDataStaticWhileSetAtExecute | kRootDescriptorDataStatic;
      if (p.flags & ~known)
        return where + ": Flags " + hex(p.flags) + " has bits that are not D3D12_ROOT_DESCRIPTOR_FLAGS (" +
               hex(p.flags & ~known) + ")";
      if (std::popcount(p.flags) > 1)
        return where + ": Flags " + hex(p.flags) +
               " combines more than one of DATA_VOLATILE, DATA_STATIC_WHILE_SET_AT_EXECUTE and DATA_STATIC";
    }
    const uint32_t registerClass =
        p.parameterType == kParameterConstants ? uint32_t(kClassCbv) : classOfRootDescriptor(p.parameterType);
    bindings.push_back({registerClass, p.registerSpace, p.shaderVisibility, p.shaderRegister, p.shaderRegister,
                        where + " (" + kind + ", visibility " + visibilityName(p.shaderVisibility) + ")"});
  }
  for (size_t i = 0; i < desc.staticSamplers.size(); ++i) {
    const StaticSampler& s = desc.staticSamplers[i];
    if (std::string e = checkSampler(s, i); !e.empty()) return e;
    bindings.push_back({kClassSampler, s.registerSpace, s.shaderVisibility, s.shaderRegister, s.shaderRegister,
                        samplerName(i) + " (visibility " + visibilityName(s.shaderVisibility) + ")"});
  }
  if (std::string e = checkOverlaps(std::move(bindings)); !e.empty()) return e;
  const uint64_t cost = rootCost(desc);
  if (cost > kMaxRootCost)
    return "the root signature costs " + std::to_string(cost) + " DWORDs, more than D3D12_MAX_ROOT_COST (" +
           std::to_string(kMaxRootCost) +
           "): a descriptor table costs 1, root constants 1 per 32-bit value, a root descriptor 2";
  return {};
}

RootSignatureDesc convert(const RootSignatureDesc& desc, uint32_t toVersion) {
  RootSignatureDesc out = desc;
  if (desc.version == toVersion) return out;
  out.version = toVersion;
  const bool to11 = toVersion == kVersion1_1;
  for (RootParameter& p : out.parameters) {
    if (p.parameterType == kParameterTable) {
      for (DescriptorRange& r : p.ranges)
        r.flags = !to11 ? 0
                  : r.rangeType == kRangeSampler ? kRangeDescriptorsVolatile
                                                 : kRangeDescriptorsVolatile | kRangeDataVolatile;
    } else if (isRootDescriptor(p.parameterType)) {
      p.flags = to11 ? kRootDescriptorDataVolatile : 0;
    }
  }
  return out;
}

}  // namespace d3dvk::rootsig
