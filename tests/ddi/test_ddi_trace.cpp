// tests/ddi: the DDI trace filter forwards every call to the real UMD and
// records each one with its arguments and result.
#include "ddi_trace_log.h"
#include "umd_harness.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace d3dvk::test;

using TraceFile = DdiTraceLog;

bool startsWith(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

TEST_CASE("trace filter forwards to the real UMD and records every call with arguments and results", "[ddi][trace]") {
  TraceFile trace;
  {
    UmdLibrary lib(traceUmdPath());
    INFO(lib.error());
    REQUIRE(lib.loaded());
    auto open = lib.symbol<PFND3D10DDI_OPENADAPTER>("OpenAdapter10_2");
    D3D10_2DDI_ADAPTERFUNCS funcs{};
    D3D10DDIARG_OPENADAPTER args{};
    args.Interface = D3DWDDM2_0_DDI_INTERFACE_VERSION;
    args.pAdapterFuncs_2 = &funcs;
    REQUIRE(open(&args) == S_OK);
    UINT32 count = 0;
    REQUIRE(funcs.pfnGetSupportedVersions(args.hAdapter, &count, nullptr) == S_OK);
    std::vector<UINT64> versions(count);
    REQUIRE(funcs.pfnGetSupportedVersions(args.hAdapter, &count, versions.data()) == S_OK);
    D3DWDDM2_0DDI_D3D11_OPTIONS2_DATA data{};
    D3D10_2DDIARG_GETCAPS caps{D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, nullptr, &data, sizeof data};
    REQUIRE(funcs.pfnGetCaps(args.hAdapter, &caps) == S_OK);
    caps.DataSize = 3;
    REQUIRE(funcs.pfnGetCaps(args.hAdapter, &caps) == E_INVALIDARG);

    HarnessDevice d;
    D3D10DDIARG_CALCPRIVATEDEVICESIZE calc{D3DWDDM2_0_DDI_INTERFACE_VERSION, 0, 0};
    d.memory.reset(new char[funcs.pfnCalcPrivateDeviceSize(args.hAdapter, &calc)]);
    D3D10DDIARG_CREATEDEVICE create{};
    create.Interface = D3DWDDM2_0_DDI_INTERFACE_VERSION;
    create.pWDDM2_0DeviceFuncs = &d.funcs;
    create.hDrvDevice.pDrvPrivate = d.memory.get();
    create.p11UMCallbacks = &d.callbacks;
    REQUIRE(funcs.pfnCreateDevice(args.hAdapter, &create) == S_OK);
    D3DWDDM2_0DDI_RASTERIZER_DESC desc{D3D10_DDI_FILL_SOLID, D3D10_DDI_CULL_NONE, FALSE, 0, 0.f, 0.f, TRUE, FALSE,
                                       FALSE, FALSE, 4, D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON};
    std::vector<char> mem(d.funcs.pfnCalcPrivateRasterizerStateSize(create.hDrvDevice, &desc));
    d.funcs.pfnCreateRasterizerState(create.hDrvDevice, &desc, D3D10DDI_HRASTERIZERSTATE{mem.data()},
                                     D3D10DDI_HRTRASTERIZERSTATE{});
    d.funcs.pfnSetRasterizerState(create.hDrvDevice, D3D10DDI_HRASTERIZERSTATE{mem.data()});
    d.funcs.pfnResourceReadAfterWriteHazard(create.hDrvDevice);  // not implemented by the real UMD yet
    CHECK(d.reported == std::vector<HRESULT>{E_NOTIMPL});
    d.funcs.pfnDestroyRasterizerState(create.hDrvDevice, D3D10DDI_HRASTERIZERSTATE{mem.data()});
    d.funcs.pfnDestroyDevice(create.hDrvDevice);
    REQUIRE(funcs.pfnCloseAdapter(args.hAdapter) == S_OK);
  }
  std::vector<std::string> lines = trace.lines();
  REQUIRE(lines.size() == 14);
  CHECK(lines[0] == "OpenAdapter10_2(Interface=0x000B0020, Version=0x00000000) -> S_OK");
  CHECK(lines[1] == "GetSupportedVersions(entries=2) -> S_OK");
  CHECK(lines[2] == "GetSupportedVersions(entries=2, versions=[0x000B000F00000000, 0x000B002000090000]) -> S_OK");
  CHECK(lines[3] == "GetCaps(Type=D3DWDDM2_0DDICAPS_D3D11_OPTIONS2, DataSize=4) -> S_OK {ConservativeRasterizationTier=3}");
  CHECK(lines[4] == "GetCaps(Type=143, DataSize=3) -> E_INVALIDARG");
  CHECK(startsWith(lines[5], "CalcPrivateDeviceSize(Interface=0x000B0020, Version=0x00000000) -> "));
  CHECK(lines[6] == "CreateDevice(Interface=0x000B0020, Version=0x00000000) -> S_OK");
  const std::string descText =
      "desc={FillMode=3, CullMode=1, FrontCounterClockwise=0, DepthBias=0, DepthBiasClamp=0, SlopeScaledDepthBias=0, "
      "DepthClipEnable=1, ScissorEnable=0, MultisampleEnable=0, AntialiasedLineEnable=0, ForcedSampleCount=4, "
      "ConservativeRasterizationMode=1}";
  CHECK(startsWith(lines[7], "CalcPrivateRasterizerStateSize(hDevice="));
  CHECK(lines[7].find(descText) != std::string::npos);
  CHECK(startsWith(lines[8], "CreateRasterizerState(hDevice="));
  CHECK(lines[8].find(descText) != std::string::npos);
  CHECK(startsWith(lines[9], "SetRasterizerState(hDevice="));
  CHECK(startsWith(lines[10], "ResourceReadAfterWriteHazard(hDevice="));
  CHECK(startsWith(lines[11], "DestroyRasterizerState(hDevice="));
  CHECK(startsWith(lines[12], "DestroyDevice(hDevice="));
  CHECK(lines[13] == "CloseAdapter() -> S_OK");
}

TEST_CASE("trace filter can hide interface versions, keeping the two-call pattern consistent", "[ddi][trace]") {
  TraceFile trace;
  setenv("D3DVK_TRACE_HIDE_VERSIONS", "wddm2_0", 1);
  UmdLibrary lib(traceUmdPath());
  REQUIRE(lib.loaded());
  auto open = lib.symbol<PFND3D10DDI_OPENADAPTER>("OpenAdapter10_2");
  D3D10_2DDI_ADAPTERFUNCS funcs{};
  D3D10DDIARG_OPENADAPTER args{};
  args.Interface = D3D11_1_DDI_INTERFACE_VERSION;
  args.pAdapterFuncs_2 = &funcs;
  REQUIRE(open(&args) == S_OK);
  UINT32 count = 0;
  REQUIRE(funcs.pfnGetSupportedVersions(args.hAdapter, &count, nullptr) == S_OK);
  CHECK(count == 1);
  UINT64 version = 0;
  REQUIRE(funcs.pfnGetSupportedVersions(args.hAdapter, &count, &version) == S_OK);
  CHECK(version == D3D11_1_DDI_SUPPORTED);
  CHECK(funcs.pfnCloseAdapter(args.hAdapter) == S_OK);
  unsetenv("D3DVK_TRACE_HIDE_VERSIONS");
}

TEST_CASE("trace filter without a loadable real UMD fails OpenAdapter with E_FAIL", "[ddi][trace]") {
  TraceFile trace;
  setenv("D3DVK_TRACE_REAL_UMD", "/nonexistent/libd3dvk_umd.so", 1);
  UmdLibrary lib(traceUmdPath());
  REQUIRE(lib.loaded());
  auto open = lib.symbol<PFND3D10DDI_OPENADAPTER>("OpenAdapter10_2");
  D3D10_2DDI_ADAPTERFUNCS funcs{};
  D3D10DDIARG_OPENADAPTER args{};
  args.Interface = D3DWDDM2_0_DDI_INTERFACE_VERSION;
  args.pAdapterFuncs_2 = &funcs;
  CHECK(open(&args) == E_FAIL);
  unsetenv("D3DVK_TRACE_REAL_UMD");
  std::vector<std::string> lines = trace.lines();
  REQUIRE(lines.size() == 2);
  CHECK(startsWith(lines[0], "error: cannot load the real UMD /nonexistent/libd3dvk_umd.so"));
  CHECK(lines[1] == "OpenAdapter10_2() -> E_FAIL (real UMD unavailable)");
}
