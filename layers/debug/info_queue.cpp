// layers/debug/info_queue.cpp — see info_queue.h.
#include "info_queue.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace d3dvk::debug {
namespace {

const char* categoryName(D3D11_MESSAGE_CATEGORY c) {
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

const char* severityName(D3D11_MESSAGE_SEVERITY s) {
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

bool InfoQueue::Filter::passes(D3D11_MESSAGE_CATEGORY c, D3D11_MESSAGE_SEVERITY s, D3D11_MESSAGE_ID id) const {
  if (listed(deny.categories, c) || listed(deny.severities, s) || listed(deny.ids, id)) return false;
  if (!allow.categories.empty() && !listed(allow.categories, c)) return false;
  if (!allow.severities.empty() && !listed(allow.severities, s)) return false;
  if (!allow.ids.empty() && !listed(allow.ids, id)) return false;
  return true;
}

std::string InfoQueue::formatLine(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity,
                                  D3D11_MESSAGE_ID id, const char* idName, const std::string& description) {
  return std::string("D3D11 ") + severityName(severity) + ": " + description + " [ " + categoryName(category) + " " +
         severityName(severity) + " #" + std::to_string(int(id)) + ": " + (idName ? idName : "UNKNOWN") + "]";
}

void InfoQueue::report(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity, D3D11_MESSAGE_ID id,
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

void InfoQueue::store(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity, D3D11_MESSAGE_ID id,
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

HRESULT STDMETHODCALLTYPE InfoQueue::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  if (riid == __uuidof(ID3D11InfoQueue)) {
    AddRef();
    *ppvObject = static_cast<ID3D11InfoQueue*>(this);
    return S_OK;
  }
  return owner_.QueryInterface(riid, ppvObject);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE InfoQueue::SetMessageCountLimit(UINT64 MessageCountLimit) try {
  std::lock_guard<std::mutex> lock(mutex_);
  limit_ = MessageCountLimit == UINT64(-1) ? UINT64(-1) : MessageCountLimit;
  if (messages_.size() > limit_) messages_.resize(size_t(limit_));
  return S_OK;
} D3DVK_CATCH_HRESULT

void STDMETHODCALLTYPE InfoQueue::ClearStoredMessages() try {
  std::lock_guard<std::mutex> lock(mutex_);
  messages_.clear();
} D3DVK_CATCH_VOID

std::vector<const InfoQueue::Message*> InfoQueue::retrievable() const {
  std::vector<const Message*> out;
  const Filter& f = retrieval_.stack.back();
  for (const Message& m : messages_)
    if (f.passes(m.category, m.severity, m.id)) out.push_back(&m);
  return out;
}

HRESULT STDMETHODCALLTYPE InfoQueue::GetMessage(UINT64 MessageIndex, D3D11_MESSAGE* pMessage,
                                                SIZE_T* pMessageByteLength) try {
  if (!pMessageByteLength) return E_INVALIDARG;
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<const Message*> list = retrievable();
  if (MessageIndex >= list.size()) return E_INVALIDARG;
  const Message& m = *list[size_t(MessageIndex)];
  const SIZE_T needed = sizeof(D3D11_MESSAGE) + m.description.size() + 1;
  if (!pMessage) {
    *pMessageByteLength = needed;
    return S_OK;
  }
  if (*pMessageByteLength < needed) return E_INVALIDARG;
  char* text = reinterpret_cast<char*>(pMessage) + sizeof(D3D11_MESSAGE);
  std::memcpy(text, m.description.c_str(), m.description.size() + 1);
  pMessage->Category = m.category;
  pMessage->Severity = m.severity;
  pMessage->ID = m.id;
  pMessage->pDescription = text;
  pMessage->DescriptionByteLength = m.description.size() + 1;
  *pMessageByteLength = needed;
  return S_OK;
} D3DVK_CATCH_HRESULT

UINT64 STDMETHODCALLTYPE InfoQueue::GetNumMessagesAllowedByStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return allowedByStorage_;
} D3DVK_CATCH_RETURN({})
UINT64 STDMETHODCALLTYPE InfoQueue::GetNumMessagesDeniedByStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return deniedByStorage_;
} D3DVK_CATCH_RETURN({})
UINT64 STDMETHODCALLTYPE InfoQueue::GetNumStoredMessages() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return messages_.size();
} D3DVK_CATCH_RETURN({})
UINT64 STDMETHODCALLTYPE InfoQueue::GetNumStoredMessagesAllowedByRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return retrievable().size();
} D3DVK_CATCH_RETURN({})
UINT64 STDMETHODCALLTYPE InfoQueue::GetNumMessagesDiscardedByMessageCountLimit() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return discardedByLimit_;
} D3DVK_CATCH_RETURN({})
UINT64 STDMETHODCALLTYPE InfoQueue::GetMessageCountLimit() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return limit_;
} D3DVK_CATCH_RETURN({})

HRESULT InfoQueue::addEntries(FilterStack& stack, const D3D11_INFO_QUEUE_FILTER* filter) {
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
HRESULT InfoQueue::getFilter(const FilterStack& stack, D3D11_INFO_QUEUE_FILTER* filter, SIZE_T* length) {
  if (!length) return E_INVALIDARG;
  const Filter& f = stack.stack.back();
  const SIZE_T needed = sizeof(D3D11_INFO_QUEUE_FILTER) +
                        (f.allow.categories.size() + f.deny.categories.size()) * sizeof(D3D11_MESSAGE_CATEGORY) +
                        (f.allow.severities.size() + f.deny.severities.size()) * sizeof(D3D11_MESSAGE_SEVERITY) +
                        (f.allow.ids.size() + f.deny.ids.size()) * sizeof(D3D11_MESSAGE_ID);
  if (!filter) {
    *length = needed;
    return S_OK;
  }
  if (*length < needed) return E_INVALIDARG;
  char* p = reinterpret_cast<char*>(filter) + sizeof(D3D11_INFO_QUEUE_FILTER);
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

HRESULT InfoQueue::push(FilterStack& stack, const D3D11_INFO_QUEUE_FILTER* filter) {
  stack.stack.push_back(Filter{});
  return filter ? addEntries(stack, filter) : S_OK;
}

HRESULT STDMETHODCALLTYPE InfoQueue::AddStorageFilterEntries(D3D11_INFO_QUEUE_FILTER* pFilter) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return addEntries(storage_, pFilter);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE InfoQueue::GetStorageFilter(D3D11_INFO_QUEUE_FILTER* pFilter, SIZE_T* pFilterByteLength) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return getFilter(storage_, pFilter, pFilterByteLength);
} D3DVK_CATCH_HRESULT
void STDMETHODCALLTYPE InfoQueue::ClearStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  storage_.stack.back() = Filter{};
} D3DVK_CATCH_VOID
HRESULT STDMETHODCALLTYPE InfoQueue::PushEmptyStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return push(storage_, nullptr);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE InfoQueue::PushCopyOfStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  storage_.stack.push_back(storage_.stack.back());
  return S_OK;
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE InfoQueue::PushStorageFilter(D3D11_INFO_QUEUE_FILTER* pFilter) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return push(storage_, pFilter);
} D3DVK_CATCH_HRESULT
void STDMETHODCALLTYPE InfoQueue::PopStorageFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  if (storage_.stack.size() > 1) storage_.stack.pop_back();
} D3DVK_CATCH_VOID
UINT STDMETHODCALLTYPE InfoQueue::GetStorageFilterStackSize() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return UINT(storage_.stack.size());
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE InfoQueue::AddRetrievalFilterEntries(D3D11_INFO_QUEUE_FILTER* pFilter) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return addEntries(retrieval_, pFilter);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE InfoQueue::GetRetrievalFilter(D3D11_INFO_QUEUE_FILTER* pFilter, SIZE_T* pFilterByteLength) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return getFilter(retrieval_, pFilter, pFilterByteLength);
} D3DVK_CATCH_HRESULT
void STDMETHODCALLTYPE InfoQueue::ClearRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  retrieval_.stack.back() = Filter{};
} D3DVK_CATCH_VOID
HRESULT STDMETHODCALLTYPE InfoQueue::PushEmptyRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return push(retrieval_, nullptr);
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE InfoQueue::PushCopyOfRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  retrieval_.stack.push_back(retrieval_.stack.back());
  return S_OK;
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE InfoQueue::PushRetrievalFilter(D3D11_INFO_QUEUE_FILTER* pFilter) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return push(retrieval_, pFilter);
} D3DVK_CATCH_HRESULT
void STDMETHODCALLTYPE InfoQueue::PopRetrievalFilter() try {
  std::lock_guard<std::mutex> lock(mutex_);
  if (retrieval_.stack.size() > 1) retrieval_.stack.pop_back();
} D3DVK_CATCH_VOID
UINT STDMETHODCALLTYPE InfoQueue::GetRetrievalFilterStackSize() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return UINT(retrieval_.stack.size());
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE InfoQueue::AddMessage(D3D11_MESSAGE_CATEGORY Category, D3D11_MESSAGE_SEVERITY Severity,
                                                D3D11_MESSAGE_ID ID, LPCSTR pDescription) try {
  if (!pDescription) return E_INVALIDARG;
  store(Category, Severity, ID, pDescription);
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE InfoQueue::AddApplicationMessage(D3D11_MESSAGE_SEVERITY Severity, LPCSTR pDescription) try {
  if (!pDescription) return E_INVALIDARG;
  store(D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED, Severity, D3D11_MESSAGE_ID(0), pDescription);
  return S_OK;
} D3DVK_CATCH_HRESULT

// Breaking into a debugger is a Windows facility; the flags are kept for Get*.
HRESULT STDMETHODCALLTYPE InfoQueue::SetBreakOnCategory(D3D11_MESSAGE_CATEGORY Category, BOOL bEnable) try {
  std::lock_guard<std::mutex> lock(mutex_);
  breakCategories_.erase(std::remove(breakCategories_.begin(), breakCategories_.end(), Category), breakCategories_.end());
  if (bEnable) breakCategories_.push_back(Category);
  return S_OK;
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE InfoQueue::SetBreakOnSeverity(D3D11_MESSAGE_SEVERITY Severity, BOOL bEnable) try {
  std::lock_guard<std::mutex> lock(mutex_);
  breakSeverities_.erase(std::remove(breakSeverities_.begin(), breakSeverities_.end(), Severity), breakSeverities_.end());
  if (bEnable) breakSeverities_.push_back(Severity);
  return S_OK;
} D3DVK_CATCH_HRESULT
HRESULT STDMETHODCALLTYPE InfoQueue::SetBreakOnID(D3D11_MESSAGE_ID ID, BOOL bEnable) try {
  std::lock_guard<std::mutex> lock(mutex_);
  breakIds_.erase(std::remove(breakIds_.begin(), breakIds_.end(), ID), breakIds_.end());
  if (bEnable) breakIds_.push_back(ID);
  return S_OK;
} D3DVK_CATCH_HRESULT
BOOL STDMETHODCALLTYPE InfoQueue::GetBreakOnCategory(D3D11_MESSAGE_CATEGORY Category) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return listed(breakCategories_, Category);
} D3DVK_CATCH_RETURN({})
BOOL STDMETHODCALLTYPE InfoQueue::GetBreakOnSeverity(D3D11_MESSAGE_SEVERITY Severity) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return listed(breakSeverities_, Severity);
} D3DVK_CATCH_RETURN({})
BOOL STDMETHODCALLTYPE InfoQueue::GetBreakOnID(D3D11_MESSAGE_ID ID) try {
  std::lock_guard<std::mutex> lock(mutex_);
  return listed(breakIds_, ID);
} D3DVK_CATCH_RETURN({})
void STDMETHODCALLTYPE InfoQueue::SetMuteDebugOutput(BOOL bMute) try {
  std::lock_guard<std::mutex> lock(mutex_);
  mute_ = bMute != FALSE;
} D3DVK_CATCH_VOID
BOOL STDMETHODCALLTYPE InfoQueue::GetMuteDebugOutput() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return mute_;
} D3DVK_CATCH_RETURN({})

}  // namespace d3dvk::debug
