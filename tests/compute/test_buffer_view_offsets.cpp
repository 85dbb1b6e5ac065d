// tests/compute: buffer views starting at any element (FirstElement 1, 3, 5…,
// which no Vulkan device's texel / storage buffer offset alignment allows),
// through the public D3D11 API, values read back (every RenderDevice runs under
// synchronization validation in ctest):
//  * typed SRVs and UAVs of R32_UINT, R32G32B32A32_FLOAT, R8G8B8A8_UNORM and
//    R32G32B32_FLOAT (where the device has them): ld, store_uav_typed,
//    imm_atomic_iadd, bufinfo, a read past the view's end (0) and writes past it
//    (dropped, the buffer's other elements untouched);
//  * raw views (FirstElement in dwords) and structured views of strides 4, 12
//    and 20: ld_raw / ld_structured, store_raw / store_structured, atomics,
//    bufinfo, past the end;
//  * a pixel shader reading a typed and a raw view, one draw with aligned views
//    and the next with unaligned ones.
// Expected values are computed here from the data written, never by d3dvk.
#include "compute_test_util.h"
#include "draw_test_util.h"

#include <cmath>
#include <cstdio>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// Threads 0..7: u0 (raw) dwords 4i..4i+3 = t0[i] (as read, float), u1[i] =
// (i + 1, i + 2, i + 3, i + 4) / 32, dwords 32 and 33 = bufinfo of t0 and u1.
const char kCsTypedFloat[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_buffer (float,float,float,float) t0
dcl_uav_raw u0
dcl_uav_typed_buffer (float,float,float,float) u1
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 8, 1, 1
ld_indexable(buffer)(float,float,float,float) r0.xyzw, vThreadID.xxxx, t0.xyzw
ishl r1.x, vThreadID.x, l(4)
store_raw u0.xyzw, r1.x, r0.xyzw
utof r0.x, vThreadID.x
add r0.xyzw, r0.xxxx, l(1.000000, 2.000000, 3.000000, 4.000000)
mul r0.xyzw, r0.xyzw, l(0.031250, 0.031250, 0.031250, 0.031250)
store_uav_typed u1.xyzw, vThreadID.xxxx, r0.xyzw
bufinfo r1.x, t0.xxxx
bufinfo r1.y, u1.xxxx
store_raw u0.xy, l(128), r1.xyxx
ret
)";

// Threads 0..7: u0 dwords 4i..4i+3 = t0[i], dword 32 + i = the value u1[i]
// held before imm_atomic_iadd added 100, dwords 40 and 41 = bufinfo of t0 and u1.
const char kCsTypedUint[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_uav_raw u0
dcl_uav_typed_buffer (uint,uint,uint,uint) u1
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 8, 1, 1
ld_indexable(buffer)(uint,uint,uint,uint) r0.xyzw, vThreadID.xxxx, t0.xyzw
ishl r1.x, vThreadID.x, l(4)
store_raw u0.xyzw, r1.x, r0.xyzw
imm_atomic_iadd r0.x, u1, vThreadID.x, l(100)
ishl r1.x, vThreadID.x, l(2)
iadd r1.x, r1.x, l(128)
store_raw u0.x, r1.x, r0.x
bufinfo r1.x, t0.xxxx
bufinfo r1.y, u1.xxxx
store_raw u0.xy, l(160), r1.xyxx
ret
)";

struct TypedFormat {
  DXGI_FORMAT format;
  const char* name;
  UINT bytes;
  UINT components;
  bool unorm, uint;
};

// Element i's component c of the source buffers, and its bytes in `format`.
float sourceValue(UINT i, UINT c) { return float(i * 4 + c) + 0.5f; }
void encode(const TypedFormat& f, float v, uint8_t* out) {
  if (f.unorm) {
    *out = uint8_t(v);  // (the UNORM source holds bytes: i·4 + c + 0.5 truncated)
  } else if (f.uint) {
    const uint32_t u = uint32_t(v) + 1000;
    std::memcpy(out, &u, 4);
  } else {
    std::memcpy(out, &v, 4);
  }
}
// What a shader loading that component reads.
float decoded(const TypedFormat& f, UINT i, UINT c) {
  if (c >= f.components) return c == 3 ? 1.0f : 0.0f;
  const float v = sourceValue(i, c);
  if (f.unorm) return float(uint8_t(v)) / 255.0f;
  return v;
}

std::vector<uint32_t> bytesToWords(const std::vector<uint8_t>& b) {
  std::vector<uint32_t> w((b.size() + 3) / 4);
  std::memcpy(w.data(), b.data(), b.size());
  return w;
}

}  // namespace

TEST_CASE("typed buffer views at FirstElement 1 and 3 and 5: loads and stores and atomics and bufinfo and past the view's end",
          "[compute][buffers][views][offsets]") {
  RenderDevice d;
  const TypedFormat formats[] = {{DXGI_FORMAT_R32_UINT, "R32_UINT", 4, 1, false, true},
                                 {DXGI_FORMAT_R32G32B32A32_FLOAT, "R32G32B32A32_FLOAT", 16, 4, false, false},
                                 {DXGI_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8_UNORM", 4, 4, true, false},
                                 {DXGI_FORMAT_R32G32B32_FLOAT, "R32G32B32_FLOAT", 12, 3, false, false}};
  constexpr UINT kElements = 32, kViewElements = 6, kSentinel = 0x11;
  Com<ID3D11ComputeShader> csFloat = computeShader(d, kCsTypedFloat), csUint = computeShader(d, kCsTypedUint);
  for (const TypedFormat& f : formats) {
    UINT support = 0;
    REQUIRE(d->CheckFormatSupport(f.format, &support) == S_OK);
    if (!(support & D3D11_FORMAT_SUPPORT_BUFFER) || !(support & D3D11_FORMAT_SUPPORT_SHADER_LOAD)) {
      WARN(f.name << ": no typed buffer SRVs on this device");
      continue;
    }
    const bool uavs = support & D3D11_FORMAT_SUPPORT_TYPED_UNORDERED_ACCESS_VIEW;
    std::vector<uint8_t> source(size_t(kElements) * f.bytes);
    for (UINT i = 0; i < kElements; ++i)
      for (UINT c = 0; c < f.components; ++c) encode(f, sourceValue(i, c), &source[size_t(i) * f.bytes + c * (f.bytes / f.components)]);
    for (UINT first : {1u, 3u, 5u}) {
      INFO(f.name << ", FirstElement " << first);
      Com<ID3D11Buffer> src = makeDataBuffer(d, bytesToWords(source), D3D11_BIND_SHADER_RESOURCE);
      Com<ID3D11Buffer> dst = makeDataBuffer(d, std::vector<uint32_t>(kElements * f.bytes / 4, kSentinel * 0x01010101u),
                                             D3D11_BIND_UNORDERED_ACCESS);
      Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(64, 0xDEADu), D3D11_BIND_UNORDERED_ACCESS,
                                             D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
      D3D11_SHADER_RESOURCE_VIEW_DESC sd{};
      sd.Format = f.format;
      sd.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
      sd.Buffer.FirstElement = first;
      sd.Buffer.NumElements = kViewElements;
      Com<ID3D11ShaderResourceView> t0;
      REQUIRE(d->CreateShaderResourceView(src.get(), &sd, t0.out()) == S_OK);
      Com<ID3D11UnorderedAccessView> u1;
      if (uavs) {
        D3D11_UNORDERED_ACCESS_VIEW_DESC ud{};
        ud.Format = f.format;
        ud.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
        ud.Buffer = {first, kViewElements, 0};
        REQUIRE(d->CreateUnorderedAccessView(dst.get(), &ud, u1.out()) == S_OK);
      }
      Com<ID3D11UnorderedAccessView> u0 = rawUav(d, out.get(), 64);
      d.context->CSSetShader(f.uint ? csUint.get() : csFloat.get(), nullptr, 0);
      ID3D11ShaderResourceView* srvs[] = {t0.get()};
      d.context->CSSetShaderResources(0, 1, srvs);
      ID3D11UnorderedAccessView* views[] = {u0.get(), u1.get()};
      d.context->CSSetUnorderedAccessViews(0, 2, views, nullptr);
      d.context->Dispatch(1, 1, 1);
      const std::vector<uint32_t> r = readBuffer(d, out.get());
      for (UINT i = 0; i < 8; ++i) {
        INFO("thread " << i);
        for (UINT c = 0; c < 4; ++c) {
          INFO("component " << c);
          const uint32_t got = r[4 * i + c];
          if (i >= kViewElements) {  // past the view's end: 0 (the components the format has)
            if (c < f.components) CHECK(got == 0);
          } else if (f.uint) {
            CHECK(got == (c == 0 ? 1000 + (first + i) * 4 + 0 : c == 3 ? 1u : 0u));
          } else {
            float v;
            std::memcpy(&v, &got, 4);
            if (f.unorm) CHECK(std::fabs(v - decoded(f, first + i, c)) <= 1e-6f);
            else CHECK(v == decoded(f, first + i, c));
          }
        }
      }
      CHECK(r[f.uint ? 40 : 32] == kViewElements);                    // bufinfo t0: the view's elements
      CHECK(r[f.uint ? 41 : 33] == (uavs ? kViewElements : 0u));      // bufinfo u1 (unbound: 0)
      if (f.uint) {
        for (UINT i = 0; i < 8; ++i) {
          INFO("atomic of thread " << i);
          CHECK(r[32 + i] == (i < kViewElements && uavs ? 0x11111111u : 0u));  // the old value; past the end: 0
        }
      }
      if (!uavs) continue;
      // The UAV's buffer: the view's elements written, every other element untouched.
      const std::vector<uint8_t> written = readback(d, dst.get());
      for (UINT e = 0; e < kElements; ++e) {
        INFO("element " << e);
        const bool inView = e >= first && e < first + kViewElements;
        for (UINT c = 0; c < f.components; ++c) {
          const UINT bytes = f.bytes / f.components;
          const uint8_t* at = &written[size_t(e) * f.bytes + c * bytes];
          if (!inView) {
            for (UINT k = 0; k < bytes; ++k) CHECK(at[k] == kSentinel);
            continue;
          }
          const UINT i = e - first;
          if (f.uint) {
            uint32_t u;
            std::memcpy(&u, at, 4);
            CHECK(u == 0x11111111u + 100);
          } else if (f.unorm) {
            CHECK(*at == uint8_t(std::lround(float(i + c + 1) / 32.0f * 255.0f)));  // (no ties)
          } else {
            float v;
            std::memcpy(&v, at, 4);
            CHECK(v == float(i + c + 1) / 32.0f);
          }
        }
      }
    }
  }
}

namespace {

// Threads 0..9: u0 dword i = t1 raw dword i; u0 dword 16 + i = t2[i]'s last
// dword; u2 raw dword i = 500 + i, then imm_atomic_iadd 1000 (its old value
// to u0 dword 32 + i); u3[i]'s last dword = 700 + i and u3[i]'s first dword
// imm_atomic_iadd 1 (old value to u0 dword 48 + i); u0 dwords 60..63 = bufinfo
// of t1, t2, u2, u3. %u: the stride, %u: the stride's last dword offset.
const char kCsRawStructured[] = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_raw t1
dcl_resource_structured t2, %u
dcl_uav_raw u0
dcl_uav_raw u2
dcl_uav_structured u3, %u
dcl_input vThreadID.x
dcl_temps 3
dcl_thread_group 10, 1, 1
ishl r0.x, vThreadID.x, l(2)
ld_raw r1.x, r0.x, t1.xxxx
store_raw u0.x, r0.x, r1.x
ld_structured r1.x, vThreadID.x, l(%u), t2.xxxx
iadd r2.x, r0.x, l(64)
store_raw u0.x, r2.x, r1.x
iadd r1.x, vThreadID.x, l(500)
store_raw u2.x, r0.x, r1.x
imm_atomic_iadd r1.x, u2, r0.x, l(1000)
iadd r2.x, r0.x, l(128)
store_raw u0.x, r2.x, r1.x
iadd r1.x, vThreadID.x, l(700)
store_structured u3.x, vThreadID.x, l(%u), r1.x
mov r2.x, vThreadID.x
mov r2.y, l(0)
imm_atomic_iadd r1.x, u3, r2.xyxx, l(1)
iadd r2.x, r0.x, l(192)
store_raw u0.x, r2.x, r1.x
bufinfo r1.x, t1.xxxx
bufinfo r1.y, t2.xxxx
bufinfo r1.z, u2.xxxx
bufinfo r1.w, u3.xxxx
store_raw u0.xyzw, l(240), r1.xyzw
ret
)";

}  // namespace

TEST_CASE("raw views at dword 1 and 7 and structured views of strides 4 and 12 and 20 at elements 1 and 3",
          "[compute][buffers][views][offsets]") {
  RenderDevice d;
  constexpr UINT kRawDwords = 8, kStructured = 4, kWords = 120;  // (a multiple of 3 and 5 dwords)
  std::vector<uint32_t> data(kWords);
  for (UINT i = 0; i < kWords; ++i) data[i] = 100 + i;
  for (UINT stride : {4u, 12u, 20u}) {
    char listing[sizeof kCsRawStructured + 32];
    std::snprintf(listing, sizeof listing, kCsRawStructured, stride, stride, stride - 4, stride - 4);
    Com<ID3D11ComputeShader> cs = computeShader(d, listing);
    for (UINT first : {1u, 3u}) {
      const UINT rawFirst = first == 1 ? 1 : 7;
      INFO("stride " << stride << ", structured FirstElement " << first << ", raw FirstElement " << rawFirst);
      Com<ID3D11Buffer> raw = makeDataBuffer(d, data, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
      Com<ID3D11Buffer> structured = makeDataBuffer(d, data, D3D11_BIND_SHADER_RESOURCE,
                                                    D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, stride);
      Com<ID3D11Buffer> rawOut = makeDataBuffer(d, std::vector<uint32_t>(32, 7), D3D11_BIND_UNORDERED_ACCESS,
                                                D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
      Com<ID3D11Buffer> structuredOut = makeDataBuffer(d, std::vector<uint32_t>(kWords, 9), D3D11_BIND_UNORDERED_ACCESS,
                                                       D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, stride);
      Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(64, 0xDEADu), D3D11_BIND_UNORDERED_ACCESS,
                                             D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
      D3D11_SHADER_RESOURCE_VIEW_DESC rs{};
      rs.Format = DXGI_FORMAT_R32_TYPELESS;
      rs.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
      rs.BufferEx = {rawFirst, kRawDwords, D3D11_BUFFEREX_SRV_FLAG_RAW};
      D3D11_SHADER_RESOURCE_VIEW_DESC ss{};
      ss.Format = DXGI_FORMAT_UNKNOWN;
      ss.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
      ss.Buffer.FirstElement = first;
      ss.Buffer.NumElements = kStructured;
      D3D11_UNORDERED_ACCESS_VIEW_DESC ru{};
      ru.Format = DXGI_FORMAT_R32_TYPELESS;
      ru.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
      ru.Buffer = {rawFirst, kRawDwords, D3D11_BUFFER_UAV_FLAG_RAW};
      D3D11_UNORDERED_ACCESS_VIEW_DESC su{};
      su.Format = DXGI_FORMAT_UNKNOWN;
      su.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
      su.Buffer = {first, kStructured, 0};
      Com<ID3D11ShaderResourceView> t1, t2;
      Com<ID3D11UnorderedAccessView> u2, u3;
      REQUIRE(d->CreateShaderResourceView(raw.get(), &rs, t1.out()) == S_OK);
      REQUIRE(d->CreateShaderResourceView(structured.get(), &ss, t2.out()) == S_OK);
      REQUIRE(d->CreateUnorderedAccessView(rawOut.get(), &ru, u2.out()) == S_OK);
      REQUIRE(d->CreateUnorderedAccessView(structuredOut.get(), &su, u3.out()) == S_OK);
      Com<ID3D11UnorderedAccessView> u0 = rawUav(d, out.get(), 64);
      d.context->CSSetShader(cs.get(), nullptr, 0);
      ID3D11ShaderResourceView* srvs[] = {nullptr, t1.get(), t2.get()};
      d.context->CSSetShaderResources(0, 3, srvs);
      ID3D11UnorderedAccessView* views[] = {u0.get(), nullptr, u2.get(), u3.get()};
      d.context->CSSetUnorderedAccessViews(0, 4, views, nullptr);
      d.context->Dispatch(1, 1, 1);
      const std::vector<uint32_t> r = readBuffer(d, out.get());
      const UINT strideWords = stride / 4;
      for (UINT i = 0; i < 10; ++i) {
        INFO("thread " << i);
        CHECK(r[i] == (i < kRawDwords ? data[rawFirst + i] : 0u));                                      // ld_raw
        CHECK(r[16 + i] == (i < kStructured ? data[(first + i) * strideWords + strideWords - 1] : 0u));  // ld_structured
        CHECK(r[32 + i] == (i < kRawDwords ? 500 + i : 0u));   // the raw atomic's old value (0 past the end)
        // the structured atomic's old value (stride 4: the dword the store just wrote)
        CHECK(r[48 + i] == (i < kStructured ? (strideWords == 1 ? 700 + i : 9u) : 0u));
      }
      CHECK(r[60] == kRawDwords * 4);  // bufinfo: bytes of raw views, elements of structured ones
      CHECK(r[61] == kStructured);
      CHECK(r[62] == kRawDwords * 4);
      CHECK(r[63] == kStructured);
      const std::vector<uint32_t> rawWritten = readBuffer(d, rawOut.get());
      for (UINT w = 0; w < 32; ++w) {
        INFO("raw UAV dword " << w);
        const bool inView = w >= rawFirst && w < rawFirst + kRawDwords;
        CHECK(rawWritten[w] == (inView ? 1500 + (w - rawFirst) : 7u));
      }
      const std::vector<uint32_t> structuredWritten = readBuffer(d, structuredOut.get());
      for (UINT w = 0; w < kWords; ++w) {
        INFO("structured UAV dword " << w);
        const UINT e = w / strideWords, k = w % strideWords;
        const bool inView = e >= first && e < first + kStructured;
        uint32_t expected = 9;
        if (inView && k == strideWords - 1) expected = 700 + (e - first);
        if (inView && k == 0) expected = strideWords == 1 ? 700 + (e - first) + 1 : 10;  // + the atomic's 1
        CHECK(structuredWritten[w] == expected);
      }
    }
  }
}

namespace {

// PS: SV_Target = (t0[x], t1 raw dword x, 0, 1) as floats, x the pixel's column.
const char kPsReadViews[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   x
// COLOR                    0   xyzw        1     NONE   float
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_buffer (uint,uint,uint,uint) t0
dcl_resource_raw t1
dcl_input_ps_siv linear noperspective v0.x, position
dcl_output o0.xyzw
dcl_temps 2
ftou r0.x, v0.x
ld_indexable(buffer)(uint,uint,uint,uint) r1.x, r0.xxxx, t0.xyzw
ishl r0.y, r0.x, l(2)
ld_raw r1.y, r0.y, t1.xxxx
utof o0.xy, r1.xyxx
mov o0.zw, l(0,0,0,1.000000)
ret
)";

}  // namespace

TEST_CASE("a pixel shader reads typed and raw views at any element: aligned views then unaligned ones draw after draw",
          "[compute][buffers][views][offsets][draw]") {
  RenderDevice d;
  DrawTarget target(d, 8, 1);
  const std::vector<uint8_t> psCode = assembled(kPsReadViews);
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()) == S_OK);
  d.context->PSSetShader(ps.get(), nullptr, 0);
  const Vertex tri[3] = {{-1, -1, 0, 0, 0, 0}, {-1, 3, 0, 0, 0, 0}, {3, -1, 0, 0, 0, 0}};
  Com<ID3D11Buffer> vb = makeBuffer(d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
  target.bindVertices(vb.get());
  std::vector<uint32_t> data(32);
  for (UINT i = 0; i < 32; ++i) data[i] = 10 + 3 * i;
  Com<ID3D11Buffer> buffer = makeDataBuffer(d, data, D3D11_BIND_SHADER_RESOURCE, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  auto typedView = [&](UINT first, UINT count) {
    D3D11_SHADER_RESOURCE_VIEW_DESC s{};
    s.Format = DXGI_FORMAT_R32_UINT;
    s.ViewDimension = D3D11_SRV_DIMENSION_BUFFER;
    s.Buffer.FirstElement = first;
    s.Buffer.NumElements = count;
    Com<ID3D11ShaderResourceView> v;
    REQUIRE(d->CreateShaderResourceView(buffer.get(), &s, v.out()) == S_OK);
    return v;
  };
  auto rawView = [&](UINT first, UINT count) {
    D3D11_SHADER_RESOURCE_VIEW_DESC s{};
    s.Format = DXGI_FORMAT_R32_TYPELESS;
    s.ViewDimension = D3D11_SRV_DIMENSION_BUFFEREX;
    s.BufferEx = {first, count, D3D11_BUFFEREX_SRV_FLAG_RAW};
    Com<ID3D11ShaderResourceView> v;
    REQUIRE(d->CreateShaderResourceView(buffer.get(), &s, v.out()) == S_OK);
    return v;
  };
  // Left half (columns 0..3): views from element 0 (aligned); right half
  // (columns 4..7, the shader's index): typed from element 3 of 6, raw from dword 5 of 7.
  Com<ID3D11ShaderResourceView> alignedTyped = typedView(0, 8), alignedRaw = rawView(0, 8);
  Com<ID3D11ShaderResourceView> shiftedTyped = typedView(3, 6), shiftedRaw = rawView(5, 7);
  for (int half = 0; half < 2; ++half) {
    ID3D11ShaderResourceView* srvs[] = {half ? shiftedTyped.get() : alignedTyped.get(),
                                        half ? shiftedRaw.get() : alignedRaw.get()};
    d.context->PSSetShaderResources(0, 2, srvs);
    D3D11_VIEWPORT vp{float(4 * half), 0, 4, 1, 0, 1};
    d.context->RSSetViewports(1, &vp);
    d.context->Draw(3, 0);
  }
  const std::vector<std::array<float, 4>> px = target.pixels();
  for (UINT x = 0; x < 8; ++x) {
    INFO("column " << x);
    const float typed = x < 4 ? float(data[x]) : x < 6 ? float(data[3 + x]) : 0.0f;  // past 6 elements: 0
    const float raw = x < 4 ? float(data[x]) : x < 7 ? float(data[5 + x]) : 0.0f;    // past 7 dwords: 0
    CHECK(px[x][0] == typed);
    CHECK(px[x][1] == raw);
    CHECK(px[x][3] == 1.0f);
  }
}

TEST_CASE("ClearUnorderedAccessViewUint on raw and typed views at odd elements clears exactly the view",
          "[compute][buffers][views][offsets]") {
  RenderDevice d;
  Com<ID3D11Buffer> buffer = makeDataBuffer(d, std::vector<uint32_t>(16, 7), D3D11_BIND_UNORDERED_ACCESS,
                                            D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  D3D11_UNORDERED_ACCESS_VIEW_DESC raw{};
  raw.Format = DXGI_FORMAT_R32_TYPELESS;
  raw.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  raw.Buffer = {1, 5, D3D11_BUFFER_UAV_FLAG_RAW};
  D3D11_UNORDERED_ACCESS_VIEW_DESC typed{};
  typed.Format = DXGI_FORMAT_R32_UINT;
  typed.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  typed.Buffer = {9, 3, 0};
  Com<ID3D11UnorderedAccessView> rawView, typedView;
  REQUIRE(d->CreateUnorderedAccessView(buffer.get(), &raw, rawView.out()) == S_OK);
  REQUIRE(d->CreateUnorderedAccessView(buffer.get(), &typed, typedView.out()) == S_OK);
  const UINT a[4] = {0xAAAA, 0, 0, 0}, b[4] = {0xBBBB, 0, 0, 0};
  d.context->ClearUnorderedAccessViewUint(rawView.get(), a);
  d.context->ClearUnorderedAccessViewUint(typedView.get(), b);
  const std::vector<uint32_t> r = readBuffer(d, buffer.get());
  for (UINT i = 0; i < 16; ++i) {
    INFO("dword " << i);
    CHECK(r[i] == (i >= 1 && i < 6 ? 0xAAAAu : i >= 9 && i < 12 ? 0xBBBBu : 7u));
  }
}
