// tests/dxbc/fuzz/fuzz_dxbc.cpp — libFuzzer entry: feeds arbitrary bytes to the
// container parser (checksum not enforced, so mutations reach the chunks), the
// token decoder, the disassembler, the translator and the listing assembler. Any
// input must end in a result or a dxbc::Error; crashes, hangs and sanitizer reports
// are bugs. Also checks decode(encode(decode(x))) == decode(x) on the token stream.
// Seeds: the listings under tests/dxbc (doubles.asm has every double instruction and
// d(…) immediate; class_linkage.asm the interface declarations, fcall and this[];
// interface_arrays.asm this[] indexed by a register and cb/t/s slots indexed by registers;
// fxc_*.asm carry PCSG, OSG5, ISG1/OSG1, SFI0, STAT and RDEF as hex);
// dxbc.dict adds the listing words (mnemonics, d(…), swizzles, chunk lines).
#include "dxbc/interfaces.h"
#include "dxbc/listing.h"
#include "dxbc/translator.h"

#include <cstdlib>
#include <cstring>

using namespace d3dvk::dxbc;

namespace {

void container(const uint8_t* data, size_t size) {
  try {
    Shader s = parseShader({data, size}, /*verifyChecksum=*/false);
    (void)reflect(s);
    std::string text = disassemble(s);
    // Native, and with the optional device features (sparse residency and
    // MinLod for the tiled-resource forms).
    TranslateOptions features;
    features.sparseResidency = features.minLod = true;
    for (const TranslateOptions& o : {TranslateOptions{}, features}) {
      try {
        (void)translateToSpirv(s, o);
      } catch (const Error&) {
      }
    }
    // A device without shaderFloat64: doubles fail cleanly, everything else translates as above.
    try {
      TranslateOptions noFloat64;
      noFloat64.shaderFloat64 = false;
      (void)translateToSpirv(s, noFloat64);
    } catch (const Error&) {
    }
    // Interfaces: bound with each slot's first listed function table and made-up
    // pointer data, then translated (fcall inlining, this[] folding and the
    // register-indexed this[] / cb / t / s switches).
    if (usesInterfaces(s.program)) {
      try {
        const InterfaceDeclarations d = interfaceDeclarations(s.program);
        InterfaceBinding binding;
        binding.tables.assign(d.slotCount, kNoFunctionTable);
        binding.pointers.assign(d.slotCount, {});
        for (const InterfaceDeclaration& i : d.interfaces)
          for (uint32_t e = 0; e < i.arraySize && !i.tables.empty(); ++e) {
            binding.tables[i.firstSlot + e] = i.tables[0];
            binding.pointers[i.firstSlot + e] = {e % 14, e, e % 128, e % 16};
          }
        Shader bound = s;
        bound.program = bindInterfaces(s.program, binding);
        (void)translateToSpirv(bound);
      } catch (const Error&) {
      }
    }
    // What the disassembler prints must assemble (or fail cleanly).
    try {
      (void)assemble(text);
    } catch (const Error&) {
    }
  } catch (const Error&) {
  }
}

void tokens(const uint8_t* data, size_t size) {
  size_t n = size / 4;
  std::vector<uint32_t> words(n);
  if (n) std::memcpy(words.data(), data, n * 4);
  try {
    Program p = decodeProgram(words);
    std::vector<uint32_t> again = encodeProgram(p);
    Program q = decodeProgram(again);
    if (encodeProgram(q) != again) std::abort();  // the encoder is a fixed point
    (void)disassembleProgram(p);
  } catch (const Error&) {
  }
}

void listing(const uint8_t* data, size_t size) {
  try {
    AssembleResult r = assemble(std::string_view(reinterpret_cast<const char*>(data), size));
    Shader s = parseShader(r.container);
    std::string text = disassemble(s);
    if (assemble(text).container != r.container) std::abort();  // round trip must be byte-identical
    try {
      (void)translateToSpirv(s);
    } catch (const Error&) {
    }
  } catch (const Error&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  switch (data[0] % 3) {
    case 0: container(data + 1, size - 1); break;
    case 1: tokens(data + 1, size - 1); break;
    default: listing(data + 1, size - 1); break;
  }
  return 0;
}
