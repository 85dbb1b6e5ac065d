// runtime/d3d12/d3d12_blob.h — ID3DBlob (ID3D10Blob), the byte buffer D3D12's
// serializers return: a root-signature blob, or an error blob holding a
// NUL-terminated message.
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace d3dvk::runtime {

class D3D12Blob final : public ID3D10Blob {
 public:
  explicit D3D12Blob(std::vector<uint8_t> bytes) : bytes_(std::move(bytes)) {}

  // A new blob (reference count 1) holding `bytes`, or `text` with its NUL.
  static ID3DBlob* create(std::span<const uint8_t> bytes);
  static ID3DBlob* createText(const std::string& text);

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // ID3D10Blob
  LPVOID STDMETHODCALLTYPE GetBufferPointer() override;
  SIZE_T STDMETHODCALLTYPE GetBufferSize() override;

 private:
  std::atomic<ULONG> refs_{1};
  std::vector<uint8_t> bytes_;
};

}  // namespace d3dvk::runtime
