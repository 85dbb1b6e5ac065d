// tests/draw: ID3DUserDefinedAnnotation and ID3D11DeviceContext2's events and
// markers. With labels on (D3DVK_DEBUG_LABELS=1; the validation layer also
// turns them on) they are VK_EXT_debug_utils labels in the command stream —
// the layer checks their balance — and BeginEvent/EndEvent count the open
// events; a UMD without labels (the DDI trace filter) gives D3D11's answers
// for an application outside a capture tool: GetStatus FALSE and -1. Draws
// between labels render as without them (pixels read back).
#include "../render/checked_device.h"
#include "../../runtime/core/wide_string.h"
#include "draw_test_util.h"

#include <array>

using namespace d3dvk::test;

namespace {

Com<ID3DUserDefinedAnnotation> annotationOf(RenderDevice& d) {
  Com<ID3DUserDefinedAnnotation> a;
  REQUIRE(d.context->QueryInterface(__uuidof(ID3DUserDefinedAnnotation), reinterpret_cast<void**>(a.out())) == S_OK);
  return a;
}

}  // namespace

TEST_CASE("ID3DUserDefinedAnnotation labels the command stream and counts open events",
          "[draw][annotations][pixels]") {
  ScopedEnv labels("D3DVK_DEBUG_LABELS", "1");
  RenderDevice d;
  DrawTarget t(d, 8, 8);
  const Com<ID3DUserDefinedAnnotation> a = annotationOf(d);
  // One object with the context: its IUnknown is the context's.
  Com<IUnknown> fromAnnotation, fromContext;
  REQUIRE(a->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(fromAnnotation.out())) == S_OK);
  REQUIRE(d.context->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(fromContext.out())) == S_OK);
  CHECK(fromAnnotation.get() == fromContext.get());
  Com<ID3D11DeviceContext2> context2;
  REQUIRE(a->QueryInterface(__uuidof(ID3D11DeviceContext2), reinterpret_cast<void**>(context2.out())) == S_OK);

  CHECK(a->GetStatus() == TRUE);
  CHECK(context2->IsAnnotationEnabled() == TRUE);
  CHECK(a->EndEvent() == -1);  // nothing open: nothing ended
  CHECK(a->BeginEvent(L"frame") == 0);
  CHECK(a->BeginEvent(L"pass \u00e9") == 1);
  a->SetMarker(L"before the draw");
  const Vertex v[3] = {{-1, -1, 0.5f, 0.25f, 1, 1}, {-1, 3, 0.5f, 0.25f, 1, 1}, {3, -1, 0.5f, 0.25f, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, v, sizeof v, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->Draw(3, 0);
  context2->BeginEventInt(L"nested", 7);
  context2->SetMarkerInt(L"marker", 3);
  context2->EndEvent();
  CHECK(a->EndEvent() == 1);
  d.context->Flush();  // the labels cross a submission
  CHECK(a->EndEvent() == 0);
  CHECK(a->EndEvent() == -1);
  for (const auto& p : t.pixels()) CHECK(p == std::array<float, 4>{0.5f, 0.25f, 1, 1});
}

TEST_CASE("without labels ID3DUserDefinedAnnotation answers as outside a capture tool", "[draw][annotations]") {
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);  // a UMD without D3DVKDebugLabel
  RenderDevice d;
  const Com<ID3DUserDefinedAnnotation> a = annotationOf(d);
  CHECK(a->GetStatus() == FALSE);
  CHECK(a->BeginEvent(L"frame") == -1);
  a->SetMarker(L"marker");
  CHECK(a->EndEvent() == -1);
  Com<ID3D11DeviceContext2> context2;
  REQUIRE(d.context->QueryInterface(__uuidof(ID3D11DeviceContext2), reinterpret_cast<void**>(context2.out())) == S_OK);
  CHECK(context2->IsAnnotationEnabled() == FALSE);
}

TEST_CASE("annotation names reach the UMD as UTF-8", "[draw][annotations]") {
  using d3dvk::runtime::utf8FromWide;
  // One, two, three and four UTF-8 bytes (the encodings written out by hand).
  CHECK(utf8FromWide(L"a\u00e9\u20ac\U0001F600") == "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
  const wchar_t invalid[] = {wchar_t(0x110000), 0};
  CHECK(utf8FromWide(invalid) == "\xef\xbf\xbd");
  CHECK(utf8FromWide(nullptr).empty());
}

TEST_CASE("a deferred context's ID3DUserDefinedAnnotation records events and markers that replay on the immediate "
          "context",
          "[draw][annotations][deferred]") {
  ScopedEnv labels("D3DVK_DEBUG_LABELS", "1");
  RenderDevice d;
  const Com<ID3DUserDefinedAnnotation> immediate = annotationOf(d);
  Com<ID3D11DeviceContext> deferred;
  REQUIRE(d->CreateDeferredContext(0, deferred.out()) == S_OK);
  Com<ID3DUserDefinedAnnotation> a;
  REQUIRE(deferred->QueryInterface(__uuidof(ID3DUserDefinedAnnotation), reinterpret_cast<void**>(a.out())) == S_OK);
  Com<IUnknown> fromAnnotation, fromContext;
  REQUIRE(a->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(fromAnnotation.out())) == S_OK);
  REQUIRE(deferred->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(fromContext.out())) == S_OK);
  CHECK(fromAnnotation.get() == fromContext.get());
  CHECK(a->GetStatus() == TRUE);
  CHECK(a->EndEvent() == -1);
  CHECK(a->BeginEvent(L"outer") == 0);
  CHECK(a->BeginEvent(L"inner") == 1);
  a->SetMarker(L"marker");
  CHECK(a->EndEvent() == 1);  // "outer" stays open in the list
  Com<ID3D11CommandList> list;
  REQUIRE(deferred->FinishCommandList(FALSE, list.out()) == S_OK);
  CHECK(immediate->EndEvent() == -1);  // nothing open on the immediate context yet
  d.context->ExecuteCommandList(list.get(), FALSE);
  CHECK(immediate->EndEvent() == 0);  // the list's "outer", ended here
  CHECK(immediate->EndEvent() == -1);
}
