// tests/rootsig: rootsig::bindShader — which root parameter, table offset and
// descriptor class each declared register of an SM5.0 or SM5.1 shader gets,
// the translator's descriptor-range map, and the "root signature doesn't
// match" errors for registers the root signature does not cover, and the W
// window and counter bindings a RWTexture3D and a counted structured UAV add.
#include "dxbc/binding.h"
#include "dxbc/listing.h"
#include "rootsig/shader_bindings.h"

#include <catch2/catch.hpp>

using namespace d3dvk;
using namespace d3dvk::rootsig;

namespace {

RootParameter constants(uint32_t reg, uint32_t values, uint32_t visibility = kVisibilityAll) {
  RootParameter p;
  p.parameterType = kParameterConstants;
  p.shaderRegister = reg;
  p.num32BitValues = values;
  p.shaderVisibility = visibility;
  return p;
}
RootParameter rootDescriptor(uint32_t type, uint32_t reg, uint32_t space = 0) {
  RootParameter p;
  p.parameterType = type;
  p.shaderRegister = reg;
  p.registerSpace = space;
  return p;
}
RootParameter table(std::vector<DescriptorRange> ranges) {
  RootParameter p;
  p.parameterType = kParameterTable;
  p.ranges = std::move(ranges);
  return p;
}
DescriptorRange range(uint32_t type, uint32_t count, uint32_t base, uint32_t space = 0, uint32_t offset = kOffsetAppend) {
  DescriptorRange r;
  r.rangeType = type;
  r.numDescriptors = count;
  r.baseShaderRegister = base;
  r.registerSpace = space;
  r.offsetInDescriptorsFromTableStart = offset;
  return r;
}

const char kPs50[] = R"(ps_5_0
dcl_constantbuffer cb0[1], immediateIndexed
dcl_constantbuffer cb3[1], immediateIndexed
dcl_sampler s0, mode_default
dcl_resource_texture2d (float,float,float,float) t2
dcl_resource_buffer (float,float,float,float) t5
dcl_uav_raw u1
dcl_output o0.xyzw
mov o0.xyzw, cb0[0].xyzw
ret
)";

}  // namespace

TEST_CASE("bindShader maps SM5.0 registers to root constants, root descriptors, tables and static samplers",
          "[rootsig][bindings]") {
  RootSignatureDesc desc;
  desc.version = kVersion1_1;
  desc.parameters.push_back(constants(0, 4, 5));                                    // b0, pixel only
  desc.parameters.push_back(table({range(kRangeSrv, 4, 2), range(kRangeCbv, 1, 3)}));  // t2..t5 at 0..3, b3 at 4
  desc.parameters.push_back(rootDescriptor(kParameterUav, 1));                      // u1
  desc.staticSamplers.push_back(StaticSampler{});                                   // s0
  const dxbc::Program program = dxbc::assemble(kPs50).program;
  ShaderBindings b = bindShader(desc, program, 1);
  REQUIRE(b.error == "");
  REQUIRE(b.bindings.size() == 7);
  // cb0: root constants (parameter 0)
  CHECK(b.bindings[0].source == BindingSource::RootConstants);
  CHECK(b.bindings[0].index == 0);
  CHECK(b.bindings[0].descriptorClass == DescriptorClass::UniformBuffer);
  // cb3: the table's second range, after the four SRVs
  CHECK(b.bindings[1].source == BindingSource::Table);
  CHECK(b.bindings[1].index == 1);
  CHECK(b.bindings[1].tableOffset == 4);
  // s0: the static sampler
  CHECK(b.bindings[2].source == BindingSource::StaticSampler);
  CHECK(b.bindings[2].descriptorClass == DescriptorClass::Sampler);
  // t2 → offset 0 (sampled image), t5 → offset 3 (typed buffer)
  CHECK(b.bindings[3].tableOffset == 0);
  CHECK(b.bindings[3].descriptorClass == DescriptorClass::SampledImage);
  CHECK(b.bindings[4].tableOffset == 3);
  CHECK(b.bindings[4].descriptorClass == DescriptorClass::UniformTexelBuffer);
  // u1: root UAV as a storage buffer
  CHECK(b.bindings[5].source == BindingSource::RootDescriptor);
  CHECK(b.bindings[5].index == 2);
  CHECK(b.bindings[5].descriptorClass == DescriptorClass::StorageBuffer);
  // The translator's map: one entry per declaration, in set 1 at its binding.
  REQUIRE(b.ranges.size() == 6);
  CHECK(b.ranges[4].kind == dxbc::ResourceKind::ShaderResource);
  CHECK(b.ranges[4].lowerBound == 5);
  CHECK(b.ranges[4].count == 1);
  CHECK(b.ranges[4].set == 1);
  CHECK(b.ranges[4].binding == 4);
  // The buffer views (t5 typed, u1 raw) own words 0 and 1 of the stage's
  // buffer view shifts, a binding of their own after the declarations'.
  CHECK(b.bindings[3].shiftIndex == dxbc::kNoViewShift);
  CHECK(b.bindings[4].shiftIndex == 0);
  CHECK(b.bindings[5].shiftIndex == 1);
  CHECK(b.ranges[4].viewShiftIndex == 0);
  CHECK(b.ranges[5].viewShiftIndex == 1);
  CHECK(b.ranges[3].viewShiftIndex == dxbc::kNoViewShift);
  CHECK(b.shiftWords == 2);
  CHECK(b.bindings[6].source == BindingSource::BufferViewShifts);
  CHECK(b.bindings[6].binding == dxbc::kBufferViewShiftsBinding);
  CHECK(b.bindings[6].descriptorClass == DescriptorClass::StorageBuffer);
}

TEST_CASE("bindShader: a register the root signature does not cover is a mismatch naming the stage and range",
          "[rootsig][bindings]") {
  RootSignatureDesc desc;
  desc.version = kVersion1_1;
  desc.parameters.push_back(constants(0, 4, 1));  // b0 for the VERTEX stage only: the pixel shader cannot see it
  desc.parameters.push_back(table({range(kRangeSrv, 4, 2), range(kRangeCbv, 1, 3)}));
  desc.parameters.push_back(rootDescriptor(kParameterUav, 1));
  desc.staticSamplers.push_back(StaticSampler{});
  ShaderBindings b = bindShader(desc, dxbc::assemble(kPs50).program, 1);
  CHECK(b.mismatch);
  CHECK(b.error ==
        "Root Signature doesn't match Pixel Shader: Shader CBV descriptor range (BaseShaderRegister=0, "
        "NumDescriptors=1, RegisterSpace=0) is not fully bound in root signature");

  // A texture behind a root SRV is refused: root descriptors are raw or structured buffers.
  RootSignatureDesc rootSrv;
  rootSrv.parameters.push_back(rootDescriptor(kParameterSrv, 0));
  const char* ps = R"(ps_5_0
dcl_resource_texture2d (float,float,float,float) t0
dcl_output o0.xyzw
mov o0.xyzw, l(0,0,0,0)
ret
)";
  b = bindShader(rootSrv, dxbc::assemble(ps).program, 1);
  CHECK(b.mismatch);
  CHECK(b.error.find("raw or structured buffers only") != std::string::npos);
}

TEST_CASE("bindShader maps SM5.1 ranges in register spaces into table ranges, unbounded ones capped",
          "[rootsig][bindings]") {
  RootSignatureDesc desc;
  desc.version = kVersion1_1;
  // t0..t9 in space 5 at table offset 2 (after two UAVs); an unbounded SRV range in space 6 at 20.
  desc.parameters.push_back(table({range(kRangeUav, 2, 0), range(kRangeSrv, 10, 0, 5),
                                   range(kRangeSrv, kUnboundedDescriptors, 0, 6, 20)}));
  const char* cs = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_resource_texture2d (float,float,float,float) T0[4:7], space=5
dcl_resource_raw T1[3:*], space=6
dcl_uav_raw U0[1:1], space=0
dcl_thread_group 1, 1, 1
ret
)";
  ShaderBindings b = bindShader(desc, dxbc::assemble(cs).program, 0);
  REQUIRE(b.error == "");
  REQUIRE(b.bindings.size() == 4);  // and last the buffer view shifts: T1's 256 words, then U0's
  CHECK(b.bindings[1].shiftIndex == 0);
  CHECK(b.bindings[2].shiftIndex == kUnboundedDescriptorCap);
  CHECK(b.shiftWords == kUnboundedDescriptorCap + 1);
  CHECK(b.bindings[3].source == BindingSource::BufferViewShifts);
  CHECK(b.bindings[0].tableOffset == 2 + 4);
  CHECK(b.bindings[0].count == 4);
  CHECK(b.bindings[1].tableOffset == 20 + 3);
  CHECK(b.bindings[1].count == kUnboundedDescriptorCap);
  CHECK(b.bindings[1].descriptorClass == DescriptorClass::StorageBuffer);
  CHECK(b.bindings[2].tableOffset == 1);
  CHECK(b.ranges[0].space == 5);
  CHECK(b.ranges[0].lowerBound == 4);

  // T0[4:11] reaches past the table's ten registers: not covered.
  const char* tooLong = R"(cs_5_1
dcl_globalFlags refactoringAllowed
dcl_resource_texture2d (float,float,float,float) T0[4:11], space=5
dcl_thread_group 1, 1, 1
ret
)";
  b = bindShader(desc, dxbc::assemble(tooLong).program, 0);
  CHECK(b.mismatch);
  CHECK(b.error ==
        "Root Signature doesn't match Compute Shader: Shader SRV descriptor range (BaseShaderRegister=4, "
        "NumDescriptors=8, RegisterSpace=5) is not fully bound in root signature");
}

TEST_CASE("bindShader gives a RWTexture3D its W window and a counted structured UAV its counter, from the UAV's "
          "table descriptor",
          "[rootsig][bindings]") {
  const char ps[] = R"(ps_5_0
dcl_uav_typed_texture3d (uint,uint,uint,uint) u2
dcl_uav_structured u3, 4
dcl_temps 1
store_uav_typed u2.xyzw, l(0,0,0,0), l(1,1,1,1)
imm_atomic_alloc r0.x, u3
store_structured u3.x, r0.x, l(0), l(7)
ret
)";
  RootSignatureDesc desc;
  desc.version = kVersion1_1;
  desc.parameters.push_back(constants(0, 1));
  desc.parameters.push_back(table({range(kRangeUav, 2, 2, 0, 5)}));  // u2 at 5, u3 at 6
  const dxbc::Program program = dxbc::assemble(ps).program;
  ShaderBindings b = bindShader(desc, program, 1);
  REQUIRE(b.error == "");
  REQUIRE(b.bindings.size() == 5);  // and last the buffer view shifts of u3
  REQUIRE(b.ranges.size() == 2);  // the translator's map holds the declarations only
  CHECK(b.bindings[4].source == BindingSource::BufferViewShifts);
  CHECK(b.bindings[3].shiftIndex == dxbc::kNoViewShift);  // (the counter is not a view)
  CHECK(b.bindings[0].descriptorClass == DescriptorClass::StorageImage);
  CHECK(b.bindings[1].descriptorClass == DescriptorClass::StorageBuffer);
  // The window of u2: binding.h's 320 + 2, read from u2's descriptor.
  CHECK(b.bindings[2].source == BindingSource::UavWindow);
  CHECK(b.bindings[2].binding == dxbc::kUnorderedAccessWindowBindingBase + 2);
  CHECK(b.bindings[2].descriptorClass == DescriptorClass::StorageBuffer);
  CHECK(b.bindings[2].index == 1);
  CHECK(b.bindings[2].tableOffset == 5);
  // The counter of u3: 256 + 3, read from u3's descriptor.
  CHECK(b.bindings[3].source == BindingSource::UavCounter);
  CHECK(b.bindings[3].binding == dxbc::kUnorderedAccessCounterBindingBase + 3);
  CHECK(b.bindings[3].descriptorClass == DescriptorClass::StorageBuffer);
  CHECK(b.bindings[3].index == 1);
  CHECK(b.bindings[3].tableOffset == 6);

  // A root UAV has no counter (D3D12): refused with the reason.
  RootSignatureDesc root;
  root.version = kVersion1_1;
  root.parameters.push_back(table({range(kRangeUav, 1, 2)}));
  root.parameters.push_back(rootDescriptor(kParameterUav, 3));
  ShaderBindings refused = bindShader(root, program, 1);
  CHECK(refused.error == "Pixel Shader: a structured UAV's counter needs a one-register UAV (id below 64) from a "
                         "descriptor table (a root UAV has no counter)");
  CHECK_FALSE(refused.mismatch);
}
