// tests/compute: buffer views through the public D3D11 API:
//  * typed (Buffer<uint>), raw (ByteAddressBuffer) and structured views at an
//    element offset read the right window, and bufinfo reports its size;
//  * what the DDI sees: CreateResource's MiscFlags and ByteStride, the views'
//    dimension, window and flags (BUFFEREX_SRV_FLAG_RAW, BUFFER_UAV_FLAG_*);
//  * ClearUnorderedAccessViewUint on raw and structured views;
//  * the runtime's rules for buffer views (bind flags, raw views without
//    ALLOW_RAW_VIEWS or with another format, structured views with a format,
//    APPEND with COUNTER, counters on raw or typed views, windows outside the
//    buffer, unknown flags), each with its debug-layer message and no driver call.
#include "compute_test_util.h"

#include <string>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// u0[i] = (t0 typed[i], t1 raw dword i, t2 structured element i .y, bufinfo sizes packed in element 0)
// for 4 threads; u0 is structured with 16-byte elements.
const char kCsReadViews[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_raw t1
dcl_resource_structured t2, 8
dcl_uav_structured u0, 16
dcl_input vThreadID.x
dcl_temps 3
dcl_thread_group 4, 1, 1
ld_indexable(buffer)(uint,uint,uint,uint) r0.x, vThreadID.xxxx, t0.xyzw
ishl r1.x, vThreadID.x, l(2)
ld_raw r0.y, r1.x, t1.xxxx
ld_structured r0.z, vThreadID.x, l(4), t2.xxxx
bufinfo r2.x, t0.xxxx
bufinfo r2.y, t1.xxxx
bufinfo r2.z, t2.xxxx
imad r0.w, r2.x, l(1000000), r2.y
imad r0.w, r2.z, l(1000), r0.w
store_structured u0.xyzw, vThreadID.x, l(0), r0.xyzw
ret
)";

const UINT kBind = D3D11_BIND_SHADER_RESOURCE;

}  // namespace

TEST_CASE("buffer views read their window: typed, raw and structured at element offsets, bufinfo their sizes",
          "[compute][buffers][views]") {
  Checked c;
  RenderDevice& d = c.d;
  std::vector<uint32_t> data(64);
  for (UINT i = 0; i < 64; ++i) data[i] = 100 + i;
  Com<ID3D11Buffer> typed = makeDataBuffer(d, data, kBind);
  Com<ID3D11Buffer> raw = makeDataBuffer(d, data, kBind, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> structured = makeDataBuffer(d, data, kBind, D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(16, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 16);
  // Windows start at element 8 (typed: 32 bytes in), 4 (raw: 16 bytes), 2 (structured: 16 bytes).
  D3D11_SHADER_RESOURCE_VIEW_DESC typedDesc{};
  typedDesc.Format = DXGI_FORMAT_R32_UINT;
  typedDesc.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  typedDesc.Buffer.FirstElement = 8;
  typedDesc.Buffer.NumElements = 20;
  D3D11_SHADER_RESOURCE_VIEW_DESC rawDesc{};
  rawDesc.Format = DXGI_FORMAT_R32_TYPELESS;
  rawDesc.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
  rawDesc.BufferEx = {4, 12, D3D11_BUFFEREX_SRV_FLAG_RAW};
  D3D11_SHADER_RESOURCE_VIEW_DESC structuredDesc{};
  structuredDesc.Format = DXGI_FORMAT_UNKNOWN;
  structuredDesc.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
  structuredDesc.Buffer.FirstElement = 2;
  structuredDesc.Buffer.NumElements = 30;
  Com<ID3D11ShaderResourceView> t0, t1, t2;
  REQUIRE(d->CreateShaderResourceView(typed.get(), &typedDesc, t0.out()) == S_OK);
  REQUIRE(d->CreateShaderResourceView(raw.get(), &rawDesc, t1.out()) == S_OK);
  REQUIRE(d->CreateShaderResourceView(structured.get(), &structuredDesc, t2.out()) == S_OK);
  Com<ID3D11UnorderedAccessView> u0 = structuredUav(d, out.get(), 4);
  Com<ID3D11ComputeShader> cs = computeShader(d, kCsReadViews);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {t0.get(), t1.get(), t2.get()};
  d.context->CSSetShaderResources(0, 3, srvs);
  ID3D11UnorderedAccessView* uavs[] = {u0.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);
  d.context->Dispatch(1, 1, 1);
  const std::vector<uint32_t> r = readBuffer(d, out.get());
  for (UINT i = 0; i < 4; ++i) {
    INFO("thread " << i);
    CHECK(r[4 * i + 0] == 100 + 8 + i);          // typed element 8 + i
    CHECK(r[4 * i + 1] == 100 + 4 + i);          // raw dword 4 + i
    CHECK(r[4 * i + 2] == 100 + 2 * (2 + i) + 1);  // structured element 2 + i, its second dword
    CHECK(r[4 * i + 3] == 20 * 1000000 + 30 * 1000 + 48);  // 20 texels, 30 elements, 48 bytes
  }

  // The DDI: resources with their misc flags and stride, views with their window and flags.
  bool stridedSeen = false;
  for (const std::string& line : c.trace.calls("CreateResource"))
    stridedSeen = stridedSeen || (line.find("MiscFlags=0x40") != std::string::npos &&
                                  line.find("ByteStride=8}") != std::string::npos);
  CHECK(stridedSeen);
  const std::vector<std::string> views = c.trace.calls("CreateShaderResourceView");
  REQUIRE(views.size() == 3);
  CHECK(views[0].find("Format=42, Dimension=BUFFER, FirstElement=8, NumElements=20, Flags=0x0") != std::string::npos);
  CHECK(views[1].find("Format=39, Dimension=BUFFEREX, FirstElement=4, NumElements=12, Flags=0x1") != std::string::npos);
  CHECK(views[2].find("Format=0, Dimension=BUFFER, FirstElement=2, NumElements=30, Flags=0x0") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("ClearUnorderedAccessViewUint fills a raw or structured view's window with the first value",
          "[compute][buffers][views]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11Buffer> raw = makeDataBuffer(d, std::vector<uint32_t>(16, 7), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC u{};
  u.Format = DXGI_FORMAT_R32_TYPELESS;
  u.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  u.Buffer = {4, 8, D3D11_BUFFER_UAV_FLAG_RAW};
  Com<ID3D11UnorderedAccessView> view;
  REQUIRE(d->CreateUnorderedAccessView(raw.get(), &u, view.out()) == S_OK);
  const UINT values[4] = {0xABCD, 1, 2, 3};
  d.context->ClearUnorderedAccessViewUint(view.get(), values);
  const std::vector<uint32_t> r = readBuffer(d, raw.get());
  for (UINT i = 0; i < 16; ++i) CHECK(r[i] == (i >= 4 && i < 12 ? 0xABCDu : 7u));
  const std::vector<std::string> create = c.trace.calls("CreateUnorderedAccessView");
  REQUIRE(create.size() == 1);
  CHECK(create[0].find("Format=39, Dimension=BUFFER, FirstElement=4, NumElements=8, Flags=0x1") != std::string::npos);
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("buffer views: the runtime's rules, each with its message and no driver call", "[compute][views][errors]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11Buffer> plain = makeDataBuffer(d, std::vector<uint32_t>(16, 0), kBind | D3D11_BIND_UNORDERED_ACCESS);
  Com<ID3D11Buffer> raw = makeDataBuffer(d, std::vector<uint32_t>(16, 0), kBind | D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11Buffer> structured = makeDataBuffer(d, std::vector<uint32_t>(16, 0), kBind | D3D11_BIND_UNORDERED_ACCESS,
                                                D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 8);
  Com<ID3D11Buffer> srvOnly = makeDataBuffer(d, std::vector<uint32_t>(16, 0), kBind);
  Com<ID3D11Buffer> vertex = makeDataBuffer(d, std::vector<uint32_t>(16, 0), D3D11_BIND_VERTEX_BUFFER);

  auto srv = [](DXGI_FORMAT f, D3D11_SRV_DIMENSION dim, UINT first, UINT count, UINT flags = 0) {
    D3D11_SHADER_RESOURCE_VIEW_DESC s{};
    s.Format = f;
    s.ViewDimension = dim;
    if (dim == D3D11_SRV_DIMENSION_BUFFEREX) s.BufferEx = {first, count, flags};
    else s.Buffer.FirstElement = first, s.Buffer.NumElements = count;
    return s;
  };
  auto uav = [](DXGI_FORMAT f, UINT first, UINT count, UINT flags) {
    D3D11_UNORDERED_ACCESS_VIEW_DESC u{};
    u.Format = f;
    u.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
    u.Buffer = {first, count, flags};
    return u;
  };
  struct SrvCase {
    const char* what;
    ID3D11Buffer* buffer;
    D3D11_SHADER_RESOURCE_VIEW_DESC desc;
    D3D11_MESSAGE_ID id;
  };
  const SrvCase srvCases[] = {
      {"no shader-resource bind flag", vertex.get(), srv(DXGI_FORMAT_R32_UINT, D3D11_SRV_DIMENSION_BUFFER, 0, 4),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE},
      {"a texture dimension", plain.get(), srv(DXGI_FORMAT_R32_UINT, D3D11_SRV_DIMENSION_TEXTURE2D, 0, 4),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC},
      {"raw without ALLOW_RAW_VIEWS", plain.get(),
       srv(DXGI_FORMAT_R32_TYPELESS, D3D11_SRV_DIMENSION_BUFFEREX, 0, 4, D3D11_BUFFEREX_SRV_FLAG_RAW),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC},
      {"raw with another format", raw.get(),
       srv(DXGI_FORMAT_R32_UINT, D3D11_SRV_DIMENSION_BUFFEREX, 0, 4, D3D11_BUFFEREX_SRV_FLAG_RAW),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT},
      {"unknown BUFFEREX flags", raw.get(), srv(DXGI_FORMAT_R32_TYPELESS, D3D11_SRV_DIMENSION_BUFFEREX, 0, 4, 0x8),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFLAGS},
      {"structured with a format", structured.get(), srv(DXGI_FORMAT_R32_UINT, D3D11_SRV_DIMENSION_BUFFER, 0, 4),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT},
      {"typed without a format", plain.get(), srv(DXGI_FORMAT_UNKNOWN, D3D11_SRV_DIMENSION_BUFFER, 0, 4),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT},
      {"structured past the end", structured.get(), srv(DXGI_FORMAT_UNKNOWN, D3D11_SRV_DIMENSION_BUFFER, 4, 5),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS},
      {"no elements", plain.get(), srv(DXGI_FORMAT_R32_UINT, D3D11_SRV_DIMENSION_BUFFER, 0, 0),
       D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS},
  };
  for (const SrvCase& k : srvCases) {
    INFO(k.what);
    ID3D11ShaderResourceView* view = reinterpret_cast<ID3D11ShaderResourceView*>(0x1);
    CHECK(d->CreateShaderResourceView(k.buffer, &k.desc, &view) == E_INVALIDARG);
    CHECK(view == nullptr);
    const std::vector<StoredMessage> m = drainMessages(c.queue.get());
    REQUIRE(m.size() == 2);
    CHECK(m[0].id == k.id);
    CHECK(m[1].id == D3D11_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDARG_RETURN);
  }
  struct UavCase {
    const char* what;
    ID3D11Buffer* buffer;
    D3D11_UNORDERED_ACCESS_VIEW_DESC desc;
    D3D11_MESSAGE_ID id;
  };
  const UavCase uavCases[] = {
      {"no unordered-access bind flag", srvOnly.get(), uav(DXGI_FORMAT_R32_UINT, 0, 4, 0),
       D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE},
      {"raw without ALLOW_RAW_VIEWS", plain.get(), uav(DXGI_FORMAT_R32_TYPELESS, 0, 4, D3D11_BUFFER_UAV_FLAG_RAW),
       D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDESC},
      {"a counter on a raw view", raw.get(),
       uav(DXGI_FORMAT_R32_TYPELESS, 0, 4, D3D11_BUFFER_UAV_FLAG_RAW | D3D11_BUFFER_UAV_FLAG_COUNTER),
       D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS},
      {"append on a typed view", plain.get(), uav(DXGI_FORMAT_R32_UINT, 0, 4, D3D11_BUFFER_UAV_FLAG_APPEND),
       D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS},
      {"append and counter", structured.get(),
       uav(DXGI_FORMAT_UNKNOWN, 0, 4, D3D11_BUFFER_UAV_FLAG_APPEND | D3D11_BUFFER_UAV_FLAG_COUNTER),
       D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS},
      {"unknown flags", structured.get(), uav(DXGI_FORMAT_UNKNOWN, 0, 4, 0x10),
       D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFLAGS},
      {"structured with a format", structured.get(), uav(DXGI_FORMAT_R32_UINT, 0, 4, 0),
       D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT},
      {"typed past the end", plain.get(), uav(DXGI_FORMAT_R32_UINT, 10, 7, 0),
       D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS},
  };
  for (const UavCase& k : uavCases) {
    INFO(k.what);
    ID3D11UnorderedAccessView* view = reinterpret_cast<ID3D11UnorderedAccessView*>(0x1);
    CHECK(d->CreateUnorderedAccessView(k.buffer, &k.desc, &view) == E_INVALIDARG);
    CHECK(view == nullptr);
    const std::vector<StoredMessage> m = drainMessages(c.queue.get());
    REQUIRE(m.size() == 2);
    CHECK(m[0].id == k.id);
    CHECK(m[1].id == D3D11_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDARG_RETURN);
  }
  CHECK(c.ddiCalls("CreateShaderResourceView") == 0);
  CHECK(c.ddiCalls("CreateUnorderedAccessView") == 0);

  // A NULL desc views a whole structured buffer; a typed or raw buffer needs a desc.
  Com<ID3D11ShaderResourceView> whole;
  CHECK(d->CreateShaderResourceView(structured.get(), nullptr, whole.out()) == S_OK);
  D3D11_SHADER_RESOURCE_VIEW_DESC got{};
  whole->GetDesc(&got);
  CHECK(got.ViewDimension == D3D11_SRV_DIMENSION_BUFFER);
  CHECK(got.Buffer.NumElements == 8);
  Com<ID3D11ShaderResourceView> none;
  CHECK(d->CreateShaderResourceView(plain.get(), nullptr, none.out()) == E_INVALIDARG);
  drainMessages(c.queue.get());
}
