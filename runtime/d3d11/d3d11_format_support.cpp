// runtime/d3d11/d3d11_format_support.cpp — what a format can do on this
// device through d3dvk: ID3D11Device::CheckFormatSupport and the bits behind
// CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT / FORMAT_SUPPORT2). One
// function (formatSupportBits, which D3D12's CheckFeatureSupport shares) combines the runtime's own rules for a
// format (formatFacts: which resource kinds and bindings d3dvk accepts, which
// vertex and index formats the input assembler takes) with what the driver
// reports for the Vulkan format behind it (pfnCheckFormatSupport: whether it
// makes textures of it at all (NOT_SUPPORTED: buffers only), sampling with
// filtering, render target, blending, typed UAV stores and loads, multisampling), so a
// bit is set only where creating and using the format that way works, at the
// device's feature level (no typed UAVs below 11_0, BC4–BC7 by level).
#include "d3d11_format_support.h"
#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "d3d11_input_layout.h"
#include "d3d11_level9.h"
#include "d3d11_resource_validation.h"

namespace d3dvk::runtime {

namespace {

HRESULT deviceFormatSupportBits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format,
                                const std::function<HRESULT(UINT*)>& driverCaps,
                                const std::function<UINT(DXGI_FORMAT, UINT)>& qualityLevels, UINT* support,
                                UINT* support2) {
  *support = *support2 = 0;
  if (!formatAtLevel(level, format)) return E_FAIL;
  const FormatFacts facts = formatFacts(format);
  UINT s = 0;
  // Buffer-only uses: vertex and index formats of the input assembler.
  if (vertexElementBytes(format)) s |= D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER;
  // 32-bit indices from 9_2 (9_1 hardware has 16-bit index buffers only).
  if (format == DXGI_FORMAT_R16_UINT || (format == DXGI_FORMAT_R32_UINT && level >= D3D_FEATURE_LEVEL_9_2))
    s |= D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER;
  if (!facts.supported) {
    *support = s;
    return s ? S_OK : E_FAIL;  // D3D11: E_FAIL for a format the device cannot use at all
  }
  UINT caps = 0;
  if (HRESULT hr = driverCaps(&caps); FAILED(hr)) return hr;
  // The driver makes no texture of this format (its Vulkan device has no such
  // image): buffer uses only, as it reports them.
  if (caps & D3D10_DDI_FORMAT_SUPPORT_NOT_SUPPORTED) {
    if ((caps & D3D11_1DDI_FORMAT_SUPPORT_BUFFER) && !facts.typeless) s |= D3D11_FORMAT_SUPPORT_BUFFER;
    *support = s;
    return s ? S_OK : E_FAIL;
  }
  // The formats D3D11 makes optional that Vulkan devices may lack (BC without
  // textureCompressionBC, B4G4R4A4 without the 4444 formats): not sampled,
  // not there at all (creation fails the same way).
  const bool optional = facts.blockDim > 1 || format == DXGI_FORMAT_B4G4R4A4_UNORM;
  if (optional && !(caps & D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE)) {
    *support = s;
    return s ? S_OK : E_FAIL;
  }
  s |= D3D11_FORMAT_SUPPORT_TEXTURE2D | D3D11_FORMAT_SUPPORT_CPU_LOCKABLE;
  // Depth formats and the R24G8 / R32G8X24 families (which live in a depth-stencil image) are 2D only.
  if (!facts.depth && !depthStencilOnlyFamily(facts.family)) s |= D3D11_FORMAT_SUPPORT_TEXTURE3D;
  // Typed buffer views take typed formats only.
  if ((caps & D3D11_1DDI_FORMAT_SUPPORT_BUFFER) && !facts.typeless) s |= D3D11_FORMAT_SUPPORT_BUFFER;
  if (facts.typeless) {  // a resource format only: what its views can do is their formats' business
    *support = s | D3D11_FORMAT_SUPPORT_MIP;
    return S_OK;
  }
  if (facts.depth) {
    s |= D3D11_FORMAT_SUPPORT_DEPTH_STENCIL;
    if (qualityLevels(format, 4)) s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
    *support = s;
    return S_OK;
  }
  s |= D3D11_FORMAT_SUPPORT_MIP | D3D11_FORMAT_SUPPORT_SHADER_LOAD;
  if (caps & D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE) s |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE;
  // The depth members of D24S8 and D32S8X24 are only ever views of a depth image: comparison sampling works on them.
  if (format == DXGI_FORMAT_R24_UNORM_X8_TYPELESS || format == DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS)
    s |= D3D11_FORMAT_SUPPORT_SHADER_SAMPLE_COMPARISON | D3D11_FORMAT_SUPPORT_SHADER_GATHER_COMPARISON;
  if (facts.renderTarget && (caps & D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET)) {
    s |= D3D11_FORMAT_SUPPORT_RENDER_TARGET;
    if (caps & D3D10_DDI_FORMAT_SUPPORT_BLENDABLE) s |= D3D11_FORMAT_SUPPORT_BLENDABLE;
    if (caps & D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET) {
      s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET;
      if (!facts.integer) s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_RESOLVE;
    }
    if (caps & D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD) s |= D3D11_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
  }
  if (facts.blockDim == 1 && (caps & D3D11_1DDI_FORMAT_SUPPORT_UAV_WRITES) &&
      featureLevelLimits(level).textureUav) {
    s |= D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
    UINT s2 = D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE;
    // Typed UAV loads where the driver has them (R32_* always; D3D11.3's other
    // formats by the device: translate/state/typed_uav_loads.h); atomics on the R32 integers.
    if (caps & D3DWDDM2_0DDI_FORMAT_SUPPORT_UAV_READS) s2 |= D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD;
    if (format == DXGI_FORMAT_R32_UINT || format == DXGI_FORMAT_R32_SINT)
      s2 |= D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_ADD | D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_BITWISE_OPS |
            D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_COMPARE_STORE_OR_COMPARE_EXCHANGE | D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_EXCHANGE |
            D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_SIGNED_MIN_OR_MAX | D3D11_FORMAT_SUPPORT2_UAV_ATOMIC_UNSIGNED_MIN_OR_MAX;
    *support2 = s2;
  }
  *support = s;
  return S_OK;
}

}  // namespace

HRESULT formatSupportBits(D3D_FEATURE_LEVEL level, DXGI_FORMAT format, const std::function<HRESULT(UINT*)>& driverCaps,
                          const std::function<UINT(DXGI_FORMAT, UINT)>& qualityLevels, UINT* support, UINT* support2) {
  HRESULT hr = deviceFormatSupportBits(level, format, driverCaps, qualityLevels, support, support2);
  if (FAILED(hr) || !level9(level)) return hr;
  // 10level9: what the device does, within the level's format table (no typed
  // buffers, 1D textures, gathers or UAVs there at all).
  *support &= level9FormatSupportMask(level, format);
  *support2 = 0;
  return *support ? S_OK : E_FAIL;
}

HRESULT D3D11Device::formatSupport(DXGI_FORMAT format, UINT* support, UINT* support2) {
  auto driverCaps = [&](UINT* caps) {
    DdiErrorScope errors;
    ddi_->funcs().pfnCheckFormatSupport(ddi_->handle(), format, caps);
    return errors.first();
  };
  auto levels = [&](DXGI_FORMAT f, UINT samples) { return qualityLevels(f, samples); };
  return formatSupportBits(featureLevel_, format, driverCaps, levels, support, support2);
}

HRESULT STDMETHODCALLTYPE D3D11Device::CheckFormatSupport(DXGI_FORMAT Format, UINT* pFormatSupport) try {
  if (!pFormatSupport) return E_INVALIDARG;
  UINT support2 = 0;
  return formatSupport(Format, pFormatSupport, &support2);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
