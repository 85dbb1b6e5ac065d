// tests/d3d12: shader-visible descriptors proven by using them — UAVs created
// with CreateUnorderedAccessView (textures: 2D, a 2D-array slice, one mip;
// buffers: raw and typed) cleared with ClearUnorderedAccessViewUint/Float,
// whole and with rects, and read back; CopyDescriptors(Simple) moving UAVs
// between heaps (the copy clears the same texels); and what invalid view
// creation does (a debug-layer line, nothing written).
#include "d3d12_test_util.h"
#include "stderr_capture.h"

using namespace d3dvk::test;
using Catch::Matchers::Contains;

namespace {

struct Context {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  std::vector<IUnknown*> owned;
  UINT increment = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);

  ~Context() {
    for (IUnknown* o : owned) o->Release();
    fence->Release();
    list->Release();
    allocator->Release();
    queue->Release();
    CHECK(device->Release() == 0);
  }
  HRESULT run() {
    HRESULT hr = list->Close();
    if (hr == S_OK) executeAndWait(queue, {list}, fence, &value);
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
    return hr;
  }
  template <typename T>
  T* own(T* object) {
    owned.push_back(object);
    return object;
  }
  ID3D12DescriptorHeap* heap(D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count, bool shaderVisible) {
    D3D12_DESCRIPTOR_HEAP_DESC desc{type, count,
                                    shaderVisible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    void* heap = nullptr;
    HRESULT hr = device->CreateDescriptorHeap(&desc, __uuidof(ID3D12DescriptorHeap), &heap);
    return own(createdOrFail<ID3D12DescriptorHeap>(hr, heap));
  }
  D3D12_CPU_DESCRIPTOR_HANDLE cpu(ID3D12DescriptorHeap* h, UINT index) {
    D3D12_CPU_DESCRIPTOR_HANDLE handle = h->GetCPUDescriptorHandleForHeapStart();
    handle.ptr += SIZE_T(index) * increment;
    return handle;
  }
  D3D12_GPU_DESCRIPTOR_HANDLE gpu(ID3D12DescriptorHeap* h, UINT index) {
    D3D12_GPU_DESCRIPTOR_HANDLE handle = h->GetGPUDescriptorHandleForHeapStart();
    handle.ptr += UINT64(index) * increment;
    return handle;
  }
  ID3D12Resource* texture(UINT w, UINT h, DXGI_FORMAT format, UINT16 mips = 1, UINT16 array = 1,
                          D3D12_RESOURCE_FLAGS flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS) {
    return own(createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, texture2DDesc(w, h, format, flags, mips, array),
                               D3D12_RESOURCE_STATE_UNORDERED_ACCESS));
  }
  ID3D12Resource* uavBuffer(UINT64 size) {
    D3D12_RESOURCE_DESC desc = bufferDesc(size);
    desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    return own(createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_UNORDERED_ACCESS));
  }
  // Subresource `index` of `texture`, copied to a READBACK buffer (after the list ran).
  std::vector<unsigned char> readTexture(ID3D12Resource* texture, UINT index, D3D12_PLACED_SUBRESOURCE_FOOTPRINT* fp) {
    D3D12_RESOURCE_DESC desc = texture->GetDesc();
    UINT64 total = 0;
    device->GetCopyableFootprints(&desc, index, 1, 0, fp, nullptr, nullptr, &total);
    ID3D12Resource* buffer = own(createBuffer(device, D3D12_HEAP_TYPE_READBACK, total));
    D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(buffer, *fp);
    D3D12_TEXTURE_COPY_LOCATION src = subresourceLocation(texture, index);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    REQUIRE(run() == S_OK);
    return readBuffer(buffer, size_t(total));
  }
  std::vector<unsigned char> readWholeBuffer(ID3D12Resource* buffer) {
    UINT64 size = buffer->GetDesc().Width;
    ID3D12Resource* readback = own(createBuffer(device, D3D12_HEAP_TYPE_READBACK, size));
    list->CopyBufferRegion(readback, 0, buffer, 0, size);
    REQUIRE(run() == S_OK);
    return readBuffer(readback, size_t(size));
  }
};

template <typename T>
T at(const std::vector<unsigned char>& bytes, const D3D12_PLACED_SUBRESOURCE_FOOTPRINT& fp, UINT x, UINT y) {
  T v;
  std::memcpy(&v, bytes.data() + fp.Offset + size_t(y) * fp.Footprint.RowPitch + x * sizeof(T), sizeof(T));
  return v;
}

D3D12_UNORDERED_ACCESS_VIEW_DESC tex2DArrayUav(DXGI_FORMAT format, UINT mip, UINT first, UINT count) {
  D3D12_UNORDERED_ACCESS_VIEW_DESC d{};
  d.Format = format;
  d.ViewDimension = D3D12_UAV_DIMENSION_TEXTURE2DARRAY;
  d.Texture2DArray = {mip, first, count, 0};
  return d;
}

D3D12_UNORDERED_ACCESS_VIEW_DESC bufferUav(DXGI_FORMAT format, UINT64 first, UINT count, UINT stride = 0,
                                           D3D12_BUFFER_UAV_FLAGS flags = D3D12_BUFFER_UAV_FLAG_NONE) {
  D3D12_UNORDERED_ACCESS_VIEW_DESC d{};
  d.Format = format;
  d.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
  d.Buffer = {first, count, stride, 0, flags};
  return d;
}

}  // namespace

TEST_CASE("D3D12 UAV clears through a Texture2D UAV: Uint whole and with rects, read back", "[d3d12][views][uav]") {
  Context c;
  ID3D12Resource* tex = c.texture(9, 7, DXGI_FORMAT_R32_UINT);
  ID3D12DescriptorHeap* cpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, false);
  ID3D12DescriptorHeap* gpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, true);
  CHECK(cpuHeap->GetGPUDescriptorHandleForHeapStart().ptr == 0);  // not shader-visible
  REQUIRE(gpuHeap->GetGPUDescriptorHandleForHeapStart().ptr != 0);
  c.device->CreateUnorderedAccessView(tex, nullptr, nullptr, c.cpu(cpuHeap, 1));
  c.device->CopyDescriptorsSimple(1, c.cpu(gpuHeap, 2), c.cpu(cpuHeap, 1), D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);

  const UINT seven[4] = {7, 0, 0, 0}, nine[4] = {9, 1, 2, 3};
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 2), c.cpu(cpuHeap, 1), tex, seven, 0, nullptr);
  D3D12_RECT rects[2] = {{2, 1, 5, 3}, {7, 5, 20, 20}};  // the second is clipped to the texture
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 2), c.cpu(cpuHeap, 1), tex, nine, 2, rects);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
  std::vector<unsigned char> bytes = c.readTexture(tex, 0, &fp);
  for (UINT y = 0; y < 7; ++y)
    for (UINT x = 0; x < 9; ++x) {
      bool inRect = (x >= 2 && x < 5 && y >= 1 && y < 3) || (x >= 7 && y >= 5);
      INFO("texel " << x << "," << y);
      CHECK(at<uint32_t>(bytes, fp, x, y) == (inRect ? 9u : 7u));
    }
}

TEST_CASE("D3D12 ClearUnorderedAccessViewFloat converts to UNORM and half, Uint writes raw bits", "[d3d12][views][uav]") {
  Context c;
  ID3D12DescriptorHeap* cpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, false);
  ID3D12DescriptorHeap* gpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, true);
  ID3D12Resource* unorm = c.texture(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM);
  ID3D12Resource* half = c.texture(4, 4, DXGI_FORMAT_R16G16B16A16_FLOAT);
  c.device->CreateUnorderedAccessView(unorm, nullptr, nullptr, c.cpu(cpuHeap, 0));
  c.device->CreateUnorderedAccessView(half, nullptr, nullptr, c.cpu(cpuHeap, 1));
  c.device->CopyDescriptorsSimple(2, c.cpu(gpuHeap, 0), c.cpu(cpuHeap, 0), D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const FLOAT color[4] = {1.0f, 0.6f, 0.0f, 0.2f};
  c.list->ClearUnorderedAccessViewFloat(c.gpu(gpuHeap, 0), c.cpu(cpuHeap, 0), unorm, color, 0, nullptr);
  D3D12_RECT rect{1, 1, 3, 2};
  c.list->ClearUnorderedAccessViewFloat(c.gpu(gpuHeap, 1), c.cpu(cpuHeap, 1), half, color, 1, &rect);
  const UINT bits[4] = {0x3C00, 0xC000, 0x1234, 0xFFFF3800};  // 1.0, -2.0, a denormal-free pattern, 0.5 (low 16 bits)
  D3D12_RECT corner{0, 0, 1, 1};
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 1), c.cpu(cpuHeap, 1), half, bits, 1, &corner);

  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
  std::vector<unsigned char> a = c.readTexture(unorm, 0, &fp);
  CHECK(at<uint32_t>(a, fp, 0, 0) == 0x33'00'99'FFu);  // A=51 (0.2*255), B=0, G=153 (0.6*255), R=255
  CHECK(at<uint32_t>(a, fp, 3, 3) == 0x33'00'99'FFu);
  std::vector<unsigned char> h = c.readTexture(half, 0, &fp);
  CHECK(at<uint64_t>(h, fp, 0, 0) == 0x3800'1234'C000'3C00ull);
  CHECK(at<uint64_t>(h, fp, 1, 1) == 0x3266'0000'38CD'3C00ull);  // (1, 0.6, 0, 0.2) as halves
  CHECK(at<uint64_t>(h, fp, 2, 1) == 0x3266'0000'38CD'3C00ull);
  CHECK(at<uint64_t>(h, fp, 3, 1) == 0);
  CHECK(at<uint64_t>(h, fp, 1, 0) == 0);
}

TEST_CASE("D3D12 UAVs of one array slice and of one mip clear only those", "[d3d12][views][uav]") {
  Context c;
  ID3D12DescriptorHeap* cpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, false);
  ID3D12DescriptorHeap* gpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, true);
  ID3D12Resource* tex = c.texture(8, 8, DXGI_FORMAT_R32_UINT, 2, 3);
  D3D12_UNORDERED_ACCESS_VIEW_DESC slice1 = tex2DArrayUav(DXGI_FORMAT_R32_UINT, 0, 1, 1);
  D3D12_UNORDERED_ACCESS_VIEW_DESC mip1 = tex2DArrayUav(DXGI_FORMAT_R32_UINT, 1, 0, UINT(-1));
  c.device->CreateUnorderedAccessView(tex, nullptr, &slice1, c.cpu(cpuHeap, 0));
  c.device->CreateUnorderedAccessView(tex, nullptr, &mip1, c.cpu(cpuHeap, 1));
  c.device->CopyDescriptorsSimple(2, c.cpu(gpuHeap, 0), c.cpu(cpuHeap, 0), D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const UINT five[4] = {5, 5, 5, 5}, six[4] = {6, 6, 6, 6};
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 0), c.cpu(cpuHeap, 0), tex, five, 0, nullptr);
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 1), c.cpu(cpuHeap, 1), tex, six, 0, nullptr);
  // Subresource index = mip + slice * 2.
  const uint32_t expected[6] = {0 /*s0 m0*/, 6 /*s0 m1*/, 5 /*s1 m0*/, 6 /*s1 m1*/, 0 /*s2 m0*/, 6 /*s2 m1*/};
  for (UINT index = 0; index < 6; ++index) {
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
    std::vector<unsigned char> bytes = c.readTexture(tex, index, &fp);
    INFO("subresource " << index);
    CHECK(at<uint32_t>(bytes, fp, 0, 0) == expected[index]);
    CHECK(at<uint32_t>(bytes, fp, fp.Footprint.Width - 1, fp.Footprint.Height - 1) == expected[index]);
  }
}

TEST_CASE("D3D12 buffer UAVs: raw and typed windows cleared, with element rects", "[d3d12][views][uav]") {
  Context c;
  ID3D12DescriptorHeap* cpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 3, false);
  ID3D12DescriptorHeap* gpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 3, true);
  ID3D12Resource* buffer = c.uavBuffer(256);
  D3D12_UNORDERED_ACCESS_VIEW_DESC raw = bufferUav(DXGI_FORMAT_R32_TYPELESS, 4, 8, 0, D3D12_BUFFER_UAV_FLAG_RAW);
  D3D12_UNORDERED_ACCESS_VIEW_DESC rg32 = bufferUav(DXGI_FORMAT_R32G32_UINT, 8, 4);          // bytes 64..96
  D3D12_UNORDERED_ACCESS_VIEW_DESC rgba8 = bufferUav(DXGI_FORMAT_R8G8B8A8_UNORM, 32, 4);     // bytes 128..144
  c.device->CreateUnorderedAccessView(buffer, nullptr, &raw, c.cpu(cpuHeap, 0));
  c.device->CreateUnorderedAccessView(buffer, nullptr, &rg32, c.cpu(cpuHeap, 1));
  c.device->CreateUnorderedAccessView(buffer, nullptr, &rgba8, c.cpu(cpuHeap, 2));
  c.device->CopyDescriptorsSimple(3, c.cpu(gpuHeap, 0), c.cpu(cpuHeap, 0), D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const UINT beef[4] = {0xDEADBEEF, 1, 2, 3}, pair[4] = {11, 22, 33, 44};
  const FLOAT grey[4] = {0.0f, 1.0f, 0.5f, 1.0f};
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 0), c.cpu(cpuHeap, 0), buffer, beef, 0, nullptr);
  D3D12_RECT elements{1, 0, 3, 1};  // elements 1 and 2 of the view
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 1), c.cpu(cpuHeap, 1), buffer, pair, 1, &elements);
  c.list->ClearUnorderedAccessViewFloat(c.gpu(gpuHeap, 2), c.cpu(cpuHeap, 2), buffer, grey, 0, nullptr);
  std::vector<unsigned char> bytes = c.readWholeBuffer(buffer);
  auto word = [&](UINT index) {
    uint32_t v;
    std::memcpy(&v, bytes.data() + index * 4, 4);
    return v;
  };
  for (UINT i = 0; i < 64; ++i) {
    uint32_t expected = 0;
    if (i >= 4 && i < 12) expected = 0xDEADBEEF;           // raw view: elements 4..11
    if (i >= 18 && i < 22) expected = i % 2 ? 22 : 11;      // R32G32 elements 9 and 10 (bytes 72..88)
    if (i >= 32 && i < 36) expected = 0xFF'80'FF'00u;       // R8G8B8A8_UNORM (0, 1, 0.5, 1)
    INFO("word " << i);
    CHECK(word(i) == expected);
  }
}

TEST_CASE("D3D12 buffer UAVs at odd elements (descriptors from the aligned byte below) clear only their own elements",
          "[d3d12][views][uav][offsets]") {
  Context c;
  ID3D12DescriptorHeap* cpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, false);
  ID3D12DescriptorHeap* gpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, true);
  ID3D12Resource* buffer = c.uavBuffer(256);
  D3D12_UNORDERED_ACCESS_VIEW_DESC raw = bufferUav(DXGI_FORMAT_R32_TYPELESS, 1, 5, 0, D3D12_BUFFER_UAV_FLAG_RAW);
  D3D12_UNORDERED_ACCESS_VIEW_DESC r32 = bufferUav(DXGI_FORMAT_R32_UINT, 9, 3);
  c.device->CreateUnorderedAccessView(buffer, nullptr, &raw, c.cpu(cpuHeap, 0));
  c.device->CreateUnorderedAccessView(buffer, nullptr, &r32, c.cpu(cpuHeap, 1));
  c.device->CopyDescriptorsSimple(2, c.cpu(gpuHeap, 0), c.cpu(cpuHeap, 0), D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const UINT a[4] = {0xAAAA, 0, 0, 0}, b[4] = {0xBBBB, 0, 0, 0};
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 0), c.cpu(cpuHeap, 0), buffer, a, 0, nullptr);
  D3D12_RECT elements{1, 0, 3, 1};  // elements 1 and 2 of the typed view: words 10 and 11
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 1), c.cpu(cpuHeap, 1), buffer, b, 1, &elements);
  std::vector<unsigned char> bytes = c.readWholeBuffer(buffer);
  for (UINT i = 0; i < 64; ++i) {
    uint32_t v;
    std::memcpy(&v, bytes.data() + i * 4, 4);
    INFO("word " << i);
    CHECK(v == (i >= 1 && i < 6 ? 0xAAAAu : i >= 10 && i < 12 ? 0xBBBBu : 0u));
  }
}

TEST_CASE("D3D12 CopyDescriptors moves UAVs between heaps: the copy clears the same texels", "[d3d12][views][copy]") {
  Context c;
  ID3D12DescriptorHeap* a = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, false);
  ID3D12DescriptorHeap* b = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 8, false);
  ID3D12DescriptorHeap* visible = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 8, true);
  ID3D12Resource* t0 = c.texture(4, 4, DXGI_FORMAT_R32_UINT);
  ID3D12Resource* t1 = c.texture(4, 4, DXGI_FORMAT_R32_UINT);
  ID3D12Resource* t2 = c.texture(4, 4, DXGI_FORMAT_R32_UINT);
  c.device->CreateUnorderedAccessView(t0, nullptr, nullptr, c.cpu(a, 0));
  c.device->CreateUnorderedAccessView(t1, nullptr, nullptr, c.cpu(a, 1));
  c.device->CreateUnorderedAccessView(t2, nullptr, nullptr, c.cpu(a, 2));
  // Source ranges {a0..a1}, {a2}; destination ranges {b5}, {b1..b2}: b5 ← t0, b1 ← t1, b2 ← t2.
  D3D12_CPU_DESCRIPTOR_HANDLE dst[2] = {c.cpu(b, 5), c.cpu(b, 1)}, src[2] = {c.cpu(a, 0), c.cpu(a, 2)};
  UINT dstSizes[2] = {1, 2}, srcSizes[2] = {2, 1};
  c.device->CopyDescriptors(2, dst, dstSizes, 2, src, srcSizes, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  // Overwrite the sources: the copies must not depend on them.
  c.device->CreateUnorderedAccessView(t2, nullptr, nullptr, c.cpu(a, 0));
  c.device->CreateUnorderedAccessView(t2, nullptr, nullptr, c.cpu(a, 1));
  c.device->CopyDescriptorsSimple(8, c.cpu(visible, 0), c.cpu(b, 0), D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const UINT v1[4] = {100, 0, 0, 0}, v2[4] = {200, 0, 0, 0}, v3[4] = {300, 0, 0, 0};
  c.list->ClearUnorderedAccessViewUint(c.gpu(visible, 5), c.cpu(b, 5), t0, v1, 0, nullptr);
  c.list->ClearUnorderedAccessViewUint(c.gpu(visible, 1), c.cpu(b, 1), t1, v2, 0, nullptr);
  c.list->ClearUnorderedAccessViewUint(c.gpu(visible, 2), c.cpu(b, 2), t2, v3, 0, nullptr);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
  CHECK(at<uint32_t>(c.readTexture(t0, 0, &fp), fp, 3, 3) == 100);
  CHECK(at<uint32_t>(c.readTexture(t1, 0, &fp), fp, 3, 3) == 200);
  CHECK(at<uint32_t>(c.readTexture(t2, 0, &fp), fp, 3, 3) == 300);

  SECTION("a clear through a descriptor that views another resource is dropped and fails Close") {
    c.list->ClearUnorderedAccessViewUint(c.gpu(visible, 5), c.cpu(b, 5), t1, v3, 0, nullptr);  // b5 views t0
    CHECK(c.run() == E_INVALIDARG);
    CHECK(at<uint32_t>(c.readTexture(t1, 0, &fp), fp, 0, 0) == 200);
  }
}

TEST_CASE("D3D12 invalid view creation prints the debug-layer error and writes nothing", "[d3d12][views][errors]") {
  Context c;
  ID3D12DescriptorHeap* cpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, false);
  ID3D12DescriptorHeap* gpuHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, true);
  ID3D12DescriptorHeap* rtvHeap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, false);
  ID3D12DescriptorHeap* samplers = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 2, false);
  ID3D12Resource* tex = c.texture(4, 4, DXGI_FORMAT_R32_UINT);
  ID3D12Resource* plain = c.texture(4, 4, DXGI_FORMAT_R32_UINT, 1, 1, D3D12_RESOURCE_FLAG_NONE);
  ID3D12Resource* buffer = c.uavBuffer(1024);
  c.device->CreateUnorderedAccessView(tex, nullptr, nullptr, c.cpu(cpuHeap, 0));

  StderrCapture capture;
  // Each of these must leave slot 0 (the UAV of `tex`) as it is.
  c.device->CreateUnorderedAccessView(plain, nullptr, nullptr, c.cpu(cpuHeap, 0));  // no ALLOW_UNORDERED_ACCESS
  D3D12_UNORDERED_ACCESS_VIEW_DESC badMip = tex2DArrayUav(DXGI_FORMAT_R32_UINT, 3, 0, 1);
  c.device->CreateUnorderedAccessView(tex, nullptr, &badMip, c.cpu(cpuHeap, 0));  // mip out of range (the driver refuses)
  D3D12_UNORDERED_ACCESS_VIEW_DESC pastEnd = bufferUav(DXGI_FORMAT_R32_UINT, 200, 100);
  c.device->CreateUnorderedAccessView(buffer, nullptr, &pastEnd, c.cpu(cpuHeap, 0));  // elements past the buffer
  D3D12_UNORDERED_ACCESS_VIEW_DESC structuredRawFormat = bufferUav(DXGI_FORMAT_R32_UINT, 0, 4, 16);
  c.device->CreateUnorderedAccessView(buffer, nullptr, &structuredRawFormat, c.cpu(cpuHeap, 0));
  D3D12_CONSTANT_BUFFER_VIEW_DESC cbv{buffer->GetGPUVirtualAddress() + 16, 256};
  c.device->CreateConstantBufferView(&cbv, c.cpu(cpuHeap, 0));  // not 256-aligned
  D3D12_CONSTANT_BUFFER_VIEW_DESC cbvPastEnd{buffer->GetGPUVirtualAddress() + 768, 512};
  // Reaches past the buffer: written (into slot 1), ending with the buffer, with a warning.
  c.device->CreateConstantBufferView(&cbvPastEnd, c.cpu(cpuHeap, 1));
  D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = DXGI_FORMAT_R32_UINT;
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE3D;
  srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  srv.Texture3D = {0, 1, 0.0f};
  c.device->CreateShaderResourceView(tex, &srv, c.cpu(cpuHeap, 0));  // 3D view of a 2D texture
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
  srv.Texture2D = {0, 1, 0, 0.0f};
  srv.Shader4ComponentMapping = 0;  // no ALWAYS_SET bit
  c.device->CreateShaderResourceView(tex, &srv, c.cpu(cpuHeap, 0));
  c.device->CreateShaderResourceView(tex, nullptr, c.cpu(rtvHeap, 0));  // an RTV heap
  D3D12_SAMPLER_DESC sampler{D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_WRAP, D3D12_TEXTURE_ADDRESS_MODE_WRAP,
                             D3D12_TEXTURE_ADDRESS_MODE_WRAP, 0.0f, 1, D3D12_COMPARISON_FUNC_NEVER, {0, 0, 0, 0}, 4.0f, 1.0f};
  c.device->CreateSampler(&sampler, c.cpu(samplers, 0));  // MinLOD > MaxLOD
  sampler.MinLOD = 0.0f;
  c.device->CreateSampler(&sampler, c.cpu(cpuHeap, 0));  // a CBV_SRV_UAV heap
  c.device->CopyDescriptorsSimple(1, c.cpu(samplers, 1), c.cpu(cpuHeap, 0), D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER);
  std::string text = capture.text();
  CHECK_THAT(text, Contains("CreateUnorderedAccessView: the resource was not created with D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS"));
  CHECK_THAT(text, Contains("the view's elements reach past the end of the buffer"));
  CHECK_THAT(text, Contains("a structured buffer view needs DXGI_FORMAT_UNKNOWN"));
  CHECK_THAT(text, Contains("CreateConstantBufferView: BufferLocation is not a multiple of 256"));
  CHECK_THAT(text, Contains("the constant buffer view reaches past the end of its buffer"));
  CHECK_THAT(text, Contains("ViewDimension does not fit the resource's dimension or sample count"));
  CHECK_THAT(text, Contains("Shader4ComponentMapping is not an encoded mapping"));
  CHECK_THAT(text, Contains("CreateShaderResourceView: DestDescriptor is not a descriptor of a CBV_SRV_UAV heap"));
  CHECK_THAT(text, Contains("CreateSampler: MinLOD is greater than MaxLOD"));
  CHECK_THAT(text, Contains("CreateSampler: DestDescriptor is not a descriptor of a SAMPLER heap"));
  CHECK_THAT(text, Contains("CopyDescriptorsSimple: the source range is not inside a SAMPLER heap"));
  CHECK_THAT(text, Contains("MipSlice is outside the resource's mips"));

  // Slot 0 still holds the UAV of `tex`: clearing through it works.
  c.device->CopyDescriptorsSimple(1, c.cpu(gpuHeap, 0), c.cpu(cpuHeap, 0), D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const UINT four[4] = {4, 4, 4, 4};
  c.list->ClearUnorderedAccessViewUint(c.gpu(gpuHeap, 0), c.cpu(cpuHeap, 0), tex, four, 0, nullptr);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
  CHECK(at<uint32_t>(c.readTexture(tex, 0, &fp), fp, 2, 2) == 4);
}

TEST_CASE("D3D12 valid SRVs, CBVs, samplers and null views are accepted silently", "[d3d12][views]") {
  Context c;
  ID3D12DescriptorHeap* heap = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 16, true);
  ID3D12DescriptorHeap* samplers = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER, 4, true);
  ID3D12Resource* cube = c.texture(8, 8, DXGI_FORMAT_R8G8B8A8_UNORM, 2, 12, D3D12_RESOURCE_FLAG_NONE);
  ID3D12Resource* buffer = c.uavBuffer(4096);
  StderrCapture capture;
  UINT slot = 0;
  D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  srv.Shader4ComponentMapping = D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING(2, 1, 0, 5);  // BGR1
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
  srv.Texture2D = {1, 1, 0, 0.0f};
  c.device->CreateShaderResourceView(cube, &srv, c.cpu(heap, slot++));
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2DARRAY;
  srv.Texture2DArray = {0, UINT(-1), 3, 4, 0, 0.0f};
  c.device->CreateShaderResourceView(cube, &srv, c.cpu(heap, slot++));
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURECUBE;
  srv.TextureCube = {0, UINT(-1), 0.0f};
  c.device->CreateShaderResourceView(cube, &srv, c.cpu(heap, slot++));
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURECUBEARRAY;
  srv.TextureCubeArray = {0, 2, 0, 2, 0.0f};
  c.device->CreateShaderResourceView(cube, &srv, c.cpu(heap, slot++));
  c.device->CreateShaderResourceView(cube, nullptr, c.cpu(heap, slot++));
  srv = {};
  srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
  srv.Format = DXGI_FORMAT_R32_TYPELESS;
  srv.Buffer = {4, 16, 0, D3D12_BUFFER_SRV_FLAG_RAW};
  c.device->CreateShaderResourceView(buffer, &srv, c.cpu(heap, slot++));
  srv.Format = DXGI_FORMAT_UNKNOWN;
  srv.Buffer = {2, 8, 32, D3D12_BUFFER_SRV_FLAG_NONE};
  c.device->CreateShaderResourceView(buffer, &srv, c.cpu(heap, slot++));
  srv.Format = DXGI_FORMAT_R32G32B32A32_FLOAT;
  srv.Buffer = {1, 8, 0, D3D12_BUFFER_SRV_FLAG_NONE};
  c.device->CreateShaderResourceView(buffer, &srv, c.cpu(heap, slot++));
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
  c.device->CreateShaderResourceView(nullptr, &srv, c.cpu(heap, slot++));  // null SRV
  D3D12_CONSTANT_BUFFER_VIEW_DESC cbv{buffer->GetGPUVirtualAddress() + 512, 1024};
  c.device->CreateConstantBufferView(&cbv, c.cpu(heap, slot++));
  c.device->CreateConstantBufferView(nullptr, c.cpu(heap, slot++));  // null CBV
  D3D12_UNORDERED_ACCESS_VIEW_DESC structured = bufferUav(DXGI_FORMAT_UNKNOWN, 0, 16, 16);
  structured.Buffer.CounterOffsetInBytes = 0;
  c.device->CreateUnorderedAccessView(buffer, c.uavBuffer(4096), &structured, c.cpu(heap, slot++));
  c.device->CreateUnorderedAccessView(nullptr, nullptr, &structured, c.cpu(heap, slot++));  // null UAV
  D3D12_SAMPLER_DESC sampler{D3D12_FILTER_ANISOTROPIC, D3D12_TEXTURE_ADDRESS_MODE_BORDER, D3D12_TEXTURE_ADDRESS_MODE_CLAMP,
                             D3D12_TEXTURE_ADDRESS_MODE_MIRROR, 0.5f, 8, D3D12_COMPARISON_FUNC_NEVER, {0, 0, 0, 1}, 0.0f, 8.0f};
  c.device->CreateSampler(&sampler, {samplers->GetCPUDescriptorHandleForHeapStart().ptr});
  std::string text = capture.text();
  CHECK(text == "");
  CHECK(slot == 13);
}
