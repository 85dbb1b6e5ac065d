// ddi/umd/draw_arguments.cpp — see draw_arguments.h.
#include "draw_arguments.h"

#include "device.h"
#include "driver_resource.h"

#include <cstring>
#include <memory>
#include <mutex>

namespace d3dvk::umd {
namespace {

// `words` 32-bit words of `buffer` at `offset`, read back to the CPU (the
// open batch is submitted and waited for; `used` is the resource they belong
// to). False after reporting.
bool readBackWords(Device& device, VkBuffer buffer, VkDeviceSize offset, uint32_t words, Resource& used, uint32_t* out) {
  const VkDeviceSize bytes = VkDeviceSize(words) * 4;
  std::lock_guard<std::mutex> lock(device.queueMutex());
  VkResult result = VK_SUCCESS;
  std::shared_ptr<vk::Buffer> readback =
      vk::Buffer::create(device.vk(), bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true, &result);
  if (!readback) {
    device.setVkError(result);
    return false;
  }
  VkCommandBuffer cmd = device.record();
  if (!cmd) return false;
  const VkBufferCopy region{offset, 0, bytes};
  vkCmdCopyBuffer(cmd, buffer, readback->handle(), 1, &region);
  markUsed(device, used);
  device.queue().releaseAfter(device.queue().openSerial(), readback);
  result = device.queue().wait(device.queue().openSerial());
  if (result != VK_SUCCESS) {
    device.setVkError(result);
    return false;
  }
  std::memcpy(out, readback->mapped(), size_t(bytes));
  return true;
}

}  // namespace

bool resolveIndirectArguments(Device& device, DrawCall* call) {
  uint32_t words[5] = {};
  const uint32_t count = call->indexed ? 5 : 4;
  if (!readBackWords(device, call->indirectBuffer->buffer->handle(),
                     call->indirectBuffer->bufferOffset + call->indirectOffset, count, *call->indirectBuffer, words))
    return false;
  call->count = words[0];
  call->instances = words[1];
  call->first = words[2];
  if (call->indexed) {
    call->baseVertex = int32_t(words[3]);
    call->firstInstance = words[4];
  } else {
    call->firstInstance = words[3];
  }
  call->indirectBuffer = nullptr;
  return true;
}

bool resolveAutoArguments(Device& device, DrawCall* call) {
  uint32_t written = 0;
  if (!readBackWords(device, call->autoBuffer->streamOutputCounter->handle(), 0, 1, *call->autoBuffer, &written))
    return false;
  call->count = written > call->autoOffset ? (written - call->autoOffset) / call->autoStride : 0;
  call->instances = 1;
  call->first = 0;
  call->firstInstance = 0;
  call->autoBuffer = nullptr;
  return true;
}

}  // namespace d3dvk::umd
