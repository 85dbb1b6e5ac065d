// runtime/d3d11/d3d11_feature_level.cpp — see d3d11_feature_level.h. The
// numbers are D3D11's feature-level table (Direct3D feature levels, "Feature
// support for feature levels 9_1 through 11_1") and the D3D10 / D3D11 REQ_*
// constants.
#include "d3d11_feature_level.h"
#include "d3d11_level9.h"

#include "dxbc/shader.h"

#include <cstring>

namespace d3dvk::runtime {
namespace {

// D3D11_MESSAGE_ID_CREATERESOURCE_DIMENSION_EXCEEDS_FEATURE_LEVEL_DEFINITION
// (a 10level9 message).
constexpr D3D11_MESSAGE_ID kDimensionExceedsFeatureLevel =
    D3D11_MESSAGE_ID_CREATERESOURCE_DIMENSION_EXCEEDS_FEATURE_LEVEL_DEFINITION;
constexpr const char* kDimensionExceedsName = "CREATERESOURCE_DIMENSION_EXCEEDS_FEATURE_LEVEL_DEFINITION";

// The D3D9 shader version token of a 4_0_level_9_x shader's Aon9 chunk
// (0xFFFE0200 vs_2_0, 0xFFFE0201 vs_2_x, 0xFFFF0200 ps_2_0, 0xFFFF0201 ps_2_x);
// 0 when the chunk holds none. The token is the first dword of the D3D9
// bytecode, which the chunk stores after a small header of offsets.
uint32_t aon9VersionToken(const dxbc::Chunk& chunk) {
  for (size_t at = 0; at + 4 <= chunk.data.size(); at += 4) {
    uint32_t v;
    std::memcpy(&v, chunk.data.data() + at, 4);
    if ((v >> 16) == 0xFFFEu || (v >> 16) == 0xFFFFu)
      if (((v >> 8) & 0xFFu) == 2u) return v;
  }
  return 0;
}

const char* stageName(dxbc::ProgramType t) {
  switch (t) {
    case dxbc::ProgramType::Vertex: return "vs";
    case dxbc::ProgramType::Pixel: return "ps";
    case dxbc::ProgramType::Geometry: return "gs";
    case dxbc::ProgramType::Hull: return "hs";
    case dxbc::ProgramType::Domain: return "ds";
    case dxbc::ProgramType::Compute: return "cs";
  }
  return "?";
}

std::string tooLarge(const char* what, UINT value, UINT limit, D3D_FEATURE_LEVEL level) {
  return std::string(what) + " " + std::to_string(value) + " exceeds " + std::to_string(limit) +
         ", the maximum at feature level " + featureLevelName(level) + ".";
}

// The messages the texture kinds share: a format the level lacks, a texture UAV
// below 11_0, an ArraySize past the level's (9_x: no arrays at all).
std::string formatAtLevelText(DXGI_FORMAT format, D3D_FEATURE_LEVEL level) {
  return "Format " + std::to_string(int(format)) + " is not supported at feature level " + featureLevelName(level) +
         " (BC4, BC5 and the R32G8X24 / D32_FLOAT_S8X24_UINT family need 10_0, BC6H and BC7 11_0).";
}
std::string textureUavAtLevelText(D3D_FEATURE_LEVEL level) {
  return "D3D11_BIND_UNORDERED_ACCESS on a texture needs feature level 11_0; this device is " + featureLevelName(level) +
         ".";
}
std::string arraySizeAtLevelText(UINT arraySize, UINT limit, D3D_FEATURE_LEVEL level) {
  return limit == 1 ? "Texture arrays are not supported at feature level " + featureLevelName(level) + " (ArraySize " +
                          std::to_string(arraySize) + ")."
                    : tooLarge("ArraySize", arraySize, limit, level);
}

}  // namespace

FeatureLevelLimits featureLevelLimits(D3D_FEATURE_LEVEL level) {
  if (level >= D3D_FEATURE_LEVEL_11_0) return {16384, 16384, 2048, 16384, 2048, 16, 8, true, true, true, true, true};
  if (level >= D3D_FEATURE_LEVEL_10_1) return {8192, 8192, 2048, 8192, 512, 16, 8, true, false, true, false, true};
  if (level >= D3D_FEATURE_LEVEL_10_0) return {8192, 8192, 2048, 8192, 512, 16, 8, true, false, false, false, true};
  if (level >= D3D_FEATURE_LEVEL_9_3) return {4096, 4096, 256, 4096, 1, 16, 4, false, false, false, false, false};
  if (level >= D3D_FEATURE_LEVEL_9_2) return {2048, 2048, 256, 512, 1, 16, 1, false, false, false, false, false};
  return {2048, 2048, 256, 512, 1, 2, 1, false, false, false, false, false};
}

std::string featureLevelName(D3D_FEATURE_LEVEL level) {
  const unsigned v = unsigned(level);
  return std::to_string(v >> 12) + "_" + std::to_string((v >> 8) & 0xF);
}

bool featureLevelProvided(D3D_FEATURE_LEVEL level) {
  switch (level) {
    case D3D_FEATURE_LEVEL_9_1:
    case D3D_FEATURE_LEVEL_9_2:
    case D3D_FEATURE_LEVEL_9_3:
    case D3D_FEATURE_LEVEL_10_0:
    case D3D_FEATURE_LEVEL_10_1:
    case D3D_FEATURE_LEVEL_11_0:
    case D3D_FEATURE_LEVEL_11_1: return true;
    default: return false;
  }
}

bool formatAtLevel(D3D_FEATURE_LEVEL level, DXGI_FORMAT format) {
  if (format >= DXGI_FORMAT_BC4_TYPELESS && format <= DXGI_FORMAT_BC5_SNORM) return level >= D3D_FEATURE_LEVEL_10_0;
  if (format >= DXGI_FORMAT_BC6H_TYPELESS && format <= DXGI_FORMAT_BC7_UNORM_SRGB) return level >= D3D_FEATURE_LEVEL_11_0;
  // 10level9's depth formats are D16_UNORM and D24_UNORM_S8_UINT: no R32G8X24 family.
  if (format >= DXGI_FORMAT_R32G8X24_TYPELESS && format <= DXGI_FORMAT_X32_TYPELESS_G8X24_UINT)
    return level >= D3D_FEATURE_LEVEL_10_0;
  return true;
}

std::string shaderModelRefusal(D3D_FEATURE_LEVEL level, const dxbc::Shader& shader) {
  const FeatureLevelLimits limits = featureLevelLimits(level);
  const dxbc::ProgramType stage = shader.program.type;
  const std::string at = " at feature level " + featureLevelName(level);
  const std::string model = std::string(stageName(stage)) + "_" + std::to_string(shader.program.major) + "_" +
                            std::to_string(shader.program.minor);
  if (stage == dxbc::ProgramType::Geometry && !limits.geometryShaders)
    return "Geometry shaders are not supported" + at + " (they need 10_0).";
  if ((stage == dxbc::ProgramType::Hull || stage == dxbc::ProgramType::Domain) && !limits.tessellation)
    return std::string(stage == dxbc::ProgramType::Hull ? "Hull" : "Domain") + " shaders are not supported" + at +
           " (tessellation needs 11_0).";
  if (stage == dxbc::ProgramType::Compute && !limits.computeShaders)
    return "Compute shaders are not supported" + at + " (cs_4_x needs 10_0, cs_5_0 11_0).";
  if (level9(level)) {
    // 10level9: only shaders compiled for 4_0_level_9_x, which carry the D3D9 program (Aon9).
    const dxbc::Chunk* aon9 = shader.container.find(dxbc::fourcc("Aon9"));
    const char* target = level >= D3D_FEATURE_LEVEL_9_3 ? "4_0_level_9_3 (or 4_0_level_9_1)" : "4_0_level_9_1";
    if (!aon9 || shader.program.major != 4 || shader.program.minor != 0)
      return "Shader model " + model + " is not supported" + at + "; it takes " + stageName(stage) + "_" + target +
             " shaders (with their Aon9 chunk).";
    const uint32_t token = aon9VersionToken(*aon9);
    if (token && level < D3D_FEATURE_LEVEL_9_3 && (token & 0xFFu) > 0)
      return std::string("Shader is ") + stageName(stage) + "_4_0_level_9_3" +
             ", which needs feature level 9_3; this device is " + featureLevelName(level) + " (" + stageName(stage) +
             "_4_0_level_9_1 shaders only).";
    return {};
  }
  const UINT version = shader.program.major * 10 + shader.program.minor;
  const UINT highest = level >= D3D_FEATURE_LEVEL_11_0 ? 50 : level >= D3D_FEATURE_LEVEL_10_1 ? 41 : 40;
  if (version < 40 || version > highest)
    return "Shader model " + model + " is not supported" + at + " (it runs " + stageName(stage) + "_4_0" +
           (highest >= 41 ? std::string(" to ") + stageName(stage) + (highest == 50 ? "_5_0" : "_4_1") : "") + ").";
  return {};
}

std::vector<ResourceDescError> textureLevelErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE1D_DESC& d) {
  std::vector<ResourceDescError> e = level9Texture1DErrors(level);
  if (!e.empty()) return e;
  const FeatureLevelLimits limits = featureLevelLimits(level);
  if (!level9(level) && !formatAtLevel(level, d.Format))  // 9_x: level9TextureErrors' table
    e.push_back({D3D11_MESSAGE_ID_CREATETEXTURE1D_UNSUPPORTEDFORMAT, "CREATETEXTURE1D_UNSUPPORTEDFORMAT",
                 formatAtLevelText(d.Format, level)});
  if (d.Width > limits.maxTexture1D)
    e.push_back({kDimensionExceedsFeatureLevel, kDimensionExceedsName, tooLarge("Width", d.Width, limits.maxTexture1D, level)});
  if (d.ArraySize > limits.maxArraySize)
    e.push_back({kDimensionExceedsFeatureLevel, kDimensionExceedsName,
                 arraySizeAtLevelText(d.ArraySize, limits.maxArraySize, level)});
  if ((d.BindFlags & D3D11_BIND_UNORDERED_ACCESS) && !limits.textureUav)
    e.push_back({D3D11_MESSAGE_ID_CREATETEXTURE1D_INVALIDBINDFLAGS, "CREATETEXTURE1D_INVALIDBINDFLAGS",
                 textureUavAtLevelText(level)});
  return e;
}

std::vector<ResourceDescError> textureLevelErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE2D_DESC& d) {
  std::vector<ResourceDescError> e = level9TextureErrors(level, d);  // 10level9's format table and rules
  const FeatureLevelLimits limits = featureLevelLimits(level);
  if (!level9(level) && !formatAtLevel(level, d.Format))  // 9_x: level9TextureErrors' table
    e.push_back({D3D11_MESSAGE_ID_CREATETEXTURE2D_UNSUPPORTEDFORMAT, "CREATETEXTURE2D_UNSUPPORTEDFORMAT",
                 formatAtLevelText(d.Format, level)});
  const bool cube = d.MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE;
  const UINT maxSize = cube ? limits.maxTextureCube : limits.maxTexture2D;
  if (d.Width > maxSize)
    e.push_back({kDimensionExceedsFeatureLevel, kDimensionExceedsName,
                 tooLarge(cube ? "Cube face Width" : "Width", d.Width, maxSize, level)});
  if (d.Height > maxSize)
    e.push_back({kDimensionExceedsFeatureLevel, kDimensionExceedsName,
                 tooLarge(cube ? "Cube face Height" : "Height", d.Height, maxSize, level)});
  if (cube && d.ArraySize > 6 && !limits.cubeArrays)
    e.push_back({kDimensionExceedsFeatureLevel, kDimensionExceedsName,
                 "Cube arrays (ArraySize " + std::to_string(d.ArraySize) + ") need feature level 10_1; this device is " +
                     featureLevelName(level) + "."});
  else if (!cube && d.ArraySize > limits.maxArraySize)
    e.push_back({kDimensionExceedsFeatureLevel, kDimensionExceedsName,
                 arraySizeAtLevelText(d.ArraySize, limits.maxArraySize, level)});
  else if (cube && d.ArraySize > limits.maxArraySize && limits.maxArraySize > 1)
    e.push_back({kDimensionExceedsFeatureLevel, kDimensionExceedsName,
                 tooLarge("ArraySize", d.ArraySize, limits.maxArraySize, level)});
  if ((d.BindFlags & D3D11_BIND_UNORDERED_ACCESS) && !limits.textureUav)
    e.push_back({D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
                 textureUavAtLevelText(level)});
  return e;
}

std::vector<ResourceDescError> textureLevelErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE3D_DESC& d) {
  std::vector<ResourceDescError> e = level9TextureErrors(level, d);
  const FeatureLevelLimits limits = featureLevelLimits(level);
  if (!level9(level) && !formatAtLevel(level, d.Format))  // 9_x: level9TextureErrors' table
    e.push_back({D3D11_MESSAGE_ID_CREATETEXTURE3D_UNSUPPORTEDFORMAT, "CREATETEXTURE3D_UNSUPPORTEDFORMAT",
                 formatAtLevelText(d.Format, level)});
  const UINT largest = d.Width > d.Height ? (d.Width > d.Depth ? d.Width : d.Depth) : (d.Height > d.Depth ? d.Height : d.Depth);
  if (largest > limits.maxTexture3D)
    e.push_back({kDimensionExceedsFeatureLevel, kDimensionExceedsName,
                 "Width " + std::to_string(d.Width) + ", Height " + std::to_string(d.Height) + ", Depth " +
                     std::to_string(d.Depth) + ": a Texture3D extent is at most " + std::to_string(limits.maxTexture3D) +
                     " at feature level " + featureLevelName(level) + "."});
  if ((d.BindFlags & D3D11_BIND_UNORDERED_ACCESS) && !limits.textureUav)
    e.push_back({D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS, "CREATETEXTURE3D_INVALIDBINDFLAGS",
                 textureUavAtLevelText(level)});
  return e;
}

std::vector<ResourceDescError> bufferLevelErrors(D3D_FEATURE_LEVEL level, const D3D11_BUFFER_DESC& d) {
  std::vector<ResourceDescError> e = level9BufferErrors(level, d);
  const FeatureLevelLimits limits = featureLevelLimits(level);
  const UINT rawOrStructured = D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS | D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
  if ((d.BindFlags & D3D11_BIND_UNORDERED_ACCESS) && !limits.textureUav &&
      (!limits.computeShaders || !(d.MiscFlags & rawOrStructured)))
    e.push_back({D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDBINDFLAGS, "CREATEBUFFER_INVALIDBINDFLAGS",
                 limits.computeShaders
                     ? "At feature level " + featureLevelName(level) +
                           " only raw or structured buffers (cs_4_x) can be bound for unordered access."
                     : "Unordered access is not supported at feature level " + featureLevelName(level) + "."});
  if ((d.MiscFlags & rawOrStructured) && !limits.computeShaders)
    e.push_back({D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS, "CREATEBUFFER_INVALIDMISCFLAGS",
                 "Raw and structured buffers need feature level 10_0; this device is " + featureLevelName(level) + "."});
  if ((d.BindFlags & D3D11_BIND_STREAM_OUTPUT) && !limits.geometryShaders)
    e.push_back({D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDBINDFLAGS, "CREATEBUFFER_INVALIDBINDFLAGS",
                 "Stream output needs feature level 10_0; this device is " + featureLevelName(level) + "."});
  if ((d.MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS) && level < D3D_FEATURE_LEVEL_10_0)
    e.push_back({D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS, "CREATEBUFFER_INVALIDMISCFLAGS",
                 "Indirect-argument buffers need feature level 10_0; this device is " + featureLevelName(level) + "."});
  return e;
}

}  // namespace d3dvk::runtime
