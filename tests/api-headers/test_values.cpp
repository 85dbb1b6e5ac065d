// Enum values, constants and struct layouts of the public D3D11 headers, as shipped
// in the Windows SDK (reference/ddi.md "D3D11 API" for the conservative-raster ones).
// Layout expectations are the Windows x64 ABI, which for these structs (fixed-width
// fields, pointers, SIZE_T) is the same as LP64 Linux.
#include <catch2/catch.hpp>

#include <d3d11_3.h>
#include <d3d11sdklayers.h>

#include <cstddef>
#include <type_traits>

// --- conservative rasterization (ddi.md) -----------------------------------
static_assert(D3D11_FEATURE_D3D11_OPTIONS2 == 14);
static_assert(D3D11_FEATURE_D3D11_OPTIONS3 == 15);
static_assert(D3D11_FEATURE_D3D11_OPTIONS1 == 10);
static_assert(D3D11_FEATURE_THREADING == 0);
static_assert(D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF == 0);
static_assert(D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON == 1);
static_assert(D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED == 0);
static_assert(D3D11_CONSERVATIVE_RASTERIZATION_TIER_1 == 1);
static_assert(D3D11_CONSERVATIVE_RASTERIZATION_TIER_2 == 2);
static_assert(D3D11_CONSERVATIVE_RASTERIZATION_TIER_3 == 3);
static_assert(D3D11_TILED_RESOURCES_NOT_SUPPORTED == 0 && D3D11_TILED_RESOURCES_TIER_3 == 3);

// D3D11_RASTERIZER_DESC2: the 10 D3D11 fields, ForcedSampleCount, ConservativeRaster.
static_assert(sizeof(D3D11_RASTERIZER_DESC2) == 48);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, FillMode) == 0);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, CullMode) == 4);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, FrontCounterClockwise) == 8);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, DepthBias) == 12);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, DepthBiasClamp) == 16);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, SlopeScaledDepthBias) == 20);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, DepthClipEnable) == 24);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, ScissorEnable) == 28);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, MultisampleEnable) == 32);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, AntialiasedLineEnable) == 36);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, ForcedSampleCount) == 40);
static_assert(offsetof(D3D11_RASTERIZER_DESC2, ConservativeRaster) == 44);
static_assert(sizeof(D3D11_RASTERIZER_DESC) == 40);
static_assert(sizeof(D3D11_RASTERIZER_DESC1) == 44);
static_assert(offsetof(D3D11_RASTERIZER_DESC1, ForcedSampleCount) == 40);

// D3D11_FEATURE_DATA_D3D11_OPTIONS2, field order from ddi.md.
static_assert(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS2) == 32);
static_assert(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, PSSpecifiedStencilRefSupported) == 0);
static_assert(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, TypedUAVLoadAdditionalFormats) == 4);
static_assert(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, ROVsSupported) == 8);
static_assert(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, ConservativeRasterizationTier) == 12);
static_assert(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, TiledResourcesTier) == 16);
static_assert(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, MapOnDefaultTextures) == 20);
static_assert(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, StandardSwizzle) == 24);
static_assert(offsetof(D3D11_FEATURE_DATA_D3D11_OPTIONS2, UnifiedMemoryArchitecture) == 28);
static_assert(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS3) == 4);
static_assert(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS1) == 16);
static_assert(sizeof(D3D11_FEATURE_DATA_D3D11_OPTIONS) == 56);

// --- debug-layer message IDs ---------------------------------------------------
static_assert(D3D11_MESSAGE_ID_D3D11_3_MESSAGES_START == 3146153);
static_assert(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE == 3146154);
static_assert(D3D11_MESSAGE_ID_DEVICE_DRAW_INVALID_SYSTEMVALUE == 3146155);
static_assert(D3D11_MESSAGE_ID_DEVICE_DRAW_INVALID_PRIMITIVETOPOLOGY == 365);
static_assert(D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_INVALIDQUERY == 232 &&
              D3D11_MESSAGE_ID_CREATEQUERYORPREDICATE_NULLDESC == 235);
static_assert(D3D11_MESSAGE_ID_QUERY_BEGIN_UNSUPPORTED == 405 && D3D11_MESSAGE_ID_QUERY_BEGIN_DUPLICATE == 407 &&
              D3D11_MESSAGE_ID_QUERY_BEGIN_ABANDONING_PREVIOUS_RESULTS == 408 &&
              D3D11_MESSAGE_ID_QUERY_END_ABANDONING_PREVIOUS_RESULTS == 410 &&
              D3D11_MESSAGE_ID_QUERY_END_WITHOUT_BEGIN == 411 && D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_DATASIZE == 412 &&
              D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_FLAGS == 413 && D3D11_MESSAGE_ID_QUERY_GETDATA_INVALID_CALL == 414);
// Stream output and predication (d3d11sdklayers.h).
static_assert(D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSHADERTYPE == 173 &&
              D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMENTRIES == 174 &&
              D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDOUTPUTSLOT == 179 &&
              D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_MISSINGOUTPUTSIGNATURE == 190);
static_assert(D3D11_MESSAGE_ID_SOSETTARGETS_INVALIDBUFFER == 253 &&
              D3D11_MESSAGE_ID_DEVICE_SOSETTARGETS_OFFSET_UNALIGNED == 254 &&
              D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_TRAILING_DIGIT_IN_SEMANTIC == 386);
static_assert(D3D11_MESSAGE_ID_SETPREDICATION_INVALID_PREDICATE_STATE == 404 &&
              D3D11_MESSAGE_ID_PREDICATE_BEGIN_DURING_PREDICATION == 406 &&
              D3D11_MESSAGE_ID_PREDICATE_END_DURING_PREDICATION == 409);
static_assert(D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAMTORASTERIZER == 2097157 &&
              D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDCLASSLINKAGE == 2097159 &&
              D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDSTREAM == 2097169 &&
              D3D11_MESSAGE_ID_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT_INVALIDNUMSTRIDES == 2097172);
static_assert(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFILLMODE == 194);
static_assert(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDCULLMODE == 195);
static_assert(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDDEPTHBIASCLAMP == 196);
static_assert(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDSLOPESCALEDDEPTHBIAS == 197);
static_assert(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_TOOMANYOBJECTS == 198);
static_assert(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_NULLDESC == 199);
static_assert(D3D11_MESSAGE_ID_D3D11_1_MESSAGES_START == 3145728);
static_assert(D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFORCEDSAMPLECOUNT == 3145757);
static_assert(D3D11_MESSAGE_ID_D3D11_2_MESSAGES_END + 1 == D3D11_MESSAGE_ID_D3D11_3_MESSAGES_START);
static_assert(D3D11_MESSAGE_ID_D3D11_1_MESSAGES_END + 1 == D3D11_MESSAGE_ID_D3D11_2_MESSAGES_START);
static_assert(D3D11_MESSAGE_CATEGORY_STATE_CREATION == 5);
static_assert(D3D11_MESSAGE_CATEGORY_EXECUTION == 9);
static_assert(D3D11_MESSAGE_SEVERITY_ERROR == 1 && D3D11_MESSAGE_SEVERITY_MESSAGE == 4);
static_assert(sizeof(D3D11_MESSAGE) == 32);
static_assert(offsetof(D3D11_MESSAGE, ID) == 8);
static_assert(offsetof(D3D11_MESSAGE, pDescription) == 16);
static_assert(offsetof(D3D11_MESSAGE, DescriptionByteLength) == 24);
static_assert(sizeof(D3D11_INFO_QUEUE_FILTER_DESC) == 48);
static_assert(sizeof(D3D11_INFO_QUEUE_FILTER) == 96);
static_assert(D3D11_RLDO_SUMMARY == 1 && D3D11_RLDO_DETAIL == 2 && D3D11_RLDO_IGNORE_INTERNAL == 4);
static_assert((D3D11_RLDO_DETAIL | D3D11_RLDO_IGNORE_INTERNAL) == 6);

// --- device creation and constants ------------------------------------------
static_assert(D3D11_SDK_VERSION == 7);
static_assert(D3D11_CREATE_DEVICE_SINGLETHREADED == 0x1);
static_assert(D3D11_CREATE_DEVICE_DEBUG == 0x2);
static_assert(D3D11_CREATE_DEVICE_BGRA_SUPPORT == 0x20);
static_assert(D3D11_SIMULTANEOUS_RENDER_TARGET_COUNT == 8);
static_assert(D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE == 16);
static_assert(D3D11_DEFAULT_SAMPLE_MASK == 0xffffffffu);
static_assert(D3D11_KEEP_RENDER_TARGETS_AND_DEPTH_STENCIL == 0xffffffffu);
static_assert(D3D11_APPEND_ALIGNED_ELEMENT == 0xffffffffu);
static_assert(D3D11_COMMONSHADER_CONSTANT_BUFFER_API_SLOT_COUNT == 14);
static_assert(D3D11_COMMONSHADER_INPUT_RESOURCE_SLOT_COUNT == 128);
static_assert(D3D11_COMMONSHADER_SAMPLER_SLOT_COUNT == 16);
static_assert(D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT == 32);
static_assert(D3D11_1_UAV_SLOT_COUNT == 64);
static_assert(D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION == 16384);

// --- ordinary rendering enums -------------------------------------------------
static_assert(D3D11_USAGE_DEFAULT == 0 && D3D11_USAGE_IMMUTABLE == 1 && D3D11_USAGE_DYNAMIC == 2 &&
              D3D11_USAGE_STAGING == 3);
static_assert(D3D11_BIND_VERTEX_BUFFER == 0x1 && D3D11_BIND_CONSTANT_BUFFER == 0x4 &&
              D3D11_BIND_SHADER_RESOURCE == 0x8 && D3D11_BIND_RENDER_TARGET == 0x20 &&
              D3D11_BIND_DEPTH_STENCIL == 0x40 && D3D11_BIND_UNORDERED_ACCESS == 0x80);
static_assert(D3D11_CPU_ACCESS_WRITE == 0x10000 && D3D11_CPU_ACCESS_READ == 0x20000);
static_assert(D3D11_RESOURCE_MISC_TEXTURECUBE == 0x4 && D3D11_RESOURCE_MISC_BUFFER_STRUCTURED == 0x40 &&
              D3D11_RESOURCE_MISC_TILED == 0x40000);
static_assert(D3D11_MAP_READ == 1 && D3D11_MAP_WRITE_DISCARD == 4 && D3D11_MAP_WRITE_NO_OVERWRITE == 5);
static_assert(D3D11_MAP_FLAG_DO_NOT_WAIT == 0x100000);
static_assert(D3D11_FILL_WIREFRAME == 2 && D3D11_FILL_SOLID == 3);
static_assert(D3D11_CULL_NONE == 1 && D3D11_CULL_FRONT == 2 && D3D11_CULL_BACK == 3);
static_assert(D3D11_COMPARISON_NEVER == 1 && D3D11_COMPARISON_LESS_EQUAL == 4 && D3D11_COMPARISON_ALWAYS == 8);
static_assert(D3D11_STENCIL_OP_KEEP == 1 && D3D11_STENCIL_OP_DECR == 8);
static_assert(D3D11_BLEND_ZERO == 1 && D3D11_BLEND_SRC_ALPHA_SAT == 11 && D3D11_BLEND_BLEND_FACTOR == 14 &&
              D3D11_BLEND_INV_SRC1_ALPHA == 19);
static_assert(D3D11_BLEND_OP_ADD == 1 && D3D11_BLEND_OP_MAX == 5);
static_assert(D3D11_COLOR_WRITE_ENABLE_ALL == 15);
static_assert(D3D11_FILTER_MIN_MAG_MIP_LINEAR == 0x15 && D3D11_FILTER_ANISOTROPIC == 0x55 &&
              D3D11_FILTER_COMPARISON_MIN_MAG_MIP_LINEAR == 0x95);
static_assert(D3D11_TEXTURE_ADDRESS_WRAP == 1 && D3D11_TEXTURE_ADDRESS_MIRROR_ONCE == 5);
static_assert(D3D11_QUERY_EVENT == 0 && D3D11_QUERY_PIPELINE_STATISTICS == 4 &&
              D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3 == 15);
static_assert(D3D11_CLEAR_DEPTH == 1 && D3D11_CLEAR_STENCIL == 2);
static_assert(D3D11_RTV_DIMENSION_TEXTURE2D == 4 && D3D11_RTV_DIMENSION_TEXTURE3D == 8);
static_assert(D3D11_DSV_DIMENSION_TEXTURE2D == 3 && D3D11_DSV_DIMENSION_TEXTURE2DMSARRAY == 6);
static_assert(D3D11_UAV_DIMENSION_TEXTURE2DARRAY == 5 && D3D11_UAV_DIMENSION_TEXTURE3D == 8);
static_assert(D3D11_SRV_DIMENSION_TEXTURECUBEARRAY == 10 && D3D11_SRV_DIMENSION_BUFFEREX == 11);
static_assert(D3D11_RESOURCE_DIMENSION_TEXTURE2D == 3);
static_assert(D3D11_INPUT_PER_INSTANCE_DATA == 1);
static_assert(D3D11_LOGIC_OP_OR_INVERTED == 15);
static_assert(D3D11_CONTEXT_TYPE_VIDEO == 4);
static_assert(D3D11_TEXTURE_LAYOUT_64K_STANDARD_SWIZZLE == 2);

// D3D11 reuses d3dcommon.h's types rather than redefining them.
static_assert(std::is_same_v<D3D11_PRIMITIVE_TOPOLOGY, D3D_PRIMITIVE_TOPOLOGY>);
static_assert(std::is_same_v<D3D11_SRV_DIMENSION, D3D_SRV_DIMENSION>);
static_assert(std::is_same_v<D3D11_RECT, RECT>);
static_assert(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST == 4);

// --- struct layouts -----------------------------------------------------------
static_assert(sizeof(D3D11_BUFFER_DESC) == 24);
static_assert(sizeof(D3D11_TEXTURE1D_DESC) == 32);
static_assert(sizeof(D3D11_TEXTURE2D_DESC) == 44);
static_assert(offsetof(D3D11_TEXTURE2D_DESC, SampleDesc) == 20);
static_assert(offsetof(D3D11_TEXTURE2D_DESC, Usage) == 28);
static_assert(sizeof(D3D11_TEXTURE2D_DESC1) == 48);
static_assert(offsetof(D3D11_TEXTURE2D_DESC1, TextureLayout) == 44);
static_assert(sizeof(D3D11_TEXTURE3D_DESC) == 36);
static_assert(sizeof(D3D11_TEXTURE3D_DESC1) == 40);
static_assert(sizeof(D3D11_SUBRESOURCE_DATA) == 16);
static_assert(sizeof(D3D11_MAPPED_SUBRESOURCE) == 16);
static_assert(sizeof(D3D11_BOX) == 24);
static_assert(sizeof(D3D11_VIEWPORT) == 24);
static_assert(sizeof(D3D11_RECT) == 16);
static_assert(sizeof(D3D11_INPUT_ELEMENT_DESC) == 32);
static_assert(offsetof(D3D11_INPUT_ELEMENT_DESC, InputSlotClass) == 24);
static_assert(sizeof(D3D11_SO_DECLARATION_ENTRY) == 24);
static_assert(offsetof(D3D11_SO_DECLARATION_ENTRY, OutputSlot) == 22);
static_assert(sizeof(D3D11_RENDER_TARGET_BLEND_DESC) == 32);
static_assert(sizeof(D3D11_BLEND_DESC) == 264);
static_assert(sizeof(D3D11_RENDER_TARGET_BLEND_DESC1) == 40);
static_assert(sizeof(D3D11_BLEND_DESC1) == 328);
static_assert(sizeof(D3D11_DEPTH_STENCIL_DESC) == 52);
static_assert(offsetof(D3D11_DEPTH_STENCIL_DESC, StencilReadMask) == 16);
static_assert(offsetof(D3D11_DEPTH_STENCIL_DESC, FrontFace) == 20);
static_assert(sizeof(D3D11_SAMPLER_DESC) == 52);
static_assert(offsetof(D3D11_SAMPLER_DESC, BorderColor) == 28);
static_assert(sizeof(D3D11_QUERY_DESC) == 8);
static_assert(sizeof(D3D11_QUERY_DESC1) == 12);
static_assert(sizeof(D3D11_QUERY_DATA_PIPELINE_STATISTICS) == 88);
static_assert(sizeof(D3D11_QUERY_DATA_TIMESTAMP_DISJOINT) == 16);
static_assert(sizeof(D3D11_SHADER_RESOURCE_VIEW_DESC) == 24);
static_assert(offsetof(D3D11_SHADER_RESOURCE_VIEW_DESC, Texture2D) == 8);
static_assert(sizeof(D3D11_SHADER_RESOURCE_VIEW_DESC1) == 28);
static_assert(sizeof(D3D11_RENDER_TARGET_VIEW_DESC) == 20);
static_assert(sizeof(D3D11_RENDER_TARGET_VIEW_DESC1) == 24);
static_assert(sizeof(D3D11_DEPTH_STENCIL_VIEW_DESC) == 24);
static_assert(offsetof(D3D11_DEPTH_STENCIL_VIEW_DESC, Texture2D) == 12);
static_assert(sizeof(D3D11_UNORDERED_ACCESS_VIEW_DESC) == 20);
static_assert(sizeof(D3D11_UNORDERED_ACCESS_VIEW_DESC1) == 24);
static_assert(sizeof(D3D11_COUNTER_INFO) == 12);
static_assert(sizeof(D3D11_CLASS_INSTANCE_DESC) == 32);
static_assert(sizeof(D3D11_TILE_REGION_SIZE) == 16);
static_assert(sizeof(D3D11_SUBRESOURCE_TILING) == 12);
static_assert(sizeof(D3D11_PACKED_MIP_DESC) == 12);

TEST_CASE("CD3D11_RASTERIZER_DESC2(CD3D11_DEFAULT) is D3D11.3's default state", "[api-headers][values]") {
  const CD3D11_RASTERIZER_DESC2 d{CD3D11_DEFAULT{}};
  CHECK(d.FillMode == D3D11_FILL_SOLID);
  CHECK(d.CullMode == D3D11_CULL_BACK);
  CHECK(d.FrontCounterClockwise == FALSE);
  CHECK(d.DepthBias == 0);
  CHECK(d.DepthBiasClamp == 0.0f);
  CHECK(d.SlopeScaledDepthBias == 0.0f);
  CHECK(d.DepthClipEnable == TRUE);
  CHECK(d.ScissorEnable == FALSE);
  CHECK(d.MultisampleEnable == FALSE);
  CHECK(d.AntialiasedLineEnable == FALSE);
  CHECK(d.ForcedSampleCount == 0u);
  CHECK(d.ConservativeRaster == D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF);

  const CD3D11_RASTERIZER_DESC2 on(D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.f, 0.f, TRUE, FALSE, FALSE,
                                   FALSE, 0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON);
  CHECK(on.CullMode == D3D11_CULL_NONE);
  CHECK(on.ConservativeRaster == D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON);

  // The helper adds no data: it can be passed where the plain desc is expected.
  static_assert(sizeof(CD3D11_RASTERIZER_DESC2) == sizeof(D3D11_RASTERIZER_DESC2));
  const D3D11_RASTERIZER_DESC2* plain = &d;
  CHECK(plain->DepthClipEnable == TRUE);
}

TEST_CASE("D3D11_DEFAULT tag and the other CD3D11 helpers", "[api-headers][values]") {
  const CD3D11_RASTERIZER_DESC2 d2(D3D11_DEFAULT);
  CHECK(d2.ConservativeRaster == D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF);
  CHECK(d2.CullMode == D3D11_CULL_BACK);
  const CD3D11_RASTERIZER_DESC1 d1(D3D11_DEFAULT);
  CHECK(d1.ForcedSampleCount == 0u);
  CHECK(d1.DepthClipEnable == TRUE);
  const CD3D11_RASTERIZER_DESC d0(D3D11_DEFAULT);
  CHECK(d0.FillMode == D3D11_FILL_SOLID);
  const CD3D11_BUFFER_DESC b(256, D3D11_BIND_CONSTANT_BUFFER, D3D11_USAGE_DYNAMIC, D3D11_CPU_ACCESS_WRITE);
  CHECK(b.ByteWidth == 256u);
  CHECK(b.BindFlags == static_cast<UINT>(D3D11_BIND_CONSTANT_BUFFER));
  CHECK(b.Usage == D3D11_USAGE_DYNAMIC);
  CHECK(b.StructureByteStride == 0u);
}

TEST_CASE("D3D11_FILTER encode/decode macros", "[api-headers][values]") {
  STATIC_REQUIRE(D3D11_ENCODE_BASIC_FILTER(D3D11_FILTER_TYPE_LINEAR, D3D11_FILTER_TYPE_LINEAR,
                                           D3D11_FILTER_TYPE_LINEAR, false) == D3D11_FILTER_MIN_MAG_MIP_LINEAR);
  STATIC_REQUIRE(D3D11_ENCODE_BASIC_FILTER(D3D11_FILTER_TYPE_POINT, D3D11_FILTER_TYPE_LINEAR,
                                           D3D11_FILTER_TYPE_POINT, true) ==
                 D3D11_FILTER_COMPARISON_MIN_POINT_MAG_LINEAR_MIP_POINT);
  STATIC_REQUIRE(D3D11_ENCODE_ANISOTROPIC_FILTER(false) == D3D11_FILTER_ANISOTROPIC);
  STATIC_REQUIRE(D3D11_ENCODE_ANISOTROPIC_FILTER(true) == D3D11_FILTER_COMPARISON_ANISOTROPIC);
  CHECK(D3D11_DECODE_MIN_FILTER(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT) == D3D11_FILTER_TYPE_LINEAR);
  CHECK(D3D11_DECODE_MAG_FILTER(D3D11_FILTER_MIN_LINEAR_MAG_MIP_POINT) == D3D11_FILTER_TYPE_POINT);
  CHECK(D3D11_DECODE_IS_COMPARISON_FILTER(D3D11_FILTER_COMPARISON_MIN_MAG_MIP_POINT));
  CHECK_FALSE(D3D11_DECODE_IS_COMPARISON_FILTER(D3D11_FILTER_MINIMUM_MIN_MAG_MIP_POINT));
  CHECK(D3D11_DECODE_FILTER_REDUCTION(D3D11_FILTER_MAXIMUM_ANISOTROPIC) == D3D11_FILTER_REDUCTION_TYPE_MAXIMUM);
  CHECK(D3D11_DECODE_IS_ANISOTROPIC_FILTER(D3D11_FILTER_ANISOTROPIC));
  CHECK_FALSE(D3D11_DECODE_IS_ANISOTROPIC_FILTER(D3D11_FILTER_MIN_MAG_MIP_LINEAR));
}

TEST_CASE("D3D11CalcSubresource", "[api-headers][values]") {
  CHECK(D3D11CalcSubresource(0, 0, 1) == 0u);
  CHECK(D3D11CalcSubresource(2, 3, 5) == 17u);
}
