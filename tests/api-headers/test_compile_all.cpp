// Header hygiene: all five public D3D11 headers in one translation unit together
// with DirectX-Headers' D3D12 headers (included first here, so d3dcommon.h and
// winadapter.h arrive before ours), compiled with the project's warnings as errors.
// (DirectX-Headers' d3d12.h needs winadapter.h before it on Linux, and its
// __uuidof support comes from dxguids.h; ours need neither.)
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

#include <d3d11.h>
#include <d3d11_1.h>
#include <d3d11_2.h>
#include <d3d11_3.h>
#include <d3d11_4.h>
#include <d3d11sdklayers.h>
// Include guards: a second inclusion is harmless.
#include <d3d11.h>
#include <d3d11_3.h>

#include <catch2/catch.hpp>

#include <type_traits>

// The entry point has the Windows signature and matches its PFN type.
static_assert(std::is_same_v<PFN_D3D11_CREATE_DEVICE, decltype(&D3D11CreateDevice)>);

// Interface inheritance is the SDK's.
static_assert(std::is_base_of_v<ID3D11Device2, ID3D11Device3>);
static_assert(std::is_base_of_v<ID3D11Device1, ID3D11Device2>);
static_assert(std::is_base_of_v<ID3D11Device, ID3D11Device1>);
static_assert(std::is_base_of_v<IUnknown, ID3D11Device>);
static_assert(std::is_base_of_v<ID3D11RasterizerState1, ID3D11RasterizerState2>);
static_assert(std::is_base_of_v<ID3D11DeviceChild, ID3D11RasterizerState>);
static_assert(std::is_base_of_v<ID3D11DeviceContext2, ID3D11DeviceContext3>);
static_assert(std::is_base_of_v<ID3D11Query, ID3D11Predicate>);
static_assert(std::is_base_of_v<ID3D11Asynchronous, ID3D11Counter>);
static_assert(std::is_base_of_v<ID3D11Texture2D, ID3D11Texture2D1>);
static_assert(std::is_base_of_v<ID3D11View, ID3D11ShaderResourceView1>);
static_assert(std::is_abstract_v<ID3D11Device3>);
// Interfaces are a single vtable pointer.
static_assert(sizeof(ID3D11Device3) == sizeof(void*));
static_assert(sizeof(ID3D11DeviceContext3) == sizeof(void*));

TEST_CASE("D3D11 and D3D12 headers coexist in one translation unit", "[api-headers][compile]") {
  CHECK(__uuidof(ID3D12Device) != __uuidof(ID3D11Device));
  CHECK(IID_ID3D11InfoQueue != __uuidof(ID3D12InfoQueue));
  // Shared d3dcommon.h types are usable from both APIs.
  D3D_FEATURE_LEVEL fl = D3D_FEATURE_LEVEL_11_1;
  D3D11_PRIMITIVE_TOPOLOGY topo = D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST;
  CHECK(fl == 0xb100);
  CHECK(topo == D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  D3D12_RASTERIZER_DESC d12{};
  D3D11_RASTERIZER_DESC2 d11{};
  d12.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON;
  d11.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  CHECK(static_cast<int>(d12.ConservativeRaster) == static_cast<int>(d11.ConservativeRaster));
}
