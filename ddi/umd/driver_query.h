// ddi/umd/driver_query.h — the driver's query object, constructed by
// pfnCreateQuery in runtime-allocated memory, and the query DDIs (CalcPrivate/
// Create/DestroyQuery, QueryBegin, QueryEnd, QueryGetData) over Vulkan query
// pools recorded into the device's command queue.
//
// - EVENT and TIMESTAMP_DISJOINT need no Vulkan query: their result is ready
//   once the batch that was open at QueryEnd (or the last submitted one) has
//   completed. The disjoint query's frequency is 1e9 / timestampPeriod and
//   Disjoint is FALSE (one device, one queue, no clock changes).
// - TIMESTAMP writes vkCmdWriteTimestamp2 after everything recorded before it.
// - OCCLUSION (precise: samples passed), OCCLUSION_PREDICATE and PIPELINESTATS
//   are Begin/End queries. A Vulkan query must begin and end in one command
//   buffer and cannot be paused, and a command buffer may have only one active
//   query of a type, while D3D queries overlap freely. So the device records
//   segments per Vulkan query type (QuerySegments): one Vulkan query slot at a
//   time, begun by Device::record() when some D3D query of that type is active,
//   ended by the queue's before-submit hook and whenever the set of active D3D
//   queries of that type changes (Begin, End, Destroy). Each segment is
//   appended to every D3D query active while it runs, and GetData sums the
//   query's segments.
// - The conservative fallback (driver_fallback_draw.cpp) runs the app's draw as
//   a capture pass (the VS over the vertices as points) and a shading pass
//   (span triangles, a passthrough VS, the PS variant that discards pixels
//   outside the span). Occlusion needs nothing: the capture rasterizes nothing
//   and the shading pass's samples are exactly the conservative coverage. The
//   statistics of both passes would be wrong (points, passthrough vertices, and
//   fragment invocations for the discarded pixels of each span triangle), so a
//   FallbackQueryScope ends the active statistics segments for the fallback
//   draw and adds the CPU-known values of the app's draw instead (see
//   FallbackStatistics).
// - PSInvocations: Vulkan's fragment-shader invocation statistic is not exact
//   (lavapipe counts whole 4x4 blocks), so while a statistics query is active
//   a native draw with a pixel shader uses the shader's counting variant
//   (PipelineVariant::NativeCounting, dxbc TranslateOptions::countInvocations):
//   it atomically adds itself to its draw's counter slot first thing, and
//   helper invocations do not count, so the slot ends up holding exactly the
//   invocations for covered pixels (covered samples when the shader runs per
//   sample). Where the device has fragment subgroup ballots, one invocation
//   per subgroup adds for all (countPerSubgroup), and the slot has 16 lanes on
//   separate cache lines (by 64×64 tile): on lavapipe that cuts the time of
//   full-screen 1920×1080 draws under the query from ~26x the time without it
//   to ~3.4x. Each counted draw takes the next slot of the open batch's
//   InvocationCounterBlock and adds it to every active statistics query's
//   ranges (overlapping queries share the draw; no two draws share a slot, so
//   no barrier is needed between them); GetData sums the ranges, plus the
//   fallback's CPU count, instead of the Vulkan value. Draws without a pixel
//   shader count nothing. A shader with side effects has its depth/stencil
//   tests after it runs, so the count includes pixels those tests then reject,
//   as on D3D hardware without early depth, unless the shader declares
//   forceEarlyDepthStencil (Vulkan's EarlyFragmentTests). (At pixel frequency
//   on a multisampled target, a triangle the device clips into pieces shades
//   a pixel on an edge between two pieces twice, and both invocations count.)
//   Without fragmentStoresAndAtomics PSInvocations stays the Vulkan statistic.
// GetData reports a result that is not ready as DXGI_DDI_ERR_WASSTILLDRAWING
// through pfnSetErrorCb, after submitting the batch the result waits for
// unless D3D10_DDI_GET_DATA_DO_NOT_FLUSH is set.
#pragma once

#include "d3d10umddi.h"
#include "vk_query_pool.h"
#include "vk_resources.h"

#include <memory>
#include <vector>

namespace d3dvk::umd {

class Device;

// A block of pixel-shader invocation counters: one per counted draw (the
// dxbc::kInvocationCounterBytes the counting variant adds to), at the device's
// storage-buffer offset alignment, in device-local memory zeroed with
// vkCmdFillBuffer when the block starts; its batch's submit (or the block
// filling up) copies the used slots to the host-visible twin GetData reads.
// A block belongs to one batch.
struct InvocationCounterBlock {
  static constexpr uint32_t kSlots = 256;
  std::unique_ptr<vk::Buffer> counters;  // device-local, STORAGE_BUFFER | TRANSFER_SRC | TRANSFER_DST
  std::unique_ptr<vk::Buffer> readback;  // host-visible, TRANSFER_DST
  VkDeviceSize stride = 4;               // bytes between slots
  uint32_t used = 0;                     // slots handed out
  uint64_t serial = 0;                   // the batch that writes and copies it
};

// The slots [first, end) of a block that a statistics query's draws counted in.
struct InvocationCounterRange {
  std::shared_ptr<InvocationCounterBlock> block;
  uint32_t first = 0, end = 0;
};

// The device's counter blocks: the open batch's, and the ones already copied,
// reused once their batch has completed and no query holds them.
struct InvocationCounters {
  std::shared_ptr<InvocationCounterBlock> current;
  std::vector<std::shared_ptr<InvocationCounterBlock>> retired;
};

// The counter a counted draw's pixel shader increments (a storage-buffer descriptor).
struct InvocationCounter {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
};

// One Vulkan query slot: a segment of Begin/End queries, or a timestamp.
struct QuerySlot {
  std::shared_ptr<vk::QueryPool> pool;
  uint32_t index = 0;
};

// The segments of one Vulkan query type (occlusion or pipeline statistics):
// the slot active in the open batch, and the pool new slots come from.
struct QuerySegments {
  static constexpr uint32_t kSlotsPerPool = 32;
  QuerySlot open;
  bool isOpen = false;
  std::shared_ptr<vk::QueryPool> pool;
  uint32_t nextIndex = kSlotsPerPool;  // the pool's next unused slot
};

struct Query {
  D3D10DDI_QUERY type = D3D10DDI_QUERY_EVENT;
  enum class State { Created, Building, Issued } state = State::Created;
  // A Begin/End query's segments since Begin (shared with the queries of its
  // type active at the same time), or a timestamp's one slot.
  std::vector<QuerySlot> slots;
  uint64_t readySerial = 0;      // the batch whose completion makes the result available
  D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS cpuStatistics{};  // added by fallback draws
  std::vector<InvocationCounterRange> counterRanges;  // the counted draws' PSInvocations (statistics)
  // The GPU fallback's setup passes: per slot, word 0 the triangles assembled
  // (IAPrimitives, CInvocations), word 1 those the clipper outputs (CPrimitives);
  // of draws with a geometry shader, whose triangles are the shader's
  // (CInvocations, CPrimitives: the input primitives are the capture's).
  std::vector<InvocationCounterRange> primitiveRanges, geometryShaderPrimitiveRanges;
  // The fallback's capture passes of draws with a geometry shader (which run
  // it, once per draw): statistics slots of which IAPrimitives, GSInvocations
  // and GSPrimitives count.
  std::vector<QuerySlot> captureSlots;
  // An OCCLUSION_PREDICATE's condition for VK_EXT_conditional_rendering
  // (driver_predication.h): its segments' counts copied at QueryEnd, folded
  // into `conditionWord` (1: any sample passed) in the same batch.
  std::shared_ptr<vk::Buffer> conditionValues, conditionWord;
  bool conditionWritten = false;  // since the last End

  static Query* from(D3D10DDI_HQUERY h) { return static_cast<Query*>(h.pDrvPrivate); }
  bool isStatistics() const { return type == D3D10DDI_QUERY_PIPELINESTATS || type == D3D11DDI_QUERY_PIPELINESTATS; }
  bool occlusion() const { return type == D3D10DDI_QUERY_OCCLUSION || type == D3D10DDI_QUERY_OCCLUSIONPREDICATE; }
  bool usesSegments() const { return occlusion() || isStatistics(); }
  // Stream-output statistics and overflow predicates: `slots` holds one
  // transform-feedback stream query per capturing draw and counted stream
  // (driver_stream_output.h); streamMask() the D3D streams counted.
  bool streamOutput() const {
    return type == D3D10DDI_QUERY_STREAMOUTPUTSTATS || type == D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE ||
           (type >= D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0 && type <= D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3);
  }
  bool overflowPredicate() const {
    return type == D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE ||
           (type >= D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0 && type <= D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3);
  }
  uint32_t streamMask() const {
    if (type == D3D10DDI_QUERY_STREAMOUTPUTSTATS || type == D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE) return 0xF;
    return 1u << ((type - D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0) % 4);
  }
  // Which of the device's QuerySegments a Begin/End query records in.
  size_t segmentKind() const { return isStatistics() ? 1 : 0; }
};

// What the fallback knows on the CPU about the app's draw for the statistics it hides.
struct FallbackStatistics {
  uint64_t vertices = 0;            // IAVertices and VSInvocations (count × instances)
};

// Ends the active statistics segments for one fallback draw (its capture,
// setup and draw passes do not count) and resumes them afterwards. The app
// draw's statistics are added instead: the vertices from the CPU (add), the
// assembled and clipped triangles from the setup pass
// (allocateFallbackStatisticsCounter), the covered pixels from the fallback
// pixel shader's counting variant (allocateInvocationCounter); a geometry
// shader's input primitives, invocations and primitives from a statistics
// slot around the capture pass that runs it (beginCapture). Queue mutex held.
class FallbackQueryScope {
 public:
  explicit FallbackQueryScope(Device& device);
  ~FallbackQueryScope();
  FallbackQueryScope(const FallbackQueryScope&) = delete;
  FallbackQueryScope& operator=(const FallbackQueryScope&) = delete;
  // Adds the app draw's statistics to every active statistics query.
  void add(const FallbackStatistics& statistics);
  // Whether a pipeline-statistics query is active.
  bool active() const;
  // Whether the fallback pixel shader counts its covered invocations now
  // (a statistics query is active and the device has fragment stores).
  bool countsPixelShaderInvocations() const;
  // Around a capture pass that runs the app's geometry shader (in `cmd`,
  // outside a rendering instance, while a statistics query is active): a
  // statistics slot whose input primitives and geometry-shader counts the
  // active statistics queries take. False after reporting.
  bool beginCapture(VkCommandBuffer cmd);
  void endCapture(VkCommandBuffer cmd);

 private:
  Device& device_;
  QuerySlot capture_;
};

// Device hooks (queue mutex held): ends the active segments in `cmd` and
// copies the open batch's invocation counters for GetData (the queue's
// before-submit hook), and begins a new segment of each active query in the
// open batch (Device::record()).
void suspendQueries(Device& device, VkCommandBuffer cmd);
void resumeQueries(Device& device, VkCommandBuffer cmd);
// Whether resumeQueries would begin a segment (an active query's kind has none open).
bool queriesNeedSegment(const Device& device);

// A counter slot the GPU fallback's setup pass adds a piece's assembled and
// clipped triangles to (words 0 and 1), added to every active statistics
// query. Like allocateInvocationCounter.
// A draw with a geometry shader (`afterGeometryShader`): its triangles are
// the shader's, and only CInvocations and CPrimitives take them.
bool allocateFallbackStatisticsCounter(Device& device, InvocationCounter* out, bool afterGeometryShader);

// Whether a native draw recorded now counts its pixel-shader invocations: a
// statistics query is active (and not hidden by a fallback draw) and the device
// has fragmentStoresAndAtomics. Queue mutex held.
bool countsPixelShaderInvocations(Device& device);
// The next counter slot for a counted draw, added to every active statistics
// query; may record a fill of a new block, so call it before the draw's
// Device::record(). False after reporting. Queue mutex held.
bool allocateInvocationCounter(Device& device, InvocationCounter* out);

// A predicate's result on the CPU (an OCCLUSION_PREDICATE: any sample passed;
// an overflow predicate: a stream needed more than it wrote), waiting for
// the batch it needs (submitting it) up to the GPU
// timeout. False when it is not issued, not a predicate d3dvk reads, or the
// wait failed. Queue mutex held. This is the one place a predicate kind
// needs for D3D11 predication (driver_predication.h): a kind without a
// condition word (stream-output overflow predicates: needed > written)
// predicates every command by this verdict.
bool waitPredicateResult(Device& device, Query& q, bool* result);

SIZE_T APIENTRY calcPrivateQuerySize(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATEQUERY*);
VOID APIENTRY createQuery(D3D10DDI_HDEVICE, const D3DWDDM2_0DDIARG_CREATEQUERY*, D3D10DDI_HQUERY, D3D10DDI_HRTQUERY);
SIZE_T APIENTRY calcPrivateQuerySize11_1(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEQUERY*);
VOID APIENTRY createQuery11_1(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEQUERY*, D3D10DDI_HQUERY, D3D10DDI_HRTQUERY);
VOID APIENTRY destroyQuery(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
VOID APIENTRY queryBegin(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
VOID APIENTRY queryEnd(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
VOID APIENTRY queryGetData(D3D10DDI_HDEVICE, D3D10DDI_HQUERY, VOID* pData, UINT DataSize, UINT Flags);

}  // namespace d3dvk::umd
