// tests/draw: stream output through the public D3D11 API on the real UMD:
// CreateGeometryShaderWithStreamOutput's validation of the declaration (each
// broken rule E_INVALIDARG with its debug-layer message ID, a valid one S_FALSE
// when only validating, with a geometry shader or the vertex shader of the
// NULL-geometry-shader form), and the SOSetTargets / SOGetTargets bindings
// (references, the bind-flag and offset rules, ClearState, the hazard rule
// against shader-resource slots). The capture itself: test_draw_stream_output_capture.cpp.
#include "../render/checked_device.h"
#include "draw_test_util.h"

#include <functional>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// Triangles passed through; outputs SV_Position (o0), COLOR (o1) and TEXCOORD.xy (o2).
const char kGsPassThrough[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
// TEXCOORD                 0   xy          2     NONE   float   xy
//
gs_5_0
dcl_input_siv v[3][0].xyzw, position
dcl_input v[3][1].xyzw
dcl_temps 1
dcl_inputprimitive triangle
dcl_stream m0
dcl_outputtopology trianglestrip
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xy
dcl_maxout 3
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(3)
  breakc_nz r0.y
  mov o0.xyzw, v[r0.x + 0][0].xyzw
  mov o1.xyzw, v[r0.x + 0][1].xyzw
  mov o2.xy, l(0.5, 0.25, 0, 0)
  emit_stream m0
  iadd r0.x, r0.x, l(1)
endloop
ret
)";

struct SoDevice {
  RenderDevice d{D3D11_CREATE_DEVICE_DEBUG};
  Com<ID3D11InfoQueue> queue;
  std::vector<uint8_t> gs = assembled(kGsPassThrough), vs = assembled(kVsColor), ps = assembled(kPsColor);
  SoDevice() {
    REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
    queue->SetMuteDebugOutput(TRUE);
  }
  std::vector<D3D11_MESSAGE_ID> ids() {
    std::vector<D3D11_MESSAGE_ID> out;
    for (const StoredMessage& m : drainMessages(queue.get())) out.push_back(m.id);
    return out;
  }
  Com<ID3D11Buffer> buffer(UINT bind, UINT bytes = 256) {
    const D3D11_BUFFER_DESC desc{bytes, D3D11_USAGE_DEFAULT, bind, 0, 0, 0};
    Com<ID3D11Buffer> b;
    REQUIRE(d->CreateBuffer(&desc, nullptr, b.out()) == S_OK);
    return b;
  }
};

// What CreateGeometryShaderWithStreamOutput is given.
struct SoCall {
  std::vector<D3D11_SO_DECLARATION_ENTRY> entries{{0, "SV_Position", 0, 0, 4, 0}, {0, "COLOR", 0, 0, 4, 0}};
  std::vector<UINT> strides{32};
  UINT numEntries() const { return UINT(entries.size()); }
  UINT rasterizedStream = 0;
};

HRESULT create(SoDevice& s, const SoCall& c, const std::vector<uint8_t>& code, ID3D11GeometryShader** out,
               ID3D11ClassLinkage* linkage = nullptr) {
  return s.d->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), c.entries.data(), c.numEntries(),
                                                   c.strides.empty() ? nullptr : c.strides.data(),
                                                   UINT(c.strides.size()), c.rasterizedStream, linkage, out);
}

ULONG refCount(IUnknown* object) {
  object->AddRef();
  return object->Release();
}

}  // namespace

TEST_CASE("CreateGeometryShaderWithStreamOutput accepts a valid declaration when only validating", "[stream-output]") {
  SoDevice s;
  SoCall c;
  CHECK(create(s, c, s.gs, nullptr) == S_FALSE);
  // The NULL-geometry-shader form: the vertex shader whose output is streamed out.
  CHECK(create(s, c, s.vs, nullptr) == S_FALSE);
  // Components of a register, a gap, two slots, no rasterized stream.
  c.entries = {{0, "COLOR", 0, 1, 2, 0}, {0, nullptr, 0, 0, 3, 0}, {0, "TEXCOORD", 0, 0, 2, 1}};
  c.strides = {20, 8};
  c.rasterizedStream = D3D11_SO_NO_RASTERIZED_STREAM;
  CHECK(create(s, c, s.gs, nullptr) == S_FALSE);
  CHECK(s.ids().empty());
}

TEST_CASE("CreateGeometryShaderWithStreamOutput refuses each broken declaration rule with its message", "[stream-output]") {
  struct Case {
    const char* name;
    std::function<void(SoCall&)> edit;
    D3D11_MESSAGE_ID id;
  };
  const Case cases[] = {
      {"stream 4", [](SoCall& c) { c.entries[1].Stream = 4; }, D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAM},
      {"output slot 4", [](SoCall& c) { c.entries[0].OutputSlot = 4; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSLOT},
      {"no components", [](SoCall& c) { c.entries[1].ComponentCount = 0; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDCOMPONENTCOUNT},
      {"components past w", [](SoCall& c) { c.entries[1] = {0, "COLOR", 0, 2, 3, 0}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTARTCOMPONENTANDCOMPONENTCOUNT},
      {"gap with a start component", [](SoCall& c) { c.entries[1] = {0, nullptr, 0, 1, 2, 0}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDGAPDEFINITION},
      {"semantic the shader lacks", [](SoCall& c) { c.entries[1].SemanticName = "NORMAL"; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MISSINGSEMANTIC},
      {"semantic index the shader lacks", [](SoCall& c) { c.entries[1].SemanticIndex = 1; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MISSINGSEMANTIC},
      {"semantic in another stream", [](SoCall& c) { c.entries = {{1, "COLOR", 0, 0, 4, 0}}; c.strides = {16}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MISSINGSEMANTIC},
      {"components the output does not declare", [](SoCall& c) { c.entries[1] = {0, "TEXCOORD", 0, 0, 3, 0}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MASKMISMATCH},
      {"a component captured twice", [](SoCall& c) { c.entries[1] = {0, "SV_POSITION", 0, 3, 1, 0}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_REPEATEDOUTPUT},
      {"stride below the slot's bytes", [](SoCall& c) { c.strides = {16}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSTREAMSTRIDE},
      {"stride not a multiple of 4", [](SoCall& c) { c.strides = {34}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSTREAMSTRIDE},
      {"stride past 2048", [](SoCall& c) { c.strides = {2052}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSTREAMSTRIDE},
      {"five strides", [](SoCall& c) { c.strides = {32, 32, 32, 32, 32}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMSTRIDES},
      {"rasterized stream 4", [](SoCall& c) { c.rasterizedStream = 4; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAMTORASTERIZER},
      {"only gaps", [](SoCall& c) { c.entries = {{0, nullptr, 0, 0, 4, 0}}; c.strides = {16}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_CANTHAVEONLYGAPS},
      {"a digit ending the semantic name", [](SoCall& c) { c.entries[1].SemanticName = "COLOR0"; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_TRAILING_DIGIT_IN_SEMANTIC},
      {"one slot fed by two streams",
       [](SoCall& c) { c.entries = {{0, "COLOR", 0, 0, 4, 0}, {1, nullptr, 0, 0, 4, 0}}; c.strides = {32}; },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSLOT},
      {"513 entries", [](SoCall& c) { c.entries.assign(513, {0, nullptr, 0, 0, 1, 0}); c.strides.clear(); },
       D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMENTRIES},
  };
  SoDevice s;
  for (const Case& k : cases) {
    CAPTURE(k.name);
    SoCall c;
    k.edit(c);
    Com<ID3D11GeometryShader> gs;
    CHECK(create(s, c, s.gs, gs.out()) == E_INVALIDARG);
    CHECK(gs.get() == nullptr);
    CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{k.id});
    CHECK(create(s, c, s.gs, nullptr) == E_INVALIDARG);  // validation only: the same verdict
    s.ids();
  }
}

TEST_CASE("CreateGeometryShaderWithStreamOutput refuses bytecode of other stages and bad arguments", "[stream-output]") {
  SoDevice s;
  SoCall c;
  Com<ID3D11GeometryShader> gs;
  CHECK(create(s, c, s.ps, gs.out()) == E_INVALIDARG);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSHADERTYPE});
  CHECK(s.d->CreateGeometryShaderWithStreamOutput(nullptr, 0, c.entries.data(), 2, c.strides.data(), 1, 0, nullptr,
                                                  gs.out()) == E_INVALIDARG);
  CHECK(s.ids() ==
        std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSHADERBYTECODE});
  CHECK(s.d->CreateGeometryShaderWithStreamOutput(s.gs.data(), s.gs.size(), nullptr, 2, c.strides.data(), 1, 0,
                                                  nullptr, gs.out()) == E_INVALIDARG);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMENTRIES});
  Com<ID3D11ClassLinkage> linkage;
  REQUIRE(s.d->CreateClassLinkage(linkage.out()) == S_OK);
  CHECK(create(s, c, s.vs, gs.out(), linkage.get()) == E_INVALIDARG);
  CHECK(s.ids() ==
        std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDCLASSLINKAGE});
  CHECK(gs.get() == nullptr);
}

TEST_CASE("CreateGeometryShaderWithStreamOutput without entries makes a geometry shader and with entries a capturing one",
          "[stream-output]") {
  SoDevice s;
  Com<ID3D11GeometryShader> gs;
  REQUIRE(s.d->CreateGeometryShaderWithStreamOutput(s.gs.data(), s.gs.size(), nullptr, 0, nullptr, 0, 0, nullptr,
                                                    gs.out()) == S_OK);
  REQUIRE(gs.get() != nullptr);
  s.d.context->GSSetShader(gs.get(), nullptr, 0);
  Com<ID3D11GeometryShader> bound;
  s.d.context->GSGetShader(bound.out(), nullptr, nullptr);
  CHECK(bound.get() == gs.get());
  s.ids();
  Com<ID3D11GeometryShader> capturing;
  CHECK(create(s, SoCall{}, s.gs, capturing.out()) == S_OK);
  CHECK(capturing.get() != nullptr);
  CHECK(s.ids().empty());
}

TEST_CASE("SOSetTargets binds four slots and SOGetTargets returns them AddRef'd", "[stream-output]") {
  SoDevice s;
  Com<ID3D11Buffer> a = s.buffer(D3D11_BIND_STREAM_OUTPUT), b = s.buffer(D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER);
  ID3D11Buffer* targets[] = {a.get(), nullptr, b.get()};
  const UINT offsets[] = {0, 0, UINT(-1)};
  s.d.context->SOSetTargets(3, targets, offsets);
  ID3D11Buffer* got[4] = {};
  s.d.context->SOGetTargets(4, got);
  CHECK(got[0] == a.get());
  CHECK(got[1] == nullptr);
  CHECK(got[2] == b.get());
  CHECK(got[3] == nullptr);
  // References: the application's and the one SOGetTargets added (the context's is private).
  CHECK(refCount(a.get()) == 2);
  for (ID3D11Buffer* g : got)
    if (g) g->Release();
  CHECK(refCount(a.get()) == 1);
  // Fewer buffers unbind the slots past them.
  ID3D11Buffer* one[] = {b.get()};
  s.d.context->SOSetTargets(1, one, offsets);
  s.d.context->SOGetTargets(4, got);
  CHECK(got[0] == b.get());
  CHECK(got[2] == nullptr);
  if (got[0]) got[0]->Release();
  // ClearState unbinds them all.
  s.d.context->ClearState();
  s.d.context->SOGetTargets(1, got);
  CHECK(got[0] == nullptr);
  CHECK(s.ids().empty());
}

TEST_CASE("SOSetTargets applies D3D11's rules for bind flags offsets and shader-resource hazards", "[stream-output]") {
  SoDevice s;
  Com<ID3D11Buffer> so = s.buffer(D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Buffer> plain = s.buffer(D3D11_BIND_VERTEX_BUFFER);
  // A buffer without D3D11_BIND_STREAM_OUTPUT is bound as NULL.
  ID3D11Buffer* targets[] = {so.get(), plain.get()};
  const UINT offsets[] = {0, 0};
  s.d.context->SOSetTargets(2, targets, offsets);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_SOSETTARGETS_INVALIDBUFFER});
  ID3D11Buffer* got[2] = {};
  s.d.context->SOGetTargets(2, got);
  CHECK(got[0] == so.get());
  CHECK(got[1] == nullptr);
  if (got[0]) got[0]->Release();
  // An offset that is not a multiple of 4 drops the call: the bindings stay.
  const UINT unaligned[] = {2};
  ID3D11Buffer* none[] = {nullptr};
  s.d.context->SOSetTargets(1, none, unaligned);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_DEVICE_SOSETTARGETS_OFFSET_UNALIGNED});
  s.d.context->SOGetTargets(1, got);
  CHECK(got[0] == so.get());
  if (got[0]) got[0]->Release();
  // More than four buffers: dropped too.
  ID3D11Buffer* five[5] = {};
  s.d.context->SOSetTargets(5, five, nullptr);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_SOSETTARGETS_INVALIDBUFFER});
  s.d.context->SOGetTargets(1, got);
  CHECK(got[0] == so.get());
  if (got[0]) got[0]->Release();
  // Binding for stream output unbinds the buffer from the shader-resource slots.
  s.d.context->SOSetTargets(0, nullptr, nullptr);
  D3D11_SHADER_RESOURCE_VIEW_DESC vd{};
  vd.Format = DXGI_FORMAT_R32_FLOAT;
  vd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  vd.Buffer.FirstElement = 0;
  vd.Buffer.NumElements = 64;
  Com<ID3D11ShaderResourceView> srv;
  REQUIRE(s.d->CreateShaderResourceView(so.get(), &vd, srv.out()) == S_OK);
  ID3D11ShaderResourceView* views[] = {srv.get()};
  s.d.context->VSSetShaderResources(0, 1, views);
  s.d.context->SOSetTargets(1, targets, offsets);
  Com<ID3D11ShaderResourceView> stillBound;
  s.d.context->VSGetShaderResources(0, 1, stillBound.out());
  CHECK(stillBound.get() == nullptr);
}

TEST_CASE("SO targets leave the vertex index and shader-resource slots and those slots refuse them while bound",
          "[stream-output]") {
  // D3D11's hazard rule: a buffer is never bound as an input and an output at once.
  SoDevice s;
  Com<ID3D11Buffer> both = s.buffer(D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER |
                                    D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Buffer> other = s.buffer(D3D11_BIND_VERTEX_BUFFER);
  D3D11_SHADER_RESOURCE_VIEW_DESC vd{};
  vd.Format = DXGI_FORMAT_R32_FLOAT;
  vd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  vd.Buffer.NumElements = 64;
  Com<ID3D11ShaderResourceView> srv;
  REQUIRE(s.d->CreateShaderResourceView(both.get(), &vd, srv.out()) == S_OK);
  ID3D11Buffer* vbs[] = {other.get(), both.get()};
  const UINT strides[] = {16, 16}, offsets[] = {0, 0};
  s.d.context->IASetVertexBuffers(0, 2, vbs, strides, offsets);
  s.d.context->IASetIndexBuffer(both.get(), DXGI_FORMAT_R16_UINT, 0);
  ID3D11ShaderResourceView* views[] = {srv.get()};
  s.d.context->PSSetShaderResources(2, 1, views);
  s.d.context->GSSetShaderResources(0, 1, views);
  CHECK(s.ids().empty());

  // Binding it for stream output unbinds it from each input slot, a warning each.
  ID3D11Buffer* targets[] = {both.get()};
  const UINT zero = 0;
  s.d.context->SOSetTargets(1, targets, &zero);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>(4, D3D11_MESSAGE_ID_DEVICE_SOSETTARGETS_HAZARD));
  UINT gotStrides[2] = {}, gotOffsets[2] = {};
  {
    Com<ID3D11Buffer> slot0, slot1;
    s.d.context->IAGetVertexBuffers(0, 1, slot0.out(), gotStrides, gotOffsets);
    s.d.context->IAGetVertexBuffers(1, 1, slot1.out(), gotStrides, gotOffsets);
    CHECK(slot0.get() == other.get());  // another buffer stays
    CHECK(slot1.get() == nullptr);
  }
  {
    Com<ID3D11Buffer> ib;
    s.d.context->IAGetIndexBuffer(ib.out(), nullptr, nullptr);
    CHECK(ib.get() == nullptr);
    Com<ID3D11ShaderResourceView> ps, gs;
    s.d.context->PSGetShaderResources(2, 1, ps.out());
    s.d.context->GSGetShaderResources(0, 1, gs.out());
    CHECK(ps.get() == nullptr);
    CHECK(gs.get() == nullptr);
  }
  {
    Com<ID3D11Buffer> so;
    s.d.context->SOGetTargets(1, so.out());
    CHECK(so.get() == both.get());
  }

  // While it is a target, binding it as an input binds NULL there (with the setter's warning).
  s.d.context->IASetVertexBuffers(1, 1, targets, strides, offsets);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_DEVICE_IASETVERTEXBUFFERS_HAZARD});
  s.d.context->IASetIndexBuffer(both.get(), DXGI_FORMAT_R32_UINT, 4);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_DEVICE_IASETINDEXBUFFER_HAZARD});
  s.d.context->VSSetShaderResources(0, 1, views);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_DEVICE_VSSETSHADERRESOURCES_HAZARD});
  {
    Com<ID3D11Buffer> vb, ib;
    s.d.context->IAGetVertexBuffers(1, 1, vb.out(), gotStrides, gotOffsets);
    s.d.context->IAGetIndexBuffer(ib.out(), nullptr, nullptr);
    Com<ID3D11ShaderResourceView> vs;
    s.d.context->VSGetShaderResources(0, 1, vs.out());
    CHECK(vb.get() == nullptr);
    CHECK(ib.get() == nullptr);
    CHECK(vs.get() == nullptr);
  }

  // Unbound from stream output, it binds as an input again.
  s.d.context->SOSetTargets(0, nullptr, nullptr);
  s.d.context->IASetVertexBuffers(1, 1, targets, strides, offsets);
  s.d.context->IASetIndexBuffer(both.get(), DXGI_FORMAT_R16_UINT, 0);
  CHECK(s.ids().empty());
  Com<ID3D11Buffer> vb, ib;
  s.d.context->IAGetVertexBuffers(1, 1, vb.out(), gotStrides, gotOffsets);
  s.d.context->IAGetIndexBuffer(ib.out(), nullptr, nullptr);
  CHECK(vb.get() == both.get());
  CHECK(ib.get() == both.get());
}

TEST_CASE("SOSetTargets binds NULL for a buffer the output merger writes", "[stream-output]") {
  SoDevice s;
  Com<ID3D11Buffer> buffer = s.buffer(D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_UNORDERED_ACCESS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC ud{};
  ud.Format = DXGI_FORMAT_R32_UINT;
  ud.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  ud.Buffer.NumElements = 64;
  Com<ID3D11UnorderedAccessView> uav;
  REQUIRE(s.d->CreateUnorderedAccessView(buffer.get(), &ud, uav.out()) == S_OK);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  s.d.context->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 1, uavs, nullptr);
  CHECK(s.ids().empty());
  ID3D11Buffer* targets[] = {buffer.get()};
  const UINT zero = 0;
  s.d.context->SOSetTargets(1, targets, &zero);
  CHECK(s.ids() == std::vector<D3D11_MESSAGE_ID>{D3D11_MESSAGE_ID_DEVICE_SOSETTARGETS_HAZARD});
  Com<ID3D11Buffer> got;
  s.d.context->SOGetTargets(1, got.out());
  CHECK(got.get() == nullptr);
}
