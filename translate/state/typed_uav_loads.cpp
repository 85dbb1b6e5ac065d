// translate/state/typed_uav_loads.cpp — see typed_uav_loads.h.
#include "typed_uav_loads.h"

namespace d3dvk::state {

namespace {

constexpr DXGI_FORMAT kSet[] = {
    DXGI_FORMAT_R32G32B32A32_FLOAT, DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_R32G32B32A32_SINT,
    DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R16G16B16A16_UINT, DXGI_FORMAT_R16G16B16A16_SINT,
    DXGI_FORMAT_R8G8B8A8_UNORM,     DXGI_FORMAT_R8G8B8A8_UINT,     DXGI_FORMAT_R8G8B8A8_SINT,
    DXGI_FORMAT_R16_FLOAT,          DXGI_FORMAT_R16_UINT,          DXGI_FORMAT_R16_SINT,
    DXGI_FORMAT_R8_UNORM,           DXGI_FORMAT_R8_UINT,           DXGI_FORMAT_R8_SINT,
};

constexpr DXGI_FORMAT kIndividual[] = {
    DXGI_FORMAT_R16G16B16A16_UNORM, DXGI_FORMAT_R16G16B16A16_SNORM, DXGI_FORMAT_R32G32_FLOAT,
    DXGI_FORMAT_R32G32_UINT,        DXGI_FORMAT_R32G32_SINT,        DXGI_FORMAT_R10G10B10A2_UNORM,
    DXGI_FORMAT_R10G10B10A2_UINT,   DXGI_FORMAT_R11G11B10_FLOAT,    DXGI_FORMAT_R8G8B8A8_SNORM,
    DXGI_FORMAT_R16G16_FLOAT,       DXGI_FORMAT_R16G16_UNORM,       DXGI_FORMAT_R16G16_UINT,
    DXGI_FORMAT_R16G16_SNORM,       DXGI_FORMAT_R16G16_SINT,        DXGI_FORMAT_R8G8_UNORM,
    DXGI_FORMAT_R8G8_UINT,          DXGI_FORMAT_R8G8_SNORM,         DXGI_FORMAT_R8G8_SINT,
    DXGI_FORMAT_R16_UNORM,          DXGI_FORMAT_R16_SNORM,          DXGI_FORMAT_R8_SNORM,
    DXGI_FORMAT_A8_UNORM,           DXGI_FORMAT_B5G6R5_UNORM,       DXGI_FORMAT_B5G5R5A1_UNORM,
    DXGI_FORMAT_B4G4R4A4_UNORM,
};

}  // namespace

TypedUavLoad typedUavLoadClass(DXGI_FORMAT format) {
  if (format == DXGI_FORMAT_R32_FLOAT || format == DXGI_FORMAT_R32_UINT || format == DXGI_FORMAT_R32_SINT)
    return TypedUavLoad::Required;
  for (DXGI_FORMAT f : kSet)
    if (f == format) return TypedUavLoad::Set;
  for (DXGI_FORMAT f : kIndividual)
    if (f == format) return TypedUavLoad::Individual;
  return TypedUavLoad::None;
}

const DXGI_FORMAT* typedUavLoadSet(unsigned* count) {
  *count = sizeof kSet / sizeof kSet[0];
  return kSet;
}

}  // namespace d3dvk::state
