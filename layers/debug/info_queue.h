// layers/debug/info_queue.h — the debug layer's message queue, one template for
// ID3D11InfoQueue (devices created with D3D11_CREATE_DEVICE_DEBUG) and
// ID3D12InfoQueue (devices created after ID3D12Debug::EnableDebugLayer): the two
// interfaces have the same methods over their API's own types. The runtime
// reports validation failures with report(); each message is stored (subject to
// the storage filter and the count limit) and printed to stderr in the API's
// format,
//   D3D11 ERROR: ID3D11Device::CreateRasterizerState2: <text> [ STATE_CREATION ERROR #3146154: CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE]
//   D3D12 ERROR: ID3D12Device::CreateRootSignature: <text> [ STATE_CREATION ERROR #697: CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED]
// unless muted. Reference counting is delegated to the owning device.
#pragma once

#include "d3dvk_entry_guard.h"

#include <d3d11sdklayers.h>
#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>

#include <mutex>
#include <string>
#include <vector>

namespace d3dvk::debug {

// The types and names that differ between the two APIs (the category and
// severity values are the same in both).
struct D3D11Messages {
  using Interface = ID3D11InfoQueue;
  using Category = D3D11_MESSAGE_CATEGORY;
  using Severity = D3D11_MESSAGE_SEVERITY;
  using Id = D3D11_MESSAGE_ID;
  using Message = D3D11_MESSAGE;
  using QueueFilter = D3D11_INFO_QUEUE_FILTER;
  static constexpr const char* kApiName = "D3D11";
};
struct D3D12Messages {
  using Interface = ID3D12InfoQueue;
  using Category = D3D12_MESSAGE_CATEGORY;
  using Severity = D3D12_MESSAGE_SEVERITY;
  using Id = D3D12_MESSAGE_ID;
  using Message = D3D12_MESSAGE;
  using QueueFilter = D3D12_INFO_QUEUE_FILTER;
  static constexpr const char* kApiName = "D3D12";
};

template <typename Api>
class BasicInfoQueue final : public Api::Interface {
 public:
  using Category = typename Api::Category;
  using Severity = typename Api::Severity;
  using Id = typename Api::Id;
  using Interface = typename Api::Interface;

  // `owner` carries the reference count (the device); QueryInterface answers
  // the info-queue interface itself and forwards everything else to the owner.
  explicit BasicInfoQueue(IUnknown& owner) : owner_(owner) {}

  // Called by the runtime. `function` is e.g. "ID3D11Device::CreateRasterizerState2",
  // `idName` the message ID's name without the Id_ (D3D12_MESSAGE_ID_) prefix.
  void report(Category category, Severity severity, Id id,
              const char* idName, const std::string& function, const std::string& text);

  // The line report() prints (without the trailing newline).
  static std::string formatLine(Category category, Severity severity, Id id,
                                const char* idName, const std::string& description);

  // IUnknown
  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  ULONG STDMETHODCALLTYPE AddRef() override try { return owner_.AddRef(); } D3DVK_CATCH_RETURN({})
  ULONG STDMETHODCALLTYPE Release() override try { return owner_.Release(); } D3DVK_CATCH_RETURN({})

  // ID3D11InfoQueue / ID3D12InfoQueue
  HRESULT STDMETHODCALLTYPE SetMessageCountLimit(UINT64 MessageCountLimit) override;
  void STDMETHODCALLTYPE ClearStoredMessages() override;
  HRESULT STDMETHODCALLTYPE GetMessage(UINT64 MessageIndex, typename Api::Message* pMessage,
                                       SIZE_T* pMessageByteLength) override;
  UINT64 STDMETHODCALLTYPE GetNumMessagesAllowedByStorageFilter() override;
  UINT64 STDMETHODCALLTYPE GetNumMessagesDeniedByStorageFilter() override;
  UINT64 STDMETHODCALLTYPE GetNumStoredMessages() override;
  UINT64 STDMETHODCALLTYPE GetNumStoredMessagesAllowedByRetrievalFilter() override;
  UINT64 STDMETHODCALLTYPE GetNumMessagesDiscardedByMessageCountLimit() override;
  UINT64 STDMETHODCALLTYPE GetMessageCountLimit() override;
  HRESULT STDMETHODCALLTYPE AddStorageFilterEntries(typename Api::QueueFilter* pFilter) override;
  HRESULT STDMETHODCALLTYPE GetStorageFilter(typename Api::QueueFilter* pFilter, SIZE_T* pFilterByteLength) override;
  void STDMETHODCALLTYPE ClearStorageFilter() override;
  HRESULT STDMETHODCALLTYPE PushEmptyStorageFilter() override;
  HRESULT STDMETHODCALLTYPE PushCopyOfStorageFilter() override;
  HRESULT STDMETHODCALLTYPE PushStorageFilter(typename Api::QueueFilter* pFilter) override;
  void STDMETHODCALLTYPE PopStorageFilter() override;
  UINT STDMETHODCALLTYPE GetStorageFilterStackSize() override;
  HRESULT STDMETHODCALLTYPE AddRetrievalFilterEntries(typename Api::QueueFilter* pFilter) override;
  HRESULT STDMETHODCALLTYPE GetRetrievalFilter(typename Api::QueueFilter* pFilter, SIZE_T* pFilterByteLength) override;
  void STDMETHODCALLTYPE ClearRetrievalFilter() override;
  HRESULT STDMETHODCALLTYPE PushEmptyRetrievalFilter() override;
  HRESULT STDMETHODCALLTYPE PushCopyOfRetrievalFilter() override;
  HRESULT STDMETHODCALLTYPE PushRetrievalFilter(typename Api::QueueFilter* pFilter) override;
  void STDMETHODCALLTYPE PopRetrievalFilter() override;
  UINT STDMETHODCALLTYPE GetRetrievalFilterStackSize() override;
  HRESULT STDMETHODCALLTYPE AddMessage(Category Category, Severity Severity,
                                       Id ID, LPCSTR pDescription) override;
  HRESULT STDMETHODCALLTYPE AddApplicationMessage(Severity Severity, LPCSTR pDescription) override;
  HRESULT STDMETHODCALLTYPE SetBreakOnCategory(Category Category, BOOL bEnable) override;
  HRESULT STDMETHODCALLTYPE SetBreakOnSeverity(Severity Severity, BOOL bEnable) override;
  HRESULT STDMETHODCALLTYPE SetBreakOnID(Id ID, BOOL bEnable) override;
  BOOL STDMETHODCALLTYPE GetBreakOnCategory(Category Category) override;
  BOOL STDMETHODCALLTYPE GetBreakOnSeverity(Severity Severity) override;
  BOOL STDMETHODCALLTYPE GetBreakOnID(Id ID) override;
  void STDMETHODCALLTYPE SetMuteDebugOutput(BOOL bMute) override;
  BOOL STDMETHODCALLTYPE GetMuteDebugOutput() override;

  // A filter as owned data (typename Api::QueueFilter points into it).
  struct FilterList {
    std::vector<Category> categories;
    std::vector<Severity> severities;
    std::vector<Id> ids;
    bool empty() const { return categories.empty() && severities.empty() && ids.empty(); }
  };
  struct Filter {
    FilterList allow, deny;
    bool passes(Category c, Severity s, Id id) const;
  };

 private:
  struct Message {
    Category category;
    Severity severity;
    Id id;
    std::string description;
  };
  struct FilterStack {
    std::vector<Filter> stack{Filter{}};  // never empty: the bottom filter is the default one
  };
  void store(Category category, Severity severity, Id id,
             std::string description);
  static HRESULT addEntries(FilterStack& stack, const typename Api::QueueFilter* filter);
  static HRESULT getFilter(const FilterStack& stack, typename Api::QueueFilter* filter, SIZE_T* length);
  static HRESULT push(FilterStack& stack, const typename Api::QueueFilter* filter);
  std::vector<const Message*> retrievable() const;

  IUnknown& owner_;
  mutable std::mutex mutex_;
  std::vector<Message> messages_;
  UINT64 limit_ = 131072;
  UINT64 allowedByStorage_ = 0, deniedByStorage_ = 0, discardedByLimit_ = 0;
  FilterStack storage_, retrieval_;
  bool mute_ = false;
  std::vector<Category> breakCategories_;
  std::vector<Severity> breakSeverities_;
  std::vector<Id> breakIds_;
};

extern template class BasicInfoQueue<D3D11Messages>;
extern template class BasicInfoQueue<D3D12Messages>;

using InfoQueue = BasicInfoQueue<D3D11Messages>;    // ID3D11InfoQueue
using InfoQueue12 = BasicInfoQueue<D3D12Messages>;  // ID3D12InfoQueue

}  // namespace d3dvk::debug
