// tests/runtime: D3D11CreateDevice and the device/context basics through the
// public headers, as an application sees them.
#include "ddi_trace_log.h"
#include "stderr_capture.h"

#include <d3d11_3.h>
#include <d3dvk.h>

#include <catch2/catch.hpp>

#include <link.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

using namespace d3dvk::test;

namespace {
const D3D_FEATURE_LEVEL kLevel11_1[] = {D3D_FEATURE_LEVEL_11_1};
}

TEST_CASE("D3D11CreateDevice at feature level 11_1 gives a device and its immediate context", "[runtime]") {
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  D3D_FEATURE_LEVEL level{};
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                            &level, &context) == S_OK);
  CHECK(level == D3D_FEATURE_LEVEL_11_1);
  CHECK(device->GetFeatureLevel() == D3D_FEATURE_LEVEL_11_1);
  CHECK(context->GetType() == D3D11_DEVICE_CONTEXT_IMMEDIATE);

  ID3D11Device3* device3 = nullptr;
  REQUIRE(device->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(&device3)) == S_OK);
  CHECK(static_cast<ID3D11Device*>(device3) == device);
  ID3D11DeviceContext3* context3 = nullptr;
  device3->GetImmediateContext3(&context3);
  CHECK(static_cast<ID3D11DeviceContext*>(context3) == context);
  ID3D11Device* parent = nullptr;
  context->GetDevice(&parent);
  CHECK(parent == device);
  IUnknown* unknown = nullptr;
  CHECK(device->QueryInterface(IID_ID3D11DeviceContext, reinterpret_cast<void**>(&unknown)) == E_NOINTERFACE);
  CHECK(unknown == nullptr);

  parent->Release();
  context3->Release();
  device3->Release();
  context->Release();
  CHECK(device->Release() == 0);
}

namespace {

// How many times an object was added to / removed from the process's link map
// (dlopen / dlclose of a library not already loaded, or its unloading).
struct LinkMapCounts {
  unsigned long long adds = 0, subs = 0;
  bool operator==(const LinkMapCounts&) const = default;
};
LinkMapCounts linkMapCounts() {
  LinkMapCounts c;
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t size, void* out) {
        if (size >= offsetof(dl_phdr_info, dlpi_subs) + sizeof(info->dlpi_subs)) {
          static_cast<LinkMapCounts*>(out)->adds = info->dlpi_adds;
          static_cast<LinkMapCounts*>(out)->subs = info->dlpi_subs;
        }
        return 1;  // the counters are process-wide: the first object is enough
      },
      &c);
  return c;
}

}  // namespace

TEST_CASE("200 devices created and released in one process all succeed, without reloading the Vulkan driver",
          "[runtime][device]") {
  // An application or test harness creates many devices per process. Each
  // creation must find the UMD, the Vulkan loader and driver already loaded
  // after the first (the NVIDIA driver cannot be loaded ~30 times in one
  // process), so no library may be loaded or unloaded for devices 2..201.
  using Clock = std::chrono::steady_clock;
  auto createAndRelease = [](double* ms) {
    const Clock::time_point start = Clock::now();
    ID3D11Device* device = nullptr;
    ID3D11DeviceContext* context = nullptr;
    const HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1,
                                         D3D11_SDK_VERSION, &device, nullptr, &context);
    *ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    if (hr != S_OK || !device || !context) return hr == S_OK ? E_FAIL : hr;
    context->Release();
    return device->Release() == 0 ? S_OK : E_FAIL;
  };
  double first = 0;
  REQUIRE(createAndRelease(&first) == S_OK);
  const LinkMapCounts before = linkMapCounts();
  constexpr int kDevices = 200;
  std::vector<double> ms(kDevices);
  int failed = 0;
  for (int i = 0; i < kDevices; ++i) failed += createAndRelease(&ms[size_t(i)]) != S_OK;
  const LinkMapCounts after = linkMapCounts();
  CHECK(failed == 0);
  INFO("link map adds " << before.adds << " -> " << after.adds << ", removals " << before.subs << " -> "
                        << after.subs);
  CHECK(after == before);
  std::vector<double> sorted = ms;
  std::sort(sorted.begin(), sorted.end());
  double sum = 0;
  for (double v : ms) sum += v;
  std::printf("D3D11CreateDevice: first %.1f ms; next %d: mean %.2f ms, median %.2f ms, max %.2f ms\n", first,
              kDevices, sum / kDevices, sorted[kDevices / 2], sorted.back());
}

TEST_CASE("D3D11CreateDevice chooses feature levels as Windows does", "[runtime]") {
  D3D_FEATURE_LEVEL level{};
  SECTION("no list: the default list starts at 11_0 (11_1 only when asked for)") {
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, nullptr,
                              &level, nullptr) == S_FALSE);
    CHECK(level == D3D_FEATURE_LEVEL_11_0);
  }
  SECTION("the first supported level of the list") {
    const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1};
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, 3, D3D11_SDK_VERSION, nullptr,
                              &level, nullptr) == S_FALSE);
    CHECK(level == D3D_FEATURE_LEVEL_11_0);
  }
  SECTION("no supported level is E_INVALIDARG") {
    const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL(0x8000)};
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, levels, 2, D3D11_SDK_VERSION, nullptr,
                            &level, nullptr) == E_INVALIDARG);
  }
}

TEST_CASE("D3D11CreateDevice rejects bad arguments without crashing", "[runtime]") {
  ID3D11Device* device = reinterpret_cast<ID3D11Device*>(0x1);
  CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1, 6, &device, nullptr,
                          nullptr) == E_INVALIDARG);
  CHECK(device == nullptr);
  CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 0, D3D11_SDK_VERSION, &device,
                          nullptr, nullptr) == E_INVALIDARG);
  CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                          nullptr, nullptr) == E_INVALIDARG);
  CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_REFERENCE, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                          nullptr, nullptr) == DXGI_ERROR_UNSUPPORTED);
  CHECK(device == nullptr);
}

TEST_CASE("D3D11CreateDevice rejects creation flags D3D11 does not define", "[runtime]") {
  // D3D11_CREATE_DEVICE_FLAG defines 0x1, 0x2, 0x4 (SWITCH_TO_REF, "not supported
  // in Direct3D 11"), 0x8, 0x20, 0x40, 0x80, 0x100 and 0x800; any other bit, and
  // SWITCH_TO_REF, is an invalid argument.
  for (UINT flags : {0x10u, 0x200u, 0x400u, 0x1000u, 0x80000000u, UINT(D3D11_CREATE_DEVICE_SWITCH_TO_REF),
                     UINT(D3D11_CREATE_DEVICE_BGRA_SUPPORT | 0x10000u)}) {
    INFO("Flags 0x" << std::hex << flags);
    ID3D11Device* device = reinterpret_cast<ID3D11Device*>(0x1);
    ID3D11DeviceContext* context = reinterpret_cast<ID3D11DeviceContext*>(0x1);
    StderrCapture capture;
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, flags, kLevel11_1, 1, D3D11_SDK_VERSION,
                            &device, nullptr, &context) == E_INVALIDARG);
    CHECK(device == nullptr);
    CHECK(context == nullptr);
    CHECK(capture.text().find("D3D11CreateDevice: Flags") != std::string::npos);
  }
  // With the debug layer asked for, the message is the debug layer's.
  StderrCapture capture;
  ID3D11Device* device = nullptr;
  CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, D3D11_CREATE_DEVICE_DEBUG | 0x1000u, kLevel11_1,
                          1, D3D11_SDK_VERSION, &device, nullptr, nullptr) == E_INVALIDARG);
  CHECK(capture.text() ==
        "D3D11 ERROR: D3D11CreateDevice: Flags (0x1002) has bits that are not D3D11_CREATE_DEVICE_FLAG values "
        "(0x1000). [ MISCELLANEOUS ERROR #3146141: CREATEDEVICE_INVALIDARGS]\n");
  // Every defined flag but SWITCH_TO_REF is accepted, together too.
  const UINT all = D3D11_CREATE_DEVICE_SINGLETHREADED | D3D11_CREATE_DEVICE_DEBUG |
                   D3D11_CREATE_DEVICE_PREVENT_INTERNAL_THREADING_OPTIMIZATIONS | D3D11_CREATE_DEVICE_BGRA_SUPPORT |
                   D3D11_CREATE_DEVICE_DEBUGGABLE | D3D11_CREATE_DEVICE_PREVENT_ALTERING_LAYER_SETTINGS_FROM_REGISTRY |
                   D3D11_CREATE_DEVICE_DISABLE_GPU_TIMEOUT | D3D11_CREATE_DEVICE_VIDEO_SUPPORT;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, all, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                            nullptr, nullptr) == S_OK);
  CHECK(device->GetCreationFlags() == all);
  device->Release();
}

TEST_CASE("a missing or broken UMD gives a clear HRESULT, not a crash", "[runtime]") {
  ID3D11Device* device = nullptr;
  SECTION("missing") {
    ScopedEnv env("D3DVK_UMD_PATH", "/nonexistent/libd3dvk_umd.so");
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                            nullptr, nullptr) == DXGI_ERROR_UNSUPPORTED);
    D3DVK_RUNTIME_INFO info;
    char message[512] = {};
    CHECK(D3DVKGetRuntimeInfo(&info, message, sizeof message) == DXGI_ERROR_UNSUPPORTED);
    CHECK(std::string(message).find("cannot load the user-mode driver /nonexistent/libd3dvk_umd.so") !=
          std::string::npos);
  }
  SECTION("a library that is not a UMD") {
    ScopedEnv env("D3DVK_UMD_PATH", "libdl.so.2");
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                            nullptr, nullptr) == DXGI_ERROR_UNSUPPORTED);
  }
  SECTION("a UMD whose OpenAdapter fails passes its HRESULT on") {
    ScopedEnv env("D3DVK_CONSERVATIVE_RASTER", "bogus");
    CHECK(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                            nullptr, nullptr) == E_INVALIDARG);
  }
  CHECK(device == nullptr);
}

TEST_CASE("device creation goes through the DDI: OpenAdapter, versions, CalcPrivateDeviceSize, CreateDevice",
          "[runtime][trace]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ID3D11Device* device = nullptr;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                            nullptr, nullptr) == S_OK);
  device->Release();
  std::vector<std::string> lines = trace.lines();
  REQUIRE(lines.size() == 7);
  CHECK(lines[0] == "OpenAdapter10_2(Interface=0x000B0020, Version=0x00090000) -> S_OK");
  CHECK(lines[1] == "GetSupportedVersions(entries=2) -> S_OK");
  CHECK(lines[2] == "GetSupportedVersions(entries=2, versions=[0x000B000F00000000, 0x000B002000090000]) -> S_OK");
  CHECK(lines[3].rfind("CalcPrivateDeviceSize(Interface=0x000B0020, Version=0x00090000) -> ", 0) == 0);
  CHECK(lines[4] == "CreateDevice(Interface=0x000B0020, Version=0x00090000) -> S_OK");
  CHECK(lines[5].rfind("DestroyDevice(hDevice=", 0) == 0);
  CHECK(lines[6] == "CloseAdapter() -> S_OK");
}

TEST_CASE("D3DVKGetRuntimeInfo names the runtime, the UMD and the negotiated DDI", "[runtime]") {
  D3DVK_RUNTIME_INFO info;
  REQUIRE(D3DVKGetRuntimeInfo(&info, nullptr, 0) == S_OK);
  CHECK(std::string(info.RuntimePath).find("libd3dvk.so") != std::string::npos);
  // The UMD is the one next to the runtime (D3DVK_UMD_PATH unset), and that is
  // this build's UMD: the same file, whatever path reached it (on the GPU
  // machine the bundle's lib folder, which the build's lib folder links to).
  const std::string runtime = info.RuntimePath, umd = info.UmdPath;
  CHECK(umd == runtime.substr(0, runtime.rfind('/') + 1) + "libd3dvk_umd.so");
  std::error_code error;
  CHECK(std::filesystem::equivalent(umd, D3DVK_UMD_LIBRARY, error));
  CHECK(!error);
  REQUIRE(info.SupportedVersionCount == 2);
  CHECK(info.NegotiatedVersion == 0x000B002000090000ull);
  CHECK(D3DVKGetRuntimeInfo(nullptr, nullptr, 0) == E_INVALIDARG);
}

TEST_CASE("private data on device and context follows D3D's rules", "[runtime]") {
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                            nullptr, &context) == S_OK);
  const GUID key = {0x12345678, 0x1234, 0x5678, {1, 2, 3, 4, 5, 6, 7, 8}};
  const char text[] = "d3dvk";
  REQUIRE(device->SetPrivateData(key, sizeof text, text) == S_OK);
  UINT size = 0;
  REQUIRE(device->GetPrivateData(key, &size, nullptr) == S_OK);
  CHECK(size == sizeof text);
  char small[2];
  size = sizeof small;
  CHECK(device->GetPrivateData(key, &size, small) == DXGI_ERROR_MORE_DATA);
  char out[16] = {};
  size = sizeof out;
  REQUIRE(device->GetPrivateData(key, &size, out) == S_OK);
  CHECK(std::string(out) == "d3dvk");
  size = sizeof out;
  CHECK(context->GetPrivateData(key, &size, out) == DXGI_ERROR_NOT_FOUND);
  CHECK(size == 0);
  REQUIRE(device->SetPrivateData(key, 0, nullptr) == S_OK);
  size = sizeof out;
  CHECK(device->GetPrivateData(key, &size, out) == DXGI_ERROR_NOT_FOUND);
  context->Release();
  device->Release();
}

TEST_CASE("methods not implemented yet return E_NOTIMPL and null outputs", "[runtime]") {
  ID3D11Device* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, kLevel11_1, 1, D3D11_SDK_VERSION, &device,
                            nullptr, &context) == S_OK);
  D3D11_COUNTER_DESC desc{D3D11_COUNTER_DEVICE_DEPENDENT_0, 0};
  ID3D11Counter* counter = reinterpret_cast<ID3D11Counter*>(0x1);
  CHECK(device->CreateCounter(&desc, &counter) == E_NOTIMPL);
  CHECK(counter == nullptr);
  ID3D11RasterizerState* state = reinterpret_cast<ID3D11RasterizerState*>(0x1);
  context->RSGetState(&state);
  CHECK(state == nullptr);
  context->Draw(3, 0);  // does nothing, does not crash
  context->Release();
  device->Release();
}
