// translate/rootsig/rts0.cpp — the RTS0 chunk writer and reader (see rts0.h).
#include "rts0.h"

#include "dxbc/container.h"
#include "dxbc/error.h"

namespace d3dvk::rootsig {
namespace {

constexpr size_t kHeaderSize = 24;
constexpr size_t kParameterSize = 12;
constexpr size_t kSamplerSize = 13 * 4;

void put32(std::vector<uint8_t>& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}
void set32(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) out[at + i] = uint8_t(v >> (8 * i));
}

bool isRootDescriptor(uint32_t type) { return type == kParameterCbv || type == kParameterSrv || type == kParameterUav; }

class Reader {
 public:
  explicit Reader(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  uint32_t u32(size_t offset, const char* what) const {
    if (offset > bytes_.size() || bytes_.size() - offset < 4)
      throw dxbc::Error(std::string("RTS0 chunk: ") + what + " at offset " + std::to_string(offset) +
                        " is outside the chunk (" + std::to_string(bytes_.size()) + " bytes)");
    const uint8_t* p = bytes_.data() + offset;
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
  }
  // An array of `count` elements of `stride` bytes at `offset` must fit; an
  // empty array may point anywhere.
  void checkArray(uint32_t offset, uint32_t count, size_t stride, const char* what) const {
    if (count == 0) return;
    if (offset > bytes_.size() || uint64_t(count) * stride > bytes_.size() - offset)
      throw dxbc::Error(std::string("RTS0 chunk: ") + std::to_string(count) + " " + what + " of " +
                        std::to_string(stride) + " bytes at offset " + std::to_string(offset) +
                        " do not fit in the chunk (" + std::to_string(bytes_.size()) + " bytes)");
  }

 private:
  std::span<const uint8_t> bytes_;
};

}  // namespace

std::vector<uint8_t> writeRts0(const RootSignatureDesc& desc) {
  const bool v11 = desc.version == kVersion1_1;
  std::vector<uint8_t> out;
  put32(out, desc.version);
  put32(out, uint32_t(desc.parameters.size()));
  put32(out, uint32_t(kHeaderSize));
  put32(out, uint32_t(desc.staticSamplers.size()));
  put32(out, 0);  // StaticSamplersOffset, patched below
  put32(out, desc.flags);
  const size_t headers = out.size();
  for (const RootParameter& p : desc.parameters) {
    put32(out, p.parameterType);
    put32(out, p.shaderVisibility);
    put32(out, 0);  // PayloadOffset, patched below
  }
  for (size_t i = 0; i < desc.parameters.size(); ++i) {
    const RootParameter& p = desc.parameters[i];
    set32(out, headers + i * kParameterSize + 8, uint32_t(out.size()));
    if (p.parameterType == kParameterTable) {
      put32(out, uint32_t(p.ranges.size()));
      put32(out, uint32_t(out.size() + 4));  // the ranges follow directly
      for (const DescriptorRange& r : p.ranges) {
        put32(out, r.rangeType);
        put32(out, r.numDescriptors);
        put32(out, r.baseShaderRegister);
        put32(out, r.registerSpace);
        if (v11) put32(out, r.flags);
        put32(out, r.offsetInDescriptorsFromTableStart);
      }
    } else if (p.parameterType == kParameterConstants) {
      put32(out, p.shaderRegister);
      put32(out, p.registerSpace);
      put32(out, p.num32BitValues);
    } else {
      put32(out, p.shaderRegister);
      put32(out, p.registerSpace);
      if (v11) put32(out, p.flags);
    }
  }
  set32(out, 16, uint32_t(out.size()));
  for (const StaticSampler& s : desc.staticSamplers) {
    for (uint32_t v : {s.filter, s.addressU, s.addressV, s.addressW, s.mipLODBiasBits, s.maxAnisotropy,
                       s.comparisonFunc, s.borderColor, s.minLODBits, s.maxLODBits, s.shaderRegister,
                       s.registerSpace, s.shaderVisibility})
      put32(out, v);
  }
  return out;
}

std::vector<uint8_t> writeBlob(const RootSignatureDesc& desc) {
  dxbc::Chunk chunk;
  chunk.code = dxbc::fourcc("RTS0");
  chunk.data = writeRts0(desc);
  return dxbc::writeContainer({chunk});
}

RootSignatureDesc parseRts0(std::span<const uint8_t> chunk) {
  Reader r(chunk);
  RootSignatureDesc desc;
  desc.version = r.u32(0, "Version");
  if (desc.version != kVersion1_0 && desc.version != kVersion1_1)
    throw dxbc::Error("RTS0 chunk: unknown root signature version " + std::to_string(desc.version) +
                      " (1 is 1.0, 2 is 1.1)");
  const bool v11 = desc.version == kVersion1_1;
  const uint32_t numParameters = r.u32(4, "NumParameters");
  const uint32_t parametersOffset = r.u32(8, "RootParametersOffset");
  const uint32_t numSamplers = r.u32(12, "NumStaticSamplers");
  const uint32_t samplersOffset = r.u32(16, "StaticSamplersOffset");
  desc.flags = r.u32(20, "Flags");
  r.checkArray(parametersOffset, numParameters, kParameterSize, "root parameters");
  r.checkArray(samplersOffset, numSamplers, kSamplerSize, "static samplers");

  desc.parameters.resize(numParameters);
  for (uint32_t i = 0; i < numParameters; ++i) {
    RootParameter& p = desc.parameters[i];
    const size_t at = parametersOffset + size_t(i) * kParameterSize;
    p.parameterType = r.u32(at, "ParameterType");
    p.shaderVisibility = r.u32(at + 4, "ShaderVisibility");
    const uint32_t payload = r.u32(at + 8, "PayloadOffset");
    if (p.parameterType == kParameterTable) {
      const uint32_t numRanges = r.u32(payload, "NumDescriptorRanges");
      const uint32_t rangesOffset = r.u32(size_t(payload) + 4, "DescriptorRangesOffset");
      const size_t stride = v11 ? 24 : 20;
      r.checkArray(rangesOffset, numRanges, stride, "descriptor ranges");
      p.ranges.resize(numRanges);
      for (uint32_t j = 0; j < numRanges; ++j) {
        DescriptorRange& range = p.ranges[j];
        size_t ra = rangesOffset + size_t(j) * stride;
        range.rangeType = r.u32(ra, "RangeType");
        range.numDescriptors = r.u32(ra + 4, "NumDescriptors");
        range.baseShaderRegister = r.u32(ra + 8, "BaseShaderRegister");
        range.registerSpace = r.u32(ra + 12, "RegisterSpace");
        if (v11) range.flags = r.u32(ra + 16, "Flags");
        range.offsetInDescriptorsFromTableStart = r.u32(ra + stride - 4, "OffsetInDescriptorsFromTableStart");
      }
    } else if (p.parameterType == kParameterConstants) {
      p.shaderRegister = r.u32(payload, "ShaderRegister");
      p.registerSpace = r.u32(size_t(payload) + 4, "RegisterSpace");
      p.num32BitValues = r.u32(size_t(payload) + 8, "Num32BitValues");
    } else if (isRootDescriptor(p.parameterType)) {
      p.shaderRegister = r.u32(payload, "ShaderRegister");
      p.registerSpace = r.u32(size_t(payload) + 4, "RegisterSpace");
      if (v11) p.flags = r.u32(size_t(payload) + 8, "Flags");
    } else {
      throw dxbc::Error("RTS0 chunk: root parameter [" + std::to_string(i) + "] has unknown type " +
                        std::to_string(p.parameterType));
    }
  }

  desc.staticSamplers.resize(numSamplers);
  for (uint32_t i = 0; i < numSamplers; ++i) {
    StaticSampler& s = desc.staticSamplers[i];
    size_t at = samplersOffset + size_t(i) * kSamplerSize;
    uint32_t* fields[] = {&s.filter,        &s.addressU,       &s.addressV,    &s.addressW,   &s.mipLODBiasBits,
                          &s.maxAnisotropy, &s.comparisonFunc, &s.borderColor, &s.minLODBits, &s.maxLODBits,
                          &s.shaderRegister, &s.registerSpace, &s.shaderVisibility};
    for (size_t f = 0; f < 13; ++f) *fields[f] = r.u32(at + 4 * f, "static sampler field");
  }
  return desc;
}

ParsedBlob parseBlob(std::span<const uint8_t> bytes) {
  ParsedBlob result;
  dxbc::Container container;
  try {
    container = dxbc::parseContainer(bytes);
  } catch (const dxbc::Error& e) {
    result.status = ParsedBlob::kBadContainer;
    result.error = e.what();
    return result;
  }
  const dxbc::Chunk* chunk = container.find(dxbc::fourcc("RTS0"));
  if (!chunk) {
    result.status = ParsedBlob::kNoRootSignature;
    result.error = "the DXBC container has no root signature (RTS0) chunk";
    return result;
  }
  try {
    result.desc = parseRts0(chunk->data);
    result.status = ParsedBlob::kOk;
  } catch (const dxbc::Error& e) {
    result.status = ParsedBlob::kBadRootSignature;
    result.error = e.what();
  }
  return result;
}

}  // namespace d3dvk::rootsig
