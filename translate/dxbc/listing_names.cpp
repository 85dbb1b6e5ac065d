// translate/dxbc/listing_names.cpp — name tables shared by the assembler and the
// disassembler (system values, interpolation modes, resource dimensions, return types).
#include "dxbc/listing.h"

namespace d3dvk::dxbc {

const char* systemValueTableName(uint32_t n) {
  switch (n) {
    case 0: return "NONE";
    case 1: return "POS";
    case 2: return "CLIPDST";
    case 3: return "CULLDST";
    case 4: return "RTINDEX";
    case 5: return "VPINDEX";
    case 6: return "VERTID";
    case 7: return "PRIMID";
    case 8: return "INSTID";
    case 9: return "FFACE";
    case 10: return "SAMPLE";
    case 11: return "QUADEDGE";
    case 12: return "QUADINT";
    case 13: return "TRIEDGE";
    case 14: return "TRIINT";
    case 15: return "LINEDET";
    case 16: return "LINEDEN";
    case 64: return "TARGET";
    case 65: return "DEPTH";
    case 66: return "COVERAGE";
    case 67: return "DEPTHGE";
    case 68: return "DEPTHLE";
    case 69: return "STENCILREF";
    case 70: return "INNERCOV";
    default: return nullptr;
  }
}

const char* systemNameToken(SystemName n) {
  switch (n) {
    case SystemName::Undefined: return "undefined";
    case SystemName::Position: return "position";
    case SystemName::ClipDistance: return "clip_distance";
    case SystemName::CullDistance: return "cull_distance";
    case SystemName::RenderTargetArrayIndex: return "rendertarget_array_index";
    case SystemName::ViewportArrayIndex: return "viewport_array_index";
    case SystemName::VertexId: return "vertex_id";
    case SystemName::PrimitiveId: return "primitive_id";
    case SystemName::InstanceId: return "instance_id";
    case SystemName::IsFrontFace: return "is_front_face";
    case SystemName::SampleIndex: return "sampleIndex";
    case SystemName::FinalQuadUEq0EdgeTessFactor: return "finalQuadUeq0EdgeTessFactor";
    case SystemName::FinalQuadVEq0EdgeTessFactor: return "finalQuadVeq0EdgeTessFactor";
    case SystemName::FinalQuadUEq1EdgeTessFactor: return "finalQuadUeq1EdgeTessFactor";
    case SystemName::FinalQuadVEq1EdgeTessFactor: return "finalQuadVeq1EdgeTessFactor";
    case SystemName::FinalQuadUInsideTessFactor: return "finalQuadUInsideTessFactor";
    case SystemName::FinalQuadVInsideTessFactor: return "finalQuadVInsideTessFactor";
    case SystemName::FinalTriUEq0EdgeTessFactor: return "finalTriUeq0EdgeTessFactor";
    case SystemName::FinalTriVEq0EdgeTessFactor: return "finalTriVeq0EdgeTessFactor";
    case SystemName::FinalTriWEq0EdgeTessFactor: return "finalTriWeq0EdgeTessFactor";
    case SystemName::FinalTriInsideTessFactor: return "finalTriInsideTessFactor";
    case SystemName::FinalLineDetailTessFactor: return "finalLineDetailTessFactor";
    case SystemName::FinalLineDensityTessFactor: return "finalLineDensityTessFactor";
  }
  return nullptr;
}

const char* interpolationText(Interpolation i) {
  switch (i) {
    case Interpolation::Undefined: return "";
    case Interpolation::Constant: return "constant";
    case Interpolation::Linear: return "linear";
    case Interpolation::LinearCentroid: return "linear centroid";
    case Interpolation::LinearNoPerspective: return "linear noperspective";
    case Interpolation::LinearNoPerspectiveCentroid: return "linear noperspective centroid";
    case Interpolation::LinearSample: return "linear sample";
    case Interpolation::LinearNoPerspectiveSample: return "linear noperspective sample";
  }
  return nullptr;
}

const char* resourceDimensionText(ResourceDimension d) {
  switch (d) {
    case ResourceDimension::Unknown: return "unknown";
    case ResourceDimension::Buffer: return "buffer";
    case ResourceDimension::Texture1D: return "texture1d";
    case ResourceDimension::Texture2D: return "texture2d";
    case ResourceDimension::Texture2DMS: return "texture2dms";
    case ResourceDimension::Texture3D: return "texture3d";
    case ResourceDimension::TextureCube: return "texturecube";
    case ResourceDimension::Texture1DArray: return "texture1darray";
    case ResourceDimension::Texture2DArray: return "texture2darray";
    case ResourceDimension::Texture2DMSArray: return "texture2dmsarray";
    case ResourceDimension::TextureCubeArray: return "texturecubearray";
    case ResourceDimension::RawBuffer: return "raw_buffer";
    case ResourceDimension::StructuredBuffer: return "structured_buffer";
  }
  return nullptr;
}

const char* returnTypeText(uint32_t rt) {
  switch (rt) {
    case 1: return "unorm";
    case 2: return "snorm";
    case 3: return "sint";
    case 4: return "uint";
    case 5: return "float";
    case 6: return "mixed";
    case 7: return "double";
    case 8: return "continued";
    case 9: return "unused";
    default: return nullptr;
  }
}

const char* gsInputPrimitiveText(uint32_t p) {
  switch (p) {
    case 1: return "point";
    case 2: return "line";
    case 3: return "triangle";
    case 6: return "lineadj";
    case 7: return "triangleadj";
    default: return nullptr;
  }
}

const char* tessDomainText(uint32_t d) {
  switch (d) {
    case 1: return "domain_isoline";
    case 2: return "domain_tri";
    case 3: return "domain_quad";
    default: return nullptr;
  }
}

const char* tessPartitioningText(uint32_t p) {
  switch (p) {
    case 1: return "partitioning_integer";
    case 2: return "partitioning_pow2";
    case 3: return "partitioning_fractional_odd";
    case 4: return "partitioning_fractional_even";
    default: return nullptr;
  }
}

const char* tessOutputPrimitiveText(uint32_t p) {
  switch (p) {
    case 1: return "output_point";
    case 2: return "output_line";
    case 3: return "output_triangle_cw";
    case 4: return "output_triangle_ccw";
    default: return nullptr;
  }
}

const char* gsOutputTopologyText(uint32_t t) {
  switch (t) {
    case 1: return "pointlist";
    case 3: return "linestrip";
    case 5: return "trianglestrip";
    default: return nullptr;
  }
}

}  // namespace d3dvk::dxbc
