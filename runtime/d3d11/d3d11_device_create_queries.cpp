// runtime/d3d11/d3d11_device_create_queries.cpp — ID3D11Device's CreateQuery,
// CreateQuery1 and CreatePredicate; D3D11Query::create (d3d11_query.h)
// validates the desc and creates the driver query. A null output pointer
// validates only (S_FALSE).
#include "d3d11_device.h"
#include "d3d11_query.h"

namespace d3dvk::runtime {

// ID3D11Device::CreateQuery / ID3D11Device3::CreateQuery1.
HRESULT STDMETHODCALLTYPE D3D11Device::CreateQuery(const D3D11_QUERY_DESC* pQueryDesc, ID3D11Query** ppQuery) try {
  if (ppQuery) *ppQuery = nullptr;
  if (removed()) return removedFailure(ppQuery);
  D3D11_QUERY_DESC1 desc1{};
  if (pQueryDesc) desc1 = {pQueryDesc->Query, pQueryDesc->MiscFlags, D3D11_CONTEXT_TYPE_ALL};
  HRESULT hr = S_OK;
  D3D11Query* query = D3D11Query::create(*this, "ID3D11Device::CreateQuery", pQueryDesc ? &desc1 : nullptr, &hr);
  if (!query) return hr;
  if (!ppQuery) {
    delete query;
    return S_FALSE;
  }
  query->AddRef();
  *ppQuery = query;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE D3D11Device::CreateQuery1(const D3D11_QUERY_DESC1* pQueryDesc1, ID3D11Query1** ppQuery1) try {
  if (ppQuery1) *ppQuery1 = nullptr;
  if (removed()) return removedFailure(ppQuery1);
  HRESULT hr = S_OK;
  D3D11Query* query = D3D11Query::create(*this, "ID3D11Device3::CreateQuery1", pQueryDesc1, &hr);
  if (!query) return hr;
  if (!ppQuery1) {
    delete query;
    return S_FALSE;
  }
  query->AddRef();
  *ppQuery1 = query;
  return S_OK;
} D3DVK_CATCH_HRESULT

// ID3D11Device::CreatePredicate: OCCLUSION_PREDICATE is an occlusion query
// answering BOOL (ID3D11Predicate adds nothing to ID3D11Query's vtable, so the
// query object serves as one), and so are the SO_OVERFLOW_PREDICATEs (TRUE
// when a stream needed more room than its buffers had).
// SetPredication: d3d11_context_predication.cpp.
HRESULT STDMETHODCALLTYPE D3D11Device::CreatePredicate(const D3D11_QUERY_DESC* pPredicateDesc,
                                                       ID3D11Predicate** ppPredicate) try {
  constexpr const char* kFunction = "ID3D11Device::CreatePredicate";
  if (ppPredicate) *ppPredicate = nullptr;
  auto report = [&](int id, const char* name, const std::string& text) {
    debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name, kFunction, text);
  };
  if (!pPredicateDesc) {
    report(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_NULLDESC, "CREATEQUERYORPREDICATE_NULLDESC",
           "pPredicateDesc is NULL.");
    return E_INVALIDARG;
  }
  if (!D3D11Query::isPredicate(pPredicateDesc->Query)) {
    report(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY, "CREATEQUERYORPREDICATE_INVALIDQUERY",
           "Query " + std::to_string(int(pPredicateDesc->Query)) + " is not a predicate type.");
    return E_INVALIDARG;
  }
  if (pPredicateDesc->MiscFlags & ~UINT(D3D11_QUERY_MISC_PREDICATEHINT)) {
    report(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDMISCFLAGS, "CREATEQUERYORPREDICATE_INVALIDMISCFLAGS",
           "MiscFlags has bits other than D3D11_QUERY_MISC_PREDICATEHINT.");
    return E_INVALIDARG;
  }
  if (removed()) return removedFailure(ppPredicate);
  const D3D11_QUERY_DESC1 desc1{pPredicateDesc->Query, pPredicateDesc->MiscFlags, D3D11_CONTEXT_TYPE_ALL};
  HRESULT hr = S_OK;
  D3D11Query* query = D3D11Query::create(*this, kFunction, &desc1, &hr);
  if (!query) return hr;
  if (!ppPredicate) {
    delete query;
    return S_FALSE;
  }
  query->AddRef();
  *ppPredicate = reinterpret_cast<ID3D11Predicate*>(static_cast<ID3D11Query*>(query));
  return S_OK;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
