// tests/dxbc/test_semantics.cpp — runs translated shaders on the Vulkan device
// (lavapipe here) under the validation layer and checks the numbers: ALU results,
// control flow, constant/immediate/indexable buffers, interpolation, SV_Position,
// coverage output and input, textures (ld/sample/resinfo), the fallback pixel
// shader's flat varyings, and transform-feedback capture of VS outputs.
#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "vk_test_context.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace d3dvk;
using namespace d3dvk::dxbc;

namespace {

// (Lavapipe is kept loaded for LeakSanitizer by tests/support/keep_vulkan_driver_loaded.cpp.)

std::vector<uint32_t> spirvOf(const std::string& listing, const TranslateOptions& opt = {}) {
  AssembleResult a = assemble(listing);
  auto spv = translateToSpirv(parseShader(a.container), opt);
  std::string msg = validateSpirv(spv);
  INFO(msg);
  REQUIRE(msg.empty());
  return spv;
}

float u2f(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// A full-screen triangle from SV_VertexID (positions from an immediate constant buffer),
// with a per-vertex varying o1 = (vid, 10*vid, 100*vid, 1) and w = `w`.
// With `half`, the triangle is (-1,-1),(1,-1),(-1,1) instead: inside the viewport, so
// the rasterizer does not clip (and split) it.
std::string fullscreenVs(float w = 1.0f, bool half = false) {
  char buf[2048];
  std::snprintf(buf, sizeof buf, R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// TEXCOORD                 0   xyzw        1     NONE   float   xyzw
// FLATID                   0   x           2     NONE    uint   x
//
vs_5_0
dcl_immediateConstantBuffer { { -1.0, -1.0, 0.0, 1.0},
                              { %s, -1.0, 0.0, 1.0},
                              { -1.0, %s, 0.0, 1.0} }
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.x
dcl_temps 2
mov r0.xyzw, icb[v0.x + 0].xyzw
mul r0.xyzw, r0.xyzw, l(%.6f,%.6f,%.6f,%.6f)
mov o0.xyzw, r0.xyzw
utof r1.x, v0.x
mul r1.yz, r1.xxxx, l(0.0,10.0,100.0,0.0)
mov r1.w, l(1.0)
mov o1.xyzw, r1.xyzw
iadd o2.x, v0.x, l(7)
ret
)",
                half ? "1.0" : "3.0", half ? "1.0" : "3.0", double(w), double(w), double(w), double(w));
  return buf;
}

struct Attachment {
  VkFormat format;
  uint32_t texelSize;
};

struct Texture {
  uint32_t width = 0, height = 0, layers = 1;
  bool array = false;       // view as a 2D array
  std::vector<float> rgba;  // RGBA32F texels, layer after layer
};

struct DrawSetup {
  std::vector<uint32_t> vs, ps;
  uint32_t width = 4, height = 4;
  std::vector<Attachment> attachments{{VK_FORMAT_R32G32B32A32_UINT, 16}};
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  VkResolveModeFlagBits resolve = VK_RESOLVE_MODE_AVERAGE_BIT;
  std::vector<uint32_t> psConstants;  // PS cb0 contents (dwords)
  Texture texture;                    // PS t0 (+ s0 nearest sampler)
  uint32_t vertexCount = 3;
  VkFrontFace frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
  bool depth = false;  // D32_SFLOAT depth attachment, test ALWAYS, cleared to 1.0, read back
  // transform feedback capture of the VS (buffer 0)
  uint32_t xfbBytes = 0;
  // PS u1: a raw UAV of this many dwords, each 0xFFFFFFFF before the draw, read back
  // (with the stage's buffer view shifts, all 0)
  uint32_t psUavWords = 0;
};

struct DrawResult {
  std::vector<std::vector<uint8_t>> pixels;  // per attachment, tightly packed rows
  std::vector<float> depth;                  // when DrawSetup::depth
  std::vector<uint8_t> xfb;
  std::vector<uint32_t> uav;  // DrawSetup::psUavWords
  template <typename T>
  T at(size_t attachment, uint32_t x, uint32_t y, uint32_t width, uint32_t comp) const {
    T v;
    std::memcpy(&v, pixels[attachment].data() + (size_t(y) * width + x) * 16 + comp * sizeof(T), sizeof(T));
    return v;
  }
};

class Renderer {
 public:
  explicit Renderer(test::VkTestContext& ctx) : ctx_(ctx), dev_(ctx.vkDevice()) {}
  ~Renderer() {
    for (auto& f : cleanup_) f();
  }

  struct Image {
    VkImage image = VK_NULL_HANDLE;
    VkImageView view = VK_NULL_HANDLE;
  };

  Image createImage(VkFormat format, uint32_t w, uint32_t h, VkSampleCountFlagBits samples, VkImageUsageFlags usage,
                    uint32_t layers = 1, bool arrayView = false,
                    VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT) {
    Image img;
    VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    info.imageType = VK_IMAGE_TYPE_2D;
    info.format = format;
    info.extent = {w, h, 1};
    info.mipLevels = 1;
    info.arrayLayers = layers;
    info.samples = samples;
    info.tiling = VK_IMAGE_TILING_OPTIMAL;
    info.usage = usage;
    REQUIRE(vkCreateImage(dev_, &info, nullptr, &img.image) == VK_SUCCESS);
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(dev_, img.image, &req);
    VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    alloc.allocationSize = req.size;
    alloc.memoryTypeIndex = ctx_.device().findMemoryType(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    REQUIRE(alloc.memoryTypeIndex != UINT32_MAX);
    VkDeviceMemory mem;
    REQUIRE(vkAllocateMemory(dev_, &alloc, nullptr, &mem) == VK_SUCCESS);
    REQUIRE(vkBindImageMemory(dev_, img.image, mem, 0) == VK_SUCCESS);
    VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    vi.image = img.image;
    vi.viewType = arrayView ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
    vi.format = format;
    vi.subresourceRange = {aspect, 0, 1, 0, layers};
    REQUIRE(vkCreateImageView(dev_, &vi, nullptr, &img.view) == VK_SUCCESS);
    VkDevice d = dev_;
    cleanup_.push_back([d, img, mem] {
      vkDestroyImageView(d, img.view, nullptr);
      vkDestroyImage(d, img.image, nullptr);
      vkFreeMemory(d, mem, nullptr);
    });
    return img;
  }

  static void barrier(VkCommandBuffer cmd, VkImage image, VkImageLayout from, VkImageLayout to, VkAccessFlags srcAccess,
                      VkAccessFlags dstAccess, VkPipelineStageFlags srcStage, VkPipelineStageFlags dstStage,
                      uint32_t layers = 1, VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT) {
    VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    b.srcAccessMask = srcAccess;
    b.dstAccessMask = dstAccess;
    b.oldLayout = from;
    b.newLayout = to;
    b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.image = image;
    b.subresourceRange = {aspect, 0, 1, 0, layers};
    vkCmdPipelineBarrier(cmd, srcStage, dstStage, 0, 0, nullptr, 0, nullptr, 1, &b);
  }

  VkShaderModule module(const std::vector<uint32_t>& words) {
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = words.size() * 4;
    info.pCode = words.data();
    VkShaderModule m;
    REQUIRE(vkCreateShaderModule(dev_, &info, nullptr, &m) == VK_SUCCESS);
    VkDevice d = dev_;
    cleanup_.push_back([d, m] { vkDestroyShaderModule(d, m, nullptr); });
    return m;
  }

  DrawResult draw(const DrawSetup& s) {
    DrawResult result;
    // Descriptor set layouts following binding.h: set 0 = VS (empty), set 1 = PS.
    std::vector<VkDescriptorSetLayoutBinding> psBindings;
    if (!s.psConstants.empty())
      psBindings.push_back({descriptorBinding(ProgramType::Pixel, ResourceKind::ConstantBuffer, 0).binding,
                            VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr});
    if (s.texture.width) {
      psBindings.push_back({descriptorBinding(ProgramType::Pixel, ResourceKind::Sampler, 0).binding,
                            VK_DESCRIPTOR_TYPE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr});
      psBindings.push_back({descriptorBinding(ProgramType::Pixel, ResourceKind::ShaderResource, 0).binding,
                            VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr});
    }
    if (s.psUavWords) {
      psBindings.push_back({descriptorBinding(ProgramType::Pixel, ResourceKind::UnorderedAccess, 1).binding,
                            VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr});
      psBindings.push_back({kBufferViewShiftsBinding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                            VK_SHADER_STAGE_FRAGMENT_BIT, nullptr});
    }
    VkDescriptorSetLayout layouts[2];
    for (int i = 0; i < 2; ++i) {
      VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
      if (i == 1) {
        li.bindingCount = uint32_t(psBindings.size());
        li.pBindings = psBindings.data();
      }
      REQUIRE(vkCreateDescriptorSetLayout(dev_, &li, nullptr, &layouts[i]) == VK_SUCCESS);
      VkDevice d = dev_;
      VkDescriptorSetLayout l = layouts[i];
      cleanup_.push_back([d, l] { vkDestroyDescriptorSetLayout(d, l, nullptr); });
    }
    VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pli.setLayoutCount = 2;
    pli.pSetLayouts = layouts;
    VkPipelineLayout layout;
    REQUIRE(vkCreatePipelineLayout(dev_, &pli, nullptr, &layout) == VK_SUCCESS);
    {
      VkDevice d = dev_;
      cleanup_.push_back([d, layout] { vkDestroyPipelineLayout(d, layout, nullptr); });
    }

    VkDescriptorSet psSet = VK_NULL_HANDLE;
    if (!psBindings.empty()) {
      VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1}, {VK_DESCRIPTOR_TYPE_SAMPLER, 1},
                                      {VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1}, {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2}};
      VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
      pi.maxSets = 1;
      pi.poolSizeCount = 4;
      pi.pPoolSizes = sizes;
      VkDescriptorPool pool;
      REQUIRE(vkCreateDescriptorPool(dev_, &pi, nullptr, &pool) == VK_SUCCESS);
      VkDevice d = dev_;
      cleanup_.push_back([d, pool] { vkDestroyDescriptorPool(d, pool, nullptr); });
      VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
      ai.descriptorPool = pool;
      ai.descriptorSetCount = 1;
      ai.pSetLayouts = &layouts[1];
      REQUIRE(vkAllocateDescriptorSets(dev_, &ai, &psSet) == VK_SUCCESS);
    }
    if (!s.psConstants.empty()) {
      auto cb = ctx_.createHostBuffer(s.psConstants.size() * 4, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
      std::memcpy(cb.mapped, s.psConstants.data(), s.psConstants.size() * 4);
      VkDescriptorBufferInfo bi{cb.buffer, 0, VK_WHOLE_SIZE};
      VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w.dstSet = psSet;
      w.dstBinding = 0;
      w.descriptorCount = 1;
      w.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      w.pBufferInfo = &bi;
      vkUpdateDescriptorSets(dev_, 1, &w, 0, nullptr);
    }
    Image tex;
    if (s.texture.width) {
      tex = createImage(VK_FORMAT_R32G32B32A32_SFLOAT, s.texture.width, s.texture.height, VK_SAMPLE_COUNT_1_BIT,
                        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, s.texture.layers, s.texture.array);
      auto staging = ctx_.createHostBuffer(s.texture.rgba.size() * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
      std::memcpy(staging.mapped, s.texture.rgba.data(), s.texture.rgba.size() * 4);
      ctx_.submitAndWait([&](VkCommandBuffer cmd) {
        barrier(cmd, tex.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 0,
                VK_ACCESS_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                s.texture.layers);
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, s.texture.layers};
        region.imageExtent = {s.texture.width, s.texture.height, 1};
        vkCmdCopyBufferToImage(cmd, staging.buffer, tex.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
        barrier(cmd, tex.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                VK_ACCESS_TRANSFER_WRITE_BIT, VK_ACCESS_SHADER_READ_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, s.texture.layers);
      });
      VkSamplerCreateInfo si{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
      si.magFilter = si.minFilter = VK_FILTER_NEAREST;
      si.addressModeU = si.addressModeV = si.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
      si.maxLod = 0;
      VkSampler sampler;
      REQUIRE(vkCreateSampler(dev_, &si, nullptr, &sampler) == VK_SUCCESS);
      VkDevice d = dev_;
      cleanup_.push_back([d, sampler] { vkDestroySampler(d, sampler, nullptr); });
      VkDescriptorImageInfo ii[2] = {{sampler, VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED},
                                     {VK_NULL_HANDLE, tex.view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}};
      VkWriteDescriptorSet w[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}, {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
      w[0].dstSet = w[1].dstSet = psSet;
      w[0].dstBinding = descriptorBinding(ProgramType::Pixel, ResourceKind::Sampler, 0).binding;
      w[1].dstBinding = descriptorBinding(ProgramType::Pixel, ResourceKind::ShaderResource, 0).binding;
      w[0].descriptorCount = w[1].descriptorCount = 1;
      w[0].descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER;
      w[1].descriptorType = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
      w[0].pImageInfo = &ii[0];
      w[1].pImageInfo = &ii[1];
      vkUpdateDescriptorSets(dev_, 2, w, 0, nullptr);
    }

    test::VkTestContext::HostBuffer uavBuf{}, shiftsBuf{};
    if (s.psUavWords) {
      uavBuf = ctx_.createHostBuffer(VkDeviceSize(s.psUavWords) * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
      std::memset(uavBuf.mapped, 0xff, size_t(s.psUavWords) * 4);
      shiftsBuf = ctx_.createHostBuffer(kBufferViewShiftWords * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
      std::memset(shiftsBuf.mapped, 0, kBufferViewShiftWords * 4);
      VkDescriptorBufferInfo bi[2] = {{uavBuf.buffer, 0, VK_WHOLE_SIZE}, {shiftsBuf.buffer, 0, VK_WHOLE_SIZE}};
      VkWriteDescriptorSet w[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}, {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
      w[0].dstSet = w[1].dstSet = psSet;
      w[0].dstBinding = descriptorBinding(ProgramType::Pixel, ResourceKind::UnorderedAccess, 1).binding;
      w[1].dstBinding = kBufferViewShiftsBinding;
      w[0].descriptorCount = w[1].descriptorCount = 1;
      w[0].descriptorType = w[1].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      w[0].pBufferInfo = &bi[0];
      w[1].pBufferInfo = &bi[1];
      vkUpdateDescriptorSets(dev_, 2, w, 0, nullptr);
    }

    // Pipeline (dynamic rendering).
    VkPipelineShaderStageCreateInfo stages[2] = {{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
                                                 {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = module(s.vs);
    stages[0].pName = "main";
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = module(s.ps);
    stages[1].pName = "main";
    VkPipelineVertexInputStateCreateInfo vi{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    vp.viewportCount = vp.scissorCount = 1;
    VkPipelineRasterizationStateCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    rs.polygonMode = VK_POLYGON_MODE_FILL;
    rs.cullMode = VK_CULL_MODE_NONE;
    rs.frontFace = s.frontFace;
    rs.lineWidth = 1.0f;
    VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    ms.rasterizationSamples = s.samples;
    std::vector<VkPipelineColorBlendAttachmentState> blends(s.attachments.size());
    std::vector<VkFormat> formats;
    for (auto& b : blends) b.colorWriteMask = 0xf;
    for (auto& a : s.attachments) formats.push_back(a.format);
    VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    cb.attachmentCount = uint32_t(blends.size());
    cb.pAttachments = blends.data();
    VkDynamicState dyn[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    VkPipelineDynamicStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
    ds.dynamicStateCount = 2;
    ds.pDynamicStates = dyn;
    VkPipelineRenderingCreateInfo ri{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
    ri.colorAttachmentCount = uint32_t(formats.size());
    ri.pColorAttachmentFormats = formats.data();
    VkPipelineDepthStencilStateCreateInfo dss{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
    if (s.depth) {
      ri.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT;
      dss.depthTestEnable = VK_TRUE;
      dss.depthWriteEnable = VK_TRUE;
      dss.depthCompareOp = VK_COMPARE_OP_ALWAYS;
    }
    VkGraphicsPipelineCreateInfo gp{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    gp.pNext = &ri;
    gp.stageCount = 2;
    gp.pStages = stages;
    gp.pVertexInputState = &vi;
    gp.pInputAssemblyState = &ia;
    gp.pViewportState = &vp;
    gp.pRasterizationState = &rs;
    gp.pMultisampleState = &ms;
    gp.pColorBlendState = &cb;
    gp.pDepthStencilState = s.depth ? &dss : nullptr;
    gp.pDynamicState = &ds;
    gp.layout = layout;
    VkPipeline pipeline;
    REQUIRE(vkCreateGraphicsPipelines(dev_, VK_NULL_HANDLE, 1, &gp, nullptr, &pipeline) == VK_SUCCESS);
    {
      VkDevice d = dev_;
      cleanup_.push_back([d, pipeline] { vkDestroyPipeline(d, pipeline, nullptr); });
    }

    // Attachments: render (maybe MSAA) and a single-sample image to read back.
    std::vector<Image> targets, resolves;
    std::vector<test::VkTestContext::HostBuffer> readbacks;
    for (auto& a : s.attachments) {
      VkImageUsageFlags usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
      targets.push_back(createImage(a.format, s.width, s.height, s.samples, usage));
      if (s.samples != VK_SAMPLE_COUNT_1_BIT)
        resolves.push_back(createImage(a.format, s.width, s.height, VK_SAMPLE_COUNT_1_BIT, usage));
      readbacks.push_back(ctx_.createHostBuffer(VkDeviceSize(s.width) * s.height * a.texelSize, VK_BUFFER_USAGE_TRANSFER_DST_BIT));
    }
    Image depthImage;
    test::VkTestContext::HostBuffer depthReadback{};
    if (s.depth) {
      depthImage = createImage(VK_FORMAT_D32_SFLOAT, s.width, s.height, VK_SAMPLE_COUNT_1_BIT,
                               VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, 1, false,
                               VK_IMAGE_ASPECT_DEPTH_BIT);
      depthReadback = ctx_.createHostBuffer(VkDeviceSize(s.width) * s.height * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
    }
    test::VkTestContext::HostBuffer xfbBuf{};
    if (s.xfbBytes) {
      xfbBuf = ctx_.createHostBuffer(s.xfbBytes, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT);
      std::memset(xfbBuf.mapped, 0xcd, s.xfbBytes);
    }
    ctx_.submitAndWait([&](VkCommandBuffer cmd) {
      std::vector<VkRenderingAttachmentInfo> atts;
      for (size_t i = 0; i < targets.size(); ++i) {
        barrier(cmd, targets[i].image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, 0,
                VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT);
        VkRenderingAttachmentInfo ai{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
        ai.imageView = targets[i].view;
        ai.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
        ai.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
        ai.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        if (!resolves.empty()) {
          barrier(cmd, resolves[i].image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, 0,
                  VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                  VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT);
          ai.resolveMode = s.resolve;
          ai.resolveImageView = resolves[i].view;
          ai.resolveImageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
        }
        atts.push_back(ai);
      }
      VkRenderingInfo rinfo{VK_STRUCTURE_TYPE_RENDERING_INFO};
      rinfo.renderArea = {{0, 0}, {s.width, s.height}};
      rinfo.layerCount = 1;
      rinfo.colorAttachmentCount = uint32_t(atts.size());
      rinfo.pColorAttachments = atts.data();
      VkRenderingAttachmentInfo depthAtt{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
      if (s.depth) {
        barrier(cmd, depthImage.image, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, 0,
                VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT,
                VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT, 1,
                VK_IMAGE_ASPECT_DEPTH_BIT);
        depthAtt.imageView = depthImage.view;
        depthAtt.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
        depthAtt.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
        depthAtt.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        depthAtt.clearValue.depthStencil = {1.0f, 0};
        rinfo.pDepthAttachment = &depthAtt;
      }
      vkCmdBeginRendering(cmd, &rinfo);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
      if (psSet) vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 1, 1, &psSet, 0, nullptr);
      VkViewport viewport{0, 0, float(s.width), float(s.height), 0, 1};
      VkRect2D scissor{{0, 0}, {s.width, s.height}};
      vkCmdSetViewport(cmd, 0, 1, &viewport);
      vkCmdSetScissor(cmd, 0, 1, &scissor);
      if (s.xfbBytes) {
        VkDeviceSize off = 0, size = s.xfbBytes;
        vkCmdBindTransformFeedbackBuffersEXT(cmd, 0, 1, &xfbBuf.buffer, &off, &size);
        vkCmdBeginTransformFeedbackEXT(cmd, 0, 0, nullptr, nullptr);
      }
      vkCmdDraw(cmd, s.vertexCount, 1, 0, 0);
      if (s.xfbBytes) vkCmdEndTransformFeedbackEXT(cmd, 0, 0, nullptr, nullptr);
      vkCmdEndRendering(cmd);
      for (size_t i = 0; i < targets.size(); ++i) {
        VkImage src = resolves.empty() ? targets[i].image : resolves[i].image;
        barrier(cmd, src, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT);
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        region.imageExtent = {s.width, s.height, 1};
        vkCmdCopyImageToBuffer(cmd, src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readbacks[i].buffer, 1, &region);
      }
      if (s.depth) {
        barrier(cmd, depthImage.image, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT, VK_ACCESS_TRANSFER_READ_BIT,
                VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 1, VK_IMAGE_ASPECT_DEPTH_BIT);
        VkBufferImageCopy region{};
        region.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
        region.imageExtent = {s.width, s.height, 1};
        vkCmdCopyImageToBuffer(cmd, depthImage.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, depthReadback.buffer, 1, &region);
      }
      VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
      mb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | (s.xfbBytes ? VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT : 0) |
                         (s.psUavWords ? VK_ACCESS_SHADER_WRITE_BIT : 0);
      mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
      vkCmdPipelineBarrier(cmd,
                           VK_PIPELINE_STAGE_TRANSFER_BIT | (s.xfbBytes ? VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT : 0) |
                               (s.psUavWords ? VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT : 0),
                           VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, nullptr, 0, nullptr);
    });
    for (auto& rb : readbacks) {
      auto* p = static_cast<const uint8_t*>(rb.mapped);
      result.pixels.emplace_back(p, p + rb.size);
    }
    if (s.depth) {
      result.depth.resize(size_t(s.width) * s.height);
      std::memcpy(result.depth.data(), depthReadback.mapped, result.depth.size() * 4);
    }
    if (s.xfbBytes) {
      auto* p = static_cast<const uint8_t*>(xfbBuf.mapped);
      result.xfb.assign(p, p + s.xfbBytes);
    }
    if (s.psUavWords) {
      auto* p = static_cast<const uint32_t*>(uavBuf.mapped);
      result.uav.assign(p, p + s.psUavWords);
    }
    return result;
  }

 private:
  test::VkTestContext& ctx_;
  VkDevice dev_;
  std::vector<std::function<void()>> cleanup_;
};

// Runs a pixel shader over a 1x1 target with four RGBA32_UINT outputs and returns 16 dwords.
std::vector<uint32_t> runPixelShader(const std::string& psBody, const std::vector<uint32_t>& constants = {}) {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 1;
  s.vs = spirvOf(fullscreenVs());
  std::string ps = "//\n// Output signature:\n//\n// Name                 Index   Mask Register SysValue  Format   Used\n"
                   "// -------------------- ----- ------ -------- -------- ------- ------\n";
  for (int i = 0; i < 4; ++i)
    ps += "// SV_Target                " + std::to_string(i) + "   xyzw        " + std::to_string(i) +
          "   TARGET    uint   xyzw\n";
  ps += "//\nps_5_0\n";
  if (!constants.empty()) ps += "dcl_constantbuffer CB0[" + std::to_string(constants.size() / 4) + "], dynamicIndexed\n";
  ps += "dcl_output o0.xyzw\ndcl_output o1.xyzw\ndcl_output o2.xyzw\ndcl_output o3.xyzw\ndcl_temps 8\n" + psBody + "\nret\n";
  s.ps = spirvOf(ps);
  s.psConstants = constants;
  s.attachments.assign(4, {VK_FORMAT_R32G32B32A32_UINT, 16});
  DrawResult res = r.draw(s);
  std::vector<uint32_t> out;
  for (int a = 0; a < 4; ++a)
    for (int c = 0; c < 4; ++c) out.push_back(res.at<uint32_t>(a, 0, 0, 1, c));
  return out;
}

}  // namespace

TEST_CASE("float ALU results on the device", "[dxbc][semantics]") {
  auto v = runPixelShader(R"(mov r0.xyzw, l(1.5,-2.25,4.0,0.25)
add r1.x, r0.x, r0.y
mul r1.y, r0.x, r0.z
mad r1.z, r0.x, r0.z, r0.y
div r1.w, r0.z, r0.w
mov o0.xyzw, r1.xyzw
dp3 r2.x, r0.xyzx, l(1.0,2.0,3.0,0.0)
dp4 r2.y, r0.xyzw, r0.xyzw
sqrt r2.z, r0.z
rsq r2.w, r0.z
mov o1.xyzw, r2.xyzw
rcp r3.x, r0.w
exp r3.y, l(3.0)
log r3.z, l(8.0)
frc r3.w, l(2.75)
mov o2.xyzw, r3.xyzw
round_ne r4.x, l(2.5)
round_ni r4.y, l(-1.5)
round_pi r4.z, l(-1.5)
round_z r4.w, l(-1.75)
max r5.x, r4.x, -|r0.y|
mov_sat r5.y, l(3.0)
min r5.z, r0.x, r0.y
mov r4.x, r5.z
mov o3.xyzw, r4.xyzw)");
  auto f = [&](int i) { return u2f(v[size_t(i)]); };
  CHECK(f(0) == -0.75f);
  CHECK(f(1) == 6.0f);
  CHECK(f(2) == 3.75f);
  CHECK(f(3) == 16.0f);
  CHECK(f(4) == Approx(1.5 - 4.5 + 12.0));
  CHECK(f(5) == Approx(1.5 * 1.5 + 2.25 * 2.25 + 16 + 0.0625));
  CHECK(f(6) == Approx(2.0));
  CHECK(f(7) == Approx(0.5));
  CHECK(f(8) == Approx(4.0));
  CHECK(f(9) == Approx(8.0));
  CHECK(f(10) == Approx(3.0));
  CHECK(f(11) == Approx(0.75));
  CHECK(f(12) == -2.25f);  // min(1.5, -2.25)
  CHECK(f(13) == -2.0f);
  CHECK(f(14) == -1.0f);
  CHECK(f(15) == -1.0f);
}

TEST_CASE("integer and bit ALU results on the device", "[dxbc][semantics]") {
  auto v = runPixelShader(R"(mov r0.xyzw, l(7,-3,0x80000001,100)
iadd r1.x, r0.x, r0.y
imul r2.x, r1.y, r0.y, r0.w
udiv r1.z, r1.w, r0.w, r0.x
ishl r2.y, r0.x, l(33)
mov o0.xyzw, r1.xyzw
ishr r3.x, r0.y, l(1)
ushr r3.y, r0.z, l(4)
udiv r3.z, r3.w, r0.x, l(0)
bfi r4.x, l(4), l(8), l(0xff), l(0x12345678)
mov r3.w, r4.x
mov o1.xyzw, r3.xyzw
ubfe r5.x, l(8), l(4), l(0x12345678)
ibfe r5.y, l(4), l(28), l(0x80000000)
bfrev r5.z, l(1)
countbits r5.w, l(0xf0f0)
mov o2.xyzw, r5.xyzw
firstbit_hi r6.x, l(1)
firstbit_lo r6.y, l(0x50)
firstbit_shi r6.z, l(-2)
firstbit_hi r6.w, l(0)
mov o3.xyzw, r6.xyzw)");
  CHECK(v[0] == 4u);                      // 7 + -3
  CHECK(v[1] == uint32_t(-300));          // imul lo
  CHECK(v[2] == 14u);                     // 100 / 7
  CHECK(v[3] == 2u);                      // 100 % 7
  CHECK(v[4] == uint32_t(-2));            // -3 >> 1 arithmetic
  CHECK(v[5] == 0x08000000u);             // 0x80000001 >> 4 logical
  CHECK(v[6] == 0xffffffffu);             // udiv by 0
  CHECK(v[7] == 0x12345f78u);             // bfi 4 bits at 8
  CHECK(v[8] == 0x67u);                   // ubfe
  CHECK(v[9] == 0xfffffff8u);             // ibfe sign-extends 0x8
  CHECK(v[10] == 0x80000000u);            // bfrev
  CHECK(v[11] == 8u);                     // countbits
  CHECK(v[12] == 31u);                    // firstbit_hi counts from the MSB
  CHECK(v[13] == 4u);
  CHECK(v[14] == 31u);                    // -2: first 0 bit from the top is bit 0
  CHECK(v[15] == 0xffffffffu);            // no bit set
}

TEST_CASE("conversions, comparisons and movc on the device", "[dxbc][semantics]") {
  auto v = runPixelShader(R"(ftoi r0.x, l(-2.75)
ftou r0.y, l(3.5)
itof r1.x, l(-5)
utof r1.y, l(7)
mov r0.z, r1.x
mov r0.w, r1.y
mov o0.xyzw, r0.xyzw
f32tof16 r2.x, l(1.0)
f16tof32 r2.y, l(0x4000)
lt r2.z, l(1.0), l(2.0)
ge r2.w, l(1.0), l(2.0)
mov o1.xyzw, r2.xyzw
ieq r3.x, l(5), l(5)
ult r3.y, l(-1), l(1)
ilt r3.z, l(-1), l(1)
movc r3.w, r3.z, l(11), l(22)
mov o2.xyzw, r3.xyzw
ne r4.x, l(1.0), l(1.0)
eq r4.y, l(1.0), l(1.0)
swapc r4.z, r4.w, r4.x, l(33), l(44)
mov o3.xyzw, r4.xyzw)");
  CHECK(int32_t(v[0]) == -2);
  CHECK(v[1] == 3u);
  CHECK(u2f(v[2]) == -5.0f);
  CHECK(u2f(v[3]) == 7.0f);
  CHECK(v[4] == 0x3c00u);
  CHECK(u2f(v[5]) == 2.0f);
  CHECK(v[6] == 0xffffffffu);
  CHECK(v[7] == 0u);
  CHECK(v[8] == 0xffffffffu);
  CHECK(v[9] == 0u);
  CHECK(v[10] == 0xffffffffu);
  CHECK(v[11] == 11u);
  CHECK(v[12] == 0u);
  CHECK(v[13] == 0xffffffffu);
  CHECK(v[14] == 33u);  // r4.x == 0 → no swap
  CHECK(v[15] == 44u);
}

TEST_CASE("swapc whose destinations are its own sources swaps (both results computed before either is written)",
          "[dxbc][semantics]") {
  auto v = runPixelShader(R"(mov r0.xyzw, l(1,2,3,4)
mov r1.xy, l(-1,0,0,0)
swapc r0.x, r0.y, r1.x, r0.x, r0.y
swapc r0.z, r0.w, r1.y, r0.w, r0.z
mov o0.xyzw, r0.xyzw)");
  CHECK(v[0] == 2u);  // condition set: d0 = src2 (old r0.y), d1 = src1 (old r0.x)
  CHECK(v[1] == 1u);
  CHECK(v[2] == 4u);  // condition clear: d0 = src1 (old r0.w), d1 = src2 (old r0.z)
  CHECK(v[3] == 3u);
}

TEST_CASE("swapc with negated and absolute sources swaps the modified float values", "[dxbc][semantics]") {
  auto v = runPixelShader(R"(mov r0.xyzw, l(1.5,-2.0,0,0)
mov r1.x, l(-1)
swapc r2.x, r2.y, r1.x, -r0.x, |r0.y|
swapc r2.z, r2.w, l(0), -r0.x, |r0.y|
mov o0.xyzw, r2.xyzw)");
  CHECK(u2f(v[0]) == 2.0f);   // condition set: d0 = src2 = |-2|
  CHECK(u2f(v[1]) == -1.5f);  // d1 = src1 = -1.5
  CHECK(u2f(v[2]) == -1.5f);  // condition clear: d0 = src1
  CHECK(u2f(v[3]) == 2.0f);   // d1 = src2
}

namespace {
// msad's reference: accum + the sum over bytes with a non-zero reference byte of |ref - src| (mod 2^32).
uint32_t msadReference(uint32_t ref, uint32_t src, uint32_t accum) {
  uint32_t sum = accum;
  for (int i = 0; i < 4; ++i) {
    const int r = int((ref >> (8 * i)) & 0xFF), s = int((src >> (8 * i)) & 0xFF);
    if (r != 0) sum += uint32_t(std::abs(r - s));
  }
  return sum;
}
}  // namespace

TEST_CASE("msad sums the absolute byte differences where the reference byte is not 0, per component",
          "[dxbc][semantics]") {
  const uint32_t ref[4] = {0x00FF1080u, 0x01020304u, 0u, 0xFFFFFFFFu};
  const uint32_t src[4] = {0x12345678u, 0x04030201u, 0xFFFFFFFFu, 0u};
  const uint32_t accum[4] = {1000u, 0u, 7u, 0xFFFFFFF0u};  // the last wraps
  auto v = runPixelShader(R"(mov r0.xyzw, l(0x00FF1080,0x01020304,0,0xFFFFFFFF)
mov r1.xyzw, l(0x12345678,0x04030201,0xFFFFFFFF,0)
mov r2.xyzw, l(1000,0,7,0xFFFFFFF0)
msad o0.xyzw, r0.xyzw, r1.xyzw, r2.xyzw
msad r3.yz, r0.wwxw, r1.xxyx, l(0,5,6,0)
mov o1.xyzw, l(0,0,0,0)
mov o1.yz, r3.yyzy)");
  for (int c = 0; c < 4; ++c) {
    INFO("component " << c);
    CHECK(v[c] == msadReference(ref[c], src[c], accum[c]));
  }
  CHECK(v[4] == 0u);
  CHECK(v[5] == msadReference(ref[3], src[0], 5));  // swizzled: .y reads r0.w, r1.x
  CHECK(v[6] == msadReference(ref[0], src[1], 6));  // .z reads r0.x, r1.y
  CHECK(v[7] == 0u);
}

TEST_CASE("ftoi/ftou saturate out-of-range values and map NaN to 0 like D3D", "[dxbc][semantics]") {
  auto v = runPixelShader(R"(mov r0.xyzw, l(3000000000.0,-3000000000.0,0x7fc00000,-1.0)
ftoi r1.xyzw, r0.xyzw
mov o0.xyzw, r1.xyzw
mov r2.xyzw, l(5000000000.0,-7.5,0x7fc00000,4294967040.0)
ftou r3.xyzw, r2.xyzw
mov o1.xyzw, r3.xyzw
mov r4.xy, l(2147483520.0,-2147483648.0,0,0)
ftoi r5.xy, r4.xyxx
mov o2.xyzw, r5.xyxx
mov o3.xyzw, l(0,0,0,0))");
  CHECK(v[0] == 0x7fffffffu);
  CHECK(v[1] == 0x80000000u);
  CHECK(v[2] == 0u);
  CHECK(int32_t(v[3]) == -1);
  CHECK(v[4] == 0xffffffffu);
  CHECK(v[5] == 0u);
  CHECK(v[6] == 0u);
  CHECK(v[7] == 4294967040u);
  CHECK(v[8] == 2147483520u);
  CHECK(v[9] == 0x80000000u);
}

TEST_CASE("control flow, constant buffers, icb and indexable temps on the device", "[dxbc][semantics]") {
  std::vector<uint32_t> cb = {10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120};
  auto v = runPixelShader(R"(dcl_immediateConstantBuffer { { 1, 2, 3, 4},
                              { 5, 6, 7, 8} }
dcl_indexableTemp x0[4], 4
mov r0.xy, l(0,0,0,0)
loop
  iadd r0.x, r0.x, l(1)
  ieq r1.x, r0.x, l(3)
  continuec_nz r1.x
  ilt r1.y, l(10), r0.x
  breakc_nz r1.y
  iadd r0.y, r0.y, r0.x
endloop
mov r2.x, r0.y
switch r0.x
  case l(10)
  mov r2.y, l(100)
  break
  case l(11)
  case l(12)
  mov r2.y, l(200)
  break
  default
  mov r2.y, l(300)
  break
endswitch
if_z r0.x
  mov r2.z, l(1)
else
  mov r2.z, l(2)
endif
mov r1.z, l(1)
mov r2.w, cb0[r1.z + 1].w
mov o0.xyzw, r2.xyzw
mov o1.xyzw, icb[r1.z + 0].wzyx
mov x0[r1.z + 2].xyzw, l(9,8,7,6)
mov x0[0].xyzw, l(1,1,1,1)
mov o2.xyzw, x0[3].xyzw
retc_nz r1.z
mov o3.xyzw, l(5,5,5,5))",
                          cb);
  CHECK(v[0] == 52u);   // 1..10 without 3
  CHECK(v[1] == 200u);  // loop exits with x == 11
  CHECK(v[2] == 2u);
  CHECK(v[3] == 120u);  // cb0[2].w
  CHECK(v[4] == 8u);
  CHECK(v[5] == 7u);
  CHECK(v[6] == 6u);
  CHECK(v[7] == 5u);
  CHECK(v[8] == 9u);
  CHECK(v[11] == 6u);
  CHECK(v[12] == 0u);  // retc returned before o3 was written
}

TEST_CASE("interpolation, flat varyings and SV_Position on the device", "[dxbc][semantics]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 4;
  s.vs = spirvOf(fullscreenVs(2.0f));  // w = 2 everywhere: perspective == linear, FragCoord.w == 1/2
  s.ps = spirvOf(R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// TEXCOORD                 0   xyzw        1     NONE   float   xyzw
// FLATID                   0   x           2     NONE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Target                1   xyzw        1   TARGET   float   xyzw
// SV_Target                2   xyzw        2   TARGET    uint   xyzw
//
ps_5_0
dcl_input_ps_siv linear noperspective v0.xyzw, position
dcl_input_ps linear v1.xyzw
dcl_input_ps constant v2.x
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
mov o2.xyzw, v2.xxxx
ret
)");
  s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}, {VK_FORMAT_R32G32B32A32_SFLOAT, 16}, {VK_FORMAT_R32G32B32A32_UINT, 16}};
  DrawResult res = r.draw(s);
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(res.at<float>(0, x, y, 4, 0) == x + 0.5f);
      CHECK(res.at<float>(0, x, y, 4, 1) == y + 0.5f);
      CHECK(res.at<float>(0, x, y, 4, 3) == Approx(2.0f));  // D3D SV_Position.w = clip w
      // Barycentrics of the pixel centre: vertex 1 weight = (ndc.x + 1) / 4, vertex 2 weight = (ndc.y + 1) / 4.
      float ndcx = (x + 0.5f) / 2.0f - 1.0f, ndcy = (y + 0.5f) / 2.0f - 1.0f;
      float b1 = (ndcx + 1) / 4, b2 = (ndcy + 1) / 4;
      float vid = b1 * 1 + b2 * 2;
      CHECK(res.at<float>(1, x, y, 4, 0) == Approx(vid).margin(1e-5));
      CHECK(res.at<float>(1, x, y, 4, 1) == Approx(10 * vid).margin(1e-4));
      CHECK(res.at<float>(1, x, y, 4, 2) == Approx(100 * vid).margin(1e-3));
      CHECK(res.at<float>(1, x, y, 4, 3) == Approx(1.0f));
      CHECK(res.at<uint32_t>(2, x, y, 4, 0) == 7u);  // flat: provoking vertex 0 → 0 + 7
    }
}

TEST_CASE("eval_centroid and eval_snapped interpolate the input at the requested point", "[dxbc][semantics]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 4;
  s.vs = spirvOf(fullscreenVs());
  s.ps = spirvOf(R"(ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.x, v1.x
eval_centroid o0.y, v1.x
eval_snapped o0.z, v1.x, l(4,0,0,0)
eval_snapped o0.w, v1.x, l(0,-8,0,0)
ret
)");
  s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
  DrawResult res = r.draw(s);
  // v1.x = vertex id interpolated: d/dx = 1/8 and d/dy = 1/4 per pixel on this 4x4 target.
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      INFO("pixel " << x << "," << y);
      float centre = res.at<float>(0, x, y, 4, 0);
      CHECK(res.at<float>(0, x, y, 4, 1) == Approx(centre).margin(1e-5));
      CHECK(res.at<float>(0, x, y, 4, 2) == Approx(centre + 0.25f / 8).margin(1e-5));
      CHECK(res.at<float>(0, x, y, 4, 3) == Approx(centre - 0.5f / 4).margin(1e-5));
    }
}

TEST_CASE("SV_IsFrontFace follows the winding and SV_ClipDistance clips", "[dxbc][semantics]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  const char* ps = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET    uint   xyzw
//
ps_5_0
dcl_input_ps_sgv constant v3.x, is_front_face
dcl_output o0.xyzw
mov o0.xyzw, v3.xxxx
ret
)";
  // The full-screen triangle (-1,-1), (3,-1), (-1,3) is clockwise in framebuffer space (y down).
  for (VkFrontFace face : {VK_FRONT_FACE_COUNTER_CLOCKWISE, VK_FRONT_FACE_CLOCKWISE}) {
    DrawSetup s;
    s.width = s.height = 2;
    s.frontFace = face;
    s.vs = spirvOf(fullscreenVs());
    s.ps = spirvOf(ps);
    DrawResult res = r.draw(s);
    uint32_t expected = face == VK_FRONT_FACE_CLOCKWISE ? 0xffffffffu : 0u;
    for (uint32_t i = 0; i < 4; ++i) CHECK(res.at<uint32_t>(0, i % 2, i / 2, 2, 0) == expected);
  }

  // Clip distance = clip-space x: everything left of the centre is clipped.
  DrawSetup s;
  s.width = s.height = 4;
  s.vs = spirvOf(R"(vs_5_0
dcl_immediateConstantBuffer { { -1.0, -1.0, 0.0, 1.0},
                              { 3.0, -1.0, 0.0, 1.0},
                              { -1.0, 3.0, 0.0, 1.0} }
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, clip_distance
dcl_temps 1
mov r0.xyzw, icb[v0.x + 0].xyzw
mov o0.xyzw, r0.xyzw
mov o1.x, r0.x
ret
)");
  s.ps = spirvOf("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)\nret\n");
  s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
  DrawResult res = r.draw(s);
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      INFO("pixel " << x << "," << y);
      CHECK(res.at<float>(0, x, y, 4, 0) == (x >= 2 ? 1.0f : 0.0f));
    }
}

TEST_CASE("SV_Depth output replaces the depth written", "[dxbc][semantics]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 2;
  s.depth = true;
  s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
  s.vs = spirvOf(fullscreenVs());
  s.ps = spirvOf(R"(ps_5_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_output oDepth
dcl_temps 1
mov o0.xyzw, l(0,0,0,0)
mul r0.x, v0.x, l(0.25)
mov oDepth, r0.x
ret
)");
  DrawResult res = r.draw(s);
  REQUIRE(res.depth.size() == 4);
  for (uint32_t i = 0; i < 4; ++i) {
    INFO("pixel " << i);
    CHECK(res.depth[i] == ((i % 2) + 0.5f) * 0.25f);  // depth = 0.25 * SV_Position.x
  }
}

TEST_CASE("SV_CullDistance culls a triangle whose vertices are all negative, and reaches the pixel shader",
          "[dxbc][semantics][sysvalue]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  // Cull distance (vertex id - k): k = 3 makes all three negative (culled); k = 1 keeps the
  // triangle, and the pixel shader reads the interpolated distance (its SV_CullDistance input).
  for (int k : {3, 1}) {
    char vs[1024];
    std::snprintf(vs, sizeof vs, R"(vs_5_0
dcl_immediateConstantBuffer { { -1.0, -1.0, 0.0, 1.0},
                              { 3.0, -1.0, 0.0, 1.0},
                              { -1.0, 3.0, 0.0, 1.0} }
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output_siv o1.x, cull_distance
dcl_temps 1
mov o0.xyzw, icb[v0.x + 0].xyzw
iadd r0.x, v0.x, l(-%d)
itof o1.x, r0.x
ret
)", k);
    DrawSetup s;
    s.width = s.height = 2;
    s.vs = spirvOf(vs);
    s.ps = spirvOf(R"(ps_5_0
dcl_input_ps_siv linear v1.x, cull_distance
dcl_output o0.xyzw
mov o0.xyzw, l(1.0,1.0,1.0,1.0)
mov o0.y, v1.x
ret
)");
    s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
    const std::string text = disassembleSpirv(s.vs);
    CHECK(text.find("BuiltIn CullDistance") != std::string::npos);
    DrawResult res = r.draw(s);
    for (uint32_t y = 0; y < 2; ++y)
      for (uint32_t x = 0; x < 2; ++x) {
        INFO("k " << k << " pixel " << x << "," << y);
        CHECK(res.at<float>(0, x, y, 2, 0) == (k == 3 ? 0.0f : 1.0f));
        // Interpolated vertex id - 1 at the pixel centre: -1 + (x + 0.5) / 2 * ... (barycentrics of the
        // full-screen triangle: vertex 1 weight = (x + 0.5) / 4, vertex 2 weight = (y + 0.5) / 4).
        if (k == 1)
          CHECK(res.at<float>(0, x, y, 2, 1) == Approx(-1.0f + (x + 0.5f) / 4.0f + 2.0f * (y + 0.5f) / 4.0f));
      }
  }
}

TEST_CASE("SV_DepthGreaterEqual / SV_DepthLessEqual write depth, clamped to their side of the rasterized depth",
          "[dxbc][semantics][sysvalue]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  for (const char* reg : {"oDepthGE", "oDepthLE"}) {
    DrawSetup s;
    s.width = s.height = 2;
    s.depth = true;
    s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
    s.vs = spirvOf(fullscreenVs());  // rasterized depth 0
    const std::string ps = std::string(R"(ps_5_0
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_output o0.xyzw
dcl_output )") + reg + R"(
dcl_temps 1
mov o0.xyzw, l(0,0,0,0)
mad r0.x, v0.x, l(0.25), l(0.25)
mov )" + reg + R"(, r0.x
ret
)";
    s.ps = spirvOf(ps);
    const std::string text = disassembleSpirv(s.ps);
    const bool ge = std::string(reg) == "oDepthGE";
    CHECK(text.find(ge ? "OpExecutionMode %main DepthGreater" : "OpExecutionMode %main DepthLess") != std::string::npos);
    DrawResult res = r.draw(s);
    REQUIRE(res.depth.size() == 4);
    for (uint32_t i = 0; i < 4; ++i) {
      INFO(reg << " pixel " << i);
      // 0.25 * x + 0.25 is above the rasterized 0: kept by GE, clamped to 0 by LE.
      CHECK(res.depth[i] == (ge ? ((i % 2) + 0.5f) * 0.25f + 0.25f : 0.0f));
    }
  }
}

TEST_CASE("dcl_indexrange: a vertex shader writes o[r + 1], the pixel shader reads v[r + 1] in a loop",
          "[dxbc][semantics][indexrange]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 2;
  s.vs = spirvOf(R"(vs_5_0
dcl_immediateConstantBuffer { { -1.0, -1.0, 0.0, 1.0},
                              { 3.0, -1.0, 0.0, 1.0},
                              { -1.0, 3.0, 0.0, 1.0} }
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
dcl_indexrange o1.xyzw, 3
dcl_temps 2
mov o0.xyzw, icb[v0.x + 0].xyzw
mov r0.x, l(0)
loop
  uge r0.y, r0.x, l(3)
  breakc_nz r0.y
  iadd r1.x, r0.x, l(1)
  utof r1.x, r1.x
  mul r1.xyzw, r1.xxxx, l(1.0,10.0,100.0,1000.0)
  mov o[r0.x + 1].xyzw, r1.xyzw
  iadd r0.x, r0.x, l(1)
endloop
ret
)");
  s.ps = spirvOf(R"(ps_5_0
dcl_input_ps constant v1.xyzw
dcl_input_ps constant v2.xyzw
dcl_input_ps constant v3.xyzw
dcl_indexrange v1.xyzw, 3
dcl_output o0.xyzw
dcl_temps 2
mov r0.xyzw, l(0,0,0,0)
mov r1.x, l(0)
loop
  uge r1.y, r1.x, l(3)
  breakc_nz r1.y
  add r0.xyzw, r0.xyzw, v[r1.x + 1].xyzw
  iadd r1.x, r1.x, l(1)
endloop
mov o0.xyzw, r0.xyzw
ret
)");
  s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
  DrawResult res = r.draw(s);
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 2; ++x) {
      INFO("pixel " << x << "," << y);
      // (1 + 2 + 3) · (1, 10, 100, 1000)
      CHECK(res.at<float>(0, x, y, 2, 0) == 6.0f);
      CHECK(res.at<float>(0, x, y, 2, 1) == 60.0f);
      CHECK(res.at<float>(0, x, y, 2, 2) == 600.0f);
      CHECK(res.at<float>(0, x, y, 2, 3) == 6000.0f);
    }
}

TEST_CASE("SV_Coverage output (oMask) and input on the device", "[dxbc][semantics]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 2;
  s.samples = VK_SAMPLE_COUNT_4_BIT;
  s.vs = spirvOf(fullscreenVs());
  s.ps = spirvOf("ps_5_0\ndcl_output o0.xyzw\ndcl_output oMask\nmov o0.xyzw, l(1.0,1.0,1.0,1.0)\nmov oMask, l(5)\nret\n");
  s.attachments = {{VK_FORMAT_R8G8B8A8_UNORM, 4}};
  DrawResult res = r.draw(s);
  for (int i = 0; i < 4; ++i) {
    int value = res.pixels[0][size_t(i)];
    INFO("byte " << i << " = " << value);
    CHECK(value >= 127);  // two of four samples written with 1.0, cleared to 0 → 0.5
    CHECK(value <= 128);
  }

  // The input: a 4x4 target, the triangle (0,0) (4,0) (0,4) in pixels, the pixel shader stores the
  // vCoverage it reads in u1 at its pixel's word (and writes it to the target). What D3D defines is
  // the value the shader reads (SV_Coverage: the samples the primitive covers), so that is read back
  // where the shader stores it; the target's samples would be read back through a resolve, which
  // says nothing of SV_Coverage and on the H200 read 0 at exactly the partially covered pixels
  // (an integer SAMPLE_ZERO resolve of a pixel whose samples differ, used by no other test).
  if (!ctx.device().info().properties.limits.standardSampleLocations) {
    WARN("the device has no standard sample locations: the SV_Coverage input part is not run");
    return;
  }
  DrawSetup in;
  in.width = in.height = 4;
  in.samples = VK_SAMPLE_COUNT_4_BIT;
  in.resolve = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT;
  in.psUavWords = 16;
  in.vs = spirvOf(fullscreenVs(1.0f, /*half=*/true));
  in.ps = spirvOf(R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   x           0   TARGET    uint   x
//
ps_5_0
dcl_uav_raw u1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input vCoverage
dcl_output o0.x
dcl_temps 1
ftou r0.xy, v0.xyxx
imad r0.x, r0.y, l(4), r0.x
ishl r0.x, r0.x, l(2)
mov r0.y, vCoverage
store_raw u1.x, r0.x, r0.y
mov o0.x, r0.y
ret
)");
  in.attachments = {{VK_FORMAT_R32_UINT, 4}};
  DrawResult cov = r.draw(in);
  // Standard 4x sample positions (the device reports standardSampleLocations): sums x+y within a
  // pixel are .5, 1.25, .75, 1.5 for samples 0..3; the hypotenuse is x + y = 4 in pixels. The
  // diagonal x + y = 3 has samples 0 and 2 covered while its pixel centres lie on the edge (not
  // covered): shaded once (SV_Coverage alone does not make the shader run per sample), reading 0x5.
  // Below it every sample is covered (0xF); beyond it no sample, no invocation (0xFFFFFFFF stays).
  REQUIRE(cov.uav.size() == 16);
  for (uint32_t y = 0; y < 4; ++y)
    for (uint32_t x = 0; x < 4; ++x) {
      const uint32_t expected = x + y <= 2 ? 0xfu : x + y == 3 ? 0x5u : 0xffffffffu;
      INFO("pixel " << x << "," << y);
      CHECK(cov.uav[y * 4 + x] == expected);
    }
}

TEST_CASE("ld, sample, sample_l and resinfo read a texture on the device", "[dxbc][semantics]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 1;
  s.vs = spirvOf(fullscreenVs());
  s.texture.width = s.texture.height = 2;
  s.texture.rgba = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  s.ps = spirvOf(R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Target                1   xyzw        1   TARGET   float   xyzw
// SV_Target                2   xyzw        2   TARGET    uint   xyzw
// SV_Target                3   xyzw        3   TARGET   float   xyzw
//
ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
ld_indexable(texture2d)(float,float,float,float) o0.xyzw, l(1,0,0,0), t0.xyzw
sample o1.xyzw, l(0.75,0.75,0,0), t0.wzyx, s0
resinfo_uint o2.xyzw, l(0), t0.xyzw
sample_l o3.xyzw, l(0.25,0.75,0,0), t0.xyzw, s0, l(0.0)
ret
)");
  s.attachments.assign(4, {VK_FORMAT_R32G32B32A32_UINT, 16});
  s.attachments[0].format = s.attachments[1].format = s.attachments[3].format = VK_FORMAT_R32G32B32A32_SFLOAT;
  DrawResult res = r.draw(s);
  for (uint32_t c = 0; c < 4; ++c) {
    CHECK(res.at<float>(0, 0, 0, 1, c) == float(5 + c));   // texel (1,0)
    CHECK(res.at<float>(1, 0, 0, 1, c) == float(16 - c));  // texel (1,1) swizzled wzyx
    CHECK(res.at<float>(3, 0, 0, 1, c) == float(9 + c));   // texel (0,1)
  }
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 0) == 2u);
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 1) == 2u);
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 3) == 1u);  // mip levels
}

TEST_CASE("Texture2DArray: sample, sample_b, sample_d, ld and resinfo pick the right layer", "[dxbc][semantics]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 1;
  s.vs = spirvOf(fullscreenVs());
  s.texture.width = s.texture.height = 2;
  s.texture.layers = 2;
  s.texture.array = true;
  for (int i = 0; i < 32; ++i) s.texture.rgba.push_back(float(i));  // texel t of layer l starts at 16*l + 4*t
  s.ps = spirvOf(R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Target                1   xyzw        1   TARGET   float   xyzw
// SV_Target                2   xyzw        2   TARGET    uint   xyzw
// SV_Target                3   xyzw        3   TARGET   float   xyzw
//
ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2darray (float,float,float,float) t0
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
dcl_temps 2
sample_b r0.xyzw, l(0.75,0.25,1.0,0), t0.xyzw, s0, l(0.5)
sample r1.xyzw, l(0.25,0.75,0.0,0), t0.xyzw, s0
add o0.xyzw, r0.xyzw, -r1.xyzw
ld o1.xyzw, l(0,1,1,0), t0.xyzw
resinfo_uint o2.xyzw, l(0), t0.xyzw
sample_d o3.xyzw, l(0.75,0.75,1.0,0), t0.xyzw, s0, l(0.5,0,0,0), l(0,0.5,0,0)
ret
)");
  s.attachments.assign(4, {VK_FORMAT_R32G32B32A32_SFLOAT, 16});
  s.attachments[2].format = VK_FORMAT_R32G32B32A32_UINT;
  DrawResult res = r.draw(s);
  for (uint32_t c = 0; c < 4; ++c) {
    // layer 1 texel (1,0) minus layer 0 texel (0,1): (16 + 4 + c) - (8 + c)
    CHECK(res.at<float>(0, 0, 0, 1, c) == 12.0f);
    CHECK(res.at<float>(1, 0, 0, 1, c) == float(16 + 8 + c));   // layer 1 texel (0,1)
    CHECK(res.at<float>(3, 0, 0, 1, c) == float(16 + 12 + c));  // layer 1 texel (1,1)
  }
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 0) == 2u);
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 1) == 2u);
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 2) == 2u);  // array size
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 3) == 1u);  // mip levels
}

TEST_CASE("gather4 returns the 2x2 footprint of the selected channel", "[dxbc][semantics]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 1;
  s.vs = spirvOf(fullscreenVs());
  s.texture.width = s.texture.height = 2;
  s.texture.rgba = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  s.ps = spirvOf(R"(ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
gather4 o0.xyzw, l(0.5,0.5,0,0), t0.xyzw, s0.y
ret
)");
  s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
  DrawResult res = r.draw(s);
  // Vulkan/D3D gather order: (i0,j1), (i1,j1), (i1,j0), (i0,j0) → texels (0,1), (1,1), (1,0), (0,0); channel y.
  CHECK(res.at<float>(0, 0, 0, 1, 0) == 10.0f);
  CHECK(res.at<float>(0, 0, 0, 1, 1) == 14.0f);
  CHECK(res.at<float>(0, 0, 0, 1, 2) == 6.0f);
  CHECK(res.at<float>(0, 0, 0, 1, 3) == 2.0f);
}

TEST_CASE("tiled-resource *_s forms return their base form's texels and a status check_access_fully_mapped accepts",
          "[dxbc][semantics][tiled]") {
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 1;
  s.vs = spirvOf(fullscreenVs());
  s.texture.width = s.texture.height = 2;
  s.texture.rgba = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  s.ps = spirvOf(R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
// SV_Target                1   xyzw        1   TARGET   float   xyzw
// SV_Target                2   xyzw        2   TARGET    uint   xyzw
// SV_Target                3   xyzw        3   TARGET   float   xyzw
//
ps_5_0
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
dcl_output o1.xyzw
dcl_output o2.xyzw
dcl_output o3.xyzw
dcl_temps 7
mov r1.xyzw, l(7,7,7,7)
sample_l_s r0.xyzw, r1.x, l(0.75,0.25,0,0), t0.xyzw, s0, l(0.0)
ld_s r2.xyzw, r1.y, l(0,1,0,0), t0.wzyx
sample_cl_s r3.xyzw, r1.z, l(0.75,0.75,0,0), t0.xyzw, s0, l(0.0)
gather4_po_s r4.xyzw, r1.w, l(0.5,0.5,0,0), l(63,64,0,0), t0.xyzw, s0.x
check_access_fully_mapped r5.xyzw, r1.xyzw
and r5.x, r5.x, r5.y
and r5.x, r5.x, r5.z
and r5.x, r5.x, r5.w
check_access_fully_mapped r5.y, l(1)
mov r5.z, r1.x
mov r5.w, l(0)
mov o0.xyzw, r0.xyzw
mov o1.xyzw, r4.xyzw
mov o2.xyzw, r5.xyzw
mad o3.xyzw, r3.xyzw, l(100.0,100.0,100.0,100.0), r2.xyzw
ret
)");
  s.attachments.assign(4, {VK_FORMAT_R32G32B32A32_SFLOAT, 16});
  s.attachments[2].format = VK_FORMAT_R32G32B32A32_UINT;
  DrawResult res = r.draw(s);
  for (uint32_t c = 0; c < 4; ++c) {
    CHECK(res.at<float>(0, 0, 0, 1, c) == float(5 + c));                          // sample_l_s: texel (1,0)
    CHECK(res.at<float>(3, 0, 0, 1, c) == float(100 * (13 + c) + (12 - c)));     // sample_cl_s (1,1), ld_s (0,1).wzyx
  }
  // gather4_po_s at the centre with offset (63, 64): D3D keeps 6 signed bits, (-1, 0), so the
  // footprint is texels x -1..0 (clamped to 0), y 0..1: x channel in gather order (0,1) (0,1) (0,0) (0,0).
  CHECK(res.at<float>(1, 0, 0, 1, 0) == 9.0f);
  CHECK(res.at<float>(1, 0, 0, 1, 1) == 9.0f);
  CHECK(res.at<float>(1, 0, 0, 1, 2) == 1.0f);
  CHECK(res.at<float>(1, 0, 0, 1, 3) == 1.0f);
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 0) == 0xFFFFFFFFu);  // every status: fully mapped
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 1) == 0u);           // a value no access wrote: not
  CHECK(res.at<uint32_t>(2, 0, 0, 1, 2) == kResidentStatus);
}

TEST_CASE("vertex outputs decorated for transform feedback are captured", "[dxbc][semantics]") {
  test::VkTestContext ctx({VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME});
  if (!ctx.device().extensionEnabled(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME)) {
    WARN("device has no VK_EXT_transform_feedback; capture not exercised");
    return;
  }
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 2;
  TranslateOptions xfb;
  xfb.transformFeedback = true;
  s.vs = spirvOf(fullscreenVs(), xfb);
  s.ps = spirvOf("ps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1,2,3,4)\nret\n");
  s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
  s.xfbBytes = 3 * 48;  // o0, o1, o2 → stride 48
  DrawResult res = r.draw(s);
  const float pos[3][2] = {{-1, -1}, {3, -1}, {-1, 3}};
  for (uint32_t vtx = 0; vtx < 3; ++vtx) {
    const uint8_t* p = res.xfb.data() + vtx * 48;
    float f[8];
    std::memcpy(f, p, 32);
    uint32_t flat;
    std::memcpy(&flat, p + 32, 4);
    INFO("vertex " << vtx);
    CHECK(f[0] == pos[vtx][0]);
    CHECK(f[1] == pos[vtx][1]);
    CHECK(f[3] == 1.0f);
    CHECK(f[4] == float(vtx));
    CHECK(f[5] == float(10 * vtx));
    CHECK(flat == 7 + vtx);
  }
}

TEST_CASE("two elements packed into one register (Location + Component) reach the pixel shader", "[dxbc][semantics]") {
  // Same type and interpolation on both halves: lavapipe (Mesa 22.3) applies one
  // interpolation mode per location, so mixed flat/linear packing is checked by
  // spvValidate only (test_translate.cpp).
  test::VkTestContext ctx;
  Renderer r(ctx);
  DrawSetup s;
  s.width = s.height = 2;
  s.vs = spirvOf(R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// TEXCOORD                 0   xy          1     NONE   float   xy
// TEXCOORD                 1     zw        1     NONE   float     zw
//
vs_5_0
dcl_immediateConstantBuffer { { -1.0, -1.0, 0.0, 1.0},
                              { 3.0, -1.0, 0.0, 1.0},
                              { -1.0, 3.0, 0.0, 1.0} }
dcl_input_sgv v0.x, vertex_id
dcl_output_siv o0.xyzw, position
dcl_output o1.xy
dcl_output o1.zw
dcl_temps 1
mov o0.xyzw, icb[v0.x + 0].xyzw
utof r0.x, v0.x
mov o1.x, r0.x
mov o1.y, l(2.0)
mul o1.z, r0.x, l(3.0)
mov o1.w, l(77.0)
ret
)");
  s.ps = spirvOf(R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// TEXCOORD                 0   xy          1     NONE   float   xy
// TEXCOORD                 1     zw        1     NONE   float     zw
//
ps_5_0
dcl_input_ps linear v1.xy
dcl_input_ps linear v1.zw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)");
  s.attachments = {{VK_FORMAT_R32G32B32A32_SFLOAT, 16}};
  DrawResult res = r.draw(s);
  for (uint32_t i = 0; i < 4; ++i) {
    uint32_t x = i % 2, y = i / 2;
    INFO("pixel " << x << "," << y);
    float ndcx = (x + 0.5f) - 1.0f, ndcy = (y + 0.5f) - 1.0f;
    float vid = (ndcx + 1) / 4 * 1 + (ndcy + 1) / 4 * 2;
    CHECK(res.at<float>(0, x, y, 2, 0) == Approx(vid).margin(1e-5));
    CHECK(res.at<float>(0, x, y, 2, 1) == 2.0f);
    CHECK(res.at<float>(0, x, y, 2, 2) == Approx(3 * vid).margin(1e-4));
    CHECK(res.at<float>(0, x, y, 2, 3) == 77.0f);
  }
}
