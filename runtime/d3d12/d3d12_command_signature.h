// runtime/d3d12/d3d12_command_signature.h — ID3D12CommandSignature, created by
// ID3D12Device::CreateCommandSignature (d3d12_command_signature.cpp) over the
// UMD's command signature (ddi/umd/d3d12/indirect12.h). D3D12's rules are
// checked first (at least one argument; exactly one DRAW, DRAW_INDEXED or
// DISPATCH argument and it comes last; ByteStride a multiple of 4 and at
// least the arguments' size; a root signature exactly when an argument
// changes root arguments; NodeMask 0 or 1), each failure E_INVALIDARG with
// CREATECOMMANDSIGNATURE_INVALID; a valid signature with arguments that change
// bindings (vertex/index buffer views, root constants and root views) is
// refused with E_NOTIMPL naming the argument. ExecuteIndirect
// (D3D12CommandList) checks its buffers against the signature.
#pragma once

#include "d3d12_device_child.h"

namespace d3dvk::runtime {

class D3D12CommandSignature final : public D3D12DeviceChild<ID3D12CommandSignature> {
 public:
  static HRESULT create(D3D12Device* device, const D3D12_COMMAND_SIGNATURE_DESC* desc,
                        ID3D12RootSignature* rootSignature, D3D12CommandSignature** out);
  ~D3D12CommandSignature() override;

  static D3D12CommandSignature* from(ID3D12CommandSignature* s) { return static_cast<D3D12CommandSignature*>(s); }
  D3D12DDI_HCOMMANDSIGNATURE ddiHandle() const { return {memory_.get()}; }
  // The draw or dispatch argument: its type, and the bytes it takes in the buffer.
  D3D12_INDIRECT_ARGUMENT_TYPE commandType() const { return commandType_; }
  UINT commandBytes() const { return commandBytes_; }
  UINT byteStride() const { return byteStride_; }

 protected:
  bool implements(REFIID riid) const override {
    return riid == __uuidof(ID3D12Pageable) || riid == __uuidof(ID3D12CommandSignature);
  }

 private:
  explicit D3D12CommandSignature(D3D12Device* device) : D3D12DeviceChild(device) {}
  D3D12_INDIRECT_ARGUMENT_TYPE commandType_ = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW;
  UINT commandBytes_ = 0;
  UINT byteStride_ = 0;
  std::unique_ptr<unsigned char[]> memory_;
  bool created_ = false;
};

}  // namespace d3dvk::runtime
