// ddi/umd/debug_labels.cpp — D3DVKDebugLabel (d3dvk_debug_labels.h): the
// runtime's annotation events and markers as VK_EXT_debug_utils labels in the
// device's open batch, where they fall between the commands around them (an
// open render pass stays open: labels may be recorded inside one).
#include "adapter.h"
#include "d3dvk_debug_labels.h"
#include "d3dvk_entry_guard.h"
#include "device.h"

#include <mutex>

extern "C" __attribute__((visibility("default"))) BOOL APIENTRY D3DVKDebugLabel(D3D10DDI_HDEVICE hDevice, UINT op,
                                                                                const char* label) try {
  using d3dvk::umd::Device;
  Device* device = Device::from(hDevice);
  if (!device || !device->adapter().instance().debugLabelsEnabled()) return FALSE;
  if (op == D3DVK_DEBUG_LABEL_QUERY) return TRUE;
  if (op != D3DVK_DEBUG_LABEL_BEGIN && op != D3DVK_DEBUG_LABEL_END && op != D3DVK_DEBUG_LABEL_MARKER) return FALSE;
  std::lock_guard<std::mutex> lock(device->queueMutex());
  const VkCommandBuffer cmd = device->recorder().tracked();
  if (!cmd) return FALSE;
  VkDebugUtilsLabelEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT};
  info.pLabelName = label ? label : "";
  if (op == D3DVK_DEBUG_LABEL_BEGIN)
    vkCmdBeginDebugUtilsLabelEXT(cmd, &info);
  else if (op == D3DVK_DEBUG_LABEL_END)
    vkCmdEndDebugUtilsLabelEXT(cmd);
  else
    vkCmdInsertDebugUtilsLabelEXT(cmd, &info);
  return TRUE;
} D3DVK_CATCH_RETURN(FALSE)
