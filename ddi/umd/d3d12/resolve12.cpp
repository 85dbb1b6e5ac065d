// ddi/umd/d3d12/resolve12.cpp — ResolveSubresource and ResolveSubresourceRegion
// (CommandRecorder12, see command_recorder12.h), from one multisampled
// subresource (or a rectangle of it) into one single-sampled subresource
// (at DstX, DstY):
// - AVERAGE of a colour format: vkCmdResolveImage in the resolve format (D3D's
//   average for float, UNORM and SNORM formats; integer formats are
//   refused). A typeless resource's image holds its family's UINT format,
//   whose Vulkan resolve would pick one sample: its subresource is copied bit
//   for bit into (or out of) a scratch image of the resolve format
//   (Device12::resolveScratch), which Vulkan resolves with the average.
// - MIN and MAX (any colour format, the depth plane, the stencil plane) and
//   AVERAGE of the depth plane (ResolveSubresourceRegion only; D3D12 has no
//   resolve of the stencil plane's average): the region is copied into a
//   sampled multisampled scratch image, a draw writes each pixel of a
//   single-sampled scratch attachment from its samples (the minimum or
//   maximum in the format's own numeric domain — signed for SINT; sRGB
//   through its UNORM form, whose order is the same — or the average:
//   ../multisample_resolve.h), and that is copied into the destination.
//   Depth-stencil subresources are per plane (plane 0 depth, 1 stencil,
//   after every mip and slice of the plane before); both resources are
//   depth-stencil images of one format then. The stencil plane is written
//   through an exported reference (VK_EXT_shader_stencil_export), or without
//   it by a draw per bit (../multisample_restore.h, drawPerSample).
#include "command_recorder12.h"

#include "device12.h"
#include "multisample_resolve.h"
#include "resource12.h"
#include "vk_command_queue.h"

#include <string>

namespace d3dvk::umd12 {
namespace {

// MIN and MAX of an sRGB format compare its UNORM form (the encoding keeps the order, and the bits pass untouched).
VkFormat orderedFormat(VkFormat f) {
  switch (f) {
    case VK_FORMAT_R8G8B8A8_SRGB: return VK_FORMAT_R8G8B8A8_UNORM;
    case VK_FORMAT_B8G8R8A8_SRGB: return VK_FORMAT_B8G8R8A8_UNORM;
    default: return f;
  }
}

}  // namespace

void CommandRecorder12::resolveSubresource(Resource12& dst, UINT dstSubresource, Resource12& src, UINT srcSubresource,
                                           DXGI_FORMAT format, const ResolveRegion* region, UINT mode) {
  if (dst.isBuffer() || src.isBuffer()) return fail(E_INVALIDARG, "ResolveSubresource between buffers");
  if (src.image->info().samples == VK_SAMPLE_COUNT_1_BIT || dst.image->info().samples != VK_SAMPLE_COUNT_1_BIT)
    return fail(E_INVALIDARG, "ResolveSubresource needs a multisampled source and a single-sampled destination");
  if (mode != D3DVKDDI_RESOLVE_MODE_AVERAGE && mode != D3DVKDDI_RESOLVE_MODE_MIN && mode != D3DVKDDI_RESOLVE_MODE_MAX)
    return fail(E_INVALIDARG, "ResolveSubresourceRegion: the resolve mode is not MIN, MAX or AVERAGE");
  const state::FormatInfo* f = state::findFormat(format);
  if (!f || f->kind == state::FormatKind::Typeless)
    return fail(E_INVALIDARG, "ResolveSubresource: the format is not a typed format d3dvk knows");
  constexpr VkImageAspectFlags kDepthStencil = VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
  const bool depth = src.aspects() & kDepthStencil;
  if (depth != bool(dst.aspects() & kDepthStencil))
    return fail(E_NOTIMPL, "ResolveSubresource between a depth-stencil texture and a colour texture is not implemented");
  if (depth && !region)
    return fail(E_INVALIDARG, "ResolveSubresource: depth-stencil formats resolve only through ResolveSubresourceRegion");
  // Each resource is of the resolve format or typeless of its family (a
  // depth-stencil image: the format of a view of it, for the plane's data).
  auto fits = [&](const Resource12& r) {
    if (depth) return r.format == f || state::viewFormatFits(*r.format, *f);
    return r.format == f || (r.format->kind == state::FormatKind::Typeless && f->family == r.format->dxgi);
  };
  if (!fits(src) || !fits(dst))
    return fail(E_INVALIDARG, ("ResolveSubresource: both resources must have format " + std::to_string(int(format)) +
                               " or be typeless of its family")
                                  .c_str());
  if (depth && src.image->info().format != dst.image->info().format)
    return fail(E_INVALIDARG, "ResolveSubresourceRegion: the depth-stencil resources have different formats");
  // The plane: D3D12's depth-stencil subresources count the depth plane's, then the stencil plane's.
  const UINT srcPlaneSize = src.subresourceCount(), dstPlaneSize = dst.subresourceCount();
  const UINT planes = src.aspects() == kDepthStencil ? 2 : 1;
  if (srcSubresource >= srcPlaneSize * planes || dstSubresource >= dstPlaneSize * planes)
    return fail(E_INVALIDARG, "ResolveSubresource: a subresource is out of range");
  const UINT plane = srcSubresource / srcPlaneSize;
  if (plane != dstSubresource / dstPlaneSize)
    return fail(E_INVALIDARG, "ResolveSubresourceRegion: the source and destination subresources are of different planes");
  const VkImageAspectFlags aspect =
      !depth ? VK_IMAGE_ASPECT_COLOR_BIT : plane == 0 ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_STENCIL_BIT;
  const bool integer = f->kind == state::FormatKind::Uint || f->kind == state::FormatKind::Sint;
  if (mode == D3DVKDDI_RESOLVE_MODE_AVERAGE && (aspect == VK_IMAGE_ASPECT_STENCIL_BIT || (!depth && integer)))
    return fail(E_INVALIDARG, "ResolveSubresource: the average resolves no integer format (nor the stencil plane); "
                              "MIN and MAX do");
  srcSubresource %= srcPlaneSize;
  dstSubresource %= dstPlaneSize;
  UINT srcMip = srcSubresource % src.mipLevels, srcSlice = srcSubresource / src.mipLevels;
  UINT dstMip = dstSubresource % dst.mipLevels, dstSlice = dstSubresource / dst.mipLevels;
  VkExtent3D se = src.mipExtent(srcMip), de = dst.mipExtent(dstMip);
  // The rectangle resolved: the whole subresource, or the region's.
  VkOffset3D srcAt{0, 0, 0}, dstAt{0, 0, 0};
  VkExtent3D extent{se.width, se.height, 1};
  if (region) {
    const D3D12DDI_RECT& r = region->src;
    if (r.left < 0 || r.top < 0 || r.right <= r.left || r.bottom <= r.top || UINT(r.right) > se.width ||
        UINT(r.bottom) > se.height || uint64_t(region->dstX) + UINT(r.right - r.left) > de.width ||
        uint64_t(region->dstY) + UINT(r.bottom - r.top) > de.height)
      return fail(E_INVALIDARG, "ResolveSubresourceRegion: the region lies outside a subresource");
    srcAt = {r.left, r.top, 0};
    dstAt = {int32_t(region->dstX), int32_t(region->dstY), 0};
    extent = {UINT(r.right - r.left), UINT(r.bottom - r.top), 1};
  } else if (se.width != de.width || se.height != de.height) {
    return fail(E_INVALIDARG, "ResolveSubresource: the subresources differ in size");
  }
  const VkImageSubresourceLayers srcLayers{aspect, srcMip, srcSlice, 1};
  const VkImageSubresourceLayers dstLayers{aspect, dstMip, dstSlice, 1};
  if (depth || mode != D3DVKDDI_RESOLVE_MODE_AVERAGE) {
    const VkFormat viewFormat = depth ? src.image->info().format : orderedFormat(f->vk);
    return resolveByDraw(dst, dstLayers, dstAt, src, srcLayers, srcAt, extent, viewFormat, mode);
  }
  // Typeless sides go through scratch images of the resolve format (the region's size, at 0, 0).
  VkResult result = VK_SUCCESS;
  const VkImage srcScratch = src.format == f ? VK_NULL_HANDLE
                                             : device_->resolveScratch(f->vk, extent, src.image->info().samples, &result);
  const VkImage dstScratch = dst.format == f || result != VK_SUCCESS
                                 ? VK_NULL_HANDLE
                                 : device_->resolveScratch(f->vk, extent, VK_SAMPLE_COUNT_1_BIT, &result);
  if (result != VK_SUCCESS)
    return fail(Device12::hresultFor(result), "ResolveSubresource: cannot create a scratch image of the resolve format");
  const PredicatedTransfer predicated(*this, "ResolveSubresource",
                                      {subresourceTarget(dst, VK_IMAGE_ASPECT_COLOR_BIT, dstMip, dstSlice, 1)});
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  const VkImageSubresourceLayers scratchLayers{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  // One transfer from `from` to `to` (GENERAL outside it), recorded by `op`.
  auto transfer = [&](VkImage from, const VkImageSubresourceLayers& fl, VkImage to, const VkImageSubresourceLayers& tl,
                      auto&& op) {
    const VkImageSubresourceRange fr{fl.aspectMask, fl.mipLevel, 1, fl.baseArrayLayer, 1};
    const VkImageSubresourceRange tr{tl.aspectMask, tl.mipLevel, 1, tl.baseArrayLayer, 1};
    vk::imageLayoutBarrier(cmd, from, fr, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    vk::imageLayoutBarrier(cmd, to, tr, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    op();
    vk::imageLayoutBarrier(cmd, from, fr, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
    vk::imageLayoutBarrier(cmd, to, tr, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  };
  auto copy = [&](VkImage from, const VkImageSubresourceLayers& fl, VkOffset3D fo, VkImage to,
                  const VkImageSubresourceLayers& tl, VkOffset3D to3) {
    const VkImageCopy c{fl, fo, tl, to3, extent};
    transfer(from, fl, to, tl, [&] {
      vkCmdCopyImage(cmd, from, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, to, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
    });
  };
  const VkImage resolveFrom = srcScratch ? srcScratch : src.image->handle();
  const VkImage resolveTo = dstScratch ? dstScratch : dst.image->handle();
  const VkImageSubresourceLayers& fromLayers = srcScratch ? scratchLayers : srcLayers;
  const VkImageSubresourceLayers& toLayers = dstScratch ? scratchLayers : dstLayers;
  const VkOffset3D origin{0, 0, 0};
  if (srcScratch) copy(src.image->handle(), srcLayers, srcAt, srcScratch, scratchLayers, origin);
  const VkImageResolve resolve{fromLayers, srcScratch ? origin : srcAt, toLayers, dstScratch ? origin : dstAt, extent};
  transfer(resolveFrom, fromLayers, resolveTo, toLayers, [&] {
    vkCmdResolveImage(cmd, resolveFrom, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, resolveTo, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                      1, &resolve);
  });
  if (dstScratch) copy(dstScratch, scratchLayers, origin, dst.image->handle(), dstLayers, dstAt);
}

void CommandRecorder12::resolveByDraw(Resource12& dst, const VkImageSubresourceLayers& dstLayers, VkOffset3D dstAt,
                                      Resource12& src, const VkImageSubresourceLayers& srcLayers, VkOffset3D srcAt,
                                      VkExtent3D extent, VkFormat viewFormat, UINT mode) {
  vk::Device& vk = device_->vk();
  const VkImageAspectFlags aspect = srcLayers.aspectMask;
  const indirect::SampleKind kind = aspect == VK_IMAGE_ASPECT_DEPTH_BIT     ? indirect::SampleKind::Depth
                                    : aspect == VK_IMAGE_ASPECT_STENCIL_BIT ? indirect::SampleKind::Stencil
                                                                            : umd::colourSampleKind(viewFormat);
  // The scratch images' shapes: sampled at the source's sample count, an attachment at one sample.
  const VkImageUsageFlags attachmentUsage = aspect == VK_IMAGE_ASPECT_COLOR_BIT ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
                                                                                : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  const VkImageUsageFlags sampledUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
  const VkImageUsageFlags resolvedUsage =
      VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | attachmentUsage;
  auto makes = [&](VkImageUsageFlags usage, VkSampleCountFlagBits samples) {
    VkImageFormatProperties props{};
    return vkGetPhysicalDeviceImageFormatProperties(vk.physicalDevice(), viewFormat, VK_IMAGE_TYPE_2D,
                                                    VK_IMAGE_TILING_OPTIMAL, usage, 0, &props) == VK_SUCCESS &&
           (props.sampleCounts & samples);
  };
  if (!makes(sampledUsage, src.image->info().samples) || !makes(resolvedUsage, VK_SAMPLE_COUNT_1_BIT))
    return fail(E_NOTIMPL, "ResolveSubresourceRegion: the Vulkan device cannot sample this format at the source's "
                           "sample count or render to it, which its MIN/MAX resolve draw needs");
  VkResult result = VK_SUCCESS;
  umd::SampleResolvePipelines* pipelines = device_->sampleResolve(&result);
  const VkPipeline pipeline = pipelines ? pipelines->pipeline(vk, viewFormat, kind, &result) : VK_NULL_HANDLE;
  if (!pipeline) return fail(Device12::hresultFor(result), "ResolveSubresourceRegion: creating the resolve pipeline failed");
  // The region's samples in a sampled image, and the resolved pixels in an attachment, both at 0, 0.
  const VkImageAspectFlags attachmentAspects = aspect == VK_IMAGE_ASPECT_COLOR_BIT ? aspect : src.aspects();
  VkImage sampled = VK_NULL_HANDLE, resolved = VK_NULL_HANDLE;
  VkImageView sampledView = VK_NULL_HANDLE, resolvedView = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  if (!device_->scratchImage(viewFormat, extent, 1, src.image->info().samples, sampledUsage, aspect, &sampled,
                             &sampledView, &result) ||
      !device_->scratchImage(viewFormat, extent, 1, VK_SAMPLE_COUNT_1_BIT, resolvedUsage, attachmentAspects, &resolved,
                             &resolvedView, &result) ||
      !(set = transient_ ? transient_->allocate(pipelines->setLayout->handle(), &result) : VK_NULL_HANDLE))
    return fail(Device12::hresultFor(result), "ResolveSubresourceRegion: its scratch images");
  const PredicatedTransfer predicated(*this, "ResolveSubresourceRegion",
                                      {subresourceTarget(dst, aspect, dstLayers.mipLevel, dstLayers.baseArrayLayer, 1)});
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  const VkImageSubresourceLayers scratchLayers{aspect, 0, 0, 1};
  const VkOffset3D origin{0, 0, 0};
  // One copy between an image and a scratch image (each moved to its transfer layout and back to GENERAL).
  auto copy = [&](VkImage from, const VkImageSubresourceLayers& fl, VkOffset3D fo, VkImage to,
                  const VkImageSubresourceLayers& tl, VkOffset3D tOffset) {
    const VkImageCopy c{fl, fo, tl, tOffset, extent};
    const VkImageSubresourceRange fr{attachmentAspects, fl.mipLevel, 1, fl.baseArrayLayer, 1};
    const VkImageSubresourceRange tr{attachmentAspects, tl.mipLevel, 1, tl.baseArrayLayer, 1};
    vk::imageLayoutBarrier(cmd, from, fr, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    vk::imageLayoutBarrier(cmd, to, tr, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    vkCmdCopyImage(cmd, from, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, to, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &c);
    vk::imageLayoutBarrier(cmd, from, fr, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
    vk::imageLayoutBarrier(cmd, to, tr, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  };
  copy(src.image->handle(), srcLayers, srcAt, sampled, scratchLayers, origin);
  // A plane of a depth-stencil destination: the attachment first takes the
  // destination's region (both planes), so a copy of the resolved plane that
  // writes whole depth-stencil texels (lavapipe's) leaves the other plane as it was.
  if (aspect != VK_IMAGE_ASPECT_COLOR_BIT)
    copy(dst.image->handle(), {attachmentAspects, dstLayers.mipLevel, dstLayers.baseArrayLayer, 1}, dstAt, resolved,
         {attachmentAspects, 0, 0, 1}, origin);
  indirect::ResolveSamplesParams params;
  params.samples = int32_t(src.image->info().samples);
  params.mode = uint32_t(mode == D3DVKDDI_RESOLVE_MODE_MIN   ? indirect::ResolveSamplesMode::Min
                         : mode == D3DVKDDI_RESOLVE_MODE_MAX ? indirect::ResolveSamplesMode::Max
                                                             : indirect::ResolveSamplesMode::Average);
  umd::recordSampleResolve(vk, cmd, *pipelines, pipeline, set, sampledView, resolvedView, kind,
                           {extent.width, extent.height}, params);
  copy(resolved, scratchLayers, origin, dst.image->handle(), dstLayers, dstAt);
}

}  // namespace d3dvk::umd12
