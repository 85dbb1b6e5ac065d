// runtime/d3d11/d3d11_shader.cpp — see d3d11_shader.h.
#include "d3d11_shader.h"

#include "conservative_validator.h"
#include "d3d11_class_linkage.h"
#include "d3d11_device.h"
#include "d3d11_feature_level.h"

#include <new>
#include <span>
#include <string>
#include <type_traits>

namespace d3dvk::runtime {
namespace {

struct StageInfo {
  const char* function;
  dxbc::ProgramType stage;
  const char* stageName;
  int invalidBytecode;
  const char* invalidBytecodeName;
};

template <typename Interface>
constexpr StageInfo stageInfo() {
  if constexpr (std::is_same_v<Interface, ID3D11VertexShader>)
    return {"ID3D11Device::CreateVertexShader", dxbc::ProgramType::Vertex, "vertex",
            D3D11_MESSAGE_ID_CREATEVERTEXSHADER_INVALIDSHADERBYTECODE, "CREATEVERTEXSHADER_INVALIDSHADERBYTECODE"};
  else if constexpr (std::is_same_v<Interface, ID3D11GeometryShader>)
    return {"ID3D11Device::CreateGeometryShader", dxbc::ProgramType::Geometry, "geometry",
            D3D11_MESSAGE_ID_CREATEGEOMETRYSHADER_INVALIDSHADERBYTECODE, "CREATEGEOMETRYSHADER_INVALIDSHADERBYTECODE"};
  else if constexpr (std::is_same_v<Interface, ID3D11HullShader>)
    return {"ID3D11Device::CreateHullShader", dxbc::ProgramType::Hull, "hull",
            D3D11_MESSAGE_ID_CREATEHULLSHADER_INVALIDSHADERBYTECODE, "CREATEHULLSHADER_INVALIDSHADERBYTECODE"};
  else if constexpr (std::is_same_v<Interface, ID3D11DomainShader>)
    return {"ID3D11Device::CreateDomainShader", dxbc::ProgramType::Domain, "domain",
            D3D11_MESSAGE_ID_CREATEDOMAINSHADER_INVALIDSHADERBYTECODE, "CREATEDOMAINSHADER_INVALIDSHADERBYTECODE"};
  else if constexpr (std::is_same_v<Interface, ID3D11ComputeShader>)
    return {"ID3D11Device::CreateComputeShader", dxbc::ProgramType::Compute, "compute",
            D3D11_MESSAGE_ID_CREATECOMPUTESHADER_INVALIDSHADERBYTECODE, "CREATECOMPUTESHADER_INVALIDSHADERBYTECODE"};
  else
    return {"ID3D11Device::CreatePixelShader", dxbc::ProgramType::Pixel, "pixel",
            D3D11_MESSAGE_ID_CREATEPIXELSHADER_INVALIDSHADERBYTECODE, "CREATEPIXELSHADER_INVALIDSHADERBYTECODE"};
}

const char* programTypeName(dxbc::ProgramType t) {
  switch (t) {
    case dxbc::ProgramType::Vertex: return "vertex";
    case dxbc::ProgramType::Pixel: return "pixel";
    case dxbc::ProgramType::Geometry: return "geometry";
    case dxbc::ProgramType::Hull: return "hull";
    case dxbc::ProgramType::Domain: return "domain";
    case dxbc::ProgramType::Compute: return "compute";
  }
  return "unknown";
}

std::vector<D3D11_1DDIARG_SIGNATURE_ENTRY> ddiSignature(const dxbc::Signature& sig) {
  std::vector<D3D11_1DDIARG_SIGNATURE_ENTRY> out;
  for (const dxbc::SignatureElement& e : sig.elements)
    out.push_back({dxbc::effectiveSystemValue(e), e.registerIndex, e.mask, UINT(e.componentType), e.minPrecision});
  return out;
}

}  // namespace

template <typename Interface>
D3D11Shader<Interface>* D3D11Shader<Interface>::create(D3D11Device& device, const void* bytecode, SIZE_T length,
                                                       D3D11ClassLinkage* linkage, HRESULT* hr) {
  return createImpl(device, bytecode, length, linkage, nullptr, hr);
}

template <typename Interface>
D3D11Shader<Interface>* D3D11Shader<Interface>::createWithStreamOutput(
    D3D11Device& device, const void* bytecode, SIZE_T length, D3D11ClassLinkage* linkage,
    const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT& streamOutput, HRESULT* hr) {
  return createImpl(device, bytecode, length, linkage, &streamOutput, hr);
}

template <typename Interface>
D3D11Shader<Interface>* D3D11Shader<Interface>::createImpl(
    D3D11Device& device, const void* bytecode, SIZE_T length, D3D11ClassLinkage* linkage,
    const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT* streamOutput, HRESULT* hr) {
  constexpr StageInfo info = stageInfo<Interface>();
  auto reject = [&](const std::string& text) -> D3D11Shader* {
    device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, info.invalidBytecode,
                        info.invalidBytecodeName, info.function, text);
    *hr = E_INVALIDARG;
    return nullptr;
  };
  if (!bytecode || length == 0) return reject("Shader is corrupt or in an unrecognized format (null or empty bytecode).");
  dxbc::Shader parsed;
  try {
    parsed = dxbc::parseShader(std::span<const uint8_t>(static_cast<const uint8_t*>(bytecode), length));
  } catch (const std::bad_alloc&) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  } catch (const std::exception& e) {
    return reject(std::string("Shader is corrupt or in an unrecognized format: ") + e.what());
  }
  if (parsed.program.type != info.stage && !streamOutput)  // (stream output: a VS or DS too, checked by the caller)
    return reject(std::string("Shader is a ") + programTypeName(parsed.program.type) + " shader, not a " +
                  info.stageName + " shader.");
  // Shader model 5.1 (register spaces and ranges) is Direct3D 12 only.
  if (parsed.program.major == 5 && parsed.program.minor >= 1)
    return reject("Shader model 5.1 (register spaces and resource ranges) is Direct3D 12 only; Direct3D 11 takes "
                  "shader models 4.0 to 5.0.");
  // The shader models the device's feature level runs (4_0_level_9_x on 9_x, 4_0 on 10_0 …).
  if (const std::string refusal = shaderModelRefusal(device.GetFeatureLevel(), parsed); !refusal.empty())
    return reject(refusal);
  // Interfaces (class linkage): the IFCE chunk says which class types implement
  // which slots (how *SetShader maps a class instance to a function table).
  const bool usesInterfaces = dxbc::usesInterfaces(parsed.program);
  dxbc::InterfaceInfo interfaceInfo;
  dxbc::InterfaceDeclarations interfaceDeclarations;
  if (usesInterfaces) {
    const dxbc::Chunk* ifce = parsed.container.find(dxbc::fourcc("IFCE"));
    if (!ifce)
      return reject("Shader uses interfaces (class linkage: dcl_interface / fcall) but has no IFCE chunk (its class "
                    "types and interface slots), so no class instance can be bound to it.");
    try {
      interfaceInfo = dxbc::parseInterfaces(*ifce);
      interfaceDeclarations = dxbc::interfaceDeclarations(parsed.program);
    } catch (const std::bad_alloc&) {
      *hr = E_OUTOFMEMORY;
      return nullptr;
    } catch (const std::exception& e) {
      return reject(std::string("Shader's interfaces are inconsistent: ") + e.what());
    }
    if (interfaceInfo.slotCount != interfaceDeclarations.slotCount)
      return reject("Shader's IFCE chunk counts " + std::to_string(interfaceInfo.slotCount) +
                    " interface slots but its dcl_interface declarations " +
                    std::to_string(interfaceDeclarations.slotCount) + ".");
  }
  std::unique_ptr<D3D11Shader> shader(new (std::nothrow) D3D11Shader(device));
  if (!shader) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  }
  shader->reflection_ = dxbc::reflect(parsed);
  shader->streamOutputWithoutGeometryStage_ = streamOutput && parsed.program.type != dxbc::ProgramType::Geometry;
  shader->usesInterfaces_ = usesInterfaces;
  shader->interfaceInfo_ = std::move(interfaceInfo);
  shader->interfaceDeclarations_ = std::move(interfaceDeclarations);
  if constexpr (std::is_same_v<Interface, ID3D11PixelShader>) {
    // SV_StencilRef is optional (D3D11.3): a shader writing it needs the
    // device to report OPTIONS2.PSSpecifiedStencilRefSupported.
    const bool stencilRef =
        shader->reflection_.writesStencilRef || (shader->reflection_.featureFlags & dxbc::kFeatureStencilRef) != 0;
    if (stencilRef && !device.stencilRefSupported())
      return reject("Shader writes SV_StencilRef (oStencilRef), which this device does not support "
                    "(CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2).PSSpecifiedStencilRefSupported is FALSE).");
    PixelShaderCheck check;
    check.readsInnerCoverage = shader->reflection_.readsInnerCoverage;
    check.innerCoverageFeatureFlag = (shader->reflection_.featureFlags & dxbc::kFeatureInnerCoverage) != 0;
    check.readsCoverageInput = shader->reflection_.readsCoverage;
    check.reportedTier = int(device.conservativeTier());
    const std::vector<ValidationMessage> messages = validateConservativePixelShader(check);
    if (!messages.empty()) {
      for (const ValidationMessage& m : messages)
        device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, m.id, m.idName,
                            info.function, m.text);
      *hr = E_INVALIDARG;
      return nullptr;
    }
  }
  shader->inputs_ = ddiSignature(shader->reflection_.inputs);
  shader->outputs_ = ddiSignature(shader->reflection_.outputs);
  shader->patchConstants_ = ddiSignature(shader->reflection_.patchConstants);
  D3D11_1DDIARG_STAGE_IO_SIGNATURES signatures{shader->inputs_.data(), UINT(shader->inputs_.size()),
                                               shader->outputs_.data(), UINT(shader->outputs_.size())};
  D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES tessellationSignatures{
      shader->inputs_.data(), UINT(shader->inputs_.size()), shader->outputs_.data(), UINT(shader->outputs_.size()),
      shader->patchConstants_.data(), UINT(shader->patchConstants_.size())};
  constexpr bool tessellation =
      std::is_same_v<Interface, ID3D11HullShader> || std::is_same_v<Interface, ID3D11DomainShader>;
  // The DDI takes the container as dwords; keep an aligned copy for the call.
  std::vector<UINT> code((length + 3) / 4, 0u);
  std::memcpy(code.data(), bytecode, length);

  DdiDevice& ddi = device.ddi();
  const D3D10DDI_HRTSHADER rt{shader.get()};
  *hr = shader->driverObject_.create(
      ddi, ddi.funcs().pfnDestroyShader,
      [&] {
        if constexpr (tessellation) {
          return ddi.funcs().pfnCalcPrivateTessellationShaderSize(ddi.handle(), code.data(), &tessellationSignatures);
        } else {
          if (streamOutput) {
            D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT args = *streamOutput;
            args.pShaderCode = code.data();
            return ddi::streamOutputSlot<PFND3D11_1DDI_CALCPRIVATEGEOMETRYSHADERWITHSTREAMOUTPUT>(
                ddi.funcs().pfnCalcPrivateGeometryShaderWithStreamOutput)(ddi.handle(), &args, &signatures);
          }
          return ddi.funcs().pfnCalcPrivateShaderSize(ddi.handle(), code.data(), &signatures);
        }
      },
      [&](D3D10DDI_HSHADER h) {
        if (streamOutput) {
          D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT args = *streamOutput;
          args.pShaderCode = code.data();
          ddi::streamOutputSlot<PFND3D11_1DDI_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT>(
              ddi.funcs().pfnCreateGeometryShaderWithStreamOutput)(ddi.handle(), &args, h, rt, &signatures);
          return;
        }
        if constexpr (std::is_same_v<Interface, ID3D11VertexShader>)
          ddi.funcs().pfnCreateVertexShader(ddi.handle(), code.data(), h, rt, &signatures);
        else if constexpr (std::is_same_v<Interface, ID3D11GeometryShader>)
          ddi.funcs().pfnCreateGeometryShader(ddi.handle(), code.data(), h, rt, &signatures);
        else if constexpr (std::is_same_v<Interface, ID3D11HullShader>)
          ddi.funcs().pfnCreateHullShader(ddi.handle(), code.data(), h, rt, &tessellationSignatures);
        else if constexpr (std::is_same_v<Interface, ID3D11DomainShader>)
          ddi.funcs().pfnCreateDomainShader(ddi.handle(), code.data(), h, rt, &tessellationSignatures);
        else if constexpr (std::is_same_v<Interface, ID3D11ComputeShader>)
          ddi.funcs().pfnCreateComputeShader(ddi.handle(), code.data(), h, rt);
        else
          ddi.funcs().pfnCreatePixelShader(ddi.handle(), code.data(), h, rt, &signatures);
      });
  if (FAILED(*hr)) return nullptr;
  if (linkage && shader->usesInterfaces_) linkage->registerShader(shader->interfaceInfo_);
  return shader.release();
}

template <typename Interface>
HRESULT STDMETHODCALLTYPE D3D11Shader<Interface>::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(Interface)) {
    this->AddRef();
    *ppvObject = static_cast<Interface*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

template class D3D11Shader<ID3D11VertexShader>;
template class D3D11Shader<ID3D11PixelShader>;
template class D3D11Shader<ID3D11GeometryShader>;
template class D3D11Shader<ID3D11ComputeShader>;
template class D3D11Shader<ID3D11HullShader>;
template class D3D11Shader<ID3D11DomainShader>;

}  // namespace d3dvk::runtime
