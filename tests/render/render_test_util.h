// tests/render/render_test_util.h — devices, textures and readback for the
// render tests, plus the D3D conversion rules the expected values are computed
// with (written here from the D3D11 functional spec, independent of d3dvk).
#pragma once

#include <d3d11_3.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace d3dvk::test {

// Turns on synchronization validation for devices created in this scope when
// the test runs under the validation layer (ctest sets D3DVK_VALIDATION=1).
class SyncValidation {
 public:
  SyncValidation() {
    const char* v = std::getenv("D3DVK_VALIDATION");
    if (v && std::string(v) == "1") {
      setenv("D3DVK_VALIDATION", "sync", 1);
      changed_ = true;
    }
  }
  ~SyncValidation() {
    if (changed_) setenv("D3DVK_VALIDATION", "1", 1);
  }

 private:
  bool changed_ = false;
};

template <typename T>
struct Com {
  T* p = nullptr;
  Com() = default;
  explicit Com(T* raw) : p(raw) {}
  Com(const Com&) = delete;
  Com& operator=(const Com&) = delete;
  Com(Com&& other) noexcept : p(other.p) { other.p = nullptr; }
  Com& operator=(Com&& other) noexcept {
    if (this != &other) {
      reset();
      p = other.p;
      other.p = nullptr;
    }
    return *this;
  }
  ~Com() { reset(); }
  void reset() {
    if (p) p->Release();
    p = nullptr;
  }
  T** out() {
    reset();
    return &p;
  }
  T* operator->() const { return p; }
  T* get() const { return p; }
  explicit operator bool() const { return p != nullptr; }
};

struct RenderDevice {
  SyncValidation sync;
  Com<ID3D11Device> device;
  Com<ID3D11DeviceContext> context;
  explicit RenderDevice(UINT flags = 0, D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1) {
    REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, flags, &level, 1, D3D11_SDK_VERSION,
                              device.out(), nullptr, context.out()) == S_OK);
  }
  ID3D11Device* operator->() const { return device.get(); }
};

inline D3D11_TEXTURE2D_DESC texture2DDesc(UINT width, UINT height, DXGI_FORMAT format, UINT bind,
                                          D3D11_USAGE usage = D3D11_USAGE_DEFAULT, UINT cpu = 0, UINT samples = 1) {
  D3D11_TEXTURE2D_DESC d{};
  d.Width = width;
  d.Height = height;
  d.MipLevels = 1;
  d.ArraySize = 1;
  d.Format = format;
  d.SampleDesc = {samples, 0};
  d.Usage = usage;
  d.BindFlags = bind;
  d.CPUAccessFlags = cpu;
  return d;
}

inline UINT bytesPerTexel(DXGI_FORMAT f) {
  switch (f) {
    case DXGI_FORMAT_R32G32B32A32_TYPELESS:
    case DXGI_FORMAT_R32G32B32A32_FLOAT:
    case DXGI_FORMAT_R32G32B32A32_UINT: return 16;
    case DXGI_FORMAT_R16G16B16A16_FLOAT:
    case DXGI_FORMAT_R32G32_UINT:
    case DXGI_FORMAT_R32G32_FLOAT:
    case DXGI_FORMAT_R32G8X24_TYPELESS:
    case DXGI_FORMAT_D32_FLOAT_S8X24_UINT: return 8;
    case DXGI_FORMAT_R16_TYPELESS:
    case DXGI_FORMAT_R16_UNORM:
    case DXGI_FORMAT_R16_UINT:
    case DXGI_FORMAT_R16_FLOAT:
    case DXGI_FORMAT_D16_UNORM: return 2;
    default: return 4;
  }
}

// Reads a whole buffer back through a STAGING copy (checking Map reports the
// buffer's size as its row pitch).
inline std::vector<uint8_t> readback(RenderDevice& d, ID3D11Buffer* buffer) {
  D3D11_BUFFER_DESC desc;
  buffer->GetDesc(&desc);
  D3D11_BUFFER_DESC sd{desc.ByteWidth, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
  Com<ID3D11Buffer> staging;
  REQUIRE(d->CreateBuffer(&sd, nullptr, staging.out()) == S_OK);
  d.context->CopyResource(staging.get(), buffer);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), 0, D3D11_MAP_READ, 0, &m) == S_OK);
  CHECK(m.RowPitch == desc.ByteWidth);
  std::vector<uint8_t> out(static_cast<uint8_t*>(m.pData), static_cast<uint8_t*>(m.pData) + desc.ByteWidth);
  d.context->Unmap(staging.get(), 0);
  return out;
}

// Reads subresource `sub` of a texture back through a STAGING copy, rows packed.
inline std::vector<uint8_t> readback(RenderDevice& d, ID3D11Texture2D* texture, UINT sub = 0) {
  D3D11_TEXTURE2D_DESC desc;
  texture->GetDesc(&desc);
  const UINT mip = sub % desc.MipLevels;
  const UINT w = std::max(1u, desc.Width >> mip), h = std::max(1u, desc.Height >> mip);
  D3D11_TEXTURE2D_DESC sd = desc;
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  sd.MiscFlags = 0;
  Com<ID3D11Texture2D> staging;
  REQUIRE(d->CreateTexture2D(&sd, nullptr, staging.out()) == S_OK);
  d.context->CopySubresourceRegion(staging.get(), sub, 0, 0, 0, texture, sub, nullptr);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), sub, D3D11_MAP_READ, 0, &m) == S_OK);
  const UINT row = w * bytesPerTexel(desc.Format);
  REQUIRE(m.RowPitch >= row);
  std::vector<uint8_t> out(size_t(row) * h);
  for (UINT y = 0; y < h; ++y) std::memcpy(out.data() + size_t(y) * row, static_cast<uint8_t*>(m.pData) + size_t(y) * m.RowPitch, row);
  d.context->Unmap(staging.get(), sub);
  return out;
}

// Reads mip `mip` of a Texture3D back through a STAGING copy, rows and slices packed
// (checking the mapped pitches hold a row and a slice).
inline std::vector<uint8_t> readback(RenderDevice& d, ID3D11Texture3D* texture, UINT mip = 0) {
  D3D11_TEXTURE3D_DESC desc;
  texture->GetDesc(&desc);
  const UINT w = std::max(1u, desc.Width >> mip), h = std::max(1u, desc.Height >> mip),
             depth = std::max(1u, desc.Depth >> mip);
  D3D11_TEXTURE3D_DESC sd = desc;
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  sd.MiscFlags = 0;
  Com<ID3D11Texture3D> staging;
  REQUIRE(d->CreateTexture3D(&sd, nullptr, staging.out()) == S_OK);
  d.context->CopySubresourceRegion(staging.get(), mip, 0, 0, 0, texture, mip, nullptr);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), mip, D3D11_MAP_READ, 0, &m) == S_OK);
  const UINT row = w * bytesPerTexel(desc.Format);
  REQUIRE(m.RowPitch >= row);
  REQUIRE(m.DepthPitch >= m.RowPitch * h);
  std::vector<uint8_t> out(size_t(row) * h * depth);
  for (UINT z = 0; z < depth; ++z)
    for (UINT y = 0; y < h; ++y)
      std::memcpy(out.data() + (size_t(z) * h + y) * row,
                  static_cast<uint8_t*>(m.pData) + size_t(z) * m.DepthPitch + size_t(y) * m.RowPitch, row);
  d.context->Unmap(staging.get(), mip);
  return out;
}

template <typename T>
T texelAt(const std::vector<uint8_t>& data, size_t index) {
  T v;
  std::memcpy(&v, data.data() + index * sizeof(T), sizeof(T));
  return v;
}

// D3D11 FLOAT → UNORM (functional spec 3.2.3.6): NaN → 0, clamp to [0, 1], then
// scale by 2^n − 1 and round to nearest.
inline uint32_t floatToUnorm(float f, int bits) {
  if (std::isnan(f)) return 0;
  double c = f < 0.0f ? 0.0 : (f > 1.0f ? 1.0 : double(f));
  return uint32_t(std::floor(c * double((1u << bits) - 1) + 0.5));
}

// IEEE 754 binary32 → binary16 for values exactly representable in binary16.
inline uint16_t exactHalf(float f) {
  if (f == 0.0f) return std::signbit(f) ? 0x8000 : 0;
  uint16_t sign = std::signbit(f) ? 0x8000 : 0;
  float a = std::fabs(f);
  int e;
  float m = std::frexp(a, &e);  // a = m · 2^e, m in [0.5, 1)
  int exponent = e - 1 + 15;
  REQUIRE(exponent > 0);
  REQUIRE(exponent < 31);
  float mantissa = (m * 2.0f - 1.0f) * 1024.0f;
  REQUIRE(mantissa == std::floor(mantissa));
  return uint16_t(sign | (exponent << 10) | uint16_t(mantissa));
}

inline float floatBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

}  // namespace d3dvk::test
