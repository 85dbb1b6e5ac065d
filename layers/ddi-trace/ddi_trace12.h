// layers/ddi-trace/ddi_trace12.h — tracing of the D3D12 device tables: after
// the real UMD filled a table, wrapTable12 keeps the real entries (the same
// for every device of the process) and points the entries d3dvk's UMD fills at
// wrappers that forward and log one line each, "D3D12 <DDI>()" with
// " -> <HRESULT>" for the HRESULT ones. Slots the UMD does not fill pass through.
#pragma once

#include "d3d12umddi.h"

namespace d3dvk::trace {

void wrapTable12(D3D12DDI_TABLE_TYPE type, void* table, SIZE_T size);

}  // namespace d3dvk::trace
