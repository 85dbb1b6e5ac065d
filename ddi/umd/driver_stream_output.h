// ddi/umd/driver_stream_output.h — D3D11 stream output over
// VK_EXT_transform_feedback: the stream-output object
// (pfnCreateGeometryShaderWithStreamOutput: a geometry shader, or the vertex
// or domain shader whose output is captured without one, with its
// declaration), the targets (pfnSoSetTargets) and what a draw does with them.
//
// - The declaration becomes dxbc::StreamOutputEntry's (the DDI's register and
//   mask per entry, offsets accumulated per output slot, gaps skipped) and the
//   slots' strides; the capturing module is the shader translated with them
//   (an XFB variable per entry). The rasterized stream is Vulkan's stream 0
//   (dxbc::vulkanStream), so no device feature is needed to choose it;
//   D3D11_SO_NO_RASTERIZED_STREAM discards rasterization.
// - A vertex or domain shader's object binds to the geometry slot and adds no
//   geometry stage: the bound vertex (or, tessellating, domain) shader is
//   translated with the declaration instead.
// - Only the declared slots with a target are captured (a variant per set of
//   bound slots): D3D11 drops a NULL target's data without stopping the others.
// - Each buffer bound for stream output has a 4-byte counter (Resource::
//   streamOutputCounter): the byte offset where its capture ends, which
//   SoSetTargets sets to the bound offset (vkCmdUpdateBuffer) and leaves for -1
//   (append), and which transform feedback resumes from and writes back at each
//   draw. DrawAuto draws (counter - vertex-buffer offset) / stride vertices from it
//   (vkCmdDrawIndirectByteCountEXT).
// - A capturing draw begins transform feedback right before it and ends it
//   right after (inside the render pass), so pipeline binds and render-pass
//   ends never meet active transform feedback; the targets are declared as
//   written (recorder.h), so later reads (vertex, index, shader-resource,
//   copies) and the next capture's counter read get their barrier.
// - SO_STATISTICS / SO_OVERFLOW_PREDICATE (and _STREAMn): each capturing draw
//   recorded while such queries are active begins a
//   VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT query per counted D3D stream
//   (indexed by its Vulkan stream) around its transform feedback and adds it
//   to those queries; GetData sums [written, needed]; an overflow predicate
//   is TRUE when needed > written (on some counted stream).
// - A conservative draw on the fallback path captures through a pass of its
//   own (recordStreamOutputPass); DrawAuto there reads the counter back first.
// Callers hold the device's queue mutex where noted.
#pragma once

#include "d3d10umddi.h"
#include "d3dvk_stream_output_ddi.h"
#include "dxbc/translator.h"
#include "pipeline_key.h"  // translate/state
#include "stream_output_declaration.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace d3dvk::dxbc {
struct Shader;
}

namespace d3dvk::umd {

class Device;
struct Resource;
struct PipelineInputs;
struct DrawCall;
struct PreparedDraw;

// The declaration, the device's limits and the translation options are
// stream_output_declaration.h's (shared with D3D12).
bool streamOutputSupported(Device& device, const dxbc::Shader& parsed, const StreamOutputDeclaration& declaration);
void applyStreamOutput(Device& device, const StreamOutputDeclaration& declaration, uint32_t slots,
                       dxbc::TranslateOptions& options);

// A draw with a stream-output object bound: the pipeline key's streamOutput,
// the capturing module in `inputs` (vertex, domain or geometry), rasterizer
// discard. False: the draw is dropped (after logging or reporting). Queue mutex held.
bool prepareStreamOutputDraw(Device& device, state::GraphicsPipelineKey& key, PipelineInputs& inputs);
// Whether the bound state captures: a stream-output object and a target in a declared slot.
bool streamOutputCaptures(const Device& device);
// Whether the bound stream-output object rasterizes no stream (D3D11_SO_NO_RASTERIZED_STREAM).
bool streamOutputRasterizesNothing(const Device& device);
// A conservative draw on the fallback path with a stream-output object bound:
// the application's capture is the native capturing draw recorded as a pass
// of its own with rasterizer discard (PipelineVariant::StreamOutputPass;
// captured data depends only on the stages before the rasterizer), before
// the fallback's own passes and inside their query and predicate scopes, so
// pipeline statistics and occlusion do not see it while the SO counters,
// SO_STATISTICS and overflow predicates count it once. `call` has CPU-known
// counts. False: the draw is dropped (after logging). Queue mutex held.
bool recordStreamOutputPass(Device& device, const DrawCall& call, const PreparedDraw& prepared);
// Tracked draws: declares the captured targets as written (recorder.h). Queue mutex held.
void declareStreamOutputTargets(Device& device);
// Inside the render pass with the capturing pipeline bound: binds the
// targets and begins transform feedback from their counters; false when
// nothing is captured (or after reporting). Queue mutex held.
bool beginStreamOutput(Device& device, VkCommandBuffer cmd);
// Ends what beginStreamOutput began, writing the counters.
void endStreamOutput(Device& device, VkCommandBuffer cmd);
// Stream-output queries (driver_query.h): whether the device has them
// (transformFeedbackQueries); before a capturing draw takes its command buffer,
// room in the device's pool for a query slot per stream the active queries
// count (a new pool is reset by a command of its own). Queue mutex held.
bool streamOutputQueriesSupported(Device& device);
bool reserveStreamOutputQueries(Device& device);
// The buffer's counter (created zeroed on first use); VK_NULL_HANDLE after reporting. Queue mutex held.
VkBuffer streamOutputCounter(Device& device, Resource& buffer);

SIZE_T APIENTRY calcPrivateGeometryShaderWithStreamOutput(D3D10DDI_HDEVICE,
                                                          const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT*,
                                                          const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
VOID APIENTRY createGeometryShaderWithStreamOutput(D3D10DDI_HDEVICE, const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT*,
                                                   D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                                                   const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
// DrawAuto: vertex-buffer slot 0's stream-output buffer drawn with as many
// vertices as capture wrote past the slot's offset.
VOID APIENTRY drawAuto(D3D10DDI_HDEVICE);
VOID APIENTRY soSetTargets(D3D10DDI_HDEVICE, UINT numBuffers, UINT clearTargets, const D3D10DDI_HRESOURCE*,
                           const UINT* offsets);

}  // namespace d3dvk::umd
