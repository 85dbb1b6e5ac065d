// runtime/d3d12/d3d12_blob.cpp — see d3d12_blob.h.
#include "d3d12_blob.h"

#include "d3dvk_entry_guard.h"

#include <dxguids/dxguids.h>

namespace d3dvk::runtime {
namespace {
// IID_ID3D10Blob (d3dcommon.h); dxguids.h has no __uuidof for it.
constexpr GUID kIidBlob = {0x8ba5fb08, 0x5195, 0x40e2, {0xac, 0x58, 0x0d, 0x98, 0x9c, 0x3a, 0x01, 0x02}};
}  // namespace

ID3DBlob* D3D12Blob::create(std::span<const uint8_t> bytes) {
  return new D3D12Blob(std::vector<uint8_t>(bytes.begin(), bytes.end()));
}

ID3DBlob* D3D12Blob::createText(const std::string& text) {
  std::vector<uint8_t> bytes(text.begin(), text.end());
  bytes.push_back(0);
  return new D3D12Blob(std::move(bytes));
}

HRESULT STDMETHODCALLTYPE D3D12Blob::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == kIidBlob) {
    AddRef();
    *ppvObject = static_cast<ID3D10Blob*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE D3D12Blob::AddRef() try { return ++refs_; } D3DVK_CATCH_RETURN({})

ULONG STDMETHODCALLTYPE D3D12Blob::Release() try {
  ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
} D3DVK_CATCH_RETURN({})

LPVOID STDMETHODCALLTYPE D3D12Blob::GetBufferPointer() try {
  return bytes_.empty() ? nullptr : bytes_.data();
} D3DVK_CATCH_RETURN({})

SIZE_T STDMETHODCALLTYPE D3D12Blob::GetBufferSize() try { return bytes_.size(); } D3DVK_CATCH_RETURN({})

}  // namespace d3dvk::runtime
