// runtime/d3d11/d3d11_command_list.h — ID3D11CommandList: what a deferred
// context recorded (d3d11_deferred_context.h), as plain data. Each command is
// a small trivially-destructible closure in the list's arena that replays one
// API call on a context; the objects the commands name hold a reference the
// list drops when it goes, and the bytes of Map/UpdateSubresource live in the
// arena too. Immutable once finished: it can be executed any number of times,
// on the immediate context (D3D11ImmediateContext::ExecuteCommandList) or
// recorded into another deferred context's list.
#pragma once

#include "d3d11_device_child.h"

#include <d3d11_3.h>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace d3dvk::runtime {

class D3D11CommandList final : public D3D11DeviceChild<ID3D11CommandList> {
 public:
  D3D11CommandList(D3D11Device& device, UINT contextFlags) : D3D11DeviceChild(device), contextFlags_(contextFlags) {}
  ~D3D11CommandList() override;

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  UINT STDMETHODCALLTYPE GetContextFlags() override;

  D3D11Device& owner() { return device(); }

  // Appends a command: `f(ID3D11DeviceContext3&)` replays it (O(1) amortized).
  template <typename F>
  void record(F&& f) {
    using Fn = std::decay_t<F>;
    static_assert(std::is_trivially_destructible_v<Fn>, "commands hold plain data; references go through keep()");
    struct Node : Command {
      Fn fn;
      explicit Node(Fn&& f) : fn(std::move(f)) {}
    };
    void* memory = allocate(sizeof(Node), alignof(Node));
    Node* node = new (memory) Node(Fn(std::forward<F>(f)));
    node->run = [](const Command* c, ID3D11DeviceContext3& context) { static_cast<const Node*>(c)->fn(context); };
    link(node);
  }
  // `object` with a reference the list holds until it goes; returns it.
  template <typename T>
  T* keep(T* object) {
    if (object) {
      object->AddRef();
      references_.push_back(object);
    }
    return object;
  }
  // A copy of `count` objects (each kept), or null for a null array.
  template <typename T>
  T* const* keepArray(T* const* objects, UINT count) {
    if (!objects || !count) return nullptr;
    T** copy = copyArray(objects, count);
    for (UINT i = 0; i < count; ++i) keep(copy[i]);
    return copy;
  }
  // A copy of `count` plain values in the list's memory, or null for a null array.
  template <typename T>
  T* copyArray(const T* values, size_t count) {
    if (!values || !count) return nullptr;
    T* copy = static_cast<T*>(allocate(sizeof(T) * count, alignof(T)));
    std::copy(values, values + count, copy);
    return copy;
  }
  // `object` kept alive as long as the list; returns it.
  template <typename T>
  T* own(std::shared_ptr<T> object) {
    T* raw = object.get();
    owned_.push_back(std::move(object));
    return raw;
  }
  // `bytes` bytes of the list's memory (64-byte aligned for Map's callers).
  void* allocateData(size_t bytes) { return allocate(bytes ? bytes : 1, 64); }

  // Replays every command on `context`, in order.
  void replay(ID3D11DeviceContext3& context) const;
  bool empty() const { return first_ == nullptr; }

 private:
  struct Command {
    void (*run)(const Command*, ID3D11DeviceContext3&) = nullptr;
    Command* next = nullptr;
  };
  void* allocate(size_t bytes, size_t align);
  void link(Command* command) {
    if (last_)
      last_->next = command;
    else
      first_ = command;
    last_ = command;
  }

  UINT contextFlags_;
  std::vector<std::unique_ptr<std::byte[]>> blocks_;
  std::byte* cursor_ = nullptr;  // free space in the last block
  size_t left_ = 0;
  Command* first_ = nullptr;
  Command* last_ = nullptr;
  std::vector<IUnknown*> references_;
  std::vector<std::shared_ptr<void>> owned_;
};

// The list behind an ID3D11CommandList of any device, or null (not d3dvk's).
D3D11CommandList* commandListOf(ID3D11CommandList* list);

}  // namespace d3dvk::runtime
