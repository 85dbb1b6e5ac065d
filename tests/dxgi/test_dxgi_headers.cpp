// The DXGI headers against the Windows SDK: IIDs parsed from their documented
// registry strings, values and HRESULTs as the SDK defines them, struct layouts
// (x86-64 / AArch64 LP64 with winadapter's 4-byte WCHAR), and vtable slots. A slot
// is read from the pointer to the virtual member function (Itanium C++ ABI, used by
// GCC and Clang on Linux: the pointer holds 1 + the slot's byte offset), so no
// implementation is needed; the expected slot numbers are the SDK's.
#include <dxgi1_6.h>
#include <d3d11.h>
#include <directx/d3d12.h>

#include <catch2/catch.hpp>

#include <cstddef>
#include <cstring>

namespace {

constexpr int hexDigit(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

// "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
GUID parseGuid(const char* s) {
  auto field = [&](int at, int n) {
    unsigned long long v = 0;
    for (int i = 0; i < n; ++i) v = v * 16 + unsigned(hexDigit(s[at + i]));
    return v;
  };
  GUID g{};
  g.Data1 = uint32_t(field(0, 8));
  g.Data2 = uint16_t(field(9, 4));
  g.Data3 = uint16_t(field(14, 4));
  g.Data4[0] = uint8_t(field(19, 2));
  g.Data4[1] = uint8_t(field(21, 2));
  for (int i = 0; i < 6; ++i) g.Data4[2 + i] = uint8_t(field(24 + 2 * i, 2));
  return g;
}

bool same(const GUID& a, const GUID& b) { return std::memcmp(&a, &b, sizeof(GUID)) == 0; }

template <typename PointerToMember>
std::size_t slotOf(PointerToMember pmf) {
  static_assert(sizeof(pmf) == 2 * sizeof(std::ptrdiff_t));
  std::ptrdiff_t raw[2];
  std::memcpy(raw, &pmf, sizeof raw);
  REQUIRE((raw[0] & 1) == 1);  // a virtual function
  return std::size_t(raw[0] - 1) / sizeof(void*);
}

}  // namespace

TEST_CASE("DXGI IIDs and __uuidof match the documented GUIDs", "[dxgi][headers]") {
  struct Row {
    const char* name;
    const GUID& iid;
    const GUID& uuidof;
    const char* documented;
  };
#define ROW(i, s) Row{#i, IID_##i, __uuidof(i), s}
  const Row rows[] = {
      ROW(IDXGIObject, "aec22fb8-76f3-4639-9be0-28eb43a67a2e"),
      ROW(IDXGIDeviceSubObject, "3d3e0379-f9de-4d58-bb6c-18d62992f1a6"),
      ROW(IDXGIResource, "035f3ab4-482e-4e50-b41f-8a7f8bd8960b"),
      ROW(IDXGIKeyedMutex, "9d8e1289-d7b3-465f-8126-250e349af85d"),
      ROW(IDXGISurface, "cafcb56c-6ac3-4889-bf47-9e23bbd260ec"),
      ROW(IDXGISurface1, "4AE63092-6327-4c1b-80AE-BFE12EA32B86"),
      ROW(IDXGIAdapter, "2411e7e1-12ac-4ccf-bd14-9798e8534dc0"),
      ROW(IDXGIOutput, "ae02eedb-c735-4690-8d52-5a8dc20213aa"),
      ROW(IDXGISwapChain, "310d36a0-d2e7-4c0a-aa04-6a9d23b8886a"),
      ROW(IDXGIFactory, "7b7166ec-21c7-44ae-b21a-c9ae321ae369"),
      ROW(IDXGIDevice, "54ec77fa-1377-44e6-8c32-88fd5f44c84c"),
      ROW(IDXGIFactory1, "770aae78-f26f-4dba-a829-253c83d1b387"),
      ROW(IDXGIAdapter1, "29038f61-3839-4626-91fd-086879011a05"),
      ROW(IDXGIDevice1, "77db970f-6276-48ba-ba28-070143b4392c"),
      ROW(IDXGIDisplayControl, "ea9dbf1a-c88e-4486-854a-98aa0138f30c"),
      ROW(IDXGIOutputDuplication, "191cfac3-a341-470d-b26e-a864f428319c"),
      ROW(IDXGISurface2, "aba496dd-b617-4cb8-a866-bc44d7eb1fa2"),
      ROW(IDXGIResource1, "30961379-4609-4a41-998e-54fe567ee0c1"),
      ROW(IDXGIDevice2, "05008617-fbfd-4051-a790-144884b4f6a9"),
      ROW(IDXGISwapChain1, "790a45f7-0d42-4876-983a-0a55cfe6f4aa"),
      ROW(IDXGIFactory2, "50c83a1c-e072-4c48-87b0-3630fa36a6d0"),
      ROW(IDXGIAdapter2, "0AA1AE0A-FA0E-4B84-8644-E05FF8E5ACB5"),
      ROW(IDXGIOutput1, "00cddea8-939b-4b83-a340-a685226666cc"),
      ROW(IDXGIDevice3, "6007896c-3244-4afd-bf18-a6d3beda5023"),
      ROW(IDXGISwapChain2, "a8be2ac4-199f-4946-b331-79599fb98de7"),
      ROW(IDXGIOutput2, "595e39d1-2724-4663-99b1-da969de28364"),
      ROW(IDXGIFactory3, "25483823-cd46-4c7d-86ca-47aa95b837bd"),
      ROW(IDXGIDecodeSwapChain, "2633066b-4514-4c7a-8fd8-12ea98059d18"),
      ROW(IDXGIFactoryMedia, "41e7d1f2-a591-4f7b-a2e5-fa9c843e1c12"),
      ROW(IDXGISwapChainMedia, "dd95b90b-f05f-4f6a-bd65-25bfb264bd84"),
      ROW(IDXGIOutput3, "8a6bb301-7e7e-41F4-a8e0-5b32f7f99b18"),
      ROW(IDXGISwapChain3, "94d99bdb-f1f8-4ab0-b236-7da0170edab1"),
      ROW(IDXGIOutput4, "dc7dca35-2196-414d-9F53-617884032a60"),
      ROW(IDXGIFactory4, "1bc6ea02-ef36-464f-bf0c-21ca39e5168a"),
      ROW(IDXGIAdapter3, "645967a4-1392-4310-a798-8053ce3e93fd"),
      ROW(IDXGIOutput5, "80a07424-ab52-42eb-833c-0c42fd282d98"),
      ROW(IDXGISwapChain4, "3d585d5a-bd4a-489e-b1f4-3dbcb6452ffb"),
      ROW(IDXGIDevice4, "95b4f95f-d8da-4ca4-9ee6-3b76d5968a10"),
      ROW(IDXGIFactory5, "7632e1f5-ee65-4dca-87fd-84cd75f8838d"),
      ROW(IDXGIAdapter4, "3c8d99d1-4fbf-4181-a82c-af66bf7bd24e"),
      ROW(IDXGIOutput6, "068346e8-aaec-4b84-add7-137f513f77a1"),
      ROW(IDXGIFactory6, "c1b6694f-ff09-44a9-b03c-77900a0a1d17"),
      ROW(IDXGIFactory7, "a4966eed-76db-44da-84c1-ee9a7afb20a8"),
  };
#undef ROW
  for (const Row& r : rows) {
    INFO(r.name);
    const GUID expected = parseGuid(r.documented);
    CHECK(same(r.iid, expected));
    CHECK(same(r.uuidof, expected));
  }
}

TEST_CASE("DXGI values and HRESULTs are the SDK's", "[dxgi][headers]") {
  CHECK(uint32_t(DXGI_ERROR_INVALID_CALL) == 0x887A0001u);
  CHECK(uint32_t(DXGI_ERROR_NOT_FOUND) == 0x887A0002u);
  CHECK(uint32_t(DXGI_ERROR_MORE_DATA) == 0x887A0003u);
  CHECK(uint32_t(DXGI_ERROR_UNSUPPORTED) == 0x887A0004u);
  CHECK(uint32_t(DXGI_ERROR_DEVICE_REMOVED) == 0x887A0005u);
  CHECK(uint32_t(DXGI_ERROR_WAS_STILL_DRAWING) == 0x887A000Au);
  CHECK(uint32_t(DXGI_ERROR_NOT_CURRENTLY_AVAILABLE) == 0x887A0022u);
  CHECK(uint32_t(DXGI_ERROR_WAIT_TIMEOUT) == 0x887A0027u);
  CHECK(uint32_t(DXGI_STATUS_OCCLUDED) == 0x087A0001u);
  CHECK(uint32_t(DXGI_STATUS_MODE_CHANGED) == 0x087A0007u);
  CHECK(DXGI_USAGE_RENDER_TARGET_OUTPUT == 0x20u);
  CHECK(DXGI_USAGE_BACK_BUFFER == 0x40u);
  CHECK(DXGI_USAGE_UNORDERED_ACCESS == 0x400u);
  CHECK(DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL == 3);
  CHECK(DXGI_SWAP_EFFECT_FLIP_DISCARD == 4);
  CHECK(DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT == 64);
  CHECK(DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING == 2048);
  CHECK(DXGI_PRESENT_TEST == 1u);
  CHECK(DXGI_PRESENT_ALLOW_TEARING == 0x200u);
  CHECK(DXGI_MAX_SWAP_CHAIN_BUFFERS == 16);
  CHECK(DXGI_MWA_VALID == 7);
  CHECK(DXGI_ADAPTER_FLAG_SOFTWARE == 2);
  CHECK(uint32_t(DXGI_ADAPTER_FLAG_FORCE_DWORD) == 0xffffffffu);
  CHECK(DXGI_ADAPTER_FLAG3_SOFTWARE == 2);
  CHECK(DXGI_SCALING_ASPECT_RATIO_STRETCH == 2);
  CHECK(DXGI_ALPHA_MODE_IGNORE == 3);
  CHECK(DXGI_MEMORY_SEGMENT_GROUP_NON_LOCAL == 1);
  CHECK(DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE == 2);
  CHECK(DXGI_FEATURE_PRESENT_ALLOW_TEARING == 0);
  CHECK(DXGI_CREATE_FACTORY_DEBUG == 1);
  CHECK(uint32_t(DXGI_RESOURCE_PRIORITY_NORMAL) == 0x78000000u);
  CHECK(DXGI_MODE_ROTATION_ROTATE270 == 4);
}

// Layouts: offsets as the SDK's structs have them on LP64, with WCHAR = wchar_t (4 bytes).
static_assert(sizeof(WCHAR) == 4);
static_assert(sizeof(HWND) == sizeof(void*), "an HWND holds an SDL_Window* or an X11 Window");
static_assert(sizeof(DXGI_MODE_DESC) == 28 && offsetof(DXGI_MODE_DESC, Format) == 16);
static_assert(offsetof(DXGI_SWAP_CHAIN_DESC, SampleDesc) == 28 && offsetof(DXGI_SWAP_CHAIN_DESC, BufferUsage) == 36);
static_assert(offsetof(DXGI_SWAP_CHAIN_DESC, OutputWindow) == 48 && offsetof(DXGI_SWAP_CHAIN_DESC, Flags) == 64 &&
              sizeof(DXGI_SWAP_CHAIN_DESC) == 72);
static_assert(sizeof(DXGI_SWAP_CHAIN_DESC1) == 48 && offsetof(DXGI_SWAP_CHAIN_DESC1, SampleDesc) == 16 &&
              offsetof(DXGI_SWAP_CHAIN_DESC1, AlphaMode) == 40);
static_assert(sizeof(DXGI_SWAP_CHAIN_FULLSCREEN_DESC) == 20);
static_assert(sizeof(DXGI_PRESENT_PARAMETERS) == 32 && offsetof(DXGI_PRESENT_PARAMETERS, pDirtyRects) == 8);
static_assert(offsetof(DXGI_ADAPTER_DESC, VendorId) == 512 && offsetof(DXGI_ADAPTER_DESC, DedicatedVideoMemory) == 528 &&
              offsetof(DXGI_ADAPTER_DESC, AdapterLuid) == 552 && sizeof(DXGI_ADAPTER_DESC) == 560);
static_assert(offsetof(DXGI_ADAPTER_DESC1, Flags) == 560 && sizeof(DXGI_ADAPTER_DESC1) == 568);
static_assert(offsetof(DXGI_ADAPTER_DESC2, ComputePreemptionGranularity) == 568 && sizeof(DXGI_ADAPTER_DESC2) == 576);
static_assert(offsetof(DXGI_ADAPTER_DESC3, Flags) == 560 && sizeof(DXGI_ADAPTER_DESC3) == 576);
static_assert(sizeof(DXGI_QUERY_VIDEO_MEMORY_INFO) == 32 && offsetof(DXGI_QUERY_VIDEO_MEMORY_INFO, CurrentReservation) == 24);
static_assert(sizeof(DXGI_FRAME_STATISTICS) == 32 && offsetof(DXGI_FRAME_STATISTICS, SyncQPCTime) == 16);
static_assert(offsetof(DXGI_OUTPUT_DESC, DesktopCoordinates) == 128 && offsetof(DXGI_OUTPUT_DESC, Monitor) == 152 &&
              sizeof(DXGI_OUTPUT_DESC) == 160);
static_assert(sizeof(DXGI_MODE_DESC1) == 32);
static_assert(sizeof(DXGI_SURFACE_DESC) == 20);
static_assert(sizeof(DXGI_MAPPED_RECT) == 16 && offsetof(DXGI_MAPPED_RECT, pBits) == 8);
static_assert(sizeof(DXGI_HDR_METADATA_HDR10) == 28);
static_assert(sizeof(DXGI_MATRIX_3X2_F) == 24);
static_assert(sizeof(DXGI_GAMMA_CONTROL) == 3 * 4 * 1027);

TEST_CASE("DXGI vtable slots match the SDK", "[dxgi][headers][vtable]") {
  // IDXGIObject: 3–6 after IUnknown's three.
  CHECK(slotOf(&IDXGIObject::SetPrivateData) == 3);
  CHECK(slotOf(&IDXGIObject::GetParent) == 6);
  CHECK(slotOf(&IDXGIDeviceSubObject::GetDevice) == 7);
  // Factories.
  CHECK(slotOf(&IDXGIFactory::EnumAdapters) == 7);
  CHECK(slotOf(&IDXGIFactory::CreateSwapChain) == 10);
  CHECK(slotOf(&IDXGIFactory::CreateSoftwareAdapter) == 11);
  CHECK(slotOf(&IDXGIFactory1::EnumAdapters1) == 12);
  CHECK(slotOf(&IDXGIFactory1::IsCurrent) == 13);
  CHECK(slotOf(&IDXGIFactory2::CreateSwapChainForHwnd) == 15);
  CHECK(slotOf(&IDXGIFactory2::CreateSwapChainForCoreWindow) == 16);
  CHECK(slotOf(&IDXGIFactory2::GetSharedResourceAdapterLuid) == 17);
  CHECK(slotOf(&IDXGIFactory2::RegisterStereoStatusWindow) == 18);
  CHECK(slotOf(&IDXGIFactory2::RegisterOcclusionStatusWindow) == 21);
  CHECK(slotOf(&IDXGIFactory2::CreateSwapChainForComposition) == 24);
  CHECK(slotOf(&IDXGIFactory3::GetCreationFlags) == 25);
  CHECK(slotOf(&IDXGIFactory4::EnumAdapterByLuid) == 26);
  CHECK(slotOf(&IDXGIFactory4::EnumWarpAdapter) == 27);
  CHECK(slotOf(&IDXGIFactory5::CheckFeatureSupport) == 28);
  CHECK(slotOf(&IDXGIFactory6::EnumAdapterByGpuPreference) == 29);
  CHECK(slotOf(&IDXGIFactory7::UnregisterAdaptersChangedEvent) == 31);
  // Adapters.
  CHECK(slotOf(&IDXGIAdapter::EnumOutputs) == 7);
  CHECK(slotOf(&IDXGIAdapter::CheckInterfaceSupport) == 9);
  CHECK(slotOf(&IDXGIAdapter1::GetDesc1) == 10);
  CHECK(slotOf(&IDXGIAdapter2::GetDesc2) == 11);
  CHECK(slotOf(&IDXGIAdapter3::QueryVideoMemoryInfo) == 14);
  CHECK(slotOf(&IDXGIAdapter3::UnregisterVideoMemoryBudgetChangeNotification) == 17);
  CHECK(slotOf(&IDXGIAdapter4::GetDesc3) == 18);
  // Devices.
  CHECK(slotOf(&IDXGIDevice::GetAdapter) == 7);
  CHECK(slotOf(&IDXGIDevice::GetGPUThreadPriority) == 11);
  CHECK(slotOf(&IDXGIDevice1::SetMaximumFrameLatency) == 12);
  CHECK(slotOf(&IDXGIDevice2::EnqueueSetEvent) == 16);
  CHECK(slotOf(&IDXGIDevice3::Trim) == 17);
  CHECK(slotOf(&IDXGIDevice4::ReclaimResources1) == 19);
  // Swapchains.
  CHECK(slotOf(&IDXGISwapChain::Present) == 8);
  CHECK(slotOf(&IDXGISwapChain::GetBuffer) == 9);
  CHECK(slotOf(&IDXGISwapChain::ResizeBuffers) == 13);
  CHECK(slotOf(&IDXGISwapChain::GetLastPresentCount) == 17);
  CHECK(slotOf(&IDXGISwapChain1::GetDesc1) == 18);
  CHECK(slotOf(&IDXGISwapChain1::Present1) == 22);
  CHECK(slotOf(&IDXGISwapChain1::GetRotation) == 28);
  CHECK(slotOf(&IDXGISwapChain2::GetFrameLatencyWaitableObject) == 33);
  CHECK(slotOf(&IDXGISwapChain3::GetCurrentBackBufferIndex) == 36);
  CHECK(slotOf(&IDXGISwapChain3::ResizeBuffers1) == 39);
  CHECK(slotOf(&IDXGISwapChain4::SetHDRMetaData) == 40);
  // Outputs, surfaces, resources.
  CHECK(slotOf(&IDXGIOutput::GetFrameStatistics) == 18);
  CHECK(slotOf(&IDXGIOutput1::DuplicateOutput) == 22);
  CHECK(slotOf(&IDXGIOutput6::CheckHardwareCompositionSupport) == 28);
  CHECK(slotOf(&IDXGISurface::Unmap) == 10);
  CHECK(slotOf(&IDXGISurface2::GetResource) == 13);
  CHECK(slotOf(&IDXGIResource::GetEvictionPriority) == 11);
  CHECK(slotOf(&IDXGIResource1::CreateSharedHandle) == 13);
}
