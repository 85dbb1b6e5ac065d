// runtime/d3d11/d3d11_context_predication.cpp — ID3D11DeviceContext::
// SetPredication / GetPredication.
//
// A predicated command is not performed when the predicate's result equals
// PredicateValue (an OCCLUSION_PREDICATE's result is TRUE when any sample
// passed). The runtime validates the predicate, keeps it for GetPredication
// and context state objects, and hands it to the driver (pfnSetPredication),
// which predicates every command D3D11 lists (ddi/umd/driver_predication.h:
// on the GPU where it can, else by its CPU verdict). A predicate that was
// never issued (or is still building) predicates nothing; setting a building
// one is SETPREDICATION_INVALID_PREDICATE_STATE, and Begin or End on the
// predicate while it is set PREDICATE_BEGIN/END_DURING_PREDICATION (the
// commands after them read its new result).
#include "d3d11_context.h"
#include "d3d11_device.h"
#include "d3d11_query.h"

namespace d3dvk::runtime {

void D3D11ImmediateContext::releasePredicate() {
  if (D3D11Query* q = predicate_) {
    predicate_ = nullptr;
    q->releasePrivateRef();
  }
}

void STDMETHODCALLTYPE D3D11ImmediateContext::SetPredication(ID3D11Predicate* pPredicate, BOOL PredicateValue) try {
  const auto contextEntryLock = lockEntry();
  // ID3D11Predicate adds nothing to ID3D11Query's vtable: every predicate this runtime hands out is a D3D11Query.
  auto* query = static_cast<D3D11Query*>(static_cast<ID3D11Query*>(pPredicate));
  if (query) {
    D3D11_QUERY_DESC desc{};
    query->GetDesc(&desc);
    ID3D11Device* owner = nullptr;
    query->GetDevice(&owner);
    if (owner) owner->Release();
    if (!D3D11Query::isPredicate(desc.Query) || owner != static_cast<ID3D11Device*>(&device_)) {
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_SETTING, D3D11_MESSAGE_SEVERITY_ERROR,
                           D3D11_MESSAGE_ID_CORRUPTED_PARAMETER1, "CORRUPTED_PARAMETER1",
                           "ID3D11DeviceContext::SetPredication",
                           "pPredicate is not a predicate of this device. The call is ignored.");
      return;
    }
    if (query->building())
      device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR,
                           D3D11_MESSAGE_ID_SETPREDICATION_INVALID_PREDICATE_STATE,
                           "SETPREDICATION_INVALID_PREDICATE_STATE", "ID3D11DeviceContext::SetPredication",
                           "The predicate is building (Begin without End); it must be issued. It predicates nothing "
                           "until it is.");
    query->addPrivateRef();
  }
  // The driver lets go of the old predicate before it can be destroyed.
  DdiDevice& ddi = driver();
  ddi.funcs().pfnSetPredication(ddi.handle(), query ? query->ddiHandle() : D3D10DDI_HQUERY{}, PredicateValue);
  releasePredicate();
  predicate_ = query;
  predicateValue_ = PredicateValue;
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::GetPredication(ID3D11Predicate** ppPredicate, BOOL* pPredicateValue) try {
  const auto contextEntryLock = lockEntry();
  if (ppPredicate) {
    *ppPredicate = nullptr;
    if (predicate_) predicate_->QueryInterface(__uuidof(ID3D11Predicate), reinterpret_cast<void**>(ppPredicate));
  }
  if (pPredicateValue) *pPredicateValue = predicateValue_;
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
