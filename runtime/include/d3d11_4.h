// runtime/include/d3d11_4.h — d3dvk's part of the Windows SDK's d3d11_4.h:
// ID3D11Multithread (the device's critical section, which the immediate
// context takes while multithread protection is on). The SDK header's other
// interfaces (ID3D11Device4/5, ID3D11DeviceContext4, fences, video) are not
// declared yet. Vtable layout and IID as the SDK's.
#ifndef D3DVK_D3D11_4_H
#define D3DVK_D3D11_4_H

#include "d3d11_3.h"

typedef struct ID3D11Multithread ID3D11Multithread;

D3DVK_BEGIN_INTERFACES

MIDL_INTERFACE("9B7E4E00-342C-4106-A19F-4F2704F689F0")
ID3D11Multithread : public IUnknown {
 public:
  // 3
  virtual void STDMETHODCALLTYPE Enter() = 0;
  virtual void STDMETHODCALLTYPE Leave() = 0;
  virtual BOOL STDMETHODCALLTYPE SetMultithreadProtected(BOOL bMTProtect) = 0;
  virtual BOOL STDMETHODCALLTYPE GetMultithreadProtected() = 0;
};
D3DVK_DECLARE_INTERFACE_IID(ID3D11Multithread, 0x9b7e4e00, 0x342c, 0x4106, 0xa1, 0x9f, 0x4f, 0x27, 0x04, 0xf6, 0x89,
                            0xf0)

D3DVK_END_INTERFACES

#endif  // D3DVK_D3D11_4_H
