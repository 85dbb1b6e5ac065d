// tests/compute/test_class_linkage.cpp — SM5 dynamic shader linkage end to end
// through the public D3D11 API: ID3D11ClassLinkage / ID3D11ClassInstance, a
// compute shader whose interfaces (one plain, one dynamically indexed array) are
// bound with CSSetShader's class instances, the values each class computes read
// back (this[] data: a class member in a constant buffer), CSGetShader's
// instances, the exact CsSetShaderWithIfaces the driver sees, and the error paths
// (HRESULTs and debug-layer messages; a bad binding leaves the state as it was);
// and a pixel shader with an interface drawn natively and on the conservative fallback.
#include "checked_device.h"
#include "compute_test_util.h"
#include "draw_test_util.h"
#include "dxbc/interfaces.h"

#include <cstring>
#include <fstream>
#include <sstream>

using namespace d3dvk::test;

namespace {

// out[0] = fp0's method (ClassA: 2·data.x, ClassB: data.y + 100, data at this[0]),
// out[1], out[2] = fp1[0], fp1[1] (an array called with a register index: Seven
// returns 7 from inside a loop, on its third pass, 99 if the loop ended; Nine
// has a return in a switch case not taken, then returns 9 through an early
// retc, 11 otherwise).
constexpr const char* kLinkedCs = R"(cs_5_0
dcl_globalFlags refactoringAllowed
dcl_function_body fb0
dcl_function_body fb1
dcl_function_body fb2
dcl_function_body fb3
dcl_function_table ft0 = {fb0}
dcl_function_table ft1 = {fb1}
dcl_function_table ft2 = {fb2}
dcl_function_table ft3 = {fb3}
dcl_interface fp0[1][1] = {ft0, ft1}
dcl_interface_dynamicindexed fp1[2][1] = {ft2, ft3}
dcl_constantbuffer CB0[4], dynamicIndexed
dcl_constantbuffer CB1[4], dynamicIndexed
dcl_uav_raw u0
dcl_temps 2
dcl_thread_group 1, 1, 1
fcall fp0[0][0]
store_raw u0.x, l(0), r0.x
mov r1.x, l(0)
fcall fp1[r1.x + 0][0]
store_raw u0.x, l(4), r0.x
mov r1.x, l(1)
fcall fp1[r1.x + 0][0]
store_raw u0.x, l(8), r0.x
ret
label fb0
mul r0.x, cb[this[0].x + 0][this[0].y + 0].x, l(2.000000)
ret
label fb1
add r0.x, cb[this[0].x + 0][this[0].y + 0].y, l(100.000000)
ret
label fb2
mov r0.x, l(0)
mov r1.z, l(0)
loop
  iadd r1.z, r1.z, l(1)
  ieq r1.w, r1.z, l(3)
  if_nz r1.w
    mov r0.x, l(7.000000)
  endif
  retc_nz r1.w
  uge r1.w, r1.z, l(10)
  breakc_nz r1.w
endloop
mov r0.x, l(99.000000)
ret
label fb3
mov r0.x, l(9.000000)
mov r1.w, l(2)
switch r1.w
  case l(1)
  mov r0.x, l(13.000000)
  ret
  case l(2)
  break
  default
  break
endswitch
ult r1.y, l(0), l(1)
retc_nz r1.y
mov r0.x, l(11.000000)
ret
)";

// The IFCE chunk fxc would write for kLinkedCs: four classes, the instance gA
// (ClassA, data at cb0[1]), fp0 (slot 0: ClassA → ft0, ClassB → ft1) and
// fp1[2] (slots 1, 2: Seven → ft2, Nine → ft3).
d3dvk::dxbc::InterfaceInfo linkedInterfaces() {
  d3dvk::dxbc::InterfaceInfo info;
  info.types = {{"ClassA", 0, 1, 0, 0}, {"ClassB", 1, 1, 0, 0}, {"Seven", 2, 0, 0, 0}, {"Nine", 3, 0, 0, 0}};
  info.instances = {{"gA", 0, 0, 0, 1, 0, 0}};
  d3dvk::dxbc::InterfaceSlotRecord fp0, fp1;
  fp0.slotSpan = 1;
  fp0.implementations = {{0, 0}, {1, 1}};
  fp1.slotSpan = 2;
  fp1.implementations = {{2, 2}, {3, 3}};
  info.slotRecords = {fp0, fp1};
  info.slotCount = 3;
  return info;
}

// The listing's container with an IFCE chunk added (optionally none).
std::vector<uint8_t> withInterfaces(const char* listing, bool ifce = true,
                                    const d3dvk::dxbc::InterfaceInfo& info = linkedInterfaces()) {
  using namespace d3dvk::dxbc;
  const Container c = parseContainer(assembledListing(listing));
  std::vector<Chunk> chunks = c.chunks;
  if (ifce) {
    Chunk chunk;
    chunk.code = fourcc("IFCE");
    chunk.data = writeInterfaces(info);
    chunks.insert(chunks.begin(), chunk);
  }
  return writeContainer(chunks);
}

std::vector<float> runLinked(RenderDevice& d, ID3D11ComputeShader* cs, std::vector<ID3D11ClassInstance*> instances,
                             ID3D11UnorderedAccessView* uav, ID3D11Buffer* out) {
  d.context->CSSetShader(cs, instances.data(), UINT(instances.size()));
  d.context->CSSetUnorderedAccessViews(0, 1, &uav, nullptr);
  d.context->Dispatch(1, 1, 1);
  const std::vector<uint32_t> bits = readBuffer(d, out);
  std::vector<float> values(3);
  std::memcpy(values.data(), bits.data(), 12);
  return values;
}

std::string typeName(ID3D11ClassInstance* instance) {
  SIZE_T length = 0;
  instance->GetTypeName(nullptr, &length);
  std::string name(length, '\0');
  instance->GetTypeName(name.data(), &length);
  name.resize(length ? length - 1 : 0);
  return name;
}

}  // namespace

TEST_CASE("class linkage: each bound class instance runs its own methods on its own data", "[compute][interfaces]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11ClassLinkage> linkage;
  REQUIRE(d->CreateClassLinkage(linkage.out()) == S_OK);
  const std::vector<uint8_t> code = withInterfaces(kLinkedCs);
  Com<ID3D11ComputeShader> cs;
  REQUIRE(d->CreateComputeShader(code.data(), code.size(), linkage.get(), cs.out()) == S_OK);

  Com<ID3D11ClassInstance> a, b, seven, nine;
  REQUIRE(linkage->CreateClassInstance("ClassA", 1, 2, 0, 0, a.out()) == S_OK);
  REQUIRE(linkage->CreateClassInstance("ClassB", 1, 3, 0, 0, b.out()) == S_OK);
  REQUIRE(linkage->CreateClassInstance("Seven", 0, 0, 0, 0, seven.out()) == S_OK);
  REQUIRE(linkage->CreateClassInstance("Nine", 0, 0, 0, 0, nine.out()) == S_OK);
  CHECK(typeName(b.get()) == "ClassB");
  D3D11_CLASS_INSTANCE_DESC desc{};
  b->GetDesc(&desc);
  CHECK(desc.ConstantBuffer == 1);
  CHECK(desc.BaseConstantBufferOffset == 3);
  CHECK(desc.Created == TRUE);
  Com<ID3D11ClassLinkage> owner;
  b->GetClassLinkage(owner.out());
  CHECK(owner.get() == linkage.get());

  // cb0[1] = (5, 6, 0, 0); cb1[2] = (3, 4, 0, 0), cb1[3] = (0, 20, 0, 0)
  auto floats = [](std::vector<float> f) {
    std::vector<uint32_t> u(f.size());
    std::memcpy(u.data(), f.data(), f.size() * 4);
    return u;
  };
  Com<ID3D11Buffer> cb0 = makeDataBuffer(d, floats({0, 0, 0, 0, 5, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}),
                                         D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11Buffer> cb1 = makeDataBuffer(d, floats({0, 0, 0, 0, 0, 0, 0, 0, 3, 4, 0, 0, 0, 20, 0, 0}),
                                         D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb0.get(), cb1.get()};
  d.context->CSSetConstantBuffers(0, 2, cbs);
  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(4, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> uav = rawUav(d, out.get(), 4);

  CHECK(runLinked(d, cs.get(), {a.get(), seven.get(), nine.get()}, uav.get(), out.get()) ==
        std::vector<float>{6, 7, 9});  // 2 · cb1[2].x
  CHECK(runLinked(d, cs.get(), {b.get(), nine.get(), seven.get()}, uav.get(), out.get()) ==
        std::vector<float>{120, 9, 7});  // cb1[3].y + 100
  // The shader's own instance gA (data at cb0[1]), found by name.
  Com<ID3D11ClassInstance> gA;
  REQUIRE(linkage->GetClassInstance("gA", 0, gA.out()) == S_OK);
  CHECK(typeName(gA.get()) == "ClassA");
  gA->GetDesc(&desc);
  CHECK(desc.ConstantBuffer == 0);
  CHECK(desc.BaseConstantBufferOffset == 1);
  CHECK(desc.Created == FALSE);
  CHECK(runLinked(d, cs.get(), {gA.get(), seven.get(), seven.get()}, uav.get(), out.get()) ==
        std::vector<float>{10, 7, 7});  // 2 · cb0[1].x
  // Binding a ClassA instance with other data again reuses nothing stale.
  CHECK(runLinked(d, cs.get(), {a.get(), seven.get(), nine.get()}, uav.get(), out.get()) ==
        std::vector<float>{6, 7, 9});

  // What the driver saw: per slot the function table and the pointer data.
  const std::vector<std::string> calls = c.trace.calls("CsSetShaderWithIfaces");
  REQUIRE(calls.size() == 4);
  CHECK(calls[0].find("NumClassInstances=3, pIfaces={0, 2, 3}, pPointerData={cb1[2] t0 s0, cb0[0] t0 s0, cb0[0] t0 s0}") !=
        std::string::npos);
  CHECK(calls[1].find("pIfaces={1, 3, 2}, pPointerData={cb1[3] t0 s0,") != std::string::npos);
  CHECK(calls[2].find("pIfaces={0, 2, 2}, pPointerData={cb0[1] t0 s0,") != std::string::npos);
  CHECK(c.ddiCalls("CsSetShader") == 0);

  // CSGetShader hands the instances back, AddRef'd.
  ID3D11ComputeShader* got = nullptr;
  ID3D11ClassInstance* instances[4] = {};
  UINT count = 4;
  d.context->CSGetShader(&got, instances, &count);
  CHECK(got == cs.get());
  CHECK(count == 3);
  CHECK(instances[0] == a.get());
  CHECK(instances[1] == seven.get());
  CHECK(instances[2] == nine.get());
  CHECK(instances[3] == nullptr);
  for (ID3D11ClassInstance* i : instances)
    if (i) i->Release();
  if (got) got->Release();
  count = 0;
  d.context->CSGetShader(nullptr, nullptr, &count);
  CHECK(count == 3);
  CHECK(drainMessages(c.queue.get()).empty());
}

namespace {

// tests/dxbc/interface_arrays.asm (its comment says what it computes).
std::string lightsListing() {
  std::ifstream f(std::string(D3DVK_DXBC_TEST_SOURCE_DIR) + "/interface_arrays.asm");
  std::stringstream text;
  text << f.rdbuf();
  return text.str();
}

d3dvk::dxbc::InterfaceInfo lightsInterfaces() {
  d3dvk::dxbc::InterfaceInfo info;
  info.types = {{"Const", 0, 1, 0, 0}, {"Twice", 1, 2, 0, 0}, {"Textured", 2, 1, 1, 1}, {"Flat", 3, 1, 0, 0}};
  d3dvk::dxbc::InterfaceSlotRecord material, lights;
  material.slotSpan = 1;
  material.implementations = {{2, 2}, {3, 3}};
  lights.slotSpan = 3;
  lights.implementations = {{0, 0}, {1, 1}};
  info.slotRecords = {material, lights};
  info.slotCount = 4;
  return info;
}

}  // namespace

TEST_CASE("class linkage: an interface array indexed by a register, this[] indexed by it, and class data in "
          "constant buffers, textures and samplers chosen through registers (fxc's shape)",
          "[compute][interfaces][indexing]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11ClassLinkage> linkage;
  REQUIRE(d->CreateClassLinkage(linkage.out()) == S_OK);
  const std::vector<uint8_t> code = withInterfaces(lightsListing().c_str(), true, lightsInterfaces());
  Com<ID3D11ComputeShader> cs;
  REQUIRE(d->CreateComputeShader(code.data(), code.size(), linkage.get(), cs.out()) == S_OK);

  // The class data lives in cb3, which the shader does not declare (the
  // instances are the application's): [0].x 5, [1].x 7, [2].x 1, [3].x 100,
  // [4].x 0.5, [5].x 3.
  auto floats = [](std::vector<float> f) {
    std::vector<uint32_t> u(f.size());
    std::memcpy(u.data(), f.data(), f.size() * 4);
    return u;
  };
  Com<ID3D11Buffer> cb3 = makeDataBuffer(
      d, floats({5, 0, 0, 0, 7, 0, 0, 0, 1, 0, 0, 0, 100, 0, 0, 0, 0.5f, 0, 0, 0, 3, 0, 0, 0}), D3D11_BIND_CONSTANT_BUFFER);
  Com<ID3D11ClassInstance> lightA, lightB, lightC, flat, textured;
  REQUIRE(linkage->CreateClassInstance("Const", 3, 0, 0, 0, lightA.out()) == S_OK);  // 5
  REQUIRE(linkage->CreateClassInstance("Twice", 3, 1, 0, 0, lightB.out()) == S_OK);  // 2 · 7 + 1 = 15
  REQUIRE(linkage->CreateClassInstance("Const", 3, 3, 0, 0, lightC.out()) == S_OK);  // 100
  REQUIRE(linkage->CreateClassInstance("Flat", 3, 4, 0, 0, flat.out()) == S_OK);     // · 0.5
  REQUIRE(linkage->CreateClassInstance("Textured", 3, 5, 1, 1, textured.out()) == S_OK);  // · t1/s1 · 3

  // t1: 2x2 of 2.0; s0 clamps to it, s1 gives its border colour 4 at u = -0.75.
  Com<ID3D11ShaderResourceView> srv = floatTexture2x2(d, {2, 2, 2, 2});
  Com<ID3D11SamplerState> clamp = pointSampler(d), border = pointSampler(d, 4);
  ID3D11ShaderResourceView* srvs[] = {srv.get(), srv.get()};
  d.context->CSSetShaderResources(0, 2, srvs);
  ID3D11SamplerState* samplers[] = {clamp.get(), border.get()};
  d.context->CSSetSamplers(0, 2, samplers);

  Com<ID3D11Buffer> out = makeDataBuffer(d, std::vector<uint32_t>(4, 0), D3D11_BIND_UNORDERED_ACCESS,
                                         D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> uav = rawUav(d, out.get(), 4);
  // cb0[1..3].x: the lights in use (elements of fp1, the array of slots 1..3).
  auto run = [&](std::vector<uint32_t> lightsInUse, std::vector<ID3D11ClassInstance*> instances) {
    std::vector<uint32_t> cb0Data(16, 0);
    for (size_t i = 0; i < 3; ++i) cb0Data[4 * (i + 1)] = lightsInUse[i];
    Com<ID3D11Buffer> cb0 = makeDataBuffer(d, cb0Data, D3D11_BIND_CONSTANT_BUFFER);
    ID3D11Buffer* cbs[4] = {cb0.get(), nullptr, nullptr, cb3.get()};
    d.context->CSSetConstantBuffers(0, 4, cbs);
    return runLinked(d, cs.get(), std::move(instances), uav.get(), out.get())[0];
  };
  // Slots 1..3 = A, B, C; lights in use 0, 1, 1: A + B + B = 35.
  CHECK(run({0, 1, 1}, {flat.get(), lightA.get(), lightB.get(), lightC.get()}) == 17.5f);
  CHECK(run({0, 1, 1}, {textured.get(), lightA.get(), lightB.get(), lightC.get()}) == 420.0f);  // 35 · 4 · 3
  // Slots 1..3 = B, C, A; lights in use 1, 1, 2: C + C + A = 205; then 0, 1, 2: B + C + A = 120.
  CHECK(run({1, 1, 2}, {flat.get(), lightB.get(), lightC.get(), lightA.get()}) == 102.5f);
  CHECK(run({0, 1, 2}, {flat.get(), lightB.get(), lightC.get(), lightA.get()}) == 60.0f);
  // A Textured instance whose texture (t5) and sampler (s3) are slots the shader
  // does not declare: read all the same, as D3D reads what is bound there.
  Com<ID3D11ClassInstance> elsewhere;
  REQUIRE(linkage->CreateClassInstance("Textured", 3, 5, 5, 3, elsewhere.out()) == S_OK);
  ID3D11ShaderResourceView* t5[] = {srv.get()};
  d.context->CSSetShaderResources(5, 1, t5);
  ID3D11SamplerState* s3[] = {border.get()};
  d.context->CSSetSamplers(3, 1, s3);
  CHECK(run({0, 1, 1}, {elsewhere.get(), lightA.get(), lightB.get(), lightC.get()}) == 420.0f);
  ID3D11SamplerState* clampAt3[] = {clamp.get()};
  d.context->CSSetSamplers(3, 1, clampAt3);
  CHECK(run({0, 1, 1}, {elsewhere.get(), lightA.get(), lightB.get(), lightC.get()}) == 210.0f);  // 35 · 2 · 3
  CHECK(drainMessages(c.queue.get()).empty());
}

TEST_CASE("class linkage: bad instances, names and shaders are refused with the reason",
          "[compute][interfaces][errors]") {
  Checked c;
  RenderDevice& d = c.d;
  Com<ID3D11ClassLinkage> linkage;
  REQUIRE(d->CreateClassLinkage(linkage.out()) == S_OK);
  // A shader with interfaces but no IFCE chunk: nothing says which class implements what.
  const std::vector<uint8_t> bare = withInterfaces(kLinkedCs, false);
  Com<ID3D11ComputeShader> cs;
  CHECK(d->CreateComputeShader(bare.data(), bare.size(), linkage.get(), cs.out()) == E_INVALIDARG);
  std::vector<StoredMessage> m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_CREATECOMPUTESHADER_INVALIDSHADERBYTECODE);
  CHECK(m[0].text.find("has no IFCE chunk") != std::string::npos);
  CHECK(c.ddiCalls("CreateComputeShader") == 0);

  const std::vector<uint8_t> code = withInterfaces(kLinkedCs);
  REQUIRE(d->CreateComputeShader(code.data(), code.size(), linkage.get(), cs.out()) == S_OK);
  Com<ID3D11ClassInstance> a, seven, none;
  REQUIRE(linkage->CreateClassInstance("ClassA", 1, 2, 0, 0, a.out()) == S_OK);
  REQUIRE(linkage->CreateClassInstance("Seven", 0, 0, 0, 0, seven.out()) == S_OK);
  CHECK(linkage->CreateClassInstance("Purple", 0, 0, 0, 0, none.out()) == E_INVALIDARG);
  CHECK(!none);
  CHECK(linkage->CreateClassInstance("ClassA", 14, 0, 0, 0, none.out()) == E_INVALIDARG);
  CHECK(linkage->GetClassInstance("gB", 0, none.out()) == E_INVALIDARG);
  CHECK(linkage->GetClassInstance("gA", 1, none.out()) == E_INVALIDARG);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 4);
  CHECK(m[0].text.find("has a class type named 'Purple'") != std::string::npos);
  CHECK(m[1].text.find("ConstantBufferOffset 14 (< 14)") != std::string::npos);
  CHECK(m[2].text.find("class instance named 'gB' with index 0") != std::string::npos);

  // A good binding, then bad ones: each is dropped with its message, the good one stays.
  d.context->CSSetShader(cs.get(), std::vector<ID3D11ClassInstance*>{a.get(), seven.get(), seven.get()}.data(), 3);
  REQUIRE(c.ddiCalls("CsSetShaderWithIfaces") == 1);
  auto expectDropped = [&](std::vector<ID3D11ClassInstance*> instances, D3D11_MESSAGE_ID id, const char* text) {
    INFO(text);
    d.context->CSSetShader(cs.get(), instances.data(), UINT(instances.size()));
    const std::vector<StoredMessage> dropped = drainMessages(c.queue.get());
    REQUIRE(dropped.size() == 1);
    CHECK(dropped[0].id == id);
    CHECK(dropped[0].category == D3D11_MESSAGE_CATEGORY_STATE_SETTING);
    CHECK(dropped[0].text.find(text) != std::string::npos);
    CHECK(c.ddiCalls("CsSetShaderWithIfaces") == 1);
  };
  expectDropped({a.get(), seven.get(), seven.get(), seven.get()}, D3D11_MESSAGE_ID_DEVICE_SETSHADER_INTERFACE_COUNT_MISMATCH,
                "The shader has 3 interface slot(s), but NumClassInstances is 4.");
  expectDropped({seven.get(), seven.get(), seven.get()}, D3D11_MESSAGE_ID_DEVICE_SETSHADER_INVALID_INSTANCE_TYPE,
                "The class instance at interface slot 0 is of class type 'Seven', which does not implement that slot's "
                "interface.");
  expectDropped({nullptr, seven.get(), seven.get()}, D3D11_MESSAGE_ID_DEVICE_SETSHADER_UNBOUND_INSTANCE_DATA,
                "The shader calls through interface slot 0, but no class instance is bound there.");
  expectDropped({a.get(), seven.get()}, D3D11_MESSAGE_ID_DEVICE_SETSHADER_UNBOUND_INSTANCE_DATA,
                "The shader calls through interface slot 2, but no class instance is bound there.");
  // (what CSSetShader with a count but no array would be)
  d.context->CSSetShader(cs.get(), nullptr, 2);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].id == D3D11_MESSAGE_ID_DEVICE_SETSHADER_INTERFACE_COUNT_MISMATCH);
  // A shader without interfaces takes no instances.
  Com<ID3D11ComputeShader> plain = computeShader(d, "cs_5_0\ndcl_thread_group 1, 1, 1\nret\n");
  ID3D11ClassInstance* one[] = {a.get()};
  d.context->CSSetShader(plain.get(), one, 1);
  m = drainMessages(c.queue.get());
  REQUIRE(m.size() == 1);
  CHECK(m[0].text.find("The shader declares no interfaces, but NumClassInstances is 1.") != std::string::npos);
  // The good binding is still in place.
  ID3D11ComputeShader* got = nullptr;
  ID3D11ClassInstance* instances[3] = {};
  UINT count = 3;
  d.context->CSGetShader(&got, instances, &count);
  CHECK(got == cs.get());
  CHECK(count == 3);
  CHECK(instances[0] == a.get());
  for (ID3D11ClassInstance* i : instances)
    if (i) i->Release();
  if (got) got->Release();
  // Unbinding releases the instances' bindings.
  d.context->CSSetShader(nullptr, nullptr, 0);
  count = 3;
  d.context->CSGetShader(&got, instances, &count);
  CHECK(got == nullptr);
  CHECK(count == 0);
  CHECK(drainMessages(c.queue.get()).empty());
}

namespace {

// PS: SV_Target0 = fp0's method: Tint (COLOR · data.x) or Flat (data), data at this[0].
constexpr const char* kLinkedPs = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_function_body fb0
dcl_function_body fb1
dcl_function_table ft0 = {fb0}
dcl_function_table ft1 = {fb1}
dcl_interface fp0[1][1] = {ft0, ft1}
dcl_constantbuffer CB0[4], dynamicIndexed
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
fcall fp0[0][0]
ret
label fb0
mul o0.xyzw, v1.xyzw, cb[this[0].x + 0][this[0].y + 0].xxxx
ret
label fb1
mov o0.xyzw, cb[this[0].x + 0][this[0].y + 0].xyzw
ret
)";

std::vector<uint8_t> linkedPixelShader() {
  using namespace d3dvk::dxbc;
  InterfaceInfo info;
  info.types = {{"Tint", 0, 1, 0, 0}, {"Flat", 1, 1, 0, 0}};
  InterfaceSlotRecord fp0;
  fp0.implementations = {{0, 0}, {1, 1}};
  info.slotRecords = {fp0};
  info.slotCount = 1;
  const Container c = parseContainer(assembledListing(kLinkedPs));
  std::vector<Chunk> chunks = c.chunks;
  Chunk ifce;
  ifce.code = fourcc("IFCE");
  ifce.data = writeInterfaces(info);
  chunks.push_back(ifce);
  return writeContainer(chunks);
}

// Draws a full-target triangle coloured (0.5, 0.25, 1, 1) with Tint (cb0[0].x = 2) and
// then Flat (cb0[1] = (0.125, 0.375, 0.625, 0.875)); returns the centre pixel of each.
std::array<std::array<float, 4>, 2> drawLinked(RenderDevice& d, bool conservative) {
  DrawTarget t(d, 8, 8);
  Com<ID3D11ClassLinkage> linkage;
  REQUIRE(d->CreateClassLinkage(linkage.out()) == S_OK);
  const std::vector<uint8_t> code = linkedPixelShader();
  Com<ID3D11PixelShader> ps;
  REQUIRE(d->CreatePixelShader(code.data(), code.size(), linkage.get(), ps.out()) == S_OK);
  Com<ID3D11ClassInstance> tint, flat;
  REQUIRE(linkage->CreateClassInstance("Tint", 0, 0, 0, 0, tint.out()) == S_OK);
  REQUIRE(linkage->CreateClassInstance("Flat", 0, 1, 0, 0, flat.out()) == S_OK);
  const float data[8] = {2, 0, 0, 0, 0.125f, 0.375f, 0.625f, 0.875f};
  Com<ID3D11Buffer> cb = makeBuffer(d, data, sizeof data, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->PSSetConstantBuffers(0, 1, cbs);
  Com<ID3D11RasterizerState2> state;
  if (conservative) {
    state = conservativeState(d);
    d.context->RSSetState(state.get());
  }
  const Vertex full[] = {{-1, -1, 0.5f, 0.25f, 1, 1}, {-1, 3, 0.5f, 0.25f, 1, 1}, {3, -1, 0.5f, 0.25f, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, full, sizeof full, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  std::array<std::array<float, 4>, 2> out{};
  ID3D11ClassInstance* instances[] = {tint.get()};
  d.context->PSSetShader(ps.get(), instances, 1);
  d.context->Draw(3, 0);
  out[0] = t.pixels()[4 * 8 + 4];
  instances[0] = flat.get();
  d.context->PSSetShader(ps.get(), instances, 1);
  d.context->Draw(3, 0);
  out[1] = t.pixels()[4 * 8 + 4];
  return out;
}

}  // namespace

TEST_CASE("class linkage: a pixel shader's interface drawn with each class, natively and on the conservative fallback",
          "[compute][draw][interfaces]") {
  const std::array<float, 4> tinted{1, 0.5f, 2, 2}, flat{0.125f, 0.375f, 0.625f, 0.875f};
  {
    RenderDevice d;
    const auto pixels = drawLinked(d, false);
    CHECK(pixels[0] == tinted);
    CHECK(pixels[1] == flat);
  }
  {
    ForceConservativeFallback fallback;
    RenderDevice d;
    const auto pixels = drawLinked(d, true);
    CHECK(pixels[0] == tinted);
    CHECK(pixels[1] == flat);
  }
}

TEST_CASE("class linkage: instances a context still binds do not keep the device alive once the application lets go",
          "[compute][interfaces][lifetime]") {
  DdiTraceLog trace;
  ScopedEnv umd{"D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY};
  {
    RenderDevice d;
    Com<ID3D11ClassLinkage> linkage;
    REQUIRE(d->CreateClassLinkage(linkage.out()) == S_OK);
    const std::vector<uint8_t> code = withInterfaces(kLinkedCs);
    Com<ID3D11ComputeShader> cs;
    REQUIRE(d->CreateComputeShader(code.data(), code.size(), linkage.get(), cs.out()) == S_OK);
    Com<ID3D11ClassInstance> a, seven;
    REQUIRE(linkage->CreateClassInstance("ClassA", 1, 2, 0, 0, a.out()) == S_OK);
    REQUIRE(linkage->CreateClassInstance("Seven", 0, 0, 0, 0, seven.out()) == S_OK);
    ID3D11ClassInstance* instances[] = {a.get(), seven.get(), seven.get()};
    d.context->CSSetShader(cs.get(), instances, 3);
    // The application releases the linkage first, then everything else; the binding stays.
    linkage.reset();
    Com<ID3D11ClassLinkage> owner;
    a->GetClassLinkage(owner.out());
    CHECK(owner);
  }
  CHECK(trace.calls("DestroyDevice").size() == 1);
  CHECK(trace.calls("DestroyShader").size() == trace.calls("CreateComputeShader").size());
}

namespace {

// GS (points): each point passed through with COLOR = fp0's method — Tint
// (COLOR · data.x) or Flat (data), data at this[0] — as kLinkedPs computes it.
constexpr const char* kLinkedGs = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
gs_5_0
dcl_function_body fb0
dcl_function_body fb1
dcl_function_table ft0 = {fb0}
dcl_function_table ft1 = {fb1}
dcl_interface fp0[1][1] = {ft0, ft1}
dcl_constantbuffer CB0[4], dynamicIndexed
dcl_input_siv v[1][0].xyzw, position
dcl_input v[1][1].xyzw
dcl_temps 1
dcl_inputprimitive point
dcl_stream m0
dcl_outputtopology pointlist
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
dcl_maxout 1
fcall fp0[0][0]
mov o0.xyzw, v[0][0].xyzw
mov o1.xyzw, r0.xyzw
emit_stream m0
ret
label fb0
mul r0.xyzw, v[0][1].xyzw, cb[this[0].x + 0][this[0].y + 0].xxxx
ret
label fb1
mov r0.xyzw, cb[this[0].x + 0][this[0].y + 0].xyzw
ret
)";

std::vector<uint8_t> linkedGeometryShader() {
  using namespace d3dvk::dxbc;
  InterfaceInfo info;
  info.types = {{"Tint", 0, 1, 0, 0}, {"Flat", 1, 1, 0, 0}};
  InterfaceSlotRecord fp0;
  fp0.implementations = {{0, 0}, {1, 1}};
  info.slotRecords = {fp0};
  info.slotCount = 1;
  const Container c = parseContainer(assembledListing(kLinkedGs));
  std::vector<Chunk> chunks = c.chunks;
  Chunk ifce;
  ifce.code = fourcc("IFCE");
  ifce.data = writeInterfaces(info);
  chunks.push_back(ifce);
  return writeContainer(chunks);
}

}  // namespace

TEST_CASE("class linkage: stream output from a geometry shader with an interface captures each bound class's values",
          "[compute][interfaces][stream-output]") {
  RenderDevice d;
  DrawTarget t(d, 8, 8);
  Com<ID3D11ClassLinkage> linkage;
  REQUIRE(d->CreateClassLinkage(linkage.out()) == S_OK);
  const std::vector<uint8_t> code = linkedGeometryShader();
  const D3D11_SO_DECLARATION_ENTRY decl[] = {{0, "COLOR", 0, 0, 4, 0}};
  Com<ID3D11GeometryShader> gs;
  REQUIRE(d->CreateGeometryShaderWithStreamOutput(code.data(), code.size(), decl, 1, nullptr, 0,
                                                  D3D11_SO_NO_RASTERIZED_STREAM, linkage.get(), gs.out()) == S_OK);
  Com<ID3D11ClassInstance> tint, flat;
  REQUIRE(linkage->CreateClassInstance("Tint", 0, 0, 0, 0, tint.out()) == S_OK);
  REQUIRE(linkage->CreateClassInstance("Flat", 0, 1, 0, 0, flat.out()) == S_OK);
  const float data[8] = {2, 0, 0, 0, 0.125f, 0.375f, 0.625f, 0.875f};
  Com<ID3D11Buffer> cb = makeBuffer(d, data, sizeof data, D3D11_BIND_CONSTANT_BUFFER);
  ID3D11Buffer* cbs[] = {cb.get()};
  d.context->GSSetConstantBuffers(0, 1, cbs);
  const Vertex point[] = {{0, 0, 0.5f, 0.25f, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, point, sizeof point, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  d.context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  const std::vector<uint8_t> fill(64, 0xAB);
  Com<ID3D11Buffer> out = makeBuffer(d, fill.data(), 64, D3D11_BIND_STREAM_OUTPUT);
  ID3D11Buffer* targets[] = {out.get()};
  const UINT zero = 0;
  d.context->SOSetTargets(1, targets, &zero);
  ID3D11ClassInstance* instances[] = {tint.get()};
  d.context->GSSetShader(gs.get(), instances, 1);
  d.context->Draw(1, 0);
  instances[0] = flat.get();
  d.context->GSSetShader(gs.get(), instances, 1);
  d.context->Draw(1, 0);  // appends
  d.context->SOSetTargets(0, nullptr, nullptr);
  const std::vector<uint8_t> raw = readback(d, out.get());
  std::vector<float> f(raw.size() / 4);
  std::memcpy(f.data(), raw.data(), f.size() * 4);
  CHECK(std::vector<float>(f.begin(), f.begin() + 4) == std::vector<float>{1, 0.5f, 2, 2});  // Tint: COLOR · 2
  CHECK(std::vector<float>(f.begin() + 4, f.begin() + 8) == std::vector<float>{0.125f, 0.375f, 0.625f, 0.875f});
  uint32_t after = 0;
  std::memcpy(&after, raw.data() + 32, 4);
  CHECK(after == 0xABABABABu);
}
