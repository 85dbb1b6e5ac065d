// translate/dxbc/listing_chunks.h — how a listing carries the container around the
// code, shared by the assembler and the disassembler so both agree on the defaults:
// which chunks and in which order (fxc's order unless a "// Chunks:" line names
// another), SFI0's stored value ("// Shader feature flags (SFI0): 0x…"), STAT's
// counters ("// Statistics (STAT): …") and the chunks carried verbatim as hex
// ("// Chunk RDEF, 112 bytes:" and hex lines: RDEF, IFCE, SPDB, RTS0, …).
#pragma once

#include "dxbc/shader.h"

#include <optional>
#include <string>
#include <vector>

namespace d3dvk::dxbc::listing {

// Signature chunk kinds: the table a code belongs to and its element layout.
enum class SignatureRole { None, Input, Output, PatchConstant };
SignatureRole signatureRole(uint32_t code);
SignatureFormat signatureFormatOf(uint32_t code);
// The chunk fxc writes for a signature of this role and layout (ISGN, OSG5, PSG1, …).
uint32_t signatureCode(SignatureRole role, SignatureFormat format);
// The layout a signature gets when the listing does not name its chunk: streams
// ("m1:" rows) → OSG5, minimum precision → ISG1/OSG1/PSG1, else ISGN/OSGN/PCSG.
SignatureFormat defaultSignatureFormat(const Signature& sig, bool streamRows);

// Chunks the listing shows in readable form (signatures, an 8-byte SFI0, STAT of
// whole dwords, the code); every other chunk is carried as hex.
bool isReadableChunk(const Chunk& chunk);

// fxc's order: RDEF, the input signature, a domain shader's patch-constant
// signature, the output signature, any other patch-constant signature, IFCE, the
// code, SFI0, STAT, then the remaining chunks in the order given.
std::vector<uint32_t> defaultChunkOrder(ProgramType stage, const std::vector<uint32_t>& codes);

std::string chunkCodeText(uint32_t code);  // "RDEF", or "0x…" when not four name characters

// What the disassembler prints for the non-signature chunks (each ends in '\n').
std::string formatChunkOrder(const std::vector<uint32_t>& codes);
std::string formatFeatureFlags(uint64_t flags);
std::string formatStatistics(const Chunk& stat);
std::string formatRawChunk(const Chunk& chunk);

// The same read back from the header comment lines (those before the first code line).
struct HeaderChunks {
  std::optional<std::vector<uint32_t>> order;
  std::optional<uint64_t> featureFlags;
  std::optional<std::vector<uint8_t>> statistics;
  std::vector<Chunk> raw;  // in listing order
};
// Throws Error("line N: …") for a malformed line.
HeaderChunks readHeaderChunks(const std::vector<std::string>& lines);

// The SFI0 flags fxc derives from what a shader uses.
uint64_t deriveFeatureFlags(const Program& program, const Signature& inputs, const Signature& outputs);

}  // namespace d3dvk::dxbc::listing
