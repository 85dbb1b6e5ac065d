// ddi/umd/descriptor_binding.cpp — see descriptor_binding.h.
#include "descriptor_binding.h"

#include "adapter.h"
#include "buffer_view_shifts.h"
#include "device.h"
#include "driver_resource.h"
#include "driver_sampler.h"
#include "driver_shader.h"
#include "driver_view.h"
#include "dxbc/binding.h"
#include "pipeline_cache.h"

#include <algorithm>

#include <string>

namespace d3dvk::umd {

VkWriteDescriptorSet& DescriptorWrites::add(VkDescriptorSet set, uint32_t binding, VkDescriptorType type) {
  VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  w.dstSet = set;
  w.dstBinding = binding;
  w.descriptorCount = 1;
  w.descriptorType = type;
  writes.push_back(w);
  return writes.back();
}

void DescriptorWrites::clear() {
  writes.clear();
  dynamicOffsets.clear();
  buffers.clear();
  images.clear();
  texels.clear();
}

bool formatServesReturnType(state::FormatKind kind, dxbc::ReturnType type) {
  if (kind == state::FormatKind::Uint) return type == dxbc::ReturnType::Uint;
  if (kind == state::FormatKind::Sint) return type == dxbc::ReturnType::Sint;
  return type != dxbc::ReturnType::Uint && type != dxbc::ReturnType::Sint;
}

namespace {

bool isTexture3D(const Resource& r) { return r.dimension == D3D10DDIRESOURCE_TEXTURE3D; }

// An array declaration reads the view (when it is an array type) or its
// one-layer array twin; a non-array declaration needs a non-array view.
template <typename Mismatch>
VkImageView viewForDeclaration(const ImageViewRange& v, const vk::ImageView* arrayView, bool arrayed, Mismatch mismatch) {
  const bool arrayType = v.viewType == VK_IMAGE_VIEW_TYPE_1D_ARRAY || v.viewType == VK_IMAGE_VIEW_TYPE_2D_ARRAY ||
                         v.viewType == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
  if (arrayed) return arrayType ? v.view->handle() : arrayView ? arrayView->handle() : mismatch("has no array view");
  if (arrayType) return mismatch("is an array view but the shader declares a non-array texture");
  return v.view->handle();
}

constexpr UINT kOutputBinds = D3D10_DDI_BIND_RENDER_TARGET | D3D10_DDI_BIND_DEPTH_STENCIL | D3D11_DDI_BIND_UNORDERED_ACCESS;

// The SRV hazard rule's question: whether `r` is bound for output at this draw
// or dispatch. Only a resource created with an output bind flag can be (its
// views need the flag), so the others are not looked for.
bool boundForOutput(const Device& device, const StageBindings& stage, const Resource& r) {
  return (r.bindFlags & kOutputBinds) && stage.boundForOutput(device, &r);
}

// Whether image view `v` reads an aspect the bound depth-stencil view writes
// (a read-only view's aspects can be read in the same draw).
bool depthStencilHazard(const StageBindings& stage, const ShaderResourceView& v) {
  const DepthStencilView* dsv = stage.depthStencil;
  return dsv && dsv->resource == v.resource && (v.aspects & dsv->writableAspects());
}
// The SRV hazard rule for image view `v`: its resource bound for output (the
// depth-stencil view's, by aspect).
inline bool imageBoundForOutput(const Device& device, const StageBindings& stage, const ShaderResourceView& v) {
  const Resource& r = *v.resource;
  return (r.bindFlags & kOutputBinds) && (depthStencilHazard(stage, v) || stage.boundForOutput(device, &r));
}

// The layout a shader reads an image of `r` in: that of the bound
// depth-stencil view where it views `r` (the draw's one layout of the image).
VkImageLayout shaderReadLayout(const StageBindings& stage, const Resource* r) {
  const DepthStencilView* dsv = stage.depthStencil;
  return dsv && dsv->resource == r ? dsv->attachmentLayout() : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
}

// The image view a declared texture t# reads through: VK_NULL_HANDLE (a null
// descriptor, zeros) when nothing usable is bound (D3D leaves those reads
// undefined; the debug layer would complain).
VkImageView shaderResourceImageView(const Device& device, const StageBindings& stage, const DeclaredResource& decl,
                                    const ShaderResourceView* v) {
  if (!v || !v->resource || v->isBuffer || !v->view || !v->resource->format || !v->viewFormat) {
    if (v && v->isBuffer)
      logError(std::string(stage.command) + ": " + stage.stageName + " shader resource t" + std::to_string(decl.slot) +
               " is a buffer view but the shader declares a texture; it reads zeros");
    return VK_NULL_HANDLE;
  }
  const Resource& r = *v->resource;
  // Served for this shape before: every check below but the hazard holds still.
  const uint32_t shape = 1u << 31 | uint32_t(decl.dimension) << 8 | uint32_t(decl.returnType);
  if (v->servedShape == shape && !imageBoundForOutput(device, stage, *v)) return v->servedImage;
  auto mismatch = [&](const char* why) {
    logError(std::string(stage.command) + ": " + stage.stageName + " shader resource t" + std::to_string(decl.slot) +
             " " + why + "; it reads zeros");
    return VK_NULL_HANDLE;
  };
  if ((r.samples > 1) != decl.multisampled()) return mismatch("does not match the declared sample count");
  if (!formatServesReturnType(v->viewFormat->kind, decl.returnType))
    return mismatch("has a format whose type differs from the declared return type");
  if (imageBoundForOutput(device, stage, *v))
    return mismatch("is also bound for output (render target, writable depth-stencil or UAV)");
  if ((decl.dimension == dxbc::ResourceDimension::Texture3D) != isTexture3D(r))
    return mismatch("does not match the declared dimension (Texture3D or not)");
  VkImageView image = v->view->handle();
  if (!isTexture3D(r)) {
    if (decl.oneD() != r.isTexture1D()) return mismatch("does not match the declared dimension (Texture1D or not)");
    const bool cubeView = v->viewType == VK_IMAGE_VIEW_TYPE_CUBE || v->viewType == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
    if (decl.cube() != cubeView) return mismatch("does not match the declared dimension (TextureCube or not)");
    image = viewForDeclaration(*v, v->arrayView.get(), decl.arrayed(), mismatch);
    if (!image) return VK_NULL_HANDLE;
  }
  v->servedShape = shape;
  v->servedImage = image;
  return image;
}

// The storage image a declared typed texture u# uses (VK_NULL_HANDLE: a null descriptor).
VkImageView unorderedAccessImageView(const Device& device, const StageBindings& stage, const DeclaredUav& decl,
                                     const UnorderedAccessView* v) {
  if (!v || !v->resource || v->isBuffer || !v->view || !v->resource->format || !v->viewFormat) {
    if (v && v->isBuffer)
      logError(std::string(stage.command) + ": " + stage.stageName + " UAV u" + std::to_string(decl.slot) +
               " is a buffer view but the shader declares a texture; it is left unbound");
    return VK_NULL_HANDLE;
  }
  const Resource& r = *v->resource;
  auto mismatch = [&](const char* why) {
    logError(std::string(stage.command) + ": " + stage.stageName + " UAV u" + std::to_string(decl.slot) + " " + why +
             "; it is left unbound");
    return VK_NULL_HANDLE;
  };
  if (!formatServesReturnType(v->viewFormat->kind, decl.returnType))
    return mismatch("has a format whose type differs from the declared return type");
  if (decl.atomic && v->viewFormat->dxgi != DXGI_FORMAT_R32_UINT && v->viewFormat->dxgi != DXGI_FORMAT_R32_SINT &&
      v->viewFormat->dxgi != DXGI_FORMAT_R32_FLOAT)
    return mismatch("is used atomically but its format is not R32_UINT, R32_SINT or R32_FLOAT");
  if (decl.loaded && !v->typedLoads)
    return mismatch("is read (ld_uav_typed) but its format has no typed UAV loads on this device");
  for (UINT i = 0; i < device.boundRenderTargetCount; ++i)
    if (device.boundRenderTargets[i] && device.boundRenderTargets[i]->resource == &r)
      return mismatch("is also bound as a render target");
  if (device.boundDepthStencil && device.boundDepthStencil->resource == &r)
    return mismatch("is also bound as the depth-stencil view");
  if ((decl.dimension == dxbc::ResourceDimension::Texture3D) != isTexture3D(r))
    return mismatch("does not match the declared dimension (RWTexture3D or not)");
  if (isTexture3D(r)) return v->view->handle();
  if (decl.oneD() != r.isTexture1D()) return mismatch("does not match the declared dimension (RWTexture1D or not)");
  return viewForDeclaration(*v, v->arrayView.get(), decl.arrayed(), mismatch);
}

// Whether a buffer view serves a buffer declaration: typed views typed
// declarations of their type, raw views raw ones, structured views structured
// ones of their stride. Logs the mismatch.
bool bufferViewServes(const StageBindings& stage, const char* kind, uint32_t slot, const BufferWindow& w, DXGI_FORMAT format,
                      dxbc::ResourceDimension dim, dxbc::ReturnType returnType, uint32_t stride) {
  auto mismatch = [&](const std::string& why) {
    logError(std::string(stage.command) + ": " + stage.stageName + " " + kind + std::to_string(slot) + " " + why +
             "; it is left unbound");
    return false;
  };
  if (dim == dxbc::ResourceDimension::RawBuffer && !w.raw) return mismatch("is declared raw but the view is not raw");
  if (dim == dxbc::ResourceDimension::StructuredBuffer) {
    if (!w.structured) return mismatch("is declared structured but the view is not structured");
    if (w.elementBytes != stride)
      return mismatch("is declared with a " + std::to_string(stride) + "-byte structure but the view's buffer has " +
                      std::to_string(w.elementBytes) + "-byte elements");
  }
  if (dim == dxbc::ResourceDimension::Buffer) {
    const state::FormatInfo* f = state::findFormat(format);
    if (!w.typed() || !f) return mismatch("is a typed buffer but the view is raw or structured");
    if (!formatServesReturnType(f->kind, returnType))
      return mismatch("has a format whose type differs from the declared return type");
  }
  return true;
}

// A buffer view's descriptor (typed: its texel view; raw or structured: its
// window of the buffer) and its access; a null descriptor without a resource (no usable view).
void addBufferView(StageDescriptors& out, uint32_t binding, VkDescriptorType type, Resource* resource,
                   const BufferWindow* window, bool write) {
  if (resource) out.accesses.push_back({resource, write, VK_IMAGE_LAYOUT_UNDEFINED});
  if (type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER || type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER)
    return out.add(binding, type, resource ? window->texel->handle() : VkBufferView(VK_NULL_HANDLE));
  out.add(binding, type,
          resource ? VkDescriptorBufferInfo{resource->buffer->handle(), resource->bufferOffset + window->descriptorOffset(),
                                            window->descriptorSize()}
                   : VkDescriptorBufferInfo{VK_NULL_HANDLE, 0, VK_WHOLE_SIZE});
}

// The stage's buffer view shifts: the zero buffer when every bound buffer view
// starts at its descriptor, else the shift table of these words. False after reporting.
bool addBufferViewShifts(Device& device, StageDescriptors& out, const BufferViewShiftTables::Words& words) {
  VkDescriptorBufferInfo info{device.pipelines().nullConstantBuffer(), 0, BufferViewShiftTables::kTableBytes};
  if (std::any_of(words.begin(), words.end(), [](uint32_t w) { return w != 0; })) {
    VkResult result = VK_SUCCESS;
    std::shared_ptr<BufferViewShiftTables::Table> table =
        device.bufferViewShifts().get(device.vk(), words, device.queue().completedSerial(), &result);
    if (!table) {
      device.setVkError(result);
      return false;
    }
    info = table->info;
    out.lastUses.push_back(&table->lastUse);
    out.keepAlive.push_back(std::move(table));
  }
  out.add(dxbc::kBufferViewShiftsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, info);
  return true;
}

}  // namespace

void StageDescriptors::clear() {
  entries.clear();
  buffers.clear();
  images.clear();
  texels.clear();
  accesses.clear();
  lastUses.clear();
  keepAlive.clear();
  dynamicOffsets.clear();
}

void StageDescriptors::add(uint32_t binding, VkDescriptorType type, const VkDescriptorBufferInfo& info) {
  entries.push_back({binding, type, uint32_t(buffers.size())});
  buffers.push_back(info);
}

void StageDescriptors::add(uint32_t binding, VkDescriptorType type, const VkDescriptorImageInfo& info) {
  entries.push_back({binding, type, uint32_t(images.size())});
  images.push_back(info);
}

void StageDescriptors::add(uint32_t binding, VkDescriptorType type, VkBufferView view) {
  entries.push_back({binding, type, uint32_t(texels.size())});
  texels.push_back(view);
}

bool StageDescriptors::sameDescriptors(const StageDescriptors& o) const {
  auto same = [](const auto& a, const auto& b, auto equal) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), equal);
  };
  return same(entries, o.entries,
              [](const Entry& a, const Entry& b) { return a.binding == b.binding && a.type == b.type && a.info == b.info; }) &&
         same(buffers, o.buffers,
              [](const VkDescriptorBufferInfo& a, const VkDescriptorBufferInfo& b) {
                return a.buffer == b.buffer && a.offset == b.offset && a.range == b.range;
              }) &&
         same(images, o.images,
              [](const VkDescriptorImageInfo& a, const VkDescriptorImageInfo& b) {
                return a.sampler == b.sampler && a.imageView == b.imageView && a.imageLayout == b.imageLayout;
              }) &&
         texels == o.texels;
}

void StageDescriptors::appendWrites(VkDescriptorSet set, std::vector<VkWriteDescriptorSet>& writes) const {
  const Entry* previous = nullptr;  // the last entry, once a write of this call holds it
  for (const Entry& e : entries) {
    // The next binding, of the same type, whose info follows the previous
    // write's: one write of both (Vulkan's consecutive binding updates; every
    // binding of a stage's set holds one descriptor of the same stages, with
    // no binding flags or immutable samplers).
    if (previous) {
      VkWriteDescriptorSet& last = writes.back();
      if (e.type == last.descriptorType && e.binding == last.dstBinding + last.descriptorCount &&
          e.info == previous->info + 1) {
        ++last.descriptorCount;
        previous = &e;
        continue;
      }
    }
    previous = &e;
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = set;
    w.dstBinding = e.binding;
    w.descriptorCount = 1;
    w.descriptorType = e.type;
    switch (e.type) {
      case VK_DESCRIPTOR_TYPE_SAMPLER:
      case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
      case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE: w.pImageInfo = &images[e.info]; break;
      case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
      case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER: w.pTexelBufferView = &texels[e.info]; break;
      default: w.pBufferInfo = &buffers[e.info]; break;
    }
    writes.push_back(w);
  }
}

VkDescriptorBufferInfo constantBufferInfo(PipelineCache& cache, const DrawState::ConstantBuffer& cb) {
  const VkDeviceSize offset = VkDeviceSize(cb.firstConstant) * 16;
  if (!cb.buffer || !cb.buffer->buffer || offset >= cb.buffer->width)
    return {cache.nullConstantBuffer(), 0, PipelineCache::kNullConstantBufferSize};
  VkDeviceSize range = cb.buffer->width - offset;
  if (cb.numConstants) range = std::min<VkDeviceSize>(range, VkDeviceSize(cb.numConstants) * 16);
  return {cb.buffer->buffer->handle(), cb.buffer->bufferOffset + offset, std::min<VkDeviceSize>(range, 65536)};
}

bool moveDynamicOffsets(Device& device, const StageBindings& stage, StageDescriptors& out) {
  const uint32_t slots = stage.shader ? stage.shader->constantBufferSlots : 0;
  if ((slots & stage.dynamicConstantBuffers) != slots) return false;
  PipelineCache& cache = device.pipelines();
  size_t k = 0;  // the constant buffers come first in the entries, in slot order (collectStageDescriptors)
  for (uint32_t rest = slots; rest; rest &= rest - 1) {
    const uint32_t slot = uint32_t(std::countr_zero(rest));
    if (k == out.dynamicOffsets.size()) return false;
    const StageDescriptors::Entry& e = out.entries[k];
    if (e.binding != slot || e.type != VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC) return false;
    const VkDescriptorBufferInfo info = constantBufferInfo(cache, stage.constantBuffers[slot]);
    const VkDescriptorBufferInfo& collected = out.buffers[e.info];
    if (collected.buffer != info.buffer || collected.range != info.range) return false;
    out.dynamicOffsets[k++] = uint32_t(info.offset);
  }
  return k == out.dynamicOffsets.size();
}

bool collectStageDescriptors(Device& device, const StageBindings& stage, StageDescriptors& out) {
  out.clear();
  PipelineCache& cache = device.pipelines();
  const bool nullDescriptor = device.vk().samplerFeatures().nullDescriptor;
  auto dropped = [&](const std::string& what) {
    logError(std::string(stage.command) + " dropped: " + stage.stageName + " " + what +
             " has nothing usable bound and the Vulkan device has no null descriptors");
    return false;
  };
  const uint32_t constantBufferSlots = stage.shader ? stage.shader->constantBufferSlots : 0;
  const uint32_t samplerSlots = stage.shader ? stage.shader->samplerSlots : 0;
  // Constant buffers: the declared slots (unbound ones read the zero buffer).
  for (uint32_t slot = 0; slot < PipelineCache::kConstantBufferSlots; ++slot) {
    if (!(constantBufferSlots & (1u << slot))) continue;
    const DrawState::ConstantBuffer& cb = stage.constantBuffers[slot];
    VkDescriptorBufferInfo info = constantBufferInfo(cache, cb);
    if (info.buffer != cache.nullConstantBuffer()) out.accesses.push_back({cb.buffer, false, VK_IMAGE_LAYOUT_UNDEFINED});
    if (stage.dynamicConstantBuffers & (1u << slot)) {
      // The offset goes with the bind (a multiple of 256 bytes: D3D11.1's 16-constant steps, dynamic_buffer.h's slices).
      out.dynamicOffsets.push_back(uint32_t(info.offset));
      info.offset = 0;
      out.add(slot, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, info);
      continue;
    }
    out.add(slot, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, info);
  }
  // Samplers: the declared slots (unbound ones: the default sampler).
  if (samplerSlots) {
    const VkSampler fallbackSampler = defaultSampler(device);
    if (!fallbackSampler) return false;
    for (uint32_t slot = 0; slot < PipelineCache::kSamplerSlots; ++slot) {
      if (!(samplerSlots & (1u << slot))) continue;
      VkDescriptorImageInfo info{fallbackSampler, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED};
      if (Sampler* sampler = stage.samplers[slot]; sampler && sampler->sampler) {
        info.sampler = sampler->sampler->handle();
        out.lastUses.push_back(&sampler->lastUse);
      }
      out.add(dxbc::kSamplerBindingBase + slot, VK_DESCRIPTOR_TYPE_SAMPLER, info);
    }
  }
  if (!stage.shader) return true;
  BufferViewShiftTables::Words shifts{};  // binding.h's buffer view shifts of the views bound below
  for (const DeclaredResource& decl : stage.shader->resources) {
    ShaderResourceView* view = stage.shaderResources[decl.slot];
    const uint32_t binding = dxbc::kShaderResourceBindingBase + decl.slot;
    const VkDescriptorType type = decl.descriptorType();
    if (type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE) {
      const VkImageView imageView = shaderResourceImageView(device, stage, decl, view);
      if (!imageView && !nullDescriptor) return dropped("shader resource t" + std::to_string(decl.slot));
      const VkImageLayout layout =
          imageView ? shaderReadLayout(stage, view->resource) : VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
      if (imageView) out.accesses.push_back({view->resource, false, layout});
      out.add(binding, type, VkDescriptorImageInfo{VK_NULL_HANDLE, imageView, layout});
      continue;
    }
    bool usable = view && view->isBuffer && view->resource && view->resource->buffer &&
                  bufferViewServes(stage, "shader resource t", decl.slot, view->window, view->format, decl.dimension,
                                   decl.returnType, decl.stride);
    if (usable && boundForOutput(device, stage, *view->resource)) {
      logError(std::string(stage.command) + ": " + stage.stageName + " shader resource t" + std::to_string(decl.slot) +
               " is also bound for output (a UAV); it reads zeros");
      usable = false;
    }
    if (!usable && !nullDescriptor) return dropped("shader resource t" + std::to_string(decl.slot));
    addBufferView(out, binding, type, usable ? view->resource : nullptr, view ? &view->window : nullptr, false);
    if (usable) shifts[dxbc::kBufferViewShiftSrvBase + decl.slot] = view->window.shift;
  }
  for (const DeclaredUav& decl : stage.shader->uavs) {
    UnorderedAccessView* view = stage.uavs[decl.slot];
    const uint32_t binding = dxbc::kUnorderedAccessBindingBase + decl.slot;
    const VkDescriptorType type = decl.descriptorType();
    if (type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE) {
      // Storage images in the GENERAL layout.
      const VkImageView imageView = unorderedAccessImageView(device, stage, decl, view);
      if (!imageView && !nullDescriptor) return dropped("UAV u" + std::to_string(decl.slot));
      if (imageView) out.accesses.push_back({view->resource, true, VK_IMAGE_LAYOUT_GENERAL});
      out.add(binding, type, VkDescriptorImageInfo{VK_NULL_HANDLE, imageView, VK_IMAGE_LAYOUT_GENERAL});
      if (decl.windowed()) {
        // The view's W window; an unbound (or unusable) UAV gets zeros: an
        // empty window, so its loads read 0 and its stores are dropped.
        const bool window = imageView && view->wWindow;
        out.add(dxbc::kUnorderedAccessWindowBindingBase + decl.slot, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                window ? VkDescriptorBufferInfo{view->wWindow->handle(), 0, 16}
                       : VkDescriptorBufferInfo{device.pipelines().nullConstantBuffer(), 0, 16});
      }
      continue;
    }
    const bool usable = view && view->isBuffer && view->resource && view->resource->buffer &&
                        bufferViewServes(stage, "UAV u", decl.slot, view->window, view->format, decl.dimension,
                                         decl.returnType, decl.stride);
    if (!usable && !nullDescriptor) return dropped("UAV u" + std::to_string(decl.slot));
    addBufferView(out, binding, type, usable ? view->resource : nullptr, view ? &view->window : nullptr, true);
    if (usable) shifts[dxbc::kBufferViewShiftUavBase + decl.slot] = view->window.shift;
    if (decl.counter) {
      const bool counter = usable && view->counter;
      if (usable && !counter)
        logError(std::string(stage.command) + ": " + stage.stageName + " UAV u" + std::to_string(decl.slot) +
                 " is used as an append/consume buffer or with a counter, but the view has no counter "
                 "(D3D11_BUFFER_UAV_FLAG_APPEND or _COUNTER); its counter is left unbound");
      if (!counter && !nullDescriptor) return dropped("UAV counter of u" + std::to_string(decl.slot));
      if (counter) out.lastUses.push_back(&view->counterLastUse);
      out.add(dxbc::kUnorderedAccessCounterBindingBase + decl.slot, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
              counter ? VkDescriptorBufferInfo{view->counter->handle(), 0, 4}
                      : VkDescriptorBufferInfo{VK_NULL_HANDLE, 0, VK_WHOLE_SIZE});
    }
  }
  return !stage.shader->declaresBufferViews() || addBufferViewShifts(device, out, shifts);
}

void declareUntrackedAccesses(Device& device, VkCommandBuffer cmd, const StageDescriptors& descriptors) {
  const uint64_t serial = device.queue().openSerial();
  for (const StageDescriptors::Access& a : descriptors.accesses) {
    if (a.layout == VK_IMAGE_LAYOUT_GENERAL && a.resource->layout == VK_IMAGE_LAYOUT_GENERAL)
      barrierImage(cmd, *a.resource);  // an earlier writer of the storage image (D3D orders UAV accesses)
    if (a.layout != VK_IMAGE_LAYOUT_UNDEFINED) transitionImage(cmd, *a.resource, a.layout);
    markUsed(device, *a.resource);
  }
  for (uint64_t* lastUse : descriptors.lastUses) *lastUse = serial;
}

bool writeStageSet(Device& device, VkCommandBuffer cmd, VkDescriptorSet set, const StageBindings& stage,
                   DescriptorWrites& out) {
  StageDescriptors collected;
  if (!collectStageDescriptors(device, stage, collected)) return false;
  declareUntrackedAccesses(device, cmd, collected);
  size_t dynamic = 0;  // untracked commands bind with zero dynamic offsets: the offset goes into the descriptor
  for (const StageDescriptors::Entry& e : collected.entries) {
    VkWriteDescriptorSet& w = out.add(set, e.binding, e.type);
    switch (e.type) {
      case VK_DESCRIPTOR_TYPE_SAMPLER:
      case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
      case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
        out.images.push_back(collected.images[e.info]);
        w.pImageInfo = &out.images.back();
        break;
      case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
      case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
        out.texels.push_back(collected.texels[e.info]);
        w.pTexelBufferView = &out.texels.back();
        break;
      default:
        out.buffers.push_back(collected.buffers[e.info]);
        if (e.type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC) {
          out.buffers.back().offset += collected.dynamicOffsets[dynamic++];
          out.dynamicOffsets.push_back(0);
        }
        w.pBufferInfo = &out.buffers.back();
        break;
    }
  }
  return true;
}

bool allocateDescriptorSets(Device& device, const std::vector<VkDescriptorSetLayout>& layouts,
                            const std::vector<VkDescriptorPoolSize>&, VkDescriptorSet* sets) {
  for (size_t i = 0; i < layouts.size(); ++i) {
    VkResult result = VK_SUCCESS;
    sets[i] = device.descriptors().allocate(layouts[i], device.queue(), &result);
    if (!sets[i]) {
      device.setVkError(result);
      return false;
    }
  }
  return true;
}

}  // namespace d3dvk::umd
