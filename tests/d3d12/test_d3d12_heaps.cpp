// tests/d3d12: ID3D12Heap and placed resources — CreateHeap's rules (size,
// alignment, heap properties incl. CUSTOM, heap flags under the reported
// RESOURCE_HEAP_TIER), CreatePlacedResource's (offset alignment, heap bounds,
// resource categories, heap types), placed buffers and textures read back,
// aliasing (two placed buffers over the same bytes: a write through one is read
// through the other after an aliasing barrier), CUSTOM committed resources,
// GetHeapProperties, and CreateReservedResource refused on a device without
// tiled resources.
#include "d3d12_test_util.h"

#include <initializer_list>
#include <numeric>

using namespace d3dvk::test;

namespace {

struct Heaps {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  std::vector<IUnknown*> owned;

  ~Heaps() {
    for (auto it = owned.rbegin(); it != owned.rend(); ++it) (*it)->Release();
    for (IUnknown* o : std::initializer_list<IUnknown*>{fence, list, allocator, queue}) o->Release();
    CHECK(device->Release() == 0);
  }
  template <typename T>
  T* keep(T* object) {
    owned.push_back(object);
    return object;
  }
  HRESULT heap(D3D12_HEAP_TYPE type, UINT64 size, D3D12_HEAP_FLAGS flags, ID3D12Heap** out, UINT64 alignment = 0,
               D3D12_CPU_PAGE_PROPERTY page = D3D12_CPU_PAGE_PROPERTY_UNKNOWN,
               D3D12_MEMORY_POOL pool = D3D12_MEMORY_POOL_UNKNOWN) {
    D3D12_HEAP_DESC desc{};
    desc.SizeInBytes = size;
    desc.Properties.Type = type;
    desc.Properties.CPUPageProperty = page;
    desc.Properties.MemoryPoolPreference = pool;
    desc.Alignment = alignment;
    desc.Flags = flags;
    void* h = nullptr;
    HRESULT hr = device->CreateHeap(&desc, __uuidof(ID3D12Heap), &h);
    *out = static_cast<ID3D12Heap*>(h);
    if (*out) keep(*out);
    return hr;
  }
  ID3D12Heap* heapOrFail(D3D12_HEAP_TYPE type, UINT64 size, D3D12_HEAP_FLAGS flags) {
    ID3D12Heap* h = nullptr;
    REQUIRE(heap(type, size, flags, &h) == S_OK);
    REQUIRE(h);
    return h;
  }
  HRESULT placed(ID3D12Heap* heap, UINT64 offset, const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES state,
                 ID3D12Resource** out) {
    void* r = nullptr;
    HRESULT hr = device->CreatePlacedResource(heap, offset, &desc, state, nullptr, __uuidof(ID3D12Resource), &r);
    *out = static_cast<ID3D12Resource*>(r);
    if (*out) keep(*out);
    return hr;
  }
  ID3D12Resource* placedOrFail(ID3D12Heap* heap, UINT64 offset, const D3D12_RESOURCE_DESC& desc, D3D12_RESOURCE_STATES state) {
    ID3D12Resource* r = nullptr;
    REQUIRE(placed(heap, offset, desc, state, &r) == S_OK);
    REQUIRE(r);
    return r;
  }
  void run() {
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  }
  D3D12_RESOURCE_HEAP_TIER heapTier() {
    D3D12_FEATURE_DATA_D3D12_OPTIONS o{};
    REQUIRE(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &o, sizeof(o)) == S_OK);
    return o.ResourceHeapTier;
  }
};

std::vector<unsigned char> pattern(size_t size, unsigned seed) {
  std::vector<unsigned char> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<unsigned char>((i * 13 + seed) & 0xff);
  return bytes;
}

void write(ID3D12Resource* buffer, const std::vector<unsigned char>& bytes) {
  void* data = nullptr;
  REQUIRE(buffer->Map(0, nullptr, &data) == S_OK);
  REQUIRE(data);
  std::memcpy(data, bytes.data(), bytes.size());
  buffer->Unmap(0, nullptr);
}

D3D12_RESOURCE_BARRIER transition(ID3D12Resource* r, D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {r, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, before, after};
  return b;
}

constexpr UINT64 k64K = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;

}  // namespace

TEST_CASE("D3D12 CreateHeap: size and alignment rules and GetDesc", "[d3d12][heap]") {
  Heaps t;
  ID3D12Heap* h = nullptr;
  REQUIRE(t.heap(D3D12_HEAP_TYPE_DEFAULT, 100000, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS, &h) == S_OK);
  D3D12_HEAP_DESC d = h->GetDesc();
  CHECK(d.SizeInBytes == 100000);  // any size is accepted and reported as given
  CHECK(d.Alignment == k64K);      // 0 means 64 KiB
  CHECK(d.Properties.Type == D3D12_HEAP_TYPE_DEFAULT);
  CHECK(d.Properties.CreationNodeMask == 1);
  CHECK(d.Properties.VisibleNodeMask == 1);
  CHECK(d.Flags == D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
  void* pageable = nullptr;
  REQUIRE(h->QueryInterface(__uuidof(ID3D12Pageable), &pageable) == S_OK);
  static_cast<IUnknown*>(pageable)->Release();

  REQUIRE(t.heap(D3D12_HEAP_TYPE_DEFAULT, 4 << 20, D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES, &h,
                 D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT) == S_OK);
  CHECK(h->GetDesc().Alignment == D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT);

  CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, 0, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS, &h) == E_INVALIDARG);
  CHECK(h == nullptr);
  for (UINT64 alignment : {UINT64(4096), UINT64(128 << 10), UINT64(1) << 21})
    CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS, &h, alignment) == E_INVALIDARG);
  CHECK(t.device->CreateHeap(nullptr, __uuidof(ID3D12Heap), reinterpret_cast<void**>(&h)) == E_INVALIDARG);
  // No object asked for: S_FALSE, as D3D12 answers.
  D3D12_HEAP_DESC desc{k64K, {D3D12_HEAP_TYPE_UPLOAD}, 0, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS};
  CHECK(t.device->CreateHeap(&desc, __uuidof(ID3D12Heap), nullptr) == S_FALSE);
}

TEST_CASE("D3D12 CreateHeap: heap properties and CUSTOM heaps' CPU page property and memory pool", "[d3d12][heap]") {
  Heaps t;
  ID3D12Heap* h = nullptr;
  const D3D12_HEAP_FLAGS buffers = D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS;
  for (D3D12_HEAP_TYPE type : {D3D12_HEAP_TYPE_DEFAULT, D3D12_HEAP_TYPE_UPLOAD, D3D12_HEAP_TYPE_READBACK}) {
    INFO("heap type " << int(type));
    CHECK(t.heap(type, k64K, buffers, &h) == S_OK);
    // Only CUSTOM heaps name a CPU page property or memory pool.
    CHECK(t.heap(type, k64K, buffers, &h, 0, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK) == E_INVALIDARG);
    CHECK(t.heap(type, k64K, buffers, &h, 0, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_L0) == E_INVALIDARG);
  }
  // CUSTOM: both named; L1 is not CPU-accessible.
  CHECK(t.heap(D3D12_HEAP_TYPE_CUSTOM, k64K, buffers, &h) == E_INVALIDARG);
  CHECK(t.heap(D3D12_HEAP_TYPE_CUSTOM, k64K, buffers, &h, 0, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK) == E_INVALIDARG);
  CHECK(t.heap(D3D12_HEAP_TYPE_CUSTOM, k64K, buffers, &h, 0, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L1) ==
        E_INVALIDARG);
  CHECK(t.heap(D3D12_HEAP_TYPE_CUSTOM, k64K, buffers, &h, 0, D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_MEMORY_POOL_L1) ==
        E_INVALIDARG);
  for (D3D12_CPU_PAGE_PROPERTY page : {D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE,
                                       D3D12_CPU_PAGE_PROPERTY_WRITE_BACK}) {
    INFO("CPU page property " << int(page));
    REQUIRE(t.heap(D3D12_HEAP_TYPE_CUSTOM, k64K, buffers, &h, 0, page, D3D12_MEMORY_POOL_L0) == S_OK);
    CHECK(h->GetDesc().Properties.Type == D3D12_HEAP_TYPE_CUSTOM);
    CHECK(h->GetDesc().Properties.CPUPageProperty == page);
    CHECK(h->GetDesc().Properties.MemoryPoolPreference == D3D12_MEMORY_POOL_L0);
  }
  CHECK(t.heap(D3D12_HEAP_TYPE_CUSTOM, k64K, buffers, &h, 0, D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L1) == S_OK);
  // Values outside the enums.
  CHECK(t.heap(D3D12_HEAP_TYPE(9), k64K, buffers, &h) == E_INVALIDARG);
  CHECK(t.heap(D3D12_HEAP_TYPE_CUSTOM, k64K, buffers, &h, 0, D3D12_CPU_PAGE_PROPERTY(7), D3D12_MEMORY_POOL_L0) == E_INVALIDARG);
  CHECK(t.heap(D3D12_HEAP_TYPE_CUSTOM, k64K, buffers, &h, 0, D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL(5)) ==
        E_INVALIDARG);
  D3D12_HEAP_DESC desc{k64K, {D3D12_HEAP_TYPE_DEFAULT}, 0, buffers};
  desc.Properties.CreationNodeMask = 2;  // a node this single-node adapter does not have
  void* out = nullptr;
  CHECK(t.device->CreateHeap(&desc, __uuidof(ID3D12Heap), &out) == E_INVALIDARG);
  CHECK(out == nullptr);
}

TEST_CASE("D3D12 CreateHeap: heap flags under the reported resource heap tier", "[d3d12][heap]") {
  Heaps t;
  ID3D12Heap* h = nullptr;
  for (D3D12_HEAP_FLAGS only : {D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS, D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES,
                                D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES})
    CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, k64K, only, &h) == S_OK);
  // Tier 1 heaps hold one resource category; tier 2 any.
  const HRESULT mixed = t.heapTier() >= D3D12_RESOURCE_HEAP_TIER_2 ? S_OK : E_INVALIDARG;
  CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, k64K, D3D12_HEAP_FLAG_ALLOW_ALL_BUFFERS_AND_TEXTURES, &h) == mixed);
  CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, k64K, D3D12_HEAP_FLAG_DENY_BUFFERS, &h) == mixed);
  // Denying every category leaves nothing to place.
  CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, k64K,
               D3D12_HEAP_FLAGS(D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS | D3D12_HEAP_FLAG_DENY_BUFFERS), &h) == E_INVALIDARG);
  // Flags d3dvk does not support, and bits that are no flag.
  CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, k64K, D3D12_HEAP_FLAGS(D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS | D3D12_HEAP_FLAG_SHARED),
               &h) == E_INVALIDARG);
  CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, k64K, D3D12_HEAP_FLAGS(D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS | 0x100000), &h) == E_INVALIDARG);
  // CREATE_NOT_ZEROED is a hint.
  CHECK(t.heap(D3D12_HEAP_TYPE_DEFAULT, k64K,
               D3D12_HEAP_FLAGS(D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS | D3D12_HEAP_FLAG_CREATE_NOT_ZEROED), &h) == S_OK);
}

TEST_CASE("D3D12 CreatePlacedResource: offset alignment, heap bounds, categories and heap types", "[d3d12][heap]") {
  Heaps t;
  ID3D12Heap* buffers = t.heapOrFail(D3D12_HEAP_TYPE_DEFAULT, 4 * k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
  ID3D12Resource* r = nullptr;
  const D3D12_RESOURCE_STATES common = D3D12_RESOURCE_STATE_COMMON;
  CHECK(t.placed(buffers, 0, bufferDesc(k64K), common, &r) == S_OK);
  CHECK(t.placed(buffers, 3 * k64K, bufferDesc(k64K), common, &r) == S_OK);  // the last 64 KiB
  CHECK(t.placed(buffers, 0, bufferDesc(4 * k64K), common, &r) == S_OK);     // the whole heap
  CHECK(t.placed(buffers, 4096, bufferDesc(4096), common, &r) == E_INVALIDARG);  // not 64 KiB aligned
  CHECK(r == nullptr);
  CHECK(t.placed(buffers, 4 * k64K, bufferDesc(16), common, &r) == E_INVALIDARG);         // past the end
  CHECK(t.placed(buffers, 3 * k64K, bufferDesc(k64K + 1), common, &r) == E_INVALIDARG);   // reaches past the end
  CHECK(t.placed(buffers, UINT64(-1) - k64K + 1, bufferDesc(16), common, &r) == E_INVALIDARG);  // offset wraps
  // Resource categories the heap denies.
  const D3D12_RESOURCE_DESC texture = texture2DDesc(64, 64, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
  const D3D12_RESOURCE_DESC target = texture2DDesc(64, 64, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  CHECK(t.placed(buffers, 0, texture, common, &r) == E_INVALIDARG);
  ID3D12Heap* textures = t.heapOrFail(D3D12_HEAP_TYPE_DEFAULT, 4 * k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES);
  CHECK(t.placed(textures, 0, texture, common, &r) == S_OK);
  CHECK(t.placed(textures, 0, target, common, &r) == E_INVALIDARG);
  CHECK(t.placed(textures, 0, bufferDesc(k64K), common, &r) == E_INVALIDARG);
  ID3D12Heap* targets = t.heapOrFail(D3D12_HEAP_TYPE_DEFAULT, 4 * k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_RT_DS_TEXTURES);
  CHECK(t.placed(targets, k64K, target, D3D12_RESOURCE_STATE_RENDER_TARGET, &r) == S_OK);
  CHECK(t.placed(targets, 0, texture, common, &r) == E_INVALIDARG);
  // A multisampled texture needs a 4 MiB-aligned heap.
  D3D12_RESOURCE_DESC msaa = target;
  msaa.SampleDesc.Count = 4;
  CHECK(t.placed(targets, 0, msaa, D3D12_RESOURCE_STATE_RENDER_TARGET, &r) == E_INVALIDARG);
  // UPLOAD and READBACK heaps: buffers only, in their heap type's state.
  ID3D12Heap* upload = t.heapOrFail(D3D12_HEAP_TYPE_UPLOAD, 2 * k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
  CHECK(t.placed(upload, 0, bufferDesc(256), D3D12_RESOURCE_STATE_GENERIC_READ, &r) == S_OK);
  CHECK(t.placed(upload, 0, bufferDesc(256), D3D12_RESOURCE_STATE_COPY_DEST, &r) == E_INVALIDARG);
  ID3D12Heap* readback = t.heapOrFail(D3D12_HEAP_TYPE_READBACK, 2 * k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
  CHECK(t.placed(readback, 0, bufferDesc(256), D3D12_RESOURCE_STATE_COPY_DEST, &r) == S_OK);
  CHECK(t.placed(readback, 0, bufferDesc(256), D3D12_RESOURCE_STATE_GENERIC_READ, &r) == E_INVALIDARG);
  // Null arguments.
  CHECK(t.placed(nullptr, 0, bufferDesc(256), common, &r) == E_INVALIDARG);
  CHECK(t.device->CreatePlacedResource(buffers, 0, nullptr, common, nullptr, __uuidof(ID3D12Resource),
                                       reinterpret_cast<void**>(&r)) == E_INVALIDARG);
}

TEST_CASE("D3D12 placed resources: GetHeapProperties names their heap and they keep it alive", "[d3d12][heap]") {
  Heaps t;
  ID3D12Heap* heap = nullptr;
  REQUIRE(t.heap(D3D12_HEAP_TYPE_CUSTOM, 2 * k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS, &heap, 0,
                 D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L0) == S_OK);
  ID3D12Resource* buffer = t.placedOrFail(heap, k64K, bufferDesc(1024), D3D12_RESOURCE_STATE_COMMON);
  D3D12_HEAP_PROPERTIES props{};
  D3D12_HEAP_FLAGS flags{};
  REQUIRE(buffer->GetHeapProperties(&props, &flags) == S_OK);
  CHECK(props.Type == D3D12_HEAP_TYPE_CUSTOM);
  CHECK(props.CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_BACK);
  CHECK(props.MemoryPoolPreference == D3D12_MEMORY_POOL_L0);
  CHECK(flags == D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
  // The heap's last application reference goes; the placed buffer still maps
  // (through its heap) and keeps what was written.
  t.owned.erase(std::find(t.owned.begin(), t.owned.end(), static_cast<IUnknown*>(heap)));
  heap->Release();
  const std::vector<unsigned char> bytes = pattern(1024, 5);
  write(buffer, bytes);
  CHECK(readBuffer(buffer, bytes.size()) == bytes);
}

TEST_CASE("D3D12 placed buffers over the same bytes alias across an aliasing barrier", "[d3d12][heap]") {
  Heaps t;
  constexpr size_t kSize = 4096;
  ID3D12Heap* heap = t.heapOrFail(D3D12_HEAP_TYPE_DEFAULT, 2 * k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
  ID3D12Resource* a = t.placedOrFail(heap, 0, bufferDesc(k64K), D3D12_RESOURCE_STATE_COPY_DEST);
  ID3D12Resource* b = t.placedOrFail(heap, 0, bufferDesc(kSize), D3D12_RESOURCE_STATE_COPY_SOURCE);
  ID3D12Resource* c = t.placedOrFail(heap, k64K, bufferDesc(kSize), D3D12_RESOURCE_STATE_COPY_SOURCE);
  ID3D12Resource* upload = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_UPLOAD, kSize));
  ID3D12Resource* readB = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_READBACK, kSize));
  ID3D12Resource* readC = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_READBACK, kSize));
  const std::vector<unsigned char> bytes = pattern(kSize, 11);
  write(upload, bytes);

  t.list->CopyBufferRegion(a, 0, upload, 0, kSize);
  D3D12_RESOURCE_BARRIER alias{};
  alias.Type = D3D12_RESOURCE_BARRIER_TYPE_ALIASING;
  alias.Aliasing = {a, b};
  t.list->ResourceBarrier(1, &alias);
  t.list->CopyBufferRegion(readB, 0, b, 0, kSize);
  t.list->CopyBufferRegion(readC, 0, c, 0, kSize);
  t.run();
  // b shares a's first bytes; c lies past them, in bytes the heap zeroed.
  CHECK(readBuffer(readB, kSize) == bytes);
  CHECK(readBuffer(readC, kSize) == std::vector<unsigned char>(kSize, 0));

  // On a CPU-accessible heap the same bytes are one memory for the CPU, too.
  ID3D12Heap* uploadHeap = t.heapOrFail(D3D12_HEAP_TYPE_UPLOAD, k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_BUFFERS);
  ID3D12Resource* u1 = t.placedOrFail(uploadHeap, 0, bufferDesc(kSize), D3D12_RESOURCE_STATE_GENERIC_READ);
  ID3D12Resource* u2 = t.placedOrFail(uploadHeap, 0, bufferDesc(kSize), D3D12_RESOURCE_STATE_GENERIC_READ);
  CHECK(readBuffer(u2, kSize) == std::vector<unsigned char>(kSize, 0));  // heaps start zeroed
  write(u1, bytes);
  CHECK(readBuffer(u2, kSize) == bytes);
}

TEST_CASE("D3D12 placed textures: uploaded and read back through copies", "[d3d12][heap]") {
  Heaps t;
  constexpr UINT kW = 32, kH = 16;
  ID3D12Heap* heap = t.heapOrFail(D3D12_HEAP_TYPE_DEFAULT, 2 * k64K, D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES);
  D3D12_RESOURCE_DESC desc = texture2DDesc(kW, kH, DXGI_FORMAT_R8G8B8A8_UINT, D3D12_RESOURCE_FLAG_NONE);
  ID3D12Resource* tex = t.placedOrFail(heap, k64K, desc, D3D12_RESOURCE_STATE_COPY_DEST);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{};
  UINT64 total = 0;
  t.device->GetCopyableFootprints(&desc, 0, 1, 0, &fp, nullptr, nullptr, &total);
  ID3D12Resource* upload = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_UPLOAD, total));
  ID3D12Resource* readback = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_READBACK, total));
  std::vector<unsigned char> bytes(size_t(total), 0);
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW * 4; ++x) bytes[y * fp.Footprint.RowPitch + x] = static_cast<unsigned char>(x * 3 + y * 29);
  write(upload, bytes);
  D3D12_TEXTURE_COPY_LOCATION texLoc = subresourceLocation(tex, 0), up = footprintLocation(upload, fp),
                              down = footprintLocation(readback, fp);
  t.list->CopyTextureRegion(&texLoc, 0, 0, 0, &up, nullptr);
  D3D12_RESOURCE_BARRIER b = transition(tex, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
  t.list->ResourceBarrier(1, &b);
  t.list->CopyTextureRegion(&down, 0, 0, 0, &texLoc, nullptr);
  t.run();
  std::vector<unsigned char> got = readBuffer(readback, size_t(total));
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW * 4; ++x) {
      const size_t i = y * fp.Footprint.RowPitch + x;
      if (got[i] != bytes[i]) {
        INFO("row " << y << " byte " << x);
        REQUIRE(int(got[i]) == int(bytes[i]));
      }
    }
}

TEST_CASE("D3D12 CreateCommittedResource on CUSTOM heaps", "[d3d12][heap]") {
  Heaps t;
  auto committed = [&](D3D12_CPU_PAGE_PROPERTY page, D3D12_MEMORY_POOL pool, const D3D12_RESOURCE_DESC& desc,
                       ID3D12Resource** out) {
    D3D12_HEAP_PROPERTIES props{D3D12_HEAP_TYPE_CUSTOM, page, pool, 0, 0};
    void* r = nullptr;
    HRESULT hr = t.device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                                   __uuidof(ID3D12Resource), &r);
    *out = static_cast<ID3D12Resource*>(r);
    if (*out) t.keep(*out);
    return hr;
  };
  constexpr size_t kSize = 2048;
  ID3D12Resource* wb = nullptr;
  REQUIRE(committed(D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L0, bufferDesc(kSize), &wb) == S_OK);
  D3D12_HEAP_PROPERTIES props{};
  REQUIRE(wb->GetHeapProperties(&props, nullptr) == S_OK);
  CHECK(props.Type == D3D12_HEAP_TYPE_CUSTOM);
  CHECK(props.CPUPageProperty == D3D12_CPU_PAGE_PROPERTY_WRITE_BACK);
  CHECK(props.MemoryPoolPreference == D3D12_MEMORY_POOL_L0);
  CHECK(readBuffer(wb, kSize) == std::vector<unsigned char>(kSize, 0));  // committed resources start zeroed

  // A WRITE_BACK buffer written by the CPU and copied by the GPU into a
  // WRITE_COMBINE one (a UAV-capable CUSTOM buffer), read back by the CPU.
  D3D12_RESOURCE_DESC uavDesc = bufferDesc(kSize);
  uavDesc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
  ID3D12Resource* wc = nullptr;
  REQUIRE(committed(D3D12_CPU_PAGE_PROPERTY_WRITE_COMBINE, D3D12_MEMORY_POOL_L0, uavDesc, &wc) == S_OK);
  const std::vector<unsigned char> bytes = pattern(kSize, 17);
  write(wb, bytes);
  D3D12_RESOURCE_BARRIER b[2] = {transition(wb, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE),
                                 transition(wc, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST)};
  t.list->ResourceBarrier(2, b);
  t.list->CopyBufferRegion(wc, 0, wb, 0, kSize);
  t.run();
  CHECK(readBuffer(wc, kSize) == bytes);

  // NOT_AVAILABLE pages: no CPU access.
  ID3D12Resource* gpuOnly = nullptr;
  REQUIRE(committed(D3D12_CPU_PAGE_PROPERTY_NOT_AVAILABLE, D3D12_MEMORY_POOL_L1, bufferDesc(kSize), &gpuOnly) == S_OK);
  void* data = reinterpret_cast<void*>(1);
  CHECK(gpuOnly->Map(0, nullptr, &data) == E_INVALIDARG);
  CHECK(data == nullptr);

  // A texture on a CPU-accessible CUSTOM heap maps with a null pointer only
  // (its layout is opaque).
  ID3D12Resource* tex = nullptr;
  REQUIRE(committed(D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L0,
                    texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE), &tex) == S_OK);
  CHECK(tex->Map(0, nullptr, nullptr) == S_OK);
  tex->Unmap(0, nullptr);
  CHECK(tex->Map(0, nullptr, &data) == E_INVALIDARG);
  CHECK(tex->Map(1, nullptr, nullptr) == E_INVALIDARG);  // one subresource only

  // Invalid CUSTOM properties.
  ID3D12Resource* r = nullptr;
  CHECK(committed(D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L1, bufferDesc(kSize), &r) == E_INVALIDARG);
  CHECK(committed(D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_L0, bufferDesc(kSize), &r) == E_INVALIDARG);
  CHECK(r == nullptr);
  // Depth stencils do not live on CPU-accessible heaps.
  CHECK(committed(D3D12_CPU_PAGE_PROPERTY_WRITE_BACK, D3D12_MEMORY_POOL_L0,
                  texture2DDesc(16, 16, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), &r) == E_INVALIDARG);
}

TEST_CASE("D3D12 CreateReservedResource is refused when the device reports no tiled resources", "[d3d12][heap]") {
  Heaps t;
  D3D12_FEATURE_DATA_D3D12_OPTIONS o{};
  REQUIRE(t.device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &o, sizeof(o)) == S_OK);
  if (o.TiledResourcesTier != D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED) return;  // lavapipe: no sparse binding
  D3D12_RESOURCE_DESC desc = bufferDesc(k64K);
  void* r = reinterpret_cast<void*>(1);
  CHECK(t.device->CreateReservedResource(&desc, D3D12_RESOURCE_STATE_COMMON, nullptr, __uuidof(ID3D12Resource), &r) ==
        E_INVALIDARG);
  CHECK(r == nullptr);
}

TEST_CASE("D3D12 RESOURCE_HEAP_TIER_2: one heap holds a buffer a render target and a small texture side by side",
          "[d3d12][heap]") {
  Heaps t;
  ID3D12Heap* heap = nullptr;
  const HRESULT hr = t.heap(D3D12_HEAP_TYPE_DEFAULT, 4 * k64K, D3D12_HEAP_FLAG_ALLOW_ALL_BUFFERS_AND_TEXTURES, &heap);
  if (t.heapTier() < D3D12_RESOURCE_HEAP_TIER_2) {
    CHECK(hr == E_INVALIDARG);  // tier 1: the heap must name one category
    return;
  }
  REQUIRE(hr == S_OK);
  constexpr UINT kW = 16, kH = 16;
  // A buffer in the first 64 KiB, a render target in the second, and a small
  // (4 KiB-aligned) texture 4 KiB into the third: the buffer's last bytes,
  // the target and the texture each keep what was written to them.
  ID3D12Resource* buffer = t.placedOrFail(heap, 0, bufferDesc(k64K), D3D12_RESOURCE_STATE_COPY_DEST);
  const D3D12_RESOURCE_DESC targetDesc =
      texture2DDesc(kW, kH, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  ID3D12Resource* target = t.placedOrFail(heap, k64K, targetDesc, D3D12_RESOURCE_STATE_RENDER_TARGET);
  D3D12_RESOURCE_DESC smallDesc = texture2DDesc(kW, kH, DXGI_FORMAT_R8G8B8A8_UINT, D3D12_RESOURCE_FLAG_NONE);
  smallDesc.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
  const D3D12_RESOURCE_ALLOCATION_INFO info = t.device->GetResourceAllocationInfo(0, 1, &smallDesc);
  REQUIRE(info.Alignment == D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT);
  ID3D12Resource* small = t.placedOrFail(heap, 2 * k64K + 4096, smallDesc, D3D12_RESOURCE_STATE_COPY_DEST);

  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{};
  UINT64 total = 0;
  t.device->GetCopyableFootprints(&smallDesc, 0, 1, 0, &fp, nullptr, nullptr, &total);
  ID3D12Resource* upload = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_UPLOAD, k64K));
  const std::vector<unsigned char> bytes = pattern(size_t(k64K), 7);
  write(upload, bytes);
  t.list->CopyBufferRegion(buffer, 0, upload, 0, k64K);
  D3D12_TEXTURE_COPY_LOCATION smallLoc = subresourceLocation(small, 0), up = footprintLocation(upload, fp);
  t.list->CopyTextureRegion(&smallLoc, 0, 0, 0, &up, nullptr);  // the pattern's first rows as texels

  D3D12_DESCRIPTOR_HEAP_DESC rtvHeapDesc{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  void* rtvHeapOut = nullptr;
  REQUIRE(t.device->CreateDescriptorHeap(&rtvHeapDesc, __uuidof(ID3D12DescriptorHeap), &rtvHeapOut) == S_OK);
  ID3D12DescriptorHeap* rtvHeap = t.keep(static_cast<ID3D12DescriptorHeap*>(rtvHeapOut));
  const D3D12_CPU_DESCRIPTOR_HANDLE rtv = rtvHeap->GetCPUDescriptorHandleForHeapStart();
  t.device->CreateRenderTargetView(target, nullptr, rtv);
  const float colour[4] = {1.0f, 0.0f, 1.0f, 0.0f};
  t.list->ClearRenderTargetView(rtv, colour, 0, nullptr);

  D3D12_RESOURCE_BARRIER barriers[3] = {
      transition(buffer, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE),
      transition(target, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE),
      transition(small, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE)};
  t.list->ResourceBarrier(3, barriers);
  ID3D12Resource* readBufferBack = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_READBACK, k64K));
  ID3D12Resource* readTarget = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_READBACK, total));
  ID3D12Resource* readSmall = t.keep(createBuffer(t.device, D3D12_HEAP_TYPE_READBACK, total));
  t.list->CopyBufferRegion(readBufferBack, 0, buffer, 0, k64K);
  D3D12_TEXTURE_COPY_LOCATION targetLoc = subresourceLocation(target, 0);
  D3D12_TEXTURE_COPY_LOCATION downTarget = footprintLocation(readTarget, fp), downSmall = footprintLocation(readSmall, fp);
  downTarget.PlacedFootprint.Footprint.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  t.list->CopyTextureRegion(&downTarget, 0, 0, 0, &targetLoc, nullptr);
  t.list->CopyTextureRegion(&downSmall, 0, 0, 0, &smallLoc, nullptr);
  t.run();

  CHECK(readBuffer(readBufferBack, size_t(k64K)) == bytes);
  const std::vector<unsigned char> gotTarget = readBuffer(readTarget, size_t(total));
  const std::vector<unsigned char> gotSmall = readBuffer(readSmall, size_t(total));
  const unsigned char magenta[4] = {255, 0, 255, 0};
  for (UINT y = 0; y < kH; ++y)
    for (UINT x = 0; x < kW * 4; ++x) {
      const size_t i = y * fp.Footprint.RowPitch + x;
      INFO("row " << y << " byte " << x);
      CHECK(int(gotTarget[i]) == int(magenta[x % 4]));
      CHECK(int(gotSmall[i]) == int(bytes[i]));
    }
}
