// ddi/umd/driver_clear_view.cpp — ClearView (D3D11.1): a render-target view
// cleared inside rectangles by a rendering instance over the view with
// vkCmdClearAttachments (every slice of the view, rectangles clipped to its
// mip); without rectangles, the whole view as ClearRenderTargetView and
// ClearUnorderedAccessViewFloat clear it. Unordered-access views are cleared
// whole (the runtime refuses rectangles on them, d3d11_context_resources.cpp).
#include "driver_predication.h"
#include "device.h"
#include "driver_resource.h"
#include "driver_view.h"
#include "resource_format.h"  // translate/state

#include <algorithm>
#include <mutex>
#include <vector>

namespace d3dvk::umd {

VOID APIENTRY clearView(D3D10DDI_HDEVICE hDevice, D3D11DDI_HANDLETYPE viewType, VOID* hView, const FLOAT color[4],
                        const D3D10_DDI_RECT* rects, UINT numRects) {
  Device* device = Device::from(hDevice);
  if (!hView || !color || (numRects && !rects)) return device->setError(E_INVALIDARG);
  FLOAT c[4] = {color[0], color[1], color[2], color[3]};
  if (viewType == D3D11DDI_HT_UNORDEREDACCESSVIEW) {
    if (numRects) return device->setError(E_INVALIDARG);
    return clearUnorderedAccessViewFloat(hDevice, D3D11DDI_HUNORDEREDACCESSVIEW{hView}, c);
  }
  if (viewType != D3D10DDI_HT_RENDERTARGETVIEW) return device->setError(E_INVALIDARG);
  if (!numRects) return clearRenderTargetView(hDevice, D3D10DDI_HRENDERTARGETVIEW{hView}, c);

  RenderTargetView* v = RenderTargetView::from(D3D10DDI_HRENDERTARGETVIEW{hView});
  if (!v->resource) return device->setError(E_INVALIDARG);
  const int64_t width = v->resource->mipWidth(v->firstMip), height = v->resource->mipHeight(v->firstMip);
  std::vector<VkClearRect> clipped;
  for (UINT i = 0; i < numRects; ++i) {
    const int64_t left = std::clamp<int64_t>(rects[i].left, 0, width), right = std::clamp<int64_t>(rects[i].right, 0, width);
    const int64_t top = std::clamp<int64_t>(rects[i].top, 0, height), bottom = std::clamp<int64_t>(rects[i].bottom, 0, height);
    if (left >= right || top >= bottom) continue;  // empty, or outside the view
    clipped.push_back({{{int32_t(left), int32_t(top)}, {uint32_t(right - left), uint32_t(bottom - top)}}, 0, v->sliceCount});
  }
  if (clipped.empty()) return;
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const PredicatedCommand predicated(*device);  // vkCmdClearAttachments renders conditionally
  if (predicated.skipped()) return;
  VkCommandBuffer cmd = device->record();
  if (!cmd) return;
  transitionImage(cmd, *v->resource, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
  VkRenderingAttachmentInfo attachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  attachment.imageView = v->view->handle();
  attachment.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, {uint32_t(width), uint32_t(height)}};
  rendering.layerCount = v->sliceCount;
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachments = &attachment;
  vkCmdBeginRendering(cmd, &rendering);
  VkClearAttachment clear{VK_IMAGE_ASPECT_COLOR_BIT, 0, {}};
  clear.clearValue.color = state::clearColorFor(*v->viewFormat, c);
  vkCmdClearAttachments(cmd, 1, &clear, uint32_t(clipped.size()), clipped.data());
  vkCmdEndRendering(cmd);
  markUsed(*device, *v->resource);
}

}  // namespace d3dvk::umd
