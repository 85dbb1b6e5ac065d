// runtime/d3d11/d3d11_query.cpp — see d3d11_query.h.
#include "d3d11_query.h"

#include "d3d11_device.h"

#include <chrono>
#include <cstdlib>
#include <new>
#include <string>
#include <thread>

namespace d3dvk::runtime {
namespace {

constexpr const char* kBegin = "ID3D11DeviceContext::Begin";
constexpr const char* kEnd = "ID3D11DeviceContext::End";
constexpr const char* kGetData = "ID3D11DeviceContext::GetData";

// The DDI query type the D3D11 runtime creates for an API type d3dvk implements.
bool ddiQuery(D3D11_QUERY q, D3D10DDI_QUERY* out) {
  switch (q) {
    case D3D11_QUERY_EVENT: *out = D3D10DDI_QUERY_EVENT; return true;
    case D3D11_QUERY_OCCLUSION: *out = D3D10DDI_QUERY_OCCLUSION; return true;
    case D3D11_QUERY_OCCLUSION_PREDICATE: *out = D3D10DDI_QUERY_OCCLUSIONPREDICATE; return true;
    case D3D11_QUERY_TIMESTAMP: *out = D3D10DDI_QUERY_TIMESTAMP; return true;
    case D3D11_QUERY_TIMESTAMP_DISJOINT: *out = D3D10DDI_QUERY_TIMESTAMPDISJOINT; return true;
    case D3D11_QUERY_PIPELINE_STATISTICS: *out = D3D11DDI_QUERY_PIPELINESTATS; return true;
    case D3D11_QUERY_SO_STATISTICS: *out = D3D10DDI_QUERY_STREAMOUTPUTSTATS; return true;
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE: *out = D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE; return true;
    default:
      // SO_STATISTICS_STREAMn (8, 10, 12, 14) and SO_OVERFLOW_PREDICATE_STREAMn (9, 11, 13, 15).
      if (q >= D3D11_QUERY_SO_STATISTICS_STREAM0 && q <= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3) {
        const int n = int(q) - int(D3D11_QUERY_SO_STATISTICS_STREAM0);
        *out = D3D10DDI_QUERY(((n % 2) ? int(D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0)
                                       : int(D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0)) + n / 2);
        return true;
      }
      return false;
  }
}

}  // namespace

UINT D3D11Query::dataSize(D3D11_QUERY type) {
  switch (type) {
    case D3D11_QUERY_EVENT:
    case D3D11_QUERY_OCCLUSION_PREDICATE:
    case D3D11_QUERY_SO_OVERFLOW_PREDICATE: return sizeof(BOOL);
    case D3D11_QUERY_OCCLUSION:
    case D3D11_QUERY_TIMESTAMP: return sizeof(UINT64);
    case D3D11_QUERY_TIMESTAMP_DISJOINT: return sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT);
    case D3D11_QUERY_PIPELINE_STATISTICS: return sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS);
    case D3D11_QUERY_SO_STATISTICS: return sizeof(D3D11_QUERY_DATA_SO_STATISTICS);
    default:
      if (type >= D3D11_QUERY_SO_STATISTICS_STREAM0 && type <= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3)
        return isPredicate(type) ? sizeof(BOOL) : sizeof(D3D11_QUERY_DATA_SO_STATISTICS);
      return 0;
  }
}

bool D3D11Query::isPredicate(D3D11_QUERY q) {
  return q == D3D11_QUERY_OCCLUSION_PREDICATE || q == D3D11_QUERY_SO_OVERFLOW_PREDICATE ||
         (q >= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0 && q <= D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3 &&
          (q - D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM0) % 2 == 0);
}

D3D11Query* D3D11Query::create(D3D11Device& device, const char* function, const D3D11_QUERY_DESC1* desc,
                               HRESULT* hr) {
  auto reject = [&](int id, const char* name, const std::string& text) -> D3D11Query* {
    device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR, id, name, function, text);
    *hr = E_INVALIDARG;
    return nullptr;
  };
  if (!desc)
    return reject(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_NULLDESC, "CREATEQUERYORPREDICATE_NULLDESC",
                  "pQueryDesc is NULL.");
  if (dataSize(desc->Query) == 0)
    return reject(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY, "CREATEQUERYORPREDICATE_INVALIDQUERY",
                  "Query " + std::to_string(int(desc->Query)) + " is not a valid D3D11_QUERY.");
  if (desc->MiscFlags & ~UINT(D3D11_QUERY_MISC_PREDICATEHINT))
    return reject(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDMISCFLAGS, "CREATEQUERYORPREDICATE_INVALIDMISCFLAGS",
                  "MiscFlags (0x" + [&] {
                    char buf[16];
                    std::snprintf(buf, sizeof buf, "%X", desc->MiscFlags);
                    return std::string(buf);
                  }() + ") has bits other than D3D11_QUERY_MISC_PREDICATEHINT.");
  if ((desc->MiscFlags & D3D11_QUERY_MISC_PREDICATEHINT) && !isPredicate(desc->Query))
    return reject(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_UNEXPECTEDMISCFLAG,
                  "CREATEQUERYORPREDICATE_UNEXPECTEDMISCFLAG",
                  "D3D11_QUERY_MISC_PREDICATEHINT is only valid for predicates; Query " +
                      std::to_string(int(desc->Query)) + " is not one.");
  if (UINT(desc->ContextType) > UINT(D3D11_CONTEXT_TYPE_VIDEO))
    return reject(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY, "CREATEQUERYORPREDICATE_INVALIDQUERY",
                  "ContextType " + std::to_string(int(desc->ContextType)) + " is not a valid D3D11_CONTEXT_TYPE.");
  D3D10DDI_QUERY type{};
  if (!ddiQuery(desc->Query, &type)) {
    device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                        D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY, "CREATEQUERYORPREDICATE_INVALIDQUERY",
                        function,
                        "Query " + std::to_string(int(desc->Query)) +
                            " (a predicate or stream-output query) is not implemented by d3dvk; returning E_NOTIMPL.");
    *hr = E_NOTIMPL;
    return nullptr;
  }

  std::unique_ptr<D3D11Query> query(new (std::nothrow) D3D11Query(device));
  if (!query) {
    *hr = E_OUTOFMEMORY;
    return nullptr;
  }
  query->desc_ = *desc;
  DdiDevice& dd = device.ddi();
  const D3DWDDM2_0DDIARG_CREATEQUERY args{type, 0, UINT(desc->ContextType)};
  const D3D10DDIARG_CREATEQUERY args11_1{type, 0};
  const D3D10DDI_HRTQUERY rt{query.get()};
  *hr = query->driverObject_.create(
      dd, dd.funcs().pfnDestroyQuery,
      [&] {
        return dd.isWddm2_0() ? dd.funcs().pfnCalcPrivateQuerySize(dd.handle(), &args)
                              : dd.funcs11_1().pfnCalcPrivateQuerySize(dd.handle(), &args11_1);
      },
      [&](D3D10DDI_HQUERY h) {
        if (dd.isWddm2_0())
          dd.funcs().pfnCreateQuery(dd.handle(), &args, h, rt);
        else
          dd.funcs11_1().pfnCreateQuery(dd.handle(), &args11_1, h, rt);
      });
  if (FAILED(*hr)) {
    if (*hr == E_NOTIMPL)
      device.debugMessage(D3D11_MESSAGE_CATEGORY_STATE_CREATION, D3D11_MESSAGE_SEVERITY_ERROR,
                          D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY, "CREATEQUERYORPREDICATE_INVALIDQUERY",
                          function,
                          "Query " + std::to_string(int(desc->Query)) +
                              " is not supported by the driver on this device; returning E_NOTIMPL.");
    return nullptr;
  }
  return query.release();
}

void D3D11Query::message(D3D11_MESSAGE_SEVERITY severity, int id, const char* name, const char* function,
                         const std::string& text) {
  device().debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, severity, id, name, function, text);
}

void D3D11Query::begin() {
  if (!needsBegin())
    return message(D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_QUERY_BEGIN_UNSUPPORTED, "QUERY_BEGIN_UNSUPPORTED",
                   kBegin,
                   "Begin is not supported for D3D11_QUERY_EVENT and D3D11_QUERY_TIMESTAMP (only End); the call is "
                   "dropped.");
  if (state_ == State::Building)
    return message(D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_QUERY_BEGIN_DUPLICATE, "QUERY_BEGIN_DUPLICATE",
                   kBegin, "Begin is being invoked on a query that is already building; the call is dropped.");
  if (state_ == State::Issued && !resultRead_)
    message(D3D11_MESSAGE_SEVERITY_WARNING, D3D11_MESSAGE_ID_QUERY_BEGIN_ABANDONING_PREVIOUS_RESULTS,
            "QUERY_BEGIN_ABANDONING_PREVIOUS_RESULTS", kBegin,
            "Begin is abandoning the results of the previous End, which GetData never returned.");
  DdiDevice& ddi = device().ddi();
  ddi.funcs().pfnQueryBegin(ddi.handle(), ddiHandle());
  state_ = State::Building;
}

void D3D11Query::end() {
  DdiDevice& ddi = device().ddi();
  if (needsBegin() && state_ != State::Building) {
    message(D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_QUERY_END_WITHOUT_BEGIN, "QUERY_END_WITHOUT_BEGIN", kEnd,
            "End is being invoked on a query that needs Begin but is not building; it acts as Begin immediately "
            "followed by End (an empty query).");
    ddi.funcs().pfnQueryBegin(ddi.handle(), ddiHandle());
  } else if (!needsBegin() && state_ == State::Issued && !resultRead_) {
    message(D3D11_MESSAGE_SEVERITY_WARNING, D3D11_MESSAGE_ID_QUERY_END_ABANDONING_PREVIOUS_RESULTS,
            "QUERY_END_ABANDONING_PREVIOUS_RESULTS", kEnd,
            "End is abandoning the results of the previous End, which GetData never returned.");
  }
  ddi.funcs().pfnQueryEnd(ddi.handle(), ddiHandle());
  state_ = State::Issued;
  resultRead_ = false;
}

HRESULT D3D11Query::getData(void* data, UINT size, UINT flags) {
  if (flags & ~UINT(D3D11_ASYNC_GETDATA_DONOTFLUSH)) {
    message(D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_FLAGS, "QUERY_GETDATA_INVALID_FLAGS",
            kGetData, "GetDataFlags (" + std::to_string(flags) + ") may only contain D3D11_ASYNC_GETDATA_DONOTFLUSH.");
    return E_INVALIDARG;
  }
  if ((size != 0 && size != GetDataSize()) || (!data && size != 0)) {
    message(D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_DATASIZE,
            "QUERY_GETDATA_INVALID_DATASIZE", kGetData,
            "DataSize is " + std::to_string(size) + ", but must be 0 or " + std::to_string(GetDataSize()) +
                (data ? "" : " (0 when pData is NULL)") + " for this query.");
    return E_INVALIDARG;
  }
  if (state_ != State::Issued) {
    message(D3D11_MESSAGE_SEVERITY_ERROR, D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_CALL, "QUERY_GETDATA_INVALID_CALL",
            kGetData,
            state_ == State::Building ? "GetData is being invoked on a query that is building (Begin without End)."
                                      : "GetData is being invoked on a query that was never issued (no End).");
    return DXGI_ERROR_INVALID_CALL;
  }
  DdiDevice& ddi = device().ddi();
  DdiErrorScope errors;
  ddi.funcs().pfnQueryGetData(ddi.handle(), ddiHandle(), size ? data : nullptr, size,
                              (flags & D3D11_ASYNC_GETDATA_DONOTFLUSH) ? D3D10_DDI_GET_DATA_DO_NOT_FLUSH : 0);
  const HRESULT hr = errors.first();
  if (hr == DXGI_DDI_ERR_WASSTILLDRAWING) return S_FALSE;
  if (FAILED(hr)) return hr;
  resultRead_ = true;
  return S_OK;
}

void STDMETHODCALLTYPE D3D11Query::GetDesc(D3D11_QUERY_DESC* pDesc) try {
  if (pDesc) *pDesc = {desc_.Query, desc_.MiscFlags};
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11Query::GetDesc1(D3D11_QUERY_DESC1* pDesc1) try {
  if (pDesc1) *pDesc1 = desc_;
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11Query::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11Asynchronous) ||
      riid == __uuidof(ID3D11Query) || riid == __uuidof(ID3D11Query1) ||
      (riid == __uuidof(ID3D11Predicate) && isPredicate(desc_.Query))) {
    AddRef();
    *ppvObject = static_cast<ID3D11Query1*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

// ID3D11DeviceContext::Begin / End / GetData: every ID3D11Asynchronous this
// runtime hands out is a D3D11Query.
void STDMETHODCALLTYPE D3D11ImmediateContext::Begin(ID3D11Asynchronous* pAsync) try {
  const auto contextEntryLock = lockEntry();
  if (!pAsync) return;
  if (static_cast<D3D11Query*>(pAsync) == predicate_)  // re-issued: the driver reads its new result
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_PREDICATE_BEGIN_DURING_PREDICATION, "PREDICATE_BEGIN_DURING_PREDICATION",
                         kBegin, "Begin is invoked on the predicate SetPredication set.");
  static_cast<D3D11Query*>(pAsync)->begin();
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D11ImmediateContext::End(ID3D11Asynchronous* pAsync) try {
  const auto contextEntryLock = lockEntry();
  if (!pAsync) return;
  if (static_cast<D3D11Query*>(pAsync) == predicate_)
    device_.debugMessage(D3D11_MESSAGE_CATEGORY_EXECUTION, D3D11_MESSAGE_SEVERITY_ERROR,
                         D3D11_MESSAGE_ID_PREDICATE_END_DURING_PREDICATION, "PREDICATE_END_DURING_PREDICATION", kEnd,
                         "End is invoked on the predicate SetPredication set.");
  static_cast<D3D11Query*>(pAsync)->end();
} D3DVK_CATCH_VOID

HRESULT STDMETHODCALLTYPE D3D11ImmediateContext::GetData(ID3D11Asynchronous* pAsync, void* pData, UINT DataSize,
                                                         UINT GetDataFlags) try {
  const auto contextEntryLock = lockEntry();
  if (!pAsync) return E_INVALIDARG;
  if (device_.removed()) return device_.ddi().removedReason();
  return static_cast<D3D11Query*>(pAsync)->getData(pData, DataSize, GetDataFlags);
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
