// tests/compute/test_uniform_indexing.cpp — SM5.0 uniform indexing of constant
// buffers, textures and samplers (D3D11.3 functional spec §7.11: cb[r0.x + 0][1],
// t[r0.y], s[r0.z], what fxc emits for interface class data) run on the device:
// each register-chosen slot reads its own buffer, texture and sampler, a
// constant buffer or sampler slot whether or not the shader declares it (D3D
// reads what is bound there); an unbound constant buffer, an index past the 14
// slots, or a texture the shader does not declare read zeros; a texture instruction
// naming a dimension only reaches textures of that dimension; a register-indexed
// constant buffer in an if_nz condition works; and the lowered program
// translates to valid SPIR-V.
#include "compute_test_util.h"

#include "dxbc/slot_indexing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"

#include <cstring>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

// cb0[0] holds the indices (chosen by the test): .x a constant buffer, .y a
// texture, .z a texture and a sampler, .w an index that names no slot.
// u0[0]  = cb[x][1].x          u0[1] = cb[x + 1][1].x (cb x + 1 is not declared)
// u0[2]  = t[y] texel (1, 0)   u0[3] = sample_l t[z], s[z] at u = -0.75
// u0[4]  = 42 when cb[x][0].w != 0 (if_nz on a register-indexed cb), else 5
// u0[5]  = cb[w][0].x   u0[6] = t[w] texel (0, 0)
// u0[7]  = iterations of a loop that ends at cb[x][0].y (an iteration count in cb x)
constexpr const char* kIndexedCs = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_constantbuffer CB0[1], immediateIndexed
dcl_constantbuffer CB2[2], dynamicIndexed
dcl_constantbuffer CB5[2], dynamicIndexed
dcl_sampler s0, mode_default
dcl_sampler s1, mode_default
dcl_resource_texture2d (float,float,float,float) t1
dcl_resource_texture2d (float,float,float,float) t3
dcl_resource_buffer (float,float,float,float) t4
dcl_uav_raw u0
dcl_temps 3
dcl_thread_group 1, 1, 1
mov r0.xyzw, cb0[0].xyzw
mov r1.x, cb[r0.x + 0][1].x
store_raw u0.x, l(0), r1.x
mov r1.x, cb[r0.x + 1][1].x
store_raw u0.x, l(4), r1.x
ld_indexable(texture2d)(float,float,float,float) r1.x, l(1, 0, 0, 0), t[r0.y + 0].xyzw
store_raw u0.x, l(8), r1.x
sample_l_indexable(texture2d)(float,float,float,float) r1.x, l(-0.75, 0.25, 0, 0), t[r0.z + 0].xyzw, s[r0.z + 0], l(0)
store_raw u0.x, l(12), r1.x
mov r1.x, l(5)
if_nz cb[r0.x + 0][0].w
  mov r1.x, l(42)
endif
store_raw u0.x, l(16), r1.x
mov r1.x, cb[r0.w + 0][0].x
store_raw u0.x, l(20), r1.x
ld_indexable(texture2d)(float,float,float,float) r1.x, l(0, 0, 0, 0), t[r0.w + 0].xyzw
store_raw u0.x, l(24), r1.x
mov r1.x, l(0)
loop
  iadd r1.x, r1.x, l(1)
  uge r2.x, r1.x, l(100)
  breakc_nz r2.x
  ige r2.x, r1.x, cb[r0.x + 0][0].y
  breakc_nz r2.x
endloop
store_raw u0.x, l(28), r1.x
ret
)";

std::vector<uint32_t> floatBits(std::vector<float> f) {
  std::vector<uint32_t> u(f.size());
  std::memcpy(u.data(), f.data(), f.size() * 4);
  return u;
}

uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

float asFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

}  // namespace

TEST_CASE("uniform indexing: register-chosen constant buffers, textures and samplers read their own slots",
          "[compute][indexing]") {
  Checked c;
  RenderDevice& d = c.d;
  // cb2: [0] = (0, 3, 0, 1) (loop ends after 3, if taken), [1].x = 20
  // cb5: [0] = (0, 7, 0, 0) (loop ends after 7, if not taken), [1].x = 50
  Com<ID3D11Buffer> cb2 = makeDataBuffer(d, {0, 3, 0, 1, bitsOf(20), 0, 0, 0}, D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11Buffer> cb5 = makeDataBuffer(d, {0, 7, 0, 0, bitsOf(50), 0, 0, 0}, D3D11_BIND_CONSTANT_BUFFER);
  // cb3 is bound but not declared: an index reaching it reads it all the same.
  Com<ID3D11Buffer> cb3 = makeDataBuffer(d, floatBits({9, 9, 9, 9, 9, 9, 9, 9}), D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11ShaderResourceView> t1 = floatTexture2x2(d, {1, 2, 3, 4}), t3 = floatTexture2x2(d, {10, 30, 50, 70});
  // s0 clamps (u = -0.75 reads column 0), s1 gives its border colour, 8.
  Com<ID3D11SamplerState> s0 = pointSampler(d), s1 = pointSampler(d, 8);

  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(8, 0xDEAD), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> uav = rawUav(d, out.get(), 8);
  Com<ID3D11ComputeShader> cs = computeShader(d, kIndexedCs);
  REQUIRE(cs);
  d.context->CSSetShader(cs.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[4] = {nullptr, t1.get(), nullptr, t3.get()};
  d.context->CSSetShaderResources(0, 4, srvs);
  ID3D11SamplerState* samplers[] = {s0.get(), s1.get()};
  d.context->CSSetSamplers(0, 2, samplers);
  ID3D11UnorderedAccessView* uavs[] = {uav.get()};
  d.context->CSSetUnorderedAccessViews(0, 1, uavs, nullptr);

  auto run = [&](uint32_t x, uint32_t y, uint32_t z, uint32_t w) {
    Com<ID3D11Buffer> cb0 = makeDataBuffer(d, {x, y, z, w}, D3D11_BIND_CONSTANT_BUFFER);
    ID3D11Buffer* cbs[6] = {cb0.get(), nullptr, cb2.get(), cb3.get(), nullptr, cb5.get()};
    d.context->CSSetConstantBuffers(0, 6, cbs);
    d.context->Dispatch(1, 1, 1);
    return readBuffer(d, out.get());
  };

  SECTION("cb2, t3, t1 with s1") {
    const std::vector<uint32_t> r = run(2, 3, 1, 7);
    CHECK(asFloat(r[0]) == 20.0f);
    CHECK(asFloat(r[1]) == 9.0f);     // cb3: bound, not declared
    CHECK(asFloat(r[2]) == 30.0f);    // t3 texel (1, 0)
    CHECK(asFloat(r[3]) == 8.0f);     // s1's border
    CHECK(r[4] == 42u);               // cb2[0].w = 1
    CHECK(r[5] == 0u);                // cb7: nothing bound
    CHECK(r[6] == 0u);                // t7: not declared
    CHECK(r[7] == 3u);                // cb2[0].y
  }
  SECTION("cb5, t1, t1 with s0 … and the buffer t4 is not a texture2d") {
    const std::vector<uint32_t> r = run(5, 1, 0, 4);
    CHECK(asFloat(r[0]) == 50.0f);
    CHECK(r[1] == 0u);              // cb6: nothing bound
    CHECK(asFloat(r[2]) == 2.0f);   // t1 texel (1, 0)
    CHECK(r[3] == 0u);              // t0 is not declared: as unbound
    CHECK(r[4] == 5u);              // cb5[0].w = 0
    CHECK(r[5] == 0u);              // cb4: nothing bound
    CHECK(r[6] == 0u);              // t4 is a buffer: a texture2d ld never reaches it
    CHECK(r[7] == 7u);              // cb5[0].y
  }
  SECTION("slot 0 through a register, and an index past the 14 slots") {
    std::vector<uint32_t> r = run(2, 1, 1, 0);
    CHECK(asFloat(r[3]) == 8.0f);   // t1, s1: border
    CHECK(asFloat(r[2]) == 2.0f);
    CHECK(r[5] == 2u);              // cb0[0].x: the indices themselves
    CHECK(r[6] == 0u);              // t0: not declared
    r = run(2, 1, 1, 14);
    CHECK(r[5] == 0u);              // cb14: past the API slots
    r = run(2, 1, 1, 0xFFFFFFFFu);
    CHECK(r[5] == 0u);
    CHECK(r[6] == 0u);
  }
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("uniform indexing: the lowered program is valid SPIR-V and keeps instructions without indexed slots",
          "[compute][indexing]") {
  const dxbc::Shader shader = dxbc::parseShader(assembledListing(kIndexedCs));
  REQUIRE(dxbc::usesRegisterIndexedSlots(shader.program));
  const dxbc::Program lowered = dxbc::lowerRegisterIndexedSlots(shader.program);
  CHECK_FALSE(dxbc::usesRegisterIndexedSlots(lowered));
  // The if_nz and breakc_nz conditions moved into the scratch temp r3.
  CHECK(dxbc::declaredTemps(lowered) == 4);
  size_t switches = 0;
  for (const dxbc::Instruction& i : lowered.instructions) switches += i.opcode == dxbc::Opcode::Switch;
  CHECK(switches == 10);  // 8 register-indexed reads; the sample_l's s is nested in each of its 2 texture cases
  CHECK(dxbc::validateSpirv(dxbc::translateToSpirv(shader)).empty());
  // Four constant buffers through four registers in one instruction: 14^4 cases, refused.
  const dxbc::Shader tooMany = dxbc::parseShader(assembledListing(R"(cs_5_0
dcl_constantbuffer CB0[1], dynamicIndexed
dcl_uav_raw u0
dcl_temps 2
dcl_thread_group 1, 1, 1
mad r0.x, cb[r1.x + 0][cb[r1.w + 0][0].x + 0].x, cb[r1.y + 0][0].x, cb[r1.z + 0][0].x
store_raw u0.x, l(0), r0.x
ret
)"));
  CHECK_THROWS_WITH(dxbc::translateToSpirv(tooMany), Catch::Contains("make more than 4096 combinations"));
  // Without a resource-dimension token, a sample reaches only the textures it can
  // sample: the buffer t0 and the 2D multisampled t2 take the default.
  const dxbc::Shader noToken = dxbc::parseShader(assembledListing(R"(cs_5_0
dcl_sampler s0, mode_default
dcl_resource_buffer (float,float,float,float) t0
dcl_resource_texture2d (float,float,float,float) t1
dcl_resource_texture2dms(4) (float,float,float,float) t2
dcl_uav_raw u0
dcl_temps 2
dcl_thread_group 1, 1, 1
mov r0.x, l(1)
sample_l r1.x, l(0.5, 0.5, 0, 0), t[r0.x + 0].xyzw, s0, l(0)
store_raw u0.x, l(0), r1.x
ret
)"));
  const dxbc::Program noTokenLowered = dxbc::lowerRegisterIndexedSlots(noToken.program);
  std::vector<uint32_t> cases;
  for (const dxbc::Instruction& i : noTokenLowered.instructions)
    if (i.opcode == dxbc::Opcode::Case) cases.push_back(i.operands.at(0).imm[0]);
  CHECK(cases == std::vector<uint32_t>{1});
  CHECK(dxbc::validateSpirv(dxbc::translateToSpirv(noToken)).empty());
  // SM5.1 is left alone: its ranges are descriptor arrays.
  dxbc::Program sm51 = shader.program;
  sm51.minor = 1;
  CHECK_FALSE(dxbc::usesRegisterIndexedSlots(sm51));
}
