// tests/dxbc/test_translate_memory.cpp — raw and structured buffers, typed
// buffer and Texture3D UAVs, thread-group shared memory, every atomic and
// imm_atomic form, UAV counters, sync, and compute shaders (their thread group
// and system values): fxc listings assemble, disassemble round trip, translate
// to valid SPIR-V with the documented bindings; the fallback pixel variant
// guards every UAV side effect by pixel ownership; errors name the reason.
#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "spirv_text.h"

#include <catch2/catch.hpp>

using namespace d3dvk::dxbc;
using namespace d3dvk::test;

namespace {

std::vector<uint32_t> translateText(const std::string& text, const TranslateOptions& opt = {}) {
  AssembleResult a = assemble(text);
  Shader s = parseShader(a.container);
  return translateToSpirv(s, opt);
}

std::string validText(const std::string& text, const TranslateOptions& opt = {}) {
  INFO(text);
  const std::vector<uint32_t> spv = translateText(text, opt);
  const std::string dis = disassembleSpirv(spv);
  INFO(dis);
  CHECK(validateSpirv(spv) == "");
  return dis;
}

const char kPsBuffers[] = R"(ps_5_0
dcl_globalFlags refactoringAllowed
dcl_resource_raw t0
dcl_resource_structured t1, 16
dcl_uav_raw u1
dcl_uav_structured u2, 8
dcl_uav_typed_texture2d (uint,uint,uint,uint) u3
dcl_uav_typed_texture3d (sint,sint,sint,sint) u4
dcl_uav_typed_buffer (uint,uint,uint,uint) u5
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_temps 3
ftou r0.xy, v0.xyxx
)";

}  // namespace

TEST_CASE("raw and structured loads and stores translate, bounds-checked", "[dxbc][translate][buffers]") {
  const char* lines[] = {
      "ld_raw r1.xyzw, r0.x, t0.xyzw",
      "ld_raw r1.xy, l(16), t0.zwxx",
      "ld_raw_indexable(raw_buffer)(mixed,mixed,mixed,mixed) r1.x, r0.y, u1.x",
      "ld_structured r1.xyzw, r0.x, l(4), t1.xyzw",
      "ld_structured_indexable(structured_buffer,stride=16)(mixed,mixed,mixed,mixed) r1.yw, r0.y, l(0), t1.xxyx",
      "ld_structured_indexable(structured_buffer, stride=16)(mixed,mixed,mixed,mixed) r1.x, r0.y, l(4), t1.yxxx",
      "ld_structured r1.x, r0.x, l(4), u2.y",
      "store_raw u1.x, r0.x, r0.y",
      "store_raw u1.xyzw, l(0), r0.xyxy",
      "store_structured u2.xy, r0.x, l(0), r0.yxxx",
      "bufinfo r1.x, t0.xxxx",
      "bufinfo r1.xy, t1.xxxx",
      "bufinfo r1.x, u2.xxxx",
      "bufinfo r1.x, u5.xxxx",
      "ld_uav_typed r1.x, r0.xyzz, u4.xyzw",
      "store_uav_typed u4.xyzw, r0.xyxx, l(1,2,3,4)",
      "store_uav_typed u5.xyzw, r0.xxxx, l(1,2,3,4)",
      "ld_uav_typed r1.x, r0.xxxx, u5.xyzw",
  };
  for (const char* line : lines) {
    const std::string dis = validText(std::string(kPsBuffers) + line + "\nret\n");
    CHECK(dis.find("OpDecorate %t0 Binding 32") != std::string::npos);
    CHECK(dis.find("OpDecorate %t1 Binding 33") != std::string::npos);
    CHECK(dis.find("OpDecorate %u1 Binding 161") != std::string::npos);
    CHECK(dis.find("OpDecorate %u2 Binding 162") != std::string::npos);
  }
  // loads and stores of buffers check their index against OpArrayLength
  const std::string load = validText(std::string(kPsBuffers) + "ld_raw r1.xyzw, r0.x, t0.xyzw\nret\n");
  CHECK(occurrences(load, "OpArrayLength") >= 1);
  CHECK(occurrences(load, "OpULessThan") == 4);
  // SRV buffers are read-only storage buffers; the 3D UAV a 3D storage image, the buffer UAV an image buffer
  CHECK(load.find("OpMemberDecorate %_struct_") != std::string::npos);
  CHECK(load.find("NonWritable") != std::string::npos);
  CHECK(load.find("OpTypeImage %int 3D 0 0 0 2 Unknown") != std::string::npos);
  CHECK(validText(std::string(kPsBuffers) + "ld_uav_typed r1.x, r0.xyzz, u4.xyzw\nret\n")
            .find("OpTypeImage %int 3D 0 0 0 2 R32i") != std::string::npos);
  CHECK(load.find("OpCapability ImageBuffer") != std::string::npos);
}

TEST_CASE("typed UAV loads without a format: declared Unknown with StorageImageReadWithoutFormat and atomics stay R32",
          "[dxbc][translate][buffers]") {
  TranslateOptions withoutFormat;
  withoutFormat.typedUavLoadsWithoutFormat = true;
  // A loaded RWTexture3D<int4> and RWBuffer<uint4>: no format, read in the view's.
  const std::string texture = validText(std::string(kPsBuffers) + "ld_uav_typed r1.xyzw, r0.xyzz, u4.xyzw\nret\n", withoutFormat);
  CHECK(has(texture, "OpTypeImage %int 3D 0 0 0 2 Unknown"));
  CHECK(!has(texture, "R32i"));
  CHECK(has(texture, "OpCapability StorageImageReadWithoutFormat"));
  const std::string buffer = validText(std::string(kPsBuffers) + "ld_uav_typed r1.xyzw, r0.xxxx, u5.xyzw\nret\n", withoutFormat);
  CHECK(has(buffer, "OpTypeImage %uint Buffer 0 0 0 2 Unknown"));
  CHECK(has(buffer, "OpCapability StorageImageReadWithoutFormat"));
  // A UAV used atomically too keeps R32 (Vulkan's image atomics need it).
  const std::string atomic =
      validText(std::string(kPsBuffers) + "ld_uav_typed r1.x, r0.xyxx, u3.xyzw\natomic_iadd u3, r0.xyxx, l(1)\nret\n",
                withoutFormat);
  CHECK(has(atomic, "OpTypeImage %uint 2D 0 0 0 2 R32ui"));
  CHECK(!has(atomic, "StorageImageReadWithoutFormat"));
  // Without the option (a device lacking shaderStorageImageReadWithoutFormat): R32, no read capability.
  const std::string plain = validText(std::string(kPsBuffers) + "ld_uav_typed r1.xyzw, r0.xyzz, u4.xyzw\nret\n");
  CHECK(has(plain, "OpTypeImage %int 3D 0 0 0 2 R32i"));
  CHECK(!has(plain, "StorageImageReadWithoutFormat"));
}

TEST_CASE("every atomic and imm_atomic form on raw, structured and typed UAVs", "[dxbc][translate][atomics]") {
  const char* lines[] = {
      "atomic_and u1, r0.x, l(1)",           "atomic_or u1, r0.x, l(1)",
      "atomic_xor u2, r0.xyxx, l(1)",        "atomic_cmp_store u2, r0.xyxx, l(0), l(5)",
      "atomic_iadd u3, r0.xyxx, l(1)",       "atomic_imax u4, r0.xyxx, l(-1)",
      "atomic_imin u4, r0.xyzx, l(-1)",      "atomic_umax u5, r0.x, l(3)",
      "atomic_umin u3, r0.xyxx, l(3)",       "imm_atomic_iadd r1.x, u1, r0.x, l(1)",
      "imm_atomic_and r1.x, u2, r0.xyxx, l(1)", "imm_atomic_or r1.y, u3, r0.xyxx, l(1)",
      "imm_atomic_xor r1.x, u4, r0.xyzx, l(1)", "imm_atomic_exch r1.x, u5, r0.x, l(9)",
      "imm_atomic_cmp_exch r1.x, u1, r0.x, l(0), l(9)", "imm_atomic_cmp_exch r1.x, u3, r0.xyxx, l(0), l(9)",
      "imm_atomic_imax r1.x, u2, r0.xyxx, l(2)", "imm_atomic_imin r1.x, u4, r0.xyzx, l(2)",
      "imm_atomic_umax r1.x, u1, r0.x, l(2)", "imm_atomic_umin r1.x, u5, r0.x, l(2)",
  };
  for (const char* line : lines) validText(std::string(kPsBuffers) + line + "\nmov r2.x, r1.x\nret\n");
  const std::string dis = validText(std::string(kPsBuffers) +
                                    "imm_atomic_cmp_exch r1.x, u3, r0.xyxx, l(0), l(9)\n"
                                    "atomic_imax u4, r0.xyzx, l(-1)\natomic_or u1, r0.x, l(1)\nret\n");
  CHECK(dis.find("OpImageTexelPointer") != std::string::npos);
  CHECK(dis.find("OpAtomicCompareExchange") != std::string::npos);
  CHECK(dis.find("OpAtomicSMax %int") != std::string::npos);  // the sint 3D UAV
  CHECK(dis.find("OpAtomicOr %uint") != std::string::npos);
  // an atomically used typed UAV is declared R32 of its type
  CHECK(dis.find("OpTypeImage %uint 2D 0 0 0 2 R32ui") != std::string::npos);
}

TEST_CASE("the fallback pixel variant performs every UAV side effect only in the owning invocation",
          "[dxbc][translate][atomics][fallback]") {
  const std::string body = "store_raw u1.x, r0.x, r0.y\n"
                           "store_structured u2.xy, r0.x, l(0), r0.yxxx\n"
                           "atomic_or u3, r0.xyxx, l(1)\n"
                           "imm_atomic_iadd r1.x, u1, r0.x, l(1)\n"
                           "imm_atomic_cmp_exch r1.y, u3, r0.xyxx, l(0), l(9)\n"
                           "store_uav_typed u5.xyzw, r0.xxxx, r1.xyxy\n"
                           "ret\n";
  TranslateOptions fallback;
  fallback.variant = ShaderVariant::Fallback;
  const std::string dis = validText(std::string(kPsBuffers) + body, fallback);
  // six side effects, six ownership tests (each a selection on fallback_owner)
  CHECK(occurrences(dis, "OpLoad %bool %fallback_owner") == 6);
  const size_t firstOwner = dis.find("OpLoad %bool %fallback_owner");
  for (const char* effect : {"OpAtomicOr", "OpAtomicIAdd", "OpAtomicCompareExchange", "OpImageWrite"}) {
    const size_t at = dis.find(effect);
    INFO(effect);
    REQUIRE(at != std::string::npos);
    CHECK(at > firstOwner);
  }
  // the native variant has none
  CHECK(occurrences(validText(std::string(kPsBuffers) + body), "fallback_owner") == 0);
}

TEST_CASE("UAV counters: imm_atomic_alloc/consume on a structured UAV's counter at 256 + slot",
          "[dxbc][translate][counters]") {
  const std::string dis = validText(R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_structured u2, 4
dcl_uav_structured_opc u7, 16
dcl_input vThreadID.x
dcl_temps 1
dcl_thread_group 64, 1, 1
imm_atomic_alloc r0.x, u2
store_structured u2.x, r0.x, l(0), vThreadID.x
imm_atomic_consume r0.y, u7
ld_structured r0.z, r0.y, l(12), u7.xxxx
ret
)");
  CHECK(dis.find("OpDecorate %u2_counter Binding 258") != std::string::npos);
  CHECK(dis.find("OpDecorate %u7_counter Binding 263") != std::string::npos);
  CHECK(dis.find("OpDecorate %u2_counter DescriptorSet 0") != std::string::npos);
  CHECK(dis.find("OpAtomicIAdd") != std::string::npos);
  CHECK(dis.find("OpAtomicISub") != std::string::npos);
  CHECK(dis.find("OpExecutionMode %main LocalSize 64 1 1") != std::string::npos);
}

TEST_CASE("compute shaders: thread group, system values, group-shared memory, sync", "[dxbc][translate][compute]") {
  const std::string text = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_raw u0
dcl_uav_structured u1, 4
dcl_input vThreadGroupID.xyz
dcl_input vThreadIDInGroupFlattened
dcl_input vThreadIDInGroup.xy
dcl_input vThreadID.xyz
dcl_temps 2
dcl_tgsm_raw g0, 256
dcl_tgsm_structured g1, 8, 32
dcl_thread_group 8, 4, 2
ishl r0.x, vThreadIDInGroupFlattened, l(2)
store_raw g0.x, r0.x, vThreadID.x
store_structured g1.xy, vThreadIDInGroup.x, l(0), vThreadGroupID.xyxx
sync_g_t
ld_raw r1.x, r0.x, g0.xxxx
ld_structured r1.yz, vThreadIDInGroup.y, l(0), g1.xxyx
atomic_iadd g0, l(0), l(1)
imm_atomic_umax r1.w, g1, vThreadIDInGroup.xyxx, l(3)
sync_uglobal_g
sync_uglobal_g_t
sync_ugroup_t
sync_uglobal
sync_g
store_raw u0.xyzw, r0.x, r1.xyzw
atomic_iadd u1, vThreadID.xyxx, l(1)
ret
)";
  const std::string dis = validText(text);
  CHECK(dis.find("OpEntryPoint GLCompute %main") != std::string::npos);
  CHECK(dis.find("OpExecutionMode %main LocalSize 8 4 2") != std::string::npos);
  for (const char* b : {"GlobalInvocationId", "WorkgroupId", "LocalInvocationId", "LocalInvocationIndex"})
    CHECK(dis.find(std::string("BuiltIn ") + b) != std::string::npos);
  CHECK(dis.find("Workgroup") != std::string::npos);
  CHECK(occurrences(dis, "OpControlBarrier") == 3);
  CHECK(occurrences(dis, "OpMemoryBarrier") == 3);
  CHECK(dis.find("OpDecorate %u0 DescriptorSet 0") != std::string::npos);
  CHECK(dis.find("OpDecorate %u0 Binding 160") != std::string::npos);
  // listings round trip through the disassembler
  AssembleResult a = assemble(text);
  const std::string round = disassembleProgram(parseShader(a.container).program);
  INFO(round);
  for (const char* line : {"sync_g_t", "sync_uglobal_g", "sync_uglobal_g_t", "sync_ugroup_t", "sync_uglobal\n", "sync_g\n",
                           "dcl_tgsm_raw g0, 256", "dcl_tgsm_structured g1, 8, 32", "dcl_thread_group 8, 4, 2",
                           "dcl_uav_raw u0", "dcl_uav_structured u1, 4", "dcl_input vThreadIDInGroupFlattened"})
    CHECK(round.find(line) != std::string::npos);
  CHECK(assemble(round).container == a.container);
}

TEST_CASE("buffer, atomic and compute translation errors name the reason", "[dxbc][translate][robustness]") {
  auto err = [](const std::string& text, const char* msg) {
    INFO(text);
    CHECK_THROWS_WITH(translateText(text), Catch::Contains(msg));
  };
  err("cs_5_0\nret\n", "compute shader without dcl_thread_group");
  err("cs_5_0\ndcl_thread_group 1025, 1, 1\nret\n", "outside D3D11's limits");
  err("cs_5_0\ndcl_thread_group 32, 32, 2\nret\n", "outside D3D11's limits");
  err("ps_5_0\ndcl_tgsm_raw g0, 16\nret\n", "thread-group shared memory outside a compute shader");
  err("cs_5_0\ndcl_tgsm_raw g0, 40000\ndcl_thread_group 1, 1, 1\nret\n", "bytes of shared memory");
  err("ps_5_0\ndcl_uav_structured u0, 6\nret\n", "structure stride 6");
  err("ps_5_0\ndcl_uav_raw u0\ndcl_temps 1\nimm_atomic_alloc r0.x, u0\nret\n", "not structured");
  err("ps_5_0\ndcl_uav_typed_texture2d (float,float,float,float) u0\natomic_iadd u0, l(0,0,0,0), l(1)\nret\n",
      "atomics on u0 need a uint or sint UAV");
  err("ps_5_0\ndcl_resource_raw t0\nstore_raw t0.x, l(0), l(1)\nret\n", "store_raw needs a raw or structured UAV");
  err("ps_5_0\ndcl_uav_raw u0\ndcl_temps 1\nstore_raw u0.xz, l(0), l(1,2,3,4)\nret\n", "must be .x, .xy, .xyz or .xyzw");
  err("ps_5_0\ndcl_uav_raw u0\ndcl_temps 1\nld_structured r0.x, l(0), l(0), u0.xxxx\nret\n", "ld_structured on a raw buffer");
  err("ps_5_0\ndcl_input vThreadID.x\nret\n", "outside a compute shader");
  err("cs_5_0\ndcl_temps 1\ndcl_thread_group 1, 1, 1\nmov r0.x, vThreadID.x\nret\n", "used without dcl_input");
  err("ps_5_0\nsync_g_t\nret\n", "outside a compute shader");
  err("hs_5_0\nret\n", "a hull shader needs dcl_tessellator_domain");
}

TEST_CASE("buffer t#/u# read their views' shifts from binding 384 (binding.h) and add them to every index",
          "[dxbc][translate][buffers][offsets]") {
  // Without a descriptor map: word slot (t#) or 128 + slot (u#) of the stage's read-only shifts.
  const std::string dis = validText(std::string(kPsBuffers) +
                                    "ld_raw r1.x, r0.x, t0.xxxx\n"
                                    "store_uav_typed u5.xyzw, r0.xxxx, l(1,2,3,4)\n"
                                    "ret\n");
  CHECK(dis.find("OpDecorate %buffer_view_shifts Binding 384") != std::string::npos);
  CHECK(dis.find("OpDecorate %buffer_view_shifts DescriptorSet 1") != std::string::npos);
  CHECK(occurrences(dis, "%buffer_view_shifts %uint_0 %uint_0") >= 1);    // t0's word
  CHECK(occurrences(dis, "%buffer_view_shifts %uint_0 %uint_133") >= 1);  // u5's word
  // A shader without buffer views has no such binding.
  const std::string none = validText(
      "ps_5_0\ndcl_resource_texture2d (float,float,float,float) t0\ndcl_output o0.xyzw\n"
      "ld_indexable(texture2d)(float,float,float,float) o0.xyzw, l(0,0,0,0), t0.xyzw\nret\n");
  CHECK(none.find("buffer_view_shifts") == std::string::npos);
  // Under a descriptor map a range reads its viewShiftIndex plus the element; without one, no shifts.
  TranslateOptions mapped;
  DescriptorRange raw;
  raw.kind = ResourceKind::ShaderResource;
  raw.set = 1;
  raw.binding = 3;
  raw.viewShiftIndex = 7;
  mapped.descriptorRanges = {raw};
  const std::string ranged = validText("ps_5_0\ndcl_resource_raw t0\ndcl_output o0.x\nld_raw o0.x, l(0), t0.xxxx\nret\n", mapped);
  CHECK(ranged.find("OpDecorate %buffer_view_shifts Binding 384") != std::string::npos);
  CHECK(occurrences(ranged, "%uint_7") >= 1);
  raw.viewShiftIndex = kNoViewShift;
  mapped.descriptorRanges = {raw};
  const std::string unshifted =
      validText("ps_5_0\ndcl_resource_raw t0\ndcl_output o0.x\nld_raw o0.x, l(0), t0.xxxx\nret\n", mapped);
  CHECK(unshifted.find("buffer_view_shifts") == std::string::npos);
}
