// runtime/d3d11/d3d11_context_level9.cpp — what ID3D11DeviceContext's methods
// refuse below feature level 11_0, after the D3D11 docs' "10Level9
// ID3D11DeviceContext Methods": stages a level does not have (geometry and
// compute on 9_x, hull and domain below 11_0; the vertex stage's samplers and
// shader resources on 9_x) take no objects; a 9_x pixel shader has 8 shader
// resources; 9_x draws: no DrawInstanced or DrawAuto (instancing is
// DrawIndexedInstanced's, on 9_1 and 9_2 as simple instancing), no indexed
// point lists, at most 65535 (9_1) or 1048575 primitives per draw; 9_3's
// render targets all of one bit depth; 9_x copies: only Texture2Ds and buffers
// within GPU memory, no Texture3D and no shader-resource-only resource read
// back into a staging one. A refused call is dropped with the debug layer's
// message (10level9 IDs where D3D11 has one). What 10level9 hardware cannot
// report before drawing (index values past its maximum, texture repeat counts)
// is not checked.
#include "d3d11_context.h"
#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "d3d11_level9.h"
#include "d3d11_resource.h"
#include "d3d11_resource_validation.h"
#include "d3d11_view.h"

#include <string>

namespace d3dvk::runtime {

namespace {

const char* const kStageNames[6] = {"vertex", "pixel", "geometry", "hull", "domain", "compute"};

// Primitives one instance of `count` vertices or indices makes in `topology`.
UINT64 primitiveCount(D3D11_PRIMITIVE_TOPOLOGY topology, UINT count) {
  switch (topology) {
    case D3D11_PRIMITIVE_TOPOLOGY_POINTLIST: return count;
    case D3D11_PRIMITIVE_TOPOLOGY_LINELIST: return count / 2;
    case D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP: return count > 1 ? count - 1 : 0;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST: return count / 3;
    case D3D11_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP: return count > 2 ? count - 2 : 0;
    default: return 0;  // adjacency and patches do not exist on 9_x
  }
}

}  // namespace

bool D3D11ImmediateContext::levelAllowsStageObjects(int stage, StageBinding what, UINT lastSlot,
                                                    const char* function) {
  const D3D_FEATURE_LEVEL level = featureLevel_;  // below 11_0 (stageBindingAllowed answers the others)
  const bool nineX = level9(level);
  const bool stageMissing = stage == kHS || stage == kDS || (nineX && (stage == kGS || stage == kCS));
  int id = D3D11_MESSAGE_ID_UNKNOWN;
  const char* idName = "UNKNOWN";
  std::string why;
  if (stageMissing) {
    if (stage == kGS) id = D3D11_MESSAGE_ID_GEOMETRY_SHADER_NOT_SUPPORTED, idName = "GEOMETRY_SHADER_NOT_SUPPORTED";
    why = std::string("feature level ") + featureLevelName(level) + " has no " + kStageNames[stage] + " shader stage";
  } else if (nineX && stage == kVS && what == StageBinding::Samplers) {
    id = D3D11_MESSAGE_ID_VSSETSAMPLERS_NOT_SUPPORTED, idName = "VSSETSAMPLERS_NOT_SUPPORTED";
    why = "vertex shaders take no samplers at feature level " + featureLevelName(level);
  } else if (nineX && stage == kVS && what == StageBinding::ShaderResources) {
    id = D3D11_MESSAGE_ID_VSSHADERRESOURCES_NOT_SUPPORTED, idName = "VSSHADERRESOURCES_NOT_SUPPORTED";
    why = "vertex shaders take no shader resources at feature level " + featureLevelName(level);
  } else if (nineX && stage == kPS && what == StageBinding::ShaderResources && lastSlot >= 8) {
    why = "slot " + std::to_string(lastSlot) + " is past the 8 shader resources of a pixel shader at feature level " +
          featureLevelName(level);
  }
  if (why.empty()) return true;
  stateSettingError(id, idName, function, why + "; the call is ignored.");
  return false;
}

bool D3D11ImmediateContext::levelAllowsDraw(DrawKind kind, UINT countPerInstance, const char* function) {
  const D3D_FEATURE_LEVEL level = featureLevel_;
  if (!level9(level)) return true;
  const std::string at = " at feature level " + featureLevelName(level) + "; the draw is dropped.";
  auto refuse = [&](int id, const char* idName, const std::string& why) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, id, idName, function, why + at);
    return false;
  };
  if (kind == DrawKind::Instanced)
    return refuse(D3D11_MESSAGE_ID_DRAWINSTANCED_NOT_SUPPORTED, "DRAWINSTANCED_NOT_SUPPORTED",
                  "DrawInstanced is not supported");
  if (kind == DrawKind::Auto)
    return refuse(D3D11_MESSAGE_ID_STREAM_OUT_NOT_SUPPORTED, "STREAM_OUT_NOT_SUPPORTED",
                  "DrawAuto needs stream output, which is not supported");
  // (DrawIndexedInstanced runs on 9_1 and 9_2 too: d3dvk reports D3D9_SIMPLE_INSTANCING_SUPPORT, whose
  // step rate of 1 CreateInputLayout holds.)
  const bool indexed = kind == DrawKind::Indexed || kind == DrawKind::IndexedInstanced;
  if (indexed && topology_ == D3D11_PRIMITIVE_TOPOLOGY_POINTLIST)
    return refuse(D3D11_MESSAGE_ID_DRAWINDEXED_POINTLIST_UNSUPPORTED, "DRAWINDEXED_POINTLIST_UNSUPPORTED",
                  "Indexed point lists are not supported");
  const UINT64 maxPrimitives = level == D3D_FEATURE_LEVEL_9_1 ? 65535 : 1048575;
  if (const UINT64 n = primitiveCount(topology_, countPerInstance); n > maxPrimitives)
    return refuse(D3D11_MESSAGE_ID_UNKNOWN, "UNKNOWN",
                  "The draw makes " + std::to_string(n) + " primitives, more than the " + std::to_string(maxPrimitives) +
                      " one draw may make");
  return true;
}

bool D3D11ImmediateContext::levelAllowsRenderTargets(UINT count, D3D11RenderTargetView* const* rtvs,
                                                     const char* function) {
  if (featureLevel_ != D3D_FEATURE_LEVEL_9_3) return true;  // 9_1, 9_2: one target (the slot count)
  UINT bytes = 0;
  for (UINT i = 0; i < count; ++i) {
    if (!rtvs[i]) continue;
    const UINT b = formatFacts(rtvs[i]->desc().Format).bytesPerTexel;
    if (bytes && b != bytes) {
      stateSettingError(D3D11_MESSAGE_ID_OMSETRENDERTARGETS_NO_DIFFERING_BIT_DEPTHS,
                        "OMSETRENDERTARGETS_NO_DIFFERING_BIT_DEPTHS", function,
                        "The render targets of feature level 9_3 must all have one bit depth (slot " +
                            std::to_string(i) + " has " + std::to_string(b * 8) + " bits per pixel, an earlier one " +
                            std::to_string(bytes * 8) + "); the call is ignored.");
      return false;
    }
    bytes = b;
  }
  return true;
}

bool D3D11ImmediateContext::levelAllowsCopy(const D3D11ResourceBase& dst, const D3D11ResourceBase& src,
                                            const char* function) {
  if (!level9(featureLevel_)) return true;
  // GPU-accessible memory: anything but a staging resource (CPU-accessible).
  const bool srcGpu = src.usage != D3D11_USAGE_STAGING, dstGpu = dst.usage != D3D11_USAGE_STAGING;
  auto refuse = [&](int id, const char* idName, const char* why) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION, D3D11_MESSAGE_SEVERITY_ERROR, id, idName, function,
                         std::string(why) + " at feature level " + featureLevelName(featureLevel_) +
                             "; the copy is dropped.");
    return false;
  };
  if (srcGpu && dstGpu && (src.isTexture3D() || src.isTexture1D()))
    return refuse(D3D11_MESSAGE_ID_COPYRESOURCE_ONLY_TEXTURE_2D_WITHIN_GPU_MEMORY,
                  "COPYRESOURCE_ONLY_TEXTURE_2D_WITHIN_GPU_MEMORY",
                  "Only Texture2Ds and buffers are copied within GPU-accessible memory");
  if (srcGpu && !dstGpu && src.isTexture3D())
    return refuse(D3D11_MESSAGE_ID_COPYRESOURCE_NO_TEXTURE_3D_READBACK, "COPYRESOURCE_NO_TEXTURE_3D_READBACK",
                  "A Texture3D is not copied from GPU-accessible into CPU-accessible memory");
  if (srcGpu && !dstGpu && src.bindFlags == D3D11_BIND_SHADER_RESOURCE)
    return refuse(D3D11_MESSAGE_ID_COPYRESOURCE_NO_TEXTURE_ONLY_READBACK, "COPYRESOURCE_NO_TEXTURE_ONLY_READBACK",
                  "A resource bound only as a shader resource is not copied from GPU-accessible into CPU-accessible "
                  "memory");
  return true;
}

}  // namespace d3dvk::runtime
