// tests/resources/resource_test_util.h — what the resource tests share:
// readback of any subresource of a Texture1D, and float texels read back as
// floats.
#pragma once

#include "compute_test_util.h"

#include <cstring>
#include <vector>

namespace d3dvk::test {

// Subresource `sub` of a Texture1D(Array) back through a STAGING copy.
inline std::vector<uint8_t> readback(RenderDevice& d, ID3D11Texture1D* texture, UINT sub) {
  D3D11_TEXTURE1D_DESC desc;
  texture->GetDesc(&desc);
  const UINT w = std::max(1u, desc.Width >> (sub % desc.MipLevels));
  D3D11_TEXTURE1D_DESC sd = desc;
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  sd.MiscFlags = 0;
  Com<ID3D11Texture1D> staging;
  REQUIRE(d->CreateTexture1D(&sd, nullptr, staging.out()) == S_OK);
  d.context->CopySubresourceRegion(staging.get(), sub, 0, 0, 0, texture, sub, nullptr);
  D3D11_MAPPED_SUBRESOURCE m{};
  REQUIRE(d.context->Map(staging.get(), sub, D3D11_MAP_READ, 0, &m) == S_OK);
  const UINT row = w * bytesPerTexel(desc.Format);
  std::vector<uint8_t> out(static_cast<uint8_t*>(m.pData), static_cast<uint8_t*>(m.pData) + row);
  d.context->Unmap(staging.get(), sub);
  return out;
}

template <typename T>
std::vector<T> as(const std::vector<uint8_t>& bytes) {
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
  return out;
}

}  // namespace d3dvk::test
