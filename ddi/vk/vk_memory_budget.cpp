// ddi/vk/vk_memory_budget.cpp — see vk_memory_budget.h.
#include "vk_memory_budget.h"

#include "d3dvk_checked_math.h"

#include <unistd.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>

namespace d3dvk::vk {

namespace {

std::mutex& registryMutex() {
  static std::mutex m;
  return m;
}

// D3DVK_MEMORY_BUDGET_MB as bytes; 0 when unset or not a positive number.
VkDeviceSize budgetOverride() {
  const char* value = std::getenv("D3DVK_MEMORY_BUDGET_MB");
  if (!value || !*value) return 0;
  char* end = nullptr;
  const unsigned long long mb = std::strtoull(value, &end, 10);
  if (*end || mb == 0) return 0;
  return mulOr<uint64_t>(mb, 1024 * 1024, UINT64_MAX);
}

VkDeviceSize physicalMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0) return 0;
  return mulOr<uint64_t>(uint64_t(pages), uint64_t(pageSize), UINT64_MAX);
}

}  // namespace

VkDeviceSize MemoryBudget::staticBudget(VkDeviceSize heapSize, bool cpuDevice) {
  if (VkDeviceSize forced = budgetOverride()) return forced;
  VkDeviceSize budget = heapSize;
  if (cpuDevice) {
    const VkDeviceSize ram = physicalMemory();
    if (ram && ram / 4 * 3 < budget) budget = ram / 4 * 3;
  }
  return budget;
}

MemoryBudget& MemoryBudget::of(VkPhysicalDevice physicalDevice, bool budgetExtension) {
  std::lock_guard lock(registryMutex());
  static std::map<VkPhysicalDevice, std::unique_ptr<MemoryBudget>> budgets;  // live for the process
  std::unique_ptr<MemoryBudget>& b = budgets[physicalDevice];
  if (!b) b.reset(new MemoryBudget(physicalDevice, budgetExtension));
  return *b;
}

MemoryBudget::MemoryBudget(VkPhysicalDevice physicalDevice, bool budgetExtension)
    : physicalDevice_(physicalDevice), budgetExtension_(budgetExtension) {
  VkPhysicalDeviceProperties props{};
  vkGetPhysicalDeviceProperties(physicalDevice, &props);
  cpuDevice_ = props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  forced_ = budgetOverride();
  overridden_ = forced_ != 0;
  VkPhysicalDeviceMemoryProperties memory{};
  vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memory);
  heaps_.resize(memory.memoryHeapCount);
  for (uint32_t i = 0; i < memory.memoryHeapCount; ++i) {
    heaps_[i].size = memory.memoryHeaps[i].size;
    heaps_[i].budget = staticBudget(heaps_[i].size, cpuDevice_);
  }
  refresh();
}

void MemoryBudget::refresh() {
  if (!budgetExtension_ || overridden_) return;
  VkPhysicalDeviceMemoryBudgetPropertiesEXT budget{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT};
  VkPhysicalDeviceMemoryProperties2 memory{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2};
  memory.pNext = &budget;
  vkGetPhysicalDeviceMemoryProperties2(physicalDevice_, &memory);
  for (uint32_t i = 0; i < heaps_.size() && i < VK_MAX_MEMORY_HEAPS; ++i) {
    // heapBudget counts what this process already uses; a driver answering 0 keeps the static budget.
    if (!budget.heapBudget[i]) continue;
    heaps_[i].budget = std::min(budget.heapBudget[i], staticBudget(heaps_[i].size, cpuDevice_));
  }
}

bool MemoryBudget::reserve(uint32_t heap, VkDeviceSize bytes) {
  std::lock_guard lock(mutex_);
  if (heap >= heaps_.size()) return false;
  if (const VkDeviceSize forced = budgetOverride(); forced != forced_) {  // the test environment changed
    forced_ = forced;
    overridden_ = forced != 0;
    for (Heap& h : heaps_) h.budget = staticBudget(h.size, cpuDevice_);
    refresh();
  }
  Heap& h = heaps_[heap];
  if (!fitsWithin(h.usage, bytes, h.budget)) {
    refresh();
    if (!fitsWithin(h.usage, bytes, h.budget)) return false;
  }
  h.usage += bytes;
  return true;
}

void MemoryBudget::release(uint32_t heap, VkDeviceSize bytes) {
  std::lock_guard lock(mutex_);
  if (heap >= heaps_.size()) return;
  heaps_[heap].usage -= std::min(bytes, heaps_[heap].usage);
}

MemoryBudget::HeapState MemoryBudget::heap(uint32_t heap) {
  std::lock_guard lock(mutex_);
  if (heap >= heaps_.size()) return {};
  return {heaps_[heap].budget, heaps_[heap].usage};
}

}  // namespace d3dvk::vk
