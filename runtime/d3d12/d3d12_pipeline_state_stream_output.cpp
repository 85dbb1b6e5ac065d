// runtime/d3d12/d3d12_pipeline_state_stream_output.cpp — a graphics PSO's
// D3D12_STREAM_OUTPUT_DESC: validated against the output signature of the last
// stage before the rasterizer (geometry, else domain, else vertex shader) with
// the rules D3D11's CreateGeometryShaderWithStreamOutput shares
// (runtime/core/stream_output_validator.h; D3D12's debug-layer IDs), the root
// signature's D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT checked, and the
// declaration handed to the driver's pfnCreateGeometryShaderWithStreamOutput
// with that stage's bytecode (ddi/umd/d3d12/stream_output12.h).
#include "d3d12_pipeline_state.h"

#include "d3d12_debug.h"
#include "d3d12_ddi_device.h"
#include "d3d12_root_signature.h"
#include "dxbc/shader.h"
#include "stream_output_validator.h"

#include <cstring>

namespace d3dvk::runtime {
namespace {


// The D3D12 debug layer's ID of a stream-output rule (stream_output_validator's names).
D3D12_MESSAGE_ID d3d12Id(const std::string& name) {
  static const struct {
    const char* name;
    D3D12_MESSAGE_ID id;
  } kIds[] = {
#define D3DVK_SO_ID(n) {"CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_" #n, D3D12_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_##n}
      D3DVK_SO_ID(INVALIDNUMENTRIES),      D3DVK_SO_ID(INVALIDOUTPUTSLOT),
      D3DVK_SO_ID(INVALIDCOMPONENTCOUNT),  D3DVK_SO_ID(INVALIDSTARTCOMPONENTANDCOMPONENTCOUNT),
      D3DVK_SO_ID(INVALIDGAPDEFINITION),   D3DVK_SO_ID(REPEATEDOUTPUT),
      D3DVK_SO_ID(INVALIDOUTPUTSTREAMSTRIDE), D3DVK_SO_ID(MISSINGSEMANTIC),
      D3DVK_SO_ID(MASKMISMATCH),           D3DVK_SO_ID(CANTHAVEONLYGAPS),
      D3DVK_SO_ID(DECLTOOCOMPLEX),         D3DVK_SO_ID(MISSINGOUTPUTSIGNATURE),
      D3DVK_SO_ID(TRAILING_DIGIT_IN_SEMANTIC), D3DVK_SO_ID(INVALIDSTREAMTORASTERIZER),
      D3DVK_SO_ID(INVALIDSTREAM),          D3DVK_SO_ID(INVALIDNUMSTRIDES),
#undef D3DVK_SO_ID
  };
  for (const auto& e : kIds)
    if (name == e.name) return e.id;
  return D3D12_MESSAGE_ID_UNKNOWN;
}

}  // namespace

HRESULT D3D12PipelineState::addStreamOutput(const D3D12_GRAPHICS_PIPELINE_STATE_DESC& d, D3D12DDI_HSHADER* out) {
  *out = {};
  const D3D12_STREAM_OUTPUT_DESC& so = d.StreamOutput;
  const bool geometry = d.GS.BytecodeLength != 0, domain = d.DS.BytecodeLength != 0;
  const D3D12_SHADER_BYTECODE& code = geometry ? d.GS : domain ? d.DS : d.VS;
  // addShader has checked the bytecode: a DXBC container of its stage.
  const auto* bytes = static_cast<const uint8_t*>(code.pShaderBytecode);
  uint32_t size = 0;
  std::memcpy(&size, bytes + 24, 4);
  const dxbc::Shader parsed = dxbc::parseShader({bytes, size});

  std::vector<SoEntry> entries;
  if (so.pSODeclaration)
    for (UINT i = 0; i < so.NumEntries && i <= kSoMaxEntries; ++i) {
      const D3D12_SO_DECLARATION_ENTRY& e = so.pSODeclaration[i];
      entries.push_back({e.Stream, e.SemanticName, e.SemanticIndex, e.StartComponent, e.ComponentCount, e.OutputSlot});
    }
  SoDeclarationCheck check;
  check.entries = so.pSODeclaration ? entries.data() : nullptr;  // NULL with NumEntries > 0: INVALIDNUMENTRIES
  check.numEntries = so.NumEntries;
  check.strides = so.pBufferStrides;
  check.numStrides = so.NumStrides;
  check.rasterizedStream = so.RasterizedStream;
  check.multipleStreams = true;  // D3D12 devices are feature level 11_0 and up
  check.hasOutputSignature = parsed.container.find(dxbc::fourcc("OSGN")) || parsed.container.find(dxbc::fourcc("OSG5")) ||
                             parsed.container.find(dxbc::fourcc("OSG1"));
  for (const dxbc::SignatureElement& o : parsed.outputs.elements)
    if (o.registerIndex != 0xFFFFFFFFu)
      check.outputs.push_back({o.semanticName, o.semanticIndex, o.registerIndex, o.mask, o.stream});
  const SoDeclarationVerdict verdict = validateStreamOutputDeclaration(check);
  if (!verdict.messages.empty()) {
    for (const ValidationMessage& m : verdict.messages) {
      device()->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, d3d12Id(m.idName),
                             m.idName, function_, "StreamOutput: " + m.text);
      d3d12Error(function_, "StreamOutput: " + m.text);
    }
    return E_INVALIDARG;
  }
  if (!so.NumEntries) return S_OK;  // nothing captured: an ordinary pipeline state
  // A vertex or domain shader's output is stream 0: it rasterizes that or nothing.
  if (!geometry && so.RasterizedStream != 0 && so.RasterizedStream != D3D12_SO_NO_RASTERIZED_STREAM) {
    const std::string text = "StreamOutput: RasterizedStream is " + std::to_string(so.RasterizedStream) + ", but the " +
                             (domain ? "domain" : "vertex") +
                             " shader whose output is captured writes stream 0 only (0 or D3D12_SO_NO_RASTERIZED_STREAM)";
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                           D3DVK_D3D12_MESSAGE_ID(CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAMTORASTERIZER), function_,
                           text);
    d3d12Error(function_, text);
    return E_INVALIDARG;
  }
  // Stream output needs the root signature's permission.
  if (!(rootSignature_->desc().flags & D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT)) {
    const std::string text = std::string("Root Signature doesn't match ") + (geometry ? "Geometry" : domain ? "Domain" : "Vertex") +
                             " Shader: the pipeline state streams output (StreamOutput.NumEntries is " +
                             std::to_string(so.NumEntries) +
                             ") but the root signature lacks D3D12_ROOT_SIGNATURE_FLAG_ALLOW_STREAM_OUTPUT";
    device()->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
                           geometry ? D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_GS_ROOT_SIGNATURE_MISMATCH
                           : domain ? D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_DS_ROOT_SIGNATURE_MISMATCH
                                    : D3D12_MESSAGE_ID_CREATEGRAPHICSPIPELINESTATE_VS_ROOT_SIGNATURE_MISMATCH,
                           geometry ? "CREATEGRAPHICSPIPELINESTATE_GS_ROOT_SIGNATURE_MISMATCH"
                           : domain ? "CREATEGRAPHICSPIPELINESTATE_DS_ROOT_SIGNATURE_MISMATCH"
                                    : "CREATEGRAPHICSPIPELINESTATE_VS_ROOT_SIGNATURE_MISMATCH",
                           function_, text);
    d3d12Error(function_, text);
    return E_INVALIDARG;
  }
  const std::vector<D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY> common = streamOutputDdiEntries(verdict);
  std::vector<D3D12DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY> ddiEntries;
  for (const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY& e : common)
    ddiEntries.push_back({e.Stream, e.OutputSlot, e.RegisterIndex, e.RegisterMask});
  const DdiDevice12& ddi = device()->ddi();
  const D3D12DDIARG_CREATE_GEOMETRY_SHADER_WITH_STREAM_OUTPUT args{
      static_cast<const UINT*>(code.pShaderBytecode), rootSignature_->ddiHandle(), ddiEntries.data(),
      UINT(ddiEntries.size()), verdict.strides.data(), 4, so.RasterizedStream};
  const D3D12DDIARG_STAGE_IO_SIGNATURES signatures{};
  Part part{Part::Shader,
            driverMemory(ddi.core().pfnCalcPrivateGeometryShaderWithStreamOutput(ddi.handle(), &args, &signatures))};
  const D3D12DDI_HSHADER handle{part.memory.get()};
  DdiErrorScope12 scope;
  ddi.core().pfnCreateGeometryShaderWithStreamOutput(ddi.handle(), &args, handle, &signatures,
                                                     D3D12DDI_CREATE_SHADER_FLAG_NONE);
  if (FAILED(scope.first())) {
    d3d12Error(function_, "StreamOutput: the driver could not create the stream-output shader (see its message above)");
    return scope.first();
  }
  parts_.push_back(std::move(part));
  *out = handle;
  return S_OK;
}

}  // namespace d3dvk::runtime
