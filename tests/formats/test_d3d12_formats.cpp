// tests/formats: D3D12 resources of the shared format table on lavapipe:
// BC1 / BC7 textures of three mips (the last 2x2, one block) filled from an
// upload buffer through GetCopyableFootprints and CopyTextureRegion and copied
// back to a readback buffer, every block byte-exact (footprints count blocks,
// boxes and mips count texels); A8_UNORM, R11G11B10_FLOAT, R9G9B9E5,
// B8G8R8X8, B5G6R5 and D16_UNORM textures are created; a BC texture whose
// top mip is not whole blocks is refused.
#include "d3d12_test_util.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace d3dvk::test;

namespace {

void roundTrip(ID3D12Device* device, DXGI_FORMAT format, uint32_t seed) {
  INFO("DXGI_FORMAT " << int(format));
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 fenceValue = 0;

  const D3D12_RESOURCE_DESC desc = texture2DDesc(8, 8, format, D3D12_RESOURCE_FLAG_NONE, 3);
  ID3D12Resource* texture = createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, desc, D3D12_RESOURCE_STATE_COPY_DEST);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT layouts[3];
  UINT rows[3];
  UINT64 rowBytes[3], total = 0;
  device->GetCopyableFootprints(&desc, 0, 3, 0, layouts, rows, rowBytes, &total);
  // Rows of blocks: 2, 1, 1; a row of an 8-wide mip is two blocks.
  CHECK(rows[0] == 2);
  CHECK(rows[2] == 1);
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, total);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, total);
  std::vector<unsigned char> bytes(total, 0);
  uint32_t state = seed;
  for (UINT m = 0; m < 3; ++m)
    for (UINT r = 0; r < rows[m]; ++r)
      for (UINT64 b = 0; b < rowBytes[m]; ++b) {
        state = state * 1664525u + 1013904223u;
        bytes[layouts[m].Offset + UINT64(r) * layouts[m].Footprint.RowPitch + b] = (unsigned char)(state >> 24);
      }
  void* mapped = nullptr;
  REQUIRE(upload->Map(0, nullptr, &mapped) == S_OK);
  std::memcpy(mapped, bytes.data(), total);
  upload->Unmap(0, nullptr);
  for (UINT m = 0; m < 3; ++m) {
    const D3D12_TEXTURE_COPY_LOCATION dst = subresourceLocation(texture, m), src = footprintLocation(upload, layouts[m]);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  }
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barrier.Transition = {texture, D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES, D3D12_RESOURCE_STATE_COPY_DEST,
                        D3D12_RESOURCE_STATE_COPY_SOURCE};
  list->ResourceBarrier(1, &barrier);
  for (UINT m = 0; m < 3; ++m) {
    const D3D12_TEXTURE_COPY_LOCATION dst = footprintLocation(readback, layouts[m]), src = subresourceLocation(texture, m);
    list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  }
  REQUIRE(list->Close() == S_OK);
  executeAndWait(queue, {list}, fence, &fenceValue);
  const std::vector<unsigned char> back = readBuffer(readback, size_t(total));
  for (UINT m = 0; m < 3; ++m)
    for (UINT r = 0; r < rows[m]; ++r) {
      INFO("mip " << m << " row " << r);
      const UINT64 at = layouts[m].Offset + UINT64(r) * layouts[m].Footprint.RowPitch;
      CHECK(std::memcmp(back.data() + at, bytes.data() + at, size_t(rowBytes[m])) == 0);
    }
  for (IUnknown* o : std::initializer_list<IUnknown*>{readback, upload, texture, fence, list, allocator, queue}) o->Release();
}

}  // namespace

TEST_CASE("D3D12 BC textures fill and read back through footprints, block for block on every mip",
          "[formats][d3d12]") {
  ID3D12Device* device = createDevice12();
  roundTrip(device, DXGI_FORMAT_BC1_UNORM, 5);
  roundTrip(device, DXGI_FORMAT_BC7_UNORM_SRGB, 6);
  roundTrip(device, DXGI_FORMAT_BC4_SNORM, 7);
  device->Release();
}

TEST_CASE("D3D12 takes the table's packed and emulated formats and refuses unaligned BC textures",
          "[formats][d3d12]") {
  ID3D12Device* device = createDevice12();
  for (DXGI_FORMAT f : {DXGI_FORMAT_A8_UNORM, DXGI_FORMAT_R11G11B10_FLOAT, DXGI_FORMAT_R9G9B9E5_SHAREDEXP,
                        DXGI_FORMAT_B8G8R8X8_UNORM, DXGI_FORMAT_B5G6R5_UNORM, DXGI_FORMAT_BC6H_UF16}) {
    INFO("DXGI_FORMAT " << int(f));
    createCommitted(device, D3D12_HEAP_TYPE_DEFAULT, texture2DDesc(8, 8, f, D3D12_RESOURCE_FLAG_NONE),
                    D3D12_RESOURCE_STATE_COMMON)
        ->Release();
  }
  createCommitted(device, D3D12_HEAP_TYPE_DEFAULT,
                  texture2DDesc(8, 8, DXGI_FORMAT_D16_UNORM, D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL),
                  D3D12_RESOURCE_STATE_DEPTH_WRITE)
      ->Release();
  D3D12_HEAP_PROPERTIES props{};
  props.Type = D3D12_HEAP_TYPE_DEFAULT;
  const D3D12_RESOURCE_DESC unaligned = texture2DDesc(6, 8, DXGI_FORMAT_BC3_UNORM, D3D12_RESOURCE_FLAG_NONE);
  void* resource = nullptr;
  CHECK(device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &unaligned, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                        __uuidof(ID3D12Resource), &resource) == E_INVALIDARG);
  CHECK(resource == nullptr);
  device->Release();
}

TEST_CASE("D3D12 on a device that emulates BC neither claims nor creates BC textures (D3D12 does not emulate yet)",
          "[formats][d3d12][emulation]") {
  // D3DVK_EMULATE_FORMATS=bc: the device behaves as one without textureCompressionBC.
  const char* before = std::getenv("D3DVK_EMULATE_FORMATS");
  const std::string saved = before ? before : "";
  setenv("D3DVK_EMULATE_FORMATS", "bc", 1);
  ID3D12Device* device = createDevice12();
  if (before) setenv("D3DVK_EMULATE_FORMATS", saved.c_str(), 1);
  else unsetenv("D3DVK_EMULATE_FORMATS");
  D3D12_FEATURE_DATA_FORMAT_SUPPORT fs{DXGI_FORMAT_BC7_UNORM, D3D12_FORMAT_SUPPORT1_NONE, D3D12_FORMAT_SUPPORT2_NONE};
  device->CheckFeatureSupport(D3D12_FEATURE_FORMAT_SUPPORT, &fs, sizeof fs);
  CHECK(!(fs.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D));
  D3D12_HEAP_PROPERTIES props{};
  props.Type = D3D12_HEAP_TYPE_DEFAULT;
  const D3D12_RESOURCE_DESC desc = texture2DDesc(8, 8, DXGI_FORMAT_BC7_UNORM, D3D12_RESOURCE_FLAG_NONE);
  void* resource = nullptr;
  CHECK(device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                        __uuidof(ID3D12Resource), &resource) == E_INVALIDARG);
  CHECK(resource == nullptr);
  device->Release();
}
