// tests/d3d12: values outside D3D12's enums, as a buggy or hostile application
// passes them, are refused with E_INVALIDARG (GetCopyableFootprints: the
// "invalid desc" outputs) — and read without loading them as the enum, which
// the ASan+UBSan build checks (runtime/core/raw_enum.h). The view creators
// (void) refuse theirs with a message and leave the descriptor as it was.
#include "d3d12_test_util.h"
#include "stderr_capture.h"

#include <cstdint>
#include <cstring>

using namespace d3dvk::test;

namespace {

// Stores a value outside an enum into a desc's field without ever loading it as
// the enum (which UBSan rightly reports): the runtime must do the same.
template <typename Enum>
void setRaw(Enum* field, int value) {
  static_assert(sizeof(Enum) == sizeof(int));
  std::memcpy(field, &value, sizeof value);
}

HRESULT createHeap(ID3D12Device* device, const D3D12_DESCRIPTOR_HEAP_DESC& desc) {
  void* heap = nullptr;
  const HRESULT hr = device->CreateDescriptorHeap(&desc, __uuidof(ID3D12DescriptorHeap), &heap);
  if (heap) static_cast<ID3D12DescriptorHeap*>(heap)->Release();
  return hr;
}

HRESULT createCommitted(ID3D12Device* device, const D3D12_HEAP_PROPERTIES& heap, D3D12_HEAP_FLAGS flags,
                        const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES state) {
  void* resource = nullptr;
  const HRESULT hr = device->CreateCommittedResource(&heap, flags, &desc, state, nullptr, __uuidof(ID3D12Resource),
                                                     &resource);
  if (resource) static_cast<ID3D12Resource*>(resource)->Release();
  return hr;
}

}  // namespace

TEST_CASE("D3D12 out-of-range enum values are refused with E_INVALIDARG", "[d3d12][errors]") {
  ID3D12Device* device = createDevice12();

  D3D12_DESCRIPTOR_HEAP_DESC heap{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  CHECK(createHeap(device, heap) == S_OK);
  setRaw(&heap.Type, 99);
  CHECK(createHeap(device, heap) == E_INVALIDARG);
  setRaw(&heap.Type, -7);
  CHECK(createHeap(device, heap) == E_INVALIDARG);
  heap.Type = D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
  setRaw(&heap.Flags, 0x40000000);
  CHECK(createHeap(device, heap) == E_INVALIDARG);

  D3D12_COMMAND_QUEUE_DESC queue{};
  setRaw(&queue.Flags, 0x10000);
  void* q = nullptr;
  CHECK(device->CreateCommandQueue(&queue, __uuidof(ID3D12CommandQueue), &q) == E_INVALIDARG);
  CHECK(q == nullptr);

  const D3D12_HEAP_PROPERTIES defaultHeap{D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
                                          D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
  const D3D12_RESOURCE_DESC buffer = bufferDesc(256);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, buffer, D3D12_RESOURCE_STATE_COMMON) == S_OK);
  D3D12_HEAP_PROPERTIES badHeap = defaultHeap;
  setRaw(&badHeap.Type, 1000);
  CHECK(createCommitted(device, badHeap, D3D12_HEAP_FLAG_NONE, buffer, D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);
  CHECK(createCommitted(device, defaultHeap, static_cast<D3D12_HEAP_FLAGS>(0x40000), buffer,
                        D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, buffer,
                        static_cast<D3D12_RESOURCE_STATES>(0x40000000)) == E_INVALIDARG);
  D3D12_RESOURCE_DESC bad = buffer;
  setRaw(&bad.Dimension, 77);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, bad, D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);
  bad = buffer;
  setRaw(&bad.Layout, 77);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, bad, D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);
  bad = buffer;
  setRaw(&bad.Flags, 0x100000);
  CHECK(createCommitted(device, defaultHeap, D3D12_HEAP_FLAG_NONE, bad, D3D12_RESOURCE_STATE_COMMON) == E_INVALIDARG);

  // GetCopyableFootprints answers an invalid desc with UINT64_MAX totals (D3D12's convention).
  bad = buffer;
  setRaw(&bad.Dimension, 77);
  UINT64 total = 0;
  device->GetCopyableFootprints(&bad, 0, 1, 0, nullptr, nullptr, nullptr, &total);
  CHECK(total == UINT64_MAX);

  device->Release();
}

TEST_CASE("D3D12 out-of-range view dimensions, view flags and sampler modes are refused with a message",
          "[d3d12][errors][views]") {
  ID3D12Device* device = createDevice12();
  ID3D12DescriptorHeap* heaps[4] = {};
  const D3D12_DESCRIPTOR_HEAP_TYPE types[4] = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, D3D12_DESCRIPTOR_HEAP_TYPE_RTV,
                                               D3D12_DESCRIPTOR_HEAP_TYPE_DSV, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER};
  for (int i = 0; i < 4; ++i) {
    D3D12_DESCRIPTOR_HEAP_DESC d{types[i], 4, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    REQUIRE(device->CreateDescriptorHeap(&d, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heaps[i])) == S_OK);
  }
  const D3D12_HEAP_PROPERTIES defaultHeap{D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
                                          D3D12_MEMORY_POOL_UNKNOWN, 0, 0};
  auto texture = [&](DXGI_FORMAT format, D3D12_RESOURCE_FLAGS flags, D3D12_RESOURCE_STATES state) {
    D3D12_RESOURCE_DESC d = texture2DDesc(4, 4, format, flags);
    void* r = nullptr;
    REQUIRE(device->CreateCommittedResource(&defaultHeap, D3D12_HEAP_FLAG_NONE, &d, state, nullptr,
                                            __uuidof(ID3D12Resource), &r) == S_OK);
    return static_cast<ID3D12Resource*>(r);
  };
  ID3D12Resource* colour = texture(DXGI_FORMAT_R8G8B8A8_UNORM,
                                   D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                                   D3D12_RESOURCE_STATE_COMMON);
  ID3D12Resource* depth = texture(DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL,
                                  D3D12_RESOURCE_STATE_DEPTH_WRITE);
  // Runs `create` and expects `text` in what it prints.
  auto refused = [](auto&& create, const char* text) {
    StderrCapture errors;
    create();
    const std::string printed = errors.text();
    INFO(printed);
    CHECK(printed.find(text) != std::string::npos);
  };

  D3D12_SHADER_RESOURCE_VIEW_DESC srv{DXGI_FORMAT_R8G8B8A8_UNORM, {}, D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING, {}};
  setRaw(&srv.ViewDimension, 99);
  refused([&] { device->CreateShaderResourceView(colour, &srv, heaps[0]->GetCPUDescriptorHandleForHeapStart()); },
          "CreateShaderResourceView: ViewDimension 99 is not a view dimension d3dvk supports; nothing is written");
  setRaw(&srv.ViewDimension, -1);
  refused([&] { device->CreateShaderResourceView(colour, &srv, heaps[0]->GetCPUDescriptorHandleForHeapStart()); },
          "ViewDimension -1 is not a view dimension d3dvk supports");
  D3D12_UNORDERED_ACCESS_VIEW_DESC uav{DXGI_FORMAT_R8G8B8A8_UNORM, {}, {}};
  setRaw(&uav.ViewDimension, 1234);
  refused([&] { device->CreateUnorderedAccessView(colour, nullptr, &uav, heaps[0]->GetCPUDescriptorHandleForHeapStart()); },
          "CreateUnorderedAccessView: ViewDimension 1234 is not a view dimension d3dvk supports");
  D3D12_RENDER_TARGET_VIEW_DESC rtv{DXGI_FORMAT_R8G8B8A8_UNORM, {}, {}};
  setRaw(&rtv.ViewDimension, 99);
  refused([&] { device->CreateRenderTargetView(colour, &rtv, heaps[1]->GetCPUDescriptorHandleForHeapStart()); },
          "CreateRenderTargetView: ViewDimension 99 is not a D3D12_RTV_DIMENSION; nothing is written");
  D3D12_DEPTH_STENCIL_VIEW_DESC dsv{DXGI_FORMAT_D32_FLOAT, {}, D3D12_DSV_FLAG_NONE, {}};
  setRaw(&dsv.ViewDimension, 99);
  refused([&] { device->CreateDepthStencilView(depth, &dsv, heaps[2]->GetCPUDescriptorHandleForHeapStart()); },
          "CreateDepthStencilView: ViewDimension 99 is not a D3D12_DSV_DIMENSION; nothing is written");
  dsv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
  setRaw(&dsv.Flags, 0x100);
  refused([&] { device->CreateDepthStencilView(depth, &dsv, heaps[2]->GetCPUDescriptorHandleForHeapStart()); },
          "Flags is not a combination of D3D12_DSV_FLAGS");

  D3D12_SAMPLER_DESC sampler{D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP,
                             D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0, 1, D3D12_COMPARISON_FUNC_NEVER, {}, 0, 1};
  D3D12_SAMPLER_DESC bad = sampler;
  setRaw(&bad.AddressV, 99);
  refused([&] { device->CreateSampler(&bad, heaps[3]->GetCPUDescriptorHandleForHeapStart()); },
          "AddressU, AddressV or AddressW is not a D3D12_TEXTURE_ADDRESS_MODE");
  bad = sampler;
  setRaw(&bad.ComparisonFunc, 77);
  refused([&] { device->CreateSampler(&bad, heaps[3]->GetCPUDescriptorHandleForHeapStart()); },
          "ComparisonFunc is not a D3D12_COMPARISON_FUNC");
  bad = sampler;
  setRaw(&bad.Filter, 0x1000);
  refused([&] { device->CreateSampler(&bad, heaps[3]->GetCPUDescriptorHandleForHeapStart()); },
          "Filter is not a D3D12_FILTER");
  {  // The valid desc still creates its sampler silently.
    StderrCapture errors;
    device->CreateSampler(&sampler, heaps[3]->GetCPUDescriptorHandleForHeapStart());
    CHECK(errors.text().empty());
  }

  depth->Release();
  colour->Release();
  for (ID3D12DescriptorHeap* h : heaps) h->Release();
  CHECK(device->Release() == 0);
}
