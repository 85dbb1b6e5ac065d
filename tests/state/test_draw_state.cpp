// tests/state: the draw path's pure translations — element layout → Vulkan
// vertex input, primitive topology → input assembly (restart for strips), and
// the graphics-pipeline key's equality and hash.
#include "input_layout.h"
#include "pipeline_key.h"
#include "primitive_topology.h"

#include <catch2/catch.hpp>

#include <unordered_set>

using namespace d3dvk::state;

TEST_CASE("element layout: registers become locations, slots become bindings with their input rate",
          "[state][input-layout]") {
  const D3D10DDIARG_INPUT_ELEMENT_DESC elements[] = {
      {0, 0, DXGI_FORMAT_R32G32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 3},
      {0, 8, DXGI_FORMAT_R8G8B8A8_UNORM, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 1},
      {5, 4, DXGI_FORMAT_R32G32B32A32_FLOAT, D3D10_DDI_INPUT_PER_INSTANCE_DATA, 1, 0},
  };
  VertexInputState s;
  std::string error;
  REQUIRE(translateInputLayout(elements, 3, &s, &error));
  REQUIRE(s.bindings.size() == 2);
  CHECK(s.bindings[0].binding == 0);
  CHECK(s.bindings[0].inputRate == VK_VERTEX_INPUT_RATE_VERTEX);
  CHECK(s.bindings[0].stride == 0);  // dynamic
  CHECK(s.bindings[1].binding == 5);
  CHECK(s.bindings[1].inputRate == VK_VERTEX_INPUT_RATE_INSTANCE);
  REQUIRE(s.attributes.size() == 3);
  CHECK(s.attributes[0].location == 3);
  CHECK(s.attributes[0].format == VK_FORMAT_R32G32_SFLOAT);
  CHECK(s.attributes[1].location == 1);
  CHECK(s.attributes[1].offset == 8);
  CHECK(s.attributes[1].format == VK_FORMAT_R8G8B8A8_UNORM);
  CHECK(s.attributes[2].binding == 5);
  CHECK(s.attributes[2].offset == 4);
}

TEST_CASE("element layout: what Vulkan cannot express here is an error, never a crash", "[state][input-layout]") {
  VertexInputState s;
  std::string error;
  const D3D10DDIARG_INPUT_ELEMENT_DESC badFormat[] = {
      {0, 0, DXGI_FORMAT_BC1_UNORM, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0}};
  CHECK_FALSE(translateInputLayout(badFormat, 1, &s, &error));
  CHECK(error.find("unsupported vertex format") != std::string::npos);
  const D3D10DDIARG_INPUT_ELEMENT_DESC stepRate[] = {
      {0, 0, DXGI_FORMAT_R32_FLOAT, D3D10_DDI_INPUT_PER_INSTANCE_DATA, 2, 0}};
  CHECK_FALSE(translateInputLayout(stepRate, 1, &s, &error));
  const D3D10DDIARG_INPUT_ELEMENT_DESC mixed[] = {
      {0, 0, DXGI_FORMAT_R32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0},
      {0, 4, DXGI_FORMAT_R32_FLOAT, D3D10_DDI_INPUT_PER_INSTANCE_DATA, 1, 1}};
  CHECK_FALSE(translateInputLayout(mixed, 2, &s, &error));
  const D3D10DDIARG_INPUT_ELEMENT_DESC slot[] = {{32, 0, DXGI_FORMAT_R32_FLOAT, D3D10_DDI_INPUT_PER_VERTEX_DATA, 0, 0}};
  CHECK_FALSE(translateInputLayout(slot, 1, &s, &error));
  CHECK_FALSE(translateInputLayout(nullptr, 1, &s, &error));
  CHECK(translateInputLayout(nullptr, 0, &s, &error));
  CHECK(s.attributes.empty());
}

TEST_CASE("topology: lists never restart, strips restart at the cut index, unknown values draw nothing",
          "[state][topology]") {
  InputAssembly list = translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  CHECK(list.valid);
  CHECK(list.topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
  CHECK_FALSE(list.primitiveRestart);
  InputAssembly strip = translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  CHECK(strip.topology == VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP);
  CHECK(strip.primitiveRestart);
  CHECK(translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY_LINESTRIP).primitiveRestart);
  CHECK(translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP_ADJ).topology ==
        VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY);
  CHECK_FALSE(translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY_POINTLIST).primitiveRestart);
  CHECK_FALSE(translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY_UNDEFINED).valid);
  CHECK(translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY(33)).topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
  CHECK(translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY(64)).topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST);
  CHECK_FALSE(translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY(65)).valid);
  CHECK_FALSE(translateTopology(D3D10_DDI_PRIMITIVE_TOPOLOGY(-1)).valid);
}

TEST_CASE("pipeline key: every field takes part in equality and the hash separates them", "[state][pipeline-key]") {
  GraphicsPipelineKey base;
  base.vertexShader = 1;
  base.pixelShader = 2;
  base.inputLayout = 3;
  base.topology = D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLELIST;
  base.rasterizer = {D3D10_DDI_FILL_SOLID, D3D10_DDI_CULL_BACK, FALSE, 0, 0.f, 0.f, TRUE, FALSE, FALSE, FALSE, 0,
                     D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_OFF};
  base.renderTargetCount = 1;
  base.renderTargetFormats[0] = DXGI_FORMAT_R8G8B8A8_UNORM;
  GraphicsPipelineKeyHash hash;
  GraphicsPipelineKey same = base;
  CHECK(same == base);
  CHECK(hash(same) == hash(base));

  std::vector<GraphicsPipelineKey> variants(15, base);
  variants[0].vertexShader = 9;
  variants[1].pixelShader = 0;
  variants[2].inputLayout = 0;
  variants[3].topology = D3D10_DDI_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP;
  variants[4].sampleCount = 4;
  variants[5].rasterizer.CullMode = D3D10_DDI_CULL_NONE;
  variants[6].rasterizer.ScissorEnable = TRUE;
  variants[7].rasterizer.DepthBiasClamp = 0.5f;
  variants[8].renderTargetCount = 2;
  variants[9].renderTargetFormats[0] = DXGI_FORMAT_R32G32B32A32_FLOAT;
  variants[10].depthStencilFormat = DXGI_FORMAT_D32_FLOAT;
  variants[11].rasterizer.ConservativeRasterizationMode = D3DWDDM2_0DDI_CONSERVATIVE_RASTERIZATION_ON;
  variants[12].variant = PipelineVariant::FallbackShading;
  variants[13].variant = PipelineVariant::NativeCounting;
  variants[14].depthStencilReadOnly = 1;  // D3D11_DDI_CREATE_DSV_READ_ONLY_DEPTH: depth writes forced off
  std::unordered_set<size_t> hashes{hash(base)};
  for (size_t i = 0; i < variants.size(); ++i) {
    INFO("variant " << i);
    CHECK_FALSE(variants[i] == base);
    hashes.insert(hash(variants[i]));
  }
  CHECK(hashes.size() == variants.size() + 1);
}
