// translate/dxbc/translator_resources.cpp — Translator members for resource
// access instructions: sample*, gather4*, ld / ld_ms, resinfo / bufinfo / lod,
// eval_*, typed UAV load / store. See translator_impl.h.
#include "translator_impl.h"

#include "dxbc/fallback_shaders.h"  // declareStorageWords
#include "fallback/sample_positions.h"  // D3D's standard sample positions

namespace d3dvk::dxbc::detail {

uint32_t Translator::swizzleResult(uint32_t vec4, K k, const Operand& resource, uint8_t mask) {
  std::vector<uint32_t> sel;
  for (uint32_t c = 0; c < 4; ++c)
    if (mask & (1u << c)) sel.push_back(resource.numComponents == 4 ? resource.componentOf(c) : c);
  uint32_t n = uint32_t(sel.size());
  if (n == 1) return b_.op(OpCompositeExtract, typeOf(k, 1), {vec4, sel[0]});
  std::vector<uint32_t> args{vec4, vec4};
  args.insert(args.end(), sel.begin(), sel.end());
  return b_.op(OpVectorShuffle, typeOf(k, n), args);
}

TexInfo Translator::texture(const Operand& op) {
  if (op.type != OperandType::Resource || op.indexDimension < 1 || op.indexDimension > 2)
    fail("expected a t# resource operand");
  auto it = textures_.find(immediateIndex(op, 0));
  if (it == textures_.end()) fail("t" + std::to_string(op.index[0].imm) + " is not declared");
  TexInfo t = it->second;
  if (rangedBindings()) t.var = rangeElement(op, ResourceKind::ShaderResource);  // the array's element
  else if (op.indexDimension != 1) fail("expected a t# resource operand");
  if (t.buffer) t.shift = viewShift(op, ResourceKind::ShaderResource, t.shiftWord);
  return t;
}

UavInfo Translator::uav(const Operand& op) {
  if (op.type != OperandType::UnorderedAccessView || op.indexDimension < 1 || op.indexDimension > 2)
    fail("expected a u# operand");
  auto it = uavs_.find(immediateIndex(op, 0));
  if (it == uavs_.end())
    fail("u" + std::to_string(op.index[0].imm) +
         (bufferUavs_.count(uint32_t(op.index[0].imm)) ? " is a raw or structured UAV, not a typed one" : " is not declared"));
  UavInfo u = it->second;
  if (rangedBindings()) u.var = rangeElement(op, ResourceKind::UnorderedAccess);
  else if (op.indexDimension != 1) fail("expected a u# operand");
  if (u.buffer) u.shift = viewShift(op, ResourceKind::UnorderedAccess, u.shiftWord);
  return u;
}

namespace {
// The u# slot (SM5.1: the range id) an instruction's operand names, if immediate.
bool namesUav(const Operand& op, uint32_t slot) {
  return op.type == OperandType::UnorderedAccessView && (op.indexDimension == 1 || op.indexDimension == 2) &&
         op.index[0].repr == IndexRepr::Imm32 && uint32_t(op.index[0].imm) == slot;
}
}  // namespace

void Translator::declareTypedUav(const Instruction& inst, uint32_t slot) {
  if (slot >= kMaxUnorderedAccessSlots) fail("UAV slot out of range");
  if (inst.extra.empty()) fail("dcl_uav_typed without return type");
  if (inst.controls & 0x40) fail("rasterizer-ordered UAVs are not supported");
  UavInfo u{};
  const ResourceDimension dim = inst.resourceDimension();
  uint32_t spvDim = 1;
  bool arrayed = false;
  if (dim == ResourceDimension::Texture2D) u.coordComponents = 2;
  else if (dim == ResourceDimension::Texture2DArray) u.coordComponents = 3, arrayed = true;
  else if (dim == ResourceDimension::Texture3D) u.coordComponents = 3, spvDim = 2;
  else if (dim == ResourceDimension::Texture1D) u.coordComponents = 1, spvDim = 0, b_.capability(CapImage1D);
  else if (dim == ResourceDimension::Texture1DArray)
    u.coordComponents = 2, spvDim = 0, arrayed = true, b_.capability(CapImage1D);
  else if (dim == ResourceDimension::Buffer)
    u.coordComponents = 1, spvDim = 5, u.buffer = true, b_.capability(CapImageBuffer);
  else
    fail(std::string("UAV dimension '") + resourceDimensionName(dim) +
         "' is not supported (buffer, texture1d(array), texture2d(array) and texture3d are)");
  u.arrayed = arrayed;
  const uint32_t rt = inst.extra[0] & 0xf;
  if (rt != uint32_t(ReturnType::Uint) && rt != uint32_t(ReturnType::Sint) && rt != uint32_t(ReturnType::Float) &&
      rt != uint32_t(ReturnType::Unorm) && rt != uint32_t(ReturnType::Snorm))
    fail("unsupported UAV return type");
  u.kind = rt == uint32_t(ReturnType::Uint) ? K::U : rt == uint32_t(ReturnType::Sint) ? K::I : K::F;
  bool atomic = false;
  for (const Instruction& other : prog_.instructions) {
    const uint32_t op = uint32_t(other.opcode);
    if (other.opcode == Opcode::LdUavTyped && other.operands.size() > 2 && namesUav(other.operands[2], slot))
      u.loaded = true;
    if (other.opcode == Opcode::LdUavTypedS && other.operands.size() > 3 && namesUav(other.operands[3], slot))
      u.loaded = true;
    if (op >= 169 && op <= 177 && !other.operands.empty() && namesUav(other.operands[0], slot)) atomic = true;
    if (op >= 180 && op <= 189 && other.operands.size() > 1 && namesUav(other.operands[1], slot)) atomic = true;
  }
  if (atomic && u.kind == K::F) fail("atomics on u" + std::to_string(slot) + " need a uint or sint UAV");
  // SPIR-V image formats: R32f 3, R32i 24, R32ui 33; Unknown 0. Atomics need
  // R32; loads too unless the device reads storage images without a format.
  const bool r32 = atomic || (u.loaded && !opt_.typedUavLoadsWithoutFormat);
  const uint32_t format = !r32 ? 0u : u.kind == K::U ? 33u : u.kind == K::I ? 24u : 3u;
  if (!r32) b_.capability(CapStorageImageWriteWithoutFormat);
  if (!r32 && u.loaded) b_.capability(CapStorageImageReadWithoutFormat);
  u.loaded = u.loaded || atomic;
  const uint32_t sampled = u.kind == K::U ? b_.tUint() : u.kind == K::I ? b_.tInt() : b_.tFloat();
  u.imageType = b_.tStorageImage(sampled, spvDim, arrayed, format);
  if (rangedBindings()) {
    u.var = rangeVariable(inst, ResourceKind::UnorderedAccess, u.imageType, SCUniformConstant,
                          dim == ResourceDimension::Buffer ? DescriptorClass::StorageTexelBuffer : DescriptorClass::StorageImage,
                          "u" + std::to_string(slot));
    const RangeBinding& rb = ranges_.at({ResourceKind::UnorderedAccess, slot});
    if (dim == ResourceDimension::Texture3D && rb.upper != rb.lower)
      fail("a RWTexture3D range of more than one register (its W windows) is not supported");
  } else {
    u.var = b_.variable(b_.tPointer(SCUniformConstant, u.imageType), SCUniformConstant);
    const auto db = descriptorBinding(stage_, ResourceKind::UnorderedAccess, slot);
    b_.decorate(u.var, DecDescriptorSet, {db.set});
    b_.decorate(u.var, DecBinding, {db.binding});
    b_.name(u.var, "u" + std::to_string(slot));
    if (u.buffer) {
      u.shiftWord = kBufferViewShiftUavBase + slot;
      declareViewShifts(db.set);
    }
  }
  if (dim == ResourceDimension::Texture3D) {
    const auto wb = descriptorBinding(stage_, ResourceKind::UnorderedAccessWindow, slot);
    u.window = declareStorageWords(b_, wb.set, wb.binding, ("u" + std::to_string(slot) + "_window").c_str(), true);
  }
  uavs_[slot] = u;
}

Translator::WindowedCoord Translator::uavWindowed(const UavInfo& u, uint32_t coord) {
  if (u.shift) return {shiftedTexel(coord, u.shift), 0};  // a RWBuffer's view past its descriptor's start
  if (!u.window) return {coord, 0};
  const uint32_t tUint = b_.tUint(), tInt = b_.tInt();
  auto windowWord = [&](uint32_t i) {
    return b_.op(OpLoad, tUint, {b_.op(OpAccessChain, b_.tPointer(SCStorageBuffer, tUint), {u.window, b_.cUint(0), b_.cUint(i)})});
  };
  const uint32_t first = windowWord(0), size = windowWord(1);
  const uint32_t z = b_.op(OpBitcast, tUint, {b_.op(OpCompositeExtract, tInt, {coord, 2})});
  const uint32_t inside = b_.op(OpULessThan, b_.tBool(), {z, size});
  // Outside the window: the view's first slice (the access is then dropped or reads 0).
  const uint32_t moved = b_.op(OpSelect, tUint, {inside, b_.op(OpIAdd, tUint, {z, first}), first});
  return {b_.op(OpCompositeInsert, b_.tVec(tInt, 3), {b_.op(OpBitcast, tInt, {moved}), coord, 2}), inside};
}

void Translator::storeUavTyped(const Instruction& inst) {
  const UavInfo& u = uav(inst.operands.at(0));
  const WindowedCoord at = uavWindowed(u, loadFirst(inst.operands.at(1), u.coordComponents, K::I));
  const uint32_t value = loadSource(inst.operands.at(2), 4, u.kind);
  sideEffect([&] {
    auto write = [&] { b_.opNoResult(OpImageWrite, {b_.op(OpLoad, u.imageType, {u.var}), at.coord, value}); };
    if (at.inside) conditional(at.inside, write);  // outside the view's W slices: dropped (D3D)
    else write();
  });
}

void Translator::loadUavTyped(const Instruction& inst) {
  const Operand& d = inst.operands.at(0);
  const UavInfo& u = uav(inst.operands.at(2));
  const WindowedCoord at = uavWindowed(u, loadFirst(inst.operands.at(1), u.coordComponents, K::I));
  uint32_t r = imageAccess(OpImageRead, typeOf(u.kind, 4), {b_.op(OpLoad, u.imageType, {u.var}), at.coord}, 0, {},
                           !u.buffer);
  if (at.inside) {  // outside the view's W slices: 0 (D3D)
    const uint32_t zero = b_.op(OpBitcast, typeOf(u.kind, 4), {b_.cComposite(uVec4_, {b_.cUint(0), b_.cUint(0), b_.cUint(0), b_.cUint(0)})});
    const uint32_t inside4 = b_.op(OpCompositeConstruct, b_.tVec(b_.tBool(), 4), {at.inside, at.inside, at.inside, at.inside});
    r = b_.op(OpSelect, typeOf(u.kind, 4), {inside4, r, zero});
  }
  storeDest(d, swizzleResult(r, u.kind, inst.operands.at(2), destMask(d)), u.kind);
}

uint32_t Translator::sampler(const Operand& op) {
  if (op.type != OperandType::Sampler || op.indexDimension < 1 || op.indexDimension > 2)
    fail("expected an s# sampler operand");
  auto it = samplers_.find(immediateIndex(op, 0));
  if (it == samplers_.end()) fail("s" + std::to_string(op.index[0].imm) + " is not declared");
  if (rangedBindings()) return rangeElement(op, ResourceKind::Sampler);
  if (op.indexDimension != 1) fail("expected an s# sampler operand");
  return it->second;
}

uint32_t Translator::constOffset(const Instruction& inst, const TexInfo& t) {
  if (t.cube || t.buffer) fail("_aoffimmi is not valid on this resource dimension");
  if (t.spatial == 1) return b_.cInt(inst.sampleOffset(0));
  std::vector<uint32_t> parts;
  for (uint32_t i = 0; i < t.spatial; ++i) parts.push_back(b_.cInt(inst.sampleOffset(int(i))));
  return b_.cComposite(b_.tVec(b_.tInt(), t.spatial), parts);
}

void Translator::sample(const Instruction& inst, SampleKind kind) {
  if ((kind == SampleKind::Implicit || kind == SampleKind::Bias) && stage_ != ProgramType::Pixel)
    fail("sampling with implicit derivatives is only valid in pixel shaders");
  const Operand& d = inst.operands.at(0);
  const TexInfo& t = texture(inst.operands.at(2));
  if (t.buffer || t.ms) fail("sample on a buffer or multisampled resource");
  uint32_t s = sampler(inst.operands.at(3));
  uint32_t coord = loadFirst(inst.operands.at(1), t.spatial + (t.arrayed ? 1 : 0), K::F);
  uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
  uint32_t si = b_.op(OpSampledImage, b_.tSampledImage(t.imageType), {img, b_.op(OpLoad, b_.tSampler(), {s})});
  // In a {nonuniform} loop (translator_waterfall.cpp) implicit derivatives
  // are the gradients taken before it (scaled by 2^bias: the same LOD).
  uint32_t ddx = 0, ddy = 0;
  if (waterfallDdx_ && (kind == SampleKind::Implicit || kind == SampleKind::Bias)) {
    ddx = waterfallDdx_;
    ddy = waterfallDdy_;
    if (kind == SampleKind::Bias) {
      const uint32_t scale = b_.ext(b_.tFloat(), GlslExp2, {loadSource(inst.operands.at(4), 1, K::F)});
      const uint32_t type = t.spatial == 1 ? b_.tFloat() : b_.tVec(b_.tFloat(), t.spatial);
      const uint32_t op = t.spatial == 1 ? uint32_t(OpFMul) : uint32_t(OpVectorTimesScalar);
      ddx = b_.op(op, type, {ddx, scale});
      ddy = b_.op(op, type, {ddy, scale});
    }
    kind = SampleKind::Grad;
  }
  uint32_t operandsMask = 0;
  std::vector<uint32_t> operands;
  if (kind == SampleKind::Bias) operandsMask |= 0x1;
  if (kind == SampleKind::Lod) operandsMask |= 0x2;
  if (kind == SampleKind::Grad) operandsMask |= 0x4;
  if (inst.hasSampleOffsets()) operandsMask |= 0x8;
  if (kind == SampleKind::Bias || kind == SampleKind::Lod) operands.push_back(loadSource(inst.operands.at(4), 1, K::F));
  if (kind == SampleKind::Grad) {
    operands.push_back(ddx ? ddx : loadFirst(inst.operands.at(4), t.spatial, K::F));
    operands.push_back(ddy ? ddy : loadFirst(inst.operands.at(5), t.spatial, K::F));
  }
  if (inst.hasSampleOffsets()) operands.push_back(constOffset(inst, t));
  bool explicitLod = kind == SampleKind::Lod || kind == SampleKind::Grad;
  uint32_t r = imageAccess(explicitLod ? OpImageSampleExplicitLod : OpImageSampleImplicitLod, typeOf(t.kind, 4), {si, coord},
                           operandsMask, operands);
  storeDest(d, swizzleResult(r, t.kind, inst.operands.at(2), destMask(d)), t.kind, inst.saturate());
}

void Translator::sampleCompare(const Instruction& inst, bool levelZero) {
  if (!levelZero && stage_ != ProgramType::Pixel) fail("sample_c is only valid in pixel shaders");
  const Operand& d = inst.operands.at(0);
  const TexInfo& t = texture(inst.operands.at(2));
  if (t.buffer || t.ms || t.dim == ResourceDimension::Texture3D) fail("sample_c on an unsupported resource dimension");
  uint32_t s = sampler(inst.operands.at(3));
  uint32_t coord = loadFirst(inst.operands.at(1), t.spatial + (t.arrayed ? 1 : 0), K::F);
  uint32_t ref = loadSource(inst.operands.at(4), 1, K::F);
  uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
  uint32_t si = b_.op(OpSampledImage, b_.tSampledImage(t.imageType), {img, b_.op(OpLoad, b_.tSampler(), {s})});
  // In a {nonuniform} loop: sample_c's gradients taken before it (translator_waterfall.cpp).
  const bool gradients = !levelZero && waterfallDdx_;
  uint32_t mask = (levelZero ? 0x2u : 0u) | (gradients ? 0x4u : 0u) | (inst.hasSampleOffsets() ? 0x8u : 0u);
  std::vector<uint32_t> operands;
  if (levelZero) operands.push_back(b_.cFloat(0.0f));
  if (gradients) {
    operands.push_back(waterfallDdx_);
    operands.push_back(waterfallDdy_);
  }
  if (inst.hasSampleOffsets()) operands.push_back(constOffset(inst, t));
  uint32_t r = imageAccess(levelZero || gradients ? OpImageSampleDrefExplicitLod : OpImageSampleDrefImplicitLod, b_.tFloat(), {si, coord, ref},
                           mask, operands);
  uint32_t n = uint32_t(std::popcount(destMask(d)));
  storeDest(d, splat(r, K::F, n), K::F, inst.saturate());
}

void Translator::gather(const Instruction& inst, bool compare, bool programmable) {
  const Operand& d = inst.operands.at(0);
  const uint32_t at = programmable ? 3 : 2;  // gather4_po: dest, coordinate, offset, t#, s# [, reference]
  const TexInfo& t = texture(inst.operands.at(at));
  if (t.buffer || t.ms || t.spatial == 1 || t.dim == ResourceDimension::Texture3D)
    fail("gather4 on an unsupported resource dimension");
  if (programmable && t.cube) fail("gather4_po on a cube texture");
  const Operand& samplerOp = inst.operands.at(at + 1);
  uint32_t s = sampler(samplerOp);
  uint32_t coord = loadFirst(inst.operands.at(1), t.spatial + (t.arrayed ? 1 : 0), K::F);
  uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
  uint32_t si = b_.op(OpSampledImage, b_.tSampledImage(t.imageType), {img, b_.op(OpLoad, b_.tSampler(), {s})});
  std::vector<uint32_t> args{si, coord};
  if (compare) args.push_back(loadSource(inst.operands.at(at + 2), 1, K::F));
  else args.push_back(b_.cUint(samplerOp.numComponents == 4 ? samplerOp.componentOf(0) : 0));
  uint32_t mask = 0;
  std::vector<uint32_t> operands;
  if (programmable) {
    mask = 0x10;  // Offset (ImageGatherExtended); D3D ignores _aoffimmi on gather4_po
    operands.push_back(programmableOffset(inst.operands.at(2)));
  } else if (inst.hasSampleOffsets()) {
    mask = 0x8;
    operands.push_back(constOffset(inst, t));
  }
  uint32_t r = imageAccess(compare ? OpImageDrefGather : OpImageGather, typeOf(t.kind, 4), args, mask, operands);
  storeDest(d, swizzleResult(r, t.kind, inst.operands.at(at), destMask(d)), t.kind, inst.saturate());
}

void Translator::bufinfo(const Instruction& inst) {
  if (const BufferInfo* buf = bufferOf(inst.operands.at(1))) return bufferInfo(inst, *buf);
  b_.capability(CapImageQuery);
  const Operand& d = inst.operands.at(0);
  uint32_t img, shift;
  if (inst.operands.at(1).type == OperandType::UnorderedAccessView) {
    const UavInfo& u = uav(inst.operands.at(1));
    if (!u.buffer) fail("bufinfo needs a buffer UAV");
    img = b_.op(OpLoad, u.imageType, {u.var});
    shift = u.shift;
  } else {
    const TexInfo& t = texture(inst.operands.at(1));
    if (!t.buffer) fail("bufinfo needs a buffer resource");
    img = b_.op(OpLoad, t.imageType, {t.var});
    shift = t.shift;
  }
  uint32_t size = b_.op(OpBitcast, b_.tUint(), {b_.op(OpImageQuerySize, b_.tInt(), {img})});
  if (shift) size = unshiftedSize(size, shift);  // the view's own elements
  storeDest(d, splat(size, K::U, uint32_t(std::popcount(destMask(d)))), K::U);
}

void Translator::lod(const Instruction& inst) {
  if (stage_ != ProgramType::Pixel) fail("lod is only valid in pixel shaders");
  b_.capability(CapImageQuery);
  const Operand& d = inst.operands.at(0);
  const TexInfo& t = texture(inst.operands.at(2));
  if (t.buffer || t.ms) fail("lod on a buffer or multisampled resource");
  uint32_t s = sampler(inst.operands.at(3));
  uint32_t coord = loadFirst(inst.operands.at(1), t.spatial, K::F);
  uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
  uint32_t si = b_.op(OpSampledImage, b_.tSampledImage(t.imageType), {img, b_.op(OpLoad, b_.tSampler(), {s})});
  uint32_t q = b_.op(OpImageQueryLod, b_.tVec(b_.tFloat(), 2), {si, coord});
  uint32_t v4 = b_.op(OpCompositeConstruct, b_.tVec(b_.tFloat(), 4),
                      {b_.op(OpCompositeExtract, b_.tFloat(), {q, 0}), b_.op(OpCompositeExtract, b_.tFloat(), {q, 1}),
                       b_.cFloat(0), b_.cFloat(0)});
  storeDest(d, swizzleResult(v4, K::F, inst.operands.at(2), destMask(d)), K::F, inst.saturate());
}

void Translator::evaluate(const Instruction& inst) {
  if (stage_ != ProgramType::Pixel) fail("eval_* is only valid in pixel shaders");
  b_.capability(CapInterpolationFunction);
  const Operand& d = inst.operands.at(0);
  const Operand& src = inst.operands.at(1);
  if (src.type != OperandType::Input || src.indexDimension != 1 || src.index[0].repr != IndexRepr::Imm32)
    fail("eval_* needs an input register with an immediate index");
  uint32_t reg = uint32_t(src.index[0].imm);
  uint32_t extra = 0;
  if (inst.opcode == Opcode::EvalSampleIndex) extra = loadSource(inst.operands.at(2), 1, K::I);
  if (inst.opcode == Opcode::EvalSnapped) {
    // integer offsets in 1/16 pixel (-8..7)
    uint32_t xy = loadSource(inst.operands.at(2), 2, K::I);
    uint32_t f = b_.op(OpConvertSToF, b_.tVec(b_.tFloat(), 2), {xy});
    extra = b_.op(OpFMul, b_.tVec(b_.tFloat(), 2), {f, b_.cComposite(b_.tVec(b_.tFloat(), 2), {b_.cFloat(1.0f / 16), b_.cFloat(1.0f / 16)})});
  }
  uint8_t m = destMask(d);
  std::vector<uint32_t> parts;
  for (uint32_t c = 0; c < 4; ++c) {
    if (!(m & (1u << c))) continue;
    uint32_t comp = src.componentOf(c);
    auto it = psInputComponents_.find(reg * 4 + comp);
    if (it == psInputComponents_.end() || it->second.type != ComponentType::Float32)
      fail("eval_* source v" + std::to_string(reg) + " component " + std::to_string(comp) +
           " is not a declared float varying");
    uint32_t ptr = it->second.var;
    if (it->second.count > 1)
      ptr = b_.op(OpAccessChain, b_.tPointer(SCInput, b_.tFloat()), {ptr, b_.cUint(it->second.index)});
    auto interpolateAt = [&](uint32_t pointer) {
      return inst.opcode == Opcode::EvalCentroid ? b_.ext(b_.tFloat(), GlslInterpolateAtCentroid, {pointer})
             : inst.opcode == Opcode::EvalSampleIndex ? b_.ext(b_.tFloat(), GlslInterpolateAtSample, {pointer, extra})
                                                      : b_.ext(b_.tFloat(), GlslInterpolateAtOffset, {pointer, extra});
    };
    uint32_t v = interpolateAt(ptr);
    if (it->second.dividedByW)  // the fallback's u·a over Σu, both evaluated there
      v = b_.op(OpFDiv, b_.tFloat(), {v, fallbackSafeInverseW(interpolateAt(fbInverseW_))});
    parts.push_back(v);
  }
  uint32_t n = uint32_t(parts.size());
  uint32_t r = n == 1 ? parts[0] : b_.op(OpCompositeConstruct, b_.tVec(b_.tFloat(), n), parts);
  storeDest(d, r, K::F, inst.saturate());
}

void Translator::ld(const Instruction& inst, bool ms) {
  const Operand& d = inst.operands.at(0);
  const TexInfo& t = texture(inst.operands.at(2));
  if (ms != t.ms) fail(ms ? "ld_ms needs a multisampled resource" : "ld on a multisampled resource needs ld_ms");
  const Operand& c = inst.operands.at(1);
  uint32_t n = t.spatial + (t.arrayed ? 1 : 0);
  uint32_t coord = loadFirst(c, n, K::I);
  if (t.shift) coord = shiftedTexel(coord, t.shift);  // a typed buffer's view past its descriptor's start
  uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
  uint32_t mask = 0;
  std::vector<uint32_t> operands;
  bool offsets = inst.hasSampleOffsets() && !t.buffer;
  if (!t.buffer && !t.ms) mask |= 0x2;
  if (offsets) mask |= 0x8;
  if (t.ms) mask |= 0x40;
  if (mask & 0x2) {
    uint32_t wc[1] = {c.componentOf(3)};
    operands.push_back(loadSource(c, 1, K::I, true, wc));
  }
  if (offsets) operands.push_back(constOffset(inst, t));
  if (t.ms) operands.push_back(loadSource(inst.operands.at(3), 1, K::I));
  // Texel buffers have no sparse form: always resident.
  uint32_t r = imageAccess(OpImageFetch, typeOf(t.kind, 4), {img, coord}, mask, operands, !t.buffer);
  storeDest(d, swizzleResult(r, t.kind, inst.operands.at(2), destMask(d)), t.kind, inst.saturate());
}

void Translator::resinfo(const Instruction& inst) {
  b_.capability(CapImageQuery);
  if (inst.operands.at(2).type == OperandType::UnorderedAccessView) return resinfoUav(inst);
  const TexInfo& t = texture(inst.operands.at(2));
  if (t.buffer) fail("resinfo on a buffer (use bufinfo)");
  uint32_t img = b_.op(OpLoad, t.imageType, {t.var});
  uint32_t n = t.sizeComponents;
  uint32_t sizeT = b_.tVec(b_.tInt(), n);
  uint32_t size, levels;
  if (t.ms) {
    size = b_.op(OpImageQuerySize, sizeT, {img});
    levels = b_.cInt(1);
  } else {
    size = b_.op(OpImageQuerySizeLod, sizeT, {img, loadSource(inst.operands.at(1), 1, K::I)});
    levels = b_.op(OpImageQueryLevels, b_.tInt(), {img});
  }
  uint32_t comps[3];
  for (uint32_t i = 0; i < 3; ++i)
    comps[i] = i < n ? (n == 1 ? size : b_.op(OpCompositeExtract, b_.tInt(), {size, i})) : b_.cInt(0);
  storeResinfo(inst, comps, n, t.arrayed, levels);
}

// resinfo on a typed UAV (RWTexture2D/2DArray/3D): the view's size (a
// RWTexture3D's depth is its W window's size), one mip level.
void Translator::resinfoUav(const Instruction& inst) {
  const UavInfo& u = uav(inst.operands.at(2));
  if (u.buffer) fail("resinfo on a buffer UAV (use bufinfo)");
  const uint32_t n = u.coordComponents;
  const uint32_t size = b_.op(OpImageQuerySize, n == 1 ? b_.tInt() : b_.tVec(b_.tInt(), n), {b_.op(OpLoad, u.imageType, {u.var})});
  uint32_t comps[3];
  for (uint32_t i = 0; i < 3; ++i)
    comps[i] = i < n ? (n == 1 ? size : b_.op(OpCompositeExtract, b_.tInt(), {size, i})) : b_.cInt(0);
  if (u.window) {
    const uint32_t ptr = b_.op(OpAccessChain, b_.tPointer(SCStorageBuffer, b_.tUint()), {u.window, b_.cUint(0), b_.cUint(1)});
    comps[2] = b_.op(OpBitcast, b_.tInt(), {b_.op(OpLoad, b_.tUint(), {ptr})});
  }
  storeResinfo(inst, comps, n, u.arrayed, b_.cInt(1));
}

// resinfo's result: (width, height, depth or array size, levels) as uint, float or reciprocal float.
void Translator::storeResinfo(const Instruction& inst, const uint32_t (&comps)[3], uint32_t n, bool arrayed,
                              uint32_t levels) {
  const Operand& d = inst.operands.at(0);
  uint32_t v4;
  K k;
  if (inst.resInfoReturnType() == 2) {
    k = K::U;
    v4 = b_.op(OpBitcast, uVec4_, {b_.op(OpCompositeConstruct, b_.tVec(b_.tInt(), 4), {comps[0], comps[1], comps[2], levels})});
  } else {
    k = K::F;
    uint32_t f[4];
    for (uint32_t i = 0; i < 3; ++i) {
      f[i] = b_.op(OpConvertSToF, b_.tFloat(), {comps[i]});
      // rcpFloat applies to the dimensions, not to array sizes.
      bool isArraySize = arrayed && i == n - 1;
      if (inst.resInfoReturnType() == 1 && i < n && !isArraySize) f[i] = b_.op(OpFDiv, b_.tFloat(), {b_.cFloat(1), f[i]});
    }
    f[3] = b_.op(OpConvertSToF, b_.tFloat(), {levels});
    v4 = b_.op(OpCompositeConstruct, b_.tVec(b_.tFloat(), 4), {f[0], f[1], f[2], f[3]});
  }
  storeDest(d, swizzleResult(v4, k, inst.operands.at(2), destMask(d)), k, inst.saturate());
}

// The sample count of a t# (0 for a resource that is not multisampled, as
// D3D's sampleinfo/samplepos answer), or of the rasterizer (pixel shaders: a
// specialization constant the pipeline sets, kRasterizerSampleCountSpecId).
uint32_t Translator::sampleCountOf(const Operand& op) {
  if (op.type == OperandType::Rasterizer) {
    if (stage_ != ProgramType::Pixel) fail("the rasterizer's sample count is only defined in pixel shaders");
    if (!rasterizerSamples_) {
      rasterizerSamples_ = b_.specConstant(b_.tInt(), 1, kRasterizerSampleCountSpecId);
      b_.name(rasterizerSamples_, "rasterizer_sample_count");
    }
    return rasterizerSamples_;
  }
  const TexInfo& t = texture(op);
  if (!t.ms) return b_.cInt(0);
  b_.capability(CapImageQuery);
  return b_.op(OpImageQuerySamples, b_.tInt(), {b_.op(OpLoad, t.imageType, {t.var})});
}

// sampleinfo[_uint] dest, t#: (samples, 0, 0, 0), float unless _uint, swizzled as the resource operand says.
void Translator::sampleInfo(const Instruction& inst) {
  const Operand& d = inst.operands.at(0);
  const uint32_t count = sampleCountOf(inst.operands.at(1));
  const bool asUint = inst.controls & 1;
  const uint32_t x = asUint ? b_.op(OpBitcast, b_.tUint(), {count})
                            : b_.op(OpBitcast, b_.tUint(), {b_.op(OpConvertSToF, b_.tFloat(), {count})});
  const uint32_t v4 = b_.op(OpCompositeConstruct, uVec4_, {x, b_.cUint(0), b_.cUint(0), b_.cUint(0)});
  const K k = asUint ? K::U : K::F;
  storeDest(d, swizzleResult(asUint ? v4 : b_.op(OpBitcast, b_.tVec(b_.tFloat(), 4), {v4}), k, inst.operands.at(1),
                             destMask(d)),
            k, inst.saturate());
}

// samplepos dest, t#, index: the standard position of sample `index` for the
// resource's sample count (D3D11_STANDARD_MULTISAMPLE_PATTERN, in pixels from
// the centre) as (x, y, 0, 0); 0 for an index out of range, a resource that
// is not multisampled, or a count without a standard pattern.
void Translator::samplePos(const Instruction& inst) {
  const Operand& d = inst.operands.at(0);
  const uint32_t count = sampleCountOf(inst.operands.at(1));
  const uint32_t index = loadSource(inst.operands.at(2), 1, K::I);
  const uint32_t tFloat = b_.tFloat(), tInt = b_.tInt(), tBool = b_.tBool(), vec2 = b_.tVec(tFloat, 2);
  // Every pattern of 1, 2, 4, 8 and 16 samples in one table: count n's at n − 1.
  if (!samplePositions_) {
    std::vector<uint32_t> entries;
    for (uint32_t n : {1u, 2u, 4u, 8u, 16u})
      for (const auto& p : fallback::standardSamplePositions(n))
        entries.push_back(b_.cComposite(vec2, {b_.cFloat(float(p[0]) / 16.0f), b_.cFloat(float(p[1]) / 16.0f)}));
    const uint32_t arrayType = b_.tArray(vec2, uint32_t(entries.size()));
    samplePositions_ = b_.variable(b_.tPointer(SCPrivate, arrayType), SCPrivate, b_.cComposite(arrayType, entries));
    b_.name(samplePositions_, "standard_sample_positions");
  }
  // A standard count (a power of two up to 16) and an index below it.
  const uint32_t pow2 = b_.op(OpIEqual, tBool, {b_.op(OpBitwiseAnd, tInt, {count, b_.op(OpISub, tInt, {count, b_.cInt(1)})}), b_.cInt(0)});
  const uint32_t inRange = b_.op(OpLogicalAnd, tBool, {b_.op(OpSGreaterThan, tBool, {count, b_.cInt(0)}),
                                                       b_.op(OpSLessThanEqual, tBool, {count, b_.cInt(16)})});
  const uint32_t below = b_.op(OpULessThan, tBool, {b_.op(OpBitcast, b_.tUint(), {index}), b_.op(OpBitcast, b_.tUint(), {count})});
  const uint32_t valid = b_.op(OpLogicalAnd, tBool, {b_.op(OpLogicalAnd, tBool, {pow2, inRange}), below});
  const uint32_t at = b_.op(OpSelect, tInt, {valid, b_.op(OpIAdd, tInt, {b_.op(OpISub, tInt, {count, b_.cInt(1)}), index}), b_.cInt(0)});
  const uint32_t p = b_.op(OpLoad, vec2, {b_.op(OpAccessChain, b_.tPointer(SCPrivate, vec2), {samplePositions_, at})});
  const uint32_t zero = b_.cFloat(0.0f);
  const uint32_t x = b_.op(OpSelect, tFloat, {valid, b_.op(OpCompositeExtract, tFloat, {p, 0}), zero});
  const uint32_t y = b_.op(OpSelect, tFloat, {valid, b_.op(OpCompositeExtract, tFloat, {p, 1}), zero});
  const uint32_t v4 = b_.op(OpCompositeConstruct, b_.tVec(tFloat, 4), {x, y, zero, zero});
  storeDest(d, swizzleResult(v4, K::F, inst.operands.at(1), destMask(d)), K::F, inst.saturate());
}

}  // namespace d3dvk::dxbc::detail
