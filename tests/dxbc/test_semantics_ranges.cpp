// tests/dxbc/test_semantics_ranges.cpp — SM5.1 register ranges and spaces
// translated to descriptor arrays, run on the Vulkan device (lavapipe here) under
// the validation layer through a raw-Vulkan compute harness: SRV arrays (typed
// and structured, one unbounded and {nonuniform}, natively or in a subgroup
// loop), a constant-buffer range, UAV
// arrays (raw and typed) indexed by registers computed in the shader, with the
// default descriptor map and with one a root signature could give; the values
// read back. Also what fails to translate, and how it says so.
#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "spirv_text.h"
#include "vk_test_context.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace d3dvk;
using namespace d3dvk::dxbc;

namespace {

// One descriptor array of buffers: its set, binding, type and each element's initial dwords.
struct BoundArray {
  uint32_t set = 0, binding = 0;
  VkDescriptorType type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  std::vector<std::vector<uint32_t>> elements;
};

bool texelBuffer(VkDescriptorType t) {
  return t == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER || t == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
}

// Runs `spirv` (a compute shader) over `groups` thread groups with `arrays`
// bound, and returns every element's dwords afterwards (arrays, then elements).
std::vector<std::vector<std::vector<uint32_t>>> runCompute(test::VkTestContext& ctx, const std::vector<uint32_t>& spirv,
                                                           const std::vector<BoundArray>& arrays, uint32_t groups) {
  const VkDevice dev = ctx.vkDevice();
  std::vector<std::vector<test::VkTestContext::HostBuffer>> buffers;
  std::vector<VkBufferView> views;
  for (const BoundArray& a : arrays) {
    buffers.emplace_back();
    for (const std::vector<uint32_t>& data : a.elements) {
      const VkBufferUsageFlags usage = a.type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER        ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                                       : a.type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER ? VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT
                                       : a.type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER ? VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT
                                                                                           : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
      test::VkTestContext::HostBuffer b = ctx.createHostBuffer(data.size() * 4, usage);
      std::memcpy(b.mapped, data.data(), data.size() * 4);
      buffers.back().push_back(b);
      if (texelBuffer(a.type)) {
        VkBufferViewCreateInfo vi{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
        vi.buffer = b.buffer;
        vi.format = VK_FORMAT_R32_UINT;
        vi.range = VK_WHOLE_SIZE;
        VkBufferView view = VK_NULL_HANDLE;
        REQUIRE(vkCreateBufferView(dev, &vi, nullptr, &view) == VK_SUCCESS);
        views.push_back(view);
      }
    }
  }
  uint32_t sets = 1;
  for (const BoundArray& a : arrays) sets = std::max(sets, a.set + 1);
  std::vector<VkDescriptorSetLayout> layouts(sets);
  for (uint32_t s = 0; s < sets; ++s) {
    std::vector<VkDescriptorSetLayoutBinding> bindings;
    for (const BoundArray& a : arrays)
      if (a.set == s)
        bindings.push_back({a.binding, a.type, uint32_t(a.elements.size()), VK_SHADER_STAGE_COMPUTE_BIT, nullptr});
    VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    li.bindingCount = uint32_t(bindings.size());
    li.pBindings = bindings.data();
    REQUIRE(vkCreateDescriptorSetLayout(dev, &li, nullptr, &layouts[s]) == VK_SUCCESS);
  }
  const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 32},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 32},
                                        {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 32},
                                        {VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 32}};
  VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pi.maxSets = sets;
  pi.poolSizeCount = 4;
  pi.pPoolSizes = sizes;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  REQUIRE(vkCreateDescriptorPool(dev, &pi, nullptr, &pool) == VK_SUCCESS);
  std::vector<VkDescriptorSet> descriptorSets(sets);
  VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  ai.descriptorPool = pool;
  ai.descriptorSetCount = sets;
  ai.pSetLayouts = layouts.data();
  REQUIRE(vkAllocateDescriptorSets(dev, &ai, descriptorSets.data()) == VK_SUCCESS);
  size_t view = 0;
  for (size_t i = 0; i < arrays.size(); ++i) {
    const BoundArray& a = arrays[i];
    std::vector<VkDescriptorBufferInfo> infos;
    std::vector<VkBufferView> texelViews;
    for (const auto& b : buffers[i]) {
      infos.push_back({b.buffer, 0, VK_WHOLE_SIZE});
      if (texelBuffer(a.type)) texelViews.push_back(views[view++]);
    }
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstSet = descriptorSets[a.set];
    w.dstBinding = a.binding;
    w.descriptorCount = uint32_t(a.elements.size());
    w.descriptorType = a.type;
    if (texelBuffer(a.type)) w.pTexelBufferView = texelViews.data();
    else w.pBufferInfo = infos.data();
    vkUpdateDescriptorSets(dev, 1, &w, 0, nullptr);
  }
  VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  pli.setLayoutCount = sets;
  pli.pSetLayouts = layouts.data();
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  REQUIRE(vkCreatePipelineLayout(dev, &pli, nullptr, &pipelineLayout) == VK_SUCCESS);
  VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  mi.codeSize = spirv.size() * 4;
  mi.pCode = spirv.data();
  VkShaderModule module = VK_NULL_HANDLE;
  REQUIRE(vkCreateShaderModule(dev, &mi, nullptr, &module) == VK_SUCCESS);
  VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT, module, "main",
              nullptr};
  ci.layout = pipelineLayout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  REQUIRE(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &ci, nullptr, &pipeline) == VK_SUCCESS);
  ctx.submitAndWait([&](VkCommandBuffer cmd) {
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout, 0, sets, descriptorSets.data(), 0,
                            nullptr);
    vkCmdDispatch(cmd, groups, 1, 1);
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr,
                         0, nullptr);
  });
  std::vector<std::vector<std::vector<uint32_t>>> out;
  for (size_t i = 0; i < arrays.size(); ++i) {
    out.emplace_back();
    for (size_t e = 0; e < buffers[i].size(); ++e) {
      std::vector<uint32_t> data(arrays[i].elements[e].size());
      std::memcpy(data.data(), buffers[i][e].mapped, data.size() * 4);
      out.back().push_back(data);
    }
  }
  vkDestroyPipeline(dev, pipeline, nullptr);
  vkDestroyShaderModule(dev, module, nullptr);
  vkDestroyPipelineLayout(dev, pipelineLayout, nullptr);
  vkDestroyDescriptorPool(dev, pool, nullptr);
  for (VkDescriptorSetLayout l : layouts) vkDestroyDescriptorSetLayout(dev, l, nullptr);
  for (VkBufferView v : views) vkDestroyBufferView(dev, v, nullptr);
  return out;
}

std::vector<uint32_t> translated(const char* listing, const TranslateOptions& options = {}) {
  const std::vector<uint32_t> spirv = translateToSpirv(parseShader(assemble(listing).container), options);
  const std::string msg = validateSpirv(spirv);
  INFO(msg);
  REQUIRE(msg.empty());
  return spirv;
}

// Thread group i (0..3, one thread each, so every index below is dynamically
// uniform): reads typed buffer T0[2] at element i, structured buffer
// T1[(3 - i) + 4] (an unbounded range) at element i and constant buffer
// CB0[2 + (i & 1)]; writes the three to raw UAV U0[1 + (i >> 1)] at byte
// (i & 1) * 12, and 5000 + i to typed UAV U1[4] at element i. Typed (texel
// buffer) arrays are indexed by constants: lavapipe has no dynamic indexing of them.
const char kRangesCs[] = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[2:3][1], dynamicIndexed, space=1
dcl_resource_buffer (uint,uint,uint,uint) T0[0:3], space=0
dcl_resource_structured T1[4:*], 4, space=0
dcl_uav_raw U0[1:2], space=2
dcl_uav_typed_buffer (uint,uint,uint,uint) U1[3:4], space=2
dcl_input vThreadGroupID.x
dcl_temps 3
dcl_thread_group 1, 1, 1
mov r0.x, vThreadGroupID.x
ld r1.x, r0.xxxx, T0[2].xyzw
iadd r0.y, l(3), -r0.x
ld_structured r1.y, r0.x, l(0), T1[r0.y + 4].xxxx
and r0.z, r0.x, l(1)
mov r1.z, CB0[r0.z + 2][0].x
ushr r0.w, r0.x, l(1)
movc r2.y, r0.z, l(12), l(0)
store_raw U0[r0.w + 1].xyz, r2.y, r1.xyzx
iadd r2.x, r0.x, l(5000)
store_uav_typed U1[4].xyzw, r0.xxxx, r2.xxxx
ret
)";

std::vector<std::vector<uint32_t>> typedSrvs() {  // T0[i] element e = 100 i + e
  std::vector<std::vector<uint32_t>> v;
  for (uint32_t i = 0; i < 4; ++i) v.push_back({100 * i, 100 * i + 1, 100 * i + 2, 100 * i + 3});
  return v;
}
std::vector<std::vector<uint32_t>> structuredSrvs() {  // T1 register 4 + j, element e = 1000 (j + 1) + e
  std::vector<std::vector<uint32_t>> v;
  for (uint32_t j = 0; j < 4; ++j) v.push_back({1000 * (j + 1), 1000 * (j + 1) + 1, 1000 * (j + 1) + 2, 1000 * (j + 1) + 3});
  return v;
}

// What the shader leaves in U0[1], U0[2] (raw, 8 dwords each) and U1[3], U1[4] (typed, 4 elements each).
const std::vector<uint32_t> kRaw1 = {200, 4000, 7, 201, 3001, 9, 0, 0};
const std::vector<uint32_t> kRaw2 = {202, 2002, 7, 203, 1003, 9, 0, 0};
const std::vector<uint32_t> kTyped3 = {0, 0, 0, 0};
const std::vector<uint32_t> kTyped4 = {5000, 5001, 5002, 5003};

std::vector<BoundArray> defaultMapArrays(uint32_t structuredCount) {
  // One vector for both iterators (two calls made two temporaries: a range
  // between them, which the device path's first run on a GPU threw on).
  const std::vector<std::vector<uint32_t>> structured = structuredSrvs();
  return {
      {0, 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, {{7, 0, 0, 0}, {9, 0, 0, 0}}},
      {0, 32, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, typedSrvs()},
      {0, 33, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
       std::vector<std::vector<uint32_t>>(structured.begin(), structured.begin() + structuredCount)},
      {0, 160, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, {std::vector<uint32_t>(8, 0), std::vector<uint32_t>(8, 0)}},
      {0, 161, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, {{0, 0, 0, 0}, {0, 0, 0, 0}}},
  };
}

}  // namespace

TEST_CASE("SM5.1 ranges as descriptor arrays under an explicit descriptor map (a root signature's ranges)",
          "[dxbc][semantics][sm51]") {
  test::VkTestContext ctx;
  TranslateOptions options;
  // Wider ranges than the shader declares, in other sets and bindings: register
  // r is element r - lowerBound; the unbounded T1[4:*] in a range of 4.
  options.descriptorRanges = {
      {ResourceKind::ShaderResource, 0, 0, 4, 1, 3},
      {ResourceKind::ShaderResource, 0, 4, 4, 1, 7},
      {ResourceKind::ConstantBuffer, 1, 0, 8, 0, 2},
      {ResourceKind::UnorderedAccess, 2, 0, 3, 1, 0},
      {ResourceKind::UnorderedAccess, 2, 3, 2, 1, 1},
  };
  const std::vector<uint32_t> spirv = translated(kRangesCs, options);
  const std::string text = disassembleSpirv(spirv);
  CHECK(text.find("OpCapability UniformBufferArrayDynamicIndexing") != std::string::npos);
  CHECK(text.find("OpCapability StorageBufferArrayDynamicIndexing") != std::string::npos);
  CHECK(text.find("RuntimeDescriptorArray") == std::string::npos);  // the map's range is 4 long
  CHECK(text.find("NonUniform") == std::string::npos);
  std::vector<std::vector<uint32_t>> cbs;
  for (uint32_t k = 0; k < 8; ++k) cbs.push_back({k == 2 ? 7u : k == 3 ? 9u : 1000 + k, 0, 0, 0});
  const std::vector<BoundArray> arrays = {
      {1, 3, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, typedSrvs()},
      {1, 7, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, structuredSrvs()},
      {0, 2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, cbs},
      {1, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
       {std::vector<uint32_t>(8, 0), std::vector<uint32_t>(8, 0), std::vector<uint32_t>(8, 0)}},
      {1, 1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, {{0, 0, 0, 0}, {0, 0, 0, 0}}},
  };
  const auto out = runCompute(ctx, spirv, arrays, 4);
  CHECK(out[3][0] == std::vector<uint32_t>(8, 0));  // u0: not the shader's
  CHECK(out[3][1] == kRaw1);
  CHECK(out[3][2] == kRaw2);
  CHECK(out[4][0] == kTyped3);
  CHECK(out[4][1] == kTyped4);

  // A range the map does not hold does not translate, and says which.
  TranslateOptions narrow = options;
  narrow.descriptorRanges[0].count = 2;  // t0..t1, but T0 is t0..t3
  CHECK_THROWS_WITH(translateToSpirv(parseShader(assemble(kRangesCs).container), narrow),
                    Catch::Contains("T0[0:3], space 0 lies in no range of the descriptor map"));
  narrow = options;
  narrow.descriptorRanges[2].space = 0;  // the constant buffers are in space 1
  CHECK_THROWS_WITH(translateToSpirv(parseShader(assemble(kRangesCs).container), narrow),
                    Catch::Contains("CB0[2:3], space 1 lies in no range of the descriptor map"));
  narrow = options;
  narrow.descriptorRanges[1].lowerBound = 5;  // t5..t8: T1[4:*] starts below it
  CHECK_THROWS_WITH(translateToSpirv(parseShader(assemble(kRangesCs).container), narrow),
                    Catch::Contains("T1[4:*], space 0 lies in no range of the descriptor map"));
}

TEST_CASE("SM5.1 ranges under the default map: each range an array at binding.h's binding for its id",
          "[dxbc][semantics][sm51]") {
  const Shader shader = parseShader(assemble(kRangesCs).container);
  const std::vector<DescriptorRange> map = defaultDescriptorRanges(shader.program);
  REQUIRE(map.size() == 5);
  CHECK((map[0].kind == ResourceKind::ConstantBuffer && map[0].space == 1 && map[0].lowerBound == 2 && map[0].count == 2 &&
         map[0].set == 0 && map[0].binding == 0));
  CHECK((map[1].kind == ResourceKind::ShaderResource && map[1].lowerBound == 0 && map[1].count == 4 && map[1].binding == 32));
  CHECK((map[2].kind == ResourceKind::ShaderResource && map[2].lowerBound == 4 &&
         map[2].count == kUnboundedDescriptorRange && map[2].binding == 33));
  CHECK((map[3].kind == ResourceKind::UnorderedAccess && map[3].space == 2 && map[3].lowerBound == 1 && map[3].count == 2 &&
         map[3].binding == 160));
  CHECK((map[4].kind == ResourceKind::UnorderedAccess && map[4].lowerBound == 3 && map[4].count == 2 && map[4].binding == 161));
  CHECK(defaultDescriptorRanges(parseShader(assemble("cs_5_0\ndcl_thread_group 1, 1, 1\nret\n").container).program).empty());

  const std::vector<uint32_t> spirv = translated(kRangesCs);
  const std::string text = disassembleSpirv(spirv);
  CHECK(text.find("OpCapability RuntimeDescriptorArray") != std::string::npos);  // T1[4:*]
  CHECK(text.find("OpDecorate %t1 Binding 33") != std::string::npos);
  CHECK(text.find("OpDecorate %cb0 Binding 0") != std::string::npos);
  CHECK(text.find("OpDecorate %u1 Binding 161") != std::string::npos);

  // What is bound, built on every device (the run below needs runtimeDescriptorArray).
  const std::vector<BoundArray> arrays = defaultMapArrays(4);
  REQUIRE(arrays.size() == 5);
  CHECK(arrays[2].elements == structuredSrvs());

  test::VkTestContext ctx;
  if (!ctx.device().descriptorIndexing().runtimeDescriptorArray) {
    WARN("the device has no runtimeDescriptorArray (lavapipe before Mesa 23): the unbounded range is not run");
    return;
  }
  const auto out = runCompute(ctx, spirv, arrays, 4);
  CHECK(out[3][0] == kRaw1);
  CHECK(out[3][1] == kRaw2);
  CHECK(out[4][0] == kTyped3);
  CHECK(out[4][1] == kTyped4);
}

namespace {

// One group of 4 threads: thread i reads T1[i + 4] (non-uniform) and writes it to U0[i & 1 + 1].
const char kNonUniformCs[] = R"(cs_5_1
dcl_resource_structured T1[4:7], 4, space=0
dcl_uav_raw U0[1:2], space=0
dcl_input vThreadID.x
dcl_temps 2
dcl_thread_group 4, 1, 1
ld_structured r0.x, vThreadID.x, l(0), T1[vThreadID.x + 4].xxxx {nonuniform}
and r0.y, vThreadID.x, l(1)
ishl r1.x, vThreadID.x, l(2)
store_raw U0[r0.y + 1].x {nonuniform}, r1.x, r0.x
ret
)";

// Runs kNonUniformCs translated (one group of 4 threads) and checks what each thread wrote.
void checkNonUniformRun(test::VkTestContext& ctx, const std::vector<uint32_t>& spirv) {
  const auto out = runCompute(ctx, spirv,
                              {{0, 33, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, structuredSrvs()},
                               {0, 160, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, {{0, 0, 0, 0}, {0, 0, 0, 0}}}},
                              1);
  CHECK(out[1][0] == std::vector<uint32_t>{1000, 0, 3002, 0});
  CHECK(out[1][1] == std::vector<uint32_t>{0, 2001, 0, 4003});
}

}  // namespace

TEST_CASE("{nonuniform} resource indices: NonUniform on the index, the pointer and the loaded descriptor",
          "[dxbc][semantics][sm51]") {
  const char* cs = kNonUniformCs;
  const std::vector<uint32_t> spirv = translated(cs);
  const std::string text = disassembleSpirv(spirv);
  CHECK(text.find("OpCapability ShaderNonUniform") != std::string::npos);
  CHECK(text.find("OpCapability StorageBufferArrayNonUniformIndexing") != std::string::npos);
  CHECK(text.find("OpExtension \"SPV_EXT_descriptor_indexing\"") != std::string::npos);
  CHECK(test::occurrences(text, " NonUniform\n") >= 4);  // two indices and the two element pointers (at least)

  test::VkTestContext ctx;
  if (!ctx.device().descriptorIndexing().storageBufferNonUniform) {
    WARN("the device has no shaderStorageBufferArrayNonUniformIndexing (lavapipe before Mesa 23): not run");
    return;
  }
  checkNonUniformRun(ctx, spirv);
}

TEST_CASE("{nonuniform} resource indices without the device features: a subgroup loop serves each distinct index",
          "[dxbc][semantics][sm51]") {
  // The shader of the case above, translated with nonUniformWaterfall.
  const char* cs = kNonUniformCs;
  TranslateOptions options;
  options.nonUniformWaterfall = true;
  const std::vector<uint32_t> spirv = translated(cs, options);
  const std::string text = disassembleSpirv(spirv);
  CHECK(text.find(" NonUniform\n") == std::string::npos);  // no NonUniform decoration
  CHECK(text.find("ShaderNonUniform") == std::string::npos);
  CHECK(text.find("OpCapability GroupNonUniformArithmetic") != std::string::npos);
  CHECK(test::occurrences(text, "OpGroupNonUniformUMin") == 2);  // one loop per instruction with a {nonuniform} index
  CHECK(text.find("OpLoopMerge") != std::string::npos);

  test::VkTestContext ctx;
  if (!ctx.device().info().subgroupOperationsIn(VK_SHADER_STAGE_COMPUTE_BIT, VK_SUBGROUP_FEATURE_ARITHMETIC_BIT)) {
    WARN("the device has no subgroup arithmetic in compute shaders: not run");
    return;
  }
  checkNonUniformRun(ctx, spirv);
}

TEST_CASE("{nonuniform} resource indices in a stage without subgroup operations: a switch over constant elements",
          "[dxbc][semantics][sm51]") {
  // The shader of the cases above, translated with nonUniformSwitch: both
  // {nonuniform} indices (a structured SRV range of 4, a raw UAV range of 2)
  // become switches whose cases index by constants; no subgroup operation, no
  // NonUniform, no dynamic indexing capability.
  TranslateOptions options;
  options.nonUniformSwitch = true;
  const std::vector<uint32_t> spirv = translated(kNonUniformCs, options);
  const std::string text = disassembleSpirv(spirv);
  CHECK(test::occurrences(text, "OpSwitch") == 2);
  CHECK(text.find(" NonUniform\n") == std::string::npos);
  CHECK(text.find("ShaderNonUniform") == std::string::npos);
  CHECK(text.find("GroupNonUniform") == std::string::npos);
  CHECK(text.find("StorageBufferArrayDynamicIndexing") == std::string::npos);
  test::VkTestContext ctx;
  checkNonUniformRun(ctx, spirv);  // constant indices: every Vulkan device runs it

  // An unbounded range keeps its NonUniform index (a device without the features refuses it).
  const char* unbounded = R"(cs_5_1
dcl_resource_raw T0[0:*], space=0
dcl_uav_raw U0[0:0], space=0
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 4, 1, 1
ld_raw r0.x, l(0), T0[vThreadID.x + 0].xxxx {nonuniform}
ishl r0.y, vThreadID.x, l(2)
store_raw U0[0].x, r0.y, r0.x
ret
)";
  const std::string kept = disassembleSpirv(translated(unbounded, options));
  CHECK(kept.find("OpSwitch") == std::string::npos);
  CHECK(kept.find("OpCapability StorageBufferArrayNonUniformIndexing") != std::string::npos);
}

TEST_CASE("texture ranges on a device without dynamic sampled-image indexing: a switch over constant elements",
          "[dxbc][semantics][sm51]") {
  const char* ps = R"(ps_5_1
dcl_sampler S0[0:0], mode_default, space=0
dcl_resource_texture2d (float,float,float,float) T0[0:3], space=0
dcl_resource_texture2d (float,float,float,float) T1[0:*], space=1
dcl_input_ps constant v0.x
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
sample r0.xyzw, v1.xyxx, T0[v0.x + 0].xyzw {nonuniform}, S0[0]
sample_l r1.xyzw, v1.xyxx, T1[v0.x + 0].xyzw, S0[0], l(0.0)
add o0.xyzw, r0.xyzw, r1.xyzw
ret
)";
  TranslateOptions options;
  options.constantIndexClasses = kConstantIndexSampledImages | kConstantIndexSamplers;
  const std::string text = disassembleSpirv(translated(ps, options));
  // T0 (four elements): a switch whose cases index by constants, sampling with
  // the gradients taken before it; T1 (unbounded) keeps its dynamic index.
  CHECK(text.find("OpSwitch") != std::string::npos);
  CHECK(text.find("OpImageSampleImplicitLod") == std::string::npos);
  CHECK(text.find("Grad %") != std::string::npos);
  CHECK(text.find("OpDPdx") != std::string::npos);
  CHECK(text.find("OpCapability SampledImageArrayNonUniformIndexing") == std::string::npos);
  CHECK(text.find("OpCapability SampledImageArrayDynamicIndexing") != std::string::npos);  // T1's
  CHECK(test::occurrences(text, "OpImageSampleExplicitLod") == 5);  // T0's four cases and T1's sample_l
}

TEST_CASE("an SM5.0 shader under a descriptor map: its registers are one-register ranges in space 0",
          "[dxbc][semantics][sm51]") {
  test::VkTestContext ctx;
  const char* cs = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB1[1], immediateIndexed
dcl_resource_structured t2, 4
dcl_uav_raw u1
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 2, 1, 1
ld_structured r0.x, vThreadID.x, l(0), t2.xxxx
iadd r0.x, r0.x, cb1[0].y
ishl r0.y, vThreadID.x, l(2)
store_raw u1.x, r0.y, r0.x
ret
)";
  TranslateOptions options;
  options.descriptorRanges = {{ResourceKind::ConstantBuffer, 0, 0, 4, 0, 0},
                              {ResourceKind::ShaderResource, 0, 0, 4, 0, 1},
                              {ResourceKind::UnorderedAccess, 0, 1, 1, 0, 2}};
  const std::vector<uint32_t> spirv = translated(cs, options);
  std::vector<std::vector<uint32_t>> cbs(4, {0, 0, 0, 0}), srvs(4, {0, 0});
  cbs[1] = {0, 40, 0, 0};
  srvs[2] = {1, 2};
  const std::vector<BoundArray> arrays = {{0, 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, cbs},
                                          {0, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, srvs},
                                          {0, 2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, {{0, 0}}}};
  const auto out = runCompute(ctx, spirv, arrays, 1);
  CHECK(out[2][0] == std::vector<uint32_t>{41, 42});
}

TEST_CASE("SM5.1 texture and sampler ranges translate to valid SPIR-V, and bad operands fail clearly", "[dxbc][sm51]") {
  const char* ps = R"(ps_5_1
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[0:0][2], immediateIndexed, space=0
dcl_sampler S0[0:1], mode_default, space=0
dcl_sampler S1[4:4], mode_comparison, space=0
dcl_resource_texture2d (float,float,float,float) T0[0:7], space=1
dcl_resource_texture2d (float,float,float,float) T1[0:*], space=2
dcl_uav_typed_texture2d (float,float,float,float) U0[0:3], space=0
dcl_input_ps constant v0.x
dcl_input_ps linear v1.xy
dcl_output o0.xyzw
dcl_temps 2
sample r0.xyzw, v1.xyxx, T0[v0.x + 0].xyzw, S0[v0.x + 0]
sample_l r1.xyzw, v1.xyxx, T1[v0.x + 0].xyzw {nonuniform}, S0[1], l(0.0)
add r0.xyzw, r0.xyzw, r1.xyzw
sample_c r1.x, v1.xyxx, T0[3].xyzw, S1[4], CB0[0][1].x
add r0.x, r0.x, r1.x
store_uav_typed U0[v0.x + 0].xyzw, l(0,0,0,0), r0.xyzw
mov o0.xyzw, r0.xyzw
ret
)";
  const std::vector<uint32_t> spirv = translated(ps);
  const std::string text = disassembleSpirv(spirv);
  for (const char* cap : {"SampledImageArrayDynamicIndexing", "SampledImageArrayNonUniformIndexing",
                          "StorageImageArrayDynamicIndexing", "RuntimeDescriptorArray"}) {
    INFO(cap);
    CHECK(text.find(std::string("OpCapability ") + cap) != std::string::npos);
  }
  // The pixel set (1): T0 at 32 + 0, T1 at 32 + 1, S0 at 16, S1 at 17, U0 at 160.
  CHECK(text.find("OpDecorate %t1 Binding 33") != std::string::npos);
  CHECK(text.find("OpDecorate %s1 Binding 17") != std::string::npos);
  CHECK(text.find("OpDecorate %u0 DescriptorSet 1") != std::string::npos);

  auto fails = [](const std::string& listing, const char* message) {
    INFO(listing);
    CHECK_THROWS_WITH(translateToSpirv(parseShader(assemble(listing).container)), Catch::Contains(message));
  };
  const std::string head = "ps_5_1\ndcl_resource_texture2d (float,float,float,float) T0[2:5], space=0\n"
                           "dcl_sampler S0[0:0], mode_default, space=0\ndcl_input_ps linear v1.xy\ndcl_output o0.xyzw\n";
  fails(head + "sample o0.xyzw, v1.xyxx, T0[6].xyzw, S0[0]\nret\n", "t0: register 6 is outside its declared range [2:5]");
  fails(head + "sample o0.xyzw, v1.xyxx, T1[2].xyzw, S0[0]\nret\n", "t1 is not declared");
  fails(head + "sample o0.xyzw, v1.xyxx, T0[2].xyzw, S0[0]\nret\n"
               "dcl_resource_texture2d (float,float,float,float) T0[7:7], space=0\n",
        "T0[7:7], space 0 is declared twice");
}
