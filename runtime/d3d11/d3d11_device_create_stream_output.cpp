// runtime/d3d11/d3d11_device_create_stream_output.cpp —
// ID3D11Device::CreateGeometryShaderWithStreamOutput: the bytecode (a geometry
// shader, or the vertex or domain shader whose output is streamed out with no
// geometry shader) and the declaration validated as D3D11 does
// (runtime/core/stream_output_validator.h), each broken rule E_INVALIDARG with
// the debug layer's message; a valid one reaches the driver's
// pfnCreateGeometryShaderWithStreamOutput (d3dvk_stream_output_ddi.h) as the
// DDI's register/mask entries. Without entries, a geometry shader rasterizing
// stream 0 is an ordinary geometry shader.
#include "d3d11_class_linkage.h"
#include "d3d11_device.h"
#include "d3d11_feature_level.h"
#include "d3d11_shader.h"
#include "stream_output_validator.h"

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D11Device::CreateGeometryShaderWithStreamOutput(
    const void* pShaderBytecode, SIZE_T BytecodeLength, const D3D11_SO_DECLARATION_ENTRY* pSODeclaration,
    UINT NumEntries, const UINT* pBufferStrides, UINT NumStrides, UINT RasterizedStream,
    ID3D11ClassLinkage* pClassLinkage, ID3D11GeometryShader** ppGeometryShader) try {
  constexpr const char* kFunction = "ID3D11Device::CreateGeometryShaderWithStreamOutput";
  if (ppGeometryShader) *ppGeometryShader = nullptr;
  auto reject = [&](int id, const char* name, const std::string& text) {
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name, kFunction, text);
    return E_INVALIDARG;
  };
  constexpr int kInvalidBytecode = D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSHADERBYTECODE;
  constexpr const char* kInvalidBytecodeName = "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSHADERBYTECODE";
  if (!pShaderBytecode || BytecodeLength == 0)
    return reject(kInvalidBytecode, kInvalidBytecodeName,
                  "Shader is corrupt or in an unrecognized format (null or empty bytecode).");
  dxbc::Shader parsed;
  try {
    parsed = dxbc::parseShader(std::span<const uint8_t>(static_cast<const uint8_t*>(pShaderBytecode), BytecodeLength));
  } catch (const std::bad_alloc&) {
    return E_OUTOFMEMORY;
  } catch (const std::exception& e) {
    return reject(kInvalidBytecode, kInvalidBytecodeName,
                  std::string("Shader is corrupt or in an unrecognized format: ") + e.what());
  }
  const dxbc::ProgramType type = parsed.program.type;
  if (type != dxbc::ProgramType::Geometry && type != dxbc::ProgramType::Vertex && type != dxbc::ProgramType::Domain)
    return reject(173, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSHADERTYPE",
                  "The shader must be a geometry shader, or the vertex or domain shader whose output is streamed "
                  "out without one.");
  if (const std::string refusal = shaderModelRefusal(GetFeatureLevel(), parsed); !refusal.empty())
    return reject(kInvalidBytecode, kInvalidBytecodeName, refusal);
  if (pClassLinkage && type != dxbc::ProgramType::Geometry)
    return reject(2097159, "CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDCLASSLINKAGE",
                  "A class linkage goes with a geometry shader only, not with a vertex or domain shader's output.");

  std::vector<SoEntry> entries;
  if (pSODeclaration)
    for (UINT i = 0; i < NumEntries && i <= kSoMaxEntries; ++i) {
      const D3D11_SO_DECLARATION_ENTRY& e = pSODeclaration[i];
      entries.push_back({e.Stream, e.SemanticName, e.SemanticIndex, e.StartComponent, e.ComponentCount, e.OutputSlot});
    }
  SoDeclarationCheck check;
  check.entries = entries.data();
  check.numEntries = NumEntries;
  if (!pSODeclaration) check.entries = nullptr;  // with NumEntries > 0: INVALIDNUMENTRIES
  check.strides = pBufferStrides;
  check.numStrides = NumStrides;
  check.rasterizedStream = RasterizedStream;
  check.multipleStreams = GetFeatureLevel() >= D3D_FEATURE_LEVEL_11_0;
  check.hasOutputSignature = parsed.container.find(dxbc::fourcc("OSGN")) || parsed.container.find(dxbc::fourcc("OSG5")) ||
                             parsed.container.find(dxbc::fourcc("OSG1"));
  for (const dxbc::SignatureElement& o : parsed.outputs.elements)
    if (o.registerIndex != 0xFFFFFFFFu)
      check.outputs.push_back({o.semanticName, o.semanticIndex, o.registerIndex, o.mask, o.stream});
  const SoDeclarationVerdict verdict = validateStreamOutputDeclaration(check);
  if (!verdict.messages.empty()) {
    for (const ValidationMessage& m : verdict.messages) reject(m.id, m.idName, m.text);
    return E_INVALIDARG;
  }
  if (removed()) return removedFailure(ppGeometryShader);
  if (!ppGeometryShader) return S_FALSE;  // validation only
  if (NumEntries == 0 && type == dxbc::ProgramType::Geometry && RasterizedStream == 0)
    return CreateGeometryShader(pShaderBytecode, BytecodeLength, pClassLinkage, ppGeometryShader);
  // The DDI's declaration (register and xyzw mask per entry, gaps), the slots' strides (given, else packed).
  const std::vector<D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY> ddiEntries = streamOutputDdiEntries(verdict);
  const D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT args{
      nullptr, ddiEntries.data(), UINT(ddiEntries.size()), verdict.strides.data(), 4,
      RasterizedStream == D3D11_SO_NO_RASTERIZED_STREAM ? D3D11DDI_SO_NO_RASTERIZED_STREAM : RasterizedStream};
  HRESULT hr = S_OK;
  D3D11GeometryShader* shader =
      D3D11GeometryShader::createWithStreamOutput(*this, pShaderBytecode, BytecodeLength,
                                                  static_cast<D3D11ClassLinkage*>(pClassLinkage), args, &hr);
  if (!shader) return hr;
  shader->AddRef();
  *ppGeometryShader = shader;
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
