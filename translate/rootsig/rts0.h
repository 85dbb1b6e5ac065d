// translate/rootsig/rts0.h — the serialized root signature: the RTS0 chunk and
// the DXBC container D3D12SerializeRootSignature returns (that chunk alone).
//
// RTS0 layout (little-endian uint32s, offsets from the start of the chunk data):
//   header      Version, NumParameters, RootParametersOffset, NumStaticSamplers,
//               StaticSamplersOffset, Flags                               (24 bytes)
//   parameters  NumParameters x {ParameterType, ShaderVisibility, PayloadOffset}
//   payloads    per parameter, in order: table {NumRanges, RangesOffset} directly
//               followed by its ranges (1.0: Type, Count, BaseRegister, Space,
//               Offset = 20 bytes; 1.1: Flags before Offset = 24 bytes);
//               constants {Register, Space, Num32BitValues}; root descriptor
//               {Register, Space} (+ Flags in 1.1)
//   samplers    NumStaticSamplers x D3D12_STATIC_SAMPLER_DESC (13 uint32s)
// The writer lays a desc out in exactly this order (the order Windows writes);
// the reader follows the offsets wherever they point, bounds-checked.
#pragma once

#include "root_signature.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace d3dvk::rootsig {

// The chunk payload (without the 8-byte chunk header) for a desc of version 1.0
// or 1.1. Writes any desc as it is: validate() first.
std::vector<uint8_t> writeRts0(const RootSignatureDesc& desc);

// A DXBC container holding only the RTS0 chunk, with its checksum.
std::vector<uint8_t> writeBlob(const RootSignatureDesc& desc);

// Parses RTS0 chunk data. Structural errors only (truncation, offsets outside
// the chunk, unknown version or parameter type) throw dxbc::Error; the values
// themselves are checked by validate().
RootSignatureDesc parseRts0(std::span<const uint8_t> chunk);

// The root signature in any DXBC container (a serialized root signature or a
// shader with one embedded). `error` says what was wrong otherwise.
struct ParsedBlob {
  enum Status {
    kOk,
    kBadContainer,  // not a well-formed DXBC container (checksum included)
    kNoRootSignature,  // a container without an RTS0 chunk
    kBadRootSignature,  // an RTS0 chunk parseRts0 rejects
  };
  Status status = kBadContainer;
  std::string error;
  RootSignatureDesc desc;
};
ParsedBlob parseBlob(std::span<const uint8_t> bytes);

}  // namespace d3dvk::rootsig
