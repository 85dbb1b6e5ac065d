// IIDs: IID_X and __uuidof(X) equal the interface GUIDs as documented in their
// registry-string form (learn.microsoft.com / the SDK's uuid(...) attributes).
// The expected values are parsed from those strings, independently of the
// headers' numeric initialisers.
#include <catch2/catch.hpp>

// d3d11_3.h alone: the debug-layer interfaces arrive through d3d11.h, as with the SDK.
#include <d3d11_3.h>
#include <d3d11_4.h>

#include <cstring>
#include <string>

namespace {

constexpr int hex(char c) {
  return c >= '0' && c <= '9'   ? c - '0'
         : c >= 'a' && c <= 'f' ? c - 'a' + 10
         : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                : throw "not a hex digit";
}

constexpr unsigned long long hex_field(const char* s, int n) {
  unsigned long long v = 0;
  for (int i = 0; i < n; ++i) v = v * 16 + hex(s[i]);
  return v;
}

// "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
constexpr GUID parse_guid(const char* s) {
  GUID g{};
  g.Data1 = static_cast<uint32_t>(hex_field(s, 8));
  g.Data2 = static_cast<uint16_t>(hex_field(s + 9, 4));
  g.Data3 = static_cast<uint16_t>(hex_field(s + 14, 4));
  g.Data4[0] = static_cast<uint8_t>(hex_field(s + 19, 2));
  g.Data4[1] = static_cast<uint8_t>(hex_field(s + 21, 2));
  for (int i = 0; i < 6; ++i) g.Data4[2 + i] = static_cast<uint8_t>(hex_field(s + 24 + 2 * i, 2));
  return g;
}

bool same(const GUID& a, const GUID& b) { return std::memcmp(&a, &b, sizeof(GUID)) == 0; }

struct Expected {
  const char* name;
  const GUID& iid;
  const GUID& uuidof;
  const char* documented;
};

#define ROW(iface, str) Expected{#iface, IID_##iface, __uuidof(iface), str}

}  // namespace

static_assert(sizeof(GUID) == 16);
static_assert(parse_guid("a05c8c37-d2c6-4732-b3a0-9ce0b0dc9ae6").Data1 == 0xa05c8c37);
// IIDs are constant expressions (usable without linking anything).
static_assert(IID_ID3D11Device3.Data1 == 0xa05c8c37 && IID_ID3D11Device3.Data4[7] == 0xe6);
static_assert(IID_ID3D11RasterizerState2.Data2 == 0x209f);

TEST_CASE("IIDs and __uuidof match the documented GUIDs", "[api-headers][iid]") {
  const Expected rows[] = {
      ROW(ID3D11Multithread, "9b7e4e00-342c-4106-a19f-4f2704f689f0"),
      ROW(ID3D11DeviceChild, "1841e5c8-16b0-489b-bcc8-44cfb0d5deae"),
      ROW(ID3D11DepthStencilState, "03823efb-8d8f-4e1c-9aa2-f64bb2cbfdf1"),
      ROW(ID3D11BlendState, "75b68faa-347d-4159-8f45-a0640f01cd9a"),
      ROW(ID3D11RasterizerState, "9bb4ab81-ab1a-4d8f-b506-fc04200b6ee7"),
      ROW(ID3D11Resource, "dc8e63f3-d12b-4952-b47b-5e45026a862d"),
      ROW(ID3D11Buffer, "48570b85-d1ee-4fcd-a250-eb350722b037"),
      ROW(ID3D11Texture1D, "f8fb5c27-c6b3-4f75-a4c8-439af2ef564c"),
      ROW(ID3D11Texture2D, "6f15aaf2-d208-4e89-9ab4-489535d34f9c"),
      ROW(ID3D11Texture3D, "037e866e-f56d-4357-a8af-9dabbe6e250e"),
      ROW(ID3D11View, "839d1216-bb2e-412b-b7f4-a9dbebe08ed1"),
      ROW(ID3D11ShaderResourceView, "b0e06fe0-8192-4e1a-b1ca-36d7414710b2"),
      ROW(ID3D11RenderTargetView, "dfdba067-0b8d-4865-875b-d7b4516cc164"),
      ROW(ID3D11DepthStencilView, "9fdac92a-1876-48c3-afad-25b94f84a9b6"),
      ROW(ID3D11UnorderedAccessView, "28acf509-7f5c-48f6-8611-f316010a6380"),
      ROW(ID3D11VertexShader, "3b301d64-d678-4289-8897-22f8928b72f3"),
      ROW(ID3D11HullShader, "8e5c6061-628a-4c8e-8264-bbe45cb3d5dd"),
      ROW(ID3D11DomainShader, "f582c508-0f36-490c-9977-31eece268cfa"),
      ROW(ID3D11GeometryShader, "38325b96-effb-4022-ba02-2e795b70275c"),
      ROW(ID3D11PixelShader, "ea82e40d-51dc-4f33-93d4-db7c9125ae8c"),
      ROW(ID3D11ComputeShader, "4f5b196e-c2bd-495e-bd01-1fded38e4969"),
      ROW(ID3D11InputLayout, "e4819ddc-4cf0-4025-bd26-5de82a3e07b7"),
      ROW(ID3D11SamplerState, "da6fea51-564c-4487-9810-f0d0f9b4e3a5"),
      ROW(ID3D11Asynchronous, "4b35d0cd-1e15-4258-9c98-1b1333f6dd3b"),
      ROW(ID3D11Query, "d6c00747-87b7-425e-b84d-44d108560afd"),
      ROW(ID3D11Predicate, "9eb576dd-9f77-4d86-81aa-8bab5fe490e2"),
      ROW(ID3D11Counter, "6e8c49fb-a371-4770-b440-29086022b741"),
      ROW(ID3D11ClassInstance, "a6cd7faa-b0b7-4a2f-9436-8662a65797cb"),
      ROW(ID3D11ClassLinkage, "ddf57cba-9543-46e4-a12b-f207a0fe7fed"),
      ROW(ID3D11CommandList, "a24bc4d1-769e-43f7-8013-98ff566c18e2"),
      ROW(ID3D11DeviceContext, "c0bfa96c-e089-44fb-8eaf-26f8796190da"),
      ROW(ID3D11Device, "db6f6ddb-ac77-4e88-8253-819df9bbf140"),
      ROW(ID3D11BlendState1, "cc86fabe-da55-401d-85e7-e3c9de2877e9"),
      ROW(ID3D11RasterizerState1, "1217d7a6-5039-418c-b042-9cbe256afd6e"),
      ROW(ID3DDeviceContextState, "5c1e0d8a-7c23-48f9-8c59-a92958ceff11"),
      ROW(ID3D11DeviceContext1, "bb2c6faa-b5fb-4082-8e6b-388b8cfa90e1"),
      ROW(ID3DUserDefinedAnnotation, "b2daad8b-03d4-4dbf-95eb-32ab4b63d0ab"),
      ROW(ID3D11Device1, "a04bfb29-08ef-43d6-a49c-a9bdbdcbe686"),
      ROW(ID3D11DeviceContext2, "420d5b32-b90c-4da4-bef0-359f6a24a83a"),
      ROW(ID3D11Device2, "9d06dffa-d1e5-4d07-83a8-1bb123f2f841"),
      ROW(ID3D11Texture2D1, "51218251-1e33-4617-9ccb-4d3a4367e7bb"),
      ROW(ID3D11Texture3D1, "0c711683-2853-4846-9bb0-f3e60639e46a"),
      ROW(ID3D11RasterizerState2, "6fbd02fb-209f-46c4-b059-2ed15586a6ac"),
      ROW(ID3D11ShaderResourceView1, "91308b87-9040-411d-8c67-c39253ce3802"),
      ROW(ID3D11RenderTargetView1, "ffbe2e23-f011-418a-ac56-5ceed7c5b94b"),
      ROW(ID3D11UnorderedAccessView1, "7b3b6153-a886-4544-ab37-6537c8500403"),
      ROW(ID3D11Query1, "631b4766-36dc-461d-8db6-c47e13e60916"),
      ROW(ID3D11DeviceContext3, "b4e3c01d-e79e-4637-91b2-510e9f4c9b8f"),
      ROW(ID3D11Device3, "a05c8c37-d2c6-4732-b3a0-9ce0b0dc9ae6"),
      ROW(ID3D11Debug, "79cf2233-7536-4948-9d36-1e4692dc5760"),
      ROW(ID3D11InfoQueue, "6543dbb6-1b48-42f5-ab82-e97ec74326f6"),
      ROW(ID3D11SwitchToRef, "1ef337e3-58e7-4f83-a692-db221f5ed47e"),
  };
  for (const Expected& e : rows) {
    INFO(e.name);
    const GUID documented = parse_guid(e.documented);
    CHECK(same(e.iid, documented));
    CHECK(same(e.uuidof, documented));
    // IID_X and __uuidof(X) agree with each other.
    CHECK(e.iid == e.uuidof);
  }
}

TEST_CASE("DXGI_DEBUG_D3D11 is the documented producer GUID", "[api-headers][iid]") {
  CHECK(same(DXGI_DEBUG_D3D11, parse_guid("4b99317b-ac39-4aa6-bb0b-baa04784798f")));
}

TEST_CASE("__uuidof works on pointers and IID_PPV_ARGS", "[api-headers][iid]") {
  ID3D11Device3* dev = nullptr;
  CHECK(same(__uuidof(dev), IID_ID3D11Device3));
  CHECK(same(__uuidof(ID3D11Device3*), IID_ID3D11Device3));
  ID3D11InfoQueue* iq = nullptr;
  auto check = [](REFIID riid, void** ppv, void* expected_ppv) {
    CHECK(same(riid, IID_ID3D11InfoQueue));
    CHECK(static_cast<void*>(ppv) == expected_ppv);
  };
  check(IID_PPV_ARGS(&iq), &iq);
  // Distinct interfaces have distinct IIDs (the base's IID is not inherited).
  CHECK_FALSE(same(__uuidof(ID3D11Device3), __uuidof(ID3D11Device2)));
  CHECK_FALSE(same(__uuidof(ID3D11RasterizerState2), __uuidof(ID3D11RasterizerState)));
}
