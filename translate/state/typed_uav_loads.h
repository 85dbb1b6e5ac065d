// translate/state/typed_uav_loads.h — which DXGI formats D3D lets a shader
// load from through a typed UAV (ld_uav_typed; D3D11.3 / D3D12 "typed UAV
// loads"), shared by the runtimes' format queries and the drivers.
// Pure: DXGI values only (no Vulkan, no DDI), so the runtime may use it.
#pragma once

#include <directx/dxgiformat.h>

namespace d3dvk::state {

enum class TypedUavLoad {
  None,        // never loaded through a typed UAV (sRGB, BGRA, depth, typeless, block-compressed …)
  Required,    // R32_FLOAT, R32_UINT, R32_SINT: every D3D11.0 device
  Set,         // D3D's "supported as a set" list (TypedUAVLoadAdditionalFormats): all or none
  Individual,  // D3D's optional formats, each queried on its own (FORMAT_SUPPORT2_UAV_TYPED_LOAD)
};

// The class of `format`: Set holds R32G32B32A32_FLOAT/UINT/SINT,
// R16G16B16A16_FLOAT/UINT/SINT, R8G8B8A8_UNORM/UINT/SINT, R16_FLOAT/UINT/SINT,
// R8_UNORM/UINT/SINT; Individual R16G16B16A16_UNORM/SNORM, R32G32_FLOAT/UINT/SINT,
// R10G10B10A2_UNORM/UINT, R11G11B10_FLOAT, R8G8B8A8_SNORM,
// R16G16_FLOAT/UNORM/UINT/SNORM/SINT, R8G8_UNORM/UINT/SNORM/SINT, R16_UNORM/SNORM,
// R8_SNORM, A8_UNORM, B5G6R5_UNORM, B5G5R5A1_UNORM, B4G4R4A4_UNORM.
TypedUavLoad typedUavLoadClass(DXGI_FORMAT format);

// The formats of class Set, for "all or none".
const DXGI_FORMAT* typedUavLoadSet(unsigned* count);

}  // namespace d3dvk::state
