// runtime/d3d11/d3d11_level9.cpp — see d3d11_level9.h. The format table is
// D3D11's 10level9 format support ("Hardware Support for Direct3D 10Level9
// Formats", the WDK's "Required DXGI formats" for 10level9 drivers, and the
// per-level format pages); the rules are the "10Level9 ID3D11Device Methods"
// page and the feature-level table ("Direct3D feature levels": separate alpha
// blend and mirror-once from 9_2, independent write masks from 9_3).
#include "d3d11_level9.h"

#include "d3d11_feature_level.h"
#include "raw_enum.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <string>

namespace d3dvk::runtime {
namespace {

// The first 9_x level (1 = 9_1, 2 = 9_2, 3 = 9_3) at which a format has a use; 0: never on 9_x.
struct Level9Format {
  DXGI_FORMAT format;
  uint8_t vertex, index, texture2D, texture3D, cube, load, sample, mip, mipAutogen, renderTarget, blendable, depth;
};

// clang-format off
constexpr Level9Format kLevel9Formats[] = {
  //                                       VB IB 2D 3D Cu Ld Sa Mi Ag RT Bl DS
  {DXGI_FORMAT_R32G32B32A32_FLOAT,          1, 0, 2, 3, 3, 2, 0, 3, 3, 2, 0, 0},
  {DXGI_FORMAT_R32G32B32_FLOAT,             1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  {DXGI_FORMAT_R16G16B16A16_FLOAT,          3, 0, 2, 2, 2, 2, 0, 2, 2, 2, 3, 0},
  {DXGI_FORMAT_R16G16B16A16_UNORM,          0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0},
  {DXGI_FORMAT_R16G16B16A16_SNORM,          1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  {DXGI_FORMAT_R16G16B16A16_SINT,           1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  {DXGI_FORMAT_R32G32_FLOAT,                1, 0, 3, 3, 3, 3, 0, 0, 0, 3, 0, 0},
  {DXGI_FORMAT_R8G8B8A8_UNORM,              1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
  {DXGI_FORMAT_R8G8B8A8_UNORM_SRGB,         0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
  {DXGI_FORMAT_R8G8B8A8_UINT,               1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  {DXGI_FORMAT_R8G8B8A8_SNORM,              0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_B8G8R8A8_UNORM,              0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
  {DXGI_FORMAT_B8G8R8X8_UNORM,              0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
  {DXGI_FORMAT_B8G8R8A8_UNORM_SRGB,         0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
  {DXGI_FORMAT_B8G8R8X8_UNORM_SRGB,         0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
  {DXGI_FORMAT_R16G16_FLOAT,                3, 0, 2, 2, 2, 2, 0, 2, 2, 2, 0, 0},
  {DXGI_FORMAT_R16G16_UNORM,                0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0},
  {DXGI_FORMAT_R16G16_SNORM,                1, 0, 1, 2, 2, 1, 2, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_R16G16_SINT,                 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  {DXGI_FORMAT_R32_FLOAT,                   1, 0, 2, 2, 2, 2, 0, 2, 2, 2, 0, 0},
  {DXGI_FORMAT_R32_UINT,                    0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  {DXGI_FORMAT_R16_UINT,                    0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
  {DXGI_FORMAT_R16_UNORM,                   0, 0, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0},
  {DXGI_FORMAT_R8G8_SNORM,                  0, 0, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_R8_UNORM,                    0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_D24_UNORM_S8_UINT,           0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1},
  {DXGI_FORMAT_D16_UNORM,                   0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1},
  // D3D9 shadow maps (CheckFeatureSupport(D3D9_SHADOW_SUPPORT) is TRUE): a typeless
  // depth texture read through its depth member with a LESS_EQUAL comparison sampler.
  {DXGI_FORMAT_R16_TYPELESS,                0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1},
  {DXGI_FORMAT_R24G8_TYPELESS,              0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1},
  {DXGI_FORMAT_R24_UNORM_X8_TYPELESS,       0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0},
  {DXGI_FORMAT_BC1_UNORM,                   0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_BC1_UNORM_SRGB,              0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_BC2_UNORM,                   0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_BC2_UNORM_SRGB,              0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_BC3_UNORM,                   0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0},
  {DXGI_FORMAT_BC3_UNORM_SRGB,              0, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0},
  // The 16-bit formats, optional on 9_x with the D3D11.1 runtime; d3dvk has them.
  {DXGI_FORMAT_B5G6R5_UNORM,                0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
  {DXGI_FORMAT_B5G5R5A1_UNORM,              0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
  {DXGI_FORMAT_B4G4R4A4_UNORM,              0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0},
};
// clang-format on

const Level9Format* level9Format(DXGI_FORMAT format) {
  for (const Level9Format& f : kLevel9Formats)
    if (f.format == format) return &f;
  return nullptr;
}

UINT levelIndex(D3D_FEATURE_LEVEL level) {
  return level >= D3D_FEATURE_LEVEL_9_3 ? 3u : level >= D3D_FEATURE_LEVEL_9_2 ? 2u : 1u;
}

// Whether a use whose first level is `first` exists at `level`.
bool at(uint8_t first, D3D_FEATURE_LEVEL level) { return first != 0 && first <= levelIndex(level); }

std::string formatName(DXGI_FORMAT format) { return "Format " + std::to_string(int(format)); }

ResourceDescError error(D3D11_MESSAGE_ID id, const char* name, std::string text) { return {id, name, std::move(text)}; }

std::string atLevel(D3D_FEATURE_LEVEL level) { return " at feature level " + featureLevelName(level); }

// The alpha factor that a colour factor stands for in the alpha channel, as
// D3D9 blends alpha with the colour's factors when it has no separate alpha blend.
D3D11_BLEND alphaOf(D3D11_BLEND b) {
  switch (b) {
    case D3D11_BLEND_SRC_COLOR: return D3D11_BLEND_SRC_ALPHA;
    case D3D11_BLEND_INV_SRC_COLOR: return D3D11_BLEND_INV_SRC_ALPHA;
    case D3D11_BLEND_DEST_COLOR: return D3D11_BLEND_DEST_ALPHA;
    case D3D11_BLEND_INV_DEST_COLOR: return D3D11_BLEND_INV_DEST_ALPHA;
    default: return b;
  }
}

bool dualSourceOrSaturate(D3D11_BLEND b) {
  switch (b) {
    case D3D11_BLEND_SRC_ALPHA_SAT:
    case D3D11_BLEND_SRC1_COLOR:
    case D3D11_BLEND_INV_SRC1_COLOR:
    case D3D11_BLEND_SRC1_ALPHA:
    case D3D11_BLEND_INV_SRC1_ALPHA: return true;
    default: return false;
  }
}

// The uses of a texture desc common to 2D, cube and 3D textures.
void textureUseErrors(D3D_FEATURE_LEVEL level, const Level9Format* f, DXGI_FORMAT format, UINT bind, UINT misc,
                      UINT mipLevels, const char* kind, uint8_t kindFirst, D3D11_MESSAGE_ID unsupportedId,
                      const char* unsupportedName, D3D11_MESSAGE_ID miscId, const char* miscName,
                      std::vector<ResourceDescError>& e) {
  if (!f || !at(kindFirst, level)) {
    e.push_back(error(unsupportedId, unsupportedName,
                      formatName(format) + " is not supported for " + kind + atLevel(level) +
                          " (10level9's format table)."));
    return;
  }
  if ((bind & D3D11_BIND_RENDER_TARGET) && !at(f->renderTarget, level))
    e.push_back(error(D3D11_MESSAGE_ID_CREATERESOURCE_NOT_BINDABLE_AS_RENDER_TARGET,
                      "CREATERESOURCE_NOT_BINDABLE_AS_RENDER_TARGET",
                      formatName(format) + " cannot be a render target" + atLevel(level) + "."));
  if ((bind & D3D11_BIND_SHADER_RESOURCE) && !at(f->load, level) && !(at(f->depth, level) && f->load == 0 &&
                                                                     depthMember(format) != DXGI_FORMAT_UNKNOWN))
    e.push_back(error(D3D11_MESSAGE_ID_CREATERESOURCE_NOT_BINDABLE_AS_SHADER_RESOURCE,
                      "CREATERESOURCE_NOT_BINDABLE_AS_SHADER_RESOURCE",
                      formatName(format) + " cannot be read by shaders" + atLevel(level) + "."));
  if ((bind & D3D11_BIND_DEPTH_STENCIL) && !at(f->depth, level))
    e.push_back(error(unsupportedId, unsupportedName,
                      formatName(format) + " cannot be a depth-stencil target" + atLevel(level) + "."));
  if (mipLevels > 1 && !at(f->mip, level))
    e.push_back(error(unsupportedId, unsupportedName,
                      formatName(format) + " has no mipmaps" + atLevel(level) + " (MipLevels " +
                          std::to_string(mipLevels) + ")."));
  if ((misc & D3D11_RESOURCE_MISC_GENERATE_MIPS) && !at(f->mipAutogen, level))
    e.push_back(error(miscId, miscName,
                      "D3D11_RESOURCE_MISC_GENERATE_MIPS: " + formatName(format) + " has no mipmap generation" +
                          atLevel(level) + "."));
}

UINT fullMipCount(UINT w, UINT h, UINT d) {
  UINT largest = w > h ? w : h;
  largest = largest > d ? largest : d;
  UINT n = 1;
  while (largest > 1) largest >>= 1, ++n;
  return n;
}

}  // namespace

bool level9(D3D_FEATURE_LEVEL level) { return level < D3D_FEATURE_LEVEL_10_0; }

UINT level9FormatSupportMask(D3D_FEATURE_LEVEL level, DXGI_FORMAT format) {
  if (!level9(level)) return ~0u;
  const Level9Format* f = level9Format(format);
  if (!f) return 0;
  UINT m = 0;
  auto add = [&](uint8_t first, UINT bits) {
    if (at(first, level)) m |= bits;
  };
  add(f->vertex, D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER);
  add(f->index, D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER);
  add(f->texture2D, D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_CPU_LOCKABLE);
  add(f->texture3D, D3D11_FORMAT_SUPPORT_TEXTURE3D);
  add(f->cube, D3D11_FORMAT_SUPPORT_TEXTURECUBE);
  add(f->load, D3D11_FORMAT_SUPPORT_SHADER_LOAD);
  add(f->sample, D3D11_FORMAT_SUPPORT_SHADER_SAMPLE);
  add(f->mip, D3D11_FORMAT_SUPPORT_MIP);
  add(f->mipAutogen, D3D11_FORMAT_SUPPORT_MIP_AUTOGEN);
  add(f->renderTarget, D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET |
                           D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE);
  add(f->blendable, D3D11_FORMAT_SUPPORT_BLENDABLE);
  add(f->depth, D3D11_FORMAT_SUPPORT_DEPTH_STENCIL | D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET);
  // A shadow map's depth read compares with LESS_EQUAL (D3D9_SHADOW_SUPPORT).
  if (format == DXGI_FORMAT_R24_UNORM_X8_TYPELESS) add(f->sample, D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON);
  return m;
}

std::vector<ResourceDescError> level9Texture1DErrors(D3D_FEATURE_LEVEL level) {
  if (!level9(level)) return {};
  return {error(D3D11_MESSAGE_ID_CREATERESOURCE_NO_TEXTURE_1D, "CREATERESOURCE_NO_TEXTURE_1D",
                "Texture1D resources are not supported" + atLevel(level) + " (they need 10_0).")};
}

std::vector<ResourceDescError> level9TextureErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE2D_DESC& d) {
  std::vector<ResourceDescError> e;
  if (!level9(level)) return e;
  const Level9Format* f = level9Format(d.Format);
  const bool cube = d.MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE;
  const UINT mips = d.MipLevels ? d.MipLevels : fullMipCount(d.Width, d.Height, 1);
  if (d.Usage == D3D11_USAGE_STAGING) {  // CPU memory: only the format must exist as a texture
    if (!f || !at(f->texture2D, level))
      e.push_back(error(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNSUPPORTEDFORMAT, "CREATETEXTURE2D_UNSUPPORTEDFORMAT",
                        formatName(d.Format) + " is not supported for Texture2D" + atLevel(level) + "."));
    return e;
  }
  textureUseErrors(level, f, d.Format, d.BindFlags, d.MiscFlags, mips, cube ? "TextureCube" : "Texture2D",
                   f ? (cube ? f->cube : f->texture2D) : 0, D3D11_MESSAGE_ID_CREATETEXTURE2D_UNSUPPORTEDFORMAT,
                   "CREATETEXTURE2D_UNSUPPORTEDFORMAT", D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMISCFLAGS,
                   "CREATETEXTURE2D_INVALIDMISCFLAGS", e);
  if ((d.BindFlags & D3D11_BIND_DEPTH_STENCIL) && mips != 1)
    e.push_back(error(D3D11_MESSAGE_ID_CREATERESOURCE_ONLY_SINGLE_MIP_LEVEL_DEPTH_STENCIL_SUPPORTED,
                      "CREATERESOURCE_ONLY_SINGLE_MIP_LEVEL_DEPTH_STENCIL_SUPPORTED",
                      "A depth-stencil texture has one mip level" + atLevel(level) + " (MipLevels " +
                          std::to_string(d.MipLevels) + ")."));
  if ((d.BindFlags & D3D11_BIND_SHADER_RESOURCE) && d.SampleDesc.Count > 1)
    e.push_back(error(D3D11_MESSAGE_ID_CREATERESOURCE_MSAA_PRECLUDES_SHADER_RESOURCE,
                      "CREATERESOURCE_MSAA_PRECLUDES_SHADER_RESOURCE",
                      "A multisampled texture cannot be bound as a shader resource" + atLevel(level) + "."));
  return e;
}

std::vector<ResourceDescError> level9TextureErrors(D3D_FEATURE_LEVEL level, const D3D11_TEXTURE3D_DESC& d) {
  std::vector<ResourceDescError> e;
  if (!level9(level)) return e;
  const Level9Format* f = level9Format(d.Format);
  if ((d.MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS))
    e.push_back(error(D3D11_MESSAGE_ID_CREATERESOURCE_NO_AUTOGEN_FOR_VOLUMES, "CREATERESOURCE_NO_AUTOGEN_FOR_VOLUMES",
                      "D3D11_RESOURCE_MISC_GENERATE_MIPS is not supported for Texture3D" + atLevel(level) + "."));
  if (d.Usage == D3D11_USAGE_STAGING) {
    if (!f || !at(f->texture3D, level))
      e.push_back(error(D3D11_MESSAGE_ID_CREATETEXTURE3D_UNSUPPORTEDFORMAT, "CREATETEXTURE3D_UNSUPPORTEDFORMAT",
                        formatName(d.Format) + " is not supported for Texture3D" + atLevel(level) + "."));
    return e;
  }
  const UINT mips = d.MipLevels ? d.MipLevels : fullMipCount(d.Width, d.Height, d.Depth);
  textureUseErrors(level, f, d.Format, d.BindFlags, d.MiscFlags & ~UINT(D3D11_RESOURCE_MISC_GENERATE_MIPS), mips,
                   "Texture3D", f ? f->texture3D : 0, D3D11_MESSAGE_ID_CREATETEXTURE3D_UNSUPPORTEDFORMAT,
                   "CREATETEXTURE3D_UNSUPPORTEDFORMAT", D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDMISCFLAGS,
                   "CREATETEXTURE3D_INVALIDMISCFLAGS", e);
  return e;
}

std::vector<ResourceDescError> level9BufferErrors(D3D_FEATURE_LEVEL level, const D3D11_BUFFER_DESC& d) {
  std::vector<ResourceDescError> e;
  if (!level9(level)) return e;
  const UINT pipeline = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER;
  // Stream output and unordered access have their own messages (bufferLevelErrors).
  if (d.BindFlags & ~pipeline & ~UINT(D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_UNORDERED_ACCESS))
    e.push_back(error(D3D11_MESSAGE_ID_CREATERESOURCE_ONLY_VB_IB_FOR_BUFFERS, "CREATERESOURCE_ONLY_VB_IB_FOR_BUFFERS",
                      "BindFlags " + std::to_string(d.BindFlags) + ": buffers are vertex, index or constant buffers" +
                          atLevel(level) + " (no shader-resource or render-target views)."));
  if ((d.BindFlags & D3D11_BIND_VERTEX_BUFFER) && (d.BindFlags & D3D11_BIND_INDEX_BUFFER))
    e.push_back(error(D3D11_MESSAGE_ID_CREATERESOURCE_NO_VB_AND_IB_BIND, "CREATERESOURCE_NO_VB_AND_IB_BIND",
                      "A buffer cannot be both a vertex and an index buffer" + atLevel(level) + "."));
  return e;
}

std::vector<ResourceDescError> level9BlendErrors(D3D_FEATURE_LEVEL level, const D3D11_BLEND_DESC1& d) {
  std::vector<ResourceDescError> e;
  if (!level9(level)) return e;
  if (d.AlphaToCoverageEnable)
    e.push_back(error(D3D11_MESSAGE_ID_CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE, "CREATEBLENDSTATE_NO_ALPHA_TO_COVERAGE",
                      "AlphaToCoverageEnable is not supported" + atLevel(level) + " (it needs 10_0)."));
  // The targets a 9_x device can bind: RenderTarget[0] only unless blend is independent (then the first four).
  const UINT targets = d.IndependentBlendEnable ? 4u : 1u;
  for (UINT i = 1; i < targets; ++i) {
    if (bool(d.RenderTarget[i].BlendEnable) != bool(d.RenderTarget[0].BlendEnable)) {
      e.push_back(error(D3D11_MESSAGE_ID_CREATEBLENDSTATE_NO_INDEPENDENT_BLEND_ENABLE,
                        "CREATEBLENDSTATE_NO_INDEPENDENT_BLEND_ENABLE",
                        "RenderTarget[" + std::to_string(i) + "].BlendEnable differs from RenderTarget[0]'s; the first "
                        "four render targets blend alike" + atLevel(level) + "."));
      break;
    }
  }
  if (level < D3D_FEATURE_LEVEL_9_3)
    for (UINT i = 1; i < targets; ++i)
      if (d.RenderTarget[i].RenderTargetWriteMask != d.RenderTarget[0].RenderTargetWriteMask) {
        e.push_back(error(D3D11_MESSAGE_ID_CREATEBLENDSTATE_NO_INDEPENDENT_WRITE_MASKS,
                          "CREATEBLENDSTATE_NO_INDEPENDENT_WRITE_MASKS",
                          "RenderTarget[" + std::to_string(i) + "].RenderTargetWriteMask differs from RenderTarget[0]'s;"
                          " independent write masks need 9_3 (this device is " + featureLevelName(level) + ")."));
        break;
      }
  for (UINT i = 0; i < targets; ++i) {
    const D3D11_RENDER_TARGET_BLEND_DESC1& r = d.RenderTarget[i];
    if (!r.BlendEnable) continue;
    if (dualSourceOrSaturate(r.SrcBlend) || dualSourceOrSaturate(r.DestBlend) || dualSourceOrSaturate(r.SrcBlendAlpha) ||
        dualSourceOrSaturate(r.DestBlendAlpha)) {
      e.push_back(error(D3D11_MESSAGE_ID_CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED,
                        "CREATEBLENDSTATE_OPERATION_NOT_SUPPORTED",
                        "RenderTarget[" + std::to_string(i) + "] uses D3D11_BLEND_SRC_ALPHA_SAT or a dual-source (SRC1)"
                        " factor, which are not supported" + atLevel(level) + "."));
      break;
    }
    if (level < D3D_FEATURE_LEVEL_9_2 && (r.SrcBlendAlpha != alphaOf(r.SrcBlend) ||
                                          r.DestBlendAlpha != alphaOf(r.DestBlend) || r.BlendOpAlpha != r.BlendOp)) {
      e.push_back(error(D3D11_MESSAGE_ID_CREATEBLENDSTATE_NO_SEPARATE_ALPHA_BLEND,
                        "CREATEBLENDSTATE_NO_SEPARATE_ALPHA_BLEND",
                        "RenderTarget[" + std::to_string(i) + "] blends alpha with other factors or another op than its"
                        " colour; separate alpha blend needs 9_2 (this device is 9_1)."));
      break;
    }
  }
  return e;
}

std::vector<ResourceDescError> level9RasterizerErrors(D3D_FEATURE_LEVEL level, const D3D11_RASTERIZER_DESC2& d) {
  std::vector<ResourceDescError> e;
  if (!level9(level)) return e;
  if (!d.DepthClipEnable)
    e.push_back(error(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_DepthClipEnable_MUST_BE_TRUE,
                      "CREATERASTERIZERSTATE_DepthClipEnable_MUST_BE_TRUE",
                      "DepthClipEnable must be TRUE" + atLevel(level) + "."));
  if (d.DepthBiasClamp != 0.0f)
    e.push_back(error(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_DepthBiasClamp_NOT_SUPPORTED,
                      "CREATERASTERIZERSTATE_DepthBiasClamp_NOT_SUPPORTED",
                      "DepthBiasClamp must be 0" + atLevel(level) + " (it is " + std::to_string(d.DepthBiasClamp) +
                          ")."));
  return e;
}

std::vector<ResourceDescError> level9DepthStencilErrors(D3D_FEATURE_LEVEL level, const D3D11_DEPTH_STENCIL_DESC& d) {
  std::vector<ResourceDescError> e;
  if (level >= D3D_FEATURE_LEVEL_9_2) return e;  // two-sided stencil from 9_2
  const D3D11_DEPTH_STENCILOP_DESC& f = d.FrontFace;
  const D3D11_DEPTH_STENCILOP_DESC& b = d.BackFace;
  if (d.StencilEnable && (f.StencilFailOp != b.StencilFailOp || f.StencilDepthFailOp != b.StencilDepthFailOp ||
                          f.StencilPassOp != b.StencilPassOp || f.StencilFunc != b.StencilFunc))
    e.push_back(error(D3D11_MESSAGE_ID_CREATEDEPTHSTENCILSTATE_STENCIL_NO_TWO_SIDED,
                      "CREATEDEPTHSTENCILSTATE_STENCIL_NO_TWO_SIDED",
                      "FrontFace and BackFace differ: two-sided stencil is not supported" + atLevel(level) + "."));
  return e;
}

std::vector<ResourceDescError> level9SamplerErrors(D3D_FEATURE_LEVEL level, const D3D11_SAMPLER_DESC& d) {
  std::vector<ResourceDescError> e;
  if (!level9(level)) return e;
  const UINT filter = UINT(d.Filter);
  // Comparison filters: only the D3D9 shadow-map one (LESS_EQUAL, D3D9_SHADOW_SUPPORT).
  if (D3D11_DECODE_FILTER_REDUCTION(filter) == D3D11_FILTER_REDUCTION_TYPE_COMPARISON &&
      d.ComparisonFunc != D3D11_COMPARISON_LESS_EQUAL)
    e.push_back(error(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_NO_COMPARISON_SUPPORT,
                      "CREATESAMPLERSTATE_NO_COMPARISON_SUPPORT",
                      "Comparison filters compare with D3D11_COMPARISON_LESS_EQUAL only" + atLevel(level) +
                          " (D3D9 shadow maps)."));
  const D3D11_TEXTURE_ADDRESS_MODE modes[] = {d.AddressU, d.AddressV, d.AddressW};
  bool border = false, mirrorOnce = false;
  for (D3D11_TEXTURE_ADDRESS_MODE m : modes) {
    border |= m == D3D11_TEXTURE_ADDRESS_BORDER;
    mirrorOnce |= m == D3D11_TEXTURE_ADDRESS_MIRROR_ONCE;
  }
  if (mirrorOnce && level < D3D_FEATURE_LEVEL_9_2)
    e.push_back(error(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_NO_MIRRORONCE, "CREATESAMPLERSTATE_NO_MIRRORONCE",
                      "D3D11_TEXTURE_ADDRESS_MIRROR_ONCE needs feature level 9_2; this device is 9_1."));
  if (border)
    for (float c : d.BorderColor)
      if (!(c >= 0.0f && c <= 1.0f)) {
        e.push_back(error(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_BORDER_OUT_OF_RANGE,
                          "CREATESAMPLERSTATE_BORDER_OUT_OF_RANGE",
                          "BorderColor components must be in [0, 1]" + atLevel(level) + "."));
        break;
      }
  if (d.MinLOD != std::floor(d.MinLOD))
    e.push_back(error(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_MINLOD_MUST_NOT_BE_FRACTIONAL,
                      "CREATESAMPLERSTATE_MINLOD_MUST_NOT_BE_FRACTIONAL",
                      "MinLOD (" + std::to_string(d.MinLOD) + ") must be a whole number" + atLevel(level) + "."));
  if (d.MaxLOD != D3D11_FLOAT32_MAX)
    e.push_back(error(D3D11_MESSAGE_ID_CREATESAMPLERSTATE_MAXLOD_MUST_BE_FLT_MAX,
                      "CREATESAMPLERSTATE_MAXLOD_MUST_BE_FLT_MAX",
                      "MaxLOD must be D3D11_FLOAT32_MAX" + atLevel(level) + " (it is " + std::to_string(d.MaxLOD) +
                          ")."));
  return e;
}

std::vector<ResourceDescError> level9InputLayoutErrors(D3D_FEATURE_LEVEL level, const D3D11_INPUT_ELEMENT_DESC* elements,
                                                       UINT count) {
  std::vector<ResourceDescError> e;
  if (!level9(level) || !elements) return e;
  bool perVertex = false, slot0PerInstance = false;
  for (UINT i = 0; i < count; ++i) {
    const D3D11_INPUT_ELEMENT_DESC& el = elements[i];
    const Level9Format* f = level9Format(el.Format);
    if (!f || !at(f->vertex, level)) {
      e.push_back(error(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_UNSUPPORTED_FORMAT, "CREATEINPUTLAYOUT_UNSUPPORTED_FORMAT",
                        "pInputElementDescs[" + std::to_string(i) + "]: " + formatName(el.Format) +
                            " is not a vertex format" + atLevel(level) + "."));
      break;
    }
    const int slotClass = rawEnum(el.InputSlotClass);  // not validated yet: any value may arrive
    if (slotClass == D3D11_INPUT_PER_VERTEX_DATA) perVertex = true;
    if (el.InputSlot == 0 && slotClass == D3D11_INPUT_PER_INSTANCE_DATA) slot0PerInstance = true;
    // 9_1 and 9_2 instance through D3D9's simple instancing (D3D9_SIMPLE_INSTANCING_SUPPORT): a step rate of 1.
    if (slotClass == D3D11_INPUT_PER_INSTANCE_DATA && el.InstanceDataStepRate != 1 && level < D3D_FEATURE_LEVEL_9_3)
      e.push_back(error(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_INVALIDSTEPRATECHANGE, "CREATEINPUTLAYOUT_INVALIDSTEPRATECHANGE",
                        "pInputElementDescs[" + std::to_string(i) + "]: InstanceDataStepRate is " +
                            std::to_string(el.InstanceDataStepRate) + "; simple instancing" + atLevel(level) +
                            " steps every instance (1)."));
  }
  if (perVertex && slot0PerInstance)
    e.push_back(error(D3D11_MESSAGE_ID_SLOT_ZERO_MUST_BE_D3D10_INPUT_PER_VERTEX_DATA,
                      "SLOT_ZERO_MUST_BE_D3D10_INPUT_PER_VERTEX_DATA",
                      "Input slot 0 must hold per-vertex data when any slot does" + atLevel(level) + "."));
  return e;
}

std::vector<ResourceDescError> level9RenderTargetViewErrors(D3D_FEATURE_LEVEL level, DXGI_FORMAT viewFormat) {
  if (!level9(level) || (level9FormatSupportMask(level, viewFormat) & D3D11_FORMAT_SUPPORT_RENDER_TARGET)) return {};
  return {error(D3D11_MESSAGE_ID_CREATERENDERTARGETVIEW_INVALIDFORMAT, "CREATERENDERTARGETVIEW_INVALIDFORMAT",
                formatName(viewFormat) + " cannot be a render target" + atLevel(level) + ".")};
}

std::vector<ResourceDescError> level9ShaderResourceViewErrors(D3D_FEATURE_LEVEL level, DXGI_FORMAT viewFormat,
                                                              DXGI_FORMAT resourceFormat) {
  if (!level9(level) || (level9FormatSupportMask(level, viewFormat) & D3D11_FORMAT_SUPPORT_SHADER_LOAD)) return {};
  // The depth read of a typeless depth texture (R16_UNORM of R16_TYPELESS): the D3D9 shadow map.
  if (depthMember(resourceFormat) != DXGI_FORMAT_UNKNOWN &&
      (level9FormatSupportMask(level, resourceFormat) & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL) &&
      viewFormatFits(resourceFormat, viewFormat) && !formatFacts(viewFormat).depth)
    return {};
  return {error(D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT, "CREATESHADERRESOURCEVIEW_INVALIDFORMAT",
                formatName(viewFormat) + " cannot be read by shaders" + atLevel(level) + ".")};
}

}  // namespace d3dvk::runtime
