// tests/hostile: copies whose coordinates or offsets would wrap a 32- or
// 64-bit bounds check (issue 30, items 1 and 2). Each is refused while it is
// recorded — Close returns E_INVALIDARG, the debug layer names the rule — and
// nothing reaches the GPU, so the device goes on copying correctly after it.
#include "hostile_util.h"

#include <cstdint>

using namespace d3dvk::test;

namespace {

constexpr UINT kSize = 16;

// A 16×16 RGBA8 texture, an UPLOAD buffer holding its texels (texel i = i * 0x01010101 + 0x04030201) and a READBACK buffer.
struct CopyRig {
  HostileDevice12& d;
  ID3D12Resource* texture;
  ID3D12Resource* upload;
  ID3D12Resource* readback;
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint{0, {DXGI_FORMAT_R8G8B8A8_UNORM, kSize, kSize, 1, 256}};

  explicit CopyRig(HostileDevice12& device)
      : d(device),
        texture(createCommitted(d.device, D3D12_HEAP_TYPE_DEFAULT,
                                texture2DDesc(kSize, kSize, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE),
                                D3D12_RESOURCE_STATE_COPY_DEST)),
        upload(createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, 256 * kSize)),
        readback(createBuffer(d.device, D3D12_HEAP_TYPE_READBACK, 256 * kSize)) {
    std::vector<uint32_t> texels(64 * kSize);
    for (UINT i = 0; i < texels.size(); ++i) texels[i] = i * 0x01010101u + 0x04030201u;
    writeUpload(upload, 0, texels.data(), texels.size() * 4);
  }
  ~CopyRig() {
    readback->Release();
    upload->Release();
    texture->Release();
  }
  // One copy recorded alone: what Close returns.
  HRESULT closeAfter(UINT x, UINT y, UINT z, bool intoTexture, const D3D12_BOX* box = nullptr) {
    ID3D12GraphicsCommandList* list = d.list();
    D3D12_TEXTURE_COPY_LOCATION tex = subresourceLocation(texture, 0);
    D3D12_TEXTURE_COPY_LOCATION fromUpload = footprintLocation(upload, footprint);
    D3D12_TEXTURE_COPY_LOCATION intoReadback = footprintLocation(readback, footprint);
    if (intoTexture) list->CopyTextureRegion(&tex, x, y, z, &fromUpload, box);
    else list->CopyTextureRegion(&intoReadback, x, y, z, &tex, box);
    const HRESULT hr = list->Close();
    list->Release();
    REQUIRE(d.allocator->Reset() == S_OK);
    return hr;
  }
};

}  // namespace

TEST_CASE("hostile CopyTextureRegion: destination coordinates that would wrap the bounds check are refused in both "
          "directions, and copies still work afterwards",
          "[hostile][d3d12][copy]") {
  HostileDevice12 d;
  CopyRig rig(d);
  const int outOfBounds = D3D12_MESSAGE_ID_COPYTEXTUREREGION_DSTREGIONOUTOFBOUNDS;
  for (bool intoTexture : {true, false}) {
    INFO((intoTexture ? "footprint -> texture" : "texture -> footprint"));
    CHECK(rig.closeAfter(0xFFFFFFF0u, 0, 0, intoTexture) == E_INVALIDARG);
    CHECK(d.reported(outOfBounds, "(4294967280, 0, 0)"));
    CHECK(rig.closeAfter(0, 0xFFFFFFF0u, 0, intoTexture) == E_INVALIDARG);
    CHECK(d.reported(outOfBounds));
    CHECK(rig.closeAfter(0, 0, 0xFFFFFFFFu, intoTexture) == E_INVALIDARG);
    CHECK(d.reported(outOfBounds));
    // One texel at the last coordinate a 32-bit sum would wrap from.
    const D3D12_BOX one{0, 0, 0, 1, 1, 1};
    CHECK(rig.closeAfter(0xFFFFFFFFu, 0, 0, intoTexture, &one) == E_INVALIDARG);
    CHECK(d.reported(outOfBounds));
    // In bounds at the far corner: fine.
    CHECK(rig.closeAfter(kSize - 1, kSize - 1, 0, intoTexture, &one) == S_OK);
  }
  // A source box whose right edge wraps past the source: left > right, an empty
  // box, which D3D12 copies nothing for (the list still closes, with the message).
  const D3D12_BOX wrapping{0xFFFFFFF0u, 0, 0, 0x10, 1, 1};
  CHECK(rig.closeAfter(0, 0, 0, true, &wrapping) == S_OK);
  CHECK(d.reported(D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX, "pSrcBox is empty; nothing is copied"));
  // A box far outside the source copies nothing either.
  const D3D12_BOX outside{0xFFFFFFF0u, 0, 0, 0xFFFFFFF8u, 1, 1};
  CHECK(rig.closeAfter(0, 0, 0, true, &outside) == S_OK);
  CHECK(d.reported(D3D12_MESSAGE_ID_COPYTEXTUREREGION_INVALIDSRCBOX, "lies outside the source"));

  // The device still copies: upload -> texture -> readback gives the texels back.
  ID3D12GraphicsCommandList* list = d.list();
  D3D12_TEXTURE_COPY_LOCATION tex = subresourceLocation(rig.texture, 0);
  D3D12_TEXTURE_COPY_LOCATION fromUpload = footprintLocation(rig.upload, rig.footprint);
  D3D12_TEXTURE_COPY_LOCATION intoReadback = footprintLocation(rig.readback, rig.footprint);
  list->CopyTextureRegion(&tex, 0, 0, 0, &fromUpload, nullptr);
  list->CopyTextureRegion(&intoReadback, 0, 0, 0, &tex, nullptr);
  REQUIRE(list->Close() == S_OK);
  d.executeAndWait(list);
  list->Release();
  const std::vector<unsigned char> bytes = readBuffer(rig.readback, 256 * kSize);
  for (UINT y = 0; y < kSize; ++y)
    for (UINT x = 0; x < kSize; ++x) {
      uint32_t texel = 0;
      std::memcpy(&texel, &bytes[y * 256 + x * 4], 4);
      CHECK(texel == (y * 64 + x) * 0x01010101u + 0x04030201u);
    }
}

TEST_CASE("hostile 64-bit offsets: ResolveQueryData at UINT64_MAX - 7 and a placed footprint at UINT64_MAX - 511 are "
          "refused without wrapping",
          "[hostile][d3d12][copy][query]") {
  HostileDevice12 d;
  CopyRig rig(d);
  D3D12_QUERY_HEAP_DESC qd{D3D12_QUERY_HEAP_TYPE_TIMESTAMP, 4, 0};
  ID3D12QueryHeap* heap = nullptr;
  REQUIRE(d.device->CreateQueryHeap(&qd, __uuidof(ID3D12QueryHeap), reinterpret_cast<void**>(&heap)) == S_OK);

  ID3D12GraphicsCommandList* list = d.list();
  list->EndQuery(heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
  list->ResolveQueryData(heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, rig.readback, UINT64_MAX - 7);
  CHECK(list->Close() == E_INVALIDARG);
  CHECK(d.reported(D3D12_MESSAGE_ID_RESOLVE_QUERY_DATA_INVALID_PARAMETERS, "past pDestinationBuffer"));
  list->Release();
  REQUIRE(d.allocator->Reset() == S_OK);

  for (bool intoTexture : {true, false}) {
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT far = rig.footprint;
    far.Offset = UINT64_MAX - 511;  // a multiple of 512
    list = d.list();
    D3D12_TEXTURE_COPY_LOCATION tex = subresourceLocation(rig.texture, 0);
    D3D12_TEXTURE_COPY_LOCATION buffer = footprintLocation(intoTexture ? rig.upload : rig.readback, far);
    if (intoTexture) list->CopyTextureRegion(&tex, 0, 0, 0, &buffer, nullptr);
    else list->CopyTextureRegion(&buffer, 0, 0, 0, &tex, nullptr);
    CHECK(list->Close() == E_INVALIDARG);
    CHECK(d.reported(D3D12_MESSAGE_ID_UNKNOWN, "the footprint ends past the buffer"));
    list->Release();
    REQUIRE(d.allocator->Reset() == S_OK);
  }
  // CopyBufferRegion with offsets whose sum wraps.
  list = d.list();
  list->CopyBufferRegion(rig.readback, UINT64_MAX - 7, rig.upload, 0, 16);
  CHECK(list->Close() == E_INVALIDARG);
  CHECK(d.reported(D3D12_MESSAGE_ID_COPYBUFFERREGION_DSTRANGEOUTOFBOUNDS));
  list->Release();
  REQUIRE(d.allocator->Reset() == S_OK);

  // A resolve at the buffer's last 8 bytes still works.
  list = d.list();
  list->EndQuery(heap, D3D12_QUERY_TYPE_TIMESTAMP, 0);
  list->ResolveQueryData(heap, D3D12_QUERY_TYPE_TIMESTAMP, 0, 1, rig.readback, 256 * kSize - 8);
  REQUIRE(list->Close() == S_OK);
  d.executeAndWait(list);
  list->Release();
  heap->Release();
}
