// runtime/d3d11/d3d11_context_stream_output.cpp — the immediate context's
// stream-output bindings: SOSetTargets / SOGetTargets. The four slots hold a
// private reference each and the offset they were bound with (-1: append).
// SOSetTargets binds all four slots (those past NumBuffers become NULL); a
// buffer without D3D11_BIND_STREAM_OUTPUT (or of another device) is bound as
// NULL with SOSETTARGETS_INVALIDBUFFER, an offset that is not a multiple of 4
// (other than -1) drops the call with DEVICE_SOSETTARGETS_OFFSET_UNALIGNED;
// D3D11's hazard rule: a buffer bound for stream output leaves the vertex- and
// index-buffer slots and the graphics stages' shader-resource slots
// (DEVICE_SOSETTARGETS_HAZARD; binding it there while it is a target binds
// NULL), and one the output merger writes is bound as NULL. The driver gets all four slots with their
// offsets (pfnSoSetTargets, d3dvk_stream_output_ddi.h).
#include "d3d11_context.h"
#include "d3d11_device.h"
#include "d3d11_resource.h"
#include "d3dvk_stream_output_ddi.h"

namespace d3dvk::runtime {

bool D3D11ImmediateContext::boundForStreamOutput(const void* resource) const {
  for (D3D11Buffer* b : soTargets_)
    if (b && static_cast<const D3D11ResourceBase*>(b) == resource) return true;
  return false;
}

void D3D11ImmediateContext::releaseStreamOutputTargets() {
  for (UINT i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; ++i) {
    soOffsets_[i] = 0;
    if (D3D11Buffer* b = soTargets_[i]) {
      soTargets_[i] = nullptr;
      b->releasePrivateRef();
    }
  }
}

void STDMETHODCALLTYPE D3D11ImmediateContext::SOSetTargets(UINT NumBuffers, ID3D11Buffer* const* ppSOTargets,
                                                          const UINT* pOffsets) try {
  const auto contextEntryLock = lockEntry();
  constexpr const char* kFunction = "ID3D11DeviceContext::SOSetTargets";
  if (NumBuffers > D3D11_SO_BUFFER_SLOT_COUNT)
    return stateSettingError(D3D11_MESSAGE_ID_SOSETTARGETS_INVALIDBUFFER, "SOSETTARGETS_INVALIDBUFFER", kFunction,
                             "NumBuffers is " + std::to_string(NumBuffers) +
                                 "; at most 4 (D3D11_SO_BUFFER_SLOT_COUNT) buffers are bound. The call is ignored.");
  D3D11Buffer* next[D3D11_SO_BUFFER_SLOT_COUNT] = {};
  UINT offsets[D3D11_SO_BUFFER_SLOT_COUNT] = {};
  for (UINT i = 0; i < NumBuffers; ++i) {
    const UINT offset = pOffsets ? pOffsets[i] : 0;
    if (offset != UINT(-1) && offset % 4)
      return stateSettingError(D3D11_MESSAGE_ID_DEVICE_SOSETTARGETS_OFFSET_UNALIGNED,
                               "DEVICE_SOSETTARGETS_OFFSET_UNALIGNED", kFunction,
                               "pOffsets[" + std::to_string(i) + "] is " + std::to_string(offset) +
                                   "; an offset is a multiple of 4 or -1 (append). The call is ignored.");
    auto* buffer = static_cast<D3D11Buffer*>(ppSOTargets ? ppSOTargets[i] : nullptr);
    if (buffer && (&buffer->owner() != &device_ || !(buffer->bindFlags & D3D11_BIND_STREAM_OUTPUT))) {
      stateSettingError(D3D11_MESSAGE_ID_SOSETTARGETS_INVALIDBUFFER, "SOSETTARGETS_INVALIDBUFFER", kFunction,
                        "ppSOTargets[" + std::to_string(i) + "] " +
                            (&buffer->owner() != &device_ ? "belongs to another device"
                                                          : "was not created with D3D11_BIND_STREAM_OUTPUT") +
                            "; NULL is bound in its slot.");
      buffer = nullptr;
    }
    // A buffer bound for writing by the output merger (a buffer render target or UAV) is bound as NULL here.
    if (buffer && boundToOutputMerger(static_cast<D3D11ResourceBase*>(buffer))) {
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_WARNING,
                           D3D11_MESSAGE_ID_DEVICE_SOSETTARGETS_HAZARD, "DEVICE_SOSETTARGETS_HAZARD", kFunction,
                           "ppSOTargets[" + std::to_string(i) +
                               "] is still bound for output by the output merger; NULL is bound in its slot.");
      buffer = nullptr;
    }
    next[i] = buffer;
    offsets[i] = buffer ? offset : 0;
  }
  for (UINT i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; ++i) {
    if (next[i]) {
      next[i]->addPrivateRef();
      unbindInputsOf(static_cast<D3D11ResourceBase*>(next[i]), kFunction, OutputBinding::StreamOutput);
    }
    if (D3D11Buffer* previous = soTargets_[i]) previous->releasePrivateRef();
    soTargets_[i] = next[i];
    soOffsets_[i] = offsets[i];
  }
  // The driver captures into them (d3dvk_stream_output_ddi.h): all four slots.
  D3D10DDI_HRESOURCE handles[D3D11_SO_BUFFER_SLOT_COUNT] = {};
  for (UINT i = 0; i < D3D11_SO_BUFFER_SLOT_COUNT; ++i)
    if (next[i]) handles[i] = next[i]->ddiHandle();
  DdiDevice& ddi = driver();
  ddi::streamOutputSlot<PFND3D10DDI_SO_SETTARGETS>(ddi.funcs().pfnSoSetTargets)(ddi.handle(), D3D11_SO_BUFFER_SLOT_COUNT,
                                                                                0, handles, offsets);
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::SOGetTargets(UINT NumBuffers, ID3D11Buffer** ppSOTargets) try {
  const auto contextEntryLock = lockEntry();
  if (!ppSOTargets) return;
  for (UINT i = 0; i < NumBuffers; ++i) {
    D3D11Buffer* b = i < D3D11_SO_BUFFER_SLOT_COUNT ? soTargets_[i] : nullptr;
    if (b) b->AddRef();
    ppSOTargets[i] = b;
  }
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
