// tests/hostile/hostile_util.h — what the hostile-input tests share: a D3D12
// device with the debug layer on (its ID3D12InfoQueue muted, messages read
// back by ID), a direct queue, a fence, and "execute and wait"; the helpers of
// tests/d3d12 (committed resources, pipelines) come with it.
#pragma once

#include "d3d12_pipeline_util.h"

#include <directx/d3d12sdklayers.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace d3dvk::test {

struct HostileMessage {
  D3D12_MESSAGE_SEVERITY severity;
  int id;
  std::string text;
};

// Sets an environment variable for the scope (the tests run one per process).
struct ScopedEnvVar {
  std::string name;
  ScopedEnvVar(const char* n, const char* value) : name(n) { setenv(n, value, 1); }
  ~ScopedEnvVar() { unsetenv(name.c_str()); }
};

struct HostileDevice12 {
  ID3D12Device* device = nullptr;
  ID3D12InfoQueue* info = nullptr;
  ID3D12CommandQueue* queue = nullptr;
  ID3D12CommandAllocator* allocator = nullptr;
  ID3D12Fence* fence = nullptr;
  UINT64 fenceValue = 0;

  HostileDevice12() {
    ID3D12Debug* debug = nullptr;
    REQUIRE(D3D12GetDebugInterface(__uuidof(ID3D12Debug), reinterpret_cast<void**>(&debug)) == S_OK);
    debug->EnableDebugLayer();
    debug->Release();
    device = createDevice12();
    REQUIRE(device->QueryInterface(__uuidof(ID3D12InfoQueue), reinterpret_cast<void**>(&info)) == S_OK);
    info->SetMuteDebugOutput(TRUE);
    queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fence = createFence(device);
  }
  ~HostileDevice12() {
    fence->Release();
    if (allocator) allocator->Release();
    queue->Release();
    info->Release();
    CHECK(device->Release() == 0);
  }
  ID3D12GraphicsCommandList* list() { return createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator); }
  std::vector<HostileMessage> messages() const {
    std::vector<HostileMessage> out;
    for (UINT64 i = 0; i < info->GetNumStoredMessages(); ++i) {
      SIZE_T length = 0;
      REQUIRE(info->GetMessage(i, nullptr, &length) == S_OK);
      std::vector<unsigned char> buffer(length);
      auto* m = reinterpret_cast<D3D12_MESSAGE*>(buffer.data());
      REQUIRE(info->GetMessage(i, m, &length) == S_OK);
      out.push_back({m->Severity, int(m->ID), m->pDescription});
    }
    return out;
  }
  // Whether a message with `id` (and `text` in it) was stored; the stored messages are then cleared.
  bool reported(int id, const std::string& text = "") {
    bool found = false;
    std::string all;
    for (const HostileMessage& m : messages()) {
      all += "#" + std::to_string(m.id) + " " + m.text + "\n";
      found = found || (m.id == id && m.text.find(text) != std::string::npos);
    }
    INFO(all);
    info->ClearStoredMessages();
    return found;
  }
  void executeAndWait(ID3D12GraphicsCommandList* list) {
    d3dvk::test::executeAndWait(queue, {list}, fence, &fenceValue);
  }
};

}  // namespace d3dvk::test
