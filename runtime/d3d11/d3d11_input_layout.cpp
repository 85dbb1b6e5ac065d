// runtime/d3d11/d3d11_input_layout.cpp — see d3d11_input_layout.h.
#include "d3d11_input_layout.h"
#include "d3dvk_checked_math.h"

#include "d3d11_device.h"
#include "dxbc/shader.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <new>
#include <span>
#include <strings.h>
#include <vector>

namespace d3dvk::runtime {
namespace {

constexpr const char* kFunction = "ID3D11Device::CreateInputLayout";

}  // namespace

UINT vertexElementBytes(DXGI_FORMAT f) {
  switch (f) {
    case DXGI_FORMAT_R32G32B32A32_FLOAT: case DXGI_FORMAT_R32G32B32A32_UINT: case DXGI_FORMAT_R32G32B32A32_SINT:
      return 16;
    case DXGI_FORMAT_R32G32B32_FLOAT: case DXGI_FORMAT_R32G32B32_UINT: case DXGI_FORMAT_R32G32B32_SINT: return 12;
    case DXGI_FORMAT_R32G32_FLOAT: case DXGI_FORMAT_R32G32_UINT: case DXGI_FORMAT_R32G32_SINT:
    case DXGI_FORMAT_R16G16B16A16_FLOAT: case DXGI_FORMAT_R16G16B16A16_UNORM: case DXGI_FORMAT_R16G16B16A16_UINT:
    case DXGI_FORMAT_R16G16B16A16_SNORM: case DXGI_FORMAT_R16G16B16A16_SINT: return 8;
    case DXGI_FORMAT_R32_FLOAT: case DXGI_FORMAT_R32_UINT: case DXGI_FORMAT_R32_SINT:
    case DXGI_FORMAT_R16G16_FLOAT: case DXGI_FORMAT_R16G16_UNORM: case DXGI_FORMAT_R16G16_UINT:
    case DXGI_FORMAT_R16G16_SNORM: case DXGI_FORMAT_R16G16_SINT:
    case DXGI_FORMAT_R8G8B8A8_UNORM: case DXGI_FORMAT_R8G8B8A8_UINT: case DXGI_FORMAT_R8G8B8A8_SNORM:
    case DXGI_FORMAT_R8G8B8A8_SINT: case DXGI_FORMAT_B8G8R8A8_UNORM:
    case DXGI_FORMAT_R10G10B10A2_UNORM: case DXGI_FORMAT_R10G10B10A2_UINT: case DXGI_FORMAT_R11G11B10_FLOAT: return 4;
    case DXGI_FORMAT_R8G8_UNORM: case DXGI_FORMAT_R8G8_UINT: case DXGI_FORMAT_R8G8_SNORM: case DXGI_FORMAT_R8G8_SINT:
    case DXGI_FORMAT_R16_FLOAT: case DXGI_FORMAT_R16_UNORM: case DXGI_FORMAT_R16_UINT: case DXGI_FORMAT_R16_SNORM:
    case DXGI_FORMAT_R16_SINT: return 2;
    case DXGI_FORMAT_R8_UNORM: case DXGI_FORMAT_R8_UINT: case DXGI_FORMAT_R8_SNORM: case DXGI_FORMAT_R8_SINT: return 1;
    default: return 0;
  }
}

D3D11InputLayout* D3D11InputLayout::create(D3D11Device& device, const D3D11_INPUT_ELEMENT_DESC* elements, UINT count,
                                           const void* bytecode, SIZE_T length, HRESULT* hr) {
  auto reject = [&](int id, const char* name, const std::string& text) -> D3D11InputLayout* {
    device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name, kFunction, text);
    *hr = E_INVALIDARG;
    return nullptr;
  };
  if (count > D3D11_IA_VERTEX_INPUT_STRUCTURE_ELEMENT_COUNT)
    return reject(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_NULLDESC, "CREATEINPUTLAYOUT_NULLDESC",
                  "NumElements (" + std::to_string(count) + ") exceeds 32.");
  if (count && !elements)
    return reject(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_NULLDESC, "CREATEINPUTLAYOUT_NULLDESC",
                  "pInputElementDescs is NULL.");
  if (!bytecode || length == 0)
    return reject(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_MISSINGELEMENT, "CREATEINPUTLAYOUT_MISSINGELEMENT",
                  "The shader bytecode with the input signature is NULL.");
  dxbc::ShaderReflection vs;
  try {
    vs = dxbc::reflect(dxbc::parseShader(std::span<const uint8_t>(static_cast<const uint8_t*>(bytecode), length)));
  } catch (const std::bad_alloc&) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  } catch (const std::exception& e) {
    return reject(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_MISSINGELEMENT, "CREATEINPUTLAYOUT_MISSINGELEMENT",
                  std::string("The input signature cannot be parsed: ") + e.what());
  }

  // Resolve offsets (APPEND_ALIGNED continues after the previous element of the same slot).
  std::vector<D3D10DDIARG_INPUT_ELEMENT_DESC> ddi(count);
  UINT slotEnd[D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT] = {};
  std::vector<bool> matched(count, false);
  for (UINT i = 0; i < count; ++i) {
    const D3D11_INPUT_ELEMENT_DESC& e = elements[i];
    const UINT bytes = vertexElementBytes(e.Format);
    if (!e.SemanticName)
      return reject(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_NULLDESC, "CREATEINPUTLAYOUT_NULLDESC",
                    "Element[" + std::to_string(i) + "]'s SemanticName is NULL.");
    if (bytes == 0 || e.InputSlot >= D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT ||
        (e.InputSlotClass != D3D11_INPUT_PER_VERTEX_DATA && e.InputSlotClass != D3D11_INPUT_PER_INSTANCE_DATA))
      return reject(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_NULLDESC, "CREATEINPUTLAYOUT_NULLDESC",
                    "Element[" + std::to_string(i) + "] (" + e.SemanticName +
                        ") has an unsupported format, an input slot above 31 or an invalid slot class.");
    // APPEND_ALIGNED: right after the slot's previous element, padded to this element's alignment.
    const UINT alignment = std::min(bytes, 4u);
    const UINT offset = e.AlignedByteOffset == D3D11_APPEND_ALIGNED_ELEMENT
                            ? (slotEnd[e.InputSlot] + alignment - 1) / alignment * alignment
                            : e.AlignedByteOffset;
    if (offset % std::min(bytes, 4u) != 0 ||
        !fitsWithin(offset, bytes, D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES))
      return reject(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_INVALIDALIGNMENT, "CREATEINPUTLAYOUT_INVALIDALIGNMENT",
                    "Element[" + std::to_string(i) + "] (" + e.SemanticName + ") has AlignedByteOffset " +
                        std::to_string(offset) + ", which is not a multiple of " +
                        std::to_string(std::min(bytes, 4u)) + " or ends past the " +
                        std::to_string(D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES) + "-byte vertex.");
    slotEnd[e.InputSlot] = offset + bytes;
    ddi[i] = {e.InputSlot, offset, e.Format, D3D10_DDI_INPUT_CLASSIFICATION(e.InputSlotClass),
              e.InputSlotClass == D3D11_INPUT_PER_INSTANCE_DATA ? e.InstanceDataStepRate : 0u, 0u};
  }
  // Every shader input (other than system-generated values) needs an element; elements
  // take their register from the signature. Unused elements are allowed (and skipped).
  std::vector<D3D10DDIARG_INPUT_ELEMENT_DESC> used;
  for (const dxbc::SignatureElement& in : vs.inputs.elements) {
    if (in.systemValue != 0) continue;  // SV_VertexID, SV_InstanceID: generated, not fetched
    bool found = false;
    for (UINT i = 0; i < count; ++i) {
      if (strcasecmp(elements[i].SemanticName, in.semanticName.c_str()) == 0 && elements[i].SemanticIndex == in.semanticIndex) {
        D3D10DDIARG_INPUT_ELEMENT_DESC d = ddi[i];
        d.InputRegister = in.registerIndex;
        used.push_back(d);
        found = true;
        break;
      }
    }
    if (!found)
      return reject(D3D11_MESSAGE_ID_CREATEINPUTLAYOUT_MISSINGELEMENT, "CREATEINPUTLAYOUT_MISSINGELEMENT",
                    "The provided input signature expects to read an element with SemanticName/Index: '" +
                        in.semanticName + "'/" + std::to_string(in.semanticIndex) +
                        ", but the declaration doesn't provide a matching name.");
  }

  std::unique_ptr<D3D11InputLayout> layout(new (std::nothrow) D3D11InputLayout(device));
  if (!layout) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  }
  D3D10DDIARG_CREATEELEMENTLAYOUT args{used.data(), UINT(used.size())};
  DdiDevice& dd = device.ddi();
  *hr = layout->driverObject_.create(
      dd, dd.funcs().pfnDestroyElementLayout,
      [&] { return dd.funcs().pfnCalcPrivateElementLayoutSize(dd.handle(), &args); },
      [&](D3D10DDI_HELEMENTLAYOUT h) {
        dd.funcs().pfnCreateElementLayout(dd.handle(), &args, h, D3D10DDI_HRTELEMENTLAYOUT{layout.get()});
      });
  return SUCCEEDED(*hr) ? layout.release() : nullptr;
}

HRESULT STDMETHODCALLTYPE D3D11InputLayout::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11InputLayout)) {
    AddRef();
    *ppvObject = static_cast<ID3D11InputLayout*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
