// tests/d3d12: the debug layer follows resource states across command lists.
// At ExecuteCommandLists each list's first transition barrier of a subresource
// is checked against the state the queues left it in (creation state, then what
// executed lists left), with D3D12's promotion from COMMON and decay to COMMON;
// a mismatch is RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH naming the list, the
// resource, the subresource and both states, and the list still runs. In the
// InfoQueue binary: the debug layer is process-wide.
#include "d3d12_pipeline_util.h"

#include <directx/d3d12sdklayers.h>

#include <cstring>
#include <string>
#include <thread>

using namespace d3dvk::test;

namespace {

struct StoredMessage {
  D3D12_MESSAGE_CATEGORY category;
  int id;
  std::string text;
};

// A device with the debug layer on, its info queue (muted), a direct queue and a fence.
struct StateDevice {
  ID3D12Device* device = nullptr;
  ID3D12InfoQueue* info = nullptr;
  ID3D12CommandQueue* queue = nullptr;
  ID3D12Fence* fence = nullptr;
  UINT64 fenceValue = 0;
  std::vector<ID3D12CommandAllocator*> allocators;
  std::vector<ID3D12GraphicsCommandList*> lists;

  StateDevice() {
    ID3D12Debug* debug = nullptr;
    REQUIRE(D3D12GetDebugInterface(__uuidof(ID3D12Debug), reinterpret_cast<void**>(&debug)) == S_OK);
    debug->EnableDebugLayer();
    debug->Release();
    device = createDevice12();
    REQUIRE(device->QueryInterface(__uuidof(ID3D12InfoQueue), reinterpret_cast<void**>(&info)) == S_OK);
    info->SetMuteDebugOutput(TRUE);
    queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
    fence = createFence(device);
  }
  ~StateDevice() {
    for (auto* l : lists) l->Release();
    for (auto* a : allocators) a->Release();
    fence->Release();
    queue->Release();
    info->Release();
    CHECK(device->Release() == 0);
  }
  // A new open list of `type` with its own allocator, named `name`.
  ID3D12GraphicsCommandList* list(const wchar_t* name, D3D12_COMMAND_LIST_TYPE type = D3D12_COMMAND_LIST_TYPE_DIRECT) {
    allocators.push_back(createAllocator(device, type));
    lists.push_back(createList(device, type, allocators.back()));
    REQUIRE(lists.back()->SetName(name) == S_OK);
    return lists.back();
  }
  void execute(std::vector<ID3D12GraphicsCommandList*> run, ID3D12CommandQueue* on = nullptr) {
    std::vector<ID3D12CommandList*> raw(run.begin(), run.end());
    executeAndWait(on ? on : queue, raw, fence, &fenceValue);
  }
  std::vector<StoredMessage> take() const {
    std::vector<StoredMessage> out;
    for (UINT64 i = 0; i < info->GetNumStoredMessages(); ++i) {
      SIZE_T length = 0;
      REQUIRE(info->GetMessage(i, nullptr, &length) == S_OK);
      std::vector<unsigned char> buffer(length);
      auto* m = reinterpret_cast<D3D12_MESSAGE*>(buffer.data());
      REQUIRE(info->GetMessage(i, m, &length) == S_OK);
      out.push_back({m->Category, int(m->ID), m->pDescription});
    }
    info->ClearStoredMessages();
    return out;
  }
  // No message stored since the last take (shows them when there are).
  void expectNone() const {
    std::vector<StoredMessage> all = take();
    std::string texts;
    for (const StoredMessage& m : all) texts += m.text + "\n";
    INFO(texts);
    CHECK(all.empty());
  }
};

void transition(ID3D12GraphicsCommandList* list, ID3D12Resource* resource, D3D12_RESOURCE_STATES before,
                D3D12_RESOURCE_STATES after, UINT subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES) {
  D3D12_RESOURCE_BARRIER b{};
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition = {resource, subresource, before, after};
  list->ResourceBarrier(1, &b);
}

ID3D12Resource* renderTarget(ID3D12Device* device, D3D12_RESOURCE_STATES initial, UINT16 mips = 1,
                             D3D12_RESOURCE_FLAGS extra = D3D12_RESOURCE_FLAG_NONE) {
  return createCommitted(device, D3D12_HEAP_TYPE_DEFAULT,
                         texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM,
                                       D3D12_RESOURCE_FLAGS(D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET | extra), mips),
                         initial);
}

}  // namespace

TEST_CASE("D3D12 debug layer: a barrier's StateBefore that is not the state an earlier executed list left is "
          "RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH at ExecuteCommandLists, and the list still runs",
          "[d3d12][debug][barriers]") {
  StateDevice d;
  ID3D12Resource* texture = renderTarget(d.device, D3D12_RESOURCE_STATE_COPY_DEST);
  REQUIRE(texture->SetName(L"target") == S_OK);

  ID3D12GraphicsCommandList* first = d.list(L"first");
  transition(first, texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET);
  REQUIRE(first->Close() == S_OK);
  d.execute({first});
  d.expectNone();

  // The second list believes the texture is a copy source; it also copies bytes that show it ran.
  ID3D12Resource* upload = createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, 16);
  ID3D12Resource* readback = createBuffer(d.device, D3D12_HEAP_TYPE_READBACK, 16);
  const unsigned char bytes[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  void* mapped = nullptr;
  REQUIRE(upload->Map(0, nullptr, &mapped) == S_OK);
  std::memcpy(mapped, bytes, sizeof bytes);
  upload->Unmap(0, nullptr);
  ID3D12GraphicsCommandList* second = d.list(L"second");
  transition(second, texture, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST);
  second->CopyBufferRegion(readback, 0, upload, 0, sizeof bytes);
  REQUIRE(second->Close() == S_OK);  // within the list nothing is wrong
  d.expectNone();
  d.execute({second});
  std::vector<StoredMessage> messages = d.take();
  REQUIRE(messages.size() == 1);
  const StoredMessage& m = messages[0];
  CHECK(m.id == D3D12_MESSAGE_ID_RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH);
  CHECK(m.category == D3D12_MESSAGE_CATEGORY_RESOURCE_MANIPULATION);
  INFO(m.text);
  CHECK(m.text.find("ID3D12CommandQueue::ExecuteCommandLists: command list 0 (0x") == 0);
  CHECK(m.text.find(" 'second'): the StateBefore (0x800: D3D12_RESOURCE_STATE_COPY_SOURCE) of its first transition "
                    "barrier of resource 0x") != std::string::npos);
  CHECK(m.text.find(" 'target', subresource 0, does not match the state the queue has it in (0x4: "
                    "D3D12_RESOURCE_STATE_RENDER_TARGET") != std::string::npos);
  // Reported, not dropped: the copy ran, and the queue now has the texture where the list left it.
  std::vector<unsigned char> got = readBuffer(readback, sizeof bytes);
  CHECK(std::memcmp(got.data(), bytes, sizeof bytes) == 0);
  ID3D12GraphicsCommandList* third = d.list(L"third");
  transition(third, texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
  REQUIRE(third->Close() == S_OK);
  d.execute({third});
  d.expectNone();
  // The state is the resource's, not a queue's: another direct queue sees what the first left.
  ID3D12CommandQueue* other = createQueue(d.device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* elsewhere = d.list(L"elsewhere");
  transition(elsewhere, texture, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COPY_DEST);
  REQUIRE(elsewhere->Close() == S_OK);
  d.execute({elsewhere}, other);
  d.expectNone();
  other->Release();

  // Per subresource: a list moves mip 1 only; a whole-resource barrier then mismatches on mip 1 alone.
  ID3D12Resource* mipped = renderTarget(d.device, D3D12_RESOURCE_STATE_COPY_DEST, 3);
  ID3D12GraphicsCommandList* mip1 = d.list(L"mip1");
  transition(mip1, mipped, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET, 1);
  REQUIRE(mip1->Close() == S_OK);
  ID3D12GraphicsCommandList* whole = d.list(L"whole");
  transition(whole, mipped, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
  REQUIRE(whole->Close() == S_OK);
  d.execute({mip1, whole});  // two lists in one call: the second is checked against the first's states
  messages = d.take();
  REQUIRE(messages.size() == 1);
  INFO(messages[0].text);
  CHECK(messages[0].text.find("command list 1 (0x") != std::string::npos);
  CHECK(messages[0].text.find("'whole'") != std::string::npos);
  CHECK(messages[0].text.find(", subresource 1, does not match the state the queue has it in (0x4: "
                              "D3D12_RESOURCE_STATE_RENDER_TARGET") != std::string::npos);
  mipped->Release();
  readback->Release();
  upload->Release();
  texture->Release();
}

TEST_CASE("D3D12 debug layer: lists whose barriers follow the queue's states leave no message, executed once or "
          "again",
          "[d3d12][debug][barriers]") {
  StateDevice d;
  ID3D12Resource* texture = renderTarget(d.device, D3D12_RESOURCE_STATE_RENDER_TARGET, 2);
  ID3D12GraphicsCommandList* toSource = d.list(L"toSource");
  transition(toSource, texture, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
  REQUIRE(toSource->Close() == S_OK);
  ID3D12GraphicsCommandList* back = d.list(L"back");
  transition(back, texture, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COPY_DEST, 0);
  transition(back, texture, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET, 1);
  transition(back, texture, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_RENDER_TARGET, 0);
  REQUIRE(back->Close() == S_OK);
  d.execute({toSource});
  d.execute({back});
  d.execute({toSource, back});  // each list executed again, both in one call
  d.expectNone();
  // Executing `back` twice in a row is wrong the second time: it expects COPY_SOURCE, the texture is a render target.
  d.execute({toSource, back, back});
  std::vector<StoredMessage> messages = d.take();
  REQUIRE(messages.size() == 1);  // subresources 0 and 1 mismatch alike: one message names both
  INFO(messages[0].text);
  CHECK(messages[0].id == D3D12_MESSAGE_ID_RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH);
  CHECK(messages[0].text.find("command list 2 (0x") != std::string::npos);
  CHECK(messages[0].text.find(", subresources 0-1, does not match the state the queue has it in (0x4: "
                              "D3D12_RESOURCE_STATE_RENDER_TARGET") != std::string::npos);
  texture->Release();
}

TEST_CASE("D3D12 debug layer: implicit promotion from COMMON follows D3D12's rules", "[d3d12][debug][barriers]") {
  StateDevice d;
  // A buffer in COMMON promoted to COPY_DEST by a copy, then transitioned from COPY_DEST: no message.
  ID3D12Resource* buffer = createBuffer(d.device, D3D12_HEAP_TYPE_DEFAULT, 256);
  ID3D12Resource* upload = createBuffer(d.device, D3D12_HEAP_TYPE_UPLOAD, 256);
  ID3D12GraphicsCommandList* fill = d.list(L"fill");
  fill->CopyBufferRegion(buffer, 0, upload, 0, 256);
  transition(fill, buffer, D3D12_RESOURCE_STATE_COPY_DEST, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
  REQUIRE(fill->Close() == S_OK);
  d.execute({fill});
  d.expectNone();

  // A texture in COMMON is promoted to a shader-resource or copy state, not to RENDER_TARGET.
  ID3D12Resource* texture = renderTarget(d.device, D3D12_RESOURCE_STATE_COMMON);
  ID3D12GraphicsCommandList* read = d.list(L"read");
  transition(read, texture, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_COMMON);
  REQUIRE(read->Close() == S_OK);
  d.execute({read});
  d.expectNone();
  ID3D12GraphicsCommandList* draw = d.list(L"draw");
  transition(draw, texture, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
  REQUIRE(draw->Close() == S_OK);
  d.execute({draw});
  std::vector<StoredMessage> messages = d.take();
  REQUIRE(messages.size() == 1);
  INFO(messages[0].text);
  CHECK(messages[0].id == D3D12_MESSAGE_ID_RESOURCE_BARRIER_BEFORE_AFTER_MISMATCH);
  CHECK(messages[0].text.find("(0x4: D3D12_RESOURCE_STATE_RENDER_TARGET) of its first transition barrier") !=
        std::string::npos);
  CHECK(messages[0].text.find("in (0x0: D3D12_RESOURCE_STATE_COMMON") != std::string::npos);
  texture->Release();
  upload->Release();
  buffer->Release();
}

TEST_CASE("D3D12 debug layer: buffers, SIMULTANEOUS_ACCESS textures and what a copy queue touched decay to COMMON "
          "when the list ends, other textures keep their state",
          "[d3d12][debug][barriers]") {
  StateDevice d;
  ID3D12Resource* buffer = createCommitted(d.device, D3D12_HEAP_TYPE_DEFAULT,
                                           [] {
                                             D3D12_RESOURCE_DESC desc = bufferDesc(256);
                                             desc.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
                                             return desc;
                                           }(),
                                           D3D12_RESOURCE_STATE_COMMON);
  ID3D12Resource* shared = renderTarget(d.device, D3D12_RESOURCE_STATE_COMMON, 1,
                                        D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS);
  ID3D12Resource* copied = renderTarget(d.device, D3D12_RESOURCE_STATE_COMMON);
  ID3D12Resource* plain = renderTarget(d.device, D3D12_RESOURCE_STATE_COMMON);
  REQUIRE(plain->SetName(L"plain") == S_OK);

  ID3D12GraphicsCommandList* use = d.list(L"use");
  transition(use, buffer, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
  transition(use, shared, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
  transition(use, plain, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_RENDER_TARGET);
  REQUIRE(use->Close() == S_OK);
  // A copy queue's list on the same resources' states (they are global to the resource).
  ID3D12CommandQueue* copyQueue = createQueue(d.device, D3D12_COMMAND_LIST_TYPE_COPY);
  ID3D12GraphicsCommandList* copy = d.list(L"copy", D3D12_COMMAND_LIST_TYPE_COPY);
  transition(copy, copied, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_DEST);
  REQUIRE(copy->Close() == S_OK);
  d.execute({use});
  d.execute({copy}, copyQueue);
  d.expectNone();

  ID3D12GraphicsCommandList* next = d.list(L"next");
  transition(next, buffer, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE);
  transition(next, shared, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE);
  transition(next, copied, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE);
  transition(next, plain, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE);
  REQUIRE(next->Close() == S_OK);
  d.execute({next});
  std::vector<StoredMessage> messages = d.take();
  REQUIRE(messages.size() == 1);  // only the plain texture stayed a render target
  INFO(messages[0].text);
  CHECK(messages[0].text.find("'plain'") != std::string::npos);
  CHECK(messages[0].text.find("(0x0: D3D12_RESOURCE_STATE_COMMON) of its first transition barrier") != std::string::npos);
  CHECK(messages[0].text.find("in (0x4: D3D12_RESOURCE_STATE_RENDER_TARGET") != std::string::npos);
  copyQueue->Release();
  plain->Release();
  copied->Release();
  shared->Release();
  buffer->Release();
}

TEST_CASE("D3D12 debug layer: a resource released while a closed list names it, and lists executed from several "
          "threads",
          "[d3d12][debug][barriers]") {
  StateDevice d;
  {
    ID3D12Resource* texture = renderTarget(d.device, D3D12_RESOURCE_STATE_RENDER_TARGET);
    ID3D12GraphicsCommandList* list = d.list(L"orphan");
    transition(list, texture, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    REQUIRE(list->Close() == S_OK);
    CHECK(texture->Release() == 0);
    // The list keeps what it needs (ASan sees no use after free); a Reset drops it.
    REQUIRE(d.allocators.back()->Reset() == S_OK);
    REQUIRE(list->Reset(d.allocators.back(), nullptr) == S_OK);
    REQUIRE(list->Close() == S_OK);
  }

  // Four threads, each with its own texture, list pair and queue, execute back and forth.
  constexpr int kThreads = 4;
  std::vector<ID3D12Resource*> textures;
  std::vector<ID3D12CommandQueue*> queues;
  std::vector<std::pair<ID3D12GraphicsCommandList*, ID3D12GraphicsCommandList*>> pairs;
  std::vector<ID3D12Fence*> fences;
  for (int t = 0; t < kThreads; ++t) {
    textures.push_back(renderTarget(d.device, D3D12_RESOURCE_STATE_RENDER_TARGET));
    queues.push_back(createQueue(d.device, D3D12_COMMAND_LIST_TYPE_DIRECT));
    fences.push_back(createFence(d.device));
    ID3D12GraphicsCommandList* there = d.list(L"there");
    transition(there, textures[t], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
    REQUIRE(there->Close() == S_OK);
    ID3D12GraphicsCommandList* back = d.list(L"back");
    transition(back, textures[t], D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
    REQUIRE(back->Close() == S_OK);
    pairs.push_back({there, back});
  }
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i) {
        ID3D12CommandList* lists[] = {pairs[t].first, pairs[t].second};
        queues[t]->ExecuteCommandLists(2, lists);
      }
      queues[t]->Signal(fences[t], 1);
      fences[t]->SetEventOnCompletion(1, nullptr);
    });
  for (auto& thread : threads) thread.join();
  d.expectNone();
  for (int t = 0; t < kThreads; ++t) {
    CHECK(fences[t]->GetCompletedValue() == 1);
    fences[t]->Release();
    queues[t]->Release();
    textures[t]->Release();
  }
}
