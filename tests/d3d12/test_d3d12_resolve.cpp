// tests/d3d12: ResolveSubresource from a 4x multisampled render target
// (cleared whole and with a rect) into one subresource of a single-sampled
// array texture, read back; typeless resources resolved in the Format given
// (into typeless and typed targets); the resolves D3D12 refuses; DiscardResource's
// argument checks. (Every sample of a pixel holds one value here, so these
// show the resolve's placement and values; samples that differ, and MIN and
// MAX, are test_d3d12_resolve_minmax.cpp's.)
#include "d3d12_test_util.h"

using namespace d3dvk::test;

namespace {

struct Context {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  std::vector<IUnknown*> owned;

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
  ID3D12Resource* texture(DXGI_FORMAT format, UINT samples, UINT16 mips = 1, UINT16 array = 1,
                          D3D12_RESOURCE_FLAGS flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET) {
    D3D12_RESOURCE_DESC desc = texture2DDesc(8, 8, format, flags, mips, array);
    desc.SampleDesc.Count = samples;
    ID3D12Resource* r = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_COMMON);
    owned.push_back(r);
    return r;
  }
  D3D12_CPU_DESCRIPTOR_HANDLE rtv(ID3D12Resource* r, DXGI_FORMAT format) {
    D3D12_DESCRIPTOR_HEAP_DESC desc{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
    void* heap = nullptr;
    REQUIRE(device->CreateDescriptorHeap(&desc, __uuidof(ID3D12DescriptorHeap), &heap) == S_OK);
    auto* h = static_cast<ID3D12DescriptorHeap*>(heap);
    owned.push_back(h);
    D3D12_RENDER_TARGET_VIEW_DESC v{};
    v.Format = format;
    v.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2DMS;
    device->CreateRenderTargetView(r, &v, h->GetCPUDescriptorHandleForHeapStart());
    return h->GetCPUDescriptorHandleForHeapStart();
  }
  std::vector<uint32_t> read(ID3D12Resource* texture, UINT index) {
    D3D12_RESOURCE_DESC desc = texture->GetDesc();
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
    UINT64 total = 0;
    device->GetCopyableFootprints(&desc, index, 1, 0, &fp, nullptr, nullptr, &total);
    ID3D12Resource* buffer = createBuffer(device, D3D12_HEAP_TYPE_READBACK, total);
    owned.push_back(buffer);
    D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(buffer, fp), src = subresourceLocation(texture, index);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
    REQUIRE(run() == S_OK);
    std::vector<unsigned char> bytes = readBuffer(buffer, size_t(total));
    std::vector<uint32_t> texels;
    for (UINT y = 0; y < fp.Footprint.Height; ++y)
      for (UINT x = 0; x < fp.Footprint.Width; ++x) {
        uint32_t v;
        std::memcpy(&v, bytes.data() + fp.Offset + size_t(y) * fp.Footprint.RowPitch + x * 4, 4);
        texels.push_back(v);
      }
    return texels;
  }
};

}  // namespace

TEST_CASE("D3D12 ResolveSubresource writes the MSAA target's pixels into the chosen subresource", "[d3d12][resolve]") {
  Context c;
  ID3D12Resource* msaa = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 4);
  ID3D12Resource* target = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 1, 2, 2, D3D12_RESOURCE_FLAG_NONE);
  D3D12_CPU_DESCRIPTOR_HANDLE rtv = c.rtv(msaa, DXGI_FORMAT_R8G8B8A8_UNORM);
  const FLOAT blue[4] = {0.2f, 0.4f, 0.6f, 0.8f}, red[4] = {1.0f, 0.0f, 0.0f, 1.0f};
  c.list->ClearRenderTargetView(rtv, blue, 0, nullptr);
  D3D12_RECT rect{2, 3, 5, 8};
  c.list->ClearRenderTargetView(rtv, red, 1, &rect);
  c.list->ResolveSubresource(target, 2, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM);  // mip 0 of slice 1
  REQUIRE(c.run() == S_OK);
  std::vector<uint32_t> resolved = c.read(target, 2);
  REQUIRE(resolved.size() == 64);
  for (UINT y = 0; y < 8; ++y)
    for (UINT x = 0; x < 8; ++x) {
      bool inRect = x >= 2 && x < 5 && y >= 3;
      INFO("pixel " << x << "," << y);
      CHECK(resolved[y * 8 + x] == (inRect ? 0xFF0000FFu : 0xCC996633u));
    }
  for (uint32_t v : c.read(target, 0)) CHECK(v == 0);  // slice 0 untouched
}

TEST_CASE("D3D12 ResolveSubresource refuses what D3D12 does and what d3dvk cannot", "[d3d12][resolve][errors]") {
  Context c;
  ID3D12Resource* msaa = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 4);
  ID3D12Resource* single = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 1);
  SECTION("a single-sampled source") {
    c.list->ResolveSubresource(single, 0, single, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("a multisampled destination") {
    c.list->ResolveSubresource(msaa, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("a format of neither resource") {
    c.list->ResolveSubresource(single, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("an integer format (the driver refuses)") {
    ID3D12Resource* intMsaa = c.texture(DXGI_FORMAT_R32_UINT, 4);
    ID3D12Resource* intSingle = c.texture(DXGI_FORMAT_R32_UINT, 1);
    c.list->ResolveSubresource(intSingle, 0, intMsaa, 0, DXGI_FORMAT_R32_UINT);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("a subresource out of range") {
    c.list->ResolveSubresource(single, 1, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("a typeless resource with a Format of another family") {
    ID3D12Resource* typeless = c.texture(DXGI_FORMAT_R8G8B8A8_TYPELESS, 4);
    ID3D12Resource* bgra = c.texture(DXGI_FORMAT_B8G8R8A8_UNORM, 1);
    c.list->ResolveSubresource(bgra, 0, typeless, 0, DXGI_FORMAT_B8G8R8A8_UNORM);
    CHECK(c.run() == E_INVALIDARG);
  }
}

TEST_CASE("D3D12 ResolveSubresource resolves typeless resources in the Format it is given", "[d3d12][resolve]") {
  // The typeless images hold the family's UINT format; the driver resolves
  // through scratch images of the given format (its average, not a sample).
  Context c;
  ID3D12Resource* msaa = c.texture(DXGI_FORMAT_R8G8B8A8_TYPELESS, 4);
  ID3D12Resource* typelessTarget = c.texture(DXGI_FORMAT_R8G8B8A8_TYPELESS, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
  ID3D12Resource* typedTarget = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
  D3D12_CPU_DESCRIPTOR_HANDLE rtv = c.rtv(msaa, DXGI_FORMAT_R8G8B8A8_UNORM);
  const FLOAT colour[4] = {0.2f, 0.4f, 0.6f, 0.8f}, green[4] = {0.0f, 1.0f, 0.0f, 1.0f};
  c.list->ClearRenderTargetView(rtv, colour, 0, nullptr);
  D3D12_RECT rect{0, 0, 4, 2};
  c.list->ClearRenderTargetView(rtv, green, 1, &rect);
  c.list->ResolveSubresource(typelessTarget, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  c.list->ResolveSubresource(typedTarget, 0, msaa, 0, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB);
  REQUIRE(c.run() == S_OK);
  // UNORM: 0.2, 0.4, 0.6, 0.8 are 51, 102, 153, 204; SRGB reads and writes the same bytes.
  for (ID3D12Resource* target : {typelessTarget, typedTarget}) {
    std::vector<uint32_t> resolved = c.read(target, 0);
    REQUIRE(resolved.size() == 64);
    for (UINT y = 0; y < 8; ++y)
      for (UINT x = 0; x < 8; ++x) {
        INFO("pixel " << x << "," << y);
        CHECK(resolved[y * 8 + x] == (x < 4 && y < 2 ? 0xFF00FF00u : 0xCC996633u));
      }
  }
}

TEST_CASE("D3D12 DiscardResource checks its region and keeps the contents", "[d3d12][resolve][errors]") {
  Context c;
  ID3D12Resource* tex = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 1, 2, 2);
  c.list->DiscardResource(tex, nullptr);
  D3D12_RECT rect{0, 0, 4, 4};
  D3D12_DISCARD_REGION region{1, &rect, 1, 3};
  c.list->DiscardResource(tex, &region);
  CHECK(c.run() == S_OK);
  D3D12_DISCARD_REGION pastEnd{0, nullptr, 2, 3};
  c.list->DiscardResource(tex, &pastEnd);
  CHECK(c.run() == E_INVALIDARG);
  D3D12_DISCARD_REGION noRects{2, nullptr, 0, 1};
  c.list->DiscardResource(tex, &noRects);
  CHECK(c.run() == E_INVALIDARG);
  c.list->DiscardResource(nullptr, nullptr);
  CHECK(c.run() == E_INVALIDARG);
}

TEST_CASE("D3D12 ResolveSubresourceRegion resolves a rectangle into another place of another subresource",
          "[d3d12][resolve]") {
  Context c;
  ID3D12GraphicsCommandList1* list1 = nullptr;
  REQUIRE(c.list->QueryInterface(__uuidof(ID3D12GraphicsCommandList1), reinterpret_cast<void**>(&list1)) == S_OK);
  ID3D12Resource* msaa = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 4);
  ID3D12Resource* target = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 1, 2, 2, D3D12_RESOURCE_FLAG_NONE);
  D3D12_CPU_DESCRIPTOR_HANDLE rtv = c.rtv(msaa, DXGI_FORMAT_R8G8B8A8_UNORM);
  const FLOAT blue[4] = {0.2f, 0.4f, 0.6f, 0.8f}, red[4] = {1.0f, 0.0f, 0.0f, 1.0f};
  c.list->ClearRenderTargetView(rtv, blue, 0, nullptr);
  D3D12_RECT redRect{2, 3, 5, 8};
  c.list->ClearRenderTargetView(rtv, red, 1, &redRect);
  // Source rectangle [1, 5) x [2, 6) into slice 1 mip 0 at (3, 1): destination [3, 7) x [1, 5).
  D3D12_RECT from{1, 2, 5, 6};
  list1->ResolveSubresourceRegion(target, 2, 3, 1, msaa, 0, &from, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
  // A null rectangle: the whole subresource, into slice 0 mip 0.
  list1->ResolveSubresourceRegion(target, 0, 0, 0, msaa, 0, nullptr, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
  // DECOMPRESS in place: nothing to do, no error.
  list1->ResolveSubresourceRegion(msaa, 0, 1, 2, msaa, 0, &from, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_DECOMPRESS);
  // DECOMPRESS into another multisampled texture at (3, 1): the samples copied
  // (read back through that texture's resolve; outside the region it stays 0).
  ID3D12Resource* msaa2 = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 4);
  ID3D12Resource* decompressed = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, D3D12_RESOURCE_FLAG_NONE);
  const FLOAT zero[4] = {0, 0, 0, 0};
  c.list->ClearRenderTargetView(c.rtv(msaa2, DXGI_FORMAT_R8G8B8A8_UNORM), zero, 0, nullptr);
  list1->ResolveSubresourceRegion(msaa2, 0, 3, 1, msaa, 0, &from, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_DECOMPRESS);
  c.list->ResolveSubresource(decompressed, 0, msaa2, 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  REQUIRE(c.run() == S_OK);
  auto source = [&](UINT x, UINT y) {  // the multisampled target's pixel
    return x >= 2 && x < 5 && y >= 3 ? 0xFF0000FFu : 0xCC996633u;
  };
  const std::vector<uint32_t> region = c.read(target, 2), whole = c.read(target, 0), copied = c.read(decompressed, 0);
  REQUIRE(region.size() == 64);
  REQUIRE(whole.size() == 64);
  for (UINT y = 0; y < 8; ++y)
    for (UINT x = 0; x < 8; ++x) {
      INFO("pixel " << x << "," << y);
      const bool inside = x >= 3 && x < 7 && y >= 1 && y < 5;
      CHECK(region[y * 8 + x] == (inside ? source(x - 3 + 1, y - 1 + 2) : 0u));
      CHECK(whole[y * 8 + x] == source(x, y));
      CHECK(copied[y * 8 + x] == (inside ? source(x - 3 + 1, y - 1 + 2) : 0u));
    }
  list1->Release();
}

TEST_CASE("D3D12 ResolveSubresourceRegion refuses regions outside the subresources and modes d3dvk lacks",
          "[d3d12][resolve][errors]") {
  Context c;
  ID3D12GraphicsCommandList1* list1 = nullptr;
  REQUIRE(c.list->QueryInterface(__uuidof(ID3D12GraphicsCommandList1), reinterpret_cast<void**>(&list1)) == S_OK);
  ID3D12Resource* msaa = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 4);
  ID3D12Resource* single = c.texture(DXGI_FORMAT_R8G8B8A8_UNORM, 1);
  D3D12_RECT rect{0, 0, 4, 4};
  SECTION("a source rectangle past the subresource") {
    D3D12_RECT past{4, 4, 9, 8};
    list1->ResolveSubresourceRegion(single, 0, 0, 0, msaa, 0, &past, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("an empty source rectangle") {
    D3D12_RECT empty{2, 2, 2, 4};
    list1->ResolveSubresourceRegion(single, 0, 0, 0, msaa, 0, &empty, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("a destination region past the subresource") {
    list1->ResolveSubresourceRegion(single, 0, 5, 0, msaa, 0, &rect, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_AVERAGE);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("DECOMPRESS between sample counts") {
    list1->ResolveSubresourceRegion(single, 0, 0, 0, msaa, 0, &rect, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOLVE_MODE_DECOMPRESS);
    CHECK(c.run() == E_INVALIDARG);
  }
  SECTION("sampler feedback modes") {
    list1->ResolveSubresourceRegion(single, 0, 0, 0, msaa, 0, &rect, DXGI_FORMAT_R8G8B8A8_UNORM,
                                    D3D12_RESOLVE_MODE_ENCODE_SAMPLER_FEEDBACK);
    CHECK(c.run() == E_INVALIDARG);
  }
  list1->Release();
}
