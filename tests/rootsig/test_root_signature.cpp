// tests/rootsig: the root-signature blob format, checked against blobs written
// here word by word from the documented RTS0 layout (an independent reference:
// the header, the parameter array, each payload with a table's ranges directly
// after it, the static samplers last), validation errors and their texts,
// 1.0 <-> 1.1 conversion, and malformed blobs.
#include "dxbc/checksum.h"
#include "dxbc/container.h"
#include "dxbc/error.h"
#include "rootsig/root_signature.h"
#include "rootsig/rts0.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace d3dvk::rootsig;

namespace {

std::vector<uint8_t> bytesOf(const std::vector<uint32_t>& words) {
  std::vector<uint8_t> b(words.size() * 4);
  std::memcpy(b.data(), words.data(), b.size());
  return b;
}

// A DXBC container around one RTS0 chunk, laid out by hand: magic, checksum,
// version 1, total size, one chunk, its offset (36), then 'RTS0', size, data.
std::vector<uint8_t> containerByHand(const std::vector<uint32_t>& rts0) {
  std::vector<uint32_t> words = {0x43425844, 0, 0, 0, 0, 1, uint32_t(44 + rts0.size() * 4), 1, 36,
                                 0x30535452, uint32_t(rts0.size() * 4)};
  words.insert(words.end(), rts0.begin(), rts0.end());
  std::vector<uint8_t> bytes = bytesOf(words);
  auto sum = d3dvk::dxbc::dxbcChecksum(bytes);
  std::memcpy(bytes.data() + 4, sum.data(), 16);
  return bytes;
}

uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// Every parameter kind: a table (CBV b1 space 7; SRV t16..t23; UAV u3.. unbounded at
// offset 44), root constants b4 (3 values, pixel), root CBV b5 space 1 (geometry),
// root SRV t13, root UAV u6 space 2; two static samplers; ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT.
RootSignatureDesc everyKind(uint32_t version) {
  const bool v11 = version == kVersion1_1;
  RootSignatureDesc d;
  d.version = version;
  d.flags = 0x1;
  RootParameter table;
  table.parameterType = kParameterTable;
  table.ranges = {
      {kRangeCbv, 1, 1, 7, v11 ? kRangeDescriptorsVolatile : 0u, kOffsetAppend},
      {kRangeSrv, 8, 16, 0, v11 ? kRangeDataStatic : 0u, kOffsetAppend},
      {kRangeUav, kUnboundedDescriptors, 3, 0, v11 ? kRangeDescriptorsVolatile | kRangeDataVolatile : 0u, 44},
  };
  RootParameter constants;
  constants.parameterType = kParameterConstants;
  constants.shaderVisibility = 5;
  constants.shaderRegister = 4;
  constants.num32BitValues = 3;
  RootParameter cbv;
  cbv.parameterType = kParameterCbv;
  cbv.shaderVisibility = 4;
  cbv.shaderRegister = 5;
  cbv.registerSpace = 1;
  cbv.flags = v11 ? kRootDescriptorDataStatic : 0;
  RootParameter srv;
  srv.parameterType = kParameterSrv;
  srv.shaderRegister = 13;
  RootParameter uav;
  uav.parameterType = kParameterUav;
  uav.shaderRegister = 6;
  uav.registerSpace = 2;
  uav.flags = v11 ? kRootDescriptorDataStaticWhileSetAtExecute : 0;
  d.parameters = {table, constants, cbv, srv, uav};
  StaticSampler s0;  // the defaults at s4
  s0.shaderRegister = 4;
  StaticSampler s1;
  s1.filter = 0x1;  // MIN_MAG_POINT_MIP_LINEAR
  s1.addressW = 4;  // BORDER
  s1.mipLODBiasBits = floatBits(1.0f);
  s1.borderColor = 1;  // OPAQUE_BLACK
  s1.maxLODBits = floatBits(10.0f);
  s1.registerSpace = 3;
  s1.shaderVisibility = 5;
  d.staticSamplers = {s0, s1};
  return d;
}

// everyKind's RTS0 chunk, word by word.
std::vector<uint32_t> everyKindWords(uint32_t version) {
  const bool v11 = version == kVersion1_1;
  // Offsets: header 0..24, 5 parameter headers 24..84, then the payloads.
  const uint32_t table = 84;
  const uint32_t ranges = table + 8;
  const uint32_t constants = ranges + 3 * (v11 ? 24 : 20);
  const uint32_t cbv = constants + 12;
  const uint32_t descriptor = v11 ? 12 : 8;
  const uint32_t srv = cbv + descriptor, uav = srv + descriptor, samplers = uav + descriptor;
  std::vector<uint32_t> w = {version, 5, 24, 2, samplers, 0x1};
  // Parameter headers: type, visibility, payload offset.
  for (uint32_t x : {0u, 0u, table, 1u, 5u, constants, 2u, 4u, cbv, 3u, 0u, srv, 4u, 0u, uav}) w.push_back(x);
  // Table: 3 ranges right after.
  for (uint32_t x : {3u, ranges}) w.push_back(x);
  auto range = [&](uint32_t type, uint32_t count, uint32_t base, uint32_t space, uint32_t flags, uint32_t offset) {
    for (uint32_t x : {type, count, base, space}) w.push_back(x);
    if (v11) w.push_back(flags);
    w.push_back(offset);
  };
  range(2, 1, 1, 7, 0x1, 0xFFFFFFFF);
  range(0, 8, 16, 0, 0x8, 0xFFFFFFFF);
  range(1, 0xFFFFFFFF, 3, 0, 0x3, 44);
  for (uint32_t x : {4u, 0u, 3u}) w.push_back(x);  // constants b4 space 0, 3 values
  for (uint32_t x : {5u, 1u}) w.push_back(x);      // CBV b5 space 1
  if (v11) w.push_back(0x8);
  for (uint32_t x : {13u, 0u}) w.push_back(x);  // SRV t13
  if (v11) w.push_back(0);
  for (uint32_t x : {6u, 2u}) w.push_back(x);  // UAV u6 space 2
  if (v11) w.push_back(0x4);
  // Samplers: filter, U, V, W, bias, aniso, cmp, border, minLOD, maxLOD, register, space, visibility.
  for (uint32_t x : {0x55u, 1u, 1u, 1u, 0u, 16u, 4u, 2u, 0u, 0x7f7fffffu, 4u, 0u, 0u}) w.push_back(x);
  for (uint32_t x : {0x1u, 1u, 1u, 4u, 0x3f800000u, 16u, 4u, 1u, 0u, 0x41200000u, 0u, 3u, 5u}) w.push_back(x);
  return w;
}

RootSignatureDesc withTable(std::vector<DescriptorRange> ranges, uint32_t version = kVersion1_0) {
  RootSignatureDesc d;
  d.version = version;
  RootParameter p;
  p.ranges = std::move(ranges);
  d.parameters = {p};
  return d;
}

RootParameter rootParameter(uint32_t type, uint32_t reg, uint32_t visibility = 0, uint32_t space = 0) {
  RootParameter p;
  p.parameterType = type;
  p.shaderRegister = reg;
  p.registerSpace = space;
  p.shaderVisibility = visibility;
  p.num32BitValues = type == kParameterConstants ? 1 : 0;
  return p;
}

}  // namespace

TEST_CASE("an empty root signature is the 24-byte header with both offsets at 24", "[rootsig]") {
  RootSignatureDesc d;
  CHECK(validate(d).empty());
  CHECK(writeRts0(d) == bytesOf({1, 0, 24, 0, 24, 0}));
  d.version = kVersion1_1;
  d.flags = 0x20;  // DENY_PIXEL_SHADER_ROOT_ACCESS
  CHECK(writeBlob(d) == containerByHand({2, 0, 24, 0, 24, 0x20}));
}

TEST_CASE("every parameter kind serializes to the documented layout, 1.0 and 1.1", "[rootsig]") {
  for (uint32_t version : {kVersion1_0, kVersion1_1}) {
    INFO("version " << version);
    RootSignatureDesc d = everyKind(version);
    REQUIRE(validate(d) == "");
    CHECK(rootCost(d) == 1 + 3 + 2 + 2 + 2);
    const std::vector<uint8_t> expected = containerByHand(everyKindWords(version));
    CHECK(writeBlob(d) == expected);
    ParsedBlob parsed = parseBlob(expected);
    REQUIRE(parsed.status == ParsedBlob::kOk);
    CHECK(parsed.desc == d);
    CHECK(writeBlob(parsed.desc) == expected);
  }
}

TEST_CASE("the reader follows offsets wherever they point", "[rootsig]") {
  // One root CBV whose payload sits after the static sampler array (no samplers
  // here, so the payload is simply moved 8 bytes further with a gap before it).
  const std::vector<uint32_t> words = {1, 1, 24, 0, 36, 0, 2, 0, 44, 0xdead, 0xbeef, 9, 3};
  ParsedBlob parsed = parseBlob(containerByHand(words));
  REQUIRE(parsed.status == ParsedBlob::kOk);
  REQUIRE(parsed.desc.parameters.size() == 1);
  CHECK(parsed.desc.parameters[0].parameterType == kParameterCbv);
  CHECK(parsed.desc.parameters[0].shaderRegister == 9);
  CHECK(parsed.desc.parameters[0].registerSpace == 3);
}

TEST_CASE("1.0 -> 1.1 conversion gives 1.0's volatile semantics, 1.1 -> 1.0 drops flags", "[rootsig]") {
  RootSignatureDesc d10 = everyKind(kVersion1_0);
  d10.parameters.push_back(RootParameter{});
  d10.parameters.back().ranges = {{kRangeSampler, 2, 0, 0, 0, kOffsetAppend}};
  RootSignatureDesc d11 = convert(d10, kVersion1_1);
  CHECK(d11.version == kVersion1_1);
  CHECK(validate(d11) == "");
  for (const DescriptorRange& r : d11.parameters[0].ranges) CHECK(r.flags == (kRangeDescriptorsVolatile | kRangeDataVolatile));
  CHECK(d11.parameters[5].ranges[0].flags == kRangeDescriptorsVolatile);  // sampler: no data flags
  for (size_t i : {2, 3, 4}) CHECK(d11.parameters[i].flags == kRootDescriptorDataVolatile);
  CHECK(d11.parameters[1].flags == 0);  // constants have none
  CHECK(d11.staticSamplers == d10.staticSamplers);

  RootSignatureDesc back = convert(everyKind(kVersion1_1), kVersion1_0);
  CHECK(back == everyKind(kVersion1_0));
  CHECK(convert(d10, kVersion1_0) == d10);
}

TEST_CASE("invalid root signatures name what is wrong", "[rootsig]") {
  auto error = [](const RootSignatureDesc& d) { return validate(d); };
  using Catch::Matchers::Contains;

  RootSignatureDesc d;
  d.version = 3;
  CHECK_THAT(error(d), Contains("unknown root signature version 3"));
  d.version = kVersion1_0;
  d.flags = 0x1000;
  CHECK_THAT(error(d), Contains("Flags 0x1000 has bits that are not D3D12_ROOT_SIGNATURE_FLAGS"));

  d = withTable({{kRangeSrv, 1, 0, 0, 0, kOffsetAppend}});
  d.parameters[0].shaderVisibility = 8;
  CHECK_THAT(error(d), Contains("root parameter [0]: ShaderVisibility 8 is not a D3D12_SHADER_VISIBILITY"));
  d.parameters[0].shaderVisibility = 0;
  d.parameters[0].parameterType = 5;
  CHECK_THAT(error(d), Contains("root parameter [0]: ParameterType 5 is not a D3D12_ROOT_PARAMETER_TYPE"));

  CHECK_THAT(error(withTable({{4, 1, 0, 0, 0, kOffsetAppend}})),
             Contains("root parameter [0] descriptor table range [0]: RangeType 4 is not a D3D12_DESCRIPTOR_RANGE_TYPE"));
  CHECK_THAT(error(withTable({{kRangeSrv, 1, 0, 0, 0, kOffsetAppend}, {kRangeSampler, 1, 0, 0, 0, kOffsetAppend}})),
             Contains("range [1]: sampler ranges cannot be mixed with CBV/SRV/UAV ranges in one descriptor table"));
  CHECK_THAT(error(withTable({{kRangeSrv, 0, 0, 0, 0, kOffsetAppend}})), Contains("range [0]: NumDescriptors is 0"));
  CHECK_THAT(error(withTable({{kRangeSrv, kUnboundedDescriptors, 0, 0, 0, kOffsetAppend},
                              {kRangeUav, 1, 0, 0, 0, kOffsetAppend}})),
             Contains("range [1]: uses D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND right after an unbounded range"));
  // An unbounded range followed by one at an explicit offset is valid.
  CHECK(error(withTable({{kRangeSrv, kUnboundedDescriptors, 0, 0, 0, kOffsetAppend}, {kRangeUav, 1, 0, 0, 0, 100}})) ==
        "");
  CHECK_THAT(error(withTable({{kRangeSrv, 2, 0xFFFFFFFF, 0, 0, kOffsetAppend}})),
             Contains("BaseShaderRegister 4294967295 + NumDescriptors 2 overflows the register space"));
  CHECK_THAT(error(withTable({{kRangeSrv, 1, 0, 0xFFFFFFF0, 0, kOffsetAppend}})),
             Contains("RegisterSpace 0xfffffff0 is reserved for the system"));
  CHECK_THAT(error(withTable({{kRangeSrv, 1, 0, 0, kRangeDataStatic, kOffsetAppend}})),
             Contains("a version 1.0 range has no flags"));
  CHECK_THAT(error(withTable({{kRangeSrv, 1, 0, 0, 0x20, kOffsetAppend}}, kVersion1_1)),
             Contains("Flags 0x20 has bits that are not D3D12_DESCRIPTOR_RANGE_FLAGS"));
  CHECK_THAT(error(withTable({{kRangeSrv, 1, 0, 0, kRangeDataStatic | kRangeDataVolatile, kOffsetAppend}}, kVersion1_1)),
             Contains("combines more than one of DATA_VOLATILE"));
  CHECK_THAT(error(withTable({{kRangeSampler, 1, 0, 0, kRangeDataVolatile, kOffsetAppend}}, kVersion1_1)),
             Contains("a sampler range takes only DESCRIPTORS_VOLATILE"));

  // Overlaps: same class, space and intersecting visibility.
  CHECK_THAT(error(withTable({{kRangeSrv, 4, 0, 0, 0, kOffsetAppend}, {kRangeSrv, 1, 3, 0, 0, kOffsetAppend}})),
             Contains("shader register range of SRV registers 3..3 in space 0, root parameter [0] descriptor table "
                      "range [1] (SRV, visibility ALL), overlaps registers 0..3 of root parameter [0] descriptor "
                      "table range [0] (SRV, visibility ALL)"));
  d = RootSignatureDesc{};
  d.parameters = {rootParameter(kParameterConstants, 0, 0), rootParameter(kParameterConstants, 0, 1)};
  CHECK_THAT(error(d), Contains("overlaps"));
  d.parameters[0].shaderVisibility = 5;  // PIXEL and VERTEX do not intersect
  CHECK(error(d) == "");
  d.parameters = {rootParameter(kParameterCbv, 2, 5), withTable({{kRangeCbv, 4, 0, 0, 0, kOffsetAppend}}).parameters[0]};
  CHECK_THAT(error(d), Contains("CBV registers"));
  d.parameters[1].ranges[0].registerSpace = 1;  // another space
  CHECK(error(d) == "");
  d.parameters = {rootParameter(kParameterSrv, 0), rootParameter(kParameterUav, 0)};  // t0 and u0: other classes
  CHECK(error(d) == "");
  d.parameters = {withTable({{kRangeSampler, 2, 0, 0, 0, kOffsetAppend}}).parameters[0]};
  d.staticSamplers = {StaticSampler{}};
  d.staticSamplers[0].shaderRegister = 1;
  CHECK_THAT(error(d), Contains("sampler registers 1..1 in space 0, static sampler [0]"));

  // Root cost: 64 DWORDs pass, 65 fail.
  d = RootSignatureDesc{};
  d.parameters = {rootParameter(kParameterConstants, 0)};
  d.parameters[0].num32BitValues = 64;
  CHECK(error(d) == "");
  d.parameters.push_back(rootParameter(kParameterCbv, 1));
  CHECK_THAT(error(d), Contains("the root signature costs 66 DWORDs, more than D3D12_MAX_ROOT_COST (64)"));

  // Root descriptor flags.
  d = RootSignatureDesc{};
  d.version = kVersion1_1;
  d.parameters = {rootParameter(kParameterUav, 0)};
  d.parameters[0].flags = kRootDescriptorDataStatic | kRootDescriptorDataVolatile;
  CHECK_THAT(error(d), Contains("root parameter [0]: Flags 0xa combines more than one"));
  d.parameters[0].flags = 0x1;  // DESCRIPTORS_VOLATILE is a range flag only
  CHECK_THAT(error(d), Contains("not D3D12_ROOT_DESCRIPTOR_FLAGS"));

  // Static sampler fields.
  d = RootSignatureDesc{};
  d.staticSamplers = {StaticSampler{}};
  d.staticSamplers[0].filter = 0x56;
  CHECK_THAT(error(d), Contains("static sampler [0]: Filter 0x56 is not a D3D12_FILTER"));
  d.staticSamplers[0].filter = 0x55;
  d.staticSamplers[0].addressV = 0;
  CHECK_THAT(error(d), Contains("AddressV 0 is not a D3D12_TEXTURE_ADDRESS_MODE"));
  d.staticSamplers[0].addressV = 1;
  d.staticSamplers[0].maxAnisotropy = 17;
  CHECK_THAT(error(d), Contains("MaxAnisotropy 17 is outside [1, 16]"));
  d.staticSamplers[0].maxAnisotropy = 16;
  d.staticSamplers[0].filter = 0x80;  // COMPARISON_MIN_MAG_MIP_POINT
  d.staticSamplers[0].comparisonFunc = 9;
  CHECK_THAT(error(d), Contains("ComparisonFunc 9 is not a D3D12_COMPARISON_FUNC"));
  d.staticSamplers[0].comparisonFunc = 2;
  d.staticSamplers[0].borderColor = 5;
  CHECK_THAT(error(d), Contains("BorderColor 5 is not a D3D12_STATIC_BORDER_COLOR"));
  d.staticSamplers[0].borderColor = 0;
  d.staticSamplers[0].mipLODBiasBits = floatBits(16.0f);
  CHECK_THAT(error(d), Contains("MipLODBias 16.000000 is outside [-16, 15.99]"));
}

TEST_CASE("overlap detection stays fast on many ranges", "[rootsig]") {
  std::vector<DescriptorRange> ranges;
  for (uint32_t i = 0; i < 200000; ++i) ranges.push_back({kRangeSrv, 1, i, 0, 0, kOffsetAppend});
  CHECK(validate(withTable(ranges)) == "");
  ranges.push_back({kRangeSrv, 1, 123456, 0, 0, kOffsetAppend});
  CHECK_THAT(validate(withTable(ranges)), Catch::Matchers::Contains("overlaps registers 123456..123456"));
}

TEST_CASE("malformed blobs are rejected with what is wrong", "[rootsig]") {
  using Catch::Matchers::Contains;
  const std::vector<uint32_t> good = everyKindWords(kVersion1_0);

  ParsedBlob p = parseBlob(bytesOf({0x43425844}));
  CHECK(p.status == ParsedBlob::kBadContainer);
  CHECK_THAT(p.error, Contains("too small"));

  std::vector<uint8_t> corrupt = containerByHand(good);
  corrupt[60] ^= 1;
  p = parseBlob(corrupt);
  CHECK(p.status == ParsedBlob::kBadContainer);
  CHECK_THAT(p.error, Contains("checksum mismatch"));

  d3dvk::dxbc::Chunk other;
  other.code = d3dvk::dxbc::fourcc("SHEX");
  other.data = {0, 0, 0, 0};
  p = parseBlob(d3dvk::dxbc::writeContainer({other}));
  CHECK(p.status == ParsedBlob::kNoRootSignature);
  CHECK_THAT(p.error, Contains("no root signature (RTS0) chunk"));

  auto rts0Error = [](std::vector<uint32_t> words) {
    ParsedBlob r = parseBlob(containerByHand(words));
    CHECK(r.status == ParsedBlob::kBadRootSignature);
    return r.error;
  };
  std::vector<uint32_t> w = good;
  w[0] = 3;
  CHECK_THAT(rts0Error(w), Contains("unknown root signature version 3"));
  w = good;
  w[1] = 0x40000000;  // parameter count far beyond the chunk
  CHECK_THAT(rts0Error(w), Contains("1073741824 root parameters of 12 bytes at offset 24 do not fit"));
  w = good;
  w[8] = 0x1000;  // the table's payload offset
  CHECK_THAT(rts0Error(w), Contains("NumDescriptorRanges at offset 4096 is outside the chunk"));
  w = good;
  w[6 + 3] = 7;  // parameter [1]'s type
  CHECK_THAT(rts0Error(w), Contains("root parameter [1] has unknown type 7"));
  w = good;
  w[4] = uint32_t(good.size() * 4 - 8);  // samplers offset: the array runs past the end
  CHECK_THAT(rts0Error(w), Contains("2 static samplers of 52 bytes"));
  w = {1, 0, 24, 0};
  CHECK_THAT(rts0Error(w), Contains("StaticSamplersOffset at offset 16 is outside the chunk"));
}

TEST_CASE("every corrupted byte or word of a chunk is an error or a desc that round-trips", "[rootsig]") {
  for (uint32_t version : {kVersion1_0, kVersion1_1}) {
    const std::vector<uint8_t> good = writeRts0(everyKind(version));
    auto check = [](const std::vector<uint8_t>& bytes) {
      RootSignatureDesc desc;
      try {
        desc = parseRts0(bytes);
      } catch (const d3dvk::dxbc::Error& e) {
        CHECK_THAT(e.what(), Catch::Matchers::StartsWith("RTS0 chunk: "));
        return;
      }
      if (validate(desc).empty()) CHECK(parseRts0(writeRts0(desc)) == desc);
    };
    for (size_t i = 0; i < good.size(); ++i)
      for (uint8_t value : {0x00, 0x01, 0x7f, 0x80, 0xff}) {
        std::vector<uint8_t> bytes = good;
        bytes[i] = value;
        check(bytes);
      }
    for (size_t i = 0; i + 4 <= good.size(); i += 4)
      for (uint32_t value : {0xFFFFFFFFu, 0x7FFFFFFFu, uint32_t(good.size()), uint32_t(good.size() - 4)}) {
        std::vector<uint8_t> bytes = good;
        std::memcpy(bytes.data() + i, &value, 4);
        check(bytes);
      }
    for (size_t size = 0; size < good.size(); ++size) check({good.begin(), good.begin() + size});
  }
}
