// Header hygiene: each public header stands alone and in any order. This TU starts
// with d3d11sdklayers.h (which pulls in d3d11.h), then the 11.1 header on its own,
// and uses winadapter's ComPtr with our __uuidof, as Linux application code would.
#include <d3d11sdklayers.h>
#include <d3d11_1.h>
#include <wsl/wrladapter.h>

#include <catch2/catch.hpp>

#include <cstring>

namespace {

// Minimal object answering QueryInterface for ID3D11InfoQueue only.
_Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wnon-virtual-dtor\"")
struct FakeDebug final : public ID3D11Debug {
  ULONG refs = 1;
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppv) override {
    *ppv = nullptr;
    if (riid == __uuidof(ID3D11Debug) || riid == __uuidof(IUnknown)) {
      *ppv = this;
      AddRef();
      return S_OK;
    }
    return E_NOINTERFACE;
  }
  ULONG STDMETHODCALLTYPE AddRef() override { return ++refs; }
  ULONG STDMETHODCALLTYPE Release() override { return --refs; }
  HRESULT STDMETHODCALLTYPE SetFeatureMask(UINT) override { return S_OK; }
  UINT STDMETHODCALLTYPE GetFeatureMask() override { return 0; }
  HRESULT STDMETHODCALLTYPE SetPresentPerRenderOpDelay(UINT) override { return S_OK; }
  UINT STDMETHODCALLTYPE GetPresentPerRenderOpDelay() override { return 0; }
  HRESULT STDMETHODCALLTYPE SetSwapChain(IDXGISwapChain*) override { return E_NOTIMPL; }
  HRESULT STDMETHODCALLTYPE GetSwapChain(IDXGISwapChain**) override { return E_NOTIMPL; }
  HRESULT STDMETHODCALLTYPE ValidateContext(ID3D11DeviceContext*) override { return S_OK; }
  HRESULT STDMETHODCALLTYPE ReportLiveDeviceObjects(D3D11_RLDO_FLAGS) override { return S_OK; }
  HRESULT STDMETHODCALLTYPE ValidateContextForDispatch(ID3D11DeviceContext*) override { return S_OK; }
};
_Pragma("GCC diagnostic pop")

}  // namespace

TEST_CASE("ComPtr::As and IID_PPV_ARGS use the headers' IIDs", "[api-headers][compile]") {
  FakeDebug obj;
  Microsoft::WRL::ComPtr<ID3D11Debug> dbg(&obj);  // AddRef → 2
  Microsoft::WRL::ComPtr<IUnknown> unk;
  CHECK(dbg.As(&unk) == S_OK);
  CHECK(unk.Get() == static_cast<IUnknown*>(&obj));
  Microsoft::WRL::ComPtr<ID3D11InfoQueue> iq;
  CHECK(dbg.As(&iq) == E_NOINTERFACE);
  CHECK(iq.Get() == nullptr);
  ID3D11Debug* raw = nullptr;
  CHECK(obj.QueryInterface(IID_PPV_ARGS(&raw)) == S_OK);
  CHECK(raw == &obj);
  raw->Release();
  unk.Reset();
  dbg.Reset();
  CHECK(obj.refs == 1u);
}
