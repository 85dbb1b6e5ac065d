// runtime/d3d11/d3d11_annotation.h — the immediate context's
// ID3DUserDefinedAnnotation (a part of the context object of its own, since
// its EndEvent returns INT where ID3D11DeviceContext2's returns void) and the
// event and marker path ID3D11DeviceContext2's BeginEventInt / SetMarkerInt /
// EndEvent share: labels in the device's Vulkan command stream through the
// UMD's D3DVKDebugLabel (d3dvk_debug_labels.h) when the instance takes them
// (D3DVK_VALIDATION, or D3DVK_DEBUG_LABELS=1). Without, D3D11's answers for an
// application not running under a capture tool: GetStatus FALSE, -1 from
// BeginEvent and EndEvent.
#pragma once

#include <d3d11_3.h>

#include <string>

namespace d3dvk::runtime {

class D3D11Device;

class D3D11UserDefinedAnnotation final : public ID3DUserDefinedAnnotation {
 public:
  D3D11UserDefinedAnnotation(ID3D11DeviceContext& context, D3D11Device& device) : context_(context), device_(device) {}

  // IUnknown: the context's (one object).
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override;
  ULONG STDMETHODCALLTYPE Release() override;
  INT STDMETHODCALLTYPE BeginEvent(LPCWSTR Name) override;
  INT STDMETHODCALLTYPE EndEvent() override;
  void STDMETHODCALLTYPE SetMarker(LPCWSTR Name) override;
  BOOL STDMETHODCALLTYPE GetStatus() override;

  // What both interfaces do: the events still open before (-1 without labels); the events still open after.
  INT begin(const std::string& utf8);
  INT end();
  void marker(const std::string& utf8);
  bool enabled();

  // A UTF-8 copy of a wide string (wide_string.h; NULL: empty); `data` appended as " (n)" when given.
  static std::string utf8(LPCWSTR text, const INT* data = nullptr);

 private:
  BOOL label(UINT op, const std::string& text);
  ID3D11DeviceContext& context_;
  D3D11Device& device_;
  INT open_ = 0;  // events begun and not ended
};

}  // namespace d3dvk::runtime
