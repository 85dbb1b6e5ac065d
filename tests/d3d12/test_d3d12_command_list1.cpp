// tests/d3d12: what ID3D12GraphicsCommandList1 and 2 add, through the public
// API on lavapipe: WriteBufferImmediate's values at their GPU virtual
// addresses (every mode, direct, compute and copy lists, a bundle), read
// back; AtomicCopyBufferUINT / UINT64 copies; and the argument rules of
// these and of OMSetDepthBounds, SetSamplePositions and SetViewInstanceMask
// (Close's HRESULT). ResolveSubresourceRegion is in test_d3d12_resolve.cpp.
#include "d3d12_test_util.h"

#include <cstring>

using namespace d3dvk::test;

namespace {

struct Lists {
  ID3D12Device* device = createDevice12();
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ~Lists() {
    fence->Release();
    CHECK(device->Release() == 0);
  }
  // Records `record` into a fresh list of `type` (as ID3D12GraphicsCommandList2), closes and runs it; Close's HRESULT.
  template <typename F>
  HRESULT run(D3D12_COMMAND_LIST_TYPE type, F&& record) {
    ID3D12CommandQueue* queue = createQueue(device, type);
    ID3D12CommandAllocator* allocator = createAllocator(device, type);
    ID3D12GraphicsCommandList* list = createList(device, type, allocator);
    ID3D12GraphicsCommandList2* list2 = nullptr;
    REQUIRE(list->QueryInterface(__uuidof(ID3D12GraphicsCommandList2), reinterpret_cast<void**>(&list2)) == S_OK);
    record(list2);
    const HRESULT hr = list->Close();
    if (hr == S_OK) executeAndWait(queue, {list}, fence, &value);
    list2->Release();
    list->Release();
    allocator->Release();
    queue->Release();
    return hr;
  }
};

std::vector<uint32_t> words(ID3D12Resource* readback, size_t count) {
  const std::vector<unsigned char> bytes = readBuffer(readback, count * 4);
  std::vector<uint32_t> out(count);
  std::memcpy(out.data(), bytes.data(), count * 4);
  return out;
}

}  // namespace

TEST_CASE("D3D12 command lists answer ID3D12GraphicsCommandList1 and 2 and report WriteBufferImmediate's list types",
          "[d3d12][commandlist1]") {
  Lists l;
  D3D12_FEATURE_DATA_D3D12_OPTIONS3 options{};
  REQUIRE(l.device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS3, &options, sizeof options) == S_OK);
  CHECK(options.WriteBufferImmediateSupportFlags ==
        (D3D12_COMMAND_LIST_SUPPORT_FLAG_DIRECT | D3D12_COMMAND_LIST_SUPPORT_FLAG_BUNDLE |
         D3D12_COMMAND_LIST_SUPPORT_FLAG_COMPUTE | D3D12_COMMAND_LIST_SUPPORT_FLAG_COPY));
  CHECK(options.ViewInstancingTier == D3D12_VIEW_INSTANCING_TIER_NOT_SUPPORTED);
  ID3D12CommandAllocator* allocator = createAllocator(l.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(l.device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12GraphicsCommandList1* list1 = nullptr;
  ID3D12GraphicsCommandList2* list2 = nullptr;
  REQUIRE(list->QueryInterface(__uuidof(ID3D12GraphicsCommandList1), reinterpret_cast<void**>(&list1)) == S_OK);
  REQUIRE(list->QueryInterface(__uuidof(ID3D12GraphicsCommandList2), reinterpret_cast<void**>(&list2)) == S_OK);
  // One object: the same IUnknown.
  IUnknown *a = nullptr, *b = nullptr;
  REQUIRE(list1->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(&a)) == S_OK);
  REQUIRE(list2->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(&b)) == S_OK);
  CHECK(a == b);
  a->Release();
  b->Release();
  list2->Release();
  list1->Release();
  REQUIRE(list->Close() == S_OK);
  CHECK(list->Release() == 0);
  allocator->Release();
}

TEST_CASE("D3D12 WriteBufferImmediate writes its values at their addresses in every mode and list type",
          "[d3d12][commandlist1]") {
  Lists l;
  for (D3D12_COMMAND_LIST_TYPE type :
       {D3D12_COMMAND_LIST_TYPE_DIRECT, D3D12_COMMAND_LIST_TYPE_COMPUTE, D3D12_COMMAND_LIST_TYPE_COPY}) {
    INFO("list type " << int(type));
    ID3D12Resource* target = createCommitted(l.device, D3D12_HEAP_TYPE_DEFAULT, bufferDesc(256), D3D12_RESOURCE_STATE_COPY_DEST);
    ID3D12Resource* readback = createBuffer(l.device, D3D12_HEAP_TYPE_READBACK, 256);
    const D3D12_GPU_VIRTUAL_ADDRESS va = target->GetGPUVirtualAddress();
    REQUIRE(l.run(type, [&](ID3D12GraphicsCommandList2* list) {
      const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER params[4] = {
          {va + 0, 0x11111111u}, {va + 8, 0x22222222u}, {va + 12, 0x33333333u}, {va + 252, 0xFEEDF00Du}};
      const D3D12_WRITEBUFFERIMMEDIATE_MODE modes[4] = {
          D3D12_WRITEBUFFERIMMEDIATE_MODE_DEFAULT, D3D12_WRITEBUFFERIMMEDIATE_MODE_MARKER_IN,
          D3D12_WRITEBUFFERIMMEDIATE_MODE_MARKER_OUT, D3D12_WRITEBUFFERIMMEDIATE_MODE_DEFAULT};
      list->WriteBufferImmediate(4, params, modes);
      // Without modes (all DEFAULT), and a later write to the same address wins.
      const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER again[2] = {{va + 4, 0x44444444u}, {va + 8, 0x55555555u}};
      list->WriteBufferImmediate(2, again, nullptr);
      D3D12_RESOURCE_BARRIER b{};
      b.Transition = {target, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE};
      list->ResourceBarrier(1, &b);
      list->CopyBufferRegion(readback, 0, target, 0, 256);
    }) == S_OK);
    const std::vector<uint32_t> got = words(readback, 64);
    for (UINT i = 0; i < 64; ++i) {
      INFO("word " << i);
      const uint32_t expected = i == 0 ? 0x11111111u : i == 1 ? 0x44444444u : i == 2 ? 0x55555555u
                                : i == 3 ? 0x33333333u : i == 63 ? 0xFEEDF00Du : 0u;
      CHECK(got[i] == expected);
    }
    readback->Release();
    target->Release();
  }
}

TEST_CASE("D3D12 WriteBufferImmediate runs from a bundle where it is executed", "[d3d12][commandlist1][bundles]") {
  Lists l;
  ID3D12Resource* target = createCommitted(l.device, D3D12_HEAP_TYPE_DEFAULT, bufferDesc(64), D3D12_RESOURCE_STATE_COPY_DEST);
  ID3D12Resource* readback = createBuffer(l.device, D3D12_HEAP_TYPE_READBACK, 64);
  ID3D12CommandAllocator* bundleAllocator = createAllocator(l.device, D3D12_COMMAND_LIST_TYPE_BUNDLE);
  ID3D12GraphicsCommandList* bundle = createList(l.device, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundleAllocator);
  ID3D12GraphicsCommandList2* bundle2 = nullptr;
  REQUIRE(bundle->QueryInterface(__uuidof(ID3D12GraphicsCommandList2), reinterpret_cast<void**>(&bundle2)) == S_OK);
  D3D12_WRITEBUFFERIMMEDIATE_PARAMETER params[2] = {{target->GetGPUVirtualAddress() + 4, 7u},
                                                    {target->GetGPUVirtualAddress() + 16, 9u}};
  bundle2->WriteBufferImmediate(2, params, nullptr);
  params[0].Value = 1000;  // the bundle keeps its own copy of the arguments
  REQUIRE(bundle->Close() == S_OK);
  REQUIRE(l.run(D3D12_COMMAND_LIST_TYPE_DIRECT, [&](ID3D12GraphicsCommandList2* list) {
    list->ExecuteBundle(bundle);
    D3D12_RESOURCE_BARRIER b{};
    b.Transition = {target, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    list->CopyBufferRegion(readback, 0, target, 0, 64);
  }) == S_OK);
  const std::vector<uint32_t> got = words(readback, 16);
  for (UINT i = 0; i < 16; ++i) CHECK(got[i] == (i == 1 ? 7u : i == 4 ? 9u : 0u));
  bundle2->Release();
  bundle->Release();
  bundleAllocator->Release();
  readback->Release();
  target->Release();
}

TEST_CASE("D3D12 AtomicCopyBufferUINT and UINT64 copy 4 and 8 bytes", "[d3d12][commandlist1]") {
  Lists l;
  ID3D12Resource* source = createBuffer(l.device, D3D12_HEAP_TYPE_UPLOAD, 64);
  ID3D12Resource* dest = createCommitted(l.device, D3D12_HEAP_TYPE_DEFAULT, bufferDesc(64), D3D12_RESOURCE_STATE_COPY_DEST);
  ID3D12Resource* readback = createBuffer(l.device, D3D12_HEAP_TYPE_READBACK, 64);
  uint32_t init[16];
  for (uint32_t i = 0; i < 16; ++i) init[i] = 0xA0000000u + i;
  void* mapped = nullptr;
  REQUIRE(source->Map(0, nullptr, &mapped) == S_OK);
  std::memcpy(mapped, init, sizeof init);
  source->Unmap(0, nullptr);
  REQUIRE(l.run(D3D12_COMMAND_LIST_TYPE_DIRECT, [&](ID3D12GraphicsCommandList2* list) {
    list->AtomicCopyBufferUINT(dest, 4, source, 20, 0, nullptr, nullptr);  // word 5 into word 1
    ID3D12Resource* dependents[1] = {source};
    const D3D12_SUBRESOURCE_RANGE_UINT64 ranges[1] = {{0, {0, 64}}};
    list->AtomicCopyBufferUINT64(dest, 16, source, 40, 1, dependents, ranges);  // words 10, 11 into 4, 5
    D3D12_RESOURCE_BARRIER b{};
    b.Transition = {dest, 0, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE};
    list->ResourceBarrier(1, &b);
    list->CopyBufferRegion(readback, 0, dest, 0, 64);
  }) == S_OK);
  const std::vector<uint32_t> got = words(readback, 16);
  for (UINT i = 0; i < 16; ++i) {
    INFO("word " << i);
    CHECK(got[i] == (i == 1 ? init[5] : i == 4 ? init[10] : i == 5 ? init[11] : 0u));
  }
  readback->Release();
  dest->Release();
  source->Release();
}

TEST_CASE("D3D12 command list 1 and 2 argument rules", "[d3d12][commandlist1][errors]") {
  Lists l;
  ID3D12Resource* buffer = createCommitted(l.device, D3D12_HEAP_TYPE_DEFAULT, bufferDesc(64), D3D12_RESOURCE_STATE_COPY_DEST);
  ID3D12Resource* other = createCommitted(l.device, D3D12_HEAP_TYPE_DEFAULT, bufferDesc(64), D3D12_RESOURCE_STATE_COPY_DEST);
  const D3D12_GPU_VIRTUAL_ADDRESS va = buffer->GetGPUVirtualAddress();
  const D3D12_COMMAND_LIST_TYPE direct = D3D12_COMMAND_LIST_TYPE_DIRECT;
  SECTION("WriteBufferImmediate: a Dest not 4-byte aligned") {
    const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER p{va + 2, 1};
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) { list->WriteBufferImmediate(1, &p, nullptr); }) == E_INVALIDARG);
  }
  SECTION("WriteBufferImmediate: a mode that is none") {
    const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER p{va, 1};
    const D3D12_WRITEBUFFERIMMEDIATE_MODE m = D3D12_WRITEBUFFERIMMEDIATE_MODE(3);
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) { list->WriteBufferImmediate(1, &p, &m); }) == E_INVALIDARG);
  }
  SECTION("WriteBufferImmediate: null parameters") {
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) { list->WriteBufferImmediate(1, nullptr, nullptr); }) ==
          E_INVALIDARG);
  }
  SECTION("WriteBufferImmediate: a bad write recorded into a bundle fails the bundle's Close") {
    ID3D12CommandAllocator* bundleAllocator = createAllocator(l.device, D3D12_COMMAND_LIST_TYPE_BUNDLE);
    ID3D12GraphicsCommandList* bundle = createList(l.device, D3D12_COMMAND_LIST_TYPE_BUNDLE, bundleAllocator);
    ID3D12GraphicsCommandList2* bundle2 = nullptr;
    REQUIRE(bundle->QueryInterface(__uuidof(ID3D12GraphicsCommandList2), reinterpret_cast<void**>(&bundle2)) == S_OK);
    const D3D12_WRITEBUFFERIMMEDIATE_PARAMETER p{va + 1, 1};
    bundle2->WriteBufferImmediate(1, &p, nullptr);
    CHECK(bundle->Close() == E_INVALIDARG);
    bundle2->Release();
    bundle->Release();
    bundleAllocator->Release();
  }
  SECTION("WriteBufferImmediate: nothing to write is no error") {
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) { list->WriteBufferImmediate(0, nullptr, nullptr); }) == S_OK);
  }
  SECTION("AtomicCopyBufferUINT64: an offset not 8-byte aligned") {
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) {
      list->AtomicCopyBufferUINT64(buffer, 4, other, 0, 0, nullptr, nullptr);
    }) == E_INVALIDARG);
  }
  SECTION("AtomicCopyBufferUINT: past the end of a buffer") {
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) {
      list->AtomicCopyBufferUINT(buffer, 64, other, 0, 0, nullptr, nullptr);
    }) == E_INVALIDARG);
  }
  SECTION("AtomicCopyBufferUINT64: overlapping bytes of one buffer") {
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) {
      list->AtomicCopyBufferUINT64(buffer, 8, buffer, 8, 0, nullptr, nullptr);
    }) == E_INVALIDARG);
  }
  SECTION("AtomicCopyBufferUINT: dependencies without their arrays") {
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) {
      list->AtomicCopyBufferUINT(buffer, 0, other, 0, 2, nullptr, nullptr);
    }) == E_INVALIDARG);
  }
  SECTION("OMSetDepthBounds: Min above Max and bounds outside [0, 1]") {
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) { list->OMSetDepthBounds(0.25f, 0.75f); }) == S_OK);
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) { list->OMSetDepthBounds(0.75f, 0.25f); }) == E_INVALIDARG);
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) { list->OMSetDepthBounds(-0.5f, 0.25f); }) == E_INVALIDARG);
  }
  SECTION("SetSamplePositions and SetViewInstanceMask: reported, ignored, never a list error") {
    D3D12_SAMPLE_POSITION positions[4] = {{-4, -4}, {4, -4}, {-4, 4}, {4, 4}};
    CHECK(l.run(direct, [&](ID3D12GraphicsCommandList2* list) {
      list->SetSamplePositions(4, 1, positions);
      list->SetSamplePositions(0, 0, nullptr);
      list->SetViewInstanceMask(0);
      list->SetViewInstanceMask(3);
    }) == S_OK);
  }
  other->Release();
  buffer->Release();
}
