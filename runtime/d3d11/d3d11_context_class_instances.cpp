// runtime/d3d11/d3d11_context_class_instances.cpp — the class instances of the
// six *SetShader calls (SM5 interfaces): each interface slot's instance is
// matched by its class type's name to the shader's IFCE data, which gives the
// function table that class selects at that slot; the instance's data (constant
// buffer, vector offset, first texture and sampler) becomes the slot's pointer
// data. The driver gets both through *SetShaderWithIfaces. Bad bindings (too
// many instances, an instance of a class that does not implement the slot's
// interface, no instance where the shader calls through the slot) are dropped
// with the debug layer's message; *GetShader returns the instances.
#include "d3d11_class_linkage.h"
#include "d3d11_context.h"
#include "d3d11_device.h"

#include <algorithm>
#include <string>

namespace d3dvk::runtime {

bool D3D11ImmediateContext::resolveClassInstances(const char* function, const ShaderInterfaces& shader,
                                                  ID3D11ClassInstance* const* instances, UINT count,
                                                  std::vector<UINT>* tables,
                                                  std::vector<D3D11DDIARG_POINTERDATA>* pointers) {
  auto countError = [&](const std::string& text) {
    stateSettingError(D3D11_MESSAGE_ID_DEVICE_SETSHADER_INTERFACE_COUNT_MISMATCH,
                      "DEVICE_SETSHADER_INTERFACE_COUNT_MISMATCH", function, text + " The call is ignored.");
    return false;
  };
  if (count && !instances)
    return countError("ppClassInstances is null but NumClassInstances is " + std::to_string(count) + ".");
  if (count > D3D11_SHADER_MAX_INTERFACES)
    return countError("NumClassInstances (" + std::to_string(count) + ") is more than the " +
                      std::to_string(D3D11_SHADER_MAX_INTERFACES) + " interface slots a shader can have.");
  if (!shader.bound) {
    if (count) return countError("No shader is being bound, but NumClassInstances is " + std::to_string(count) + ".");
    return true;
  }
  if (!shader.info) {
    if (count)
      return countError("The shader declares no interfaces, but NumClassInstances is " + std::to_string(count) + ".");
    return true;
  }
  const uint32_t slots = shader.declarations->slotCount;
  if (count > slots)
    return countError("The shader has " + std::to_string(slots) + " interface slot(s), but NumClassInstances is " +
                      std::to_string(count) + ".");
  tables->assign(slots, dxbc::kNoFunctionTable);
  pointers->assign(slots, D3D11DDIARG_POINTERDATA{});
  for (uint32_t slot = 0; slot < slots; ++slot) {
    auto* instance = static_cast<D3D11ClassInstance*>(slot < count ? instances[slot] : nullptr);
    if (!instance) {
      if (shader.declarations->calledSlots[slot]) {
        stateSettingError(D3D11_MESSAGE_ID_DEVICE_SETSHADER_UNBOUND_INSTANCE_DATA,
                          "DEVICE_SETSHADER_UNBOUND_INSTANCE_DATA", function,
                          "The shader calls through interface slot " + std::to_string(slot) +
                              ", but no class instance is bound there. The call is ignored.");
        return false;
      }
      continue;
    }
    const dxbc::ClassType* type = shader.info->findType(instance->typeName());
    uint32_t table = 0;
    if (!type || !shader.info->tableFor(slot, type->id, &table)) {
      stateSettingError(D3D11_MESSAGE_ID_DEVICE_SETSHADER_INVALID_INSTANCE_TYPE,
                        "DEVICE_SETSHADER_INVALID_INSTANCE_TYPE", function,
                        "The class instance at interface slot " + std::to_string(slot) + " is of class type '" +
                            instance->typeName() + "', which " +
                            (type ? "does not implement that slot's interface" : "the shader does not know") +
                            ". The call is ignored.");
      return false;
    }
    const D3D11_CLASS_INSTANCE_DESC& d = instance->desc();
    (*tables)[slot] = table;
    D3D11DDIARG_POINTERDATA& p = (*pointers)[slot];
    p.uCBID = d.ConstantBuffer & 0xF;
    p.uCBOffset = d.BaseConstantBufferOffset & 0xFFF;
    p.uBaseTex = d.BaseTexture & 0x7F;
    p.uBaseSamp = d.BaseSampler & 0xF;
  }
  return true;
}

void D3D11ImmediateContext::bindClassInstances(int stage, ID3D11ClassInstance* const* instances, UINT count) {
  // References first, so rebinding an instance to its own slot cannot free it.
  for (UINT i = 0; i < count; ++i)
    if (instances[i]) static_cast<D3D11ClassInstance*>(instances[i])->addPrivateRef();
  for (UINT i = 0; i < classInstanceCount_[stage]; ++i)
    if (D3D11ClassInstance* previous = classInstances_[stage][i]) previous->releasePrivateRef();
  // Only the slots either binding uses: a shader without interfaces rebinds none of the 253.
  for (UINT i = 0; i < std::max(count, classInstanceCount_[stage]); ++i)
    classInstances_[stage][i] = i < count ? static_cast<D3D11ClassInstance*>(instances[i]) : nullptr;
  classInstanceCount_[stage] = count;
}

void D3D11ImmediateContext::getClassInstances(int stage, ID3D11ClassInstance** out, UINT* count) {
  if (!count) return;
  const UINT bound = classInstanceCount_[stage];
  if (out)
    for (UINT i = 0; i < *count && i < D3D11_SHADER_MAX_INTERFACES; ++i) {
      D3D11ClassInstance* instance = i < bound ? classInstances_[stage][i] : nullptr;
      if (instance) instance->AddRef();
      out[i] = instance;
    }
  *count = bound;
}

void D3D11ImmediateContext::releaseClassInstances() {
  for (int stage = 0; stage < kStages; ++stage) bindClassInstances(stage, nullptr, 0);
}

}  // namespace d3dvk::runtime
