// Vtable slot positions of the public interfaces. A dummy implementation records
// which method ran; the test calls slot N straight through the interface pointer's
// vtable (as a binary built against the Windows SDK would) and checks that the
// method the SDK puts at slot N is the one that ran. Slot numbers are the SDK's
// (reference/ddi.md for ID3D11Device3 / ID3D11RasterizerState2).
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "dummies.h"

namespace {

// Calls vtable slot `slot` of `iface` with no arguments. The dummies ignore their
// arguments and callers ignore results, so under the x86-64 / AArch64 calling
// conventions this runs exactly the function stored in the slot.
template <class Interface>
void call_slot(Interface* iface, std::size_t slot) {
  void** vtbl = *reinterpret_cast<void***>(iface);
  using Fn = void (*)(Interface*);
  Fn fn;
  static_assert(sizeof(fn) == sizeof(vtbl[slot]));
  std::memcpy(&fn, &vtbl[slot], sizeof(fn));
  fn(iface);
}

template <class Interface, class Dummy>
std::string method_at(Dummy& dummy, std::size_t slot) {
  dummy.called = nullptr;
  call_slot<Interface>(static_cast<Interface*>(&dummy), slot);
  return dummy.called ? dummy.called : "<nothing>";
}

}  // namespace

TEST_CASE("ID3D11Device3 vtable slots match the SDK", "[api-headers][vtable]") {
  DummyDevice3 dev;
  struct Slot {
    std::size_t slot;
    const char* name;
  };
  const Slot slots[] = {
      {0, "QueryInterface"},
      {1, "AddRef"},
      {2, "Release"},
      {3, "CreateBuffer"},
      {5, "CreateTexture2D"},
      {7, "CreateShaderResourceView"},
      {9, "CreateRenderTargetView"},
      {11, "CreateInputLayout"},
      {12, "CreateVertexShader"},
      {15, "CreatePixelShader"},
      {20, "CreateBlendState"},
      {21, "CreateDepthStencilState"},
      {22, "CreateRasterizerState"},
      {23, "CreateSamplerState"},
      {24, "CreateQuery"},
      {27, "CreateDeferredContext"},
      {29, "CheckFormatSupport"},
      {33, "CheckFeatureSupport"},
      {37, "GetFeatureLevel"},
      {38, "GetCreationFlags"},
      {40, "GetImmediateContext"},
      {42, "GetExceptionMode"},
      // ID3D11Device1
      {43, "GetImmediateContext1"},
      {45, "CreateBlendState1"},
      {46, "CreateRasterizerState1"},
      {47, "CreateDeviceContextState"},
      {49, "OpenSharedResourceByName"},
      // ID3D11Device2
      {50, "GetImmediateContext2"},
      {51, "CreateDeferredContext2"},
      {52, "GetResourceTiling"},
      {53, "CheckMultisampleQualityLevels1"},
      // ID3D11Device3 (ddi.md)
      {54, "CreateTexture2D1"},
      {55, "CreateTexture3D1"},
      {56, "CreateRasterizerState2"},
      {57, "CreateShaderResourceView1"},
      {58, "CreateUnorderedAccessView1"},
      {59, "CreateRenderTargetView1"},
      {60, "CreateQuery1"},
      {61, "GetImmediateContext3"},
      {62, "CreateDeferredContext3"},
      {63, "WriteToSubresource"},
      {64, "ReadFromSubresource"},
  };
  for (const Slot& s : slots) {
    INFO("slot " << s.slot);
    CHECK(method_at<ID3D11Device3>(dev, s.slot) == s.name);
  }
}

TEST_CASE("ID3D11Device3 has exactly 65 slots", "[api-headers][vtable]") {
  // The last slot is ReadFromSubresource (64); a typed call through the interface
  // lands there, and the derived dummy adds no virtuals of its own.
  DummyDevice3 dev;
  ID3D11Device3* iface = &dev;
  iface->ReadFromSubresource(nullptr, 0, 0, nullptr, 0, nullptr);
  CHECK(std::string(dev.called) == "ReadFromSubresource");
  CHECK(method_at<ID3D11Device3>(dev, 64) == "ReadFromSubresource");
}

TEST_CASE("ID3D11DeviceContext3 vtable slots match the SDK", "[api-headers][vtable]") {
  DummyContext3 ctx;
  struct Slot {
    std::size_t slot;
    const char* name;
  };
  const Slot slots[] = {
      {0, "QueryInterface"},
      {3, "GetDevice"},
      {6, "SetPrivateDataInterface"},
      {7, "VSSetConstantBuffers"},
      {8, "PSSetShaderResources"},
      {9, "PSSetShader"},
      {11, "VSSetShader"},
      {12, "DrawIndexed"},
      {13, "Draw"},
      {14, "Map"},
      {15, "Unmap"},
      {17, "IASetInputLayout"},
      {18, "IASetVertexBuffers"},
      {20, "DrawIndexedInstanced"},
      {21, "DrawInstanced"},
      {24, "IASetPrimitiveTopology"},
      {33, "OMSetRenderTargets"},
      {35, "OMSetBlendState"},
      {41, "Dispatch"},
      {43, "RSSetState"},
      {44, "RSSetViewports"},
      {45, "RSSetScissorRects"},
      {47, "CopyResource"},
      {48, "UpdateSubresource"},
      {50, "ClearRenderTargetView"},
      {53, "ClearDepthStencilView"},
      {58, "ExecuteCommandList"},
      {83, "IAGetPrimitiveTopology"},
      {89, "OMGetRenderTargets"},
      {94, "RSGetState"},
      {95, "RSGetViewports"},
      {110, "ClearState"},
      {111, "Flush"},
      {112, "GetType"},
      {114, "FinishCommandList"},
      // ID3D11DeviceContext1
      {115, "CopySubresourceRegion1"},
      {117, "DiscardResource"},
      {131, "SwapDeviceContextState"},
      {132, "ClearView"},
      {133, "DiscardView1"},
      // ID3D11DeviceContext2
      {134, "UpdateTileMappings"},
      {140, "IsAnnotationEnabled"},
      {143, "EndEvent"},
      // ID3D11DeviceContext3
      {144, "Flush1"},
      {145, "SetHardwareProtectionState"},
      {146, "GetHardwareProtectionState"},
  };
  for (const Slot& s : slots) {
    INFO("slot " << s.slot);
    CHECK(method_at<ID3D11DeviceContext3>(ctx, s.slot) == s.name);
  }
}

TEST_CASE("ID3D11RasterizerState2 vtable slots match the SDK", "[api-headers][vtable]") {
  DummyRasterizerState2 rs;
  const char* expected[] = {"QueryInterface", "AddRef",   "Release",  "GetDevice", "GetPrivateData",
                            "SetPrivateData", "SetPrivateDataInterface", "GetDesc",  "GetDesc1", "GetDesc2"};
  for (std::size_t slot = 0; slot < 10; ++slot) {
    INFO("slot " << slot);
    CHECK(method_at<ID3D11RasterizerState2>(rs, slot) == expected[slot]);
  }
}

TEST_CASE("ID3D11InfoQueue and ID3D11Debug vtable slots match the SDK", "[api-headers][vtable]") {
  DummyInfoQueue iq;
  CHECK(method_at<ID3D11InfoQueue>(iq, 3) == "SetMessageCountLimit");
  CHECK(method_at<ID3D11InfoQueue>(iq, 5) == "GetMessage");
  CHECK(method_at<ID3D11InfoQueue>(iq, 8) == "GetNumStoredMessages");
  CHECK(method_at<ID3D11InfoQueue>(iq, 12) == "AddStorageFilterEntries");
  CHECK(method_at<ID3D11InfoQueue>(iq, 20) == "AddRetrievalFilterEntries");
  CHECK(method_at<ID3D11InfoQueue>(iq, 28) == "AddMessage");
  CHECK(method_at<ID3D11InfoQueue>(iq, 32) == "SetBreakOnID");
  CHECK(method_at<ID3D11InfoQueue>(iq, 37) == "GetMuteDebugOutput");

  DummyDebug dbg;
  CHECK(method_at<ID3D11Debug>(dbg, 3) == "SetFeatureMask");
  CHECK(method_at<ID3D11Debug>(dbg, 10) == "ReportLiveDeviceObjects");
  CHECK(method_at<ID3D11Debug>(dbg, 11) == "ValidateContextForDispatch");
}
