// translate/dxbc/spirv_builder.cpp — the SPIR-V module builder (see spirv_builder.h).
#include "dxbc/spirv_builder.h"

#include <algorithm>
#include <cstring>

namespace d3dvk::spv {

void Builder::emit(std::vector<uint32_t>& out, uint32_t opcode, const std::vector<uint32_t>& words) {
  out.push_back(uint32_t(words.size() + 1) << 16 | opcode);
  out.insert(out.end(), words.begin(), words.end());
}

std::vector<uint32_t> Builder::stringWords(const std::string& s) {
  std::vector<uint32_t> w((s.size() + 4) / 4, 0);
  std::memcpy(w.data(), s.data(), s.size());
  return w;
}

void Builder::capability(uint32_t cap) {
  if (std::find(capabilities_.begin(), capabilities_.end(), cap) == capabilities_.end()) capabilities_.push_back(cap);
}
void Builder::extension(const std::string& n) {
  if (std::find(extensions_.begin(), extensions_.end(), n) == extensions_.end()) extensions_.push_back(n);
}
uint32_t Builder::glsl() {
  if (!glsl_) glsl_ = id();
  return glsl_;
}

uint32_t Builder::typeOrConst(uint32_t opcode, const std::vector<uint32_t>& operands, bool isConst) {
  std::vector<uint32_t> key{opcode};
  key.insert(key.end(), operands.begin(), operands.end());
  auto it = dedup_.find(key);
  if (it != dedup_.end()) return it->second;
  uint32_t r = id();
  std::vector<uint32_t> words;
  if (isConst) {
    words.push_back(operands[0]);
    words.push_back(r);
    words.insert(words.end(), operands.begin() + 1, operands.end());
  } else {
    words.push_back(r);
    words.insert(words.end(), operands.begin(), operands.end());
  }
  emit(globals_, opcode, words);
  dedup_[key] = r;
  return r;
}

uint32_t Builder::tVoid() { return typeOrConst(OpTypeVoid, {}, false); }
uint32_t Builder::tBool() { return typeOrConst(OpTypeBool, {}, false); }
uint32_t Builder::tUint() { return typeOrConst(OpTypeInt, {32, 0}, false); }
uint32_t Builder::tInt() { return typeOrConst(OpTypeInt, {32, 1}, false); }
uint32_t Builder::tFloat() { return typeOrConst(OpTypeFloat, {32}, false); }
uint32_t Builder::tInt64() { return typeOrConst(OpTypeInt, {64, 1}, false); }
uint32_t Builder::tDouble() { return typeOrConst(OpTypeFloat, {64}, false); }
uint32_t Builder::tVec(uint32_t c, uint32_t n) { return n == 1 ? c : typeOrConst(OpTypeVector, {c, n}, false); }
uint32_t Builder::tArray(uint32_t e, uint32_t len) { return typeOrConst(OpTypeArray, {e, cUint(len)}, false); }
uint32_t Builder::tPointer(uint32_t sc, uint32_t t) { return typeOrConst(OpTypePointer, {sc, t}, false); }
uint32_t Builder::tFunction(uint32_t ret) { return typeOrConst(OpTypeFunction, {ret}, false); }
uint32_t Builder::tImage2D(uint32_t sampled) {
  // Dim 2D (1), depth 0, arrayed 0, MS 0, sampled 1, format Unknown
  return typeOrConst(OpTypeImage, {sampled, 1, 0, 0, 0, 1, 0}, false);
}
uint32_t Builder::tImage(uint32_t sampled, uint32_t spvDim, bool arrayed, bool multisampled) {
  return typeOrConst(OpTypeImage, {sampled, spvDim, 0, arrayed ? 1u : 0u, multisampled ? 1u : 0u, 1, 0}, false);
}
uint32_t Builder::tStorageImage(uint32_t sampled, uint32_t spvDim, bool arrayed, uint32_t format) {
  return typeOrConst(OpTypeImage, {sampled, spvDim, 0, arrayed ? 1u : 0u, 0, 2, format}, false);
}
uint32_t Builder::tSampler() { return typeOrConst(OpTypeSampler, {}, false); }
uint32_t Builder::tSampledImage(uint32_t image) { return typeOrConst(OpTypeSampledImage, {image}, false); }
uint32_t Builder::tRuntimeArray(uint32_t element) {
  const uint32_t r = id();
  emit(globals_, OpTypeRuntimeArray, {r, element});
  return r;
}
uint32_t Builder::tStruct(const std::vector<uint32_t>& members) {
  uint32_t r = id();
  std::vector<uint32_t> w{r};
  w.insert(w.end(), members.begin(), members.end());
  emit(globals_, OpTypeStruct, w);
  return r;
}

uint32_t Builder::cUint(uint32_t v) { return typeOrConst(OpConstant, {tUint(), v}, true); }
uint32_t Builder::cInt(int32_t v) { return typeOrConst(OpConstant, {tInt(), uint32_t(v)}, true); }
uint32_t Builder::cFloat(float v) {
  uint32_t bits;
  std::memcpy(&bits, &v, 4);
  return typeOrConst(OpConstant, {tFloat(), bits}, true);
}
uint32_t Builder::specConstant(uint32_t type, uint32_t defaultValue, uint32_t specId) {
  const uint32_t r = id();
  emit(globals_, 50 /*OpSpecConstant*/, {type, r, defaultValue});
  decorate(r, DecSpecId, {specId});
  return r;
}
uint32_t Builder::cInt64(int64_t v) {
  const uint64_t bits = uint64_t(v);
  return typeOrConst(OpConstant, {tInt64(), uint32_t(bits), uint32_t(bits >> 32)}, true);
}
uint32_t Builder::cDouble(double v) {
  uint64_t bits;
  std::memcpy(&bits, &v, 8);
  return typeOrConst(OpConstant, {tDouble(), uint32_t(bits), uint32_t(bits >> 32)}, true);
}
uint32_t Builder::cBool(bool v) { return typeOrConst(v ? OpConstantTrue : OpConstantFalse, {tBool()}, true); }
uint32_t Builder::cComposite(uint32_t type, const std::vector<uint32_t>& parts) {
  std::vector<uint32_t> ops{type};
  ops.insert(ops.end(), parts.begin(), parts.end());
  return typeOrConst(OpConstantComposite, ops, true);
}

uint32_t Builder::variable(uint32_t ptr, uint32_t sc, uint32_t init) {
  uint32_t r = id();
  if (init) emit(globals_, OpVariable, {ptr, r, sc, init});
  else emit(globals_, OpVariable, {ptr, r, sc});
  return r;
}
uint32_t Builder::localVariable(uint32_t ptr) {
  uint32_t r = id();
  emit(fnVars_, OpVariable, {ptr, r, SCFunction});
  return r;
}

void Builder::decorate(uint32_t target, uint32_t dec, std::initializer_list<uint32_t> args) {
  std::vector<uint32_t> w{target, dec};
  w.insert(w.end(), args.begin(), args.end());
  if (!decorations_.insert(w).second) return;
  emit(annotations_, OpDecorate, w);
}
void Builder::memberDecorate(uint32_t type, uint32_t member, uint32_t dec, std::initializer_list<uint32_t> args) {
  std::vector<uint32_t> w{type, member, dec};
  w.insert(w.end(), args.begin(), args.end());
  emit(annotations_, OpMemberDecorate, w);
}
void Builder::name(uint32_t target, const std::string& n) {
  std::vector<uint32_t> w{target};
  auto s = stringWords(n);
  w.insert(w.end(), s.begin(), s.end());
  emit(debug_, OpName, w);
}
void Builder::entryPoint(uint32_t model, uint32_t fn, const std::string& n, const std::vector<uint32_t>& iface) {
  std::vector<uint32_t> w{model, fn};
  auto s = stringWords(n);
  w.insert(w.end(), s.begin(), s.end());
  w.insert(w.end(), iface.begin(), iface.end());
  emit(entry_, OpEntryPoint, w);
}
void Builder::executionMode(uint32_t fn, uint32_t mode, std::initializer_list<uint32_t> args) {
  std::vector<uint32_t> w{fn, mode};
  w.insert(w.end(), args.begin(), args.end());
  emit(modes_, OpExecutionMode, w);
}

void Builder::beginFunction(uint32_t fn, uint32_t retType, uint32_t fnType) {
  emit(functions_, OpFunction, {retType, fn, 0, fnType});
  fnVars_.clear();
  fnBody_.clear();
  firstBlock_ = true;
}

void Builder::label(uint32_t l) {
  if (firstBlock_) {
    // The entry block holds the function's OpVariables; they are spliced in at endFunction.
    emit(functions_, OpLabel, {l});
    firstBlock_ = false;
  } else {
    emit(fnBody_, OpLabel, {l});
  }
  blockOpen_ = true;
}

void Builder::endFunction() {
  functions_.insert(functions_.end(), fnVars_.begin(), fnVars_.end());
  functions_.insert(functions_.end(), fnBody_.begin(), fnBody_.end());
  emit(functions_, OpFunctionEnd, {});
  fnVars_.clear();
  fnBody_.clear();
  blockOpen_ = false;
}

static bool isTerminator(uint32_t opcode) {
  return opcode == OpBranch || opcode == OpBranchConditional || opcode == OpSwitch || opcode == OpKill ||
         opcode == OpReturn;
}

uint32_t Builder::op(uint32_t opcode, uint32_t type, std::initializer_list<uint32_t> args) {
  return op(opcode, type, std::vector<uint32_t>(args));
}
uint32_t Builder::op(uint32_t opcode, uint32_t type, const std::vector<uint32_t>& args) {
  uint32_t r = id();
  std::vector<uint32_t> w{type, r};
  w.insert(w.end(), args.begin(), args.end());
  emit(fnBody_, opcode, w);
  if (!nonUniform_.empty() && (opcode == OpAccessChain || opcode == OpLoad || opcode == OpSampledImage ||
                               opcode == OpImageTexelPointer || opcode == 83 /*OpCopyObject*/))
    for (uint32_t a : args)
      if (nonUniform_.count(a)) {
        markNonUniform(r);
        break;
      }
  return r;
}
void Builder::markNonUniform(uint32_t target) {
  nonUniform_.insert(target);
  decorate(target, DecNonUniform);
}
void Builder::opNoResult(uint32_t opcode, std::initializer_list<uint32_t> args) {
  opNoResult(opcode, std::vector<uint32_t>(args));
}
void Builder::opNoResult(uint32_t opcode, const std::vector<uint32_t>& args) {
  emit(fnBody_, opcode, args);
  if (isTerminator(opcode)) blockOpen_ = false;
}
uint32_t Builder::ext(uint32_t type, uint32_t inst, std::initializer_list<uint32_t> args) {
  std::vector<uint32_t> w{glsl(), inst};
  w.insert(w.end(), args.begin(), args.end());
  return op(OpExtInst, type, w);
}

std::vector<uint32_t> Builder::finish() {
  std::vector<uint32_t> out{0x07230203, 0x00010300, 0, 0, 0};
  for (uint32_t c : capabilities_) emit(out, OpCapability, {c});
  for (const std::string& e : extensions_) emit(out, OpExtension, stringWords(e));
  if (glsl_) {
    std::vector<uint32_t> w{glsl_};
    auto s = stringWords("GLSL.std.450");
    w.insert(w.end(), s.begin(), s.end());
    emit(out, OpExtInstImport, w);
  }
  emit(out, OpMemoryModel, {0, 1});
  out.insert(out.end(), entry_.begin(), entry_.end());
  out.insert(out.end(), modes_.begin(), modes_.end());
  out.insert(out.end(), debug_.begin(), debug_.end());
  out.insert(out.end(), annotations_.begin(), annotations_.end());
  out.insert(out.end(), globals_.begin(), globals_.end());
  out.insert(out.end(), functions_.begin(), functions_.end());
  out[3] = next_;
  return out;
}

}  // namespace d3dvk::spv
