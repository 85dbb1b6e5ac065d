// tests/compute/compute_test_util.h — what the compute tests share: buffers
// with their raw / structured / typed views made through the public API, a
// staging readback of a buffer, compute shaders from fxc listings, and the
// expectations written independently of d3dvk.
#pragma once

#include "checked_device.h"
#include "dxbc/listing.h"

#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace d3dvk::test {

inline std::vector<uint8_t> assembledListing(const char* listing) { return dxbc::assemble(listing).container; }

// A DEFAULT buffer with initial data (uints), bind flags and misc flags (stride for structured ones).
inline Com<ID3D11Buffer> makeDataBuffer(RenderDevice& d, const std::vector<uint32_t>& data, UINT bind, UINT misc = 0,
                                        UINT stride = 0) {
  D3D11_BUFFER_DESC desc{UINT(data.size() * 4), D3D11_USAGE_DEFAULT, bind, 0, misc, stride};
  D3D11_SUBRESOURCE_DATA init{data.data(), 0, 0};
  Com<ID3D11Buffer> b;
  REQUIRE(d->CreateBuffer(&desc, &init, b.out()) == S_OK);
  return b;
}

// The whole buffer back through a STAGING copy (render_test_util.h's readback), as uints.
inline std::vector<uint32_t> readBuffer(RenderDevice& d, ID3D11Buffer* buffer) {
  const std::vector<uint8_t> bytes = readback(d, buffer);
  std::vector<uint32_t> out(bytes.size() / 4);
  std::memcpy(out.data(), bytes.data(), out.size() * 4);
  return out;
}

inline Com<ID3D11UnorderedAccessView> rawUav(RenderDevice& d, ID3D11Buffer* b, UINT dwords) {
  D3D11_UNORDERED_ACCESS_VIEW_DESC u{};
  u.Format = DXGI_FORMAT_R32_TYPELESS;
  u.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  u.Buffer = {0, dwords, D3D11_BUFFER_UAV_FLAG_RAW};
  Com<ID3D11UnorderedAccessView> v;
  REQUIRE(d->CreateUnorderedAccessView(b, &u, v.out()) == S_OK);
  return v;
}

inline Com<ID3D11UnorderedAccessView> structuredUav(RenderDevice& d, ID3D11Buffer* b, UINT elements, UINT flags = 0) {
  D3D11_UNORDERED_ACCESS_VIEW_DESC u{};
  u.Format = DXGI_FORMAT_UNKNOWN;
  u.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  u.Buffer = {0, elements, flags};
  Com<ID3D11UnorderedAccessView> v;
  REQUIRE(d->CreateUnorderedAccessView(b, &u, v.out()) == S_OK);
  return v;
}

inline Com<ID3D11UnorderedAccessView> typedUav(RenderDevice& d, ID3D11Buffer* b, DXGI_FORMAT format, UINT elements) {
  D3D11_UNORDERED_ACCESS_VIEW_DESC u{};
  u.Format = format;
  u.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  u.Buffer = {0, elements, 0};
  Com<ID3D11UnorderedAccessView> v;
  REQUIRE(d->CreateUnorderedAccessView(b, &u, v.out()) == S_OK);
  return v;
}

inline Com<ID3D11ShaderResourceView> structuredSrv(RenderDevice& d, ID3D11Buffer* b, UINT elements) {
  D3D11_SHADER_RESOURCE_VIEW_DESC s{};
  s.Format = DXGI_FORMAT_UNKNOWN;
  s.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  s.Buffer.FirstElement = 0;
  s.Buffer.NumElements = elements;
  Com<ID3D11ShaderResourceView> v;
  REQUIRE(d->CreateShaderResourceView(b, &s, v.out()) == S_OK);
  return v;
}

inline Com<ID3D11ShaderResourceView> rawSrv(RenderDevice& d, ID3D11Buffer* b, UINT dwords) {
  D3D11_SHADER_RESOURCE_VIEW_DESC s{};
  s.Format = DXGI_FORMAT_R32_TYPELESS;
  s.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
  s.BufferEx = {0, dwords, D3D11_BUFFEREX_SRV_FLAG_RAW};
  Com<ID3D11ShaderResourceView> v;
  REQUIRE(d->CreateShaderResourceView(b, &s, v.out()) == S_OK);
  return v;
}

// A 2x2 R32_FLOAT texture's view (texels row by row).
inline Com<ID3D11ShaderResourceView> floatTexture2x2(RenderDevice& d, const std::array<float, 4>& texels) {
  D3D11_TEXTURE2D_DESC desc{};
  desc.Width = desc.Height = 2;
  desc.MipLevels = desc.ArraySize = 1;
  desc.Format = DXGI_FORMAT_R32_FLOAT;
  desc.SampleDesc.Count = 1;
  desc.Usage = D3D11_USAGE_IMMUTABLE;
  desc.BindFlags = D3D11_BIND_SHADER_RESOURCE;
  const D3D11_SUBRESOURCE_DATA init{texels.data(), 8, 0};
  Com<ID3D11Texture2D> t;
  REQUIRE(d->CreateTexture2D(&desc, &init, t.out()) == S_OK);
  Com<ID3D11ShaderResourceView> view;
  REQUIRE(d->CreateShaderResourceView(t.get(), nullptr, view.out()) == S_OK);
  return view;
}

// A point sampler that clamps, or (border > 0) gives that border colour outside [0, 1].
inline Com<ID3D11SamplerState> pointSampler(RenderDevice& d, float border = 0) {
  D3D11_SAMPLER_DESC desc{};
  desc.Filter = D3D11_FILTER_MIN_MAG_MIP_POINT;
  desc.AddressU = desc.AddressV = desc.AddressW = border > 0 ? D3D11_TEXTURE_ADDRESS_BORDER : D3D11_TEXTURE_ADDRESS_CLAMP;
  for (float& b : desc.BorderColor) b = border;
  desc.MaxLOD = D3D11_FLOAT32_MAX;
  Com<ID3D11SamplerState> s;
  REQUIRE(d->CreateSamplerState(&desc, s.out()) == S_OK);
  return s;
}

inline Com<ID3D11ComputeShader> computeShader(RenderDevice& d, const char* listing) {
  const std::vector<uint8_t> code = assembledListing(listing);
  Com<ID3D11ComputeShader> cs;
  REQUIRE(d->CreateComputeShader(code.data(), code.size(), nullptr, cs.out()) == S_OK);
  return cs;
}

}  // namespace d3dvk::test
