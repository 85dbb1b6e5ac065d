// runtime/d3d12/d3d12_debug.h — the D3D12 debug layer's switch: the exported
// D3D12GetDebugInterface hands out ID3D12Debug, whose EnableDebugLayer turns the
// layer on for every device created afterwards (process-wide, as on Windows;
// devices created before keep running without it). A device with the layer
// answers QueryInterface(ID3D12InfoQueue) (layers/debug/info_queue.h) and records
// what D3D12Device::debugMessage reports — the one call every D3D12 object uses:
//   device.debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR,
//                       D3DVK_D3D12_MESSAGE_ID(CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED),
//                       "ID3D12Device::CreateRootSignature", text);
#pragma once

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

// A D3D12_MESSAGE_ID and its name without the prefix, the two arguments
// debugMessage takes for them.
#define D3DVK_D3D12_MESSAGE_ID(name) D3D12_MESSAGE_ID_##name, #name

namespace d3dvk::runtime {

// Whether ID3D12Debug::EnableDebugLayer has been called in this process.
bool d3d12DebugLayerEnabled();

}  // namespace d3dvk::runtime
