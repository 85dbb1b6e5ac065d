// runtime/d3d12/d3d12_feature_support.cpp — ID3D12Device::CheckFeatureSupport
// for every D3D12_FEATURE of d3d12.h: what d3dvk
// implements, answered truthfully (feature level 11_1, shader model 5.1, root
// signature 1.1, resource binding tier 1, no tiled resources, no wave ops, no
// view instancing, render passes tier 0, …), and the format queries
// (FORMAT_SUPPORT, FORMAT_INFO, MULTISAMPLE_QUALITY_LEVELS) from the runtime's
// format rules and the driver's Vulkan format properties. A data size other than the
// feature's struct, an input out of range or a node other than 0 is
// E_INVALIDARG, as D3D12 answers.
#include "d3d11_format_support.h"
#include "d3d12_device.h"
#include "d3d12_footprints.h"
#include "d3d12_resource.h"
#include "raw_enum.h"

#include <cstring>

namespace d3dvk::runtime {

namespace {

// The struct of `feature` when `size` is its size, zero-filled where it is all output.
template <typename T>
T* featureData(void* data, UINT size, bool clear = true) {
  if (size != sizeof(T)) return nullptr;
  auto* out = static_cast<T*>(data);
  if (clear) std::memset(out, 0, sizeof(T));
  return out;
}

}  // namespace

HRESULT D3D12Device::checkFeature(D3D12_FEATURE feature, void* data, UINT size) {
  switch (rawEnum(feature)) {
    case D3D12_FEATURE_D3D12_OPTIONS: {
      auto* out = featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS>(data, size);
      if (!out) return E_INVALIDARG;
      D3D12DDI_D3D12_OPTIONS_DATA_0032 caps;
      HRESULT hr = queryOptions(&caps);
      if (FAILED(hr)) return hr;
      // The shader translator has no doubles, no minimum precision, no
      // SV_StencilRef and no rasterizer-ordered views: those stay FALSE / NONE.
      out->ConservativeRasterizationTier = static_cast<D3D12_CONSERVATIVE_RASTERIZATION_TIER>(caps.ConservativeRasterizationTier);
      out->ResourceBindingTier = static_cast<D3D12_RESOURCE_BINDING_TIER>(caps.ResourceBindingTier);
      out->TiledResourcesTier = static_cast<D3D12_TILED_RESOURCES_TIER>(caps.TiledResourcesTier);
      out->ResourceHeapTier = static_cast<D3D12_RESOURCE_HEAP_TIER>(caps.ResourceHeapTier);
      out->CrossNodeSharingTier = static_cast<D3D12_CROSS_NODE_SHARING_TIER>(caps.CrossNodeSharingTier);
      out->OutputMergerLogicOp = caps.OutputMergerLogicOp;
      out->VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation =
          caps.VPAndRTArrayIndexFromAnyShaderFeedingRasterizerSupportedWithoutGSEmulation;
      out->MaxGPUVirtualAddressBitsPerResource = 40;
      {  // D3D's "supported as a set" typed-UAV-load formats: the driver reports all or none.
        D3D12_FEATURE_DATA_FORMAT_SUPPORT set{DXGI_FORMAT_R32G32B32A32_FLOAT};
        out->TypedUAVLoadAdditionalFormats =
            SUCCEEDED(formatSupport(&set)) && (set.Support2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD);
      }
      return S_OK;
    }
    case D3D12_FEATURE_D3D12_OPTIONS1: {
      auto* out = featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS1>(data, size);
      if (!out) return E_INVALIDARG;
      out->ExpandedComputeResourceStates = TRUE;  // compute lists take every state of a compute queue
      return S_OK;                                 // wave ops and 64-bit integers are shader model 6
    }
    case D3D12_FEATURE_D3D12_OPTIONS2: {
      auto* out = featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS2>(data, size);
      if (!out) return E_INVALIDARG;
      // No depth-bounds test in pipeline states, no programmable sample positions
      // (ID3D12GraphicsCommandList1's OMSetDepthBounds / SetSamplePositions keep nothing the pipeline reads).
      return S_OK;
    }
    case D3D12_FEATURE_ARCHITECTURE: {
      auto* out = featureData<D3D12_FEATURE_DATA_ARCHITECTURE>(data, size, false);
      if (!out || out->NodeIndex != 0) return E_INVALIDARG;
      // DEFAULT heaps are device-local (GetCustomHeapProperties: L1): not UMA.
      out->TileBasedRenderer = out->UMA = out->CacheCoherentUMA = FALSE;
      return S_OK;
    }
    case D3D12_FEATURE_ARCHITECTURE1: {
      auto* out = featureData<D3D12_FEATURE_DATA_ARCHITECTURE1>(data, size, false);
      if (!out || out->NodeIndex != 0) return E_INVALIDARG;
      out->TileBasedRenderer = out->UMA = out->CacheCoherentUMA = FALSE;
      out->IsolatedMMU = TRUE;  // the UMD hands out GPU virtual addresses of its own
      return S_OK;
    }
    case D3D12_FEATURE_FEATURE_LEVELS: {
      auto* out = featureData<D3D12_FEATURE_DATA_FEATURE_LEVELS>(data, size, false);
      if (!out || !out->NumFeatureLevels || !out->pFeatureLevelsRequested) return E_INVALIDARG;
      // The highest requested level the device supports (11_0 and 11_1).
      int best = 0;
      for (UINT i = 0; i < out->NumFeatureLevels; ++i) {
        const int level = rawEnum(out->pFeatureLevelsRequested[i]);
        if (level >= D3D_FEATURE_LEVEL_11_0 && level <= featureLevel_ && level > best) best = level;
      }
      if (!best) return DXGI_ERROR_UNSUPPORTED;
      out->MaxSupportedFeatureLevel = static_cast<D3D_FEATURE_LEVEL>(best);
      return S_OK;
    }
    case D3D12_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT: {
      auto* out = featureData<D3D12_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT>(data, size);
      if (!out) return E_INVALIDARG;
      out->MaxGPUVirtualAddressBitsPerResource = 40;
      out->MaxGPUVirtualAddressBitsPerProcess = 40;
      return S_OK;
    }
    case D3D12_FEATURE_SHADER_MODEL: {
      auto* out = featureData<D3D12_FEATURE_DATA_SHADER_MODEL>(data, size, false);
      if (!out) return E_INVALIDARG;
      const int asked = rawEnum(out->HighestShaderModel);
      if (asked < D3D_SHADER_MODEL_5_1 || asked > D3D_HIGHEST_SHADER_MODEL) return E_INVALIDARG;
      out->HighestShaderModel = D3D_SHADER_MODEL_5_1;  // DXBC up to 5.1; DXIL is refused
      return S_OK;
    }
    case D3D12_FEATURE_ROOT_SIGNATURE: {
      auto* out = featureData<D3D12_FEATURE_DATA_ROOT_SIGNATURE>(data, size, false);
      if (!out) return E_INVALIDARG;
      const int asked = rawEnum(out->HighestVersion);
      if (asked < D3D_ROOT_SIGNATURE_VERSION_1_0 || asked > D3D_ROOT_SIGNATURE_VERSION_1_1) return E_INVALIDARG;
      return S_OK;  // both versions: the asked one stands
    }
    case D3D12_FEATURE_SHADER_CACHE: {
      auto* out = featureData<D3D12_FEATURE_DATA_SHADER_CACHE>(data, size);
      if (!out) return E_INVALIDARG;
      // GetCachedBlob and CachedPSO; ID3D12PipelineLibrary (d3d12_pipeline_library.h).
      out->SupportFlags = D3D12_SHADER_CACHE_SUPPORT_FLAGS(D3D12_SHADER_CACHE_SUPPORT_SINGLE_PSO | D3D12_SHADER_CACHE_SUPPORT_LIBRARY);
      return S_OK;
    }
    case D3D12_FEATURE_COMMAND_QUEUE_PRIORITY: {
      auto* out = featureData<D3D12_FEATURE_DATA_COMMAND_QUEUE_PRIORITY>(data, size, false);
      if (!out) return E_INVALIDARG;
      const int type = rawEnum(out->CommandListType);
      if (type != D3D12_COMMAND_LIST_TYPE_DIRECT && type != D3D12_COMMAND_LIST_TYPE_COMPUTE &&
          type != D3D12_COMMAND_LIST_TYPE_COPY)
        return E_INVALIDARG;
      // Every queue submits to one Vulkan queue: only NORMAL is what it says.
      out->PriorityForTypeIsSupported = out->Priority == D3D12_COMMAND_QUEUE_PRIORITY_NORMAL;
      return S_OK;
    }
    case D3D12_FEATURE_D3D12_OPTIONS3: {
      auto* out = featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS3>(data, size);
      if (!out) return E_INVALIDARG;
      // WriteBufferImmediate on direct, bundle, compute and copy lists (the driver's command-list extension table).
      out->WriteBufferImmediateSupportFlags =
          ddi().listExt().pfnWriteBufferImmediate
              ? D3D12_COMMAND_LIST_SUPPORT_FLAGS(D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT | D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE |
                                                 D3D12_COMMAND_LIST_SUPPORT_FLAG_COMPUTE | D3D12_COMMAND_LIST_SUPPORT_FLAG_COPY)
              : D3D12_COMMAND_LIST_SUPPORT_FLAG_NONE;
      out->ViewInstancingTier = D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED;
      return S_OK;  // no copy-queue timestamps, no casting of fully typed formats, no barycentrics
    }
    case D3D12_FEATURE_EXISTING_HEAPS: {
      auto* out = featureData<D3D12_FEATURE_DATA_EXISTING_HEAPS>(data, size);
      return out ? S_OK : E_INVALIDARG;  // OpenExistingHeapFrom*: not implemented
    }
    case D3D12_FEATURE_D3D12_OPTIONS4: {
      auto* out = featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS4>(data, size);
      if (!out) return E_INVALIDARG;
      out->SharedResourceCompatibilityTier = D3D12_SHARED_RESOURCE_COMPATIBILITY_TIER_0;
      return S_OK;
    }
    case D3D12_FEATURE_SERIALIZATION: {
      auto* out = featureData<D3D12_FEATURE_DATA_SERIALIZATION>(data, size, false);
      if (!out || out->NodeIndex != 0) return E_INVALIDARG;
      out->HeapSerializationTier = D3D12_HEAP_SERIALIZATION_TIER_0;
      return S_OK;
    }
    case D3D12_FEATURE_CROSS_NODE: {
      auto* out = featureData<D3D12_FEATURE_DATA_CROSS_NODE>(data, size);
      if (!out) return E_INVALIDARG;
      out->SharingTier = D3D12_CROSS_NODE_SHARING_TIER_NOT_SUPPORTED;
      return S_OK;
    }
    case D3D12_FEATURE_D3D12_OPTIONS5: {
      auto* out = featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS5>(data, size);
      if (!out) return E_INVALIDARG;
      out->RenderPassesTier = D3D12_RENDER_PASS_TIER_0;
      out->RaytracingTier = D3D12_RAYTRACING_TIER_NOT_SUPPORTED;
      return S_OK;
    }
    case D3D12_FEATURE_DISPLAYABLE: {
      auto* out = featureData<D3D12_FEATURE_DATA_DISPLAYABLE>(data, size);
      return out ? S_OK : E_INVALIDARG;
    }
    case D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_SUPPORT: {
      auto* out = featureData<D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_SUPPORT>(data, size, false);
      if (!out || out->NodeIndex != 0) return E_INVALIDARG;
      out->Support = D3D12_PROTECTED_RESOURCE_SESSION_SUPPORT_FLAG_NONE;
      return S_OK;
    }
    case D3D12_FEATURE_PROTECTED_RESOURCE_SESSION_TYPE_COUNT: {
      auto* out = featureData<D3D12_FEATURE_DATA_PROTECTED_RESOURCE_SESSION_TYPE_COUNT>(data, size, false);
      if (!out || out->NodeIndex != 0) return E_INVALIDARG;
      out->Count = 0;
      return S_OK;
    }
    // Everything of these is output, and none of it is implemented: mesh
    // shaders, sampler feedback, variable-rate shading, enhanced barriers, ….
    case D3D12_FEATURE_D3D12_OPTIONS6: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS6>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS7: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS7>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS8: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS8>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS9: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS9>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS10: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS10>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS11: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS11>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS12: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS12>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS13: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS13>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS14: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS14>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_D3D12_OPTIONS15: return featureData<D3D12_FEATURE_DATA_D3D12_OPTIONS15>(data, size) ? S_OK : E_INVALIDARG;
    case D3D12_FEATURE_FORMAT_SUPPORT: {
      auto* out = featureData<D3D12_FEATURE_DATA_FORMAT_SUPPORT>(data, size, false);
      if (!out) return E_INVALIDARG;
      return formatSupport(out);
    }
    case D3D12_FEATURE_FORMAT_INFO: {
      auto* out = featureData<D3D12_FEATURE_DATA_FORMAT_INFO>(data, size, false);
      if (!out) return E_INVALIDARG;
      // The plane count of a format the runtime knows (2: the depth-stencil
      // formats and their families; 1 otherwise); E_INVALIDARG for other values.
      FormatBlock block;
      if (!formatBlock(out->Format, 0, &block)) return E_INVALIDARG;
      out->PlaneCount = UINT8(formatPlaneCount(out->Format));
      return S_OK;
    }
    case D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS: {
      auto* out = featureData<D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS>(data, size, false);
      if (!out) return E_INVALIDARG;
      out->NumQualityLevels = 0;
      if (rawEnum(out->Flags) & ~D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE) return E_INVALIDARG;
      if (out->SampleCount == 0 || out->SampleCount > D3D12_MAX_MULTISAMPLE_SAMPLE_COUNT) return E_FAIL;
      if (out->Format == DXGI_FORMAT_UNKNOWN) {  // D3D12: one level at a single sample, none otherwise
        out->NumQualityLevels = out->SampleCount == 1 ? 1 : 0;
        return S_OK;
      }
      out->NumQualityLevels = qualityLevels(out->Format, out->SampleCount, out->Flags);
      return S_OK;
    }
    default:
      return E_INVALIDARG;  // meta commands, values d3d12.h does not define
  }
}

UINT D3D12Device::qualityLevels(DXGI_FORMAT format, UINT sampleCount, D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags) {
  FormatBlock block;
  if (sampleCount == 1) return formatBlock(format, 0, &block) ? 1 : 0;  // every format the runtime knows has one level at 1x
  UINT levels = 0;
  ddi().core().pfnCheckMultisampleQualityLevels(ddi().handle(), format, sampleCount,
                                               D3D12DDI_MULTISAMPLE_QUALITY_LEVEL_FLAGS(rawEnum(flags)), &levels);
  return levels;
}

// D3D12_FORMAT_SUPPORT1/2 from the runtime's format rules and the driver's
// caps (shared with D3D11: d3d11_format_support.h), plus what D3D12 resources
// add: Texture1D wherever Texture3D works (but block-compressed formats), TextureCube wherever Texture2D does.
HRESULT D3D12Device::formatSupport(D3D12_FEATURE_DATA_FORMAT_SUPPORT* out) {
  const DXGI_FORMAT format = out->Format;
  out->Support1 = D3D12_FORMAT_SUPPORT1_NONE;
  out->Support2 = D3D12_FORMAT_SUPPORT2_NONE;
  auto driverCaps = [&](UINT* caps) {
    DdiErrorScope12 errors("ID3D12Device::CheckFeatureSupport");
    ddi().core().pfnCheckFormatSupport(ddi().handle(), format, caps);
    return errors.first();
  };
  auto levels = [&](DXGI_FORMAT f, UINT samples) { return qualityLevels(f, samples, D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE); };
  UINT s1 = 0, s2 = 0;
  HRESULT hr = formatSupportBits(featureLevel_, format, driverCaps, levels, &s1, &s2);
  // Block-compressed formats have no Texture1D (a row of texels is no 4x4 block).
  FormatBlock block;
  if ((s1 & D3D12_FORMAT_SUPPORT1_TEXTURE3D) && formatBlock(format, 0, &block) && block.width == 1)
    s1 |= D3D12_FORMAT_SUPPORT1_TEXTURE1D;
  if (s1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D) s1 |= D3D12_FORMAT_SUPPORT1_TEXTURECUBE;
  out->Support1 = D3D12_FORMAT_SUPPORT1(s1);
  out->Support2 = D3D12_FORMAT_SUPPORT2(s2);
  return hr;
}

}  // namespace d3dvk::runtime
