// ddi/umd/driver_generate_mips.h — the GenMips DDI (ID3D11DeviceContext::GenerateMips):
// the view's mips after its most detailed one, each a linear blit of the one
// before (vkCmdBlitImage halves every dimension: a 2x2 box, 2x2x2 for a
// Texture3D; an sRGB image is filtered in linear space, as Vulkan's blits
// convert sRGB on read and write), for every slice (cube face) of the view.
// A typed view of a typeless resource filters in the view's format: its mips
// are blitted in a scratch image of that format (the top mip copied in, the
// generated ones copied back), since the typeless image's own format is UINT.
#pragma once

#include "d3d10umddi.h"

namespace d3dvk::umd {

VOID APIENTRY genMips(D3D10DDI_HDEVICE, D3D10DDI_HSHADERRESOURCEVIEW);

}  // namespace d3dvk::umd
