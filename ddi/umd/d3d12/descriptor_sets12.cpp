// ddi/umd/d3d12/descriptor_sets12.cpp — CommandRecorder12's descriptor sets
// of a draw or dispatch: one set per shader stage (and one of its root CBVs
// where Shader12 moved them out of it) written from the root arguments (root
// constants uploaded, root CBV/SRV/UAV at their GPU virtual addresses,
// descriptor tables read from the heap while recording or, where the device
// updates bound sets, when the list executes). What D3D12 leaves
// undefined — an unset table, an entry without a view of the declared kind —
// reads null descriptors (zeros) with a message; it never fails the list.
// A stage with buffer views also gets their shifts (binding.h), uploaded per
// draw: the table entries' (ViewDescriptor12::shift, written with the tables)
// and the root SRVs'/UAVs' (their address's distance past the aligned byte
// below, where the descriptor starts).
#include "command_recorder12.h"
#include "device12.h"
#include "draw12.h"
#include "pipeline_state12.h"
#include "resource12.h"
#include "root_signature12.h"
#include "sampler12.h"
#include "shader12.h"

#include <algorithm>
#include <cstddef>
#include <deque>
#include <string>

namespace d3dvk::umd12 {

static_assert(std::size(BoundDrawState12{}.setOffsets[0]) >= Shader12::kMaxDynamicRootCbvs);

// Binds one descriptor set per stage of `pso` for `args` (and a stage's
// root-CBV set where it has one). False after fail().
bool CommandRecorder12::bindRootArguments(VkCommandBuffer cmd, const PipelineState12& pso, const RootArguments12& args) {
  const bool graphics = pso.bindPoint() == VK_PIPELINE_BIND_POINT_GRAPHICS;
  BoundDrawState12& b = bound_;
  const VkPipelineLayout layout = pso.layout->handle();
  if (graphics && b.setsLayout != layout) {
    b.setsLayout = layout;
    for (VkDescriptorSet& s : b.sets) s = VK_NULL_HANDLE;
  }
  // Binds `set` at `index` unless the command buffer holds it there with the same offsets.
  auto bind = [&](uint32_t index, VkDescriptorSet set, uint32_t offsetCount, const uint32_t* offsets) {
    if (graphics && index < std::size(b.sets)) {
      uint32_t* bound = b.setOffsets[index];
      if (b.sets[index] == set && std::equal(offsets, offsets + offsetCount, bound)) return;
      b.sets[index] = set;
      std::copy(offsets, offsets + offsetCount, bound);
    }
    vkCmdBindDescriptorSets(cmd, pso.bindPoint(), layout, index, 1, &set, offsetCount, offsets);
  };
  for (const Shader12* shader : pso.stages) {
    if (shader->bindings.bindings.empty()) continue;
    uint32_t offsets[Shader12::kMaxDynamicRootCbvs];
    const uint32_t offsetCount = uint32_t(shader->dynamicRootCbvs.size());
    const bool split = shader->splitsRootCbvs();
    const VkDescriptorSet set = stageSet(*shader, args, offsets, StageSetPart::Stage);
    if (!set) return false;
    bind(shader->set, set, split ? 0 : offsetCount, offsets);
    if (!split) continue;
    const VkDescriptorSet rootCbvs = stageSet(*shader, args, offsets, StageSetPart::RootCbvs);
    if (!rootCbvs) return false;
    bind(shader->rootCbvSet, rootCbvs, offsetCount, offsets);
  }
  return true;
}

// A dynamic root CBV's descriptor (Shader12::dynamicRootCbvs) for the
// address `va` of binding `b`: the buffer from `base` (its start, or the
// 2 GiB step below the address, dynamic offsets being 32-bit), the range the
// shader reads from the address (its declared size, to at most the buffer's
// end), and the dynamic offset from `base`. The set is keyed by the address
// of `base` and the range, so that the addresses in one buffer share it. An
// address naming no live buffer, or one not aligned as the device needs, has
// no buffer (writeStageSet reads zeros or fails the list, as for a
// non-dynamic one).
struct CommandRecorder12::DynamicRootCbv {
  Resource12* resource = nullptr;
  bool misaligned = false;  // (then no resource) the address is in a live buffer
  VkDeviceSize base = 0, range = 0;
  uint32_t offset = 0;
  DynamicRootCbv(Device12& device, const rootsig::ShaderBinding& b, UINT64 va) {
    UINT64 at = 0;
    Resource12* r = va ? device.bufferAt(va, &at) : nullptr;
    const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
    if (!r) return;
    misaligned = at % std::max<VkDeviceSize>(limits.minUniformBufferOffsetAlignment, 1) != 0;
    if (misaligned) return;
    resource = r;
    base = at >> 31 << 31;
    offset = uint32_t(at - base);
    const VkDeviceSize declared = b.constantBufferBytes ? b.constantBufferBytes : 65536;
    range = std::min<VkDeviceSize>({r->desc.Width - at, declared, limits.maxUniformBufferRange});
  }
  UINT64 key(UINT64 va) const { return resource ? va - offset : va; }  // no buffer: the address, reported again
};

VkDescriptorSet CommandRecorder12::stageSet(const Shader12& shader, const RootArguments12& args, uint32_t* dynamicOffsets,
                                            StageSetPart part) {
  // What the set is written from, besides the shader: per binding, the root
  // argument it reads (a table's start and extent, a root descriptor's
  // address, a root-constants binding's words; a dynamic root CBV's buffer and
  // range, its offset going into `dynamicOffsets`).
  std::vector<uint64_t>& key = stageKey_;
  key.clear();
  const bool rootCbvsOnly = part == StageSetPart::RootCbvs;
  if (rootCbvsOnly || !shader.splitsRootCbvs())
    for (size_t d = 0; d < shader.dynamicRootCbvs.size(); ++d) {
      const rootsig::ShaderBinding& b = shader.bindings.bindings[shader.dynamicRootCbvs[d]];
      const UINT64 va = args.parameters[b.index].va;
      const DynamicRootCbv cbv(*device_, b, va);
      dynamicOffsets[d] = cbv.offset;
      key.push_back(cbv.key(va));
      key.push_back(cbv.range);
    }
  for (size_t i = 0; i < shader.bindings.bindings.size() && !rootCbvsOnly; ++i) {
    const rootsig::ShaderBinding& b = shader.bindings.bindings[i];
    if (!shader.dynamicRootCbvs.empty() && Shader12::isRootCbv(b)) continue;  // (above, or in the root-CBV set)
    switch (b.source) {
      case rootsig::BindingSource::StaticSampler:
      case rootsig::BindingSource::BufferViewShifts:  // (from the tables and root descriptors)
        break;
      case rootsig::BindingSource::RootConstants: {
        const auto [first, count] = shader.constantWords[i];
        for (uint32_t w = 0; w < count; ++w) key.push_back(first + w < args.constants.size() ? args.constants[first + w] : 0);
        break;
      }
      case rootsig::BindingSource::Table:
      case rootsig::BindingSource::UavWindow:
      case rootsig::BindingSource::UavCounter:
        key.push_back(reinterpret_cast<uintptr_t>(args.parameters[b.index].table));
        key.push_back(args.parameters[b.index].tableEntries);
        break;
      default:  // a root CBV, SRV or UAV
        key.push_back(args.parameters[b.index].va);
        break;
    }
  }
  // (Shader ids stay far below 2^63: the top bit names the root-CBV sets.)
  const uint64_t id = rootCbvsOnly ? shader.id | 1ull << 63 : shader.id;
  uint64_t hash = id * 0x9E3779B97F4A7C15ull;
  for (uint64_t word : key) hash = (hash ^ word) * 0x100000001B3ull;
  ++stageSetUses_;
  CachedStageSet* victim = &stageSets_[0];
  for (CachedStageSet& c : stageSets_) {
    if (c.shaderId == id && c.hash == hash && c.key == key) {
      c.lastUse = stageSetUses_;
      return c.set;
    }
    if (c.lastUse < victim->lastUse) victim = &c;
  }
  const VkDescriptorSet set =
      writeStageSet(shader, args, rootCbvsOnly ? shader.rootCbvSetLayout->handle() : shader.nativeSetLayout());
  if (!set) return VK_NULL_HANDLE;
  victim->shaderId = id;
  victim->hash = hash;
  victim->key = key;  // (assignment keeps the entry's capacity)
  victim->set = set;
  victim->lastUse = stageSetUses_;
  return set;
}

namespace {

// Entry `index` of the table starting at `table` (heap slots are
// kDescriptorSize bytes apart, not sizeof(ViewDescriptor12)).
const ViewDescriptor12& tableEntry(const ViewDescriptor12* table, uint32_t index) {
  return *reinterpret_cast<const ViewDescriptor12*>(reinterpret_cast<const std::byte*>(table) + size_t(index) * kDescriptorSize);
}

// Whether two descriptors are the same view (field by field: their padding
// bytes are not part of the value).
bool sameView(const ViewDescriptor12& a, const ViewDescriptor12& b) {
  return a.kind == b.kind && a.resource == b.resource && a.format == b.format && a.mip == b.mip &&
         a.firstSlice == b.firstSlice && a.sliceCount == b.sliceCount && a.dsvFlags == b.dsvFlags &&
         a.viewDimension == b.viewDimension && a.structureStride == b.structureStride && a.offset == b.offset &&
         a.range == b.range && a.counter == b.counter &&
         a.counterOffset == b.counterOffset && a.shift == b.shift;
}

// The buffer view shifts of table binding `i` of `shader` (its count words),
// read from the heap at `table`: each entry's shift, in the declaration's
// units (dwords for raw and structured declarations, which may read a typed
// view's bytes; texels for typed ones), where it holds a buffer view of the
// declared kind, else 0.
void writeTableShifts(const Shader12& shader, size_t i, const ViewDescriptor12* table, uint32_t available, uint32_t* words) {
  const rootsig::ShaderBinding& b = shader.bindings.bindings[i];
  const bool uav = b.descriptorClass == rootsig::DescriptorClass::StorageTexelBuffer ||
                   (b.descriptorClass == rootsig::DescriptorClass::StorageBuffer &&
                    shader.bindings.ranges[i].kind == dxbc::ResourceKind::UnorderedAccess);
  const auto kind = uav ? ViewDescriptor12::UnorderedAccess : ViewDescriptor12::ShaderResource;
  for (uint32_t e = 0; e < b.count; ++e) {
    const bool inHeap = table && uint64_t(b.tableOffset) + e < available;
    const ViewDescriptor12* d = inHeap ? &tableEntry(table, b.tableOffset + e) : nullptr;
    const bool typedDeclaration = b.descriptorClass != rootsig::DescriptorClass::StorageBuffer;
    words[e] = !d || d->kind != kind || !d->resource || !d->isBufferView() ? 0
               : typedDeclaration                                        ? (d->texelView ? d->shift : 0)
                                                                         : UINT(d->shiftBytes() / 4);
  }
}

// D3D12's default sampler desc (the D3D12_SAMPLER_DESC of CD3DX12_SAMPLER_DESC's
// defaults: trilinear, clamp, LOD 0 to FLT_MAX).
const D3D12DDI_SAMPLER_DESC& defaultSamplerDesc() {
  static const D3D12DDI_SAMPLER_DESC desc{D3D12DDI_FILTER(0x15),  // MIN_MAG_MIP_LINEAR
                                          D3D12DDI_TEXTURE_ADDRESS_MODE(3), D3D12DDI_TEXTURE_ADDRESS_MODE(3),
                                          D3D12DDI_TEXTURE_ADDRESS_MODE(3),  // CLAMP
                                          0.0f, 1, D3D12DDI_COMPARISON_FUNC(1),  // NEVER
                                          {0.0f, 0.0f, 0.0f, 0.0f}, 0.0f, 3.402823466e+38f};
  return desc;
}

// The descriptors of one set's writes, each write's array its own vector
// (command_recorder12.h: the recording's scratch, reused set after set).
using SetWrites = SetWrites12;

// Appends the write of table binding `i` of `shader` into `set`, read from the
// heap at `table`. An entry that holds no view of the kind the shader
// declares: with `nullOnError` a null descriptor where the device has them
// (else the write is left out), and the reason is returned either way.
std::string writeTable(Device12& device, const Shader12& shader, size_t i, const ViewDescriptor12* table,
                       uint32_t available, VkDescriptorSet set, bool nullOnError, SetWrites& out) {
  const rootsig::ShaderBinding& b = shader.bindings.bindings[i];
  VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  w.dstSet = set;
  w.dstBinding = b.binding;
  w.descriptorCount = b.count;
  w.descriptorType = descriptorTypeOf(b.descriptorClass);
  std::vector<VkDescriptorBufferInfo>& buffers = out.buffers.next();
  std::vector<VkDescriptorImageInfo>& images = out.images.next();
  std::vector<VkBufferView>& texels = out.texels.next();
  const bool nullOk = device.vk().samplerFeatures().nullDescriptor;
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  std::string error;
  const ViewDescriptor12 pastTheHeap;  // an entry past the heap's end reads as empty, never from past its storage
  for (uint32_t e = 0; e < b.count; ++e) {
    const bool inHeap = table && uint64_t(b.tableOffset) + e < available;
    const ViewDescriptor12& d = inHeap ? tableEntry(table, b.tableOffset + e) : pastTheHeap;
    const char* wrong = inHeap   ? nullptr
                        : !table ? "a draw or dispatch reads a descriptor table that was not set"
                                 : "a descriptor table a shader reads runs past the end of its heap";
    switch (b.descriptorClass) {
      case rootsig::DescriptorClass::UniformBuffer:
      case rootsig::DescriptorClass::StorageBuffer: {
        const auto kind = b.descriptorClass == rootsig::DescriptorClass::UniformBuffer ? ViewDescriptor12::ConstantBuffer
                          : shader.bindings.ranges[i].kind == dxbc::ResourceKind::UnorderedAccess
                              ? ViewDescriptor12::UnorderedAccess
                              : ViewDescriptor12::ShaderResource;
        // Any buffer view (CBV, raw, structured or typed) is a window of its
        // buffer's bytes; a raw or structured declaration reads a typed view's
        // window too, where it starts as the device's storage buffers must.
        const bool uniform = kind == ViewDescriptor12::ConstantBuffer;
        const VkDeviceSize align = uniform ? limits.minUniformBufferOffsetAlignment : limits.minStorageBufferOffsetAlignment;
        const bool view = d.kind == kind && (uniform || d.isBufferView());
        const bool ok = view && (d.resource || nullOk) && (!d.resource || d.offset % align == 0);
        if (!ok && !wrong)
          wrong = !view ? "a descriptor table entry a shader reads holds no view of the kind it declares (a buffer)"
                        : !d.resource ? "a descriptor table entry a shader reads holds no view of the kind it declares"
                                      : "a typed buffer view read through a raw or structured declaration starts at a byte "
                                        "offset this Vulkan device cannot bind as a storage buffer";
        buffers.push_back(ok && d.resource ? VkDescriptorBufferInfo{d.resource->buffer->handle(), d.offset, d.range}
                                           : VkDescriptorBufferInfo{VK_NULL_HANDLE, 0, VK_WHOLE_SIZE});
        break;
      }
      case rootsig::DescriptorClass::UniformTexelBuffer:
      case rootsig::DescriptorClass::StorageTexelBuffer: {
        const auto kind = b.descriptorClass == rootsig::DescriptorClass::UniformTexelBuffer ? ViewDescriptor12::ShaderResource
                                                                                           : ViewDescriptor12::UnorderedAccess;
        // Only a typed buffer view has a texel view (a raw or structured one reads zeros).
        const bool view = d.kind == kind && d.isBufferView() && (d.texelView || !d.resource);
        const bool ok = view && (d.texelView || nullOk);
        if (!ok && !wrong) wrong = "a descriptor table entry a shader reads holds no typed buffer view";
        texels.push_back(ok ? d.texelView : VK_NULL_HANDLE);
        break;
      }
      case rootsig::DescriptorClass::SampledImage:
      case rootsig::DescriptorClass::StorageImage: {
        const auto kind = b.descriptorClass == rootsig::DescriptorClass::SampledImage ? ViewDescriptor12::ShaderResource
                                                                                     : ViewDescriptor12::UnorderedAccess;
        const bool view = d.kind == kind && !d.isBufferView();
        const bool ok = view && (d.imageView || nullOk);
        if (!ok && !wrong) wrong = "a descriptor table entry a shader reads holds no texture view";
        images.push_back({VK_NULL_HANDLE, ok ? d.imageView : VK_NULL_HANDLE, VK_IMAGE_LAYOUT_GENERAL});
        break;
      }
      case rootsig::DescriptorClass::Sampler: {
        // No null samplers: a wrong entry samples with the default sampler
        // (D3D12's default desc: linear, clamp), or leaves the write out.
        VkSampler sampler = d.kind == ViewDescriptor12::Sampler ? d.sampler : VK_NULL_HANDLE;
        if (!sampler) {
          if (!wrong) wrong = "a descriptor table entry a shader samples with holds no sampler";
          if (!nullOnError || FAILED(device.samplers().get(defaultSamplerDesc(), &sampler))) nullOnError = false;
        }
        images.push_back({sampler, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED});
        break;
      }
    }
    if (wrong) {
      error = wrong;
      if (!nullOnError || !nullOk) return error;
    }
  }
  if (!buffers.empty()) w.pBufferInfo = buffers.data();
  if (!images.empty()) w.pImageInfo = images.data();
  if (!texels.empty()) w.pTexelBufferView = texels.data();
  out.writes.push_back(w);
  return error;
}

}  // namespace

VkDescriptorSet CommandRecorder12::writeStageSet(const Shader12& shader, const RootArguments12& args,
                                                 VkDescriptorSetLayout layout, const VkWriteDescriptorSet* extra) {
  Device12& device = *device_;
  const VkPhysicalDeviceLimits& limits = device.vk().info().properties.limits;
  // Descriptor tables are read when the list executes where the device can
  // update a bound set (volatile descriptors may change until then), else now.
  const bool deferTables = device.vk().descriptorIndexing().updateAfterBind;
  VkResult result = VK_SUCCESS;
  // The native layouts with dynamic root CBVs (stageSet): the stage set's
  // with them, a root-CBV set's (only them), or a stage set's without them;
  // else the fallback's (every binding, root CBVs not dynamic).
  const bool rootCbvsOnly = shader.rootCbvSetLayout && layout == shader.rootCbvSetLayout->handle();
  const bool withoutRootCbvs = shader.tableSetLayout && layout == shader.tableSetLayout->handle();
  const bool dynamic = rootCbvsOnly || (shader.dynamicSetLayout && layout == shader.dynamicSetLayout->handle());
  VkDescriptorSet set = transient_->allocate(layout, &result);
  if (!set) return fail(Device12::hresultFor(result), "cannot allocate a descriptor set for a draw"), VK_NULL_HANDLE;
  SetWrites& out = setWrites_;
  out.clear();
  // The buffer view shifts (binding.h): uploaded below, the deferred tables' filled in when the list executes.
  std::vector<uint32_t> shifts(rootCbvsOnly ? 0 : shader.bindings.shiftWords);
  std::vector<size_t> deferredShifts;  // pendingTables_ entries whose shifts go into the upload
  for (size_t i = 0; i < shader.bindings.bindings.size(); ++i) {
    const rootsig::ShaderBinding& b = shader.bindings.bindings[i];
    if (Shader12::isRootCbv(b) ? withoutRootCbvs : rootCbvsOnly) continue;  // (in the other set)
    if (b.source == rootsig::BindingSource::StaticSampler) continue;  // immutable
    if (b.source == rootsig::BindingSource::BufferViewShifts) continue;  // after the others
    if (b.source == rootsig::BindingSource::Table) {
      const ViewDescriptor12* table = args.parameters[b.index].table;
      const uint32_t available = table ? args.parameters[b.index].tableEntries : 0;
      // An unset table, or entries without a view of the declared kind, read
      // null descriptors (zeros): undefined in D3D12, never a list error.
      if (!deferTables || !table) {
        if (b.shiftIndex != dxbc::kNoViewShift) writeTableShifts(shader, i, table, available, shifts.data() + b.shiftIndex);
        const std::string error = writeTable(device, shader, i, table, available, set, true, out);
        if (!error.empty()) {
          if (!device.vk().samplerFeatures().nullDescriptor || out.writes.empty() || out.writes.back().dstSet != set ||
              out.writes.back().dstBinding != b.binding)
            return fail(E_INVALIDARG, (error + " (this Vulkan device has no null descriptors to read instead)").c_str()),
                   VK_NULL_HANDLE;
          warnOnce(error + "; it reads zeros");
        }
        if (!table) continue;
      }
      PendingTable pending{set, &shader, uint32_t(i), table, available, {}};
      if (!deferTables)  // what was read, so ExecuteCommandLists can tell when the heap changed since
        for (uint32_t e = 0; e < b.count; ++e)
          pending.readWhileRecording.push_back(uint64_t(b.tableOffset) + e < available ? tableEntry(table, b.tableOffset + e)
                                                                                       : ViewDescriptor12{});
      if (deferTables && b.shiftIndex != dxbc::kNoViewShift) deferredShifts.push_back(pendingTables_.size());
      pendingTables_.push_back(std::move(pending));
      continue;
    }
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = set;
    w.dstBinding = b.binding;
    w.descriptorCount = 1;
    w.descriptorType = descriptorTypeOf(b.descriptorClass);
    std::vector<VkDescriptorBufferInfo>& buffers = out.buffers.next();
    if (b.source == rootsig::BindingSource::RootConstants) {
      const auto [first, count] = shader.constantWords[i];
      VkBuffer buffer = VK_NULL_HANDLE;
      VkDeviceSize offset = 0;
      if (!transient_->upload(args.constants.data() + first, VkDeviceSize(count) * 4, &buffer, &offset, &result))
        return fail(Device12::hresultFor(result), "cannot upload root constants"), VK_NULL_HANDLE;
      buffers.push_back({buffer, offset, std::max<VkDeviceSize>((VkDeviceSize(count) * 4 + 15) / 16 * 16, 16)});
    } else if (b.source == rootsig::BindingSource::UavWindow || b.source == rootsig::BindingSource::UavCounter) {
      // A RWTexture3D's W window or a structured UAV's counter, from the UAV's
      // table descriptor (read while recording: these are not table bindings).
      const ViewDescriptor12* table = args.parameters[b.index].table;
      const ViewDescriptor12 none;
      const ViewDescriptor12& d =
          table && b.tableOffset < args.parameters[b.index].tableEntries ? tableEntry(table, b.tableOffset) : none;
      const bool nullOk = device.vk().samplerFeatures().nullDescriptor;
      if (d.kind != ViewDescriptor12::UnorderedAccess || (b.source == rootsig::BindingSource::UavCounter && !d.counter)) {
        // Undefined in D3D12: the view's window is empty (its writes are
        // dropped), its counter a null buffer (reads zeros).
        const char* why = !table ? "a draw or dispatch reads a descriptor table that was not set"
                          : d.kind != ViewDescriptor12::UnorderedAccess
                              ? "a descriptor table entry a shader reads holds no unordered-access view"
                              : "a shader uses a structured UAV's counter (IncrementCounter, Append, ...) but its view "
                                "has no counter resource";
        if (b.source == rootsig::BindingSource::UavCounter && !nullOk)
          return fail(E_INVALIDARG, why), VK_NULL_HANDLE;
        warnOnce(std::string(why) + "; it reads zeros and its writes are dropped");
      }
      if (b.source == rootsig::BindingSource::UavCounter) {
        if (!d.counter || d.kind != ViewDescriptor12::UnorderedAccess) {
          buffers.push_back({VK_NULL_HANDLE, 0, VK_WHOLE_SIZE});
          w.pBufferInfo = buffers.data();
          out.writes.push_back(w);
          continue;
        }
        if (d.counterOffset % limits.minStorageBufferOffsetAlignment)
          return fail(E_NOTIMPL, "a UAV counter's offset is not aligned as the Vulkan device needs"), VK_NULL_HANDLE;
        buffers.push_back({d.counter->buffer->handle(), d.counterOffset, 4});
      } else {
        const uint32_t window[2] = {d.firstSlice, d.kind == ViewDescriptor12::UnorderedAccess ? d.sliceCount : 0u};
        VkBuffer buffer = VK_NULL_HANDLE;
        VkDeviceSize offset = 0;
        if (!transient_->upload(window, sizeof window, &buffer, &offset, &result))
          return fail(Device12::hresultFor(result), "cannot upload a RWTexture3D view's W window"), VK_NULL_HANDLE;
        buffers.push_back({buffer, offset, sizeof window});
      }
    } else if (dynamic && b.descriptorClass == rootsig::DescriptorClass::UniformBuffer) {
      // A dynamic root CBV (stageSet): the buffer from its start; the address is the bind's dynamic offset.
      const UINT64 va = args.parameters[b.index].va;
      const DynamicRootCbv cbv(device, b, va);
      w.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
      if (cbv.resource) {
        buffers.push_back({cbv.resource->buffer->handle(), cbv.base, cbv.range});
      } else {
        if (cbv.misaligned)
          return fail(E_INVALIDARG, "a root CBV's GPU virtual address is not aligned as the Vulkan device needs"),
                 VK_NULL_HANDLE;
        warnOnce(va ? "a draw or dispatch reads a root CBV/SRV/UAV whose GPU virtual address names no live buffer; it reads zeros"
                    : "a draw or dispatch reads a root CBV/SRV/UAV that was not set; it reads zeros");
        // Undefined in D3D12: zeros, from 64 KiB of them (a null descriptor takes no dynamic offset).
        static const std::vector<unsigned char> zeros(65536);
        const VkDeviceSize range = std::min<VkDeviceSize>(zeros.size(), limits.maxUniformBufferRange);
        VkBuffer buffer = VK_NULL_HANDLE;
        VkDeviceSize offset = 0;
        if (!transient_->upload(zeros.data(), range, &buffer, &offset, &result))
          return fail(Device12::hresultFor(result), "cannot upload a root CBV's zeros"), VK_NULL_HANDLE;
        buffers.push_back({buffer, offset, range});
      }
    } else {  // root descriptor
      const UINT64 va = args.parameters[b.index].va;
      UINT64 offset = 0;
      Resource12* r = va ? device.bufferAt(va, &offset) : nullptr;
      if (!r) {
        const char* why = va ? "a draw or dispatch reads a root CBV/SRV/UAV whose GPU virtual address names no live buffer"
                             : "a draw or dispatch reads a root CBV/SRV/UAV that was not set";
        if (!device.vk().samplerFeatures().nullDescriptor) return fail(E_INVALIDARG, why), VK_NULL_HANDLE;
        warnOnce(std::string(why) + "; it reads zeros");  // undefined in D3D12: a null buffer
        buffers.push_back({VK_NULL_HANDLE, 0, VK_WHOLE_SIZE});
        w.pBufferInfo = buffers.data();
        out.writes.push_back(w);
        continue;
      }
      const bool uniform = w.descriptorType == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      // A root SRV/UAV binds from the aligned byte below its address, its shift the dwords between (binding.h).
      const VkDeviceSize align = uniform ? limits.minUniformBufferOffsetAlignment : 4;
      if (offset % align)
        return fail(E_INVALIDARG, uniform ? "a root CBV's GPU virtual address is not aligned as the Vulkan device needs"
                                          : "a root SRV's or UAV's GPU virtual address is not a multiple of 4"),
               VK_NULL_HANDLE;
      const VkDeviceSize shiftBytes = uniform ? 0 : offset % std::max<VkDeviceSize>(limits.minStorageBufferOffsetAlignment, 1);
      if (b.shiftIndex != dxbc::kNoViewShift) shifts[b.shiftIndex] = uint32_t(shiftBytes / 4);
      offset -= shiftBytes;
      VkDeviceSize range = r->desc.Width - offset;
      if (uniform) range = std::min<VkDeviceSize>({range, 65536, limits.maxUniformBufferRange});
      buffers.push_back({r->buffer->handle(), offset, range});
    }
    w.pBufferInfo = buffers.data();
    out.writes.push_back(w);
  }
  if (!shifts.empty()) {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0;
    void* mapped = nullptr;
    if (!transient_->upload(shifts.data(), shifts.size() * 4, &buffer, &offset, &result, &mapped))
      return fail(Device12::hresultFor(result), "cannot upload a draw's buffer view shifts"), VK_NULL_HANDLE;
    for (size_t p : deferredShifts) {
      PendingTable& pending = pendingTables_[p];
      pending.shifts = static_cast<uint32_t*>(mapped) + shader.bindings.bindings[pending.binding].shiftIndex;
    }
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = set;
    w.dstBinding = dxbc::kBufferViewShiftsBinding;
    w.descriptorCount = 1;
    w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    std::vector<VkDescriptorBufferInfo>& buffers = out.buffers.next();
    buffers.push_back({buffer, offset, VkDeviceSize(shifts.size()) * 4});
    w.pBufferInfo = buffers.data();
    out.writes.push_back(w);
  }
  if (extra) {
    out.writes.push_back(*extra);
    out.writes.back().dstSet = set;
  }
  vkUpdateDescriptorSets(device.handle(), uint32_t(out.writes.size()), out.writes.data(), 0, nullptr);
  return set;
}

void CommandRecorder12::writeTables() {
  if (pendingTables_.empty()) return;
  if (!device_->vk().descriptorIndexing().updateAfterBind) {
    // Read while recording: say so when an entry has changed since (the list uses the old one).
    for (const PendingTable& p : pendingTables_) {
      const rootsig::ShaderBinding& b = p.shader->bindings.bindings[p.binding];
      bool changed = false;
      for (uint32_t e = 0; e < b.count && !changed; ++e)
        changed = uint64_t(b.tableOffset) + e < p.available &&
                  !sameView(tableEntry(p.table, b.tableOffset + e), p.readWhileRecording[e]);
      if (changed) {
        umd::logError("D3D12 ExecuteCommandLists: a descriptor-table entry the list reads changed after the list was "
                      "recorded; this Vulkan device cannot update bound descriptor sets (no "
                      "descriptorBinding*UpdateAfterBind), so the list uses the descriptor it held when recorded");
        return;
      }
    }
    return;
  }
  SetWrites out;
  std::string reported;
  for (const PendingTable& p : pendingTables_) {
    if (p.shifts) writeTableShifts(*p.shader, p.binding, p.table, p.available, p.shifts);
    const std::string error = writeTable(*device_, *p.shader, p.binding, p.table, p.available, p.set, true, out);
    if (!error.empty() && reported.empty()) reported = error;
  }
  vkUpdateDescriptorSets(device_->handle(), uint32_t(out.writes.size()), out.writes.data(), 0, nullptr);
  if (!reported.empty())
    umd::logError("D3D12 ExecuteCommandLists: " + reported + " (it reads zeros, or the draw's result is undefined)");
}

}  // namespace d3dvk::umd12
