// ddi/umd/driver_transfer.h — the transfer DDIs: ResourceCopy,
// ResourceCopyRegion, ResourceUpdateSubresourceUP (and the default constant
// buffer variant), ResourceResolveSubresource, and Flush. Each records into
// the device's open batch (see vk_command_queue.h); Flush submits it.
// A resolve averages in the typed format it is given; a typeless side (whose
// image holds the family's UINT format) goes through a scratch image of that
// format (a copy in of the samples, or a copy out of the resolved texels).
#pragma once

#include "d3d10umddi.h"

namespace d3dvk::umd {

VOID APIENTRY resourceCopy(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE hDst, D3D10DDI_HRESOURCE hSrc);
VOID APIENTRY resourceCopyRegion(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE hDst, UINT dstSub, UINT dstX, UINT dstY,
                                 UINT dstZ, D3D10DDI_HRESOURCE hSrc, UINT srcSub, const D3D10_DDI_BOX* srcBox,
                                 UINT copyFlags);
VOID APIENTRY resourceUpdateSubresourceUP(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE hDst, UINT dstSub,
                                          const D3D10_DDI_BOX* dstBox, const VOID* data, UINT rowPitch,
                                          UINT depthPitch, UINT copyFlags);
VOID APIENTRY resourceResolveSubresource(D3D10DDI_HDEVICE, D3D10DDI_HRESOURCE hDst, UINT dstSub,
                                         D3D10DDI_HRESOURCE hSrc, UINT srcSub, DXGI_FORMAT format);
BOOL APIENTRY flush(D3D10DDI_HDEVICE, UINT flags);

}  // namespace d3dvk::umd
