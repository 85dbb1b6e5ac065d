// tests/ddi: drives libd3dvk_umd.so through its DDI entry points directly, as a
// driver test harness would: OpenAdapter10_2 → GetSupportedVersions → GetCaps →
// CreateDevice → device DDIs → DestroyDevice → CloseAdapter, and OpenAdapter12.
#include "expected_device.h"
#include "umd_harness.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>

using namespace d3dvk::test;

namespace {

struct OpenedAdapter {
  UmdLibrary lib;
  D3D10_2DDI_ADAPTERFUNCS funcs{};
  D3D10DDIARG_OPENADAPTER args{};
  HRESULT openResult = E_FAIL;

  explicit OpenedAdapter(const std::string& path = umdPath()) : lib(path) {
    INFO(lib.error());
    REQUIRE(lib.loaded());
    auto open = lib.symbol<PFND3D10DDI_OPENADAPTER>("OpenAdapter10_2");
    REQUIRE(open);
    args.Interface = D3DWDDM2_0_DDI_INTERFACE_VERSION;
    args.Version = D3DWDDM2_0_DDI_BUILD_VERSION << 16;
    args.pAdapterFuncs_2 = &funcs;
    openResult = open(&args);
  }
  ~OpenedAdapter() {
    if (SUCCEEDED(openResult)) CHECK(funcs.pfnCloseAdapter(args.hAdapter) == S_OK);
  }
  D3D10DDI_HADAPTER h() const { return args.hAdapter; }
};

HRESULT createDevice(OpenedAdapter& a, HarnessDevice& d, UINT interfaceVersion) {
  D3D10DDIARG_CALCPRIVATEDEVICESIZE calc{interfaceVersion, 0, 0};
  SIZE_T size = a.funcs.pfnCalcPrivateDeviceSize(a.h(), &calc);
  REQUIRE(size > 0);
  d.memory.reset(new char[size]);
  D3D10DDIARG_CREATEDEVICE args{};
  args.Interface = interfaceVersion;
  args.pWDDM2_0DeviceFuncs = &d.funcs;
  args.hDrvDevice.pDrvPrivate = d.memory.get();
  args.p11UMCallbacks = &d.callbacks;
  d.hDevice = args.hDrvDevice;
  return a.funcs.pfnCreateDevice(a.h(), &args);
}

}  // namespace

TEST_CASE("UMD: OpenAdapter10_2 fills the adapter functions", "[ddi][umd]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  CHECK(a.args.hAdapter.pDrvPrivate != nullptr);
  CHECK(a.funcs.pfnCalcPrivateDeviceSize);
  CHECK(a.funcs.pfnCreateDevice);
  CHECK(a.funcs.pfnCloseAdapter);
  CHECK(a.funcs.pfnGetSupportedVersions);
  CHECK(a.funcs.pfnGetCaps);
}

TEST_CASE("UMD: GetSupportedVersions follows the two-call pattern", "[ddi][umd]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  UINT32 count = 0;
  REQUIRE(a.funcs.pfnGetSupportedVersions(a.h(), &count, nullptr) == S_OK);
  REQUIRE(count == 2);
  std::vector<UINT64> versions(count);
  UINT32 tooFew = 1;
  CHECK(a.funcs.pfnGetSupportedVersions(a.h(), &tooFew, versions.data()) == E_OUTOFMEMORY);
  REQUIRE(a.funcs.pfnGetSupportedVersions(a.h(), &count, versions.data()) == S_OK);
  // D3D11.1: interface 11.15, build 0; WDDM 2.0: interface 11.32, build 9.
  CHECK(versions[0] == 0x000B000F00000000ull);
  CHECK(versions[1] == 0x000B002000090000ull);
  CHECK(a.funcs.pfnGetSupportedVersions(a.h(), nullptr, nullptr) == E_INVALIDARG);
}

TEST_CASE("UMD: GetCaps OPTIONS2 reports the tier, bad sizes and unknown caps are E_INVALIDARG", "[ddi][umd]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA data{};
  std::memset(&data, 0x7f, sizeof data);
  D3D10_2DDIARG_GETCAPS caps{D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, nullptr, &data, sizeof data};
  REQUIRE(a.funcs.pfnGetCaps(a.h(), &caps) == S_OK);
  // The device's tier as the policy gives it (lavapipe: the GPU fallback's Tier 3).
  CHECK(int(data.ConservativeRasterizationTier) == int(expectedDevice().decide().reported));

  D3D10_2DDIARG_GETCAPS wrongSize{D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, nullptr, &data, sizeof data + 4};
  CHECK(a.funcs.pfnGetCaps(a.h(), &wrongSize) == E_INVALIDARG);
  wrongSize.DataSize = 0;
  CHECK(a.funcs.pfnGetCaps(a.h(), &wrongSize) == E_INVALIDARG);
  D3D10_2DDIARG_GETCAPS noData{D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, nullptr, nullptr, sizeof data};
  CHECK(a.funcs.pfnGetCaps(a.h(), &noData) == E_INVALIDARG);
  D3D10_2DDIARG_GETCAPS unknown{static_cast<D3D10_2DDICAPS_TYPE>(9999), nullptr, &data, sizeof data};
  CHECK(a.funcs.pfnGetCaps(a.h(), &unknown) == E_INVALIDARG);
  CHECK(a.funcs.pfnGetCaps(a.h(), nullptr) == E_INVALIDARG);
}

TEST_CASE("UMD: D3DVK_CONSERVATIVE_RASTER=off and invalid values", "[ddi][umd]") {
  SECTION("off reports NOT_SUPPORTED") {
    setenv("D3DVK_CONSERVATIVE_RASTER", "off", 1);
    OpenedAdapter a;
    unsetenv("D3DVK_CONSERVATIVE_RASTER");
    REQUIRE(a.openResult == S_OK);
    D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA data{D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_TIER_3};
    D3D10_2DDIARG_GETCAPS caps{D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, nullptr, &data, sizeof data};
    REQUIRE(a.funcs.pfnGetCaps(a.h(), &caps) == S_OK);
    CHECK(data.ConservativeRasterizationTier == D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED);
  }
  SECTION("an invalid value fails OpenAdapter instead of defaulting") {
    setenv("D3DVK_CONSERVATIVE_RASTER", "always", 1);
    OpenedAdapter a;
    unsetenv("D3DVK_CONSERVATIVE_RASTER");
    CHECK(a.openResult == E_INVALIDARG);
  }
}

TEST_CASE("UMD: a missing Vulkan device selection fails OpenAdapter cleanly", "[ddi][umd]") {
  setenv("D3DVK_DEVICE", "no-such-gpu", 1);
  OpenedAdapter a;
  unsetenv("D3DVK_DEVICE");
  CHECK(a.openResult == DXGI_ERROR_UNSUPPORTED);
}

TEST_CASE("UMD: WDDM 2.0 device fills all 170 slots and unimplemented ones report E_NOTIMPL", "[ddi][umd]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  HarnessDevice d;
  REQUIRE(createDevice(a, d, D3DWDDM2_0_DDI_INTERFACE_VERSION) == S_OK);
  for (int slot = 1; slot <= D3DWDDM2_0DDI_DEVICEFUNCS_SLOT_COUNT; ++slot) {
    void* fn = nullptr;
    std::memcpy(&fn, reinterpret_cast<const char*>(&d.funcs) + (slot - 1) * sizeof(void*), sizeof fn);
    INFO("slot " << slot << " " << d3dvk::ddi::kWddm2_0DeviceFuncNames[slot - 1]);
    CHECK(fn != nullptr);
  }
  // An unimplemented void DDI reports through pfnSetErrorCb instead of crashing.
  d.funcs.pfnResourceReadAfterWriteHazard(d.hDevice);
  REQUIRE(d.reported.size() == 1);
  CHECK(d.reported[0] == E_NOTIMPL);

  // The rasterizer-state DDIs work without errors.
  D3DWDDM2_0DDI_RASTERIZER_DESC desc{D3D10_DDI_FILL_SOLID, D3D10_DDI_CULL_BACK, FALSE, 0, 0.f, 0.f, TRUE, FALSE,
                                     FALSE, FALSE, 0, D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF};
  SIZE_T size = d.funcs.pfnCalcPrivateRasterizerStateSize(d.hDevice, &desc);
  REQUIRE(size > 0);
  std::vector<char> stateMemory(size);
  D3D10DDI_HRASTERIZERSTATE hState{stateMemory.data()};
  d.funcs.pfnCreateRasterizerState(d.hDevice, &desc, hState, D3D10DDI_HRTRASTERIZERSTATE{nullptr});
  d.funcs.pfnSetRasterizerState(d.hDevice, hState);
  d.funcs.pfnSetRasterizerState(d.hDevice, D3D10DDI_HRASTERIZERSTATE{nullptr});
  d.funcs.pfnDestroyRasterizerState(d.hDevice, hState);
  CHECK(d.reported.size() == 1);
  d.funcs.pfnDestroyDevice(d.hDevice);
}

TEST_CASE("UMD: D3D11.1 device fills its 157 slots", "[ddi][umd]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  HarnessDevice d;
  // Sentinel beyond the D3D11.1 table: must stay untouched.
  std::memset(&d.funcs, 0, sizeof d.funcs);
  REQUIRE(createDevice(a, d, D3D11_1_DDI_INTERFACE_VERSION) == S_OK);
  auto& t = d.funcs11_1;
  CHECK(t.pfnClearView != nullptr);
  CHECK(d.funcs.pfnUpdateTileMappings == nullptr);
  D3D11_1_DDI_RASTERIZER_DESC desc{D3D10_DDI_FILL_SOLID, D3D10_DDI_CULL_NONE, FALSE, 0, 0.f, 0.f, TRUE, FALSE,
                                   FALSE, FALSE, 0};
  std::vector<char> mem(t.pfnCalcPrivateRasterizerStateSize(d.hDevice, &desc));
  t.pfnCreateRasterizerState(d.hDevice, &desc, D3D10DDI_HRASTERIZERSTATE{mem.data()}, D3D10DDI_HRTRASTERIZERSTATE{});
  t.pfnDestroyRasterizerState(d.hDevice, D3D10DDI_HRASTERIZERSTATE{mem.data()});
  CHECK(d.reported.empty());
  t.pfnDestroyDevice(d.hDevice);
}

TEST_CASE("UMD: CreateDevice rejects bad arguments and unknown interfaces", "[ddi][umd]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  CHECK(a.funcs.pfnCreateDevice(a.h(), nullptr) == E_INVALIDARG);
  HarnessDevice d;
  CHECK(createDevice(a, d, D3DVK_DDI_INTERFACE(10, 1)) == E_INVALIDARG);
  D3D10DDIARG_CREATEDEVICE noCallbacks{};
  noCallbacks.Interface = D3DWDDM2_0_DDI_INTERFACE_VERSION;
  noCallbacks.pWDDM2_0DeviceFuncs = &d.funcs;
  std::vector<char> mem(4096);
  noCallbacks.hDrvDevice.pDrvPrivate = mem.data();
  CHECK(a.funcs.pfnCreateDevice(a.h(), &noCallbacks) == E_INVALIDARG);
}

TEST_CASE("UMD: OpenAdapter rejects a null argument and foreign interfaces", "[ddi][umd]") {
  UmdLibrary lib(umdPath());
  REQUIRE(lib.loaded());
  auto open = lib.symbol<PFND3D10DDI_OPENADAPTER>("OpenAdapter10_2");
  CHECK(open(nullptr) == E_INVALIDARG);
  D3D10_2DDI_ADAPTERFUNCS funcs{};
  D3D10DDIARG_OPENADAPTER args{};
  args.Interface = D3DVK_DDI_INTERFACE(9, 0);
  args.pAdapterFuncs_2 = &funcs;
  CHECK(open(&args) == E_INVALIDARG);
  auto open12 = lib.symbol<PFND3D12DDI_OPENADAPTER>("OpenAdapter12");
  CHECK(open12(nullptr) == E_INVALIDARG);
}

TEST_CASE("UMD: OpenAdapter12 and D3D12 GetCaps(D3D12_OPTIONS)", "[ddi][umd][d3d12]") {
  UmdLibrary lib(umdPath());
  REQUIRE(lib.loaded());
  auto open = lib.symbol<PFND3D12DDI_OPENADAPTER>("OpenAdapter12");
  REQUIRE(open);
  D3D12DDI_ADAPTERFUNCS funcs{};
  D3D12DDIARG_OPENADAPTER args{};
  args.pAdapterFuncs = &funcs;
  REQUIRE(open(&args) == S_OK);
  UINT32 count = 0;
  REQUIRE(funcs.pfnGetSupportedVersions(args.hAdapter, &count, nullptr) == S_OK);
  REQUIRE(count == 1);
  UINT64 version = 0;
  REQUIRE(funcs.pfnGetSupportedVersions(args.hAdapter, &count, &version) == S_OK);
  CHECK((version >> 32) == ((12u << 16) | 2u));

  D3D12DDI_D3D12_OPTIONS_DATA_0032 data{};
  data.ConservativeRasterizationTier = D3D12DDI_CONSERVATIVE_RASTERIZATION_TIER_NOT_SUPPORTED;
  D3D12DDIARG_GETCAPS caps{D3D12DDICAPS_TYPE_D3D12_OPTIONS, nullptr, &data, sizeof data};
  REQUIRE(funcs.pfnGetCaps(args.hAdapter, &caps) == S_OK);
  CHECK(int(data.ConservativeRasterizationTier) == int(expectedDevice().decide().reported));
  caps.DataSize = 8;
  CHECK(funcs.pfnGetCaps(args.hAdapter, &caps) == E_INVALIDARG);
  D3D12DDIARG_GETCAPS other{D3D12DDICAPS_TYPE_SHADER, nullptr, &data, sizeof data};
  CHECK(funcs.pfnGetCaps(args.hAdapter, &other) == E_INVALIDARG);
  CHECK(funcs.pfnCreateDevice(args.hAdapter, nullptr) == E_INVALIDARG);  // creation itself: tests/d3d12
  CHECK(funcs.pfnCloseAdapter(args.hAdapter) == S_OK);
}

TEST_CASE("UMD: the query DDIs check their arguments and report through pfnSetErrorCb", "[ddi][umd][query]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  HarnessDevice d;
  REQUIRE(createDevice(a, d, D3DWDDM2_0_DDI_INTERFACE_VERSION) == S_OK);
  auto create = [&](D3D10DDI_QUERY type, UINT misc, UINT context, std::vector<char>& memory) {
    const D3DWDDM2_0DDIARG_CREATEQUERY args{type, misc, context};
    memory.assign(d.funcs.pfnCalcPrivateQuerySize(d.hDevice, &args), 0);
    REQUIRE(!memory.empty());
    const D3D10DDI_HQUERY h{memory.data()};
    d.funcs.pfnCreateQuery(d.hDevice, &args, h, D3D10DDI_HRTQUERY{nullptr});
    return h;
  };
  std::vector<char> m0, m1, m2, m3, m4;
  // Not implemented types, flags and context types are refused (the object can still be destroyed).
  const D3D10DDI_HQUERY counter = create(D3D10DDI_COUNTER_GPU_IDLE, 0, 0, m0);  // (counters are not implemented)
  const D3D10DDI_HQUERY hinted = create(D3D10DDI_QUERY_OCCLUSION, D3D10DDI_QUERY_MISCFLAG_PREDICATEHINT, 0, m1);
  const D3D10DDI_HQUERY badContext = create(D3D10DDI_QUERY_EVENT, 0, 9, m2);
  CHECK(d.reported == std::vector<HRESULT>{E_NOTIMPL, E_INVALIDARG, E_INVALIDARG});
  for (D3D10DDI_HQUERY h : {counter, hinted, badContext}) d.funcs.pfnDestroyQuery(d.hDevice, h);
  d.funcs.pfnCreateQuery(d.hDevice, nullptr, D3D10DDI_HQUERY{m0.data()}, D3D10DDI_HRTQUERY{nullptr});
  d.funcs.pfnDestroyQuery(d.hDevice, D3D10DDI_HQUERY{m0.data()});
  CHECK(d.reported.size() == 4);
  CHECK(d.reported.back() == E_INVALIDARG);
  d.reported.clear();

  // GetData before End, with a wrong size, with unknown flags: E_INVALIDARG.
  const D3D10DDI_HQUERY occlusion = create(D3D10DDI_QUERY_OCCLUSION, 0, 0, m3);
  UINT64 value = 7;
  d.funcs.pfnQueryGetData(d.hDevice, occlusion, &value, sizeof value, 0);
  d.funcs.pfnQueryBegin(d.hDevice, occlusion);
  d.funcs.pfnQueryEnd(d.hDevice, occlusion);
  d.funcs.pfnQueryGetData(d.hDevice, occlusion, &value, 4, 0);
  d.funcs.pfnQueryGetData(d.hDevice, occlusion, nullptr, sizeof value, 0);
  d.funcs.pfnQueryGetData(d.hDevice, occlusion, &value, sizeof value, 0x2);
  CHECK(d.reported == std::vector<HRESULT>(4, E_INVALIDARG));
  CHECK(value == 7);
  d.reported.clear();
  // Nothing was recorded between Begin and End: the result (0) is ready at once.
  d.funcs.pfnQueryGetData(d.hDevice, occlusion, &value, sizeof value, D3D10_DDI_GET_DATA_DO_NOT_FLUSH);
  CHECK(d.reported.empty());
  CHECK(value == 0);
  // The D3D10 statistics layout (64 bytes) is accepted too.
  const D3D10DDI_HQUERY stats = create(D3D10DDI_QUERY_PIPELINESTATS, 0, 0, m4);
  d.funcs.pfnQueryBegin(d.hDevice, stats);
  d.funcs.pfnQueryEnd(d.hDevice, stats);
  D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS s;
  std::memset(&s, 0xFF, sizeof s);
  d.funcs.pfnQueryGetData(d.hDevice, stats, &s, sizeof s, 0);
  CHECK(d.reported.empty());
  CHECK((s.IAVertices == 0 && s.PSInvocations == 0));
  d.funcs.pfnDestroyQuery(d.hDevice, stats);
  d.funcs.pfnDestroyQuery(d.hDevice, occlusion);
  d.funcs.pfnDestroyDevice(d.hDevice);
}

TEST_CASE("UMD: SetPredication takes predicates only and lets go of a predicate destroyed while set",
          "[ddi][umd][query][predication]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  HarnessDevice d;
  REQUIRE(createDevice(a, d, D3DWDDM2_0_DDI_INTERFACE_VERSION) == S_OK);
  REQUIRE(d.funcs.pfnSetPredication != nullptr);
  auto create = [&](D3D10DDI_QUERY type, std::vector<char>& memory) {
    const D3DWDDM2_0DDIARG_CREATEQUERY args{type, 0, 0};
    memory.assign(d.funcs.pfnCalcPrivateQuerySize(d.hDevice, &args), 0);
    const D3D10DDI_HQUERY h{memory.data()};
    d.funcs.pfnCreateQuery(d.hDevice, &args, h, D3D10DDI_HRTQUERY{nullptr});
    return h;
  };
  std::vector<char> m0, m1;
  const D3D10DDI_HQUERY occlusion = create(D3D10DDI_QUERY_OCCLUSION, m0);
  const D3D10DDI_HQUERY predicate = create(D3D10DDI_QUERY_OCCLUSIONPREDICATE, m1);
  REQUIRE(d.reported.empty());
  d.funcs.pfnSetPredication(d.hDevice, occlusion, FALSE);  // not a predicate
  CHECK(d.reported == std::vector<HRESULT>{E_INVALIDARG});
  d.reported.clear();
  // Never issued, then issued (nothing recorded between Begin and End), then none: accepted.
  d.funcs.pfnSetPredication(d.hDevice, predicate, TRUE);
  d.funcs.pfnQueryBegin(d.hDevice, predicate);
  d.funcs.pfnQueryEnd(d.hDevice, predicate);
  d.funcs.pfnSetPredication(d.hDevice, D3D10DDI_HQUERY{nullptr}, FALSE);
  d.funcs.pfnSetPredication(d.hDevice, predicate, FALSE);
  CHECK(d.reported.empty());
  // Destroyed while set: the device lets go of it (the next flush records nothing under it).
  d.funcs.pfnDestroyQuery(d.hDevice, predicate);
  d.funcs.pfnFlush(d.hDevice, 0);
  CHECK(d.reported.empty());
  d.funcs.pfnDestroyQuery(d.hDevice, occlusion);
  d.funcs.pfnDestroyDevice(d.hDevice);
}

TEST_CASE("UMD: the WDDM 2.0 table's view DDIs take the D3DWDDM2_0DDIARG structs, a PlaneSlice is refused",
          "[ddi][umd][views]") {
  OpenedAdapter a;
  REQUIRE(a.openResult == S_OK);
  HarnessDevice d;
  REQUIRE(createDevice(a, d, D3DWDDM2_0_DDI_INTERFACE_VERSION) == S_OK);
  // An 8x8 R8G8B8A8 texture bindable as render target, shader resource and UAV.
  const D3D10DDI_MIPINFO mip{8, 8, 1, 8, 8, 1};
  D3D11DDIARG_CREATERESOURCE rc{};
  rc.pMipInfoList = &mip;
  rc.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
  rc.Usage = D3D10_DDI_USAGE_DEFAULT;
  rc.BindFlags = D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_SHADER_RESOURCE | D3D11_DDI_BIND_UNORDERED_ACCESS;
  rc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  rc.SampleDesc = {1, 0};
  rc.MipLevels = 1;
  rc.ArraySize = 1;
  std::vector<char> resourceMemory(d.funcs.pfnCalcPrivateResourceSize(d.hDevice, &rc));
  const D3D10DDI_HRESOURCE resource{resourceMemory.data()};
  d.funcs.pfnCreateResource(d.hDevice, &rc, resource, D3D10DDI_HRTRESOURCE{nullptr});
  REQUIRE(d.reported.empty());

  for (UINT plane : {0u, 1u}) {
    INFO("PlaneSlice " << plane);
    D3DWDDM2_0DDIARG_CREATERENDERTARGETVIEW rtv{};
    rtv.hDrvResource = resource;
    rtv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    rtv.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    rtv.Tex2D = {0, 0, 1, plane};
    std::vector<char> rtvMemory(d.funcs.pfnCalcPrivateRenderTargetViewSize(d.hDevice, &rtv));
    d.funcs.pfnCreateRenderTargetView(d.hDevice, &rtv, D3D10DDI_HRENDERTARGETVIEW{rtvMemory.data()},
                                      D3D10DDI_HRTRENDERTARGETVIEW{nullptr});
    D3DWDDM2_0DDIARG_CREATESHADERRESOURCEVIEW srv{};
    srv.hDrvResource = resource;
    srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    srv.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    srv.Tex2D = {0, 0, 1, 1, plane};
    std::vector<char> srvMemory(d.funcs.pfnCalcPrivateShaderResourceViewSize(d.hDevice, &srv));
    d.funcs.pfnCreateShaderResourceView(d.hDevice, &srv, D3D10DDI_HSHADERRESOURCEVIEW{srvMemory.data()},
                                        D3D10DDI_HRTSHADERRESOURCEVIEW{nullptr});
    D3DWDDM2_0DDIARG_CREATEUNORDEREDACCESSVIEW uav{};
    uav.hDrvResource = resource;
    uav.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    uav.ResourceDimension = D3D10DDIRESOURCE_TEXTURE2D;
    uav.Tex2D = {0, 0, 1, plane};
    std::vector<char> uavMemory(d.funcs.pfnCalcPrivateUnorderedAccessViewSize(d.hDevice, &uav));
    d.funcs.pfnCreateUnorderedAccessView(d.hDevice, &uav, D3D11DDI_HUNORDEREDACCESSVIEW{uavMemory.data()},
                                         D3D11DDI_HRTUNORDEREDACCESSVIEW{nullptr});
    // R8G8B8A8 has one plane: slice 0 is the texture, slice 1 does not exist.
    CHECK(d.reported == (plane == 0 ? std::vector<HRESULT>{} : std::vector<HRESULT>(3, E_INVALIDARG)));
    d.reported.clear();
    if (plane == 0) {
      d.funcs.pfnDestroyRenderTargetView(d.hDevice, D3D10DDI_HRENDERTARGETVIEW{rtvMemory.data()});
      d.funcs.pfnDestroyShaderResourceView(d.hDevice, D3D10DDI_HSHADERRESOURCEVIEW{srvMemory.data()});
      d.funcs.pfnDestroyUnorderedAccessView(d.hDevice, D3D11DDI_HUNORDEREDACCESSVIEW{uavMemory.data()});
    }
  }
  d.funcs.pfnDestroyResource(d.hDevice, resource);
  d.funcs.pfnDestroyDevice(d.hDevice);
}
