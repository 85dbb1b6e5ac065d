// translate/dxbc/fallback_shaders.h — the SPIR-V of the GPU conservative
// fallback that is not a translation of an application shader (the data flow
// is in translate/fallback/gpu_layout.h):
//  - the varyings a pixel shader's fallback variant declares (which the draw
//    pass's vertex shader must write, location by location, type by type);
//  - the draw pass's vertex shader: vertex pulling from the setup pass's
//    corners and the captured vertices, every varying evaluated on the
//    primitive's plane at the corner, all of them affine in screen space;
//  - the exact coverage test of a pixel against a FallbackRecord, emitted into
//    a function being built: the pixel shader's fallback prelude
//    (translator.cpp) and the coverage test shader below run this same code;
//  - a compute shader that runs that test over every pixel of every record's
//    box and writes span rows, so tests compare it with translate/raster bit
//    for bit.
#pragma once

#include "dxbc/shader.h"
#include "dxbc/spirv_builder.h"

#include <cstdint>
#include <vector>

namespace d3dvk::dxbc {

// How the draw pass delivers one varying of the pixel shader's fallback variant.
enum class FallbackVaryingClass : uint8_t {
  Perspective,    // the vertex shader writes u·a (affine), the pixel shader divides by Σu (1/w)
  NoPerspective,  // the vertex shader writes the screen-linear value itself
  Flat,           // the leading vertex's bits
};

// One pixel-shader input variable as the translator declares it (one per
// declaration: Location = register, Component = first declared component).
struct FallbackVarying {
  uint32_t location = 0;
  uint32_t firstComponent = 0;
  uint32_t componentCount = 4;
  ComponentType type = ComponentType::Float32;
  FallbackVaryingClass cls = FallbackVaryingClass::Perspective;
  bool sample = false;  // interpolated per sample (the 1/w it divides by too)
};

// The varyings of `ps`'s fallback variant, in declaration order.
std::vector<FallbackVarying> fallbackPixelVaryings(const Shader& ps);
// Whether any perspective varying of `varyings` is interpolated per sample
// (the draw pass then also writes 1/w at kFallbackInverseWSampleLocation).
bool fallbackNeedsSampleInverseW(const std::vector<FallbackVarying>& varyings);

// The fallback's own varyings, above the registers an application may use
// (a pixel shader reading v26..v31 cannot take the fallback).
inline constexpr uint32_t kFallbackFlatLocation = 28;            // 28..31: flat uvec4 × 4, the record's words 0..15
inline constexpr uint32_t kFallbackInverseWLocation = 27;        // noperspective float: Σu = 1/w
inline constexpr uint32_t kFallbackInverseWSampleLocation = 26;  // the same, interpolated per sample
inline constexpr uint32_t kFallbackFirstReservedLocation = 26;

// What the capture wrote per vertex: these output registers, 16 bytes each in
// this order (declaredOutputRegisters), SV_Position among them.
struct FallbackCaptureLayout {
  std::vector<uint32_t> registers;
  uint32_t positionSlot = 0;  // index into registers
};

// The draw pass's vertex shader for a pixel shader with `varyings` (empty
// without a pixel shader) over a capture laid out as `capture`: vertex index
// 3·record + corner (one triangle per record); reads FallbackCorner and the
// record's words 0..15 as vertex attributes (gpu_layout.h's draw-pass vertex
// input) and the captured triangle's attributes from kFallbackCapturedBinding
// in the vertex shader's set.
std::vector<uint32_t> buildFallbackVertexShader(const std::vector<FallbackVarying>& varyings, bool sampleInverseW,
                                                const FallbackCaptureLayout& capture);

// The exact coverage of pixel (px, py) against a record, emitted into the
// builder's current block: `flat` holds the record's words 0..15 (uint ids:
// the flat path's data, gpu_layout.h), the exact path reads the record at
// word `recordBase` of the uint array member 0 of storage-buffer block
// variable `records` (header at word 0). With `forceExact` (a bool id, or 0)
// the flat path is skipped. Without `exactPath` only the flat path is emitted
// (a record not flagged kRecordFast is then uncovered). Declares CapInt64 and the GLSL import. With
// wantSamples, records flagged kRecordStandard (ForcedSampleCount draws) are
// tested at the header's sample positions instead, decided at run time.
struct FallbackCoverage {
  uint32_t covered = 0;     // bool: the pixel is rasterized (standard records: any forced sample)
  uint32_t inner = 0;       // bool: fully covered (0 unless wantInner)
  uint32_t sampleMask = 0;  // uint: standard records, the forced samples covered (0 unless wantSamples)
  uint32_t flags = 0;       // uint: the record's flags word
};
FallbackCoverage emitFallbackCoverage(spv::Builder& b, uint32_t records, uint32_t recordBase,
                                      const uint32_t (&flat)[16], uint32_t px, uint32_t py, bool wantInner,
                                      bool wantSamples, uint32_t forceExact = 0, bool exactPath = true);

// A storage-buffer block { uint words[]; } at (set, binding), declared once per call.
uint32_t declareStorageWords(spv::Builder& b, uint32_t set, uint32_t binding, const char* name, bool readOnly);

// The coverage test shader (compute, local size 64): invocation i < count
// (push constant word 0) tests every pixel of one row of one record's box with
// emitFallbackCoverage — set 0: binding 0 the records with their header,
// binding 1 a row table (record, row within its box) per invocation, binding 2
// the rows; push constant word 1 non-zero forces the exact path — and writes
// three words at rows[3i]: outerBegin | outerEnd << 16, innerBegin | innerEnd
// << 16 (0 when empty) and the outer | inner pixel counts << 16, from which a
// test checks that the row is one interval. (One row per invocation: lavapipe
// stops a shader's loops after 65 535 iterations.)
std::vector<uint32_t> buildCoverageTestShader();

}  // namespace d3dvk::dxbc
