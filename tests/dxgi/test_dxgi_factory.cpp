// DXGI factories and the adapter through the public API, on the machine's Vulkan
// device (whatever D3DVK_DEVICE selects: lavapipe in CI): interfaces, enumeration
// by index, LUID, GPU preference and WARP, descs against what Vulkan says of the
// device, memory segments, window association, feature support.
#include "dxgi_test_util.h"

#include <cstdlib>

#include <directx/d3d12.h>

#include <cstring>

using d3dvk::test::Com;

TEST_CASE("CreateDXGIFactory1 gives a factory answering IDXGIFactory to IDXGIFactory7", "[dxgi][factory]") {
  Com<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  REQUIRE(factory);
  const IID iids[] = {__uuidof(IUnknown),      __uuidof(IDXGIObject),   __uuidof(IDXGIFactory),
                      __uuidof(IDXGIFactory2), __uuidof(IDXGIFactory3), __uuidof(IDXGIFactory4),
                      __uuidof(IDXGIFactory5), __uuidof(IDXGIFactory6), __uuidof(IDXGIFactory7)};
  for (const IID& iid : iids) {
    Com<IUnknown> other;
    CHECK(factory->QueryInterface(iid, other.putVoid()) == S_OK);
    CHECK(other);
  }
  Com<IUnknown> device;
  CHECK(factory->QueryInterface(__uuidof(ID3D11Device), device.putVoid()) == E_NOINTERFACE);
  CHECK(!device);

  Com<IDXGIFactory> plain;
  CHECK(CreateDXGIFactory(__uuidof(IDXGIFactory), plain.putVoid()) == S_OK);
  Com<IDXGIFactory3> debug;
  REQUIRE(CreateDXGIFactory2(DXGI_CREATE_FACTORY_DEBUG, __uuidof(IDXGIFactory3), debug.putVoid()) == S_OK);
  CHECK(debug->GetCreationFlags() == DXGI_CREATE_FACTORY_DEBUG);
  Com<IDXGIFactory2> bad;
  CHECK(CreateDXGIFactory2(0x2, __uuidof(IDXGIFactory2), bad.putVoid()) == E_INVALIDARG);
  CHECK(!bad);
  Com<IUnknown> notAFactory;
  CHECK(CreateDXGIFactory1(__uuidof(IDXGIAdapter), notAFactory.putVoid()) == E_NOINTERFACE);
  CHECK(factory->IsCurrent() == TRUE);
}

TEST_CASE("EnumAdapters finds one adapter which is the Vulkan device d3dvk drives", "[dxgi][adapter]") {
  const d3dvk::test::VulkanAdapterFacts vk = d3dvk::test::vulkanAdapterFacts();
  Com<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  Com<IDXGIAdapter1> adapter;
  REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
  Com<IDXGIAdapter1> second;
  CHECK(factory->EnumAdapters1(1, second.put()) == DXGI_ERROR_NOT_FOUND);
  CHECK(!second);
  Com<IDXGIAdapter> plain;
  CHECK(factory->EnumAdapters(0, plain.put()) == S_OK);
  CHECK(factory->EnumAdapters(0, nullptr) == DXGI_ERROR_INVALID_CALL);

  DXGI_ADAPTER_DESC1 desc{};
  REQUIRE(adapter->GetDesc1(&desc) == S_OK);
  CHECK(d3dvk::test::narrow(desc.Description) == vk.name);
  CHECK(desc.VendorId == vk.vendorId);
  CHECK(desc.DeviceId == vk.deviceId);
  CHECK(desc.Flags == UINT(vk.cpu ? DXGI_ADAPTER_FLAG_SOFTWARE : DXGI_ADAPTER_FLAG_NONE));
  CHECK(desc.DedicatedVideoMemory + desc.SharedSystemMemory > 0);
  CHECK(adapter->GetDesc1(nullptr) == E_INVALIDARG);

  // Every desc version tells the same story.
  Com<IDXGIAdapter4> adapter4;
  REQUIRE(adapter->QueryInterface(__uuidof(IDXGIAdapter4), adapter4.putVoid()) == S_OK);
  DXGI_ADAPTER_DESC d0{};
  DXGI_ADAPTER_DESC2 d2{};
  DXGI_ADAPTER_DESC3 d3{};
  REQUIRE(adapter4->GetDesc(&d0) == S_OK);
  REQUIRE(adapter4->GetDesc2(&d2) == S_OK);
  REQUIRE(adapter4->GetDesc3(&d3) == S_OK);
  CHECK(std::memcmp(d0.Description, desc.Description, sizeof d0.Description) == 0);
  CHECK(d3dvk::test::sameLuid(d0.AdapterLuid, desc.AdapterLuid));
  CHECK(d3dvk::test::sameLuid(d2.AdapterLuid, desc.AdapterLuid));
  CHECK(d3dvk::test::sameLuid(d3.AdapterLuid, desc.AdapterLuid));
  CHECK(d2.Flags == desc.Flags);
  CHECK(d3.Flags == (vk.cpu ? DXGI_ADAPTER_FLAG3_SOFTWARE : DXGI_ADAPTER_FLAG3_NONE));
  CHECK(d3.DedicatedVideoMemory == desc.DedicatedVideoMemory);

  // Outputs are the X server's monitors (tests/present/test_present_outputs.cpp):
  // none without a display.
  Com<IDXGIOutput> output;
  const char* display = std::getenv("DISPLAY");
  const HRESULT outputs = adapter->EnumOutputs(0, output.put());
  if (!display || !*display) CHECK(outputs == DXGI_ERROR_NOT_FOUND);
  else CHECK((outputs == S_OK || outputs == DXGI_ERROR_NOT_FOUND));

  // The adapter's parent is a factory.
  Com<IDXGIFactory1> parent;
  CHECK(adapter->GetParent(__uuidof(IDXGIFactory1), parent.putVoid()) == S_OK);
  CHECK(parent);
}

TEST_CASE("EnumAdapterByLuid and EnumAdapterByGpuPreference and EnumWarpAdapter agree with EnumAdapters",
          "[dxgi][adapter]") {
  const d3dvk::test::VulkanAdapterFacts vk = d3dvk::test::vulkanAdapterFacts();
  Com<IDXGIFactory6> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory6), factory.putVoid()) == S_OK);
  Com<IDXGIAdapter1> adapter;
  REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
  DXGI_ADAPTER_DESC1 desc{};
  REQUIRE(adapter->GetDesc1(&desc) == S_OK);

  Com<IDXGIAdapter1> byLuid;
  REQUIRE(factory->EnumAdapterByLuid(desc.AdapterLuid, __uuidof(IDXGIAdapter1), byLuid.putVoid()) == S_OK);
  DXGI_ADAPTER_DESC1 luidDesc{};
  REQUIRE(byLuid->GetDesc1(&luidDesc) == S_OK);
  CHECK(d3dvk::test::sameLuid(luidDesc.AdapterLuid, desc.AdapterLuid));
  LUID other = desc.AdapterLuid;
  other.HighPart += 1;
  Com<IDXGIAdapter> none;
  CHECK(factory->EnumAdapterByLuid(other, __uuidof(IDXGIAdapter), none.putVoid()) == DXGI_ERROR_NOT_FOUND);
  CHECK(!none);

  for (DXGI_GPU_PREFERENCE preference : {DXGI_GPU_PREFERENCE_UNSPECIFIED, DXGI_GPU_PREFERENCE_MINIMUM_POWER,
                                         DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE}) {
    Com<IDXGIAdapter4> first;
    REQUIRE(factory->EnumAdapterByGpuPreference(0, preference, __uuidof(IDXGIAdapter4), first.putVoid()) == S_OK);
    DXGI_ADAPTER_DESC3 d{};
    REQUIRE(first->GetDesc3(&d) == S_OK);
    CHECK(d3dvk::test::sameLuid(d.AdapterLuid, desc.AdapterLuid));
    Com<IDXGIAdapter4> next;
    CHECK(factory->EnumAdapterByGpuPreference(1, preference, __uuidof(IDXGIAdapter4), next.putVoid()) ==
          DXGI_ERROR_NOT_FOUND);
  }
  Com<IDXGIAdapter> invalid;
  CHECK(factory->EnumAdapterByGpuPreference(0, DXGI_GPU_PREFERENCE(7), __uuidof(IDXGIAdapter), invalid.putVoid()) ==
        E_INVALIDARG);

  // WARP is the CPU device: there when d3dvk drives lavapipe, not found on a GPU.
  Com<IDXGIAdapter1> warp;
  const HRESULT hr = factory->EnumWarpAdapter(__uuidof(IDXGIAdapter1), warp.putVoid());
  if (vk.cpu) {
    REQUIRE(hr == S_OK);
    DXGI_ADAPTER_DESC1 w{};
    REQUIRE(warp->GetDesc1(&w) == S_OK);
    CHECK((w.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) != 0);
  } else {
    CHECK(hr == DXGI_ERROR_NOT_FOUND);
  }
}

TEST_CASE("QueryVideoMemoryInfo counts what a device allocates", "[dxgi][adapter][memory]") {
  Com<IDXGIFactory4> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory4), factory.putVoid()) == S_OK);
  Com<IDXGIAdapter> adapter;
  REQUIRE(factory->EnumAdapters(0, adapter.put()) == S_OK);
  Com<IDXGIAdapter3> adapter3;
  REQUIRE(adapter->QueryInterface(__uuidof(IDXGIAdapter3), adapter3.putVoid()) == S_OK);

  DXGI_QUERY_VIDEO_MEMORY_INFO before{};
  REQUIRE(adapter3->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &before) == S_OK);
  CHECK(before.Budget > 0);
  CHECK(before.AvailableForReservation <= before.Budget);
  DXGI_QUERY_VIDEO_MEMORY_INFO nonLocal{};
  CHECK(adapter3->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL, &nonLocal) == S_OK);
  CHECK(adapter3->QueryVideoMemoryInfo(1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &nonLocal) == E_INVALIDARG);
  CHECK(adapter3->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP(2), &nonLocal) == E_INVALIDARG);
  CHECK(adapter3->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, nullptr) == E_INVALIDARG);

  // A 16 MiB default-usage buffer lives in the local segment.
  Com<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(adapter.p, D3D_DRIVER_TYPE_UNKNOWN, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                            nullptr, nullptr) == S_OK);
  const UINT size = 16u << 20;
  D3D11_BUFFER_DESC bd{size, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
  Com<ID3D11Buffer> buffer;
  REQUIRE(device->CreateBuffer(&bd, nullptr, buffer.put()) == S_OK);
  DXGI_QUERY_VIDEO_MEMORY_INFO after{};
  REQUIRE(adapter3->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &after) == S_OK);
  CHECK(after.CurrentUsage >= before.CurrentUsage + size);

  // Reservations are recorded per segment; more than the budget is refused.
  CHECK(adapter3->SetVideoMemoryReservation(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, 1u << 20) == S_OK);
  REQUIRE(adapter3->QueryVideoMemoryInfo(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, &after) == S_OK);
  CHECK(after.CurrentReservation == (1u << 20));
  CHECK(adapter3->SetVideoMemoryReservation(0, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, after.Budget + 1) == E_INVALIDARG);
  CHECK(adapter3->SetVideoMemoryReservation(1, DXGI_MEMORY_SEGMENT_GROUP_LOCAL, 0) == E_INVALIDARG);
}

TEST_CASE("IDXGIFactory5::CheckFeatureSupport and window association", "[dxgi][factory]") {
  Com<IDXGIFactory5> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory5), factory.putVoid()) == S_OK);
  BOOL tearing = TRUE;
  CHECK(factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing, sizeof tearing) == S_OK);
  CHECK(tearing == TRUE);  // flip-model swapchains take ALLOW_TEARING (IMMEDIATE presentation where offered)
  CHECK(factory->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &tearing, 1) == E_INVALIDARG);
  CHECK(factory->CheckFeatureSupport(DXGI_FEATURE(1), &tearing, sizeof tearing) == E_INVALIDARG);

  HWND window = reinterpret_cast<HWND>(static_cast<uintptr_t>(0x1234));
  CHECK(factory->MakeWindowAssociation(window, DXGI_MWA_NO_ALT_ENTER) == S_OK);
  HWND got = nullptr;
  CHECK(factory->GetWindowAssociation(&got) == S_OK);
  CHECK(got == window);
  CHECK(factory->MakeWindowAssociation(window, 0x8) == DXGI_ERROR_INVALID_CALL);
  CHECK(factory->GetWindowAssociation(nullptr) == DXGI_ERROR_INVALID_CALL);
}
