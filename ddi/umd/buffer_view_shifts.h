// ddi/umd/buffer_view_shifts.h — the buffer view shifts D3D11 draws and
// dispatches bind (translate/dxbc/binding.h, kBufferViewShiftsBinding): a
// buffer view starting where Vulkan cannot start a descriptor is bound from
// the aligned byte below (driver_buffer_view.cpp) and its shader adds the
// view's shift to every index. A stage whose bound buffer views all start
// aligned reads the zero buffer (no table, no upload); otherwise its set
// points at a small read-only table of the shifts, one per distinct content,
// shared by every set binding the same shifts while any holds it, so a stage
// whose views did not change keeps its descriptor (and its set). A table's
// memory is reused once its last holder let go and the last batch reading it
// (`lastUse`, stamped by each draw, StageDescriptors::lastUses) completed.
// Callers hold the device's queue mutex.
#pragma once

#include "dxbc/binding.h"
#include "vk_resources.h"

#include <array>
#include <cstdint>
#include <memory>

namespace d3dvk::umd {

class BufferViewShiftTables {
 public:
  // Word kBufferViewShiftSrvBase + slot: t#'s shift, kBufferViewShiftUavBase + slot: u#'s.
  using Words = std::array<uint32_t, dxbc::kBufferViewShiftWords>;
  // 768 bytes: a multiple of every minStorageBufferOffsetAlignment (at most 256).
  static constexpr VkDeviceSize kTableBytes = sizeof(Words);
  struct Table {
    VkDescriptorBufferInfo info{};  // the table's bytes
    uint64_t lastUse = 0;           // the last batch that reads it
  };

  BufferViewShiftTables();
  // A table holding `words`: the live one with these words, else a fresh one
  // written now. Null with *result when no memory can be had.
  std::shared_ptr<Table> get(vk::Device& device, const Words& words, uint64_t completedSerial, VkResult* result);

 private:
  struct State;
  std::shared_ptr<State> state_;  // shared with the tables: they may outlive this object
};

}  // namespace d3dvk::umd
