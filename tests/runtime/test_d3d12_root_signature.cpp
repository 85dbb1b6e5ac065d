// tests/runtime: root signatures through the D3D12 API — the exported
// serializers (bytes checked against blobs written here by hand from the RTS0
// layout), their errors and error blobs, the deserializers and their 1.0 <-> 1.1
// conversion, and ID3D12Device::CreateRootSignature.
#include "dxbc/checksum.h"
#include "dxbc/container.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <dxguids/dxguids.h>

#include <catch2/catch.hpp>

#include <climits>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Catch::Matchers::Contains;

// A serialized root signature by hand: the DXBC header, one chunk at offset 36, 'RTS0', its words.
std::vector<uint8_t> containerByHand(const std::vector<uint32_t>& rts0) {
  std::vector<uint32_t> words = {0x43425844, 0, 0, 0, 0, 1, uint32_t(44 + rts0.size() * 4), 1, 36,
                                 0x30535452, uint32_t(rts0.size() * 4)};
  words.insert(words.end(), rts0.begin(), rts0.end());
  std::vector<uint8_t> bytes(words.size() * 4);
  std::memcpy(bytes.data(), words.data(), bytes.size());
  auto sum = d3dvk::dxbc::dxbcChecksum(bytes);
  std::memcpy(bytes.data() + 4, sum.data(), 16);
  return bytes;
}

std::vector<uint8_t> bytesOf(ID3DBlob* blob) {
  const auto* p = static_cast<const uint8_t*>(blob->GetBufferPointer());
  return {p, p + blob->GetBufferSize()};
}

std::string textOf(ID3DBlob* blob) {
  REQUIRE(blob);
  std::string text(static_cast<const char*>(blob->GetBufferPointer()), blob->GetBufferSize());
  CHECK(text.back() == '\0');
  return text.c_str();
}

// A 1.0 desc with every parameter kind and a static sampler.
struct EveryKind {
  D3D12_DESCRIPTOR_RANGE ranges[2] = {
      {D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 4, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND},
      {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, UINT_MAX, 1, 2, 8},
  };
  D3D12_DESCRIPTOR_RANGE samplerRange = {D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, 2, 0, 0, 0};
  D3D12_ROOT_PARAMETER parameters[6]{};
  D3D12_STATIC_SAMPLER_DESC sampler{};
  D3D12_ROOT_SIGNATURE_DESC desc{};
  EveryKind() {
    parameters[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    parameters[0].DescriptorTable = {2, ranges};
    parameters[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    parameters[1].Constants = {0, 0, 4};
    parameters[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    parameters[2].ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
    parameters[2].Descriptor = {1, 0};
    parameters[3].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
    parameters[3].Descriptor = {4, 0};
    parameters[4].ParameterType = D3D12_ROOT_PARAMETER_TYPE_UAV;
    parameters[4].Descriptor = {0, 1};
    parameters[5].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    parameters[5].DescriptorTable = {1, &samplerRange};
    parameters[5].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_LINEAR;
    sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
    sampler.MaxAnisotropy = 1;
    sampler.ComparisonFunc = D3D12_COMPARISON_FUNC_NEVER;
    sampler.MaxLOD = 1000.0f;
    sampler.ShaderRegister = 2;
    desc = {6, parameters, 1, &sampler, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT};
  }
};

ID3DBlob* serialize(const D3D12_ROOT_SIGNATURE_DESC& desc) {
  ID3DBlob* blob = nullptr;
  ID3DBlob* error = nullptr;
  REQUIRE(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, &error) == S_OK);
  CHECK(error == nullptr);
  return blob;
}

ID3D12Device* createD3D12() {
  ID3D12Device* device = nullptr;
  REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device),
                            reinterpret_cast<void**>(&device)) == S_OK);
  return device;
}

}  // namespace

TEST_CASE("D3D12SerializeRootSignature writes the RTS0 layout byte for byte", "[runtime][d3d12][rootsig]") {
  D3D12_ROOT_PARAMETER cbv{};
  cbv.ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  cbv.Descriptor = {3, 0};
  cbv.ShaderVisibility = D3D12_SHADER_VISIBILITY_GEOMETRY;
  D3D12_ROOT_SIGNATURE_DESC desc{1, &cbv, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_DENY_PIXEL_SHADER_ROOT_ACCESS};
  ID3DBlob* blob = serialize(desc);
  // Header (version 1, one parameter at 24, no samplers at 44, flags), the
  // parameter (CBV, GEOMETRY, payload at 36), the payload (b3, space 0).
  CHECK(bytesOf(blob) == containerByHand({1, 1, 24, 0, 44, 0x20, 2, 4, 36, 3, 0}));
  blob->Release();

  D3D12_ROOT_PARAMETER1 cbv1{};
  cbv1.ParameterType = D3D12_ROOT_PARAMETER_TYPE_CBV;
  cbv1.Descriptor = {3, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC};
  D3D12_VERSIONED_ROOT_SIGNATURE_DESC versioned{};
  versioned.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
  versioned.Desc_1_1 = {1, &cbv1, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE};
  ID3DBlob* error = reinterpret_cast<ID3DBlob*>(0x1);
  REQUIRE(D3D12SerializeVersionedRootSignature(&versioned, &blob, &error) == S_OK);
  CHECK(error == nullptr);
  CHECK(bytesOf(blob) == containerByHand({2, 1, 24, 0, 48, 0, 2, 0, 36, 3, 0, 8}));
  blob->Release();
}

TEST_CASE("serialize, deserialize: every parameter kind comes back, 1.0 and converted to 1.1",
          "[runtime][d3d12][rootsig]") {
  EveryKind k;
  ID3DBlob* blob = serialize(k.desc);

  ID3D12RootSignatureDeserializer* deserializer = nullptr;
  REQUIRE(D3D12CreateRootSignatureDeserializer(blob->GetBufferPointer(), blob->GetBufferSize(),
                                               __uuidof(ID3D12RootSignatureDeserializer),
                                               reinterpret_cast<void**>(&deserializer)) == S_OK);
  const D3D12_ROOT_SIGNATURE_DESC* got = deserializer->GetRootSignatureDesc();
  REQUIRE(got->NumParameters == 6);
  CHECK(got->Flags == D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT);
  for (int i = 0; i < 6; ++i) {
    INFO("parameter " << i);
    CHECK(got->pParameters[i].ParameterType == k.parameters[i].ParameterType);
    CHECK(got->pParameters[i].ShaderVisibility == k.parameters[i].ShaderVisibility);
  }
  REQUIRE(got->pParameters[0].DescriptorTable.NumDescriptorRanges == 2);
  CHECK(std::memcmp(got->pParameters[0].DescriptorTable.pDescriptorRanges, k.ranges, sizeof k.ranges) == 0);
  CHECK(got->pParameters[1].Constants.Num32BitValues == 4);
  CHECK(got->pParameters[4].Descriptor.RegisterSpace == 1);
  CHECK(got->pParameters[5].DescriptorTable.pDescriptorRanges[0].RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER);
  REQUIRE(got->NumStaticSamplers == 1);
  CHECK(std::memcmp(got->pStaticSamplers, &k.sampler, sizeof k.sampler) == 0);
  CHECK(deserializer->Release() == 0);

  ID3D12VersionedRootSignatureDeserializer* versioned = nullptr;
  REQUIRE(D3D12CreateVersionedRootSignatureDeserializer(blob->GetBufferPointer(), blob->GetBufferSize(),
                                                        __uuidof(ID3D12VersionedRootSignatureDeserializer),
                                                        reinterpret_cast<void**>(&versioned)) == S_OK);
  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* unconverted = versioned->GetUnconvertedRootSignatureDesc();
  CHECK(unconverted->Version == D3D_ROOT_SIGNATURE_VERSION_1_0);
  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* same = nullptr;
  REQUIRE(versioned->GetRootSignatureDescAtVersion(D3D_ROOT_SIGNATURE_VERSION_1_0, &same) == S_OK);
  CHECK(same == unconverted);
  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* at11 = nullptr;
  REQUIRE(versioned->GetRootSignatureDescAtVersion(D3D_ROOT_SIGNATURE_VERSION_1_1, &at11) == S_OK);
  REQUIRE(at11->Version == D3D_ROOT_SIGNATURE_VERSION_1_1);
  const D3D12_ROOT_SIGNATURE_DESC1& d1 = at11->Desc_1_1;
  REQUIRE(d1.NumParameters == 6);
  for (UINT j = 0; j < 2; ++j)
    CHECK(d1.pParameters[0].DescriptorTable.pDescriptorRanges[j].Flags ==
          (D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE));
  CHECK(d1.pParameters[0].DescriptorTable.pDescriptorRanges[1].OffsetInDescriptorsFromTableStart == 8);
  CHECK(d1.pParameters[5].DescriptorTable.pDescriptorRanges[0].Flags == D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE);
  for (int i : {2, 3, 4}) CHECK(d1.pParameters[i].Descriptor.Flags == D3D12_ROOT_DESCRIPTOR_FLAG_DATA_VOLATILE);
  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* again = nullptr;
  REQUIRE(versioned->GetRootSignatureDescAtVersion(D3D_ROOT_SIGNATURE_VERSION_1_1, &again) == S_OK);
  CHECK(again == at11);
  CHECK(versioned->GetRootSignatureDescAtVersion(D3D_ROOT_SIGNATURE_VERSION(3), &again) == E_INVALIDARG);
  CHECK(versioned->GetRootSignatureDescAtVersion(D3D_ROOT_SIGNATURE_VERSION_1_1, nullptr) == E_INVALIDARG);
  CHECK(versioned->Release() == 0);
  blob->Release();
}

TEST_CASE("a 1.1 blob deserializes as 1.1 and converts to 1.0 without flags", "[runtime][d3d12][rootsig]") {
  D3D12_DESCRIPTOR_RANGE1 range = {D3D12_DESCRIPTOR_RANGE_TYPE_CBV, 2, 0, 0, D3D12_DESCRIPTOR_RANGE_FLAG_DATA_STATIC,
                                   D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND};
  D3D12_ROOT_PARAMETER1 parameters[2]{};
  parameters[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  parameters[0].DescriptorTable = {1, &range};
  parameters[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
  parameters[1].Descriptor = {0, 0, D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE};
  D3D12_VERSIONED_ROOT_SIGNATURE_DESC desc{};
  desc.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
  desc.Desc_1_1 = {2, parameters, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE};
  ID3DBlob* blob = nullptr;
  REQUIRE(D3D12SerializeVersionedRootSignature(&desc, &blob, nullptr) == S_OK);

  ID3D12VersionedRootSignatureDeserializer* versioned = nullptr;
  REQUIRE(D3D12CreateVersionedRootSignatureDeserializer(blob->GetBufferPointer(), blob->GetBufferSize(),
                                                        __uuidof(ID3D12VersionedRootSignatureDeserializer),
                                                        reinterpret_cast<void**>(&versioned)) == S_OK);
  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* got = versioned->GetUnconvertedRootSignatureDesc();
  REQUIRE(got->Version == D3D_ROOT_SIGNATURE_VERSION_1_1);
  CHECK(std::memcmp(got->Desc_1_1.pParameters[0].DescriptorTable.pDescriptorRanges, &range, sizeof range) == 0);
  CHECK(got->Desc_1_1.pParameters[1].Descriptor.Flags == D3D12_ROOT_DESCRIPTOR_FLAG_DATA_STATIC_WHILE_SET_AT_EXECUTE);
  CHECK(got->Desc_1_1.pStaticSamplers == nullptr);  // empty arrays are null, as D3D12 returns them
  const D3D12_VERSIONED_ROOT_SIGNATURE_DESC* at10 = nullptr;
  REQUIRE(versioned->GetRootSignatureDescAtVersion(D3D_ROOT_SIGNATURE_VERSION_1_0, &at10) == S_OK);
  REQUIRE(at10->Version == D3D_ROOT_SIGNATURE_VERSION_1_0);
  const D3D12_DESCRIPTOR_RANGE& r10 = at10->Desc_1_0.pParameters[0].DescriptorTable.pDescriptorRanges[0];
  CHECK(r10.RangeType == D3D12_DESCRIPTOR_RANGE_TYPE_CBV);
  CHECK(r10.NumDescriptors == 2);
  CHECK(r10.OffsetInDescriptorsFromTableStart == D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND);
  versioned->Release();

  // The 1.0 deserializer takes a 1.1 blob and hands out its 1.0 form.
  ID3D12RootSignatureDeserializer* plain = nullptr;
  REQUIRE(D3D12CreateRootSignatureDeserializer(blob->GetBufferPointer(), blob->GetBufferSize(),
                                               __uuidof(ID3D12RootSignatureDeserializer),
                                               reinterpret_cast<void**>(&plain)) == S_OK);
  CHECK(plain->GetRootSignatureDesc()->pParameters[1].ParameterType == D3D12_ROOT_PARAMETER_TYPE_SRV);
  plain->Release();
  blob->Release();
}

TEST_CASE("invalid descs fail with E_INVALIDARG and an error blob saying why", "[runtime][d3d12][rootsig]") {
  EveryKind k;
  ID3DBlob* blob = reinterpret_cast<ID3DBlob*>(0x1);
  ID3DBlob* error = reinterpret_cast<ID3DBlob*>(0x1);
  CHECK(D3D12SerializeRootSignature(&k.desc, D3D_ROOT_SIGNATURE_VERSION_1_1, &blob, &error) == E_INVALIDARG);
  CHECK(blob == reinterpret_cast<ID3DBlob*>(0x1));  // untouched on failure
  CHECK_THAT(textOf(error), Contains("D3D12SerializeRootSignature: Version 2 is not D3D_ROOT_SIGNATURE_VERSION_1_0"));
  error->Release();
  CHECK(D3D12SerializeRootSignature(&k.desc, D3D_ROOT_SIGNATURE_VERSION_1_1, &blob, nullptr) == E_INVALIDARG);

  auto failure = [](const D3D12_ROOT_SIGNATURE_DESC& desc) {
    ID3DBlob* b = nullptr;
    ID3DBlob* e = nullptr;
    CHECK(D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, &b, &e) == E_INVALIDARG);
    CHECK(b == nullptr);
    std::string text = textOf(e);
    e->Release();
    return text;
  };
  k.ranges[1].BaseShaderRegister = 0;  // u0.. in space 2: still fine
  k.ranges[1].RegisterSpace = 1;       // now overlaps the root UAV u0 space 1
  CHECK_THAT(failure(k.desc), Contains("D3D12SerializeRootSignature: shader register range of UAV registers 0..0 in "
                                       "space 1, root parameter [4] (root UAV, visibility ALL), overlaps registers "
                                       "0..4294967295 of root parameter [0] descriptor table range [1]"));
  k.ranges[1].RegisterSpace = 2;
  k.ranges[1].RangeType = D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER;
  CHECK_THAT(failure(k.desc), Contains("sampler ranges cannot be mixed with CBV/SRV/UAV ranges"));
  k.ranges[1].RangeType = D3D12_DESCRIPTOR_RANGE_TYPE_UAV;
  k.ranges[1].OffsetInDescriptorsFromTableStart = D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND;
  std::swap(k.ranges[0], k.ranges[1]);  // the unbounded range first, an APPEND range after it
  CHECK_THAT(failure(k.desc), Contains("range [1]: uses D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND right after an unbounded"));
  std::swap(k.ranges[0], k.ranges[1]);
  k.parameters[1].Constants.Num32BitValues = 60;  // 1 + 60 + 2 + 2 + 2 + 1 = 68 DWORDs
  CHECK_THAT(failure(k.desc), Contains("the root signature costs 68 DWORDs"));
  k.parameters[1].Constants.Num32BitValues = 4;
  k.parameters[1].ShaderVisibility = D3D12_SHADER_VISIBILITY(9);
  CHECK_THAT(failure(k.desc), Contains("root parameter [1]: ShaderVisibility 9"));
  k.parameters[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  k.parameters[0].DescriptorTable.pDescriptorRanges = nullptr;
  CHECK_THAT(failure(k.desc), Contains("root parameter [0]: NumDescriptorRanges is 2 but pDescriptorRanges is null"));

  D3D12_VERSIONED_ROOT_SIGNATURE_DESC unknown{};
  unknown.Version = D3D_ROOT_SIGNATURE_VERSION(7);
  CHECK(D3D12SerializeVersionedRootSignature(&unknown, &blob, &error) == E_INVALIDARG);
  CHECK_THAT(textOf(error), Contains("unknown root signature version 7"));
  error->Release();
  CHECK(D3D12SerializeVersionedRootSignature(nullptr, &blob, &error) == E_INVALIDARG);
  CHECK_THAT(textOf(error), Contains("pRootSignature is null"));
  error->Release();
}

TEST_CASE("deserializers answer only their own interface and refuse what is not a root signature",
          "[runtime][d3d12][rootsig]") {
  EveryKind k;
  ID3DBlob* blob = serialize(k.desc);
  void* out = reinterpret_cast<void*>(0x1);
  CHECK(D3D12CreateRootSignatureDeserializer(blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(IUnknown),
                                             &out) == E_NOINTERFACE);
  CHECK(out == nullptr);
  CHECK(D3D12CreateRootSignatureDeserializer(blob->GetBufferPointer(), blob->GetBufferSize(),
                                             __uuidof(ID3D12VersionedRootSignatureDeserializer), &out) == E_NOINTERFACE);
  CHECK(D3D12CreateVersionedRootSignatureDeserializer(blob->GetBufferPointer(), blob->GetBufferSize(),
                                                      __uuidof(ID3D12RootSignatureDeserializer), &out) == E_NOINTERFACE);
  REQUIRE(D3D12CreateRootSignatureDeserializer(blob->GetBufferPointer(), blob->GetBufferSize(),
                                               __uuidof(ID3D12RootSignatureDeserializer), &out) == S_OK);
  auto* deserializer = static_cast<ID3D12RootSignatureDeserializer*>(out);
  void* other = nullptr;
  CHECK(deserializer->QueryInterface(__uuidof(IUnknown), &other) == E_NOINTERFACE);
  CHECK(deserializer->QueryInterface(__uuidof(ID3D12RootSignatureDeserializer), &other) == S_OK);
  CHECK(deserializer->Release() == 1);
  CHECK(deserializer->Release() == 0);

  std::vector<uint8_t> bytes = bytesOf(blob);
  bytes[50] ^= 0xff;  // inside the chunk: the checksum no longer matches
  CHECK(D3D12CreateRootSignatureDeserializer(bytes.data(), bytes.size(), __uuidof(ID3D12RootSignatureDeserializer),
                                             &out) == E_INVALIDARG);
  CHECK(D3D12CreateRootSignatureDeserializer(nullptr, 64, __uuidof(ID3D12RootSignatureDeserializer), &out) ==
        E_INVALIDARG);
  const uint32_t garbage[4] = {1, 2, 3, 4};
  CHECK(D3D12CreateVersionedRootSignatureDeserializer(garbage, sizeof garbage,
                                                      __uuidof(ID3D12VersionedRootSignatureDeserializer),
                                                      &out) == E_INVALIDARG);
  blob->Release();
}

TEST_CASE("CreateRootSignature builds an ID3D12RootSignature from a blob", "[runtime][d3d12][rootsig]") {
  ID3D12Device* device = createD3D12();
  EveryKind k;
  ID3DBlob* blob = serialize(k.desc);
  ID3D12RootSignature* signature = nullptr;
  REQUIRE(device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
                                      __uuidof(ID3D12RootSignature), reinterpret_cast<void**>(&signature)) == S_OK);
  REQUIRE(signature);
  ID3D12DeviceChild* child = nullptr;
  CHECK(signature->QueryInterface(__uuidof(ID3D12DeviceChild), reinterpret_cast<void**>(&child)) == S_OK);
  child->Release();
  ID3D12Pageable* pageable = nullptr;
  CHECK(signature->QueryInterface(__uuidof(ID3D12Pageable), reinterpret_cast<void**>(&pageable)) == E_NOINTERFACE);
  ID3D12Device* owner = nullptr;
  REQUIRE(signature->GetDevice(__uuidof(ID3D12Device), reinterpret_cast<void**>(&owner)) == S_OK);
  CHECK(owner == device);
  CHECK(owner->Release() == 2);  // the application's reference and the root signature's
  CHECK(signature->SetName(L"rs") == S_OK);
  CHECK(signature->Release() == 0);

  // nodeMask 1 is node 0; a null output asks whether creation would succeed.
  CHECK(device->CreateRootSignature(1, blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(ID3D12RootSignature),
                                    nullptr) == S_FALSE);
  void* out = reinterpret_cast<void*>(0x1);
  CHECK(device->CreateRootSignature(2, blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(ID3D12RootSignature),
                                    &out) == E_INVALIDARG);
  CHECK(out == nullptr);
  CHECK(device->CreateRootSignature(0, nullptr, 0, __uuidof(ID3D12RootSignature), &out) == E_INVALIDARG);
  CHECK(device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(), __uuidof(ID3D12Resource),
                                    &out) == E_NOINTERFACE);
  d3dvk::dxbc::Chunk shader;
  shader.code = d3dvk::dxbc::fourcc("SHEX");
  shader.data = {0x50, 0, 5, 0, 2, 0, 0, 0};
  const std::vector<uint8_t> noRootSignature = d3dvk::dxbc::writeContainer({shader});
  CHECK(device->CreateRootSignature(0, noRootSignature.data(), noRootSignature.size(), __uuidof(ID3D12RootSignature),
                                    &out) == E_FAIL);
  // A shader with an embedded root signature (RTS0 beside its other chunks) is a blob too.
  d3dvk::dxbc::Chunk rts0;
  rts0.code = d3dvk::dxbc::fourcc("RTS0");
  rts0.data = d3dvk::dxbc::parseContainer(bytesOf(blob)).find(d3dvk::dxbc::fourcc("RTS0"))->data;
  const std::vector<uint8_t> shaderWithRootSignature = d3dvk::dxbc::writeContainer({shader, rts0});
  ID3D12RootSignature* embedded = nullptr;
  REQUIRE(device->CreateRootSignature(0, shaderWithRootSignature.data(), shaderWithRootSignature.size(),
                                      __uuidof(ID3D12RootSignature), reinterpret_cast<void**>(&embedded)) == S_OK);
  CHECK(embedded->Release() == 0);
  // A well-formed blob whose desc breaks a rule (two root CBVs at b0) is refused too.
  const std::vector<uint8_t> overlapping = containerByHand({1, 2, 24, 0, 64, 0, 2, 0, 48, 2, 0, 56, 0, 0, 0, 0});
  CHECK(device->CreateRootSignature(0, overlapping.data(), overlapping.size(), __uuidof(ID3D12RootSignature), &out) ==
        E_INVALIDARG);
  blob->Release();
  CHECK(device->Release() == 0);
}
