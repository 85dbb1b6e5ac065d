// bench/overhead/vulkan_baseline.cpp — the baseline: the same work written
// directly against Vulkan on the same device, as a lean renderer would —
// one dynamic-rendering pass for all N draws, pipelines bound only when they
// change, the constants through a dynamic uniform-buffer offset into a
// persistently mapped ring (no descriptor writes), the churn mode's 16
// textures through push descriptors; the newstate mode's new blend states as
// whole pipelines, as pipeline libraries linked, or as dynamic state
// (overhead.h). The application's part: recording,
// vkEndCommandBuffer and vkQueueSubmit2; "until done" adds the fence wait.
// No validation layer (it would dominate every number).
#include "overhead.h"

#include "baseline_frag.spv.h"
#include "baseline_vert.spv.h"
#include "churn_frag.spv.h"
#include "conservative_floor_frag.spv.h"
#include "conservative_floor_geom.spv.h"

#include <volk.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace overhead {
namespace {

void check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) {
    std::fprintf(stderr, "d3dvk-bench-overhead: Vulkan %s failed (VkResult %d)\n", what, int(r));
    std::exit(1);
  }
}

struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;
};

struct Image {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
};

struct Rig {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  VkDevice device = VK_NULL_HANDLE;
  uint32_t family = 0;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  Image target;
  Image textures[2 * kChurnTextures];
  Buffer vertices, ring;
  VkDeviceSize slot = 256;  // ring slot per draw (≥ minUniformBufferOffsetAlignment)
  VkDescriptorSetLayout constantsLayout = VK_NULL_HANDLE, texturesLayout = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  VkDescriptorSet constants = VK_NULL_HANDLE;
  VkShaderModule vs = VK_NULL_HANDLE, ps = VK_NULL_HANDLE, churnPs = VK_NULL_HANDLE, floorGs = VK_NULL_HANDLE,
                 floorPs = VK_NULL_HANDLE;
  VkPipeline pipelines[kShaderVariants] = {};
  bool pushDescriptors = false;
  uint32_t vertexCount = 3;
  // newstate: how a new blend state is drawn, the shader parts' libraries
  // (vertex input, pre-rasterization, fragment shader), the run's new
  // pipelines (and libraries) and the next state number.
  // ConservativeFloor: the conservative mode's triangles through the
  // emulation floor's geometry and fragment shaders (conservative_floor.*).
  enum class Way { Whole, Library, DynamicBlend, ConservativeFloor } way = Way::Whole;
  VkPipeline libraries[3] = {};
  std::vector<VkPipeline> fresh;
  uint32_t nextState = 0;
  VkQueryPool occlusion = VK_NULL_HANDLE;  // the conservative mode's: the samples a run draws

  ~Rig() {
    if (!device) {
      if (instance) vkDestroyInstance(instance, nullptr);
      return;
    }
    vkDeviceWaitIdle(device);
    destroyFresh();
    vkDestroyQueryPool(device, occlusion, nullptr);
    for (VkPipeline p : pipelines)
      if (p) vkDestroyPipeline(device, p, nullptr);
    for (VkPipeline p : libraries)
      if (p) vkDestroyPipeline(device, p, nullptr);
    for (VkShaderModule m : {vs, ps, churnPs, floorGs, floorPs})
      if (m) vkDestroyShaderModule(device, m, nullptr);
    vkDestroyDescriptorPool(device, descriptorPool, nullptr);
    vkDestroyPipelineLayout(device, layout, nullptr);
    vkDestroyDescriptorSetLayout(device, constantsLayout, nullptr);
    vkDestroyDescriptorSetLayout(device, texturesLayout, nullptr);
    for (Image* i : {&target}) destroy(*i);
    for (Image& i : textures) destroy(i);
    for (Buffer* b : {&vertices, &ring}) {
      vkDestroyBuffer(device, b->buffer, nullptr);
      vkFreeMemory(device, b->memory, nullptr);
    }
    vkDestroyFence(device, fence, nullptr);
    vkDestroyCommandPool(device, pool, nullptr);
    vkDestroyDevice(device, nullptr);
    vkDestroyInstance(instance, nullptr);
  }
  void destroyFresh() {
    for (VkPipeline p : fresh) vkDestroyPipeline(device, p, nullptr);
    fresh.clear();
  }
  void destroy(Image& i) {
    if (i.view) vkDestroyImageView(device, i.view, nullptr);
    if (i.image) vkDestroyImage(device, i.image, nullptr);
    if (i.memory) vkFreeMemory(device, i.memory, nullptr);
  }
};

uint32_t memoryType(const Rig& r, uint32_t bits, VkMemoryPropertyFlags flags) {
  VkPhysicalDeviceMemoryProperties props;
  vkGetPhysicalDeviceMemoryProperties(r.physical, &props);
  for (uint32_t i = 0; i < props.memoryTypeCount; ++i)
    if ((bits & (1u << i)) && (props.memoryTypes[i].propertyFlags & flags) == flags) return i;
  std::fprintf(stderr, "d3dvk-bench-overhead: no Vulkan memory type with flags 0x%x\n", flags);
  std::exit(1);
}

Buffer hostBuffer(Rig& r, VkDeviceSize size, VkBufferUsageFlags usage) {
  Buffer b;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  check(vkCreateBuffer(r.device, &info, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(r.device, b.buffer, &req);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex =
      memoryType(r, req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  check(vkAllocateMemory(r.device, &alloc, nullptr, &b.memory), "vkAllocateMemory");
  check(vkBindBufferMemory(r.device, b.buffer, b.memory, 0), "vkBindBufferMemory");
  check(vkMapMemory(r.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
  return b;
}

// A 2D RGBA8 image with one view: the render target (optimal) or a 1×1 texture
// (linear, host-written, left in PREINITIALIZED for the first command buffer to move).
Image image(Rig& r, uint32_t size, bool texture, uint32_t texel = 0) {
  Image i;
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = VK_FORMAT_R8G8B8A8_UNORM;
  info.extent = {size, size, 1};
  info.mipLevels = info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = texture ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL;
  info.usage = texture ? VK_IMAGE_USAGE_SAMPLED_BIT : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
  info.initialLayout = texture ? VK_IMAGE_LAYOUT_PREINITIALIZED : VK_IMAGE_LAYOUT_UNDEFINED;
  check(vkCreateImage(r.device, &info, nullptr, &i.image), "vkCreateImage");
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(r.device, i.image, &req);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex =
      memoryType(r, req.memoryTypeBits,
                 texture ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                         : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  check(vkAllocateMemory(r.device, &alloc, nullptr, &i.memory), "vkAllocateMemory");
  check(vkBindImageMemory(r.device, i.image, i.memory, 0), "vkBindImageMemory");
  if (texture) {
    VkImageSubresource sub{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0};
    VkSubresourceLayout layout;
    vkGetImageSubresourceLayout(r.device, i.image, &sub, &layout);
    void* p = nullptr;
    check(vkMapMemory(r.device, i.memory, 0, VK_WHOLE_SIZE, 0, &p), "vkMapMemory");
    std::memcpy(static_cast<unsigned char*>(p) + layout.offset, &texel, 4);
    vkUnmapMemory(r.device, i.memory);
  }
  VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view.image = i.image;
  view.viewType = VK_IMAGE_VIEW_TYPE_2D;
  view.format = VK_FORMAT_R8G8B8A8_UNORM;
  view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  check(vkCreateImageView(r.device, &view, nullptr, &i.view), "vkCreateImageView");
  return i;
}

VkShaderModule shaderModule(Rig& r, const uint32_t* code, size_t bytes) {
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = bytes;
  info.pCode = code;
  VkShaderModule m;
  check(vkCreateShaderModule(r.device, &info, nullptr, &m), "vkCreateShaderModule");
  return m;
}

// The physical device d3dvk would pick: D3DVK_DEVICE (an index or part of the
// name), else the first GPU, else the first device.
VkPhysicalDevice pickDevice(VkInstance instance) {
  uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  if (devices.empty()) return VK_NULL_HANDLE;
  const char* selector = std::getenv("D3DVK_DEVICE");
  auto lower = [](std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  for (VkPhysicalDevice d : devices) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(d, &p);
    if (selector && *selector) {
      if (std::all_of(selector, selector + std::strlen(selector), [](char c) { return std::isdigit(c); })) {
        const size_t index = std::strtoul(selector, nullptr, 10);
        return index < devices.size() ? devices[index] : VK_NULL_HANDLE;
      }
      if (lower(p.deviceName).find(lower(selector)) != std::string::npos) return d;
    } else if (p.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU && p.deviceType != VK_PHYSICAL_DEVICE_TYPE_OTHER) {
      return d;
    }
  }
  return selector && *selector ? VK_NULL_HANDLE : devices[0];
}

bool hasExtension(VkPhysicalDevice d, const char* name) {
  uint32_t count = 0;
  vkEnumerateDeviceExtensionProperties(d, nullptr, &count, nullptr);
  std::vector<VkExtensionProperties> all(count);
  vkEnumerateDeviceExtensionProperties(d, nullptr, &count, all.data());
  return std::any_of(all.begin(), all.end(), [&](const VkExtensionProperties& e) { return !std::strcmp(e.extensionName, name); });
}

// The fixed-function state of every baseline pipeline and pipeline library:
// float4 positions, triangle lists, one viewport and scissor (dynamic), no
// culling, one sample, no depth, one RGBA8 target; `blend` is the target's.
struct FixedState {
  VkVertexInputBindingDescription binding{0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
  VkVertexInputAttributeDescription attribute{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
  VkPipelineVertexInputStateCreateInfo vi{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  VkPipelineRasterizationStateCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  VkPipelineColorBlendAttachmentState blend{};
  VkPipelineColorBlendStateCreateInfo cbs{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  VkPipelineDepthStencilStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  // The first two always; the blend three with dynamicBlend.
  VkDynamicState dynamic[5] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                               VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT, VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT,
                               VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT};
  VkPipelineDynamicStateCreateInfo dyn{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  // Vertex, fragment and (with a geometry shader, stageCount 3) geometry.
  VkPipelineShaderStageCreateInfo stages[3]{{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
                                            {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
                                            {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
  uint32_t stageCount = 2;
  FixedState(VkShaderModule vs, VkShaderModule ps, bool dynamicBlend) {
    vi.vertexBindingDescriptionCount = 1;
    vi.pVertexBindingDescriptions = &binding;
    vi.vertexAttributeDescriptionCount = 1;
    vi.pVertexAttributeDescriptions = &attribute;
    ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    vp.viewportCount = vp.scissorCount = 1;
    rs.polygonMode = VK_POLYGON_MODE_FILL;
    rs.cullMode = VK_CULL_MODE_NONE;
    rs.lineWidth = 1;
    ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
    blend.colorWriteMask = 0xF;
    cbs.attachmentCount = 1;
    cbs.pAttachments = &blend;
    dyn.dynamicStateCount = dynamicBlend ? 5 : 2;
    dyn.pDynamicStates = dynamic;
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachmentFormats = &format;
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vs;
    stages[0].pName = "main";
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = ps;
    stages[1].pName = "main";
  }
  FixedState(const FixedState&) = delete;  // its structs point into it
  FixedState& operator=(const FixedState&) = delete;
  // A whole pipeline of this state.
  VkPipeline create(Rig& r) {
    VkGraphicsPipelineCreateInfo gi{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    gi.pNext = &rendering;
    gi.stageCount = stageCount;
    gi.pStages = stages;
    gi.pVertexInputState = &vi;
    gi.pInputAssemblyState = &ia;
    gi.pViewportState = &vp;
    gi.pRasterizationState = &rs;
    gi.pMultisampleState = &ms;
    gi.pDepthStencilState = &ds;
    gi.pColorBlendState = &cbs;
    gi.pDynamicState = &dyn;
    gi.layout = r.layout;
    VkPipeline p = VK_NULL_HANDLE;
    check(vkCreateGraphicsPipelines(r.device, VK_NULL_HANDLE, 1, &gi, nullptr, &p), "vkCreateGraphicsPipelines");
    return p;
  }
  // One part of it as a pipeline library (VK_EXT_graphics_pipeline_library).
  VkPipeline library(Rig& r, VkGraphicsPipelineLibraryFlagsEXT part) {
    VkGraphicsPipelineLibraryCreateInfoEXT lib{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT};
    // The attachment formats belong to the output part; the others take the view mask (0) only.
    VkPipelineRenderingCreateInfo noAttachments{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
    lib.pNext = part == VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT ? &rendering : &noAttachments;
    lib.flags = part;
    VkGraphicsPipelineCreateInfo gi{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    gi.pNext = &lib;
    gi.flags = VK_PIPELINE_CREATE_LIBRARY_BIT_KHR;
    if (part == VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT) {
      gi.pVertexInputState = &vi;
      gi.pInputAssemblyState = &ia;
    } else if (part == VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT) {
      gi.stageCount = 1;
      gi.pStages = &stages[0];
      gi.pViewportState = &vp;
      gi.pRasterizationState = &rs;
      gi.pDynamicState = &dyn;
      gi.layout = r.layout;
    } else if (part == VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT) {
      gi.stageCount = 1;
      gi.pStages = &stages[1];
      gi.pMultisampleState = &ms;
      gi.pDepthStencilState = &ds;
      gi.layout = r.layout;
    } else {
      gi.pMultisampleState = &ms;
      gi.pColorBlendState = &cbs;
    }
    VkPipeline p = VK_NULL_HANDLE;
    check(vkCreateGraphicsPipelines(r.device, VK_NULL_HANDLE, 1, &gi, nullptr, &p), "vkCreateGraphicsPipelines (library)");
    return p;
  }
};

// A pipeline linked from the shader parts' libraries and `output` (made from
// `f`), without link-time optimisation.
VkPipeline linkLibraries(Rig& r, const FixedState& f, VkPipeline output) {
  const VkPipeline parts[4] = {r.libraries[0], r.libraries[1], r.libraries[2], output};
  VkPipelineLibraryCreateInfoKHR li{VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR};
  li.libraryCount = 4;
  li.pLibraries = parts;
  VkGraphicsPipelineCreateInfo gi{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  gi.pNext = &li;
  gi.layout = r.layout;
  // (The libraries hold it; validation layers of Vulkan 1.3.239 look for the output state here too.)
  gi.pColorBlendState = &f.cbs;
  gi.pMultisampleState = &f.ms;
  VkPipeline p = VK_NULL_HANDLE;
  check(vkCreateGraphicsPipelines(r.device, VK_NULL_HANDLE, 1, &gi, nullptr, &p), "vkCreateGraphicsPipelines (link)");
  return p;
}

// The newstate mode's blend state `n` (kNewStateFactors' order).
VkPipelineColorBlendAttachmentState blendOf(const NewBlend& n) {
  static constexpr VkBlendFactor kFactors[kNewStateFactors] = {
      VK_BLEND_FACTOR_ONE,       VK_BLEND_FACTOR_ZERO,      VK_BLEND_FACTOR_SRC_COLOR,
      VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR, VK_BLEND_FACTOR_SRC_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
      VK_BLEND_FACTOR_DST_ALPHA, VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA, VK_BLEND_FACTOR_DST_COLOR,
      VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR};
  VkPipelineColorBlendAttachmentState b{};
  b.blendEnable = VK_TRUE;
  b.srcColorBlendFactor = kFactors[n.srcColor];
  b.dstColorBlendFactor = kFactors[n.dstColor];
  b.colorBlendOp = VK_BLEND_OP_ADD;
  b.srcAlphaBlendFactor = kFactors[n.srcAlpha];
  b.dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
  b.alphaBlendOp = VK_BLEND_OP_ADD;
  b.colorWriteMask = n.writeMask;
  return b;
}

std::string setUp(Rig& r, Mode mode, uint32_t draws) {
  check(volkInitialize(), "volkInitialize");
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "d3dvk-bench-overhead baseline";
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo ii{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ii.pApplicationInfo = &app;
  check(vkCreateInstance(&ii, nullptr, &r.instance), "vkCreateInstance");
  volkLoadInstanceOnly(r.instance);
  r.physical = pickDevice(r.instance);
  if (!r.physical) return "no Vulkan device";
  vkGetPhysicalDeviceProperties(r.physical, &r.properties);
  if (r.properties.apiVersion < VK_API_VERSION_1_3) return "the device is not Vulkan 1.3";
  r.pushDescriptors = hasExtension(r.physical, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
  if (mode == Mode::Churn && !r.pushDescriptors) return "no VK_KHR_push_descriptor";

  uint32_t families = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(r.physical, &families, nullptr);
  std::vector<VkQueueFamilyProperties> fams(families);
  vkGetPhysicalDeviceQueueFamilyProperties(r.physical, &families, fams.data());
  for (r.family = 0; r.family < families && !(fams[r.family].queueFlags & VK_QUEUE_GRAPHICS_BIT); ++r.family) {
  }
  const float priority = 1;
  VkDeviceQueueCreateInfo qi{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qi.queueFamilyIndex = r.family;
  qi.queueCount = 1;
  qi.pQueuePriorities = &priority;
  VkPhysicalDeviceVulkan13Features v13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  v13.dynamicRendering = VK_TRUE;
  v13.synchronization2 = VK_TRUE;
  std::vector<const char*> extensions;
  if (r.pushDescriptors) extensions.push_back(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
  // The newstate mode's other ways need their extension and features.
  VkPhysicalDeviceGraphicsPipelineLibraryFeaturesEXT library{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_GRAPHICS_PIPELINE_LIBRARY_FEATURES_EXT};
  VkPhysicalDeviceExtendedDynamicState3FeaturesEXT dynamic3{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
  VkPhysicalDeviceFeatures geometry{};  // the conservative floor's geometry shader
  if (r.way == Rig::Way::Library) {
    if (!hasExtension(r.physical, VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME)) return "no VK_EXT_graphics_pipeline_library";
    VkPhysicalDeviceFeatures2 f{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    f.pNext = &library;
    vkGetPhysicalDeviceFeatures2(r.physical, &f);
    if (!library.graphicsPipelineLibrary) return "no graphicsPipelineLibrary";
    library.pNext = nullptr;
    v13.pNext = &library;
    extensions.push_back(VK_KHR_PIPELINE_LIBRARY_EXTENSION_NAME);
    extensions.push_back(VK_EXT_GRAPHICS_PIPELINE_LIBRARY_EXTENSION_NAME);
  } else if (r.way == Rig::Way::ConservativeFloor) {
    VkPhysicalDeviceFeatures f{};
    vkGetPhysicalDeviceFeatures(r.physical, &f);
    if (!f.geometryShader) return "no geometryShader";
    geometry.geometryShader = VK_TRUE;
  } else if (r.way == Rig::Way::DynamicBlend) {
    if (!hasExtension(r.physical, VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME)) return "no VK_EXT_extended_dynamic_state3";
    VkPhysicalDeviceFeatures2 f{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    f.pNext = &dynamic3;
    vkGetPhysicalDeviceFeatures2(r.physical, &f);
    if (!dynamic3.extendedDynamicState3ColorBlendEnable || !dynamic3.extendedDynamicState3ColorBlendEquation ||
        !dynamic3.extendedDynamicState3ColorWriteMask)
      return "no dynamic colour blend enable, equation and write mask";
    VkPhysicalDeviceExtendedDynamicState3FeaturesEXT wanted{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
    wanted.extendedDynamicState3ColorBlendEnable = wanted.extendedDynamicState3ColorBlendEquation =
        wanted.extendedDynamicState3ColorWriteMask = VK_TRUE;
    dynamic3 = wanted;
    v13.pNext = &dynamic3;
    extensions.push_back(VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME);
  }
  VkDeviceCreateInfo di{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  di.pNext = &v13;
  di.pEnabledFeatures = &geometry;
  di.queueCreateInfoCount = 1;
  di.pQueueCreateInfos = &qi;
  di.enabledExtensionCount = uint32_t(extensions.size());
  di.ppEnabledExtensionNames = extensions.data();
  check(vkCreateDevice(r.physical, &di, nullptr, &r.device), "vkCreateDevice");
  volkLoadDevice(r.device);
  vkGetDeviceQueue(r.device, r.family, 0, &r.queue);
  VkCommandPoolCreateInfo pi{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pi.queueFamilyIndex = r.family;
  check(vkCreateCommandPool(r.device, &pi, nullptr, &r.pool), "vkCreateCommandPool");
  VkCommandBufferAllocateInfo ci{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  ci.commandPool = r.pool;
  ci.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  ci.commandBufferCount = 1;
  check(vkAllocateCommandBuffers(r.device, &ci, &r.cmd), "vkAllocateCommandBuffers");
  VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  check(vkCreateFence(r.device, &fi, nullptr, &r.fence), "vkCreateFence");

  r.target = image(r, kTarget, false);
  if (mode == Mode::Churn)
    for (uint32_t t = 0; t < 2 * kChurnTextures; ++t) r.textures[t] = image(r, 1, true, textureColour(t));
  const std::vector<float> verts = mode == Mode::Conservative ? conservativeTriangles() : oneTriangle();
  r.vertexCount = uint32_t(verts.size() / 4);
  r.vertices = hostBuffer(r, verts.size() * 4, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
  std::memcpy(r.vertices.mapped, verts.data(), verts.size() * 4);
  r.slot = std::max<VkDeviceSize>(256, r.properties.limits.minUniformBufferOffsetAlignment);
  r.ring = hostBuffer(r, r.slot * std::max<uint32_t>(draws, 1), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
  float constants[16];
  constantsOf(0, constants);
  std::memcpy(r.ring.mapped, constants, 64);

  // Set 0: the constants, a dynamic uniform buffer; set 1 (churn): 16 pushed sampled images.
  VkDescriptorSetLayoutBinding cb{0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_VERTEX_BIT, nullptr};
  VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  li.bindingCount = 1;
  li.pBindings = &cb;
  check(vkCreateDescriptorSetLayout(r.device, &li, nullptr, &r.constantsLayout), "vkCreateDescriptorSetLayout");
  VkDescriptorSetLayoutBinding tex{0, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, kChurnTextures, VK_SHADER_STAGE_FRAGMENT_BIT,
                                   nullptr};
  li.pBindings = &tex;
  li.flags = r.pushDescriptors ? VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR : 0;
  check(vkCreateDescriptorSetLayout(r.device, &li, nullptr, &r.texturesLayout), "vkCreateDescriptorSetLayout");
  const VkDescriptorSetLayout sets[2] = {r.constantsLayout, r.texturesLayout};
  VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  pli.setLayoutCount = mode == Mode::Churn ? 2 : 1;
  pli.pSetLayouts = sets;
  check(vkCreatePipelineLayout(r.device, &pli, nullptr, &r.layout), "vkCreatePipelineLayout");
  VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1};
  VkDescriptorPoolCreateInfo dpi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpi.maxSets = 1;
  dpi.poolSizeCount = 1;
  dpi.pPoolSizes = &size;
  check(vkCreateDescriptorPool(r.device, &dpi, nullptr, &r.descriptorPool), "vkCreateDescriptorPool");
  VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  ai.descriptorPool = r.descriptorPool;
  ai.descriptorSetCount = 1;
  ai.pSetLayouts = &r.constantsLayout;
  check(vkAllocateDescriptorSets(r.device, &ai, &r.constants), "vkAllocateDescriptorSets");
  VkDescriptorBufferInfo bi{r.ring.buffer, 0, 64};
  VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  w.dstSet = r.constants;
  w.descriptorCount = 1;
  w.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
  w.pBufferInfo = &bi;
  vkUpdateDescriptorSets(r.device, 1, &w, 0, nullptr);

  if (mode == Mode::Conservative) {
    VkQueryPoolCreateInfo query{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    query.queryType = VK_QUERY_TYPE_OCCLUSION;
    query.queryCount = 1;
    check(vkCreateQueryPool(r.device, &query, nullptr, &r.occlusion), "vkCreateQueryPool");
  }
  r.vs = shaderModule(r, kBaselineVert, sizeof kBaselineVert);
  r.ps = shaderModule(r, kBaselineFrag, sizeof kBaselineFrag);
  if (mode == Mode::Churn) r.churnPs = shaderModule(r, kChurnFrag, sizeof kChurnFrag);
  if (mode == Mode::NewState) {
    // Whole: a pipeline per draw (record). Library: the shader parts ahead, as an
    // application's shader creation would. DynamicBlend: one pipeline.
    FixedState f(r.vs, r.ps, r.way == Rig::Way::DynamicBlend);
    if (r.way == Rig::Way::Library) {
      r.libraries[0] = f.library(r, VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT);
      r.libraries[1] = f.library(r, VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT);
      r.libraries[2] = f.library(r, VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT);
    } else if (r.way == Rig::Way::DynamicBlend) {
      r.pipelines[0] = f.create(r);
    }
    return "";
  }
  const uint32_t pipelines = mode == Mode::Blend ? 2 : mode == Mode::Churn ? kShaderVariants : 1;
  for (uint32_t p = 0; p < pipelines; ++p) {
    const float scale = float(0.5 + 0.0625 * p);
    VkSpecializationMapEntry entry{0, 0, 4};
    VkSpecializationInfo spec{1, &entry, 4, &scale};
    FixedState f(r.vs, mode == Mode::Churn ? r.churnPs : r.ps, false);
    f.stages[1].pSpecializationInfo = mode == Mode::Churn ? &spec : nullptr;
    if (r.way == Rig::Way::ConservativeFloor) {
      r.floorGs = shaderModule(r, kConservativeFloorGeom, sizeof kConservativeFloorGeom);
      r.floorPs = shaderModule(r, kConservativeFloorFrag, sizeof kConservativeFloorFrag);
      f.stages[1].module = r.floorPs;
      f.stages[2].stage = VK_SHADER_STAGE_GEOMETRY_BIT;
      f.stages[2].module = r.floorGs;
      f.stages[2].pName = "main";
      f.stageCount = 3;
    }
    f.blend.blendEnable = mode == Mode::Blend;
    f.blend.srcColorBlendFactor = p ? VK_BLEND_FACTOR_ONE : VK_BLEND_FACTOR_SRC_ALPHA;
    f.blend.dstColorBlendFactor = p ? VK_BLEND_FACTOR_ONE : VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
    f.blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
    f.blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO;
    r.pipelines[p] = f.create(r);
  }
  return "";
}

// The newstate mode's next blend state: a new pipeline (whole, or linked
// from the shader parts' libraries and a new output library), or the
// dynamic-blend pipeline with the state set on the command buffer.
VkPipeline newStatePipeline(Rig& r) {
  const VkPipelineColorBlendAttachmentState blend = blendOf(newBlend(r.nextState++));
  if (r.way == Rig::Way::DynamicBlend) {
    const VkBool32 enable = blend.blendEnable;
    const VkColorBlendEquationEXT equation{blend.srcColorBlendFactor, blend.dstColorBlendFactor, blend.colorBlendOp,
                                           blend.srcAlphaBlendFactor, blend.dstAlphaBlendFactor, blend.alphaBlendOp};
    vkCmdSetColorBlendEnableEXT(r.cmd, 0, 1, &enable);
    vkCmdSetColorBlendEquationEXT(r.cmd, 0, 1, &equation);
    vkCmdSetColorWriteMaskEXT(r.cmd, 0, 1, &blend.colorWriteMask);
    return r.pipelines[0];
  }
  FixedState f(r.vs, r.ps, false);
  f.blend = blend;
  if (r.way == Rig::Way::Whole) return r.fresh.emplace_back(f.create(r));
  const VkPipeline output = r.fresh.emplace_back(f.library(r, VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT));
  return r.fresh.emplace_back(linkLibraries(r, f, output));
}

// Records and submits one run's draws (the fence signals when they are done).
void record(Rig& r, Mode mode, uint32_t draws, bool first) {
  check(vkResetCommandPool(r.device, r.pool, 0), "vkResetCommandPool");
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(r.cmd, &begin), "vkBeginCommandBuffer");
  VkImageMemoryBarrier2 barriers[1 + 2 * kChurnTextures];
  uint32_t count = 0;
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
  b.srcAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
  b.dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT;
  b.dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT;
  b.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  b.newLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = r.target.image;
  b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  barriers[count++] = b;
  if (first && mode == Mode::Churn) {
    for (const Image& t : r.textures) {
      b.srcStageMask = VK_PIPELINE_STAGE_2_HOST_BIT;
      b.srcAccessMask = VK_ACCESS_2_HOST_WRITE_BIT;
      b.dstStageMask = VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT;
      b.dstAccessMask = VK_ACCESS_2_SHADER_SAMPLED_READ_BIT;
      b.oldLayout = VK_IMAGE_LAYOUT_PREINITIALIZED;
      b.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
      b.image = t.image;
      barriers[count++] = b;
    }
  }
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = count;
  dep.pImageMemoryBarriers = barriers;
  vkCmdPipelineBarrier2(r.cmd, &dep);

  VkRenderingAttachmentInfo color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  color.imageView = r.target.view;
  color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  color.clearValue.color = {{0, 0, 0, 1}};
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, {kTarget, kTarget}};
  rendering.layerCount = 1;
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachments = &color;
  if (r.occlusion) vkCmdResetQueryPool(r.cmd, r.occlusion, 0, 1);
  vkCmdBeginRendering(r.cmd, &rendering);
  if (r.occlusion) vkCmdBeginQuery(r.cmd, r.occlusion, 0, 0);
  const VkViewport viewport{0, 0, float(kTarget), float(kTarget), 0, 1};
  const VkRect2D scissor{{0, 0}, {kTarget, kTarget}};
  vkCmdSetViewport(r.cmd, 0, 1, &viewport);
  vkCmdSetScissor(r.cmd, 0, 1, &scissor);
  const VkDeviceSize zero = 0;
  vkCmdBindVertexBuffers(r.cmd, 0, 1, &r.vertices.buffer, &zero);
  const bool changing = mode == Mode::Map || mode == Mode::Blend || mode == Mode::Churn;
  VkPipeline bound = VK_NULL_HANDLE;
  for (uint32_t i = 0; i < draws; ++i) {
    VkPipeline pipeline = mode == Mode::Blend   ? r.pipelines[i & 1]
                          : mode == Mode::Churn ? r.pipelines[i % kShaderVariants]
                                                : r.pipelines[0];
    if (mode == Mode::NewState) pipeline = newStatePipeline(r);
    if (pipeline != bound) vkCmdBindPipeline(r.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, bound = pipeline);
    if (changing || i == 0) {
      const uint32_t offset = changing ? uint32_t(r.slot * i) : 0;
      if (changing) constantsOf(i, reinterpret_cast<float*>(static_cast<unsigned char*>(r.ring.mapped) + offset));
      vkCmdBindDescriptorSets(r.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r.layout, 0, 1, &r.constants, 1, &offset);
    }
    if (mode == Mode::Churn) {
      VkDescriptorImageInfo images[kChurnTextures];
      for (uint32_t t = 0; t < kChurnTextures; ++t)
        images[t] = {VK_NULL_HANDLE, r.textures[(i & 1) * kChurnTextures + t].view,
                     VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
      VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w.dstBinding = 0;
      w.descriptorCount = kChurnTextures;
      w.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
      w.pImageInfo = images;
      vkCmdPushDescriptorSetKHR(r.cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r.layout, 1, 1, &w);
    }
    vkCmdDraw(r.cmd, r.vertexCount, 1, 0, 0);
  }
  if (r.occlusion) vkCmdEndQuery(r.cmd, r.occlusion, 0);
  vkCmdEndRendering(r.cmd);
  check(vkEndCommandBuffer(r.cmd), "vkEndCommandBuffer");
  VkCommandBufferSubmitInfo ci{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
  ci.commandBuffer = r.cmd;
  VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
  submit.commandBufferInfoCount = 1;
  submit.pCommandBufferInfos = &ci;
  check(vkQueueSubmit2(r.queue, 1, &submit, r.fence), "vkQueueSubmit2");
}

void wait(Rig& r) {
  check(vkWaitForFences(r.device, 1, &r.fence, VK_TRUE, UINT64_MAX), "vkWaitForFences");
  check(vkResetFences(r.device, 1, &r.fence), "vkResetFences");
}

}  // namespace

namespace {
Result run(Mode mode, Rig::Way way, const Options& options) {
  Result result;
  const uint32_t draws = drawsOf(mode, options);
  Rig rig;
  rig.way = way;
  result.skipped = setUp(rig, mode, draws);
  if (!result.skipped.empty()) return result;
  record(rig, mode, std::min<uint32_t>(draws, 64), true);  // warm-up (and the textures' first layout)
  wait(rig);
  result = measure(
      draws, options.repeat, [&] { rig.destroyFresh(); }, [&] { record(rig, mode, draws, false); },
      [&] { wait(rig); });
  if (rig.occlusion)
    check(vkGetQueryPoolResults(rig.device, rig.occlusion, 0, 1, sizeof result.samples, &result.samples,
                                sizeof result.samples, VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
          "vkGetQueryPoolResults");
  return result;
}
}  // namespace

Result runVulkan(Mode mode, const Options& options) {
  // (newdepth's baseline is newstate's: a whole pipeline per draw; cull's is
  // blend's: two pipelines alternating.)
  return run(meetsNewState(mode) ? Mode::NewState : mode == Mode::Cull ? Mode::Blend : mode, Rig::Way::Whole, options);
}

Result runVulkanConservativeFloor(const Options& options) {
  return run(Mode::Conservative, Rig::Way::ConservativeFloor, options);
}

Result runVulkanNewState(NewStateWay way, const Options& options) {
  return run(Mode::NewState, way == NewStateWay::Library ? Rig::Way::Library : Rig::Way::DynamicBlend, options);
}

}  // namespace overhead
