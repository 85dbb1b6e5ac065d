// runtime/d3d11/d3d11_context_constant_buffers.cpp — the immediate context's
// constant-buffer slots of every stage: *SetConstantBuffers (whole buffers) and
// D3D11.1's *SetConstantBuffers1 (a window of FirstConstant, NumConstants in
// 16-byte constants, each a multiple of 16, NumConstants at most 4096; a window
// may reach past the buffer, the shader sees their intersection), their Get
// variants. A call breaking those rules is dropped with the debug layer's
// *SETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT message. The driver gets the
// windows through the DDI's pFirstConstant/pNumConstants (null for whole buffers).
#include "d3d11_context.h"
#include "d3d11_device.h"
#include "d3d11_resource.h"

#include <algorithm>
#include <string>

namespace d3dvk::runtime {
namespace {

constexpr UINT kMaxConstants = D3D11_REQ_CONSTANT_BUFFER_ELEMENT_COUNT;  // 4096
constexpr UINT kSlots = D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT;

template <typename T>
void rebind(T*& slot, T* next) {
  if (slot == next) return;
  if (next) next->addPrivateRef();
  T* previous = slot;
  slot = next;
  if (previous) previous->releasePrivateRef();
}

D3D11Buffer* bufferFrom(ID3D11Buffer* b) { return static_cast<D3D11Buffer*>(b); }

struct StageNames {
  int messageId;
  const char* messageName;
};
StageNames invalidWindowMessage(int stage) {
  switch (stage) {
    case 0: return {D3D11_MESSAGE_ID_VSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT, "VSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT"};
    case 1: return {D3D11_MESSAGE_ID_PSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT, "PSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT"};
    case 2: return {D3D11_MESSAGE_ID_GSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT, "GSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT"};
    case 3: return {D3D11_MESSAGE_ID_HSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT, "HSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT"};
    case 4: return {D3D11_MESSAGE_ID_DSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT, "DSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT"};
    default: return {D3D11_MESSAGE_ID_CSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT, "CSSETCONSTANTBUFFERS_INVALIDBUFFEROFFSETORCOUNT"};
  }
}

}  // namespace

void D3D11ImmediateContext::setConstantBuffers(int stage, UINT start, UINT count, ID3D11Buffer* const* buffers,
                                               const UINT* first, const UINT* num, const char* function) {
  if (start >= kSlots || count > kSlots - start || (count && !buffers) || count == 0) return;
  static const char* const kSetters[kStages] = {
      "ID3D11DeviceContext::VSSetConstantBuffers", "ID3D11DeviceContext::PSSetConstantBuffers",
      "ID3D11DeviceContext::GSSetConstantBuffers", "ID3D11DeviceContext::HSSetConstantBuffers",
      "ID3D11DeviceContext::DSSetConstantBuffers", "ID3D11DeviceContext::CSSetConstantBuffers"};
  if (!stageBindingAllowed(stage, StageBinding::ConstantBuffers, start, count,
                           buffers, function ? function : kSetters[stage]))
    return;
  if (function) {
    const StageNames names = invalidWindowMessage(stage);
    auto drop = [&](const std::string& why) {
      stateSettingError(names.messageId, names.messageName, function, why + " The call is dropped.");
    };
    if (!first != !num) return drop("pFirstConstant and pNumConstants must both be NULL or both be arrays.");
    for (UINT i = 0; first && i < count; ++i) {
      const std::string at = "[" + std::to_string(i) + "]";
      if (first[i] % 16)
        return drop("pFirstConstant" + at + " is " + std::to_string(first[i]) + ", which is not a multiple of 16.");
      if (num[i] % 16)
        return drop("pNumConstants" + at + " is " + std::to_string(num[i]) + ", which is not a multiple of 16.");
      if (num[i] > kMaxConstants)
        return drop("pNumConstants" + at + " is " + std::to_string(num[i]) + ", more than the " +
                    std::to_string(kMaxConstants) + " constants a shader can address.");
    }
  }
  // Entries [0, count) are written below before anything reads them.
  D3D10DDI_HRESOURCE handles[kSlots];
  UINT ddiFirst[kSlots], ddiNum[kSlots];
  D3D11Buffer* nextBuffers[kSlots];
  bool same = true;  // every slot keeps its buffer and window: nothing to tell the driver
  for (UINT i = 0; i < count; ++i) {
    D3D11Buffer* next = bufferFrom(buffers[i]);
    if (next && !(next->bindFlags & D3D11_BIND_CONSTANT_BUFFER)) next = nullptr;  // D3D11 binds null instead
    const UINT slot = start + i;
    nextBuffers[i] = next;
    ddiFirst[i] = next && first ? first[i] : 0;
    ddiNum[i] = !next ? 0 : first ? num[i] : std::min(next->width / 16, kMaxConstants);
    // An empty window is no buffer to the shader (every read 0); the driver's 0 would mean the whole buffer.
    handles[i] = next && (!first || num[i]) ? next->ddiHandle() : D3D10DDI_HRESOURCE{};
    same = same && constantBuffers_[stage][slot] == next && constantBufferFirst_[stage][slot] == ddiFirst[i] &&
           constantBufferCount_[stage][slot] == ddiNum[i];
  }
  if (same) return;
  for (UINT i = 0; i < count; ++i) {
    const UINT slot = start + i;
    rebind(constantBuffers_[stage][slot], nextBuffers[i]);
    constantBufferFirst_[stage][slot] = ddiFirst[i];
    constantBufferCount_[stage][slot] = ddiNum[i];
  }
  DdiDevice& ddi = driver();
  const D3DWDDM2_0DDI_DEVICEFUNCS& f = ddi.funcs();
  const PFND3D11_1DDI_SETCONSTANTBUFFERS set = stage == kVS   ? f.pfnVsSetConstantBuffers
                                              : stage == kPS ? f.pfnPsSetConstantBuffers
                                              : stage == kGS ? f.pfnGsSetConstantBuffers
                                              : stage == kHS ? f.pfnHsSetConstantBuffers
                                              : stage == kDS ? f.pfnDsSetConstantBuffers
                                                             : f.pfnCsSetConstantBuffers;
  if (first) set(ddi.handle(), start, count, handles, ddiFirst, ddiNum);
  else set(ddi.handle(), start, count, handles, nullptr, nullptr);
}

void D3D11ImmediateContext::getConstantBuffers(int stage, UINT start, UINT count, ID3D11Buffer** buffers, UINT* first,
                                               UINT* num) {
  for (UINT i = 0; i < count; ++i) {
    const uint64_t slot = uint64_t(start) + i;  // no wrap to slot 0
    const bool inRange = slot < kSlots;
    if (buffers) {
      D3D11Buffer* b = inRange ? constantBuffers_[stage][slot] : nullptr;
      if (b) b->AddRef();
      buffers[i] = b;
    }
    if (first) first[i] = inRange ? constantBufferFirst_[stage][slot] : 0;
    if (num) num[i] = inRange ? constantBufferCount_[stage][slot] : 0;
  }
}

#define D3DVK_CONSTANT_BUFFERS1(Prefix, stage)                                                                      \
  void STDMETHODCALLTYPE D3D11ImmediateContext::Prefix##SetConstantBuffers1(                                      \
      UINT StartSlot, UINT NumBuffers, ID3D11Buffer* const* ppConstantBuffers, const UINT* pFirstConstant,         \
      const UINT* pNumConstants) try {                                                                             \
    setConstantBuffers(stage, StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant, pNumConstants,            \
                       "ID3D11DeviceContext1::" #Prefix "SetConstantBuffers1");                                   \
  }                                                                                                                \
  D3DVK_CATCH_VOID                                                                                                 \
  void STDMETHODCALLTYPE D3D11ImmediateContext::Prefix##GetConstantBuffers1(                                      \
      UINT StartSlot, UINT NumBuffers, ID3D11Buffer** ppConstantBuffers, UINT* pFirstConstant, UINT* pNumConstants) \
  try {                                                                                                            \
    getConstantBuffers(stage, StartSlot, NumBuffers, ppConstantBuffers, pFirstConstant, pNumConstants);           \
  }                                                                                                                \
  D3DVK_CATCH_VOID

D3DVK_CONSTANT_BUFFERS1(VS, kVS)
D3DVK_CONSTANT_BUFFERS1(PS, kPS)
D3DVK_CONSTANT_BUFFERS1(GS, kGS)
D3DVK_CONSTANT_BUFFERS1(HS, kHS)
D3DVK_CONSTANT_BUFFERS1(DS, kDS)
D3DVK_CONSTANT_BUFFERS1(CS, kCS)

#undef D3DVK_CONSTANT_BUFFERS1

}  // namespace d3dvk::runtime
