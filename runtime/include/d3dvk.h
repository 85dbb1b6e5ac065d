// d3dvk.h — d3dvk's own additions to the D3D API (not in the Windows SDK): which
// user-mode driver libd3dvk.so loads and which DDI interface it negotiates,
// for tools such as d3dvk-info.
#ifndef D3DVK_D3DVK_H
#define D3DVK_D3DVK_H

#include "d3dvk_winbase.h"

#define D3DVK_MAX_PATH 4096
#define D3DVK_MAX_DDI_VERSIONS 16

typedef struct D3DVK_RUNTIME_INFO {
  char RuntimePath[D3DVK_MAX_PATH];  // libd3dvk.so
  char UmdPath[D3DVK_MAX_PATH];      // the user-mode driver loaded (D3DVK_UMD_PATH or next to the runtime)
  UINT SupportedVersionCount;        // from the UMD's GetSupportedVersions
  UINT64 SupportedVersions[D3DVK_MAX_DDI_VERSIONS];
  UINT64 NegotiatedVersion;  // the one devices are created with (interface << 32 | build << 16)
} D3DVK_RUNTIME_INFO;

// Loads the UMD and opens its adapter as D3D11CreateDevice would, and reports
// what it found. On failure returns the same HRESULT D3D11CreateDevice would and,
// when pErrorMessage is non-null, a message of at most ErrorMessageSize bytes.
EXTERN_C HRESULT D3DVKGetRuntimeInfo(D3DVK_RUNTIME_INFO* pInfo, char* pErrorMessage, UINT ErrorMessageSize);

#endif
