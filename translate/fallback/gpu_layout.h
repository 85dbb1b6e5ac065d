// translate/fallback/gpu_layout.h — the data the GPU conservative fallback's
// passes share, as plain C++ mirrors of the GLSL/SPIR-V declarations:
//
//   capture (transform feedback of the last pre-rasterization stage: three
//   vertices per triangle, in primitive order)
//     → setup pass (setup.comp: one invocation per captured triangle — clip,
//       divide, viewport, 16.8 snap, facing, culling, edges, pixel box)
//     → one FallbackRecord per triangle (what the pixel-shader prelude tests a
//       pixel against) and three FallbackCorner per triangle (the candidate
//       triangle the draw pass rasterizes, with the attribute weights there)
//     → draw pass (the corners and the records' words 0..15 as vertex
//       attributes, the captured vertices' attributes pulled from the buffer;
//       the pixel shader's fallback variant decides coverage from the record).
//
// Units: snapped coordinates are integers in 1/256 px; a pixel (px, py) is the
// square [256px, 256px + 256]². Every edge of a record is the integer
// half-plane F(px, py) = 512·(A·px + B·py) + C ≥ 0 evaluated at the pixel
// (px, py), which is translate/raster's 2·E(centre) + k ≥ t with C = 2A(128 − ax)
// + 2B(128 − ay) + k − t; see raster/rasterizer.h for k and t. The record's
// pixel box is translate/raster's (clipped) bounding box. Together they are the
// exact coverage of translate/raster: outer iff the pixel is in the box and
// every F ≥ 0; inner (Tier 3, not degenerate, conservative) iff also every
// F ≥ 2k − t + ti, where k = kMul·(|A| + |B|) (kMul 257, or 256 for exact
// input), t = 0 on a top-left edge (A > 0, or A = 0 and B > 0) else 1, and
// ti = t for exact input, else 0. Standard mode (ForcedSampleCount without
// conservative mode) has k = 0 and tests sample (dx, dy) (1/16 px from the
// centre) as F + 32·(A·dx + B·dy) ≥ 0.
//
// Flat path (records flagged kRecordFast: conservative, at most three edges,
// a triangle's edges summing to zero, every |F| over the box below 2^53):
// words 0..15 alone decide the pixel, exactly and without reading the buffer.
// They hold F0 = F(left, top) per edge as int64 and (A, B) of edges 0 and 1;
// edge 2's is −(A0 + A1, B0 + B1) (a triangle's edge normals sum to zero; an
// unused edge has A = B = 0 and F0 = 1). F(px, py) = F0 + 512A·(px − left) +
// 512B·(py − top), in 64-bit integers (or in doubles, where every term and
// partial sum is an integer below 2^53).
//
// The draw pass is two indirect draws with the same candidate triangles: one
// whose pixel shader has the flat path only, one that also has the exact path
// reading the record's 64-bit edges from the buffer (polygons, standard-mode
// records). The setup pass writes their vertex counts (FallbackDrawArgs): the
// flat-only draw runs unless some drawn record is not kRecordFast. (llvmpipe
// runs every lane through both sides of a branch, so an exact path that no
// pixel takes still costs its loads; the flat-only pixel shader has none.)
//
// Keep in sync with translate/fallback/shaders/setup.comp and the translator's
// fallback prelude (translate/dxbc/fallback_shaders.cpp); the static_asserts
// pin the byte layout.
#pragma once

#include <cstddef>
#include <cstdint>

namespace d3dvk::fallback::gpu {

// Most edges a record holds: a triangle clipped by w > 0, 0 ≤ z ≤ w and the
// four guard-band planes is a convex polygon of at most 10 vertices.
inline constexpr uint32_t kMaxEdges = 10;

// FallbackRecord.flags
inline constexpr uint32_t kRecordFrontFacing = 1u << 0;
inline constexpr uint32_t kRecordDegenerate = 1u << 1;  // post-snap degenerate: band or point, vertex 0 attributes
inline constexpr uint32_t kRecordExact = 1u << 2;       // exact input: no uncertainty region (kMul 256)
inline constexpr uint32_t kRecordInner = 1u << 3;       // inner coverage defined (Tier 3, conservative, not degenerate)
inline constexpr uint32_t kRecordStandard = 1u << 4;    // standard coverage at forced sample positions
inline constexpr uint32_t kRecordEdgeCountShift = 8;    // bits 8..15: edges in use
inline constexpr uint32_t kRecordRejected = 1u << 16;   // non-finite or out-of-range position: nothing drawn
inline constexpr uint32_t kRecordCulled = 1u << 17;     // culled by facing (or a standard-mode degenerate)
inline constexpr uint32_t kRecordClippedAway = 1u << 18;
inline constexpr uint32_t kRecordClipped = 1u << 19;    // a clipped polygon (more than 3 edges possible)
inline constexpr uint32_t kRecordEmpty = 1u << 20;      // beyond the captured triangles
inline constexpr uint32_t kRecordFast = 1u << 21;       // words 6..15 decide the coverage (the flat path)

struct FallbackEdge {
  int32_t a, b;        // inward normal (A, B)
  uint32_t cLow;       // C, a two's-complement int64, low word first
  uint32_t cHigh;
};

struct FallbackRecord {
  // Words 0..15 reach the pixel shader as the draw pass's four flat uvec4
  // varyings (kFallbackFlatWords; the vertex shader puts the record's index in word 0).
  uint32_t index;             // 0 in the buffer
  uint32_t flags;
  uint32_t primitiveId;       // SV_PrimitiveID
  float minInverseW;          // the smallest 1/w the pixel shader divides by (horizon guard)
  uint32_t boxOrigin;         // the pixel box: left | top << 16
  uint32_t boxSize;           // width | height << 16 (zero: nothing to rasterize)
  uint32_t flatF0[3][2];       // flat path: F0 per edge, int64 low word first (unused edge: 1)
  int32_t flatNormals[2][2];   // flat path: (A, B) of edges 0 and 1
  FallbackEdge edges[kMaxEdges];  // the exact edges, words 16..55
  uint32_t pad[4];            // to 3 × kRecordVertexStride
};
static_assert(sizeof(FallbackEdge) == 16);
static_assert(sizeof(FallbackRecord) == 240);
inline constexpr uint32_t kRecordWords = sizeof(FallbackRecord) / 4;
inline constexpr uint32_t kFallbackFlatWords = 16;
static_assert(offsetof(FallbackRecord, edges) == 4 * kFallbackFlatWords);
// The draw pass reads a record's words 0..15 as four uvec4 vertex attributes
// (binding kDrawRecordsBinding at the records' start, stride
// kRecordVertexStride): candidate vertex 3r + c reads 80 bytes at record r's
// byte 80c, so the provoking vertex 3r — the one whose flat varyings the pixel
// shader sees — reads words 0..15 of record r, with no copy per vertex (the
// other two read bytes the pixel shader never sees).
inline constexpr uint32_t kRecordVertexStride = 80;
static_assert(sizeof(FallbackRecord) == 3 * kRecordVertexStride && kRecordVertexStride >= 4 * kFallbackFlatWords);

// The draw pass's two indirect draws (VkDrawIndirectCommand each), written by
// the UMD (flat-only draw: every candidate vertex; the other: none) and
// switched by the setup pass when a drawn record is not kRecordFast.
// The setup's deferred pass (setup.comp) runs as an indirect dispatch of
// deferredDispatch groups (the UMD writes {0, 1, 1}, the triage pass grows x)
// over deferredCount slots listed in the deferred-slots buffer.
struct FallbackDrawArgs {
  uint32_t flat[4];   // vertexCount, instanceCount, firstVertex, firstInstance
  uint32_t exact[4];
  uint32_t deferredDispatch[3];  // VkDispatchIndirectCommand
  uint32_t deferredCount;
};
static_assert(sizeof(FallbackDrawArgs) == 48);

// The draw header at the start of the record buffer, written by the UMD before
// the setup pass; records follow at kRecordsOffsetWords.
inline constexpr uint32_t kHeaderCoverageAnyBit = 0x80000000u;  // dxbc::kFallbackCoverageAnyBit
struct FallbackHeader {
  uint32_t coverage;      // conservative: every sample ∧ SampleMask (| any bit); standard: SampleMask (| any bit)
  uint32_t sampleCount;   // standard mode: forced samples N (positions below); else 0
  uint32_t reserved[2];
  int32_t samples[16][2];  // standard mode: D3D standard sample positions, 1/16 px from the pixel centre
  uint32_t pad[28];
};
static_assert(sizeof(FallbackHeader) == 256);
inline constexpr uint32_t kRecordsOffsetWords = sizeof(FallbackHeader) / 4;

// One corner of a record's candidate geometry (one triangle per record), in the draw pass's normalized device
// coordinates (viewport = the whole render area), its depth z/w, and the weights u of the
// captured triangle's three vertices there: u = λ / w on the primitive's plane,
// so Σ u·(x, y, w) = (ndc x, ndc y, 1) of the application's viewport, 1/w = Σ u,
// z/w = Σ u·z, a perspective attribute a = Σ u·a / Σ u and a noperspective one
// Σ u·w·a — all affine in screen space, which the draw pass interpolates
// without perspective.
// The draw pass reads it as two vertex attributes (binding kDrawCornersBinding).
struct FallbackCorner {
  float x, y, z;
  float u[3];
};
static_assert(sizeof(FallbackCorner) == 24);
inline constexpr uint32_t kCornersPerRecord = 3;
inline constexpr uint32_t kCornerWords = sizeof(FallbackCorner) / 4;

// SetupParams.flags
inline constexpr uint32_t kSetupConservative = 1u << 0;  // else standard (forced samples)
inline constexpr uint32_t kSetupDepthClip = 1u << 1;
inline constexpr uint32_t kSetupCullFront = 1u << 2;
inline constexpr uint32_t kSetupCullBack = 1u << 3;
inline constexpr uint32_t kSetupFrontCounterClockwise = 1u << 4;
// Tests: positions are render-target pixels (x, y), no clipping; vertex 0's z
// and w hold the clip rectangle (left | top << 16, right | bottom << 16).
inline constexpr uint32_t kSetupScreenInput = 1u << 5;
inline constexpr uint32_t kSetupFullPixels = 1u << 6;    // candidate geometry covers whole pixels (every sample)
inline constexpr uint32_t kSetupInner = 1u << 7;         // Tier 3: records carry inner coverage
// A pipeline-statistics query is active: the setup adds to the statistics words
// (kStatisticsAssembled, kStatisticsClipped); else it leaves them, and spares
// every triangle an atomic on one word.
inline constexpr uint32_t kSetupCountStatistics = 1u << 8;

// The setup pass's push constants (std430 push-constant layout).
struct SetupParams {
  float viewportX, viewportY, viewportWidth, viewportHeight;  // the application's viewport 0
  int32_t clipLeft, clipTop, clipRight, clipBottom;           // viewport ∩ scissor ∩ targets, within [0, 32768]
  float guardX, guardY;                                       // |x| ≤ guardX·w, |y| ≤ guardY·w (guard_band.h)
  float drawWidth, drawHeight;                                // the draw pass's viewport (the corners' NDC): its size,
  uint32_t flags;
  uint32_t strideWords;     // captured vertex stride
  uint32_t positionWord;    // SV_Position's offset in a captured vertex
  uint32_t slots;           // records to write (the dispatch covers them)
  uint32_t instances;       // SV_PrimitiveID = triangle mod (captured triangles / instances)
  uint32_t firstTriangle;   // captured triangle of slot 0 (draws set up in pieces)
  uint32_t primitiveIdBase; // added to SV_PrimitiveID (pieces of one instance)
  uint32_t primitiveIdWord; // a geometry shader's SV_PrimitiveID output in a captured vertex, or kNoPrimitiveIdWord
  // SV_CullDistance: cullCount (≤ 8) words of a captured vertex, their offsets
  // one byte each (cullWords[0] bits 0..7 the first); a triangle whose three
  // vertices are all negative in one of them is culled before clipping.
  uint32_t cullCount;
  uint32_t cullWords[2];
  float drawX, drawY;                                         // and its origin (ddi fallbackDrawAxis)
};
inline constexpr uint32_t kNoPrimitiveIdWord = 0xFFFFFFFFu;
static_assert(sizeof(SetupParams) == 100);

// The statistics words the setup pass adds to (pipeline-statistics queries; with kSetupCountStatistics).
inline constexpr uint32_t kStatisticsAssembled = 0;  // IAPrimitives / CInvocations: captured triangles
inline constexpr uint32_t kStatisticsClipped = 1;    // CPrimitives: not clipped away nor rejected

// Descriptor bindings of the setup pass (set 0).
inline constexpr uint32_t kSetupCapturedBinding = 0;   // captured vertices (uint words)
inline constexpr uint32_t kSetupCounterBinding = 1;    // transform-feedback counter: bytes captured
inline constexpr uint32_t kSetupRecordsBinding = 2;    // header + records
inline constexpr uint32_t kSetupCornersBinding = 3;
inline constexpr uint32_t kSetupStatisticsBinding = 4;
inline constexpr uint32_t kSetupDrawArgsBinding = 5;
inline constexpr uint32_t kSetupDeferredBinding = 6;   // the triage pass's deferred slots (uint each)
inline constexpr uint32_t kSetupBindings = 7;
inline constexpr uint32_t kSetupWorkgroupSize = 64;

// The draw pass's vertex input (the vertex shader of buildFallbackVertexShader):
// binding kDrawCornersBinding, FallbackCorner per vertex: location
// kDrawCornerPositionLocation (x, y, z) and kDrawCornerWeightsLocation (u);
// binding kDrawRecordsBinding, at the first record, stride kRecordVertexStride:
// locations kDrawRecordWordsLocation + i (i < 4), words 4i..4i+3 as uvec4.
inline constexpr uint32_t kDrawCornersBinding = 0;
inline constexpr uint32_t kDrawRecordsBinding = 1;
inline constexpr uint32_t kDrawCornerPositionLocation = 0;
inline constexpr uint32_t kDrawCornerWeightsLocation = 1;
inline constexpr uint32_t kDrawRecordWordsLocation = 2;

}  // namespace d3dvk::fallback::gpu
