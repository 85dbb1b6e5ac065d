// runtime/d3d11/d3d11_shader.h — ID3D11VertexShader / ID3D11PixelShader /
// ID3D11GeometryShader / ID3D11HullShader / ID3D11DomainShader / ID3D11ComputeShader: the API objects for one DXBC
// blob, owning the driver's shader (pfnCreate*Shader in memory sized by pfnCalcPrivateShaderSize) until the
// last reference goes. The runtime validates the bytecode first (parsed with
// translate/dxbc: container, chunks, tokens and the program type) and keeps
// the reflection; pixel shaders also pass the conservative-rasterization rules
// of runtime/core/conservative_validator.h. A shader with SM5 interfaces
// keeps its IFCE data and interface declarations for *SetShader's class instances.
#pragma once

#include "d3d10umddi.h"
#include "d3dvk_stream_output_ddi.h"
#include "d3d11_device_child.h"
#include "d3d11_driver_object.h"
#include "dxbc/interfaces.h"
#include "dxbc/shader.h"

#include <memory>
#include <vector>

namespace d3dvk::runtime {

template <typename Interface>
class D3D11Shader final : public D3D11DeviceChild<Interface> {
 public:
  // Validates and creates; on failure returns null with *hr set and the debug messages reported.
  // A shader with SM5 interfaces needs its IFCE chunk; with a linkage, its class data is registered there.
  static D3D11Shader* create(D3D11Device& device, const void* bytecode, SIZE_T length,
                             class D3D11ClassLinkage* linkage, HRESULT* hr);
  // ID3D11GeometryShader only: the stream-output object of a geometry shader, or
  // of the vertex or domain shader streamed out without one (the bytecode and
  // declaration validated by the caller), through
  // pfnCreateGeometryShaderWithStreamOutput; `streamOutput.pShaderCode` is ignored.
  // `linkage`: a geometry shader's class linkage (its interfaces), or null.
  static D3D11Shader* createWithStreamOutput(D3D11Device& device, const void* bytecode, SIZE_T length,
                                             class D3D11ClassLinkage* linkage,
                                             const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT& streamOutput,
                                             HRESULT* hr);

  D3D10DDI_HSHADER ddiHandle() const { return driverObject_.handle(); }
  const dxbc::ShaderReflection& reflection() const { return reflection_; }
  // A stream-output object made of a vertex or domain shader (bound as the
  // geometry shader, it adds no geometry stage).
  bool streamOutputWithoutGeometryStage() const { return streamOutputWithoutGeometryStage_; }
  // SM5 interfaces: whether the shader calls through any, its IFCE data and its declarations
  // (the slot count, the slots an fcall can go through).
  bool usesInterfaces() const { return usesInterfaces_; }
  const dxbc::InterfaceInfo& interfaceInfo() const { return interfaceInfo_; }
  const dxbc::InterfaceDeclarations& interfaceDeclarations() const { return interfaceDeclarations_; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;

 private:
  explicit D3D11Shader(D3D11Device& device) : D3D11DeviceChild<Interface>(device) {}
  static D3D11Shader* createImpl(D3D11Device& device, const void* bytecode, SIZE_T length,
                                 class D3D11ClassLinkage* linkage,
                                 const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT* streamOutput, HRESULT* hr);
  dxbc::ShaderReflection reflection_;
  bool usesInterfaces_ = false;
  bool streamOutputWithoutGeometryStage_ = false;
  dxbc::InterfaceInfo interfaceInfo_;
  dxbc::InterfaceDeclarations interfaceDeclarations_;
  std::vector<D3D11_1DDIARG_SIGNATURE_ENTRY> inputs_, outputs_;
  std::vector<D3D11_1DDIARG_SIGNATURE_ENTRY> patchConstants_;  // hull and domain shaders: the PCSG
  DriverObject<D3D10DDI_HSHADER> driverObject_;
};

using D3D11VertexShader = D3D11Shader<ID3D11VertexShader>;
using D3D11PixelShader = D3D11Shader<ID3D11PixelShader>;
using D3D11GeometryShader = D3D11Shader<ID3D11GeometryShader>;
using D3D11ComputeShader = D3D11Shader<ID3D11ComputeShader>;
using D3D11HullShader = D3D11Shader<ID3D11HullShader>;
using D3D11DomainShader = D3D11Shader<ID3D11DomainShader>;

}  // namespace d3dvk::runtime
