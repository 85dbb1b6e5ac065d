// ddi/umd/d3d12/resolve12.cpp — ResolveSubresource (CommandRecorder12, see
// command_recorder12.h): vkCmdResolveImage from one multisampled subresource
// into one single-sampled subresource of the same extent, both of the resolve
// format (D3D's average for float, UNORM and SNORM formats; the runtime
// refuses the others). Typeless resources are refused with E_NOTIMPL: their
// images hold the family's UINT format, whose Vulkan resolve picks a sample.
#include "command_recorder12.h"

#include "device12.h"
#include "resource12.h"

#include <string>

namespace d3dvk::umd12 {

void CommandRecorder12::resolveSubresource(Resource12& dst, UINT dstSubresource, Resource12& src, UINT srcSubresource,
                                           DXGI_FORMAT format) {
  unpredicated("ResolveSubresource");
  if (dst.isBuffer() || src.isBuffer()) return fail(E_INVALIDARG, "ResolveSubresource between buffers");
  if (src.image->info().samples == VK_SAMPLE_COUNT_1_BIT || dst.image->info().samples != VK_SAMPLE_COUNT_1_BIT)
    return fail(E_INVALIDARG, "ResolveSubresource needs a multisampled source and a single-sampled destination");
  const state::FormatInfo* f = state::findFormat(format);
  if (!f || f->kind == state::FormatKind::Typeless || state::isDepthFormat(*f) || f->kind == state::FormatKind::Uint ||
      f->kind == state::FormatKind::Sint)
    return fail(E_INVALIDARG, "ResolveSubresource: the format is not a float, UNORM or SNORM colour format");
  if (src.format != f || dst.format != f)
    return fail(src.format->kind == state::FormatKind::Typeless || dst.format->kind == state::FormatKind::Typeless
                    ? E_NOTIMPL
                    : E_INVALIDARG,
                ("ResolveSubresource: both resources must have format " + std::to_string(int(format)) +
                 " (typeless resources are not supported)")
                    .c_str());
  if (srcSubresource >= src.subresourceCount() || dstSubresource >= dst.subresourceCount())
    return fail(E_INVALIDARG, "ResolveSubresource: a subresource is out of range");
  UINT srcMip = srcSubresource % src.mipLevels, srcSlice = srcSubresource / src.mipLevels;
  UINT dstMip = dstSubresource % dst.mipLevels, dstSlice = dstSubresource / dst.mipLevels;
  VkExtent3D se = src.mipExtent(srcMip), de = dst.mipExtent(dstMip);
  if (se.width != de.width || se.height != de.height)
    return fail(E_INVALIDARG, "ResolveSubresource: the subresources differ in size");
  VkCommandBuffer cmd = command();
  if (!cmd) return;
  VkImageResolve region{};
  region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, srcMip, srcSlice, 1};
  region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, dstMip, dstSlice, 1};
  region.extent = {se.width, se.height, 1};
  VkImageSubresourceRange srcRange{VK_IMAGE_ASPECT_COLOR_BIT, srcMip, 1, srcSlice, 1};
  VkImageSubresourceRange dstRange{VK_IMAGE_ASPECT_COLOR_BIT, dstMip, 1, dstSlice, 1};
  imageLayoutTransition(cmd, src.image->handle(), srcRange, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  imageLayoutTransition(cmd, dst.image->handle(), dstRange, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  vkCmdResolveImage(cmd, src.image->handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst.image->handle(),
                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
  imageLayoutTransition(cmd, src.image->handle(), srcRange, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
  imageLayoutTransition(cmd, dst.image->handle(), dstRange, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
}

}  // namespace d3dvk::umd12
