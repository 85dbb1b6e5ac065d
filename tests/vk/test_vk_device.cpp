// tests/vk: the Vulkan backend core — process-wide instances, validation wiring (and the
// stale-layer report it ignores), device selection, and what shader modules may declare.
#include "stderr_capture.h"
#include "vk_pipeline.h"
#include "vk_shader_requirements.h"
#include "vk_test_context.h"

#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "setup_shader.h"
#include "tessellation_listings.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <set>
#include <thread>

using namespace d3dvk;
using namespace d3dvk::test;

TEST_CASE("Vulkan device on the selected driver is created under the validation layer with no messages", "[vk]") {
  test::VkTestContext ctx;
  REQUIRE(ctx.instance().validationEnabled());
  const vk::PhysicalDeviceInfo& info = ctx.device().info();
  CHECK(info.properties.apiVersion >= VK_API_VERSION_1_3);
  CHECK(!info.driverName.empty());
  // A trivial submission goes through cleanly.
  ctx.submitAndWait([](VkCommandBuffer) {});
  CHECK(ctx.instance().validationMessageCount() == 0);
}

TEST_CASE("the validation messenger catches a real validation error", "[vk]") {
  // Proves the wiring every other Vulkan test relies on: an invalid call is seen.
  // (The process-wide instance keeps the driver loaded when the private one goes.)
  std::string sharedError;
  REQUIRE(vk::Instance::shared(vk::InstanceOptions{}, &sharedError));
  std::vector<std::string> seen;
  vk::InstanceOptions options;
  options.validation = true;
  options.messageSink = [&](const std::string& m) { seen.push_back(m); };
  std::string error;
  auto instance = vk::Instance::create(options, &error);
  INFO(error);
  REQUIRE(instance);
  auto device = vk::Device::create(instance->selectPhysicalDevice(nullptr, &error), &error, {}, instance->validationLayerVersion());
  REQUIRE(device);
  VkBuffer buffer = VK_NULL_HANDLE;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = 16;
  info.usage = 0;  // VUID-VkBufferCreateInfo-usage-requiredbitmask
  vkCreateBuffer(device->handle(), &info, nullptr, &buffer);
  if (buffer) vkDestroyBuffer(device->handle(), buffer, nullptr);
  device.reset();
  CHECK(instance->validationMessageCount() >= 1);
  REQUIRE(!seen.empty());
  CHECK(seen[0].find("VUID-VkBufferCreateInfo-usage") != std::string::npos);
}

TEST_CASE("physical device selection by index and by name, with clear errors", "[vk]") {
  std::string error;
  vk::Instance* instance = vk::Instance::shared(vk::InstanceOptions{}, &error);
  REQUIRE(instance);
  REQUIRE(!instance->physicalDevices().empty());
  // Default: the first GPU, a CPU implementation only when there is none.
  VkPhysicalDevice firstGpu = VK_NULL_HANDLE;
  for (VkPhysicalDevice pd : instance->physicalDevices()) {
    VkPhysicalDeviceProperties p;
    vkGetPhysicalDeviceProperties(pd, &p);
    if (!firstGpu && p.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU && p.deviceType != VK_PHYSICAL_DEVICE_TYPE_OTHER)
      firstGpu = pd;
  }
  CHECK(instance->selectPhysicalDevice(nullptr, &error) == (firstGpu ? firstGpu : instance->physicalDevices()[0]));
  CHECK(instance->selectPhysicalDevice("0", &error) == instance->physicalDevices()[0]);
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(instance->physicalDevices()[0], &props);
  std::string upper = props.deviceName;
  for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
  CHECK(instance->selectPhysicalDevice(upper.substr(0, 4).c_str(), &error) == instance->physicalDevices()[0]);

  error.clear();
  CHECK(instance->selectPhysicalDevice("99", &error) == VK_NULL_HANDLE);
  CHECK(error.find("no physical device with that index") != std::string::npos);
  error.clear();
  CHECK(instance->selectPhysicalDevice("no-such-gpu-xyz", &error) == VK_NULL_HANDLE);
  CHECK(error.find("no physical device name contains it") != std::string::npos);
}

TEST_CASE("process-wide instances: one per validation mode, the same on every call and thread", "[vk]") {
  std::string error;
  vk::InstanceOptions off, on, sync;
  on.validation = sync.validation = true;
  sync.synchronizationValidation = true;
  vk::Instance* a = vk::Instance::shared(off, &error);
  vk::Instance* b = vk::Instance::shared(on, &error);
  vk::Instance* c = vk::Instance::shared(sync, &error);
  INFO(error);
  REQUIRE(a);
  REQUIRE(b);
  REQUIRE(c);
  CHECK(a != b);
  CHECK(b != c);
  CHECK(a != c);
  CHECK(!a->validationEnabled());
  CHECK(b->validationEnabled());
  CHECK(c->validationEnabled());
  on.applicationName = "ignored";  // a shared instance is chosen by the mode alone
  CHECK(vk::Instance::shared(on, &error) == b);
  std::vector<vk::Instance*> seen(8);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < seen.size(); ++i)
    threads.emplace_back([&, i] {
      std::string e;
      seen[i] = vk::Instance::shared(i % 2 ? on : off, &e);
    });
  for (std::thread& t : threads) t.join();
  for (size_t i = 0; i < seen.size(); ++i) CHECK(seen[i] == (i % 2 ? b : a));
}

TEST_CASE("the old layer's timeline-tracking timeout is ignored only from layers before the fix", "[vk]") {
  const char* id = "UNASSIGNED-VkSemaphore-state-timeout";
  const uint32_t v239 = VK_MAKE_API_VERSION(0, 1, 3, 239), v296 = VK_MAKE_API_VERSION(0, 1, 3, 296);
  CHECK(vk::isLayerTimelineTrackingTimeout(id, v239));
  CHECK_FALSE(vk::isLayerTimelineTrackingTimeout(id, v296));  // the layer that rewrote that tracking
  CHECK_FALSE(vk::isLayerTimelineTrackingTimeout(id, 0));     // version unknown: reported
  CHECK_FALSE(vk::isLayerTimelineTrackingTimeout("VUID-vkWaitSemaphores-pWaitInfo-parameter", v239));
  CHECK_FALSE(vk::isLayerTimelineTrackingTimeout(nullptr, v239));
}

TEST_CASE("the stale-layer SPV_EXT_fragment_fully_covered report is ignored only where it is false", "[vk]") {
  const char* id = "VUID-VkShaderModuleCreateInfo-pCode-04146";
  const char* text = "vkCreateShaderModule(): A SPIR-V Extension (SPV_EXT_fragment_fully_covered) was declared that "
                     "is not supported by Vulkan.";
  const uint32_t v239 = VK_MAKE_API_VERSION(0, 1, 3, 239), v241 = VK_MAKE_API_VERSION(0, 1, 3, 241);
  CHECK(vk::isStaleFragmentFullyCoveredReport(id, text, v239, true));
  CHECK_FALSE(vk::isStaleFragmentFullyCoveredReport(id, text, v239, false));  // the extension is not enabled: real
  CHECK_FALSE(vk::isStaleFragmentFullyCoveredReport(id, text, v241, true));   // a layer that knows the extension
  CHECK_FALSE(vk::isStaleFragmentFullyCoveredReport(id, "A SPIR-V Extension (SPV_KHR_foo) was declared", v239, true));
  CHECK_FALSE(vk::isStaleFragmentFullyCoveredReport("VUID-VkShaderModuleCreateInfo-pCode-01091", text, v239, true));
  CHECK_FALSE(vk::isStaleFragmentFullyCoveredReport(nullptr, nullptr, v239, true));

  // On this machine's device: a module declaring the extension (with its
  // capability and built-in) is reported by the layer when the device did not
  // enable VK_EXT_conservative_rasterization, whatever the layer's version.
  std::string sharedError;
  REQUIRE(vk::Instance::shared(vk::InstanceOptions{}, &sharedError));
  std::vector<std::string> seen;
  vk::InstanceOptions options;
  options.validation = true;
  options.messageSink = [&](const std::string& m) { seen.push_back(m); };
  std::string error;
  auto instance = vk::Instance::create(options, &error);
  INFO(error);
  REQUIRE(instance);
  auto device = vk::Device::create(instance->selectPhysicalDevice(nullptr, &error), &error, {}, instance->validationLayerVersion());
  REQUIRE(device);
  if (device->extensionEnabled(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME)) {
    WARN("the device enabled VK_EXT_conservative_rasterization: the negative case needs one without it");
    return;
  }
  // The layer checks a module's capabilities and extensions when a pipeline uses it.
  auto translated = [](const char* listing) {
    return dxbc::translateToSpirv(dxbc::parseShader(dxbc::assemble(listing).container));
  };
  const std::vector<uint32_t> vs = translated(
      "vs_5_0\ndcl_input v0.xyzw\ndcl_output_siv o0.xyzw, position\nmov o0.xyzw, v0.xyzw\nret\n");
  const std::vector<uint32_t> ps = translated(
      "//\n// Output signature:\n//\n// Name                 Index   Mask Register SysValue  Format   Used\n"
      "// -------------------- ----- ------ -------- -------- ------- ------\n"
      "// SV_Target                0   x           0   TARGET    uint   x\n//\n"
      "ps_5_0\ndcl_input vInnerCoverage\ndcl_output o0.x\nmov o0.x, vInnerCoverage\nret\n");
  VkDevice dev = device->handle();
  VkShaderModule modules[2] = {};
  for (int i = 0; i < 2; ++i) {
    const std::vector<uint32_t>& code = i ? ps : vs;
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = code.size() * 4;
    info.pCode = code.data();
    REQUIRE(vkCreateShaderModule(dev, &info, nullptr, &modules[i]) == VK_SUCCESS);
  }
  VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  VkPipelineLayout layout = VK_NULL_HANDLE;
  REQUIRE(vkCreatePipelineLayout(dev, &layoutInfo, nullptr, &layout) == VK_SUCCESS);
  VkPipelineShaderStageCreateInfo stages[2] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT, modules[0], "main",
       nullptr},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_FRAGMENT_BIT, modules[1],
       "main", nullptr}};
  VkVertexInputBindingDescription binding{0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
  VkVertexInputAttributeDescription attribute{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
  VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  vertexInput.vertexBindingDescriptionCount = vertexInput.vertexAttributeDescriptionCount = 1;
  vertexInput.pVertexBindingDescriptions = &binding;
  vertexInput.pVertexAttributeDescriptions = &attribute;
  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkViewport viewport{0, 0, 4, 4, 0, 1};
  VkRect2D scissor{{0, 0}, {4, 4}};
  VkPipelineViewportStateCreateInfo viewportState{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewportState.viewportCount = viewportState.scissorCount = 1;
  viewportState.pViewports = &viewport;
  viewportState.pScissors = &scissor;
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  raster.lineWidth = 1;
  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  VkPipelineColorBlendAttachmentState blendAttachment{};
  blendAttachment.colorWriteMask = 0xF;
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = 1;
  blend.pAttachments = &blendAttachment;
  const VkFormat format = VK_FORMAT_R32_UINT;
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachmentFormats = &format;
  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  info.pNext = &rendering;
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vertexInput;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewportState;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pColorBlendState = &blend;
  info.layout = layout;
  VkPipeline pipeline = VK_NULL_HANDLE;
  vkCreateGraphicsPipelines(dev, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline);
  if (pipeline) vkDestroyPipeline(dev, pipeline, nullptr);
  vkDestroyPipelineLayout(dev, layout, nullptr);
  for (VkShaderModule m : modules) vkDestroyShaderModule(dev, m, nullptr);
  device.reset();
  bool reported = false, staleTable = false;
  for (const std::string& m : seen) {
    UNSCOPED_INFO(m);
    reported |= m.find("SPV_EXT_fragment_fully_covered") != std::string::npos;
    staleTable |= m.find("VUID-VkShaderModuleCreateInfo-pCode-04146") != std::string::npos &&
                  m.find("SPV_EXT_fragment_fully_covered") != std::string::npos;
  }
  // A layer from before 1.3.241 does not know the extension at all (the same
  // report a device that enabled it gets); a newer one names the missing device
  // extension (pCode-04147).
  if (instance->validationLayerVersion() < VK_MAKE_API_VERSION(0, 1, 3, 241)) CHECK(staleTable);
  CHECK(reported);
}

TEST_CASE("shader modules may declare only what the device enabled, others are refused before Vulkan sees them",
          "[vk]") {
  test::VkTestContext ctx;
  vk::Device& device = ctx.device();
  auto translated = [](const char* listing, const dxbc::TranslateOptions& options = {}) {
    return dxbc::translateToSpirv(dxbc::parseShader(dxbc::assemble(listing).container), options);
  };
  const char* innerCoverage = "ps_5_0\ndcl_input vInnerCoverage\ndcl_output o0.x\nmov o0.x, vInnerCoverage\nret\n";
  dxbc::TranslateOptions asZero;
  asZero.innerCoverageAsZero = true;
  CHECK(vk::unmetShaderRequirement(device, translated(innerCoverage, asZero)) == "");
  const std::string native = vk::unmetShaderRequirement(device, translated(innerCoverage));
  if (device.extensionEnabled(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME)) {
    CHECK(native == "");
  } else {
    // What the UMD's native variant must not be on such a device (it reads 0 instead).
    CHECK(native ==
          "OpCapability FragmentFullyCoveredEXT needs VK_EXT_conservative_rasterization, which the device did not "
          "enable");
    VkResult result = VK_SUCCESS;
    test::StderrCapture capture;
    CHECK(vk::createShaderModule(device, translated(innerCoverage), &result) == nullptr);
    const std::string printed = capture.text();
    CHECK(result == VK_ERROR_FEATURE_NOT_PRESENT);
    CHECK(printed == std::string(vk::kValidationMessagePrefix) + "d3dvk refused a shader module: " + native + "\n");
  }
  // The UMD's other modules on this device: the fallback's setup pass and the
  // fallback variant of a pixel shader (demote to helper, 64-bit edges).
  if (device.enabledFeatures().shaderInt64) {
    for (const fallback::SetupPass pass : {fallback::SetupPass::Triage, fallback::SetupPass::Deferred}) {
      const std::span<const uint32_t> setup =
          fallback::setupShaderSpirv(device.enabledFeatures().shaderFloat64 == VK_TRUE, pass);
      CHECK(vk::unmetShaderRequirement(device, std::vector<uint32_t>(setup.begin(), setup.end())) == "");
    }
    dxbc::TranslateOptions fallbackVariant;
    fallbackVariant.variant = dxbc::ShaderVariant::Fallback;
    fallbackVariant.demoteToHelper = device.demoteToHelperInvocationEnabled();
    CHECK(vk::unmetShaderRequirement(device, translated(innerCoverage, fallbackVariant)) == "");
  }
  // The query sums' shader (D3D12 statistics around fallback draws) needs no feature and is valid SPIR-V.
  const std::span<const uint32_t> queryAdd = fallback::queryAddShaderSpirv();
  CHECK(dxbc::validateSpirv(std::vector<uint32_t>(queryAdd.begin(), queryAdd.end())) == "");
  CHECK(vk::unmetShaderRequirement(device, std::vector<uint32_t>(queryAdd.begin(), queryAdd.end())) == "");
  // The extension alone (no capability) is checked too, as are unknown capabilities and extensions.
  std::vector<uint32_t> words = translated("ps_5_0\ndcl_output o0.x\nmov o0.x, l(1)\nret\n");
  CHECK(vk::unmetShaderRequirement(device, words) == "");
  const char ext[] = "SPV_EXT_fragment_fully_covered";  // 31 characters + NUL: 8 words
  std::vector<uint32_t> extension = {(1u + 8u) << 16 | 10u, 0, 0, 0, 0, 0, 0, 0, 0};
  std::memcpy(&extension[1], ext, sizeof ext);
  std::vector<uint32_t> withExtension = words;
  withExtension.insert(withExtension.begin() + 7, extension.begin(), extension.end());  // after OpCapability Shader
  CHECK(dxbc::validateSpirv(withExtension) == "");
  if (!device.extensionEnabled(VK_EXT_CONSERVATIVE_RASTERIZATION_EXTENSION_NAME))
    CHECK(vk::unmetShaderRequirement(device, withExtension) ==
          "OpExtension SPV_EXT_fragment_fully_covered needs VK_EXT_conservative_rasterization, which the device did "
          "not enable");
  std::vector<uint32_t> unknown = words;
  unknown.insert(unknown.begin() + 7, {2u << 16 | 17u, 5009u});  // OpCapability 5009 (not in the table)
  CHECK(vk::unmetShaderRequirement(device, unknown) ==
        "OpCapability 5009 needs an entry in d3dvk's table (vk_shader_requirements.cpp), which the device did not "
        "enable");
  CHECK(vk::unmetShaderRequirement(device, {0x07230203u}) == "not a SPIR-V module (shorter than its header)");
}

TEST_CASE("tessellation interface Locations are checked against the device's limits: the patch constants' 30 on NVIDIA",
          "[vk][tessellation]") {
  auto translated = [](const char* listing) {
    return dxbc::translateToSpirv(dxbc::parseShader(dxbc::assemble(listing).container));
  };
  const std::vector<uint32_t> hs = translated(kHsTriPacked), ds = translated(kDsTriPacked);
  // The H100/H200's limits (vulkaninfo, driver 580): 120 per-patch components, 128 per vertex.
  VkPhysicalDeviceLimits nvidia{};
  nvidia.maxTessellationControlPerVertexInputComponents = 128;
  nvidia.maxTessellationControlPerVertexOutputComponents = 128;
  nvidia.maxTessellationControlPerPatchOutputComponents = 120;
  nvidia.maxTessellationEvaluationInputComponents = 128;
  nvidia.maxTessellationEvaluationOutputComponents = 128;
  CHECK(vk::unmetInterfaceLocation(nvidia, hs) == "");
  CHECK(vk::unmetInterfaceLocation(nvidia, ds) == "");
  // The layout of before, patch constants at Location 31 − register (registers 0 and 1 at 31 and
  // 30), put every PN-triangle patch constant out of the domain shader's reach on the H200.
  auto countingDown = [](std::vector<uint32_t> words) {
    std::set<uint32_t> patch;
    for (size_t i = 5; i < words.size(); i += words[i] >> 16)
      if ((words[i] & 0xFFFF) == 71 && words[i + 2] == 15) patch.insert(words[i + 1]);  // OpDecorate … Patch
    for (size_t i = 5; i < words.size(); i += words[i] >> 16)
      if ((words[i] & 0xFFFF) == 71 && words[i + 2] == 30 && patch.count(words[i + 1]))  // … Location
        words[i + 3] = 31 - words[i + 3];
    return words;
  };
  CHECK(vk::unmetInterfaceLocation(nvidia, countingDown(hs)) ==
        "a Patch output at Location 31 is past the device's 30 locations "
        "(maxTessellationControlPerPatchOutputComponents 120)");
  CHECK(vk::unmetInterfaceLocation(nvidia, countingDown(ds)) ==
        "a Patch input at Location 30 is past the device's 30 locations "
        "(maxTessellationControlPerPatchOutputComponents 120)");
  // A device with the minimum per-vertex components (64: 16 locations) cannot hold control points at 31 − register.
  VkPhysicalDeviceLimits minimum = nvidia;
  minimum.maxTessellationControlPerVertexOutputComponents = minimum.maxTessellationEvaluationInputComponents = 64;
  CHECK(vk::unmetInterfaceLocation(minimum, hs) ==
        "an output at Location 31 is past the device's 16 locations (maxTessellationControlPerVertexOutputComponents 64)");
  // Other stages are not this check's.
  CHECK(vk::unmetInterfaceLocation(minimum, translated("ps_5_0\ndcl_output o0.x\nmov o0.x, l(1)\nret\n")) == "");

  // On this device: every translated hull and domain shader passes, and the check is part of what
  // a shader module must meet before Vulkan sees it.
  test::VkTestContext ctx;
  for (const char* listing : {kHsTri, kDsTri, kHsQuad, kDsQuad, kHsTriPacked, kDsTriPacked, kHsIsolines, kDsIsolines}) {
    INFO(listing);
    CHECK(vk::unmetShaderRequirement(ctx.device(), translated(listing)) == "");
  }
  VkPhysicalDeviceLimits limits = ctx.device().info().properties.limits;
  if (limits.maxTessellationControlPerPatchOutputComponents < 128) {
    CHECK(vk::unmetShaderRequirement(ctx.device(), countingDown(hs)) ==
          vk::unmetInterfaceLocation(limits, countingDown(hs)));
    CHECK(vk::unmetShaderRequirement(ctx.device(), countingDown(hs)) != "");
  }
}
