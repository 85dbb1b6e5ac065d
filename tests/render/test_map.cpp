// tests/render: Map/Unmap — staging READ/WRITE/READ_WRITE, DYNAMIC
// WRITE_DISCARD (the GPU keeps what it was given, the CPU gets fresh memory)
// and WRITE_NO_OVERWRITE, and D3D11_MAP_FLAG_DO_NOT_WAIT on a busy resource
// returning DXGI_ERROR_WAS_STILL_DRAWING; DDI traffic of the map entry points.
#include "ddi_trace_log.h"
#include "render_test_util.h"

#include <chrono>
#include <thread>

using namespace d3dvk::test;

namespace {

std::vector<uint8_t> mapRead(RenderDevice& d, ID3D11Resource* staging, size_t size) {
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging, 0, D3D11_MAP_READ, 0, &m) == S_OK);
  std::vector<uint8_t> out(static_cast<uint8_t*>(m.pData), static_cast<uint8_t*>(m.pData) + size);
  d.context->Unmap(staging, 0);
  return out;
}

Com<ID3D11Buffer> stagingBuffer(RenderDevice& d, UINT size) {
  D3D11_BUFFER_DESC desc{size, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
  Com<ID3D11Buffer> b;
  REQUIRE(d->CreateBuffer(&desc, nullptr, b.out()) == S_OK);
  return b;
}

}  // namespace

TEST_CASE("DYNAMIC WRITE_DISCARD: copies recorded before a discard see the old contents", "[render][map]") {
  RenderDevice d;
  D3D11_BUFFER_DESC desc{64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  Com<ID3D11Buffer> dynamic;
  REQUIRE(d->CreateBuffer(&desc, nullptr, dynamic.out()) == S_OK);
  Com<ID3D11Buffer> first = stagingBuffer(d, 64), second = stagingBuffer(d, 64), third = stagingBuffer(d, 64);

  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
  CHECK(m.RowPitch == 64);
  std::memset(m.pData, 0xA1, 64);
  d.context->Unmap(dynamic.get(), 0);
  d.context->CopyResource(first.get(), dynamic.get());  // recorded, not yet executed

  REQUIRE(d.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
  std::memset(m.pData, 0xB2, 64);
  d.context->Unmap(dynamic.get(), 0);
  d.context->CopyResource(second.get(), dynamic.get());

  // NO_OVERWRITE writes into the same memory without waiting: bytes the GPU
  // does not read may change under it, the others stay as the GPU saw them.
  REQUIRE(d.context->Map(dynamic.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m) == S_OK);
  static_cast<uint8_t*>(m.pData)[63] = 0xC3;
  d.context->Unmap(dynamic.get(), 0);
  d.context->CopyResource(third.get(), dynamic.get());

  std::vector<uint8_t> a = mapRead(d, first.get(), 64), b = mapRead(d, second.get(), 64), c = mapRead(d, third.get(), 64);
  for (int i = 0; i < 64; ++i) {
    CHECK(a[i] == 0xA1);
    CHECK(c[i] == (i == 63 ? 0xC3 : 0xB2));
  }
  for (int i = 0; i < 63; ++i) CHECK(b[i] == 0xB2);
}

TEST_CASE("DYNAMIC texture WRITE_DISCARD uploads at Unmap, readback sees each generation", "[render][map]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(3, 2, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE,
                                            D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&desc, nullptr, texture.out()) == S_OK);
  for (uint32_t generation : {0x01020304u, 0x0A0B0C0Du}) {
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(d.context->Map(texture.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
    REQUIRE(m.RowPitch >= 12);
    for (UINT y = 0; y < 2; ++y)
      for (UINT x = 0; x < 3; ++x) {
        uint32_t v = generation + y * 3 + x;
        std::memcpy(static_cast<uint8_t*>(m.pData) + y * m.RowPitch + x * 4, &v, 4);
      }
    d.context->Unmap(texture.get(), 0);
    std::vector<uint8_t> px = readback(d, texture.get());
    for (UINT i = 0; i < 6; ++i) CHECK(texelAt<uint32_t>(px, i) == generation + i);
  }
}

TEST_CASE("STAGING WRITE then copy to a GPU texture, READ_WRITE keeps the contents", "[render][map]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC sd = texture2DDesc(4, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, D3D11_USAGE_STAGING,
                                          D3D11_CPU_ACCESS_READ | D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Texture2D> staging;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, staging.out()) == S_OK);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_WRITE, 0, &m) == S_OK);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 16; ++x) {
      float v = float(y * 16 + x) * 0.5f;
      std::memcpy(static_cast<uint8_t*>(m.pData) + y * m.RowPitch + x * 4, &v, 4);
    }
  d.context->Unmap(staging.get(), 0);
  D3D11_TEXTURE2D_DESC gd = texture2DDesc(4, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> gpu;
  REQUIRE(d->CreateTexture2D(&gd, nullptr, gpu.out()) == S_OK);
  d.context->CopyResource(gpu.get(), staging.get());
  std::vector<uint8_t> px = readback(d, gpu.get());
  for (UINT i = 0; i < 64; ++i) CHECK(texelAt<float>(px, i) == float(i) * 0.5f);

  REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ_WRITE, 0, &m) == S_OK);
  float first;
  std::memcpy(&first, m.pData, 4);
  CHECK(first == 0.0f);
  d.context->Unmap(staging.get(), 0);
}

TEST_CASE("Map with DO_NOT_WAIT on a staging resource the GPU is still writing returns WAS_STILL_DRAWING",
          "[render][map]") {
  RenderDevice d;
  // Enough copy work that the GPU (lavapipe) is certainly busy when Map asks.
  D3D11_TEXTURE2D_DESC big = texture2DDesc(2048, 2048, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D11_BIND_RENDER_TARGET);
  Com<ID3D11Texture2D> a, b;
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateTexture2D(&big, nullptr, a.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&big, nullptr, b.out()) == S_OK);
  REQUIRE(d->CreateRenderTargetView(a.get(), nullptr, rtv.out()) == S_OK);
  D3D11_TEXTURE2D_DESC sd = texture2DDesc(2048, 2048, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, D3D11_USAGE_STAGING,
                                          D3D11_CPU_ACCESS_READ);
  Com<ID3D11Texture2D> staging;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, staging.out()) == S_OK);
  const float color[4] = {0.5f, 1.0f, 2.0f, 4.0f};
  d.context->ClearRenderTargetView(rtv.get(), color);
  for (int i = 0; i < 8; ++i) {
    d.context->CopyResource(b.get(), a.get());
    d.context->CopyResource(a.get(), b.get());
  }
  d.context->CopyResource(staging.get(), a.get());

  D3D11_MAPPED_SUBRESOURCE m{};
  CHECK(d.context->Map(staging.get(), 0, D3D11_MAP_READ, D3D11_MAP_FLAG_DO_NOT_WAIT, &m) ==
        DXGI_ERROR_WAS_STILL_DRAWING);
  CHECK(m.pData == nullptr);
  // Not mapped after the failure: Unmap is an error the runtime drops, and a waiting Map works.
  HRESULT hr = DXGI_ERROR_WAS_STILL_DRAWING;
  for (int tries = 0; tries < 2000 && hr == DXGI_ERROR_WAS_STILL_DRAWING; ++tries) {
    hr = d.context->Map(staging.get(), 0, D3D11_MAP_READ, D3D11_MAP_FLAG_DO_NOT_WAIT, &m);
    if (hr == DXGI_ERROR_WAS_STILL_DRAWING) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  REQUIRE(hr == S_OK);
  const float* texel = static_cast<const float*>(m.pData);
  CHECK(texel[0] == 0.5f);
  CHECK(texel[3] == 4.0f);
  const float* last = reinterpret_cast<const float*>(static_cast<uint8_t*>(m.pData) + 2047 * m.RowPitch) + 2047 * 4;
  CHECK(last[2] == 2.0f);
  d.context->Unmap(staging.get(), 0);
}

TEST_CASE("DDI traffic: each usage maps through its own entry point", "[render][map][ddi]") {
  DdiTraceLog trace;
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  {
    RenderDevice d;
    D3D11_BUFFER_DESC vb{64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
    D3D11_BUFFER_DESC cb{64, D3D11_USAGE_DYNAMIC, D3D11_BIND_CONSTANT_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
    D3D11_BUFFER_DESC st{64, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
    Com<ID3D11Buffer> v, c, s;
    REQUIRE(d->CreateBuffer(&vb, nullptr, v.out()) == S_OK);
    REQUIRE(d->CreateBuffer(&cb, nullptr, c.out()) == S_OK);
    REQUIRE(d->CreateBuffer(&st, nullptr, s.out()) == S_OK);
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(d.context->Map(v.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
    d.context->Unmap(v.get(), 0);
    REQUIRE(d.context->Map(v.get(), 0, D3D11_MAP_WRITE_NO_OVERWRITE, 0, &m) == S_OK);
    d.context->Unmap(v.get(), 0);
    REQUIRE(d.context->Map(c.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
    d.context->Unmap(c.get(), 0);
    REQUIRE(d.context->Map(s.get(), 0, D3D11_MAP_READ, D3D11_MAP_FLAG_DO_NOT_WAIT, &m) == S_OK);
    d.context->Unmap(s.get(), 0);
    d.context->Flush();
  }
  std::vector<std::string> lines = trace.lines();
  auto count = [&](const std::string& prefix) {
    return std::count_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.rfind(prefix, 0) == 0; });
  };
  CHECK(count("DynamicIABufferMapDiscard(") == 1);
  CHECK(count("DynamicIABufferMapNoOverwrite(") == 1);
  CHECK(count("DynamicIABufferUnmap(") == 2);
  CHECK(count("DynamicConstantBufferMapDiscard(") == 1);
  CHECK(count("DynamicConstantBufferUnmap(") == 1);
  CHECK(count("StagingResourceMap(") == 1);
  CHECK(count("StagingResourceUnmap(") == 1);
  CHECK(count("Flush(") == 1);
  auto staging = trace.calls("StagingResourceMap");
  REQUIRE(staging.size() == 1);
  CHECK(staging[0].find("MapType=READ, Flags=0x100000) -> {pData=set, RowPitch=64, DepthPitch=64}") != std::string::npos);
}

TEST_CASE("DYNAMIC texture WRITE_DISCARD while the GPU still reads the previous contents", "[render][map]") {
  RenderDevice d;
  D3D11_TEXTURE2D_DESC desc = texture2DDesc(2, 2, DXGI_FORMAT_R32_UINT, D3D11_BIND_SHADER_RESOURCE,
                                            D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE);
  Com<ID3D11Texture2D> texture;
  REQUIRE(d->CreateTexture2D(&desc, nullptr, texture.out()) == S_OK);
  D3D11_TEXTURE2D_DESC sd = texture2DDesc(2, 2, DXGI_FORMAT_R32_UINT, 0, D3D11_USAGE_STAGING, D3D11_CPU_ACCESS_READ);
  Com<ID3D11Texture2D> first, second;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, first.out()) == S_OK);
  REQUIRE(d->CreateTexture2D(&sd, nullptr, second.out()) == S_OK);
  auto fill = [&](uint32_t value) {
    D3D11_MAPPED_SUBRESOURCE m{};
    REQUIRE(d.context->Map(texture.get(), 0, D3D11_MAP_WRITE_DISCARD, 0, &m) == S_OK);
    for (UINT y = 0; y < 2; ++y)
      for (UINT x = 0; x < 2; ++x) std::memcpy(static_cast<uint8_t*>(m.pData) + y * m.RowPitch + x * 4, &value, 4);
    d.context->Unmap(texture.get(), 0);
  };
  fill(111);
  d.context->CopyResource(first.get(), texture.get());  // not executed yet
  fill(222);                                             // discard while busy
  d.context->CopyResource(second.get(), texture.get());
  D3D11_MAPPED_SUBRESOURCE m{};
  for (auto [staging, value] : {std::pair{first.get(), 111u}, std::pair{second.get(), 222u}}) {
    REQUIRE(d.context->Map(staging, 0, D3D11_MAP_READ, 0, &m) == S_OK);
    for (UINT y = 0; y < 2; ++y)
      for (UINT x = 0; x < 2; ++x) {
        uint32_t v;
        std::memcpy(&v, static_cast<uint8_t*>(m.pData) + y * m.RowPitch + x * 4, 4);
        CHECK(v == value);
      }
    d.context->Unmap(staging, 0);
  }
}
