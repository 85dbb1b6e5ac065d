// tests/formats: CheckFormatSupport and CheckFeatureSupport through the public
// API on lavapipe, cross-checked against use. For every DXGI format value
// 1..115: FORMAT_SUPPORT answers what CheckFormatSupport does; each bit it
// claims is exercised (a Texture2D / Texture3D created, an SRV read by ld or
// sample_l in a compute shader, a render target or depth-stencil view
// cleared, a typed UAV cleared, a 4x multisampled target created, an input
// layout of the vertex format, a typed buffer view), and a format that claims
// no Texture2D support is refused by CreateTexture2D. Also the other
// D3D11_FEATURE queries: their answers, and E_INVALIDARG with the debug
// layer's message for a wrong data size.
#include "formats_test_util.h"

#include "draw_test_util.h"

#include <algorithm>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// The *_UINT and *_SINT formats (written here from DXGI's list): their views need integer shaders.
bool isUint(DXGI_FORMAT f) {
  switch (f) {
    case DXGI_FORMAT_R32G32B32A32_UINT: case DXGI_FORMAT_R32G32B32_UINT: case DXGI_FORMAT_R16G16B16A16_UINT:
    case DXGI_FORMAT_R32G32_UINT: case DXGI_FORMAT_R10G10B10A2_UINT: case DXGI_FORMAT_R8G8B8A8_UINT:
    case DXGI_FORMAT_R16G16_UINT: case DXGI_FORMAT_R32_UINT: case DXGI_FORMAT_R8G8_UINT: case DXGI_FORMAT_R16_UINT:
    case DXGI_FORMAT_R8_UINT: case DXGI_FORMAT_X24_TYPELESS_G8_UINT: case DXGI_FORMAT_X32_TYPELESS_G8X24_UINT:
      return true;
    default: return false;
  }
}
bool isSint(DXGI_FORMAT f) {
  switch (f) {
    case DXGI_FORMAT_R32G32B32A32_SINT: case DXGI_FORMAT_R32G32B32_SINT: case DXGI_FORMAT_R16G16B16A16_SINT:
    case DXGI_FORMAT_R32G32_SINT: case DXGI_FORMAT_R8G8B8A8_SINT: case DXGI_FORMAT_R16G16_SINT:
    case DXGI_FORMAT_R32_SINT: case DXGI_FORMAT_R8G8_SINT: case DXGI_FORMAT_R16_SINT: case DXGI_FORMAT_R8_SINT:
      return true;
    default: return false;
  }
}
bool isBlockCompressed(DXGI_FORMAT f) {
  return (f >= DXGI_FORMAT_BC1_TYPELESS && f <= DXGI_FORMAT_BC5_SNORM) ||
         (f >= DXGI_FORMAT_BC6H_TYPELESS && f <= DXGI_FORMAT_BC7_UNORM_SRGB);
}

// t0.Load(0, 0) (or a point sample at its centre) into u0[0], with the view's return type.
std::string readOneListing(const char* type, bool sample) {
  std::string t = std::string("(") + type + "," + type + "," + type + "," + type + ")";
  return std::string("cs_5_0\n") + (sample ? "dcl_sampler s0, mode_default\n" : "") + "dcl_resource_texture2d " + t +
         " t0\ndcl_uav_structured u0, 16\ndcl_temps 1\ndcl_thread_group 1, 1, 1\n" +
         (sample ? "sample_l r0.xyzw, l(0.1, 0.1, 0, 0), t0.xyzw, s0, l(0)\n"
                 : "ld r0.xyzw, l(0, 0, 0, 0), t0.xyzw\n") +
         "store_structured u0.xyzw, l(0), l(0), r0.xyzw\nret\n";
}

void runOnce(RenderDevice& d, ID3D11ShaderResourceView* view, const std::string& listing) {
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(4, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  Com<ID3D11UnorderedAccessView> uav = structuredUav(d, out.get(), 1);
  Com<ID3D11ComputeShader> cs = computeShader(d, listing.c_str());
  Com<ID3D11SamplerState> sampler = pointSampler(d);
  ID3D11SamplerState* samplers[] = {sampler.get()};
  d.context->CSSetShader(cs.get(), nullptr, 0);
  d.context->CSSetShaderResources(0, 1, &view);
  d.context->CSSetSamplers(0, 1, samplers);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);
  ID3D11ShaderResourceView* none = nullptr;
  d.context->CSSetShaderResources(0, 1, &none);
  readBuffer(d, out.get());
}

}  // namespace

TEST_CASE("CheckFormatSupport claims only what creating and using the format does", "[formats][support]") {
  RenderDevice d;
  const std::vector<uint8_t> vsCode = assembled(kVsPosition);
  int claimedTexture2D = 0;
  for (int value = 1; value <= int(DXGI_FORMAT_B4G4R4A4_UNORM); ++value) {
    const DXGI_FORMAT format = DXGI_FORMAT(value);
    INFO("DXGI_FORMAT " << value);
    UINT support = 0;
    const HRESULT hr = d->CheckFormatSupport(format, &support);
    CHECK((hr == S_OK || (hr == E_FAIL && support == 0)));
    D3D11_FEATURE_DATA_FORMAT_SUPPORT fs{format, 0xFFFFFFFF};
    CHECK(d->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT, &fs, sizeof fs) == hr);
    CHECK(fs.OutFormatSupport == support);
    D3D11_FEATURE_DATA_FORMAT_SUPPORT2 fs2{format, 0xFFFFFFFF};
    CHECK(d->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2, &fs2, sizeof fs2) == hr);
    const bool uavClaimed = support & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
    CHECK(bool(fs2.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_UAV_TYPED_STORE) == uavClaimed);

    const bool integer = isUint(format) || isSint(format);
    const UINT side = 8;
    const bool depth = support & D3D11_FORMAT_SUPPORT_DEPTH_STENCIL;
    if (!(support & D3D11_FORMAT_SUPPORT_TEXTURE2D)) {
      D3D11_TEXTURE2D_DESC desc = texture2DDesc(side, side, format, 0);
      Com<ID3D11Texture2D> t;
      CHECK(FAILED(d->CreateTexture2D(&desc, nullptr, t.out())));
    } else {
      // R32G32B32 textures are optional in D3D11 (NVIDIA makes no such image).
      const bool optional = format >= DXGI_FORMAT_R32G32B32_TYPELESS && format <= DXGI_FORMAT_R32G32B32_SINT;
      if (!optional) ++claimedTexture2D;
      UINT bind = 0;
      if (support & (D3D11_FORMAT_SUPPORT_SHADER_LOAD | D3D11_FORMAT_SUPPORT_SHADER_SAMPLE)) bind |= D3D11_BIND_SHADER_RESOURCE;
      if (support & D3D11_FORMAT_SUPPORT_RENDER_TARGET) bind |= D3D11_BIND_RENDER_TARGET;
      if (depth) bind |= D3D11_BIND_DEPTH_STENCIL;
      if (uavClaimed) bind |= D3D11_BIND_UNORDERED_ACCESS;
      const D3D11_TEXTURE2D_DESC desc = texture2DDesc(side, side, format, bind);
      Com<ID3D11Texture2D> t;
      REQUIRE(d->CreateTexture2D(&desc, nullptr, t.out()) == S_OK);
      if (bind & D3D11_BIND_SHADER_RESOURCE) {
        Com<ID3D11ShaderResourceView> srv;
        REQUIRE(d->CreateShaderResourceView(t.get(), nullptr, srv.out()) == S_OK);
        const char* type = isUint(format) ? "uint" : isSint(format) ? "sint" : "float";
        runOnce(d, srv.get(), readOneListing(type, false));
        if (support & D3D11_FORMAT_SUPPORT_SHADER_SAMPLE) {
          CHECK(!integer);
          runOnce(d, srv.get(), readOneListing(type, true));
        }
      }
      if (bind & D3D11_BIND_RENDER_TARGET) {
        Com<ID3D11RenderTargetView> rtv;
        REQUIRE(d->CreateRenderTargetView(t.get(), nullptr, rtv.out()) == S_OK);
        const float color[4] = {0.5f, 0.25f, 1.0f, 1.0f};
        d.context->ClearRenderTargetView(rtv.get(), color);
      }
      if (depth) {
        Com<ID3D11DepthStencilView> dsv;
        REQUIRE(d->CreateDepthStencilView(t.get(), nullptr, dsv.out()) == S_OK);
        d.context->ClearDepthStencilView(dsv.get(), D3D11_CLEAR_DEPTH, 0.5f, 0);
      }
      if (uavClaimed) {
        Com<ID3D11UnorderedAccessView> uav;
        REQUIRE(d->CreateUnorderedAccessView(t.get(), nullptr, uav.out()) == S_OK);
        const UINT values[4] = {1, 2, 3, 4};
        d.context->ClearUnorderedAccessViewUint(uav.get(), values);
      }
      if (support & D3D11_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET) {
        UINT levels = 0;
        REQUIRE(d->CheckMultisampleQualityLevels(format, 4, &levels) == S_OK);
        CHECK(levels > 0);
        D3D11_TEXTURE2D_DESC ms = texture2DDesc(side, side, format, depth ? D3D11_BIND_DEPTH_STENCIL : D3D11_BIND_RENDER_TARGET,
                                                D3D11_USAGE_DEFAULT, 0, 4);
        Com<ID3D11Texture2D> mst;
        CHECK(d->CreateTexture2D(&ms, nullptr, mst.out()) == S_OK);
      }
      if (support & D3D11_FORMAT_SUPPORT_CPU_LOCKABLE) {
        const D3D11_TEXTURE2D_DESC staging =
            texture2DDesc(side, side, format, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
        Com<ID3D11Texture2D> st;
        REQUIRE(d->CreateTexture2D(&staging, nullptr, st.out()) == S_OK);
        D3D11_MAPPED_SUBRESOURCE m{};
        REQUIRE(d.context->Map(st.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
        CHECK(m.RowPitch > 0);
        d.context->Unmap(st.get(), 0);
      }
    }
    if (support & D3D11_FORMAT_SUPPORT_TEXTURE3D) {
      D3D11_TEXTURE3D_DESC desc{side, side, 4, 1, format, D3D11_USAGE_DEFAULT, 0, 0, 0};
      if (support & D3D11_FORMAT_SUPPORT_SHADER_LOAD) desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
      Com<ID3D11Texture3D> t;
      CHECK(d->CreateTexture3D(&desc, nullptr, t.out()) == S_OK);
    }
    if (support & D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER) {
      const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, format, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0};
      Com<ID3D11InputLayout> layout;
      CHECK(d->CreateInputLayout(&element, 1, vsCode.data(), vsCode.size(), layout.out()) == S_OK);
    }
    if (support & D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER)
      CHECK((format == DXGI_FORMAT_R16_UINT || format == DXGI_FORMAT_R32_UINT));
    if (support & D3D11_FORMAT_SUPPORT_BUFFER) {
      D3D11_BUFFER_DESC bd{256, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
      Com<ID3D11Buffer> b;
      REQUIRE(d->CreateBuffer(&bd, nullptr, b.out()) == S_OK);
      D3D11_SHADER_RESOURCE_VIEW_DESC s{};
      s.Format = format;
      s.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
      s.Buffer.NumElements = 4;
      Com<ID3D11ShaderResourceView> v;
      CHECK(d->CreateShaderResourceView(b.get(), &s, v.out()) == S_OK);
    }
    if (isBlockCompressed(format)) CHECK(!(support & (D3D11_FORMAT_SUPPORT_RENDER_TARGET | D3D11_FORMAT_SUPPORT_DEPTH_STENCIL)));
  }
  // D3D11's format table at feature level 11: the families this device backs, BC1–BC7 among them
  // (92 of the 115 values, not counting the optional R32G32B32 family (4 more on lavapipe), nor
  // R1, the 4:2:2 and video formats, XR_BIAS).
  CHECK(claimedTexture2D >= 92);
  for (DXGI_FORMAT required : {DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_BC6H_SF16, DXGI_FORMAT_BC7_UNORM_SRGB, DXGI_FORMAT_A8_UNORM,
                               DXGI_FORMAT_R9G9B9E5_SHAREDEXP, DXGI_FORMAT_R11G11B10_FLOAT, DXGI_FORMAT_D16_UNORM,
                               DXGI_FORMAT_B8G8R8X8_UNORM, DXGI_FORMAT_R10G10B10A2_UNORM,
                               DXGI_FORMAT_D32_FLOAT_S8X24_UINT, DXGI_FORMAT_R32G8X24_TYPELESS,
                               DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, DXGI_FORMAT_X32_TYPELESS_G8X24_UINT}) {
    UINT support = 0;
    CHECK(d->CheckFormatSupport(required, &support) == S_OK);
    CHECK((support & D3D11_FORMAT_SUPPORT_TEXTURE2D));
  }
  UINT support = 0;
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R32_UINT, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER));
  CHECK((support & D3D11_FORMAT_SUPPORT_IA_VERTEX_BUFFER));
  REQUIRE(d->CheckFormatSupport(DXGI_FORMAT_R16_UINT, &support) == S_OK);
  CHECK((support & D3D11_FORMAT_SUPPORT_IA_INDEX_BUFFER));
  // Refused outright: no resources of these here, and CheckFormatSupport says so first.
  for (DXGI_FORMAT refused : {DXGI_FORMAT_R1_UNORM, DXGI_FORMAT_R8G8_B8G8_UNORM, DXGI_FORMAT_YUY2}) {
    CHECK(d->CheckFormatSupport(refused, &support) == E_FAIL);
    CHECK(support == 0);
  }
}

TEST_CASE("the other D3D11_FEATURE queries answer what d3dvk implements, and check their data size",
          "[formats][support]") {
  Checked c;
  RenderDevice& d = c.d;
  D3D11_FEATURE_DATA_D3D10_X_HARDWARE_OPTIONS hw{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &hw, sizeof hw) == S_OK);
  CHECK(hw.ComputeShaders_Plus_RawAndStructuredBuffers_Via_Shader_4_x == TRUE);
  D3D11_FEATURE_DATA_THREADING threading{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_THREADING, &threading, sizeof threading) == S_OK);
  D3D11_FEATURE_DATA_ARCHITECTURE_INFO arch{TRUE};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_ARCHITECTURE_INFO, &arch, sizeof arch) == S_OK);
  CHECK(arch.TileBasedDeferredRenderer == FALSE);
  D3D11_FEATURE_DATA_D3D9_OPTIONS d9{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D9_OPTIONS, &d9, sizeof d9) == S_OK);
  CHECK(d9.FullNonPow2TextureSupport == TRUE);
  D3D11_FEATURE_DATA_D3D9_OPTIONS1 d91{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D9_OPTIONS1, &d91, sizeof d91) == S_OK);
  CHECK(d91.SimpleInstancingSupported == TRUE);
  D3D11_FEATURE_DATA_D3D9_SHADOW_SUPPORT shadow{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D9_SHADOW_SUPPORT, &shadow, sizeof shadow) == S_OK);
  D3D11_FEATURE_DATA_D3D9_SIMPLE_INSTANCING_SUPPORT instancing{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D9_SIMPLE_INSTANCING_SUPPORT, &instancing, sizeof instancing) == S_OK);
  D3D11_FEATURE_DATA_SHADER_MIN_PRECISION_SUPPORT precision{7, 7};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_SHADER_MIN_PRECISION_SUPPORT, &precision, sizeof precision) == S_OK);
  CHECK(precision.PixelShaderMinPrecision == 0);
  D3D11_FEATURE_DATA_D3D11_OPTIONS1 o1{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS1, &o1, sizeof o1) == S_OK);
  CHECK(o1.TiledResourcesTier == D3D11_TILED_RESOURCES_NOT_SUPPORTED);
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 o2{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &o2, sizeof o2) == S_OK);
  // D3D's typed-UAV-load set is claimed all or none (tests/compute/test_typed_uav_loads.cpp loads every claimed format).
  D3D11_FEATURE_DATA_FORMAT_SUPPORT2 rgba8{DXGI_FORMAT_R8G8B8A8_UNORM, 0};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_FORMAT_SUPPORT2, &rgba8, sizeof rgba8) == S_OK);
  CHECK(bool(o2.TypedUAVLoadAdditionalFormats) == ((rgba8.OutFormatSupport2 & D3D11_FORMAT_SUPPORT2_UAV_TYPED_LOAD) != 0));
  D3D11_FEATURE_DATA_D3D11_OPTIONS3 o3{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS3, &o3, sizeof o3) == S_OK);
  D3D11_FEATURE_DATA_D3D11_OPTIONS4 o4{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS4, &o4, sizeof o4) == S_OK);
  D3D11_FEATURE_DATA_D3D11_OPTIONS5 o5{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS5, &o5, sizeof o5) == S_OK);
  D3D11_FEATURE_DATA_GPU_VIRTUAL_ADDRESS_SUPPORT va{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_GPU_VIRTUAL_ADDRESS_SUPPORT, &va, sizeof va) == S_OK);
  CHECK(va.MaxGPUVirtualAddressBitsPerResource >= 32);
  D3D11_FEATURE_DATA_MARKER_SUPPORT marker{TRUE};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_MARKER_SUPPORT, &marker, sizeof marker) == S_OK);
  CHECK(marker.Profile == FALSE);
  D3D11_FEATURE_DATA_SHADER_CACHE cache{};
  REQUIRE(d->CheckFeatureSupport(D3D11_FEATURE_SHADER_CACHE, &cache, sizeof cache) == S_OK);
  c.queue->ClearStoredMessages();

  // A wrong size, and a feature that does not exist: E_INVALIDARG with the debug layer's message.
  CHECK(d->CheckFeatureSupport(D3D11_FEATURE_D3D10_X_HARDWARE_OPTIONS, &hw, sizeof hw + 4) == E_INVALIDARG);
  std::vector<StoredMessage> messages = drainMessages(c.queue.get());
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].id == D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_MISMATCHED_DATA_SIZE);
  CHECK(d->CheckFeatureSupport(D3D11_FEATURE(9999), &hw, sizeof hw) == E_INVALIDARG);
  messages = drainMessages(c.queue.get());
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].id == D3D11_MESSAGE_ID_DEVICE_CHECKFEATURESUPPORT_UNRECOGNIZED_FEATURE);
}
