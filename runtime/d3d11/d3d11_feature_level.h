// runtime/d3d11/d3d11_feature_level.h — what a D3D11 device's feature level
// (9_1 … 11_1) allows, as D3D11's feature-level tables define it: resource
// dimension limits, texture arrays and cube arrays, which shader stages and
// shader models it takes (4_0_level_9_x, 4_0, 4_1, 5_0), unordered access and
// sampler anisotropy. The runtime checks these at creation; the Vulkan device
// underneath is always capable of 11_1, so nothing here asks the driver.
#pragma once

#include "d3d11_resource_validation.h"

#include <d3d11_3.h>

#include <string>
#include <vector>

namespace d3dvk::dxbc {
struct Shader;
}

namespace d3dvk::runtime {

struct FeatureLevelLimits {
  UINT maxTexture1D;     // Texture1D width
  UINT maxTexture2D;     // Texture2D width and height
  UINT maxTexture3D;     // Texture3D width, height and depth
  UINT maxTextureCube;   // a cube's face size
  UINT maxArraySize;     // Texture1D/2D arrays (1 on 9_x: no arrays; a cube's 6 faces are allowed there)
  UINT maxAnisotropy;    // sampler MaxAnisotropy
  UINT renderTargets;    // simultaneous render targets
  bool geometryShaders;  // and stream output (10_0+)
  bool tessellation;     // hull and domain shaders (11_0+)
  bool cubeArrays;       // TEXTURECUBEARRAY views (10_1+)
  bool textureUav;       // UAVs of textures and typed buffers, and in pixel shaders (11_0+)
  bool computeShaders;   // cs_4_x with raw/structured buffer UAVs on 10_x, cs_5_0 on 11_x
};

FeatureLevelLimits featureLevelLimits(D3D_FEATURE_LEVEL level);
// "9_1", "10_0", "11_1" …
std::string featureLevelName(D3D_FEATURE_LEVEL level);
// Whether D3D11CreateDevice creates devices at this level (9_1 … 11_1).
bool featureLevelProvided(D3D_FEATURE_LEVEL level);

// Whether `format` exists at `level` (the block-compressed formats D3D11 adds
// by level: BC4/BC5 and the R32G8X24 / D32_FLOAT_S8X24_UINT family from 10_0,
// BC6H/BC7 from 11_0); other formats: true.
bool formatAtLevel(D3D_FEATURE_LEVEL level, DXGI_FORMAT format);

// Why a device at `level` refuses this parsed shader (empty: it takes it): the
// stage must exist at the level, and its model be one the level runs — 9_x:
// 4_0_level_9_1 (9_1, 9_2) or 4_0_level_9_3 (9_3) shaders, which carry an
// Aon9 chunk; 10_0: 4_0; 10_1: 4_0, 4_1; 11_x: 4_0 … 5_0.
std::string shaderModelRefusal(D3D_FEATURE_LEVEL level, const dxbc::Shader& shader);

// The level's limits on a texture desc (what validate*Desc does not know),
// with D3D11's message IDs. `cube`: D3D11_RESOURCE_MISC_TEXTURECUBE.
std::vector<ResourceDescError> textureLevelErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE1D_DESC& desc);
std::vector<ResourceDescError> textureLevelErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE2D_DESC& desc);
std::vector<ResourceDescError> textureLevelErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE3D_DESC& desc);
std::vector<ResourceDescError> bufferLevelErrors(D3D_FEATURE_LEVEL level, const D3D11_BUFFER_DESC& desc);

}  // namespace d3dvk::runtime
