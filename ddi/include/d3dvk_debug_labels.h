/* ddi/include/d3dvk_debug_labels.h — d3dvk's debug labels (not a WDK DDI):
 * the runtime's ID3DUserDefinedAnnotation (and ID3D11DeviceContext2's
 * BeginEventInt/SetMarkerInt/EndEvent) reach the device's Vulkan command
 * stream as VK_EXT_debug_utils labels, where a capture or debugging tool
 * reads them. libd3dvk_umd.so exports D3DVKDebugLabel; the runtime finds it
 * with dlsym on the UMD it loaded (a UMD without it: no labels). */
#ifndef D3DVK_DEBUG_LABELS_H
#define D3DVK_DEBUG_LABELS_H

#include "d3d10umddi.h"

#ifdef __cplusplus
extern "C" {
#endif

enum {
  D3DVK_DEBUG_LABEL_QUERY = 0,  /* only asks whether labels are on */
  D3DVK_DEBUG_LABEL_BEGIN = 1,  /* vkCmdBeginDebugUtilsLabelEXT(label) */
  D3DVK_DEBUG_LABEL_END = 2,    /* vkCmdEndDebugUtilsLabelEXT (label ignored; the caller keeps them balanced) */
  D3DVK_DEBUG_LABEL_MARKER = 3, /* vkCmdInsertDebugUtilsLabelEXT(label) */
};

/* TRUE when the device's Vulkan instance has VK_EXT_debug_utils (D3DVK_VALIDATION,
 * or D3DVK_DEBUG_LABELS=1 where the loader offers the extension) and the label
 * was recorded; FALSE otherwise (nothing recorded). `label` is UTF-8. */
typedef BOOL (APIENTRY* PFN_D3DVKDebugLabel)(D3D10DDI_HDEVICE device, UINT op, const char* label);
#define D3DVK_DEBUG_LABEL_NAME "D3DVKDebugLabel"

#ifdef __cplusplus
}
#endif

#endif
