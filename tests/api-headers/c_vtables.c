/* The C form of the public headers (C11): vtable slot offsets of a few interfaces,
 * IIDs, and that an IID is one object program-wide. The slot numbers are the SDK's,
 * the same ones test_vtables.cpp checks on the C++ form by calling through the
 * vtable (reference/ddi.md for ID3D11Device3 / ID3D11DeviceContext3): the C
 * IFooVtbl member for slot N must sit at N * sizeof(void*), counting QueryInterface
 * as slot 0. Prints each mismatch and exits 1 if there is one. */
#define COBJMACROS
#include <d3d11_3.h>
#include <dxgi1_6.h>
#include <d3d11_4.h>  /* ID3D11Multithread's C form */
#include <d3dvk.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* Defined in c_vtables_second_tu.c and c_vtables_cxx.cpp (another C and a C++
 * translation unit including the same headers). */
const IID* d3dvk_test_c_second_tu_iid_device(void);
const IID* d3dvk_test_cxx_iid_device(void);

static int failures = 0;

#define SLOT(vtbl, member, slot)                                                                       \
  do {                                                                                                 \
    if (offsetof(vtbl, member) != (size_t)(slot) * sizeof(void*)) {                                    \
      fprintf(stderr, "%s::%s is at byte %zu, expected slot %d (byte %zu)\n", #vtbl, #member,         \
              offsetof(vtbl, member), (slot), (size_t)(slot) * sizeof(void*));                         \
      failures++;                                                                                      \
    }                                                                                                  \
  } while (0)

#define SLOT_COUNT(vtbl, count)                                                                      \
  do {                                                                                               \
    if (sizeof(vtbl) != (size_t)(count) * sizeof(void*)) {                                           \
      fprintf(stderr, "%s has %zu slots, expected %d\n", #vtbl, sizeof(vtbl) / sizeof(void*), (count)); \
      failures++;                                                                                    \
    }                                                                                                \
  } while (0)

static void check_iid(const char* name, const IID* iid, unsigned long l, unsigned w1, unsigned w2,
                      const unsigned char b[8]) {
  if (iid->Data1 != l || iid->Data2 != w1 || iid->Data3 != w2 || memcmp(iid->Data4, b, 8) != 0) {
    fprintf(stderr, "%s has the wrong value\n", name);
    failures++;
  }
}

int main(void) {
  /* ID3D11Device3 */
  SLOT(ID3D11Device3Vtbl, QueryInterface, 0);
  SLOT(ID3D11Device3Vtbl, AddRef, 1);
  SLOT(ID3D11Device3Vtbl, Release, 2);
  SLOT(ID3D11Device3Vtbl, CreateBuffer, 3);
  SLOT(ID3D11Device3Vtbl, CreateTexture2D, 5);
  SLOT(ID3D11Device3Vtbl, CreateShaderResourceView, 7);
  SLOT(ID3D11Device3Vtbl, CreateRenderTargetView, 9);
  SLOT(ID3D11Device3Vtbl, CreateInputLayout, 11);
  SLOT(ID3D11Device3Vtbl, CreateVertexShader, 12);
  SLOT(ID3D11Device3Vtbl, CreatePixelShader, 15);
  SLOT(ID3D11Device3Vtbl, CreateBlendState, 20);
  SLOT(ID3D11Device3Vtbl, CreateRasterizerState, 22);
  SLOT(ID3D11Device3Vtbl, CreateQuery, 24);
  SLOT(ID3D11Device3Vtbl, CreateDeferredContext, 27);
  SLOT(ID3D11Device3Vtbl, CheckFormatSupport, 29);
  SLOT(ID3D11Device3Vtbl, CheckFeatureSupport, 33);
  SLOT(ID3D11Device3Vtbl, GetFeatureLevel, 37);
  SLOT(ID3D11Device3Vtbl, GetImmediateContext, 40);
  SLOT(ID3D11Device3Vtbl, GetExceptionMode, 42);
  SLOT(ID3D11Device3Vtbl, GetImmediateContext1, 43);
  SLOT(ID3D11Device3Vtbl, CreateRasterizerState1, 46);
  SLOT(ID3D11Device3Vtbl, OpenSharedResourceByName, 49);
  SLOT(ID3D11Device3Vtbl, GetImmediateContext2, 50);
  SLOT(ID3D11Device3Vtbl, CheckMultisampleQualityLevels1, 53);
  SLOT(ID3D11Device3Vtbl, CreateTexture2D1, 54);
  SLOT(ID3D11Device3Vtbl, CreateRasterizerState2, 56);
  SLOT(ID3D11Device3Vtbl, CreateQuery1, 60);
  SLOT(ID3D11Device3Vtbl, WriteToSubresource, 63);
  SLOT(ID3D11Device3Vtbl, ReadFromSubresource, 64);
  SLOT_COUNT(ID3D11Device3Vtbl, 65);
  SLOT(ID3D11DeviceVtbl, GetExceptionMode, 42);
  SLOT_COUNT(ID3D11DeviceVtbl, 43);

  /* ID3D11DeviceContext3 */
  SLOT(ID3D11DeviceContext3Vtbl, GetDevice, 3);
  SLOT(ID3D11DeviceContext3Vtbl, SetPrivateDataInterface, 6);
  SLOT(ID3D11DeviceContext3Vtbl, VSSetConstantBuffers, 7);
  SLOT(ID3D11DeviceContext3Vtbl, PSSetShader, 9);
  SLOT(ID3D11DeviceContext3Vtbl, DrawIndexed, 12);
  SLOT(ID3D11DeviceContext3Vtbl, Draw, 13);
  SLOT(ID3D11DeviceContext3Vtbl, Map, 14);
  SLOT(ID3D11DeviceContext3Vtbl, Unmap, 15);
  SLOT(ID3D11DeviceContext3Vtbl, IASetPrimitiveTopology, 24);
  SLOT(ID3D11DeviceContext3Vtbl, OMSetRenderTargets, 33);
  SLOT(ID3D11DeviceContext3Vtbl, Dispatch, 41);
  SLOT(ID3D11DeviceContext3Vtbl, RSSetViewports, 44);
  SLOT(ID3D11DeviceContext3Vtbl, CopyResource, 47);
  SLOT(ID3D11DeviceContext3Vtbl, ClearRenderTargetView, 50);
  SLOT(ID3D11DeviceContext3Vtbl, ClearDepthStencilView, 53);
  SLOT(ID3D11DeviceContext3Vtbl, ExecuteCommandList, 58);
  SLOT(ID3D11DeviceContext3Vtbl, IAGetPrimitiveTopology, 83);
  SLOT(ID3D11DeviceContext3Vtbl, OMGetRenderTargets, 89);
  SLOT(ID3D11DeviceContext3Vtbl, RSGetViewports, 95);
  SLOT(ID3D11DeviceContext3Vtbl, ClearState, 110);
  SLOT(ID3D11DeviceContext3Vtbl, Flush, 111);
  SLOT(ID3D11DeviceContext3Vtbl, GetType, 112);
  SLOT(ID3D11DeviceContext3Vtbl, FinishCommandList, 114);
  SLOT(ID3D11DeviceContext3Vtbl, CopySubresourceRegion1, 115);
  SLOT(ID3D11DeviceContext3Vtbl, SwapDeviceContextState, 131);
  SLOT(ID3D11DeviceContext3Vtbl, ClearView, 132);
  SLOT(ID3D11DeviceContext3Vtbl, DiscardView1, 133);
  SLOT(ID3D11DeviceContext3Vtbl, UpdateTileMappings, 134);
  SLOT(ID3D11DeviceContext3Vtbl, EndEvent, 143);
  SLOT(ID3D11DeviceContext3Vtbl, Flush1, 144);
  SLOT(ID3D11DeviceContext3Vtbl, GetHardwareProtectionState, 146);
  SLOT_COUNT(ID3D11DeviceContext3Vtbl, 147);

  /* IDXGIFactory6 (SDK order: IDXGIObject 3-6, IDXGIFactory 7-11, IDXGIFactory1 12-13,
   * IDXGIFactory2 14-24, IDXGIFactory3 25, IDXGIFactory4 26-27, IDXGIFactory5 28,
   * IDXGIFactory6 29). */
  SLOT(IDXGIFactory6Vtbl, SetPrivateData, 3);
  SLOT(IDXGIFactory6Vtbl, GetParent, 6);
  SLOT(IDXGIFactory6Vtbl, EnumAdapters, 7);
  SLOT(IDXGIFactory6Vtbl, CreateSwapChain, 10);
  SLOT(IDXGIFactory6Vtbl, EnumAdapters1, 12);
  SLOT(IDXGIFactory6Vtbl, IsCurrent, 13);
  SLOT(IDXGIFactory6Vtbl, IsWindowedStereoEnabled, 14);
  SLOT(IDXGIFactory6Vtbl, CreateSwapChainForHwnd, 15);
  SLOT(IDXGIFactory6Vtbl, CreateSwapChainForComposition, 24);
  SLOT(IDXGIFactory6Vtbl, GetCreationFlags, 25);
  SLOT(IDXGIFactory6Vtbl, EnumAdapterByLuid, 26);
  SLOT(IDXGIFactory6Vtbl, EnumWarpAdapter, 27);
  SLOT(IDXGIFactory6Vtbl, CheckFeatureSupport, 28);
  SLOT(IDXGIFactory6Vtbl, EnumAdapterByGpuPreference, 29);
  SLOT_COUNT(IDXGIFactory6Vtbl, 30);

  /* IDXGIAdapter1 and IDXGIDevice */
  SLOT(IDXGIAdapter1Vtbl, EnumOutputs, 7);
  SLOT(IDXGIAdapter1Vtbl, GetDesc, 8);
  SLOT(IDXGIAdapter1Vtbl, CheckInterfaceSupport, 9);
  SLOT(IDXGIAdapter1Vtbl, GetDesc1, 10);
  SLOT_COUNT(IDXGIAdapter1Vtbl, 11);
  SLOT(IDXGIDeviceVtbl, GetAdapter, 7);
  SLOT(IDXGIDeviceVtbl, GetGPUThreadPriority, 11);

  /* An interface pointer is a pointer to the vtable pointer. */
  if (offsetof(ID3D11Device, lpVtbl) != 0 || sizeof(ID3D11Device) != sizeof(void*)) {
    fprintf(stderr, "ID3D11Device is not { lpVtbl }\n");
    failures++;
  }

  /* IIDs: the SDK's values, usable from C, one object however many translation
   * units (C or C++) include the headers. */
  static const unsigned char device[8] = {0x82, 0x53, 0x81, 0x9d, 0xf9, 0xbb, 0xf1, 0x40};
  check_iid("IID_ID3D11Device", &IID_ID3D11Device, 0xdb6f6ddbul, 0xac77, 0x4e88, device);
  static const unsigned char factory1[8] = {0xa8, 0x29, 0x25, 0x3c, 0x83, 0xd1, 0xb3, 0x87};
  check_iid("IID_IDXGIFactory1", &IID_IDXGIFactory1, 0x770aae78ul, 0xf26f, 0x4dba, factory1);
  static const unsigned char unknown[8] = {0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x46};
  check_iid("IID_IUnknown", &IID_IUnknown, 0, 0, 0, unknown);
  if (d3dvk_test_c_second_tu_iid_device() != &IID_ID3D11Device) {
    fprintf(stderr, "IID_ID3D11Device is a different object in another C translation unit\n");
    failures++;
  }
  if (d3dvk_test_cxx_iid_device() != &IID_ID3D11Device) {
    fprintf(stderr, "IID_ID3D11Device is a different object in a C++ translation unit\n");
    failures++;
  }

  if (failures) return 1;
  puts("ok");
  return 0;
}
