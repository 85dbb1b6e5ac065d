// runtime/d3d11/d3d11_annotation.cpp — see d3d11_annotation.h.
#include "d3d11_annotation.h"

#include "d3d11_context.h"
#include "d3d11_device.h"
#include "d3dvk_entry_guard.h"
#include "wide_string.h"

namespace d3dvk::runtime {

HRESULT STDMETHODCALLTYPE D3D11UserDefinedAnnotation::QueryInterface(REFIID riid, void** ppvObject) try {
  return context_.QueryInterface(riid, ppvObject);
} D3DVK_CATCH_HRESULT
ULONG STDMETHODCALLTYPE D3D11UserDefinedAnnotation::AddRef() try { return context_.AddRef(); } D3DVK_CATCH_RETURN({})
ULONG STDMETHODCALLTYPE D3D11UserDefinedAnnotation::Release() try { return context_.Release(); } D3DVK_CATCH_RETURN({})

INT STDMETHODCALLTYPE D3D11UserDefinedAnnotation::BeginEvent(LPCWSTR Name) try {
  return begin(utf8(Name));
} D3DVK_CATCH_RETURN(-1)
INT STDMETHODCALLTYPE D3D11UserDefinedAnnotation::EndEvent() try { return end(); } D3DVK_CATCH_RETURN(-1)
void STDMETHODCALLTYPE D3D11UserDefinedAnnotation::SetMarker(LPCWSTR Name) try { marker(utf8(Name)); } D3DVK_CATCH_VOID
BOOL STDMETHODCALLTYPE D3D11UserDefinedAnnotation::GetStatus() try { return enabled(); } D3DVK_CATCH_RETURN(FALSE)

BOOL D3D11UserDefinedAnnotation::label(UINT op, const std::string& text) {
  DdiDevice& ddi = device_.ddi();
  const PFN_D3DVKDebugLabel f = ddi.adapter().debugLabel();
  return f && f(ddi.handle(), op, text.c_str());
}

bool D3D11UserDefinedAnnotation::enabled() { return label(D3DVK_DEBUG_LABEL_QUERY, {}) != FALSE; }

INT D3D11UserDefinedAnnotation::begin(const std::string& text) {
  if (!label(D3DVK_DEBUG_LABEL_BEGIN, text)) return -1;
  return open_++;
}

INT D3D11UserDefinedAnnotation::end() {
  // Nothing open: nothing to end (an unmatched end would unbalance the command stream's labels).
  if (open_ == 0 || !label(D3DVK_DEBUG_LABEL_END, {})) return -1;
  return --open_;
}

void D3D11UserDefinedAnnotation::marker(const std::string& text) { label(D3DVK_DEBUG_LABEL_MARKER, text); }

std::string D3D11UserDefinedAnnotation::utf8(LPCWSTR text, const INT* data) {
  std::string out = utf8FromWide(text);
  if (data) out += " (" + std::to_string(*data) + ")";
  return out;
}

BOOL STDMETHODCALLTYPE D3D11ImmediateContext::IsAnnotationEnabled() try {
  const auto contextEntryLock = lockEntry();
  return annotation_.enabled();
} D3DVK_CATCH_RETURN(FALSE)

void STDMETHODCALLTYPE D3D11ImmediateContext::SetMarkerInt(LPCWSTR pLabel, INT Data) try {
  const auto contextEntryLock = lockEntry();
  annotation_.marker(D3D11UserDefinedAnnotation::utf8(pLabel, &Data));
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::BeginEventInt(LPCWSTR pLabel, INT Data) try {
  const auto contextEntryLock = lockEntry();
  annotation_.begin(D3D11UserDefinedAnnotation::utf8(pLabel, &Data));
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::EndEvent() try {
  const auto contextEntryLock = lockEntry();
  annotation_.end();
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
