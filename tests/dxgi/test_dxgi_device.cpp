// IDXGIDevice on D3D11 devices and devices created on a DXGI adapter: D3D11's rules
// for adapter + driver type, GetAdapter giving the adapter the device was made on,
// QueryInterface both ways, frame latency, residency, GPU thread priority, and
// D3D12CreateDevice on the same adapter (its GetAdapterLuid is the adapter's LUID).
#include "dxgi_test_util.h"

#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

using d3dvk::test::Com;

namespace {

HRESULT createOn(IDXGIAdapter* adapter, D3D_DRIVER_TYPE type, ID3D11Device** device) {
  return D3D11CreateDevice(adapter, type, nullptr, 0, nullptr, 0, D3D11_SDK_VERSION, device, nullptr, nullptr);
}

// An adapter that is not d3dvk's (an application's own object, or another DXGI's).
D3DVK_BEGIN_INTERFACES
struct ForeignAdapter final : IDXGIAdapter {
  ULONG refs = 1;
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** out) override {
    *out = nullptr;
    if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIAdapter)) {
      *out = this;
      ++refs;
      return S_OK;
    }
    return E_NOINTERFACE;
  }
  ULONG STDMETHODCALLTYPE AddRef() override { return ++refs; }
  ULONG STDMETHODCALLTYPE Release() override { return --refs; }
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID, UINT, const void*) override { return E_NOTIMPL; }
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID, const IUnknown*) override { return E_NOTIMPL; }
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID, UINT*, void*) override { return E_NOTIMPL; }
  HRESULT STDMETHODCALLTYPE GetParent(REFIID, void**) override { return E_NOTIMPL; }
  HRESULT STDMETHODCALLTYPE EnumOutputs(UINT, IDXGIOutput**) override { return DXGI_ERROR_NOT_FOUND; }
  HRESULT STDMETHODCALLTYPE GetDesc(DXGI_ADAPTER_DESC*) override { return E_NOTIMPL; }
  HRESULT STDMETHODCALLTYPE CheckInterfaceSupport(REFGUID, LARGE_INTEGER*) override { return E_NOTIMPL; }
};
D3DVK_END_INTERFACES

}  // namespace

TEST_CASE("D3D11CreateDevice follows D3D11's rules for adapter and driver type", "[dxgi][device]") {
  Com<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  Com<IDXGIAdapter> adapter;
  REQUIRE(factory->EnumAdapters(0, adapter.put()) == S_OK);

  Com<ID3D11Device> device;
  CHECK(createOn(adapter.p, D3D_DRIVER_TYPE_UNKNOWN, device.put()) == S_OK);
  CHECK(device);
  // An adapter with a driver type, or UNKNOWN without an adapter: E_INVALIDARG.
  CHECK(createOn(adapter.p, D3D_DRIVER_TYPE_HARDWARE, device.put()) == E_INVALIDARG);
  CHECK(!device);
  CHECK(createOn(nullptr, D3D_DRIVER_TYPE_UNKNOWN, device.put()) == E_INVALIDARG);
  CHECK(!device);
  // Not d3dvk's adapter.
  ForeignAdapter foreign;
  CHECK(createOn(&foreign, D3D_DRIVER_TYPE_UNKNOWN, device.put()) == E_INVALIDARG);
  CHECK(!device);
  CHECK(foreign.refs == 1);  // every reference the runtime took was given back
}

TEST_CASE("IDXGIDevice::GetAdapter gives the adapter the device was created on", "[dxgi][device]") {
  Com<IDXGIFactory1> factory;
  REQUIRE(CreateDXGIFactory1(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  Com<IDXGIAdapter> adapter;
  REQUIRE(factory->EnumAdapters(0, adapter.put()) == S_OK);
  Com<ID3D11Device> device;
  REQUIRE(createOn(adapter.p, D3D_DRIVER_TYPE_UNKNOWN, device.put()) == S_OK);

  Com<IDXGIDevice> dxgi;
  REQUIRE(device->QueryInterface(__uuidof(IDXGIDevice), dxgi.putVoid()) == S_OK);
  Com<IDXGIAdapter> got;
  REQUIRE(dxgi->GetAdapter(got.put()) == S_OK);
  CHECK(got.p == adapter.p);
  Com<IDXGIAdapter1> parent;
  REQUIRE(dxgi->GetParent(__uuidof(IDXGIAdapter1), parent.putVoid()) == S_OK);
  CHECK(static_cast<IDXGIAdapter*>(parent.p) == adapter.p);
  CHECK(dxgi->GetAdapter(nullptr) == DXGI_ERROR_INVALID_CALL);

  // QueryInterface goes both ways and shares the device's identity.
  Com<ID3D11Device> back;
  REQUIRE(dxgi->QueryInterface(__uuidof(ID3D11Device), back.putVoid()) == S_OK);
  CHECK(back.p == device.p);
  Com<IUnknown> unknownOfDevice, unknownOfDxgi;
  REQUIRE(device->QueryInterface(__uuidof(IUnknown), unknownOfDevice.putVoid()) == S_OK);
  REQUIRE(dxgi->QueryInterface(__uuidof(IUnknown), unknownOfDxgi.putVoid()) == S_OK);
  CHECK(unknownOfDevice.p == unknownOfDxgi.p);
  for (const IID& iid : {__uuidof(IDXGIObject), __uuidof(IDXGIDevice1), __uuidof(IDXGIDevice2),
                         __uuidof(IDXGIDevice3), __uuidof(IDXGIDevice4)}) {
    Com<IUnknown> part;
    CHECK(device->QueryInterface(iid, part.putVoid()) == S_OK);
    CHECK(static_cast<void*>(part.p) == static_cast<void*>(dxgi.p));
  }
}

TEST_CASE("a device created without an adapter reports the factory's adapter", "[dxgi][device]") {
  Com<ID3D11Device> device;
  REQUIRE(createOn(nullptr, D3D_DRIVER_TYPE_HARDWARE, device.put()) == S_OK);
  Com<IDXGIDevice> dxgi;
  REQUIRE(device->QueryInterface(__uuidof(IDXGIDevice), dxgi.putVoid()) == S_OK);
  Com<IDXGIAdapter> adapter;
  REQUIRE(dxgi->GetAdapter(adapter.put()) == S_OK);
  DXGI_ADAPTER_DESC fromDevice{};
  REQUIRE(adapter->GetDesc(&fromDevice) == S_OK);

  Com<IDXGIFactory1> factory;
  REQUIRE(adapter->GetParent(__uuidof(IDXGIFactory1), factory.putVoid()) == S_OK);
  Com<IDXGIAdapter> enumerated;
  REQUIRE(factory->EnumAdapters(0, enumerated.put()) == S_OK);
  DXGI_ADAPTER_DESC fromFactory{};
  REQUIRE(enumerated->GetDesc(&fromFactory) == S_OK);
  CHECK(d3dvk::test::sameLuid(fromDevice.AdapterLuid, fromFactory.AdapterLuid));
  CHECK(d3dvk::test::narrow(fromDevice.Description) == d3dvk::test::vulkanAdapterFacts().name);
}

TEST_CASE("IDXGIDevice1 frame latency and residency and GPU thread priority", "[dxgi][device]") {
  Com<ID3D11Device> device;
  REQUIRE(createOn(nullptr, D3D_DRIVER_TYPE_HARDWARE, device.put()) == S_OK);
  Com<IDXGIDevice4> dxgi;
  REQUIRE(device->QueryInterface(__uuidof(IDXGIDevice4), dxgi.putVoid()) == S_OK);

  UINT latency = 0;
  REQUIRE(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);  // DXGI's default
  CHECK(dxgi->SetMaximumFrameLatency(5) == S_OK);
  REQUIRE(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 5);
  CHECK(dxgi->SetMaximumFrameLatency(16) == S_OK);
  CHECK(dxgi->SetMaximumFrameLatency(17) == DXGI_ERROR_INVALID_CALL);
  REQUIRE(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 16);
  CHECK(dxgi->SetMaximumFrameLatency(0) == S_OK);  // back to the default
  REQUIRE(dxgi->GetMaximumFrameLatency(&latency) == S_OK);
  CHECK(latency == 3);
  CHECK(dxgi->GetMaximumFrameLatency(nullptr) == DXGI_ERROR_INVALID_CALL);

  INT priority = 99;
  CHECK(dxgi->SetGPUThreadPriority(7) == S_OK);
  REQUIRE(dxgi->GetGPUThreadPriority(&priority) == S_OK);
  CHECK(priority == 7);
  CHECK(dxgi->SetGPUThreadPriority(8) == E_INVALIDARG);
  CHECK(dxgi->SetGPUThreadPriority(-8) == E_INVALIDARG);

  D3D11_BUFFER_DESC bd{256, D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  Com<ID3D11Buffer> buffer;
  REQUIRE(device->CreateBuffer(&bd, nullptr, buffer.put()) == S_OK);
  IUnknown* resources[] = {buffer.p};
  DXGI_RESIDENCY residency = DXGI_RESIDENCY(0);
  CHECK(dxgi->QueryResourceResidency(resources, &residency, 1) == S_OK);
  CHECK(residency == DXGI_RESIDENCY_FULLY_RESIDENT);
  CHECK(dxgi->QueryResourceResidency(resources, &residency, 0) == E_INVALIDARG);
  CHECK(dxgi->QueryResourceResidency(nullptr, &residency, 1) == E_INVALIDARG);
}

TEST_CASE("D3D12CreateDevice on the DXGI adapter has the adapter LUID", "[dxgi][device][d3d12]") {
  Com<IDXGIFactory4> factory;
  REQUIRE(CreateDXGIFactory2(0, __uuidof(IDXGIFactory4), factory.putVoid()) == S_OK);
  Com<IDXGIAdapter1> adapter;
  REQUIRE(factory->EnumAdapters1(0, adapter.put()) == S_OK);
  DXGI_ADAPTER_DESC1 desc{};
  REQUIRE(adapter->GetDesc1(&desc) == S_OK);

  Com<ID3D12Device> device;
  REQUIRE(D3D12CreateDevice(adapter.p, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), device.putVoid()) == S_OK);
  const LUID luid = device->GetAdapterLuid();
  CHECK(d3dvk::test::sameLuid(luid, desc.AdapterLuid));
  Com<IDXGIAdapter> byLuid;
  CHECK(factory->EnumAdapterByLuid(luid, __uuidof(IDXGIAdapter), byLuid.putVoid()) == S_OK);

  ForeignAdapter foreign;
  Com<ID3D12Device> none;
  CHECK(D3D12CreateDevice(&foreign, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), none.putVoid()) == E_INVALIDARG);
  CHECK(!none);
  CHECK(foreign.refs == 1);
}
