// layers/debug/info_queue.h — the D3D11 debug layer's message queue
// (ID3D11InfoQueue), enabled by D3D11_CREATE_DEVICE_DEBUG. The runtime reports
// validation failures with report(); each message is stored (subject to the
// storage filter and the count limit) and printed to stderr in D3D11's format,
//   D3D11 ERROR: ID3D11Device::CreateRasterizerState2: <text> [ STATE_CREATION ERROR #3146154: CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE]
// unless muted. Reference counting is delegated to the owning device.
#pragma once

#include "d3dvk_entry_guard.h"

#include <d3d11sdklayers.h>

#include <mutex>
#include <string>
#include <vector>

namespace d3dvk::debug {

class InfoQueue final : public ID3D11InfoQueue {
 public:
  // `owner` carries the reference count (the device); QueryInterface answers
  // ID3D11InfoQueue itself and forwards everything else to the owner.
  explicit InfoQueue(IUnknown& owner) : owner_(owner) {}

  // Called by the runtime. `function` is e.g. "ID3D11Device::CreateRasterizerState2",
  // `idName` the message ID's name without the D3D11_MESSAGE_ID_ prefix.
  void report(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity, D3D11_MESSAGE_ID id,
              const char* idName, const std::string& function, const std::string& text);

  // The line report() prints (without the trailing newline).
  static std::string formatLine(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity, D3D11_MESSAGE_ID id,
                                const char* idName, const std::string& description);

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override try { return owner_.AddRef(); } D3DVK_CATCH_RETURN({})
  ULONG STDMETHODCALLTYPE Release() override try { return owner_.Release(); } D3DVK_CATCH_RETURN({})

  // ID3D11InfoQueue
  HRESULT STDMETHODCALLTYPE SetMessageCountLimit(UINT64 MessageCountLimit) override;
  void STDMETHODCALLTYPE ClearStoredMessages() override;
  HRESULT STDMETHODCALLTYPE GetMessage(UINT64 MessageIndex, D3D11_MESSAGE* pMessage,
                                       SIZE_T* pMessageByteLength) override;
  UINT64 STDMETHODCALLTYPE GetNumMessagesAllowedByStorageFilter() override;
  UINT64 STDMETHODCALLTYPE GetNumMessagesDeniedByStorageFilter() override;
  UINT64 STDMETHODCALLTYPE GetNumStoredMessages() override;
  UINT64 STDMETHODCALLTYPE GetNumStoredMessagesAllowedByRetrievalFilter() override;
  UINT64 STDMETHODCALLTYPE GetNumMessagesDiscardedByMessageCountLimit() override;
  UINT64 STDMETHODCALLTYPE GetMessageCountLimit() override;
  HRESULT STDMETHODCALLTYPE AddStorageFilterEntries(D3D11_INFO_QUEUE_FILTER* pFilter) override;
  HRESULT STDMETHODCALLTYPE GetStorageFilter(D3D11_INFO_QUEUE_FILTER* pFilter, SIZE_T* pFilterByteLength) override;
  void STDMETHODCALLTYPE ClearStorageFilter() override;
  HRESULT STDMETHODCALLTYPE PushEmptyStorageFilter() override;
  HRESULT STDMETHODCALLTYPE PushCopyOfStorageFilter() override;
  HRESULT STDMETHODCALLTYPE PushStorageFilter(D3D11_INFO_QUEUE_FILTER* pFilter) override;
  void STDMETHODCALLTYPE PopStorageFilter() override;
  UINT STDMETHODCALLTYPE GetStorageFilterStackSize() override;
  HRESULT STDMETHODCALLTYPE AddRetrievalFilterEntries(D3D11_INFO_QUEUE_FILTER* pFilter) override;
  HRESULT STDMETHODCALLTYPE GetRetrievalFilter(D3D11_INFO_QUEUE_FILTER* pFilter, SIZE_T* pFilterByteLength) override;
  void STDMETHODCALLTYPE ClearRetrievalFilter() override;
  HRESULT STDMETHODCALLTYPE PushEmptyRetrievalFilter() override;
  HRESULT STDMETHODCALLTYPE PushCopyOfRetrievalFilter() override;
  HRESULT STDMETHODCALLTYPE PushRetrievalFilter(D3D11_INFO_QUEUE_FILTER* pFilter) override;
  void STDMETHODCALLTYPE PopRetrievalFilter() override;
  UINT STDMETHODCALLTYPE GetRetrievalFilterStackSize() override;
  HRESULT STDMETHODCALLTYPE AddMessage(D3D11_MESSAGE_CATEGORY Category, D3D11_MESSAGE_SEVERITY Severity,
                                       D3D11_MESSAGE_ID ID, LPCSTR pDescription) override;
  HRESULT STDMETHODCALLTYPE AddApplicationMessage(D3D11_MESSAGE_SEVERITY Severity, LPCSTR pDescription) override;
  HRESULT STDMETHODCALLTYPE SetBreakOnCategory(D3D11_MESSAGE_CATEGORY Category, BOOL bEnable) override;
  HRESULT STDMETHODCALLTYPE SetBreakOnSeverity(D3D11_MESSAGE_SEVERITY Severity, BOOL bEnable) override;
  HRESULT STDMETHODCALLTYPE SetBreakOnID(D3D11_MESSAGE_ID ID, BOOL bEnable) override;
  BOOL STDMETHODCALLTYPE GetBreakOnCategory(D3D11_MESSAGE_CATEGORY Category) override;
  BOOL STDMETHODCALLTYPE GetBreakOnSeverity(D3D11_MESSAGE_SEVERITY Severity) override;
  BOOL STDMETHODCALLTYPE GetBreakOnID(D3D11_MESSAGE_ID ID) override;
  void STDMETHODCALLTYPE SetMuteDebugOutput(BOOL bMute) override;
  BOOL STDMETHODCALLTYPE GetMuteDebugOutput() override;

  // A filter as owned data (D3D11_INFO_QUEUE_FILTER points into it).
  struct FilterList {
    std::vector<D3D11_MESSAGE_CATEGORY> categories;
    std::vector<D3D11_MESSAGE_SEVERITY> severities;
    std::vector<D3D11_MESSAGE_ID> ids;
    bool empty() const { return categories.empty() && severities.empty() && ids.empty(); }
  };
  struct Filter {
    FilterList allow, deny;
    bool passes(D3D11_MESSAGE_CATEGORY c, D3D11_MESSAGE_SEVERITY s, D3D11_MESSAGE_ID id) const;
  };

 private:
  struct Message {
    D3D11_MESSAGE_CATEGORY category;
    D3D11_MESSAGE_SEVERITY severity;
    D3D11_MESSAGE_ID id;
    std::string description;
  };
  struct FilterStack {
    std::vector<Filter> stack{Filter{}};  // never empty: the bottom filter is the default one
  };
  void store(D3D11_MESSAGE_CATEGORY category, D3D11_MESSAGE_SEVERITY severity, D3D11_MESSAGE_ID id,
             std::string description);
  static HRESULT addEntries(FilterStack& stack, const D3D11_INFO_QUEUE_FILTER* filter);
  static HRESULT getFilter(const FilterStack& stack, D3D11_INFO_QUEUE_FILTER* filter, SIZE_T* length);
  static HRESULT push(FilterStack& stack, const D3D11_INFO_QUEUE_FILTER* filter);
  std::vector<const Message*> retrievable() const;

  IUnknown& owner_;
  mutable std::mutex mutex_;
  std::vector<Message> messages_;
  UINT64 limit_ = 131072;
  UINT64 allowedByStorage_ = 0, deniedByStorage_ = 0, discardedByLimit_ = 0;
  FilterStack storage_, retrieval_;
  bool mute_ = false;
  std::vector<D3D11_MESSAGE_CATEGORY> breakCategories_;
  std::vector<D3D11_MESSAGE_SEVERITY> breakSeverities_;
  std::vector<D3D11_MESSAGE_ID> breakIds_;
};

}  // namespace d3dvk::debug
