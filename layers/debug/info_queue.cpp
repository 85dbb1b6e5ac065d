// layers/debug/info_queue.cpp — see info_queue.h. The template's members,
// instantiated for D3D11 and D3D12 at the end.
#include "info_queue.h"

#include <dxguids/dxguids.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace d3dvk::debug {
namespace {

// One name table serves both APIs: their categories and severities have the same values.
static_assert(int(D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED) == int(D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED));
static_assert(int(D3D12_MESSAGE_CATEGORY_STATE_CREATION) == int(D3D11_MESSAGE_CATEGORY_STATE_CREATION));
static_assert(int(D3D12_MESSAGE_CATEGORY_SHADER) == int(D3D11_MESSAGE_CATEGORY_SHADER));
static_assert(int(D3D12_MESSAGE_SEVERITY_CORRUPTION) == int(D3D11_MESSAGE_SEVERITY_CORRUPTION));
static_assert(int(D3D12_MESSAGE_SEVERITY_MESSAGE) == int(D3D11_MESSAGE_SEVERITY_MESSAGE));

const char* categoryName(int c) {
  switch (c) {
    case D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED: return "APPLICATION_DEFINED";
    case D3D11_MESSAGE_CATEGORY_MISCELLANEOUS: return "MISCELLANEOUS";
    case D3D11_MESSAGE_CATEGORY_INITIALIZATION: return "INITIALIZATION";
    case D3D11_MESSAGE_CATEGORY_CLEANUP: return "CLEANUP";
    case D3D11_MESSAGE_CATEGORY_COMPILATION: return "COMPILATION";
    case D3D11_MESSAGE_CATEGORY_STATE_CREATION: return "STATE_CREATION";
    case D3D11_MESSAGE_CATEGORY_STATE_SETTING: return "STATE_SETTING";
    case D3D11_MESSAGE_CATEGORY_STATE_GETTING: return "STATE_GETTING";
    case D3D11_MESSAGE_CATEGORY_RESOURCE_MANIPULATION: return "RESOURCE_MANIPULATION";
    case D3D11_MESSAGE_CATEGORY_EXECUTION: return "EXECUTION";
    case D3D11_MESSAGE_CATEGORY_SHADER: return "SHADER";
  }
  return "UNKNOWN";
}

const char* severityName(int s) {
  switch (s) {
    case D3D11_MESSAGE_SEVERITY_CORRUPTION: return "CORRUPTION";
    case D3D11_MESSAGE_SEVERITY_ERROR: return "ERROR";
    case D3D11_MESSAGE_SEVERITY_WARNING: return "WARNING";
    case D3D11_MESSAGE_SEVERITY_INFO: return "INFO";
    case D3D11_MESSAGE_SEVERITY_MESSAGE: return "MESSAGE";
  }
  return "UNKNOWN";
}

template <typename T>
bool listed(const std::vector<T>& list, T value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

template <typename T>
void append(std::vector<T>& list, const T* values, UINT count) {
  if (values) list.insert(list.end(), values, values + count);
}

}  // namespace

template <typename Api>
bool BasicInfoQueue<Api>::Filter::passes(Category c, Severity s, Id id) const {
  if (listed(deny.categories, c) || listed(deny.severities, s) || listed(deny.ids, id)) return false;
  if (!allow.categories.empty() && !listed(allow.categories, c)) return false;
  if (!allow.severities.empty() && !listed(allow.severities, s)) return false;
  if (!allow.ids.empty() && !listed(allow.ids, id)) return false;
  return true;
}

template <typename Api>
std::string BasicInfoQueue<Api>::formatLine(Category category, Severity severity,
                                  Id id, const char* idName, const std::string& description) {
  return std::string(Api::kApiName) + " " + severityName(int(severity)) + ": " + description + " [ " + categoryName(int(category)) + " " +
         severityName(int(severity)) + " #" + std::to_string(int(id)) + ": " + (idName ? idName : "UNKNOWN") + "]";
}

template <typename Api>
void BasicInfoQueue<Api>::report(Category category, Severity severity, Id id,
                       const char* idName, const std::string& function, const std::string& text) {
  std::string description = function.empty() ? text : function + ": " + text;
  bool mute;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    mute = mute_;
  }
  if (!mute) std::fprintf(stderr, "%s\n", formatLine(category, severity, id, idName, description).c_str());
  store(category, severity, id, std::move(description));
}

template <typename Api>
void BasicInfoQueue<Api>::store(Category category, Severity severity, Id id,
                      std::string description) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!storage_.stack.back().passes(category, severity, id)) {
    ++deniedByStorage_;
    return;
  }
  ++allowedByStorage_;
  if (messages_.size() >= limit_) {
    ++discardedByLimit_;
    return;
  }
  messages_.push_back({category, severity, id, std::move(description)});
}

template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  if (riid == __uuidof(Interface)) {
    AddRef();
    *ppvObject = static_cast<Interface*>(this);
    return S_OK;
  }
  return owner_.QueryInterface(riid, ppvObject);
} D3DVK_CATCH_HRESULT

template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::SetMessageCountLimit(UINT64 MessageCountLimit) try {
  std::lock_guard<std::mutex> lock(mutex_);
  limit_ = MessageCountLimit == UINT64(-1) ? UINT64(-1) : MessageCountLimit;
  if (messages_.size() > limit_) messages_.resize(size_t(limit_));
  return S_OK;
} D3DVK_CATCH_HRESULT

template <typename Api>
void STDMETHODCALLTYPE BasicInfoQueue<Api>::ClearStoredMessages() try {
  std::lock_guard<std::mutex> lock(mutex_);
  messages_.clear();
} D3DVK_CATCH_VOID

template <typename Api>
std::vector<const typename BasicInfoQueue<Api>::Message*> BasicInfoQueue<Api>::retrievable() const {
  std::vector<const Message*> out;
  const Filter& f = retrieval_.stack.back();
  for (const Message& m : messages_)
    if (f.passes(m.category, m.severity, m.id)) out.push_back(&m);
  return out;
}

template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::GetMessage(UINT64 MessageIndex, typename Api::Message* pMessage,
                                                SIZE_T* pMessageByteLength) try {
  if (!pMessageByteLength) return E_INVALIDARG;
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<const Message*> list = retrievable();
  if (MessageIndex >= list.size()) return E_INVALIDARG;
  const Message& m = *list[size_t(MessageIndex)];
  const SIZE_T needed = sizeof(typename Api::Message) + m.description.size() + 1;
  if (!pMessage) {
    *pMessageByteLength = needed;
    return S_OK;
  }
  if (*pMessageByteLength < needed) return E_INVALIDARG;
  char* text = reinterpret_cast<char*>(pMessage) + sizeof(typename Api::Message);
  std::memcpy(text, m.description.c_str(), m.description.size() + 1);
  pMessage->Category = m.category;
  pMessage->Severity = m.severity;
  pMessage->ID = m.id;
  pMessage->pDescription = text;
  pMessage->DescriptionByteLength = m.description.size() + 1;
  *pMessageByteLength = needed;
  return S_OK;
} D3DVK_CATCH_HRESULT

template <typename Api>
UINT64 STDMETHODCALLTYPE BasicInfoQueue<Api>::GetNumMessagesAllowedByStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return allowedByStorage_;
} D3DVK_CATCH_RETURN({})
template <typename Api>
UINT64 STDMETHODCALLTYPE BasicInfoQueue<Api>::GetNumMessagesDeniedByStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return deniedByStorage_;
} D3DVK_CATCH_RETURN({})
template <typename Api>
UINT64 STDMETHODCALLTYPE BasicInfoQueue<Api>::GetNumStoredMessages() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return messages_.size();
} D3DVK_CATCH_RETURN({})
template <typename Api>
UINT64 STDMETHODCALLTYPE BasicInfoQueue<Api>::GetNumStoredMessagesAllowedByRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return retrievable().size();
} D3DVK_CATCH_RETURN({})
template <typename Api>
UINT64 STDMETHODCALLTYPE BasicInfoQueue<Api>::GetNumMessagesDiscardedByMessageCountLimit() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return discardedByLimit_;
} D3DVK_CATCH_RETURN({})
template <typename Api>
UINT64 STDMETHODCALLTYPE BasicInfoQueue<Api>::GetMessageCountLimit() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return limit_;
} D3DVK_CATCH_RETURN({})

template <typename Api>
HRESULT BasicInfoQueue<Api>::addEntries(FilterStack& stack, const typename Api::QueueFilter* filter) {
  if (!filter) return E_INVALIDARG;
  Filter& f = stack.stack.back();
  append(f.allow.categories, filter->AllowList.pCategoryList, filter->AllowList.NumCategories);
  append(f.allow.severities, filter->AllowList.pSeverityList, filter->AllowList.NumSeverities);
  append(f.allow.ids, filter->AllowList.pIDList, filter->AllowList.NumIDs);
  append(f.deny.categories, filter->DenyList.pCategoryList, filter->DenyList.NumCategories);
  append(f.deny.severities, filter->DenyList.pSeverityList, filter->DenyList.NumSeverities);
  append(f.deny.ids, filter->DenyList.pIDList, filter->DenyList.NumIDs);
  return S_OK;
}

// The filter is returned in one buffer: the struct, then its arrays.
template <typename Api>
HRESULT BasicInfoQueue<Api>::getFilter(const FilterStack& stack, typename Api::QueueFilter* filter, SIZE_T* length) {
  if (!length) return E_INVALIDARG;
  const Filter& f = stack.stack.back();
  const SIZE_T needed = sizeof(typename Api::QueueFilter) +
                        (f.allow.categories.size() + f.deny.categories.size()) * sizeof(Category) +
                        (f.allow.severities.size() + f.deny.severities.size()) * sizeof(Severity) +
                        (f.allow.ids.size() + f.deny.ids.size()) * sizeof(Id);
  if (!filter) {
    *length = needed;
    return S_OK;
  }
  if (*length < needed) return E_INVALIDARG;
  char* p = reinterpret_cast<char*>(filter) + sizeof(typename Api::QueueFilter);
  auto put = [&p](const auto& list, auto** out, UINT* count) {
    using T = typename std::decay_t<decltype(list)>::value_type;
    *count = UINT(list.size());
    *out = list.empty() ? nullptr : reinterpret_cast<T*>(p);
    if (!list.empty()) std::memcpy(p, list.data(), list.size() * sizeof(T));
    p += list.size() * sizeof(T);
  };
  put(f.allow.categories, &filter->AllowList.pCategoryList, &filter->AllowList.NumCategories);
  put(f.allow.severities, &filter->AllowList.pSeverityList, &filter->AllowList.NumSeverities);
  put(f.allow.ids, &filter->AllowList.pIDList, &filter->AllowList.NumIDs);
  put(f.deny.categories, &filter->DenyList.pCategoryList, &filter->DenyList.NumCategories);
  put(f.deny.severities, &filter->DenyList.pSeverityList, &filter->DenyList.NumSeverities);
  put(f.deny.ids, &filter->DenyList.pIDList, &filter->DenyList.NumIDs);
  *length = needed;
  return S_OK;
}

template <typename Api>
HRESULT BasicInfoQueue<Api>::push(FilterStack& stack, const typename Api::QueueFilter* filter) {
  stack.stack.push_back(Filter{});
  return filter ? addEntries(stack, filter) : S_OK;
}

template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::AddStorageFilterEntries(typename Api::QueueFilter* pFilter) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return addEntries(storage_, pFilter);
} D3DVK_CATCH_HRESULT
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::GetStorageFilter(typename Api::QueueFilter* pFilter, SIZE_T* pFilterByteLength) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return getFilter(storage_, pFilter, pFilterByteLength);
} D3DVK_CATCH_HRESULT
template <typename Api>
void STDMETHODCALLTYPE BasicInfoQueue<Api>::ClearStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  storage_.stack.back() = Filter{};
} D3DVK_CATCH_VOID
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::PushEmptyStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return push(storage_, nullptr);
} D3DVK_CATCH_HRESULT
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::PushCopyOfStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  storage_.stack.push_back(storage_.stack.back());
  return S_OK;
} D3DVK_CATCH_HRESULT
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::PushStorageFilter(typename Api::QueueFilter* pFilter) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return push(storage_, pFilter);
} D3DVK_CATCH_HRESULT
template <typename Api>
void STDMETHODCALLTYPE BasicInfoQueue<Api>::PopStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  if (storage_.stack.size() > 1) storage_.stack.pop_back();
} D3DVK_CATCH_VOID
template <typename Api>
UINT STDMETHODCALLTYPE BasicInfoQueue<Api>::GetStorageFilterStackSize() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return UINT(storage_.stack.size());
} D3DVK_CATCH_RETURN({})

template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::AddRetrievalFilterEntries(typename Api::QueueFilter* pFilter) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return addEntries(retrieval_, pFilter);
} D3DVK_CATCH_HRESULT
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::GetRetrievalFilter(typename Api::QueueFilter* pFilter, SIZE_T* pFilterByteLength) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return getFilter(retrieval_, pFilter, pFilterByteLength);
} D3DVK_CATCH_HRESULT
template <typename Api>
void STDMETHODCALLTYPE BasicInfoQueue<Api>::ClearRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  retrieval_.stack.back() = Filter{};
} D3DVK_CATCH_VOID
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::PushEmptyRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return push(retrieval_, nullptr);
} D3DVK_CATCH_HRESULT
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::PushCopyOfRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  retrieval_.stack.push_back(retrieval_.stack.back());
  return S_OK;
} D3DVK_CATCH_HRESULT
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::PushRetrievalFilter(typename Api::QueueFilter* pFilter) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return push(retrieval_, pFilter);
} D3DVK_CATCH_HRESULT
template <typename Api>
void STDMETHODCALLTYPE BasicInfoQueue<Api>::PopRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  if (retrieval_.stack.size() > 1) retrieval_.stack.pop_back();
} D3DVK_CATCH_VOID
template <typename Api>
UINT STDMETHODCALLTYPE BasicInfoQueue<Api>::GetRetrievalFilterStackSize() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return UINT(retrieval_.stack.size());
} D3DVK_CATCH_RETURN({})

template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::AddMessage(Category Category, Severity Severity,
                                                Id ID, LPCSTR pDescription) try {
  if (!pDescription) return E_INVALIDARG;
  store(Category, Severity, ID, pDescription);
  return S_OK;
} D3DVK_CATCH_HRESULT

template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::AddApplicationMessage(Severity Severity, LPCSTR pDescription) try {
  if (!pDescription) return E_INVALIDARG;
  store(Category(0), Severity, Id(0), pDescription);
  return S_OK;
} D3DVK_CATCH_HRESULT

// Breaking into a debugger is a Windows facility; the flags are kept for Get*.
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::SetBreakOnCategory(Category Category, BOOL bEnable) try {
  std::lock_guard<std::mutex> lock(mutex_);
  breakCategories_.erase(std::remove(breakCategories_.begin(), breakCategories_.end(), Category), breakCategories_.end());
  if (bEnable) breakCategories_.push_back(Category);
  return S_OK;
} D3DVK_CATCH_HRESULT
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::SetBreakOnSeverity(Severity Severity, BOOL bEnable) try {
  std::lock_guard<std::mutex> lock(mutex_);
  breakSeverities_.erase(std::remove(breakSeverities_.begin(), breakSeverities_.end(), Severity), breakSeverities_.end());
  if (bEnable) breakSeverities_.push_back(Severity);
  return S_OK;
} D3DVK_CATCH_HRESULT
template <typename Api>
HRESULT STDMETHODCALLTYPE BasicInfoQueue<Api>::SetBreakOnID(Id ID, BOOL bEnable) try {
  std::lock_guard<std::mutex> lock(mutex_);
  breakIds_.erase(std::remove(breakIds_.begin(), breakIds_.end(), ID), breakIds_.end());
  if (bEnable) breakIds_.push_back(ID);
  return S_OK;
} D3DVK_CATCH_HRESULT
template <typename Api>
BOOL STDMETHODCALLTYPE BasicInfoQueue<Api>::GetBreakOnCategory(Category Category) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return listed(breakCategories_, Category);
} D3DVK_CATCH_RETURN({})
template <typename Api>
BOOL STDMETHODCALLTYPE BasicInfoQueue<Api>::GetBreakOnSeverity(Severity Severity) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return listed(breakSeverities_, Severity);
} D3DVK_CATCH_RETURN({})
template <typename Api>
BOOL STDMETHODCALLTYPE BasicInfoQueue<Api>::GetBreakOnID(Id ID) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return listed(breakIds_, ID);
} D3DVK_CATCH_RETURN({})
template <typename Api>
void STDMETHODCALLTYPE BasicInfoQueue<Api>::SetMuteDebugOutput(BOOL bMute) try {
  std::lock_guard<std::mutex> lock(mutex_);
  mute_ = bMute != FALSE;
} D3DVK_CATCH_VOID
template <typename Api>
BOOL STDMETHODCALLTYPE BasicInfoQueue<Api>::GetMuteDebugOutput() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return mute_;
} D3DVK_CATCH_RETURN({})

template class BasicInfoQueue<D3D11Messages>;
template class BasicInfoQueue<D3D12Messages>;

}  // namespace d3dvk::debug
