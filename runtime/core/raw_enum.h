// runtime/core/raw_enum.h — reading an application's enum value without
// loading it as the enum. DirectX-Headers' enums have no fixed underlying type,
// so a value outside an enum's range (exactly the bad argument the runtime
// must refuse with E_INVALIDARG) is undefined behaviour to load as that enum
// (UBSan: "load of value 99, which is not a valid value for type"). The
// validators read its bytes instead and compare integers.
#pragma once

#include <cstring>

namespace d3dvk::runtime {

template <typename Enum>
int rawEnum(const Enum& e) {
  static_assert(sizeof(Enum) == sizeof(int), "an enum of int size");
  int v;
  std::memcpy(&v, &e, sizeof v);
  return v;
}

}  // namespace d3dvk::runtime
