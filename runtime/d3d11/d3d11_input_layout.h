// runtime/d3d11/d3d11_input_layout.h — ID3D11InputLayout: the API object for
// one element list checked against a vertex shader's input signature, owning
// the driver's element layout (pfnCreateElementLayout) until the last reference
// goes. Each element reaches the DDI with its input register (v#) from the
// signature and a resolved byte offset (D3D11_APPEND_ALIGNED_ELEMENT).
#pragma once

#include "d3d10umddi.h"
#include "d3d11_device_child.h"
#include "d3d11_driver_object.h"

#include <memory>

namespace d3dvk::runtime {

// Bytes of one element of a D3D11 vertex format (0: not a vertex format).
UINT vertexElementBytes(DXGI_FORMAT format);

class D3D11InputLayout final : public D3D11DeviceChild<ID3D11InputLayout> {
 public:
  // Validates and creates; on failure returns null with *hr set and the debug messages reported.
  static D3D11InputLayout* create(D3D11Device& device, const D3D11_INPUT_ELEMENT_DESC* elements, UINT count,
                                  const void* bytecode, SIZE_T length, HRESULT* hr);

  D3D10DDI_HELEMENTLAYOUT ddiHandle() const { return driverObject_.handle(); }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;

 private:
  explicit D3D11InputLayout(D3D11Device& device) : D3D11DeviceChild(device) {}
  DriverObject<D3D10DDI_HELEMENTLAYOUT> driverObject_;
};

}  // namespace d3dvk::runtime
