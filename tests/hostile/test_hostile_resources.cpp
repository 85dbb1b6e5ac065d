// tests/hostile: resource and query-heap creation beyond D3D12's limits or the
// device's (issue 30, items 3, 4, 7 and part of 9): refused with E_INVALIDARG
// or E_OUTOFMEMORY before any Vulkan call, the device usable afterwards.
#include "hostile_util.h"

using namespace d3dvk::test;

namespace {

HRESULT createTexture(ID3D12Device* device, const D3D12_RESOURCE_DESC& desc, ID3D12Resource** out = nullptr) {
  D3D12_HEAP_PROPERTIES heap{};
  heap.Type = D3D12_HEAP_TYPE_DEFAULT;
  void* resource = reinterpret_cast<void*>(0x1);
  const HRESULT hr = device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON,
                                                     nullptr, __uuidof(ID3D12Resource), &resource);
  if (out) *out = static_cast<ID3D12Resource*>(resource);
  else if (SUCCEEDED(hr)) static_cast<ID3D12Resource*>(resource)->Release();
  if (FAILED(hr)) CHECK(resource == nullptr);
  return hr;
}

D3D12_RESOURCE_DESC textureDesc(D3D12_RESOURCE_DIMENSION dimension, UINT64 width, UINT height, UINT16 depthOrArray) {
  D3D12_RESOURCE_DESC d = texture2DDesc(UINT(width), height, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE, 1,
                                        depthOrArray);
  d.Dimension = dimension;
  d.Width = width;
  return d;
}

}  // namespace

TEST_CASE("hostile resources: textures beyond D3D12's limits are E_INVALIDARG before Vulkan sees them",
          "[hostile][d3d12][resource]") {
  HostileDevice12 d;
  const int invalidDesc = D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC;
  // 65 535 slices of 4×4: the review's SIGSEGV while the image was zeroed.
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 4, 4, 65535)) == E_INVALIDARG);
  CHECK(d.reported(invalidDesc, "2048 array slices"));
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE1D, 4, 1, 65535)) == E_INVALIDARG);
  CHECK(d.reported(invalidDesc, "2048 array slices"));
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 4, 4, 2049)) == E_INVALIDARG);
  CHECK(d.reported(invalidDesc));
  // 3D extents above 2048 (a 4096³ Texture3D was E_OUTOFMEMORY).
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, 4096, 4096, 4096)) == E_INVALIDARG);
  CHECK(d.reported(invalidDesc, "2048 texels a side"));
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, 4, 4, 2049)) == E_INVALIDARG);
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE1D, 16385, 1, 1)) == E_INVALIDARG);
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 16385, 4, 1)) == E_INVALIDARG);
  d.info->ClearStoredMessages();
  // At the limits: created (2048 slices of 4×4, a 16384-wide Texture1D).
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 4, 4, 2048)) == S_OK);
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE1D, 16384, 1, 1)) == S_OK);
  CHECK(createTexture(d.device, textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE3D, 2048, 4, 4)) == S_OK);

  // GetResourceAllocationInfo answers UINT64_MAX for what cannot be created, and for a buffer of UINT64_MAX bytes.
  D3D12_RESOURCE_DESC tooMany = textureDesc(D3D12_RESOURCE_DIMENSION_TEXTURE2D, 4, 4, 65535);
  CHECK(d.device->GetResourceAllocationInfo(0, 1, &tooMany).SizeInBytes == UINT64_MAX);
  D3D12_RESOURCE_DESC huge = bufferDesc(UINT64_MAX);
  CHECK(d.device->GetResourceAllocationInfo(0, 1, &huge).SizeInBytes == UINT64_MAX);
  D3D12_RESOURCE_DESC two[2] = {bufferDesc(UINT64_MAX - (64u << 10)), bufferDesc(1u << 20)};
  CHECK(d.device->GetResourceAllocationInfo(0, 2, two).SizeInBytes == UINT64_MAX);
  D3D12_RESOURCE_DESC fine = bufferDesc(100);
  CHECK(d.device->GetResourceAllocationInfo(0, 1, &fine).SizeInBytes == 64u << 10);
}

TEST_CASE("hostile resources: sample counts D3D12 or the device does not support are E_INVALIDARG",
          "[hostile][d3d12][resource][msaa]") {
  HostileDevice12 d;
  for (UINT samples : {3u, 64u, 5u}) {
    D3D12_RESOURCE_DESC desc = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    desc.SampleDesc.Count = samples;
    INFO("SampleDesc.Count " << samples);
    CHECK(createTexture(d.device, desc) == E_INVALIDARG);
    CHECK(d.reported(D3D12_MESSAGE_ID_CREATERESOURCE_INVALIDDESC, "power of two"));
  }
  // 8, 16 and 32 are D3D12 counts; where the Vulkan device lacks them (lavapipe: 1 and 4) they are refused too.
  for (UINT samples : {8u, 16u, 32u}) {
    D3D12_RESOURCE_DESC desc = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
    desc.SampleDesc.Count = samples;
    ID3D12Resource* texture = nullptr;
    const HRESULT hr = createTexture(d.device, desc, &texture);
    INFO("SampleDesc.Count " << samples);
    CHECK((hr == S_OK || hr == E_INVALIDARG));
    if (texture) texture->Release();
  }
  D3D12_RESOURCE_DESC four = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  four.SampleDesc.Count = 4;
  CHECK(createTexture(d.device, four) == S_OK);
}

TEST_CASE("hostile query heaps: Count 0xFFFFFFFF is E_OUTOFMEMORY before Vulkan makes the pool", "[hostile][d3d12][query]") {
  HostileDevice12 d;
  for (D3D12_QUERY_HEAP_TYPE type :
       {D3D12_QUERY_HEAP_TYPE_TIMESTAMP, D3D12_QUERY_HEAP_TYPE_OCCLUSION, D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS}) {
    D3D12_QUERY_HEAP_DESC desc{type, 0xFFFFFFFFu, 0};
    void* heap = reinterpret_cast<void*>(0x1);
    INFO("type " << int(type));
    CHECK(d.device->CreateQueryHeap(&desc, __uuidof(ID3D12QueryHeap), &heap) == E_OUTOFMEMORY);
    CHECK(heap == nullptr);
  }
  D3D12_QUERY_HEAP_DESC small{D3D12_QUERY_HEAP_TYPE_OCCLUSION, 16, 0};
  ID3D12QueryHeap* heap = nullptr;
  CHECK(d.device->CreateQueryHeap(&small, __uuidof(ID3D12QueryHeap), reinterpret_cast<void**>(&heap)) == S_OK);
  if (heap) heap->Release();
}

TEST_CASE("hostile memory: allocations past the memory budget are E_OUTOFMEMORY and the device stays usable",
          "[hostile][d3d12][budget]") {
  ScopedEnvVar budget("D3DVK_MEMORY_BUDGET_MB", "96");
  HostileDevice12 d;
  std::vector<ID3D12Resource*> buffers;
  HRESULT hr = S_OK;
  // 16 MiB buffers (zero-filled, so the memory is really touched) until the budget is spent.
  for (int i = 0; i < 64 && hr == S_OK; ++i) {
    D3D12_HEAP_PROPERTIES heap{};
    heap.Type = D3D12_HEAP_TYPE_DEFAULT;
    const D3D12_RESOURCE_DESC desc = bufferDesc(16u << 20);
    void* resource = nullptr;
    hr = d.device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                           __uuidof(ID3D12Resource), &resource);
    if (SUCCEEDED(hr)) buffers.push_back(static_cast<ID3D12Resource*>(resource));
  }
  CHECK(hr == E_OUTOFMEMORY);
  CHECK(buffers.size() >= 2);
  CHECK(buffers.size() <= 6);  // 96 MiB of budget, less what the device itself holds
  CHECK(d.device->GetDeviceRemovedReason() == S_OK);
  // Freed memory is budget again: one more fits once two are released, and the device still works.
  for (int i = 0; i < 2; ++i) {
    buffers.back()->Release();
    buffers.pop_back();
  }
  ID3D12Resource* again = createBuffer(d.device, D3D12_HEAP_TYPE_DEFAULT, 16u << 20);
  ID3D12Resource* readback = createBuffer(d.device, D3D12_HEAP_TYPE_READBACK, 256);
  ID3D12GraphicsCommandList* list = d.list();
  list->CopyBufferRegion(readback, 0, again, 1000, 256);
  REQUIRE(list->Close() == S_OK);
  d.executeAndWait(list);
  list->Release();
  const std::vector<unsigned char> bytes = readBuffer(readback, 256);
  CHECK(bytes == std::vector<unsigned char>(256, 0));  // zero-initialized
  readback->Release();
  again->Release();
  for (ID3D12Resource* b : buffers) b->Release();
}
