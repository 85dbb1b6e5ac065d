// tests/d3d12: render-target and depth-stencil clears (whole views, rects,
// one array slice) and texture copies (placed footprints both ways, a box
// between textures), read back through CopyTextureRegion into READBACK buffers.
#include "d3d12_test_util.h"
#include "norm_tolerance.h"
#include "stderr_capture.h"

#include <exception>
#include <thread>

using namespace d3dvk::test;

namespace {

struct Context {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;

  ~Context() {
    fence->Release();
    list->Release();
    allocator->Release();
    queue->Release();
    // Unwinding from a failed REQUIRE leaves the test's own objects unreleased: no second report.
    if (std::uncaught_exceptions()) device->Release();
    else CHECK(device->Release() == 0);
  }
  void run() {
    REQUIRE(list->Close() == S_OK);
    executeAndWait(queue, {list}, fence, &value);
    REQUIRE(allocator->Reset() == S_OK);
    REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  }
  ID3D12DescriptorHeap* heap(D3D12_DESCRIPTOR_HEAP_TYPE type, UINT count) {
    D3D12_DESCRIPTOR_HEAP_DESC desc{type, count, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    void* heap = nullptr;
    HRESULT hr = device->CreateDescriptorHeap(&desc, __uuidof(ID3D12DescriptorHeap), &heap);
    return createdOrFail<ID3D12DescriptorHeap>(hr, heap);
  }
};

// Copies subresource `index` of `texture` into a fresh READBACK buffer and returns its footprint.
ID3D12Resource* readBack(Context& c, ID3D12Resource* texture, UINT index, D3D12_PLACED_SUBRESOURCE_FOOTPRINT* fp) {
  D3D12_RESOURCE_DESC desc = texture->GetDesc();
  UINT64 total = 0;
  c.device->GetCopyableFootprints(&desc, index, 1, 0, fp, nullptr, nullptr, &total);
  ID3D12Resource* buffer = createBuffer(c.device, D3D12_HEAP_TYPE_READBACK, total);
  D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(buffer, *fp);
  D3D12_TEXTURE_COPY_LOCATION src = subresourceLocation(texture, index);
  c.list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  return buffer;
}

uint32_t texel(const std::vector<unsigned char>& bytes, const D3D12_PLACED_SUBRESOURCE_FOOTPRINT& fp, UINT x, UINT y) {
  uint32_t v;
  std::memcpy(&v, bytes.data() + fp.Offset + size_t(y) * fp.Footprint.RowPitch + x * 4, 4);
  return v;
}

}  // namespace

TEST_CASE("D3D12 ClearRenderTargetView, whole and with rects, read back through CopyTextureRegion", "[d3d12][clear]") {
  Context c;
  ID3D12Resource* rt = createCommitted(c.device, D3D12_HEAP_TYPE_DEFAULT,
                                       texture2DDesc(67, 33, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET),
                                       D3D12_RESOURCE_STATE_RENDER_TARGET);
  ID3D12DescriptorHeap* rtvs = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4);
  D3D12_CPU_DESCRIPTOR_HANDLE rtv = rtvs->GetCPUDescriptorHandleForHeapStart();
  rtv.ptr += 2 * c.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
  c.device->CreateRenderTargetView(rt, nullptr, rtv);

  const FLOAT red[4] = {1.0f, 0.0f, 0.0f, 1.0f};
  const FLOAT blue[4] = {0.0f, 0.0f, 1.0f, 0.5f};
  c.list->ClearRenderTargetView(rtv, red, 0, nullptr);
  D3D12_RECT rects[2] = {{10, 5, 20, 9}, {60, 30, 100, 100}};  // the second is clipped to the texture
  c.list->ClearRenderTargetView(rtv, blue, 2, rects);
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barrier.Transition = {rt, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
  c.list->ResourceBarrier(1, &barrier);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
  ID3D12Resource* readback = readBack(c, rt, 0, &fp);
  c.run();

  CHECK(fp.Footprint.RowPitch == 512);  // 67 × 4 = 268 bytes, padded to 256's multiple
  std::vector<unsigned char> bytes = readBuffer(readback, size_t(readback->GetDesc().Width));
  // Blue's alpha is 0.5 × 255 = 127.5, a tie: 127 or 128 (D3D's 0.6 ULP, tests/support/norm_tolerance.h).
  const auto isRed = IsRgba8Unorm({red[0], red[1], red[2], red[3]});
  const auto isBlue = IsRgba8Unorm({blue[0], blue[1], blue[2], blue[3]});
  const uint32_t firstBlue = texel(bytes, fp, 10, 5);  // every texel of one clear holds the same value
  size_t wrong = 0;
  for (UINT y = 0; y < 33; ++y)
    for (UINT x = 0; x < 67; ++x) {
      const bool inRect = (x >= 10 && x < 20 && y >= 5 && y < 9) || (x >= 60 && y >= 30);
      const uint32_t got = texel(bytes, fp, x, y);
      if (inRect ? isBlue.match(got) && got == firstBlue : isRed.match(got)) continue;
      if (++wrong > 4) continue;  // the first few tell the story
      INFO("texel " << x << "," << y);
      if (inRect) {
        CHECK_THAT(got, isBlue);
        CHECK(got == firstBlue);
      } else {
        CHECK_THAT(got, isRed);
      }
    }
  CHECK(wrong == 0);
  readback->Release();
  rtvs->Release();
  rt->Release();
}

TEST_CASE("D3D12 clears one slice of a Texture2DArray and a depth buffer", "[d3d12][clear]") {
  Context c;
  ID3D12Resource* array = createCommitted(
      c.device, D3D12_HEAP_TYPE_DEFAULT,
      texture2DDesc(8, 8, DXGI_FORMAT_R32_UINT, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET, 2, 3), D3D12_RESOURCE_STATE_COMMON);
  ID3D12Resource* depth = createCommitted(
      c.device, D3D12_HEAP_TYPE_DEFAULT,
      texture2DDesc(16, 4, DXGI_FORMAT_D32_FLOAT, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), D3D12_RESOURCE_STATE_DEPTH_WRITE);
  ID3D12DescriptorHeap* rtvs = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1);
  ID3D12DescriptorHeap* dsvs = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1);
  D3D12_RENDER_TARGET_VIEW_DESC view{};
  view.Format = DXGI_FORMAT_R32_UINT;
  view.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DARRAY;
  view.Texture2DArray = {1, 1, 1, 0};  // mip 1 of slice 1
  c.device->CreateRenderTargetView(array, &view, rtvs->GetCPUDescriptorHandleForHeapStart());
  c.device->CreateDepthStencilView(depth, nullptr, dsvs->GetCPUDescriptorHandleForHeapStart());

  const FLOAT seven[4] = {7.0f, 0, 0, 0};
  c.list->ClearRenderTargetView(rtvs->GetCPUDescriptorHandleForHeapStart(), seven, 0, nullptr);
  c.list->ClearDepthStencilView(dsvs->GetCPUDescriptorHandleForHeapStart(), D3D12_CLEAR_FLAG_DEPTH, 0.25f, 0, 0, nullptr);
  D3D12_RECT rect{4, 1, 8, 3};
  c.list->ClearDepthStencilView(dsvs->GetCPUDescriptorHandleForHeapStart(), D3D12_CLEAR_FLAG_DEPTH, 0.75f, 0, 1, &rect);
  // Subresource index = mip + slice × mips.
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fpCleared, fpOther, fpDepth;
  ID3D12Resource* cleared = readBack(c, array, 1 + 1 * 2, &fpCleared);
  ID3D12Resource* other = readBack(c, array, 1 + 2 * 2, &fpOther);
  ID3D12Resource* depthBack = readBack(c, depth, 0, &fpDepth);
  c.run();

  std::vector<unsigned char> a = readBuffer(cleared, size_t(cleared->GetDesc().Width)), b = readBuffer(other, size_t(other->GetDesc().Width));
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 4; ++x) {
      CHECK(texel(a, fpCleared, x, y) == 7u);
      CHECK(texel(b, fpOther, x, y) == 0u);
    }
  std::vector<unsigned char> d = readBuffer(depthBack, size_t(depthBack->GetDesc().Width));
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 16; ++x) {
      float f;
      std::memcpy(&f, d.data() + y * fpDepth.Footprint.RowPitch + x * 4, 4);
      bool inRect = x >= 4 && x < 8 && y >= 1 && y < 3;
      CHECK(f == (inRect ? 0.75f : 0.25f));
    }
  for (IUnknown* o : std::initializer_list<IUnknown*>{depthBack, other, cleared, dsvs, rtvs, depth, array}) o->Release();
}

TEST_CASE("D3D12 CopyTextureRegion: footprint → texture, a box between textures, texture → footprint", "[d3d12][copy]") {
  Context c;
  D3D12_RESOURCE_DESC desc = texture2DDesc(20, 10, DXGI_FORMAT_R8G8B8A8_UINT, D3D12_RESOURCE_FLAG_NONE);
  ID3D12Resource* a = createCommitted(c.device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_COPY_DEST);
  ID3D12Resource* b = createCommitted(c.device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_COPY_DEST);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
  UINT64 total = 0;
  c.device->GetCopyableFootprints(&desc, 0, 1, 512, &fp, nullptr, nullptr, &total);  // placed at 512
  REQUIRE(fp.Offset == 512);
  ID3D12Resource* upload = createBuffer(c.device, D3D12_HEAP_TYPE_UPLOAD, 512 + total);
  void* data = nullptr;
  REQUIRE(upload->Map(0, nullptr, &data) == S_OK);
  for (UINT y = 0; y < 10; ++y)
    for (UINT x = 0; x < 20; ++x) {
      uint32_t v = (y << 8) | x;
      std::memcpy(static_cast<unsigned char*>(data) + 512 + y * fp.Footprint.RowPitch + x * 4, &v, 4);
    }
  upload->Unmap(0, nullptr);

  D3D12_TEXTURE_COPY_LOCATION src = footprintLocation(upload, fp), dstA = subresourceLocation(a, 0);
  c.list->CopyTextureRegion(&dstA, 0, 0, 0, &src, nullptr);
  D3D12_TEXTURE_COPY_LOCATION srcA = subresourceLocation(a, 0), dstB = subresourceLocation(b, 0);
  D3D12_BOX box{2, 3, 0, 7, 6, 1};  // 5 × 3 texels from (2, 3) → (10, 4)
  c.list->CopyTextureRegion(&dstB, 10, 4, 0, &srcA, &box);
  {
    StderrCapture messages;
    // An empty box copies nothing; a box reaching past the source's bottom right
    // corner copies the part inside it: 2 × 1 texels from (18, 9) → (0, 0).
    const D3D12_BOX empty{3, 3, 0, 3, 5, 1}, clipped{18, 9, 0, 40, 30, 1};
    c.list->CopyTextureRegion(&dstB, 5, 5, 0, &srcA, &empty);
    c.list->CopyTextureRegion(&dstB, 0, 0, 0, &srcA, &clipped);
    CHECK(messages.text().find("pSrcBox is empty; nothing is copied") != std::string::npos);
    CHECK(messages.text().find("pSrcBox reaches outside the source; the part inside it is copied") != std::string::npos);
  }
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fpBack;
  ID3D12Resource* readback = readBack(c, b, 0, &fpBack);
  c.run();

  std::vector<unsigned char> bytes = readBuffer(readback, size_t(readback->GetDesc().Width));
  for (UINT y = 0; y < 10; ++y)
    for (UINT x = 0; x < 20; ++x) {
      bool copied = x >= 10 && x < 15 && y >= 4 && y < 7;
      uint32_t expected = copied ? (((y - 4 + 3) << 8) | (x - 10 + 2)) : 0;
      if (y == 0 && x < 2) expected = (9u << 8) | (18 + x);  // the clipped box
      if (texel(bytes, fpBack, x, y) != expected) {
        INFO("texel " << x << "," << y);
        REQUIRE(texel(bytes, fpBack, x, y) == expected);
      }
    }
  for (IUnknown* o : std::initializer_list<IUnknown*>{readback, upload, b, a}) o->Release();
}

TEST_CASE("D3D12 command lists recorded on two threads at once", "[d3d12][threads]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12Fence* fence = createFence(device);
  D3D12_DESCRIPTOR_HEAP_DESC heapDesc{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  void* heapOut = nullptr;
  HRESULT heapResult = device->CreateDescriptorHeap(&heapDesc, __uuidof(ID3D12DescriptorHeap), &heapOut);
  ID3D12DescriptorHeap* heap = createdOrFail<ID3D12DescriptorHeap>(heapResult, heapOut);
  const UINT increment = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);

  struct Work {
    ID3D12CommandAllocator* allocator;
    ID3D12GraphicsCommandList* list;
    ID3D12Resource* target;
    ID3D12Resource* readback;
    D3D12_CPU_DESCRIPTOR_HANDLE rtv;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
    HRESULT closed = E_FAIL;
  } work[2];
  D3D12_RESOURCE_DESC desc = texture2DDesc(32, 32, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  for (int i = 0; i < 2; ++i) {
    work[i].allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    work[i].list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, work[i].allocator);
    work[i].target = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_RENDER_TARGET);
    UINT64 total = 0;
    device->GetCopyableFootprints(&desc, 0, 1, 0, &work[i].fp, nullptr, nullptr, &total);
    work[i].readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, total);
    work[i].rtv = heap->GetCPUDescriptorHandleForHeapStart();
    work[i].rtv.ptr += i * increment;
    device->CreateRenderTargetView(work[i].target, nullptr, work[i].rtv);
  }
  auto record = [](Work& w, float shade) {
    for (int round = 0; round < 50; ++round) {  // many commands, so the threads overlap
      const FLOAT color[4] = {shade, float(round) / 255.0f, 0.0f, 1.0f};
      w.list->ClearRenderTargetView(w.rtv, color, 0, nullptr);
    }
    D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(w.readback, w.fp), src = subresourceLocation(w.target, 0);
    w.list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    w.closed = w.list->Close();
  };
  std::thread first(record, std::ref(work[0]), 64.0f / 255.0f);
  std::thread second(record, std::ref(work[1]), 192.0f / 255.0f);
  first.join();
  second.join();
  REQUIRE(work[0].closed == S_OK);
  REQUIRE(work[1].closed == S_OK);
  UINT64 value = 0;
  executeAndWait(queue, {work[0].list, work[1].list}, fence, &value);
  for (int i = 0; i < 2; ++i) {
    std::vector<unsigned char> bytes = readBuffer(work[i].readback, size_t(work[i].readback->GetDesc().Width));
    uint32_t expected = 0xff000000u | (49u << 8) | (i == 0 ? 64u : 192u);
    CHECK(texel(bytes, work[i].fp, 0, 0) == expected);
    CHECK(texel(bytes, work[i].fp, 31, 31) == expected);
    work[i].readback->Release();
    work[i].target->Release();
    work[i].list->Release();
    work[i].allocator->Release();
  }
  heap->Release();
  fence->Release();
  queue->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 typeless depth textures (R24G8_TYPELESS, R32_TYPELESS) are depth images: cleared through their DSV, "
          "their planes read back, their SRVs made",
          "[d3d12][clear][depth]") {
  Context c;
  // R24G8_TYPELESS with a depth view and a stencil SRV; R32_TYPELESS with a D32 view and an R32_FLOAT SRV.
  ID3D12Resource* ds = createCommitted(
      c.device, D3D12_HEAP_TYPE_DEFAULT,
      texture2DDesc(8, 4, DXGI_FORMAT_R24G8_TYPELESS, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), D3D12_RESOURCE_STATE_DEPTH_WRITE);
  ID3D12Resource* d32 = createCommitted(
      c.device, D3D12_HEAP_TYPE_DEFAULT,
      texture2DDesc(8, 4, DXGI_FORMAT_R32_TYPELESS, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL), D3D12_RESOURCE_STATE_DEPTH_WRITE);
  ID3D12DescriptorHeap* dsvs = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 2);
  ID3D12DescriptorHeap* srvs = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 3);
  const UINT dsvStep = c.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_DSV);
  const UINT srvStep = c.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  D3D12_CPU_DESCRIPTOR_HANDLE dsv0 = dsvs->GetCPUDescriptorHandleForHeapStart(), dsv1{dsv0.ptr + dsvStep};
  D3D12_DEPTH_STENCIL_VIEW_DESC dv{};
  dv.Format = DXGI_FORMAT_D24_UNORM_S8_UINT;
  dv.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
  c.device->CreateDepthStencilView(ds, &dv, dsv0);
  dv.Format = DXGI_FORMAT_D32_FLOAT;
  c.device->CreateDepthStencilView(d32, &dv, dsv1);
  {
    StderrCapture errors;
    D3D12_SHADER_RESOURCE_VIEW_DESC sv{};
    sv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
    sv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    sv.Texture2D.MipLevels = 1;
    D3D12_CPU_DESCRIPTOR_HANDLE srv = srvs->GetCPUDescriptorHandleForHeapStart();
    sv.Format = DXGI_FORMAT_R24_UNORM_X8_TYPELESS;
    c.device->CreateShaderResourceView(ds, &sv, srv);
    sv.Format = DXGI_FORMAT_X24_TYPELESS_G8_UINT;
    sv.Texture2D.PlaneSlice = 1;
    c.device->CreateShaderResourceView(ds, &sv, {srv.ptr + srvStep});
    sv.Format = DXGI_FORMAT_R32_FLOAT;
    sv.Texture2D.PlaneSlice = 0;
    c.device->CreateShaderResourceView(d32, &sv, {srv.ptr + 2 * srvStep});
    CHECK(errors.text().empty());
  }
  c.list->ClearDepthStencilView(dsv0, D3D12_CLEAR_FLAG_DEPTH | D3D12_CLEAR_FLAG_STENCIL, 0.5f, 0x5a, 0, nullptr);
  D3D12_RECT rect{2, 1, 4, 3};
  c.list->ClearDepthStencilView(dsv0, D3D12_CLEAR_FLAG_STENCIL, 0.0f, 0xc3, 1, &rect);
  c.list->ClearDepthStencilView(dsv1, D3D12_CLEAR_FLAG_DEPTH, 0.25f, 0, 0, nullptr);
  D3D12_RESOURCE_BARRIER barriers[2]{};
  barriers[0].Type = barriers[1].Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barriers[0].Transition = {ds, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_DEPTH_WRITE,
                            D3D12_RESOURCE_STATE_COPY_SOURCE};
  barriers[1].Transition = {d32, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_DEPTH_WRITE,
                            D3D12_RESOURCE_STATE_COPY_SOURCE};
  c.list->ResourceBarrier(2, barriers);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fpDepth, fpStencil, fp32;
  ID3D12Resource* depthBack = readBack(c, ds, 0, &fpDepth);
  ID3D12Resource* stencilBack = readBack(c, ds, 1, &fpStencil);
  ID3D12Resource* d32Back = readBack(c, d32, 0, &fp32);
  c.run();

  std::vector<unsigned char> d = readBuffer(depthBack, size_t(depthBack->GetDesc().Width));
  std::vector<unsigned char> s = readBuffer(stencilBack, size_t(stencilBack->GetDesc().Width));
  std::vector<unsigned char> f = readBuffer(d32Back, size_t(d32Back->GetDesc().Width));
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO("texel " << x << "," << y);
      const uint32_t depth24 = texel(d, fpDepth, x, y) & 0xFFFFFFu;
      CHECK(depth24 >= 0x7FFFFFu);  // 0.5 in 24-bit UNORM, either rounding
      CHECK(depth24 <= 0x800000u);
      const bool inRect = x >= 2 && x < 4 && y >= 1 && y < 3;
      CHECK(s[fpStencil.Offset + y * fpStencil.Footprint.RowPitch + x] == (inRect ? 0xc3 : 0x5a));
      float v;
      std::memcpy(&v, f.data() + fp32.Offset + y * fp32.Footprint.RowPitch + x * 4, 4);
      CHECK(v == 0.25f);
    }
  for (IUnknown* o : std::initializer_list<IUnknown*>{d32Back, stencilBack, depthBack, srvs, dsvs, d32, ds}) o->Release();
}

TEST_CASE("D3D12 ClearRenderTargetView of a Texture3D RTV clears only its W window (FirstWSlice, WSize)",
          "[d3d12][clear]") {
  Context c;
  D3D12_RESOURCE_DESC desc = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
  desc.DepthOrArraySize = 4;
  ID3D12Resource* volume = createCommitted(c.device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_RENDER_TARGET);
  ID3D12DescriptorHeap* rtvs = c.heap(D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 2);
  const UINT step = c.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
  const D3D12_CPU_DESCRIPTOR_HANDLE whole = rtvs->GetCPUDescriptorHandleForHeapStart(), window{whole.ptr + step};
  c.device->CreateRenderTargetView(volume, nullptr, whole);
  D3D12_RENDER_TARGET_VIEW_DESC view{};
  view.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  view.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE3D;
  view.Texture3D = {0, 1, 2};  // slices 1 and 2
  c.device->CreateRenderTargetView(volume, &view, window);
  const FLOAT blue[4] = {0, 0, 1, 1}, red[4] = {1, 0, 0, 1};
  c.list->ClearRenderTargetView(whole, blue, 0, nullptr);
  c.list->ClearRenderTargetView(window, red, 0, nullptr);
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barrier.Transition = {volume, 0, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE};
  c.list->ResourceBarrier(1, &barrier);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
  ID3D12Resource* readback = readBack(c, volume, 0, &fp);
  c.run();
  REQUIRE(fp.Footprint.Depth == 4u);
  std::vector<unsigned char> bytes = readBuffer(readback, size_t(readback->GetDesc().Width));
  const size_t slicePitch = size_t(fp.Footprint.RowPitch) * fp.Footprint.Height;
  for (UINT z = 0; z < 4; ++z)
    for (UINT y = 0; y < 4; ++y)
      for (UINT x = 0; x < 4; ++x) {
        uint32_t v;
        std::memcpy(&v, bytes.data() + fp.Offset + z * slicePitch + y * fp.Footprint.RowPitch + x * 4, 4);
        INFO("texel " << x << "," << y << "," << z);
        CHECK(v == (z == 1 || z == 2 ? 0xff0000ffu : 0xffff0000u));
      }
  for (IUnknown* o : std::initializer_list<IUnknown*>{readback, rtvs, volume}) o->Release();
}
