// translate/dxbc/container.cpp — DXBC container parse/write and the signature,
// SFI0, RDEF and STAT chunk formats (see container.h).
#include "dxbc/container.h"

#include "dxbc/checksum.h"

#include <cctype>
#include <cstring>
#include <sstream>

namespace d3dvk::dxbc {
namespace {

std::string hex(uint32_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", v);
  return buf;
}

// Bounds-checked little-endian reader over one byte range.
class Reader {
 public:
  Reader(std::span<const uint8_t> bytes, std::string what) : bytes_(bytes), what_(std::move(what)) {}
  uint32_t u32(size_t offset) const {
    if (offset > bytes_.size() || bytes_.size() - offset < 4)
      throw Error(what_ + ": truncated: need 4 bytes at offset " + std::to_string(offset) + ", size is " +
                  std::to_string(bytes_.size()));
    const uint8_t* p = bytes_.data() + offset;
    return uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
  }
  uint8_t u8(size_t offset) const {
    if (offset >= bytes_.size())
      throw Error(what_ + ": truncated: need 1 byte at offset " + std::to_string(offset));
    return bytes_[offset];
  }
  std::string str(size_t offset) const {
    if (offset >= bytes_.size())
      throw Error(what_ + ": string offset " + std::to_string(offset) + " is outside the chunk (size " +
                  std::to_string(bytes_.size()) + ")");
    size_t end = offset;
    while (end < bytes_.size() && bytes_[end] != 0) ++end;
    if (end == bytes_.size())
      throw Error(what_ + ": string at offset " + std::to_string(offset) + " is not NUL-terminated");
    return std::string(reinterpret_cast<const char*>(bytes_.data() + offset), end - offset);
  }
  size_t size() const { return bytes_.size(); }

 private:
  std::span<const uint8_t> bytes_;
  std::string what_;
};

void put32(std::vector<uint8_t>& out, uint32_t v) {
  out.push_back(uint8_t(v));
  out.push_back(uint8_t(v >> 8));
  out.push_back(uint8_t(v >> 16));
  out.push_back(uint8_t(v >> 24));
}
void set32(std::vector<uint8_t>& out, size_t at, uint32_t v) {
  out[at] = uint8_t(v);
  out[at + 1] = uint8_t(v >> 8);
  out[at + 2] = uint8_t(v >> 16);
  out[at + 3] = uint8_t(v >> 24);
}

}  // namespace

std::string fourccName(uint32_t code) {
  std::string s;
  for (int i = 0; i < 4; ++i) {
    char c = char((code >> (8 * i)) & 0xff);
    s += (c >= 32 && c < 127) ? c : '?';
  }
  return s;
}

const Chunk* Container::find(uint32_t code) const {
  for (const Chunk& c : chunks)
    if (c.code == code) return &c;
  return nullptr;
}

Container parseContainer(std::span<const uint8_t> bytes, bool verifyChecksum) {
  Reader r(bytes, "DXBC container");
  if (bytes.size() < 32)
    throw Error("DXBC container: too small (" + std::to_string(bytes.size()) + " bytes, header needs 32)");
  if (r.u32(0) != fourcc("DXBC"))
    throw Error("DXBC container: bad magic " + hex(r.u32(0)) + " at offset 0 (expected 'DXBC')");
  Container c;
  for (int i = 0; i < 4; ++i) c.checksum[i] = r.u32(4 + 4 * i);
  uint32_t version = r.u32(20);
  if (version != 1)
    throw Error("DXBC container: unsupported version " + std::to_string(version) + " at offset 20");
  uint32_t total = r.u32(24);
  if (total != bytes.size())
    throw Error("DXBC container: size field at offset 24 says " + std::to_string(total) + " bytes, buffer has " +
                std::to_string(bytes.size()));
  uint32_t count = r.u32(28);
  if (count > (bytes.size() - 32) / 4)
    throw Error("DXBC container: chunk count " + std::to_string(count) + " at offset 28 does not fit the container");
  if (verifyChecksum) {
    auto computed = dxbcChecksum(bytes);
    if (computed != c.checksum) {
      std::string stored, comp;
      for (int i = 0; i < 4; ++i) {
        stored += hex(c.checksum[i]).substr(2);
        comp += hex(computed[i]).substr(2);
      }
      throw Error("DXBC container: checksum mismatch: stored " + stored + ", computed " + comp);
    }
  }
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t off = r.u32(32 + 4 * i);
    if (off % 4 != 0 || off < 32 + 4 * count || off > bytes.size() || bytes.size() - off < 8)
      throw Error("DXBC container: chunk " + std::to_string(i) + " offset " + std::to_string(off) +
                  " (table entry at offset " + std::to_string(32 + 4 * i) + ") is outside the container");
    Chunk ch;
    ch.code = r.u32(off);
    uint32_t size = r.u32(off + 4);
    if (size > bytes.size() - off - 8)
      throw Error("DXBC container: chunk '" + fourccName(ch.code) + "' at offset " + std::to_string(off) +
                  " claims " + std::to_string(size) + " bytes, only " + std::to_string(bytes.size() - off - 8) +
                  " remain");
    ch.containerOffset = off;
    ch.data.assign(bytes.begin() + off + 8, bytes.begin() + off + 8 + size);
    c.chunks.push_back(std::move(ch));
  }
  return c;
}

std::vector<uint8_t> writeContainer(const std::vector<Chunk>& chunks) {
  std::vector<uint8_t> out;
  put32(out, fourcc("DXBC"));
  for (int i = 0; i < 4; ++i) put32(out, 0);
  put32(out, 1);
  put32(out, 0);  // total size, patched
  put32(out, uint32_t(chunks.size()));
  size_t table = out.size();
  for (size_t i = 0; i < chunks.size(); ++i) put32(out, 0);
  for (size_t i = 0; i < chunks.size(); ++i) {
    // Chunk headers sit at multiples of 4. A chunk's size is its payload's exact
    // length (fxc pads its own chunks inside the payload); only a chunk of odd
    // length that is followed by another gets zeros after it (fxc's SDBG, the
    // last chunk, keeps its odd length and so does the container's size).
    out.resize((out.size() + 3) & ~size_t(3), 0);
    set32(out, table + 4 * i, uint32_t(out.size()));
    put32(out, chunks[i].code);
    put32(out, uint32_t(chunks[i].data.size()));
    out.insert(out.end(), chunks[i].data.begin(), chunks[i].data.end());
  }
  set32(out, 24, uint32_t(out.size()));
  auto sum = dxbcChecksum(out);
  for (int i = 0; i < 4; ++i) set32(out, 4 + 4 * i, sum[i]);
  return out;
}

// ---- signatures ----

uint32_t effectiveSystemValue(const SignatureElement& e) {
  if (e.systemValue != 0) return e.systemValue;
  std::string n;
  for (char c : e.semanticName) n += char(std::tolower(static_cast<unsigned char>(c)));
  if (n == "sv_target") return 64;
  if (n == "sv_depth") return 65;
  if (n == "sv_coverage") return 66;
  if (n == "sv_depthgreaterequal") return 67;
  if (n == "sv_depthlessequal") return 68;
  if (n == "sv_stencilref") return 69;
  if (n == "sv_innercoverage") return 70;
  return 0;
}

const SignatureElement* Signature::findByRegister(uint32_t reg, uint8_t component_mask) const {
  for (const SignatureElement& e : elements)
    if (e.registerIndex == reg && (e.mask & component_mask)) return &e;
  return nullptr;
}

Signature parseSignature(const Chunk& chunk) {
  Signature sig;
  std::string what = "signature chunk '" + fourccName(chunk.code) + "'";
  size_t stride = 24;
  if (chunk.code == fourcc("OSG5")) {
    sig.format = SignatureFormat::Stream;
    stride = 28;
  } else if (chunk.code == fourcc("ISG1") || chunk.code == fourcc("OSG1") || chunk.code == fourcc("PSG1")) {
    sig.format = SignatureFormat::Full;
    stride = 32;
  } else if (chunk.code != fourcc("ISGN") && chunk.code != fourcc("OSGN") && chunk.code != fourcc("PCSG")) {
    throw Error(what + ": not a signature chunk");
  }
  Reader r(chunk.data, what);
  uint32_t count = r.u32(0);
  uint32_t first = r.u32(4);
  if (count > chunk.data.size() / stride || first > chunk.data.size() ||
      (chunk.data.size() - first) / stride < count)
    throw Error(what + ": " + std::to_string(count) + " elements of " + std::to_string(stride) +
                " bytes at offset " + std::to_string(first) + " do not fit in " + std::to_string(chunk.data.size()) +
                " bytes");
  for (uint32_t i = 0; i < count; ++i) {
    size_t at = first + i * stride;
    SignatureElement e;
    if (sig.format != SignatureFormat::Basic) {
      e.stream = r.u32(at);
      at += 4;
    }
    e.semanticName = r.str(r.u32(at));
    e.semanticIndex = r.u32(at + 4);
    e.systemValue = r.u32(at + 8);
    uint32_t ct = r.u32(at + 12);
    if (ct > 3)
      throw Error(what + ": element " + std::to_string(i) + " has unknown component type " + std::to_string(ct));
    e.componentType = ComponentType(ct);
    e.registerIndex = r.u32(at + 16);
    e.mask = r.u8(at + 20);
    e.rwMask = r.u8(at + 21);
    if (sig.format == SignatureFormat::Full) e.minPrecision = r.u32(at + 24);
    sig.elements.push_back(std::move(e));
  }
  return sig;
}

std::vector<uint8_t> writeSignature(const Signature& sig) {
  // fxc's layout: count, offset 8, the element table, then each distinct semantic
  // name once, in the order of first use, NUL-terminated and packed back to back;
  // the chunk is padded to 4 bytes with 0xAB.
  size_t stride = sig.format == SignatureFormat::Basic ? 24 : sig.format == SignatureFormat::Stream ? 28 : 32;
  std::vector<uint8_t> out;
  put32(out, uint32_t(sig.elements.size()));
  put32(out, 8);
  size_t names = 8 + stride * sig.elements.size();
  std::vector<uint8_t> strings;
  std::vector<uint32_t> nameOffsets;
  for (const SignatureElement& e : sig.elements) {
    uint32_t found = UINT32_MAX;
    for (size_t j = 0; j < nameOffsets.size() && found == UINT32_MAX; ++j)
      if (sig.elements[j].semanticName == e.semanticName) found = nameOffsets[j];
    if (found == UINT32_MAX) {
      found = uint32_t(names + strings.size());
      strings.insert(strings.end(), e.semanticName.begin(), e.semanticName.end());
      strings.push_back(0);
    }
    nameOffsets.push_back(found);
  }
  while (strings.size() % 4) strings.push_back(0xAB);
  for (size_t i = 0; i < sig.elements.size(); ++i) {
    const SignatureElement& e = sig.elements[i];
    if (sig.format != SignatureFormat::Basic) put32(out, e.stream);
    put32(out, nameOffsets[i]);
    put32(out, e.semanticIndex);
    put32(out, e.systemValue);
    put32(out, uint32_t(e.componentType));
    put32(out, e.registerIndex);
    out.push_back(e.mask);
    out.push_back(e.rwMask);
    out.push_back(0);
    out.push_back(0);
    if (sig.format == SignatureFormat::Full) put32(out, e.minPrecision);
  }
  out.insert(out.end(), strings.begin(), strings.end());
  return out;
}

// ---- SFI0 / RDEF / STAT ----

uint64_t parseFeatureFlags(const Chunk& sfi0) {
  Reader r(sfi0.data, "SFI0 chunk");
  uint64_t lo = r.u32(0);
  uint64_t hi = sfi0.data.size() >= 8 ? r.u32(4) : 0;
  return lo | hi << 32;
}

std::vector<uint8_t> writeFeatureFlags(uint64_t flags) {
  std::vector<uint8_t> out;
  put32(out, uint32_t(flags));
  put32(out, uint32_t(flags >> 32));
  return out;
}

ResourceDefinitions parseResourceDefinitions(const Chunk& rdef) {
  Reader r(rdef.data, "RDEF chunk");
  ResourceDefinitions d;
  uint32_t cbCount = r.u32(0), cbOffset = r.u32(4), bindCount = r.u32(8), bindOffset = r.u32(12);
  uint32_t target = r.u32(16);
  d.targetMinor = target & 0xff;
  d.targetMajor = (target >> 8) & 0xff;
  d.programType = target >> 16;
  d.flags = r.u32(20);
  d.creator = r.str(r.u32(24));
  bool sm51 = d.targetMajor == 5 && d.targetMinor >= 1;
  size_t bindStride = sm51 ? 40 : 32;
  if (bindCount > rdef.data.size() / bindStride)
    throw Error("RDEF chunk: binding count " + std::to_string(bindCount) + " does not fit the chunk");
  if (cbCount > rdef.data.size() / 24)
    throw Error("RDEF chunk: constant buffer count " + std::to_string(cbCount) + " does not fit the chunk");
  for (uint32_t i = 0; i < bindCount; ++i) {
    size_t at = size_t(bindOffset) + i * bindStride;
    ResourceBinding b;
    b.name = r.str(r.u32(at));
    b.type = r.u32(at + 4);
    b.returnType = r.u32(at + 8);
    b.dimension = r.u32(at + 12);
    b.numSamples = r.u32(at + 16);
    b.bindPoint = r.u32(at + 20);
    b.bindCount = r.u32(at + 24);
    b.flags = r.u32(at + 28);
    if (sm51) b.space = r.u32(at + 32);
    d.bindings.push_back(std::move(b));
  }
  for (uint32_t i = 0; i < cbCount; ++i) {
    size_t at = size_t(cbOffset) + i * 24;
    ConstantBufferInfo cb;
    cb.name = r.str(r.u32(at));
    cb.variableCount = r.u32(at + 4);
    cb.size = r.u32(at + 12);
    cb.flags = r.u32(at + 16);
    cb.type = r.u32(at + 20);
    d.constantBuffers.push_back(std::move(cb));
  }
  return d;
}

std::vector<uint32_t> parseStatistics(const Chunk& stat) {
  std::vector<uint32_t> v(stat.data.size() / 4);
  Reader r(stat.data, "STAT chunk");
  for (size_t i = 0; i < v.size(); ++i) v[i] = r.u32(i * 4);
  return v;
}

}  // namespace d3dvk::dxbc
