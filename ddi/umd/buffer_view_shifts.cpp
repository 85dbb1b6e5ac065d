// ddi/umd/buffer_view_shifts.cpp — see buffer_view_shifts.h.
#include "buffer_view_shifts.h"

#include <cstring>
#include <deque>
#include <map>
#include <vector>

namespace d3dvk::umd {

namespace {
constexpr uint32_t kTablesPerChunk = 64;
}  // namespace

struct BufferViewShiftTables::State {
  struct Slot {
    const vk::Buffer* chunk = nullptr;
    VkDeviceSize offset = 0;
  };
  std::vector<std::unique_ptr<vk::Buffer>> chunks;  // host-visible, kTablesPerChunk tables each
  std::vector<Slot> unused;                         // never handed out
  std::deque<std::pair<Slot, uint64_t>> retired;    // let go, with the last batch that read it
  std::map<Words, std::weak_ptr<Table>> live;
};

BufferViewShiftTables::BufferViewShiftTables() : state_(std::make_shared<State>()) {}

std::shared_ptr<BufferViewShiftTables::Table> BufferViewShiftTables::get(vk::Device& device, const Words& words,
                                                                         uint64_t completedSerial, VkResult* result) {
  State& s = *state_;
  const auto found = s.live.find(words);
  if (found != s.live.end())
    if (std::shared_ptr<Table> table = found->second.lock()) return table;
  State::Slot slot;
  if (!s.retired.empty() && s.retired.front().second <= completedSerial) {
    slot = s.retired.front().first;
    s.retired.pop_front();
  } else {
    if (s.unused.empty()) {
      std::unique_ptr<vk::Buffer> chunk =
          vk::Buffer::create(device, kTableBytes * kTablesPerChunk, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true, result);
      if (!chunk) return nullptr;
      for (uint32_t i = kTablesPerChunk; i-- > 0;) s.unused.push_back({chunk.get(), kTableBytes * i});
      s.chunks.push_back(std::move(chunk));
    }
    slot = s.unused.back();
    s.unused.pop_back();
  }
  std::memcpy(static_cast<std::byte*>(slot.chunk->mapped()) + slot.offset, words.data(), kTableBytes);
  const auto entry = s.live.insert_or_assign(words, std::weak_ptr<Table>()).first;
  // The table gives its slot back when its last holder lets go (the state outlives both).
  std::shared_ptr<Table> table(new Table, [state = state_, slot, entry](Table* t) {
    state->retired.emplace_back(slot, t->lastUse);
    state->live.erase(entry);
    delete t;
  });
  table->info = {slot.chunk->handle(), slot.offset, kTableBytes};
  entry->second = table;
  return table;
}

}  // namespace d3dvk::umd
