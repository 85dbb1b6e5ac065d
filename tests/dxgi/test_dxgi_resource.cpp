// IDXGIResource and IDXGISurface from D3D11 resources: which resources have them,
// that they share the resource's identity, private data and eviction priority,
// GetUsage from the bind flags and usage, the surface desc, GetDevice, and
// IDXGISurface::Map reading back what the GPU cleared.
#include "dxgi_test_util.h"

#include <cstring>

using d3dvk::test::Com;

namespace {

Com<ID3D11Device> makeDevice(Com<ID3D11DeviceContext>* context = nullptr) {
  Com<ID3D11Device> device;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device.put(),
                            nullptr, context ? context->put() : nullptr) == S_OK);
  return device;
}

D3D11_TEXTURE2D_DESC texture2D(UINT w, UINT h, UINT mips, D3D11_USAGE usage, UINT bind, UINT cpu) {
  D3D11_TEXTURE2D_DESC d{};
  d.Width = w;
  d.Height = h;
  d.MipLevels = mips;
  d.ArraySize = 1;
  d.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  d.SampleDesc.Count = 1;
  d.Usage = usage;
  d.BindFlags = bind;
  d.CPUAccessFlags = cpu;
  return d;
}

}  // namespace

TEST_CASE("a one-subresource Texture2D is an IDXGISurface and an IDXGIResource", "[dxgi][resource]") {
  Com<ID3D11Device> device = makeDevice();
  const D3D11_TEXTURE2D_DESC desc = texture2D(32, 16, 1, D3D11_USAGE_DEFAULT,
                                              D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE, 0);
  Com<ID3D11Texture2D> texture;
  REQUIRE(device->CreateTexture2D(&desc, nullptr, texture.put()) == S_OK);

  Com<IDXGISurface2> surface;
  REQUIRE(texture->QueryInterface(__uuidof(IDXGISurface2), surface.putVoid()) == S_OK);
  DXGI_SURFACE_DESC sd{};
  REQUIRE(surface->GetDesc(&sd) == S_OK);
  CHECK(sd.Width == 32);
  CHECK(sd.Height == 16);
  CHECK(sd.Format == DXGI_FORMAT_R8G8B8A8_UNORM);
  CHECK(sd.SampleDesc.Count == 1);

  // The same object: QueryInterface back, IUnknown identity, GetResource.
  Com<ID3D11Texture2D> back;
  REQUIRE(surface->QueryInterface(__uuidof(ID3D11Texture2D), back.putVoid()) == S_OK);
  CHECK(back.p == texture.p);
  Com<ID3D11Texture2D> parentResource;
  UINT subresource = 99;
  REQUIRE(surface->GetResource(__uuidof(ID3D11Texture2D), parentResource.putVoid(), &subresource) == S_OK);
  CHECK(parentResource.p == texture.p);
  CHECK(subresource == 0);
  Com<IUnknown> a, b;
  REQUIRE(texture->QueryInterface(__uuidof(IUnknown), a.putVoid()) == S_OK);
  REQUIRE(surface->QueryInterface(__uuidof(IUnknown), b.putVoid()) == S_OK);
  CHECK(a.p == b.p);

  Com<IDXGIResource> resource;
  REQUIRE(texture->QueryInterface(__uuidof(IDXGIResource), resource.putVoid()) == S_OK);
  DXGI_USAGE usage = 0;
  REQUIRE(resource->GetUsage(&usage) == S_OK);
  CHECK(usage == (DXGI_USAGE_RENDER_TARGET_OUTPUT | DXGI_USAGE_SHADER_INPUT | DXGI_CPU_ACCESS_NONE));
  HANDLE shared = reinterpret_cast<HANDLE>(1);
  CHECK(resource->GetSharedHandle(&shared) == S_OK);
  CHECK(shared == nullptr);

  // Private data and eviction priority are the resource's.
  const GUID key = {0x1234, 0x5678, 0x9abc, {1, 2, 3, 4, 5, 6, 7, 8}};
  const UINT value = 0xC0FFEE;
  REQUIRE(resource->SetPrivateData(key, sizeof value, &value) == S_OK);
  UINT got = 0, size = sizeof got;
  REQUIRE(texture->GetPrivateData(key, &size, &got) == S_OK);
  CHECK(got == value);
  REQUIRE(resource->SetEvictionPriority(DXGI_RESOURCE_PRIORITY_HIGH) == S_OK);
  CHECK(texture->GetEvictionPriority() == UINT(DXGI_RESOURCE_PRIORITY_HIGH));

  // GetDevice: the device's IDXGIDevice.
  Com<IDXGIDevice> fromSurface, fromDevice;
  REQUIRE(surface->GetDevice(__uuidof(IDXGIDevice), fromSurface.putVoid()) == S_OK);
  REQUIRE(device->QueryInterface(__uuidof(IDXGIDevice), fromDevice.putVoid()) == S_OK);
  CHECK(fromSurface.p == fromDevice.p);
}

TEST_CASE("only one-subresource Texture2Ds are surfaces and buffers are IDXGIResources", "[dxgi][resource]") {
  Com<ID3D11Device> device = makeDevice();
  const D3D11_TEXTURE2D_DESC mipped = texture2D(32, 32, 2, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0);
  Com<ID3D11Texture2D> texture;
  REQUIRE(device->CreateTexture2D(&mipped, nullptr, texture.put()) == S_OK);
  Com<IDXGISurface> surface;
  CHECK(texture->QueryInterface(__uuidof(IDXGISurface), surface.putVoid()) == E_NOINTERFACE);
  CHECK(!surface);
  Com<IDXGIResource1> resource;
  CHECK(texture->QueryInterface(__uuidof(IDXGIResource1), resource.putVoid()) == S_OK);

  D3D11_BUFFER_DESC bd{64, D3D11_USAGE_DYNAMIC, D3D11_BIND_VERTEX_BUFFER, D3D11_CPU_ACCESS_WRITE, 0, 0};
  Com<ID3D11Buffer> buffer;
  REQUIRE(device->CreateBuffer(&bd, nullptr, buffer.put()) == S_OK);
  Com<IDXGIResource> bufferResource;
  REQUIRE(buffer->QueryInterface(__uuidof(IDXGIResource), bufferResource.putVoid()) == S_OK);
  DXGI_USAGE usage = 0;
  REQUIRE(bufferResource->GetUsage(&usage) == S_OK);
  CHECK(usage == DXGI_CPU_ACCESS_DYNAMIC);
  Com<IDXGISurface> bufferSurface;
  CHECK(buffer->QueryInterface(__uuidof(IDXGISurface), bufferSurface.putVoid()) == E_NOINTERFACE);
}

TEST_CASE("IDXGISurface::Map reads a staging texture the GPU wrote", "[dxgi][resource][map]") {
  Com<ID3D11DeviceContext> context;
  Com<ID3D11Device> device = makeDevice(&context);
  const D3D11_TEXTURE2D_DESC rtDesc = texture2D(8, 4, 1, D3D11_USAGE_DEFAULT, D3D11_BIND_RENDER_TARGET, 0);
  Com<ID3D11Texture2D> target;
  REQUIRE(device->CreateTexture2D(&rtDesc, nullptr, target.put()) == S_OK);
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(device->CreateRenderTargetView(target.p, nullptr, rtv.put()) == S_OK);
  const FLOAT color[4] = {0.0f, 1.0f, 0.0f, 1.0f};
  context->ClearRenderTargetView(rtv.p, color);
  const D3D11_TEXTURE2D_DESC stagingDesc = texture2D(8, 4, 1, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  Com<ID3D11Texture2D> staging;
  REQUIRE(device->CreateTexture2D(&stagingDesc, nullptr, staging.put()) == S_OK);
  context->CopyResource(staging.p, target.p);

  Com<IDXGISurface> surface;
  REQUIRE(staging->QueryInterface(__uuidof(IDXGISurface), surface.putVoid()) == S_OK);
  DXGI_MAPPED_RECT rect{};
  REQUIRE(surface->Map(&rect, DXGI_MAP_READ) == S_OK);
  REQUIRE(rect.pBits != nullptr);
  CHECK(rect.Pitch >= 8 * 4);
  for (UINT y = 0; y < 4; ++y)
    for (UINT x = 0; x < 8; ++x) {
      const BYTE* p = rect.pBits + y * rect.Pitch + x * 4;
      INFO("pixel " << x << "," << y);
      CHECK((p[0] == 0 && p[1] == 255 && p[2] == 0 && p[3] == 255));
    }
  CHECK(surface->Unmap() == S_OK);
  CHECK(surface->Map(&rect, 0x10) == E_INVALIDARG);

  // A GPU-only texture cannot be mapped.
  Com<IDXGISurface> gpuOnly;
  REQUIRE(target->QueryInterface(__uuidof(IDXGISurface), gpuOnly.putVoid()) == S_OK);
  CHECK(gpuOnly->Map(&rect, DXGI_MAP_READ) == DXGI_ERROR_INVALID_CALL);
}
