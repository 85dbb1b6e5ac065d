// tools/d3dvk-conformance/scenario_support.h — what every scenario uses: a debug
// device (ID3D11Device3, its immediate context and info queue), a COM reference
// holder, result construction, HRESULT formatting, the default rasterizer desc,
// and SetupError, which a scenario throws when the API refuses a step it needs
// (runScenarios reports it as a failure naming the step).
#pragma once

#include "scenarios.h"

#include <d3d11_3.h>
#include <d3d11sdklayers.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace d3dvk::conformance {

struct SetupError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

inline ScenarioResult result(Result r, std::string detail) {
  ScenarioResult s;
  s.result = r;
  s.detail = std::move(detail);
  return s;
}

inline std::string hex(HRESULT hr) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", unsigned(hr));
  return buf;
}

// Throws SetupError("<what> failed: <hr>") unless hr is S_OK.
inline void require(HRESULT hr, const std::string& what) {
  if (hr != S_OK) throw SetupError(what + " returned " + hex(hr));
}

// An owned COM reference: Release on destruction and before out() refills it.
template <class T>
class Ref {
 public:
  Ref() = default;
  Ref(const Ref&) = delete;
  Ref& operator=(const Ref&) = delete;
  ~Ref() { reset(); }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  explicit operator bool() const { return p_ != nullptr; }
  T** out() {
    reset();
    return &p_;
  }
  void reset() {
    if (p_) p_->Release();
    p_ = nullptr;
  }

 private:
  T* p_ = nullptr;
};

// A device (ID3D11Device3) and its immediate context; released on scope exit.
struct Device {
  ID3D11Device3* device = nullptr;
  ID3D11DeviceContext* context = nullptr;
  ID3D11InfoQueue* queue = nullptr;
  HRESULT hr = E_FAIL;

  explicit Device(D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1, UINT flags = D3D11_CREATE_DEVICE_DEBUG) {
    ID3D11Device* base = nullptr;
    hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, flags, &level, 1, D3D11_SDK_VERSION, &base,
                           nullptr, &context);
    if (FAILED(hr)) return;
    hr = base->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(&device));
    base->Release();
    if (SUCCEEDED(hr) && (flags & D3D11_CREATE_DEVICE_DEBUG) &&
        SUCCEEDED(device->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(&queue))))
      queue->SetMuteDebugOutput(TRUE);  // the report shows what matters
  }
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;
  ~Device() {
    if (queue) queue->Release();
    if (context) context->Release();
    if (device) device->Release();
  }
  bool ok() const { return SUCCEEDED(hr) && device; }

  struct Message {
    D3D11_MESSAGE_ID id;
    std::string text;
  };
  // Every stored message, oldest first.
  std::vector<Message> messages() const {
    std::vector<Message> out;
    if (!queue) return out;
    for (UINT64 i = 0; i < queue->GetNumStoredMessagesAllowedByRetrievalFilter(); ++i) {
      SIZE_T length = 0;
      if (FAILED(queue->GetMessage(i, nullptr, &length))) continue;
      std::vector<unsigned char> buffer(length);
      auto* m = reinterpret_cast<D3D11_MESSAGE*>(buffer.data());
      if (queue->GetMessage(i, m, &length) == S_OK) out.push_back({m->ID, m->pDescription});
    }
    return out;
  }
  // Whether the info queue holds a message with this ID (and returns its text).
  bool hasMessage(D3D11_MESSAGE_ID id, std::string* text = nullptr) const {
    for (const Message& m : messages())
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

inline D3D11_RASTERIZER_DESC2 defaultDesc2() {
  return {D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.f, 0.f, TRUE, FALSE, FALSE, FALSE, 0,
          D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
}

}  // namespace d3dvk::conformance
