// tests/render/checked_device.h — a debug device on the DDI trace filter, for the
// error-path tests of tests/render and tests/draw: the device, its info queue
// (debug output muted) and the trace of DDI calls, plus draining the stored
// messages. Needs D3DVK_TRACE_LIBRARY (the trace filter's path) defined.
#pragma once

#include "ddi_trace_log.h"
#include "render_test_util.h"

#include <string>
#include <vector>

namespace d3dvk::test {

struct StoredMessage {
  D3D11_MESSAGE_ID id;
  D3D11_MESSAGE_CATEGORY category;
  std::string text;
};

// Every stored message, oldest first; the queue is cleared.
inline std::vector<StoredMessage> drainMessages(ID3D11InfoQueue* queue) {
  std::vector<StoredMessage> out;
  for (UINT64 i = 0; i < queue->GetNumStoredMessages(); ++i) {
    SIZE_T length = 0;
    REQUIRE(queue->GetMessage(i, nullptr, &length) == S_OK);
    std::vector<unsigned char> buffer(length);
    auto* m = reinterpret_cast<D3D11_MESSAGE*>(buffer.data());
    REQUIRE(queue->GetMessage(i, m, &length) == S_OK);
    UNSCOPED_INFO(m->pDescription);
    out.push_back({m->ID, m->Category, m->pDescription});
  }
  queue->ClearStoredMessages();
  return out;
}

// A debug device on the trace filter.
struct Checked {
  DdiTraceLog trace;
  ScopedEnv umd{"D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY};
  RenderDevice d{D3D11_CREATE_DEVICE_DEBUG};
  Com<ID3D11InfoQueue> queue;
  Checked() {
    REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
    queue->SetMuteDebugOutput(TRUE);
  }
  size_t ddiCalls(const std::string& name) const { return trace.calls(name).size(); }
};

}  // namespace d3dvk::test
