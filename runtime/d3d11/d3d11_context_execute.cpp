// runtime/d3d11/d3d11_context_execute.cpp — ID3D11DeviceContext::ExecuteCommandList
// on the immediate context: a deferred context's list (d3d11_command_list.h)
// replayed through this context's public methods. D3D11's rule: a list
// inherits nothing, so the context's state is cleared before the list runs;
// afterwards it is put back (RestoreContextState TRUE) or left cleared (FALSE).
#include "d3d11_command_list.h"
#include "d3d11_context.h"
#include "d3d11_context_state.h"
#include "d3d11_device.h"

namespace d3dvk::runtime {

void STDMETHODCALLTYPE D3D11ImmediateContext::ExecuteCommandList(ID3D11CommandList* pCommandList,
                                                                BOOL RestoreContextState) try {
  const auto contextEntryLock = lockEntry();
  D3D11CommandList* list = commandListOf(pCommandList);
  if (!list || &list->owner() != &device_) {
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR, 0,
                         "EXECUTECOMMANDLIST_INVALIDLIST", "ID3D11DeviceContext::ExecuteCommandList",
                         "pCommandList is null or a command list of another device; the call is ignored.");
    return;
  }
  list->AddRef();  // the list stays alive while it runs, whatever the application releases meanwhile
  ContextStateSnapshot saved;
  if (RestoreContextState) saved.capture(this);
  ClearState();
  list->replay(*this);
  if (RestoreContextState)
    saved.apply(this);
  else
    ClearState();
  list->Release();
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
