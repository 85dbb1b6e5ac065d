// tests/d3d12: CheckFeatureSupport's format queries — FORMAT_SUPPORT (what
// D3D12 and the device do with a format: known bits per format, and every claim
// cross-checked by creating what it says works), FORMAT_INFO (plane counts) and
// MULTISAMPLE_QUALITY_LEVELS (cross-checked by creating multisampled textures
// and pipeline states at 2x, 4x and 8x: a sample count reported with a level is
// created, one without is refused; on lavapipe 8x has none).
#include "d3d12_pipeline_util.h"
#include "d3d12_test_util.h"

#include <string>

using namespace d3dvk::test;

namespace {

HRESULT formatSupport(ID3D12Device* device, DXGI_FORMAT format, D3D12_FEATURE_DATA_FORMAT_SUPPORT* out) {
  *out = {format, D3D12_FORMAT_SUPPORT1_NONE, D3D12_FORMAT_SUPPORT2_NONE};
  return device->CheckFeatureSupport(D3D12_FEATURE_FORMAT_SUPPORT, out, sizeof(*out));
}

UINT qualityLevels(ID3D12Device* device, DXGI_FORMAT format, UINT samples,
                   D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS flags = D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE) {
  D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS q{format, samples, flags, 99};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &q, sizeof(q)) == S_OK);
  return q.NumQualityLevels;
}

HRESULT createTexture(ID3D12Device* device, D3D12_RESOURCE_DIMENSION dimension, DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags,
                      UINT samples = 1, UINT16 depthOrArray = 1) {
  D3D12_RESOURCE_DESC desc = texture2DDesc(16, 16, format, flags, 1, depthOrArray);
  desc.Dimension = dimension;
  if (dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D) desc.Height = 1;
  desc.SampleDesc.Count = samples;
  D3D12_HEAP_PROPERTIES heap{D3D12_HEAP_TYPE_DEFAULT};
  D3D12_RESOURCE_STATES state = (flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) ? D3D12_RESOURCE_STATE_DEPTH_WRITE
                                : (flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET) ? D3D12_RESOURCE_STATE_RENDER_TARGET
                                                                                    : D3D12_RESOURCE_STATE_COMMON;
  void* r = nullptr;
  HRESULT hr = device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr, __uuidof(ID3D12Resource), &r);
  if (r) static_cast<ID3D12Resource*>(r)->Release();
  return hr;
}

}  // namespace

TEST_CASE("D3D12 CheckFeatureSupport(FORMAT_SUPPORT): known bits per format", "[d3d12][format]") {
  ID3D12Device* device = createDevice12();
  D3D12_FEATURE_DATA_FORMAT_SUPPORT s{};
  REQUIRE(formatSupport(device, DXGI_FORMAT_R8G8B8A8_UNORM, &s) == S_OK);
  for (D3D12_FORMAT_SUPPORT1 bit : {D3D12_FORMAT_SUPPORT1_TEXTURE1D, D3D12_FORMAT_SUPPORT1_TEXTURE2D,
                                    D3D12_FORMAT_SUPPORT1_TEXTURE3D, D3D12_FORMAT_SUPPORT1_TEXTURECUBE,
                                    D3D12_FORMAT_SUPPORT1_MIP, D3D12_FORMAT_SUPPORT1_RENDER_TARGET,
                                    D3D12_FORMAT_SUPPORT1_BLENDABLE, D3D12_FORMAT_SUPPORT1_SHADER_SAMPLE,
                                    D3D12_FORMAT_SUPPORT1_SHADER_LOAD}) {
    INFO("R8G8B8A8_UNORM bit " << std::hex << UINT(bit));
    CHECK((s.Support1 & bit) != 0);
  }
  CHECK(!(s.Support1 & D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL));
  REQUIRE(formatSupport(device, DXGI_FORMAT_D32_FLOAT, &s) == S_OK);
  CHECK((s.Support1 & D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL) != 0);
  CHECK(!(s.Support1 & D3D12_FORMAT_SUPPORT1_RENDER_TARGET));
  CHECK(!(s.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE3D));
  REQUIRE(formatSupport(device, DXGI_FORMAT_R32_UINT, &s) == S_OK);
  CHECK((s.Support1 & D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER) != 0);
  CHECK((s.Support1 & D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW) != 0);
  CHECK((s.Support2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD) != 0);
  CHECK((s.Support2 & D3D12_FORMAT_SUPPORT2_UAV_ATOMIC_ADD) != 0);
  REQUIRE(formatSupport(device, DXGI_FORMAT_R32G32B32A32_FLOAT, &s) == S_OK);
  CHECK((s.Support1 & D3D12_FORMAT_SUPPORT1_IA_VERTEX_BUFFER) != 0);
  // D3D's typed-UAV-load set (R32G32B32A32_FLOAT, R8G8B8A8_UNORM, R16_FLOAT …) all or none, as OPTIONS says.
  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof options) == S_OK);
  for (DXGI_FORMAT f : {DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_FORMAT_R16G16B16A16_UINT, DXGI_FORMAT_R8G8B8A8_UNORM,
                        DXGI_FORMAT_R16_FLOAT, DXGI_FORMAT_R8_SINT}) {
    INFO("format " << int(f));
    D3D12_FEATURE_DATA_FORMAT_SUPPORT member{};
    REQUIRE(formatSupport(device, f, &member) == S_OK);
    CHECK(((member.Support2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD) != 0) == bool(options.TypedUAVLoadAdditionalFormats));
  }
  // Formats outside D3D's typed-load lists never claim it.
  REQUIRE(formatSupport(device, DXGI_FORMAT_B8G8R8A8_UNORM, &s) == S_OK);
  CHECK(!(s.Support2 & D3D12_FORMAT_SUPPORT2_UAV_TYPED_LOAD));
  CHECK(!(s.Support1 & D3D12_FORMAT_SUPPORT1_IA_INDEX_BUFFER));
  // A wrong data size is E_INVALIDARG.
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_FORMAT_SUPPORT, &s, sizeof(s) - 1) == E_INVALIDARG);
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 CheckFeatureSupport(FORMAT_SUPPORT): every claim creates what it says", "[d3d12][format]") {
  ID3D12Device* device = createDevice12();
  int checked = 0;
  for (int f = 1; f <= int(DXGI_FORMAT_B4G4R4A4_UNORM); ++f) {
    const DXGI_FORMAT format = DXGI_FORMAT(f);
    D3D12_FEATURE_DATA_FORMAT_SUPPORT s{};
    const HRESULT hr = formatSupport(device, format, &s);
    INFO("DXGI format " << f);
    if (FAILED(hr)) {
      CHECK(s.Support1 == D3D12_FORMAT_SUPPORT1_NONE);
      continue;
    }
    auto has = [&](D3D12_FORMAT_SUPPORT1 bit) { return (s.Support1 & bit) != 0; };
    const D3D12_RESOURCE_FLAGS none = D3D12_RESOURCE_FLAG_NONE;
    if (has(D3D12_FORMAT_SUPPORT1_TEXTURE2D)) {
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, none) == S_OK);
      ++checked;
    }
    if (has(D3D12_FORMAT_SUPPORT1_TEXTURE1D))
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE1D, format, none) == S_OK);
    if (has(D3D12_FORMAT_SUPPORT1_TEXTURE3D))
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE3D, format, none, 1, 4) == S_OK);
    if (has(D3D12_FORMAT_SUPPORT1_TEXTURECUBE))
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, none, 1, 6) == S_OK);
    if (has(D3D12_FORMAT_SUPPORT1_RENDER_TARGET))
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET) == S_OK);
    if (has(D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL))
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) == S_OK);
    if (has(D3D12_FORMAT_SUPPORT1_TYPED_UNORDERED_ACCESS_VIEW))
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) == S_OK);
    if (has(D3D12_FORMAT_SUPPORT1_MULTISAMPLE_RENDERTARGET)) {
      CHECK(qualityLevels(device, format, 4) >= 1);
      const D3D12_RESOURCE_FLAGS target = has(D3D12_FORMAT_SUPPORT1_DEPTH_STENCIL) ? D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL
                                                                                    : D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, target, 4) == S_OK);
    }
  }
  CHECK(checked > 50);  // the formats d3dvk backs
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 CheckFeatureSupport(FORMAT_INFO): plane counts", "[d3d12][format]") {
  ID3D12Device* device = createDevice12();
  auto planes = [&](DXGI_FORMAT format) {
    D3D12_FEATURE_DATA_FORMAT_INFO info{format, 0};
    HRESULT hr = device->CheckFeatureSupport(D3D12_FEATURE_FORMAT_INFO, &info, sizeof(info));
    return FAILED(hr) ? -1 : int(info.PlaneCount);
  };
  CHECK(planes(DXGI_FORMAT_R8G8B8A8_UNORM) == 1);
  CHECK(planes(DXGI_FORMAT_BC1_UNORM) == 1);
  CHECK(planes(DXGI_FORMAT_D32_FLOAT) == 1);
  CHECK(planes(DXGI_FORMAT_D24_UNORM_S8_UINT) == 2);
  CHECK(planes(DXGI_FORMAT_R24G8_TYPELESS) == 2);
  CHECK(planes(DXGI_FORMAT_D32_FLOAT_S8X24_UINT) == 2);
  CHECK(planes(DXGI_FORMAT_R32G8X24_TYPELESS) == 2);
  CHECK(planes(DXGI_FORMAT_UNKNOWN) == -1);
  CHECK(planes(DXGI_FORMAT(5000)) == -1);
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 CheckFeatureSupport(MULTISAMPLE_QUALITY_LEVELS): 2x 4x 8x as the device creates them", "[d3d12][format]") {
  ID3D12Device* device = createDevice12();
  for (DXGI_FORMAT format : {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R32_FLOAT,
                             DXGI_FORMAT_D32_FLOAT, DXGI_FORMAT_D24_UNORM_S8_UINT}) {
    const bool depth = format == DXGI_FORMAT_D32_FLOAT || format == DXGI_FORMAT_D24_UNORM_S8_UINT;
    const D3D12_RESOURCE_FLAGS flags = depth ? D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL : D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
    CHECK(qualityLevels(device, format, 1) == 1);
    for (UINT samples : {2u, 4u, 8u, 16u}) {
      INFO("format " << int(format) << " at " << samples << " samples");
      const UINT levels = qualityLevels(device, format, samples);
      CHECK(levels <= 1);
      CHECK(createTexture(device, D3D12_RESOURCE_DIMENSION_TEXTURE2D, format, flags, samples) ==
            (levels ? S_OK : E_INVALIDARG));
      // No tiled resources: none with the TILED_RESOURCE flag.
      CHECK(qualityLevels(device, format, samples, D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_TILED_RESOURCE) == 0);
    }
    CHECK(qualityLevels(device, format, 3) == 0);  // not a power of two
  }
  // lavapipe's images have 1 and 4 samples only (VkImageFormatProperties::sampleCounts).
  CHECK(qualityLevels(device, DXGI_FORMAT_R8G8B8A8_UNORM, 4) == 1);
  D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS q{DXGI_FORMAT_R8G8B8A8_UNORM, 4, D3D12_MULTISAMPLE_QUALITY_LEVEL_FLAGS(8), 0};
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &q, sizeof(q)) == E_INVALIDARG);
  CHECK(device->CheckFeatureSupport(D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &q, sizeof(q) + 4) == E_INVALIDARG);
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 pipeline states take the sample counts MULTISAMPLE_QUALITY_LEVELS reports", "[d3d12][format]") {
  ID3D12Device* device = createDevice12();
  ID3D12RootSignature* rs = graphicsRootSignature(device);
  const std::vector<uint8_t> vs = assembled(kPipelineVsPosition), ps = assembled(kPipelinePsConstant);
  for (UINT samples : {1u, 2u, 4u, 8u, 16u}) {
    INFO(samples << " samples");
    D3D12_GRAPHICS_PIPELINE_STATE_DESC d = constantColourPsoDesc(rs, vs, ps);
    d.SampleDesc.Count = samples;
    const bool supported = qualityLevels(device, DXGI_FORMAT_R8G8B8A8_UNORM, samples) >= 1;
    void* pso = nullptr;
    CHECK(device->CreateGraphicsPipelineState(&d, __uuidof(ID3D12PipelineState), &pso) == (supported ? S_OK : E_INVALIDARG));
    CHECK((pso != nullptr) == supported);
    if (pso) static_cast<ID3D12PipelineState*>(pso)->Release();
  }
  rs->Release();
  CHECK(device->Release() == 0);
}
