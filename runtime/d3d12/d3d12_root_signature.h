// runtime/d3d12/d3d12_root_signature.h — ID3D12RootSignature, created by
// ID3D12Device::CreateRootSignature from a serialized root signature (or any
// DXBC container with an RTS0 chunk, e.g. a shader with an embedded one). It
// holds the validated desc at version 1.1 (a 1.0 blob converted the way D3D12
// converts it), which is everything a pipeline layout is derived from: the
// parameters in root-argument order with their register bindings and
// visibilities, the static samplers and the flags. It creates the UMD's root
// signature from it (pfnCreateRootSignature), which the shaders of a pipeline
// state and SetGraphics/ComputeRootSignature name.
#pragma once

#include "d3d12umddi.h"
#include "d3dvk_entry_guard.h"
#include "private_data.h"
#include "rootsig/root_signature.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>

#include <atomic>
#include <memory>

namespace d3dvk::runtime {

class D3D12Device;

class D3D12RootSignature final : public ID3D12RootSignature {
 public:
  // Holds a reference on `device` for its lifetime.
  D3D12RootSignature(D3D12Device& device, rootsig::RootSignatureDesc desc, uint32_t blobVersion);
  ~D3D12RootSignature();

  // The desc at version 1.1, and the version the blob was serialized at.
  const rootsig::RootSignatureDesc& desc() const { return desc_; }
  uint32_t blobVersion() const { return blobVersion_; }
  // Creates the UMD's root signature (once, before the object is handed out).
  HRESULT createDdi();
  D3D12DDI_HROOTSIGNATURE ddiHandle() const { return {memory_.get()}; }
  // The signature behind an ID3D12RootSignature d3dvk created (null for null).
  static D3D12RootSignature* from(ID3D12RootSignature* rs) { return static_cast<D3D12RootSignature*>(rs); }

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  // ID3D12Object
  HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, UINT* pDataSize, void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, UINT DataSize, const void* pData) override;
  HRESULT STDMETHODCALLTYPE SetPrivateDataInterface(REFGUID guid, const IUnknown* pData) override;
  HRESULT STDMETHODCALLTYPE SetName(LPCWSTR Name) override;
  // ID3D12DeviceChild
  HRESULT STDMETHODCALLTYPE GetDevice(REFIID riid, void** ppvDevice) override;

 private:
  std::atomic<ULONG> refs_{1};
  D3D12Device& device_;
  rootsig::RootSignatureDesc desc_;
  uint32_t blobVersion_;
  PrivateDataStore privateData_;
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
};

}  // namespace d3dvk::runtime
