// ddi/umd/stream_output_declaration.h — what D3D11's and D3D12's stream
// output share in the UMD, whatever the API: the DDI's declaration (entries of
// register and xyzw mask, gaps, strides, the rasterized stream — D3D11's
// D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY and D3D12's
// D3D12DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY have one layout) read into the
// entries the translator captures (dxbc::StreamOutputEntry: offsets
// accumulated per output slot, gaps only moving them), the device's
// transform-feedback limits checked against it, and the translation options
// that capture the entries of a set of output slots. Used by
// driver_stream_output.cpp (D3D11) and d3d12/stream_output12.cpp (D3D12).
#pragma once

#include "d3dvk_stream_output_ddi.h"
#include "dxbc/translator.h"

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

namespace d3dvk::vk {
class Device;
}

namespace d3dvk::umd {

struct StreamOutputDeclaration {
  std::vector<dxbc::StreamOutputEntry> entries;  // what is captured (gaps only move offsets)
  uint32_t strides[4] = {};                      // bytes per vertex of each output slot
  uint32_t rasterizedStream = 0;                 // D3D stream or dxbc::kNoRasterizedStream
  uint32_t slots = 0;                            // output slots the entries write (bit per slot)
  uint32_t streams = 0;                          // D3D streams the entries capture (bit per stream)
};

// The DDI's declaration as captured entries, offsets and strides; false for a
// malformed one (the runtimes validate first: a d3dvk bug or another runtime).
bool readStreamOutputDeclaration(const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY* entries, uint32_t numEntries,
                                 const UINT* strides, uint32_t numStrides, uint32_t rasterizedStream,
                                 StreamOutputDeclaration* out);
VkPhysicalDeviceTransformFeedbackPropertiesEXT transformFeedbackProperties(vk::Device& device);
// Whether `device` can capture `declaration` of `shader` (transform feedback,
// its streams, buffers and strides; a geometry shader emitting lines or
// triangles to several streams needs transformFeedbackStreamsLinesTriangles);
// false after logging why.
bool streamOutputSupported(vk::Device& device, const dxbc::Shader& shader, const StreamOutputDeclaration& declaration);
// The translation options capturing the entries of `declaration` that write `slots`.
void applyStreamOutput(vk::Device& device, const StreamOutputDeclaration& declaration, uint32_t slots,
                       dxbc::TranslateOptions& options);
// The conservative fallback's own capture of a stream-output object (null:
// none) captures and rasterizes the object's rasterized stream: the D3D
// stream it reads SV_Position from (0 without an object or a rasterized
// stream), and the capture variant's options (TranslateOptions::rasterizedStream).
uint32_t fallbackCapturedStream(const StreamOutputDeclaration* declaration);
void applyFallbackCapturedStream(const StreamOutputDeclaration* declaration, dxbc::TranslateOptions& options);

}  // namespace d3dvk::umd
