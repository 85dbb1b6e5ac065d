// runtime/d3d11/d3d11_context_clear_view.cpp — ID3D11DeviceContext1::ClearView
// with D3D11's rules: render-target and unordered-access views (a depth-stencil
// or shader-resource view, a view of another device or of a Texture3D is an
// error: DEVICE_CLEARVIEW_INVALIDVIEW, nothing cleared); the same colour in
// every slice of the view, within the rectangles when given (clipped to the
// view; empty ones clear nothing); integer formats take the colour's values
// as integers (rounded toward zero, clamped to the format's range). d3dvk
// does not take rectangles for unordered-access views yet (a message says so).
#include "d3d11_context.h"
#include "d3d11_device.h"
#include "d3d11_view.h"

#include <string>
#include <vector>

namespace d3dvk::runtime {

void STDMETHODCALLTYPE D3D11ImmediateContext::ClearView(ID3D11View* pView, const FLOAT Color[4], const D3D11_RECT* pRect,
                                                        UINT NumRects) try {
  const auto contextEntryLock = lockEntry();
  static constexpr const char* kFunction = "ID3D11DeviceContext1::ClearView";
  auto reject = [&](const std::string& text) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDVIEW, "DEVICE_CLEARVIEW_INVALIDVIEW", kFunction,
                         text + " Nothing is cleared.");
  };
  if (!pView || !Color) return;
  if (NumRects && !pRect) return reject("NumRects is " + std::to_string(NumRects) + " but pRect is NULL.");
  ID3D11Device* owner = nullptr;
  pView->GetDevice(&owner);
  if (owner) owner->Release();
  if (owner != static_cast<ID3D11Device*>(&device_)) return reject("pView belongs to another device.");
  // Which kind of view (one reference taken and dropped: the caller holds the view).
  ID3D11RenderTargetView* rtv = nullptr;
  ID3D11UnorderedAccessView* uav = nullptr;
  if (SUCCEEDED(pView->QueryInterface(__uuidof(ID3D11RenderTargetView), reinterpret_cast<void**>(&rtv)))) rtv->Release();
  else if (SUCCEEDED(pView->QueryInterface(__uuidof(ID3D11UnorderedAccessView), reinterpret_cast<void**>(&uav))))
    uav->Release();
  if (!rtv && !uav) return reject("pView must be a render-target or unordered-access view (depth-stencil views: ClearDepthStencilView).");
  bool texture3D = false;
  if (rtv) {
    D3D11_RENDER_TARGET_VIEW_DESC d;
    rtv->GetDesc(&d);
    texture3D = d.ViewDimension == D3D11_RTV_DIMENSION_TEXTURE3D;
  } else {
    D3D11_UNORDERED_ACCESS_VIEW_DESC d;
    uav->GetDesc(&d);
    texture3D = d.ViewDimension == D3D11_UAV_DIMENSION_TEXTURE3D;
  }
  if (texture3D) return reject("ClearView does not clear views of a Texture3D.");
  if (uav && NumRects) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_WARNING,
                         D3D11_MESSAGE_ID_DEVICE_CLEARVIEW_INVALIDVIEW, "DEVICE_CLEARVIEW_INVALIDVIEW", kFunction,
                         "d3dvk does not clear rectangles of an unordered-access view yet; nothing is cleared.");
    return;
  }
  std::vector<D3D10_DDI_RECT> rects(pRect, pRect + NumRects);
  DdiDevice& ddi = driver();
  if (rtv)
    ddi.funcs().pfnClearView(ddi.handle(), D3D10DDI_HT_RENDERTARGETVIEW,
                             static_cast<D3D11RenderTargetView*>(rtv)->ddiHandle().pDrvPrivate, Color,
                             rects.empty() ? nullptr : rects.data(), NumRects);
  else
    ddi.funcs().pfnClearView(ddi.handle(), D3D11DDI_HT_UNORDEREDACCESSVIEW,
                             static_cast<D3D11UnorderedAccessView*>(uav)->ddiHandle().pDrvPrivate, Color, nullptr, 0);
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
