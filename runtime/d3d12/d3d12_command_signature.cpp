// runtime/d3d12/d3d12_command_signature.cpp — see d3d12_command_signature.h;
// also ID3D12Device::CreateCommandSignature.
#include "d3d12_command_signature.h"

#include "d3d12_root_signature.h"
#include "raw_enum.h"

namespace d3dvk::runtime {

namespace {

const char* argumentTypeName(int type) {
  switch (type) {
    case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW: return "DRAW";
    case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED: return "DRAW_INDEXED";
    case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH: return "DISPATCH";
    case D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW: return "VERTEX_BUFFER_VIEW";
    case D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW: return "INDEX_BUFFER_VIEW";
    case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT: return "CONSTANT";
    case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW: return "CONSTANT_BUFFER_VIEW";
    case D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW: return "SHADER_RESOURCE_VIEW";
    case D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW: return "UNORDERED_ACCESS_VIEW";
    case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS: return "DISPATCH_RAYS";
    case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH: return "DISPATCH_MESH";
    default: return nullptr;
  }
}

// The bytes one argument takes in the argument buffer (0: not a type d3dvk knows the size of).
UINT argumentBytes(const D3D12_INDIRECT_ARGUMENT_DESC& a) {
  switch (rawEnum(a.Type)) {
    case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW: return sizeof(D3D12_DRAW_ARGUMENTS);
    case D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED: return sizeof(D3D12_DRAW_INDEXED_ARGUMENTS);
    case D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH: return sizeof(D3D12_DISPATCH_ARGUMENTS);
    case D3D12_INDIRECT_ARGUMENT_TYPE_VERTEX_BUFFER_VIEW: return sizeof(D3D12_VERTEX_BUFFER_VIEW);
    case D3D12_INDIRECT_ARGUMENT_TYPE_INDEX_BUFFER_VIEW: return sizeof(D3D12_INDEX_BUFFER_VIEW);
    case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT: return 4 * a.Constant.Num32BitValuesToSet;
    case D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW:
    case D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW:
    case D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW: return sizeof(D3D12_GPU_VIRTUAL_ADDRESS);
    default: return 0;
  }
}

bool isCommand(int type) {
  return type == D3D12_INDIRECT_ARGUMENT_TYPE_DRAW || type == D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED ||
         type == D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH || type == D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_RAYS ||
         type == D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH_MESH;
}

}  // namespace

HRESULT D3D12CommandSignature::create(D3D12Device* device, const D3D12_COMMAND_SIGNATURE_DESC* desc,
                                      ID3D12RootSignature* rootSignature, D3D12CommandSignature** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateCommandSignature";
  auto invalid = [&](const std::string& why) {
    d3d12Error(method, why);
    device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                         D3DVK_D3D12_MESSAGE_ID(CREATECOMMANDSIGNATURE_INVALID), method, why);
    return E_INVALIDARG;
  };
  if (!desc) return invalid("pDesc is null");
  if (!desc->NumArgumentDescs || !desc->pArgumentDescs) return invalid("there are no argument descs");
  if (desc->NodeMask > 1) return invalid("NodeMask names a node other than the one adapter node");
  UINT bytes = 0, commands = 0;
  bool changesRootArguments = false;
  const char* unsupported = nullptr;
  for (UINT i = 0; i < desc->NumArgumentDescs; ++i) {
    const D3D12_INDIRECT_ARGUMENT_DESC& a = desc->pArgumentDescs[i];
    const int type = rawEnum(a.Type);
    const std::string at = "argument " + std::to_string(i) + ": ";
    if (!argumentTypeName(type)) return invalid(at + "Type is not a D3D12_INDIRECT_ARGUMENT_TYPE");
    if (isCommand(type)) {
      ++commands;
      if (i != desc->NumArgumentDescs - 1) return invalid(at + "a draw or dispatch argument must be the last one");
    }
    if (type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT && !a.Constant.Num32BitValuesToSet)
      return invalid(at + "a CONSTANT argument sets no values");
    changesRootArguments = changesRootArguments || type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT ||
                           type == D3D12_INDIRECT_ARGUMENT_TYPE_CONSTANT_BUFFER_VIEW ||
                           type == D3D12_INDIRECT_ARGUMENT_TYPE_SHADER_RESOURCE_VIEW ||
                           type == D3D12_INDIRECT_ARGUMENT_TYPE_UNORDERED_ACCESS_VIEW;
    if (type != D3D12_INDIRECT_ARGUMENT_TYPE_DRAW && type != D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED &&
        type != D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH && !unsupported)
      unsupported = argumentTypeName(type);
    bytes += argumentBytes(a);
  }
  if (commands != 1) return invalid("there must be exactly one draw or dispatch argument, the last one");
  if (desc->ByteStride % 4) return invalid("ByteStride is not a multiple of 4");
  if (desc->ByteStride < bytes)
    return invalid("ByteStride (" + std::to_string(desc->ByteStride) + ") is smaller than the arguments (" +
                   std::to_string(bytes) + " bytes)");
  if (changesRootArguments && !rootSignature)
    return invalid("the arguments change root arguments but pRootSignature is null");
  if (!changesRootArguments && rootSignature)
    return invalid("pRootSignature must be null when no argument changes root arguments");
  if (unsupported) {
    d3d12Error(method, std::string("argument type ") + unsupported +
                           " is not implemented (d3dvk runs signatures of one DRAW, DRAW_INDEXED or DISPATCH argument)");
    return E_NOTIMPL;
  }

  std::unique_ptr<D3D12CommandSignature> self(new D3D12CommandSignature(device));
  const D3D12_INDIRECT_ARGUMENT_DESC& command = desc->pArgumentDescs[desc->NumArgumentDescs - 1];
  self->commandType_ = command.Type;
  self->commandBytes_ = argumentBytes(command);
  self->byteStride_ = desc->ByteStride;
  static_assert(sizeof(D3D12_INDIRECT_ARGUMENT_DESC) == sizeof(D3D12DDI_INDIRECT_ARGUMENT_DESC));
  D3D12DDIARG_CREATE_COMMAND_SIGNATURE_0001 args{};
  args.ByteStride = desc->ByteStride;
  args.NumArgumentDescs = desc->NumArgumentDescs;
  args.pArgumentDescs = reinterpret_cast<const D3D12DDI_INDIRECT_ARGUMENT_DESC*>(desc->pArgumentDescs);
  args.NodeMask = 1;
  const DdiDevice12& ddi = device->ddi();
  self->memory_ = driverMemory(ddi.core().pfnCalcPrivateCommandSignatureSize(ddi.handle(), &args));
  DdiErrorScope12 scope(method);
  HRESULT hr = ddi.core().pfnCreateCommandSignature(ddi.handle(), &args, self->ddiHandle());
  if (FAILED(hr)) {
    d3d12Error(method, "the driver could not create the command signature");
    return hr;
  }
  self->created_ = true;
  *out = self.release();
  return S_OK;
}

D3D12CommandSignature::~D3D12CommandSignature() {
  if (created_) device()->ddi().core().pfnDestroyCommandSignature(device()->ddi().handle(), ddiHandle());
}

HRESULT STDMETHODCALLTYPE D3D12Device::CreateCommandSignature(const D3D12_COMMAND_SIGNATURE_DESC* pDesc,
                                                              ID3D12RootSignature* pRootSignature, REFIID riid,
                                                              void** ppvCommandSignature) try {
  if (ppvCommandSignature) *ppvCommandSignature = nullptr;
  D3D12CommandSignature* signature = nullptr;
  HRESULT hr = D3D12CommandSignature::create(this, pDesc, pRootSignature, &signature);
  return FAILED(hr) ? hr : handOut(signature, riid, ppvCommandSignature);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
