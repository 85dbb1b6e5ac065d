// runtime/d3d11/d3d11_command_list.cpp — see d3d11_command_list.h.
#include "d3d11_command_list.h"

#include "d3d11_device.h"

#include <algorithm>

namespace d3dvk::runtime {
namespace {
constexpr size_t kBlockBytes = 64 * 1024;
// A private IID through which commandListOf recognises d3dvk's own lists.
constexpr GUID kD3dvkCommandList = {0x6a1f3c52, 0x0d9e, 0x4c1b, {0x9b, 0x47, 0x2e, 0x81, 0x5d, 0x3a, 0x77, 0x10}};
}  // namespace

D3D11CommandList::~D3D11CommandList() {
  for (IUnknown* object : references_) object->Release();
}

HRESULT STDMETHODCALLTYPE D3D11CommandList::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == kD3dvkCommandList) {
    *ppvObject = this;  // no reference: commandListOf's private answer
    return S_OK;
  }
  if (riid == __uuidof(IUnknown) || riid == __uuidof(ID3D11DeviceChild) || riid == __uuidof(ID3D11CommandList)) {
    AddRef();
    *ppvObject = static_cast<ID3D11CommandList*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

UINT STDMETHODCALLTYPE D3D11CommandList::GetContextFlags() try { return contextFlags_; } D3DVK_CATCH_RETURN({})

void* D3D11CommandList::allocate(size_t bytes, size_t align) {
  auto fit = [&]() -> void* {
    if (!cursor_) return nullptr;
    const size_t pad = (align - reinterpret_cast<uintptr_t>(cursor_) % align) % align;
    if (pad + bytes > left_) return nullptr;
    std::byte* at = cursor_ + pad;
    cursor_ = at + bytes;
    left_ -= pad + bytes;
    return at;
  };
  if (void* at = fit()) return at;
  const size_t size = std::max(kBlockBytes, bytes + align);
  blocks_.push_back(std::make_unique<std::byte[]>(size));
  cursor_ = blocks_.back().get();
  left_ = size;
  return fit();
}

void D3D11CommandList::replay(ID3D11DeviceContext3& context) const {
  for (const Command* c = first_; c; c = c->next) c->run(c, context);
}

D3D11CommandList* commandListOf(ID3D11CommandList* list) {
  void* self = nullptr;
  if (!list || FAILED(list->QueryInterface(kD3dvkCommandList, &self))) return nullptr;
  return static_cast<D3D11CommandList*>(self);
}

}  // namespace d3dvk::runtime
