// runtime/d3d11/d3d11_level9.h — what D3D11's 10level9 feature levels (9_1,
// 9_2, 9_3) allow beyond the size and stage limits of d3d11_feature_level.h:
// the per-format table ("Hardware Support for Direct3D 10Level9 Formats": which
// formats each level takes as vertex or index data, textures of each kind,
// shader reads, mips, render and depth targets, multisampling) and the 10level9
// rules of the ID3D11Device creates (blend, rasterizer, depth-stencil and
// sampler descs, input layouts, texture and buffer descs), each with D3D11's
// 10level9 debug message. Devices at 10_0 and above are never limited here.
#pragma once

#include "d3d11_resource_validation.h"

#include <d3d11_3.h>

#include <vector>

namespace d3dvk::runtime {

bool level9(D3D_FEATURE_LEVEL level);

// The D3D11_FORMAT_SUPPORT bits `format` may have at a 9_x `level` (a mask:
// what the device reports is this AND what it really does); every bit at 10_0
// and above. MULTISAMPLE_* follow RENDER_TARGET / DEPTH_STENCIL (10level9
// multisampling is optional per format; the device's counts are reported).
UINT level9FormatSupportMask(D3D_FEATURE_LEVEL level, DXGI_FORMAT format);

// A ResourceDescError for each 10level9 rule the desc breaks (empty at 10_0 and above).
std::vector<ResourceDescError> level9TextureErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE2D_DESC& desc);
std::vector<ResourceDescError> level9TextureErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE3D_DESC& desc);
std::vector<ResourceDescError> level9Texture1DErrors(D3D_FEATURE_LEVEL level);
std::vector<ResourceDescError> level9BufferErrors(D3D_FEATURE_LEVEL level, const D3D11_BUFFER_DESC& desc);
std::vector<ResourceDescError> level9BlendErrors(D3D_FEATURE_LEVEL level, const D3D11_BLEND_DESC1& desc);
std::vector<ResourceDescError> level9RasterizerErrors(D3D_FEATURE_LEVEL level, const D3D11_RASTERIZER_DESC2& desc);
std::vector<ResourceDescError> level9DepthStencilErrors(D3D_FEATURE_LEVEL level, const D3D11_DEPTH_STENCIL_DESC& desc);
std::vector<ResourceDescError> level9SamplerErrors(D3D_FEATURE_LEVEL level, const D3D11_SAMPLER_DESC& desc);
std::vector<ResourceDescError> level9InputLayoutErrors(D3D_FEATURE_LEVEL level, const D3D11_INPUT_ELEMENT_DESC* elements,
                                                       UINT count);
// A render-target / shader-resource view of `viewFormat` on a 9_x device
// (the format must render, or be read, at the level; a depth texture's read
// member is the D3D9 shadow-map case, CheckFeatureSupport(D3D9_SHADOW_SUPPORT)).
std::vector<ResourceDescError> level9RenderTargetViewErrors(D3D_FEATURE_LEVEL level, DXGI_FORMAT viewFormat);
std::vector<ResourceDescError> level9ShaderResourceViewErrors(D3D_FEATURE_LEVEL level, DXGI_FORMAT viewFormat,
                                                              DXGI_FORMAT resourceFormat);

}  // namespace d3dvk::runtime
