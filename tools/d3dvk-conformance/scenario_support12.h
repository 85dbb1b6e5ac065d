// tools/d3dvk-conformance/scenario_support12.h — what the D3D12 scenarios and
// the D3D12 draw rig share: a device created with the D3D12 debug layer on
// (D3D12GetDebugInterface → EnableDebugLayer, process-wide, once) and its
// ID3D12InfoQueue (muted: the report shows what matters), read back as the
// API-neutral DebugMessage list.
#pragma once

#include "scenario_support.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

namespace d3dvk::conformance {

// A debug-layer message of either API: its numeric ID and text.
struct DebugMessage {
  int id = 0;
  std::string text;
};

struct Device12 {
  ID3D12Device* device = nullptr;
  ID3D12InfoQueue* queue = nullptr;
  HRESULT hr = E_FAIL;

  Device12() {
    static const bool layerOn = [] {
      ID3D12Debug* debug = nullptr;
      if (D3D12GetDebugInterface(__uuidof(ID3D12Debug), reinterpret_cast<void**>(&debug)) != S_OK || !debug)
        return false;
      debug->EnableDebugLayer();
      debug->Release();
      return true;
    }();
    (void)layerOn;
    hr = D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device), reinterpret_cast<void**>(&device));
    if (FAILED(hr)) return;
    if (SUCCEEDED(device->QueryInterface(__uuidof(ID3D12InfoQueue), reinterpret_cast<void**>(&queue))))
      queue->SetMuteDebugOutput(TRUE);
  }
  Device12(const Device12&) = delete;
  Device12& operator=(const Device12&) = delete;
  ~Device12() {
    if (queue) queue->Release();
    if (device) device->Release();
  }
  bool ok() const { return SUCCEEDED(hr) && device; }

  // Every stored message, oldest first.
  std::vector<DebugMessage> messages() const {
    std::vector<DebugMessage> out;
    if (!queue) return out;
    for (UINT64 i = 0; i < queue->GetNumStoredMessagesAllowedByRetrievalFilter(); ++i) {
      SIZE_T length = 0;
      if (FAILED(queue->GetMessage(i, nullptr, &length))) continue;
      std::vector<unsigned char> buffer(length);
      auto* m = reinterpret_cast<D3D12_MESSAGE*>(buffer.data());
      if (queue->GetMessage(i, m, &length) == S_OK) out.push_back({int(m->ID), m->pDescription});
    }
    return out;
  }
  bool hasMessage(int id, std::string* text = nullptr) const {
    for (const DebugMessage& m : messages())
      if (m.id == id) {
        if (text) *text = m.text;
        return true;
      }
    return false;
  }
  void clearMessages() const {
    if (queue) queue->ClearStoredMessages();
  }
};

// The D3D12 rasterizer desc with the fields of a D3D11 one (the enums share their values).
inline D3D12_RASTERIZER_DESC toD3D12(const D3D11_RASTERIZER_DESC2& d) {
  D3D12_RASTERIZER_DESC r{};
  r.FillMode = D3D12_FILL_MODE(d.FillMode);
  r.CullMode = D3D12_CULL_MODE(d.CullMode);
  r.FrontCounterClockwise = d.FrontCounterClockwise;
  r.DepthBias = d.DepthBias;
  r.DepthBiasClamp = d.DepthBiasClamp;
  r.SlopeScaledDepthBias = d.SlopeScaledDepthBias;
  r.DepthClipEnable = d.DepthClipEnable;
  r.MultisampleEnable = d.MultisampleEnable;
  r.AntialiasedLineEnable = d.AntialiasedLineEnable;
  r.ForcedSampleCount = d.ForcedSampleCount;
  r.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE(d.ConservativeRaster);
  return r;
}

}  // namespace d3dvk::conformance
