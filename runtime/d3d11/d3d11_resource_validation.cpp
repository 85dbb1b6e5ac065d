// runtime/d3d11/d3d11_resource_validation.cpp — see d3d11_resource_validation.h.
#include "d3d11_resource_validation.h"

#include "copy_rules.h"

#include <cstdio>

namespace d3dvk::runtime {

namespace {

constexpr UINT kKnownBindFlags = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER |
                                 D3D11_BIND_SHADER_RESOURCE | D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET |
                                 D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_DECODER |
                                 D3D11_BIND_VIDEO_ENCODER;
constexpr UINT kKnownCpuFlags = D3D11_CPU_ACCESS_WRITE | D3D11_CPU_ACCESS_READ;
constexpr UINT kKnownMiscFlags = 0x3FFFF;  // D3D11_RESOURCE_MISC_* up to HW_PROTECTED
constexpr UINT kBufferMiscFlags = D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS |
                                  D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
constexpr UINT kTextureMiscFlags = D3D11_RESOURCE_MISC_GENERATE_MIPS | D3D11_RESOURCE_MISC_TEXTURECUBE;
// A Texture2D also takes a keyed mutex (IDXGIKeyedMutex within the process).
constexpr UINT kTexture2DMiscFlags = kTextureMiscFlags | D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX;
constexpr UINT kMaxTexture2DDimension = 16384;  // D3D11_REQ_TEXTURE2D_U_OR_V_DIMENSION
constexpr UINT kMaxTexture2DArraySize = 2048;   // D3D11_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION
constexpr UINT kMaxTexture3DDimension = 2048;   // D3D11_REQ_TEXTURE3D_U_V_OR_W_DIMENSION
constexpr UINT64 kMaxResourceBytes = UINT64(2048) << 20;  // D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM MB

std::string usageName(D3D11_USAGE usage) {
  switch (usage) {
    case D3D11_USAGE_DEFAULT: return "D3D11_USAGE_DEFAULT";
    case D3D11_USAGE_IMMUTABLE: return "D3D11_USAGE_IMMUTABLE";
    case D3D11_USAGE_DYNAMIC: return "D3D11_USAGE_DYNAMIC";
    case D3D11_USAGE_STAGING: return "D3D11_USAGE_STAGING";
  }
  return "an unknown usage";
}

// The CPU access a usage allows: DEFAULT/IMMUTABLE none, DYNAMIC write only,
// STAGING read and/or write (at least one).
bool cpuAccessValid(D3D11_USAGE usage, UINT cpu) {
  switch (usage) {
    case D3D11_USAGE_DEFAULT:
    case D3D11_USAGE_IMMUTABLE: return cpu == 0;
    case D3D11_USAGE_DYNAMIC: return cpu == D3D11_CPU_ACCESS_WRITE;
    case D3D11_USAGE_STAGING: return cpu != 0;
  }
  return false;
}

std::string hex(UINT v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%X", v);
  return buf;
}

}  // namespace

namespace {
// The colour formats d3dvk backs, by family: {typeless, bytes per texel, typed members…, integer members…, block}.
struct FamilyFacts {
  DXGI_FORMAT typeless;
  UINT bytes;
  DXGI_FORMAT typed[5];    // non-integer members (UNKNOWN: unused)
  DXGI_FORMAT integer[2];  // *_UINT, *_SINT
  UINT blockDim = 1;       // 4: block-compressed (bytes per 4x4 block)
};
constexpr FamilyFacts kFamilies[] = {
    {DXGI_FORMAT_R32G32B32A32_TYPELESS, 16, {DXGI_FORMAT_R32G32B32A32_FLOAT}, {DXGI_FORMAT_R32G32B32A32_UINT, DXGI_FORMAT_R32G32B32A32_SINT}},
    {DXGI_FORMAT_R32G32B32_TYPELESS, 12, {DXGI_FORMAT_R32G32B32_FLOAT}, {DXGI_FORMAT_R32G32B32_UINT, DXGI_FORMAT_R32G32B32_SINT}},
    {DXGI_FORMAT_R16G16B16A16_TYPELESS, 8, {DXGI_FORMAT_R16G16B16A16_FLOAT, DXGI_FORMAT_R16G16B16A16_UNORM, DXGI_FORMAT_R16G16B16A16_SNORM},
     {DXGI_FORMAT_R16G16B16A16_UINT, DXGI_FORMAT_R16G16B16A16_SINT}},
    {DXGI_FORMAT_R32G32_TYPELESS, 8, {DXGI_FORMAT_R32G32_FLOAT}, {DXGI_FORMAT_R32G32_UINT, DXGI_FORMAT_R32G32_SINT}},
    {DXGI_FORMAT_R10G10B10A2_TYPELESS, 4, {DXGI_FORMAT_R10G10B10A2_UNORM}, {DXGI_FORMAT_R10G10B10A2_UINT}},
    {DXGI_FORMAT_R8G8B8A8_TYPELESS, 4, {DXGI_FORMAT_R8G8B8A8_UNORM, DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, DXGI_FORMAT_R8G8B8A8_SNORM},
     {DXGI_FORMAT_R8G8B8A8_UINT, DXGI_FORMAT_R8G8B8A8_SINT}},
    {DXGI_FORMAT_B8G8R8A8_TYPELESS, 4, {DXGI_FORMAT_B8G8R8A8_UNORM, DXGI_FORMAT_B8G8R8A8_UNORM_SRGB}, {}},
    {DXGI_FORMAT_B8G8R8X8_TYPELESS, 4, {DXGI_FORMAT_B8G8R8X8_UNORM, DXGI_FORMAT_B8G8R8X8_UNORM_SRGB}, {}},
    {DXGI_FORMAT_R16G16_TYPELESS, 4, {DXGI_FORMAT_R16G16_FLOAT, DXGI_FORMAT_R16G16_UNORM, DXGI_FORMAT_R16G16_SNORM},
     {DXGI_FORMAT_R16G16_UINT, DXGI_FORMAT_R16G16_SINT}},
    {DXGI_FORMAT_R32_TYPELESS, 4, {DXGI_FORMAT_R32_FLOAT}, {DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R32_SINT}},
    {DXGI_FORMAT_R8G8_TYPELESS, 2, {DXGI_FORMAT_R8G8_UNORM, DXGI_FORMAT_R8G8_SNORM}, {DXGI_FORMAT_R8G8_UINT, DXGI_FORMAT_R8G8_SINT}},
    {DXGI_FORMAT_R16_TYPELESS, 2, {DXGI_FORMAT_R16_FLOAT, DXGI_FORMAT_R16_UNORM, DXGI_FORMAT_R16_SNORM},
     {DXGI_FORMAT_R16_UINT, DXGI_FORMAT_R16_SINT}},
    {DXGI_FORMAT_R8_TYPELESS, 1, {DXGI_FORMAT_R8_UNORM, DXGI_FORMAT_R8_SNORM}, {DXGI_FORMAT_R8_UINT, DXGI_FORMAT_R8_SINT}},
    // D24_UNORM_S8_UINT's family: shader-resource views of its depth or its stencil.
    {DXGI_FORMAT_R24G8_TYPELESS, 4, {DXGI_FORMAT_R24_UNORM_X8_TYPELESS}, {DXGI_FORMAT_X24_TYPELESS_G8_UINT}},
    // D32_FLOAT_S8X24_UINT's family, likewise.
    {DXGI_FORMAT_R32G8X24_TYPELESS, 8, {DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS}, {DXGI_FORMAT_X32_TYPELESS_G8X24_UINT}},
    {DXGI_FORMAT_BC1_TYPELESS, 8, {DXGI_FORMAT_BC1_UNORM, DXGI_FORMAT_BC1_UNORM_SRGB}, {}, 4},
    {DXGI_FORMAT_BC2_TYPELESS, 16, {DXGI_FORMAT_BC2_UNORM, DXGI_FORMAT_BC2_UNORM_SRGB}, {}, 4},
    {DXGI_FORMAT_BC3_TYPELESS, 16, {DXGI_FORMAT_BC3_UNORM, DXGI_FORMAT_BC3_UNORM_SRGB}, {}, 4},
    {DXGI_FORMAT_BC4_TYPELESS, 8, {DXGI_FORMAT_BC4_UNORM, DXGI_FORMAT_BC4_SNORM}, {}, 4},
    {DXGI_FORMAT_BC5_TYPELESS, 16, {DXGI_FORMAT_BC5_UNORM, DXGI_FORMAT_BC5_SNORM}, {}, 4},
    {DXGI_FORMAT_BC6H_TYPELESS, 16, {DXGI_FORMAT_BC6H_UF16, DXGI_FORMAT_BC6H_SF16}, {}, 4},
    {DXGI_FORMAT_BC7_TYPELESS, 16, {DXGI_FORMAT_BC7_UNORM, DXGI_FORMAT_BC7_UNORM_SRGB}, {}, 4},
};
// Formats of no typeless family: {format, bytes per texel, may be a render target}.
struct LoneFormat {
  DXGI_FORMAT format;
  UINT bytes;
  bool renderTarget;
};
constexpr LoneFormat kLoneFormats[] = {
    {DXGI_FORMAT_R11G11B10_FLOAT, 4, true},
    {DXGI_FORMAT_R9G9B9E5_SHAREDEXP, 4, false},  // D3D11: not renderable
    {DXGI_FORMAT_B5G6R5_UNORM, 2, true},
    {DXGI_FORMAT_B5G5R5A1_UNORM, 2, true},
    {DXGI_FORMAT_B4G4R4A4_UNORM, 2, true},
    // Lives in an R8_UNORM image read into alpha (docs/formats.md); as a
    // render target the pixel shader's alpha and the alpha blend go to red.
    {DXGI_FORMAT_A8_UNORM, 1, true},
};

}  // namespace

DXGI_FORMAT depthMember(DXGI_FORMAT typeless) {
  return typeless == DXGI_FORMAT_R32_TYPELESS     ? DXGI_FORMAT_D32_FLOAT
         : typeless == DXGI_FORMAT_R16_TYPELESS   ? DXGI_FORMAT_D16_UNORM
         : typeless == DXGI_FORMAT_R24G8_TYPELESS ? DXGI_FORMAT_D24_UNORM_S8_UINT
         : typeless == DXGI_FORMAT_R32G8X24_TYPELESS ? DXGI_FORMAT_D32_FLOAT_S8X24_UINT
                                                  : DXGI_FORMAT_UNKNOWN;
}

bool depthStencilOnlyFamily(DXGI_FORMAT family) {
  return family == DXGI_FORMAT_R24G8_TYPELESS || family == DXGI_FORMAT_R32G8X24_TYPELESS;
}

FormatFacts formatFacts(DXGI_FORMAT format) {
  FormatFacts f;
  const int v = int(format);
  f.recognized = (v >= 0 && v <= int(DXGI_FORMAT_B4G4R4A4_UNORM)) || (v >= 130 && v <= 132);
  if (format == DXGI_FORMAT_UNKNOWN) return f;
  if (format == DXGI_FORMAT_D32_FLOAT || format == DXGI_FORMAT_D24_UNORM_S8_UINT || format == DXGI_FORMAT_D16_UNORM ||
      format == DXGI_FORMAT_D32_FLOAT_S8X24_UINT) {
    f.supported = f.depth = true;
    f.bytesPerTexel = format == DXGI_FORMAT_D16_UNORM ? 2 : format == DXGI_FORMAT_D32_FLOAT_S8X24_UINT ? 8 : 4;
    return f;
  }
  for (const LoneFormat& lone : kLoneFormats)
    if (lone.format == format) {
      f.supported = true;
      f.bytesPerTexel = lone.bytes;
      f.renderTarget = lone.renderTarget;
      return f;
    }
  for (const FamilyFacts& family : kFamilies) {
    bool member = format == family.typeless, integer = false;
    for (DXGI_FORMAT t : family.typed) member = member || t == format;
    for (DXGI_FORMAT t : family.integer) integer = integer || t == format;
    if (!member && !integer) continue;
    f.supported = true;
    f.integer = integer;
    f.typeless = format == family.typeless;
    f.bytesPerTexel = family.bytes;
    f.blockDim = family.blockDim;
    f.family = family.typeless;
    f.renderTarget = family.blockDim == 1 && !depthStencilOnlyFamily(family.typeless);
    return f;
  }
  return f;
}

bool viewFormatFits(DXGI_FORMAT resource, DXGI_FORMAT view) {
  if (view == resource) return true;
  if (view != DXGI_FORMAT_UNKNOWN && view == depthMember(resource)) return true;
  const FormatFacts r = formatFacts(resource), v = formatFacts(view);
  return r.typeless && v.supported && !v.typeless && v.family == resource;
}

bool copyFormatsCompatible(DXGI_FORMAT a, DXGI_FORMAT b) {
  if (a == b) return true;
  // D3D's groups and reinterpreting copies (translate/state/copy_rules.h):
  // a depth format with the colour formats of its group (D32_FLOAT with R32_FLOAT).
  return state::copyFormatsCompatible(a, b);
}

UINT resolvedMipLevels(UINT width, UINT height, UINT mipLevels, UINT depth) {
  if (mipLevels) return mipLevels;
  UINT largest = width > height ? width : height, count = 1;
  if (depth > largest) largest = depth;
  while (largest > 1) largest >>= 1, ++count;
  return count;
}

std::vector<ResourceDescError> validateBufferDesc(const D3D11_BUFFER_DESC& d, const D3D11_SUBRESOURCE_DATA* initial) {
  std::vector<ResourceDescError> e;
  auto add = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) { e.push_back({id, name, std::move(text)}); };
  if (d.Usage < D3D11_USAGE_DEFAULT || d.Usage > D3D11_USAGE_STAGING)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_UNRECOGNIZEDUSAGE, "CREATEBUFFER_UNRECOGNIZEDUSAGE",
        "Usage " + std::to_string(int(d.Usage)) + " is not a D3D11_USAGE value.");
  if (d.BindFlags & ~kKnownBindFlags)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_UNRECOGNIZEDBINDFLAGS, "CREATEBUFFER_UNRECOGNIZEDBINDFLAGS",
        "BindFlags " + hex(d.BindFlags) + " contains unrecognized flags.");
  if (d.CPUAccessFlags & ~kKnownCpuFlags)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_UNRECOGNIZEDCPUACCESSFLAGS, "CREATEBUFFER_UNRECOGNIZEDCPUACCESSFLAGS",
        "CPUAccessFlags " + hex(d.CPUAccessFlags) + " contains unrecognized flags.");
  if (d.MiscFlags & ~kKnownMiscFlags)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_UNRECOGNIZEDMISCFLAGS, "CREATEBUFFER_UNRECOGNIZEDMISCFLAGS",
        "MiscFlags " + hex(d.MiscFlags) + " contains unrecognized flags.");
  else if (d.MiscFlags & ~kBufferMiscFlags)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS, "CREATEBUFFER_INVALIDMISCFLAGS",
        "MiscFlags " + hex(d.MiscFlags & ~kBufferMiscFlags) +
            " are not supported for buffers by this device (DRAWINDIRECT_ARGS, BUFFER_ALLOW_RAW_VIEWS and "
            "BUFFER_STRUCTURED are).");
  if (!e.empty()) return e;

  const bool structured = d.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_STRUCTURED;
  if (structured && (d.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS, "CREATEBUFFER_INVALIDMISCFLAGS",
        "D3D11_RESOURCE_MISC_BUFFER_STRUCTURED cannot be combined with D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS.");
  if (structured && (d.MiscFlags & D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS, "CREATEBUFFER_INVALIDMISCFLAGS",
        "D3D11_RESOURCE_MISC_BUFFER_STRUCTURED cannot be combined with D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS.");
  if ((d.MiscFlags & (D3D11_RESOURCE_MISC_BUFFER_STRUCTURED | D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS |
                      D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS)) &&
      (d.BindFlags & D3D11_BIND_CONSTANT_BUFFER))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS, "CREATEBUFFER_INVALIDMISCFLAGS",
        "A constant buffer cannot be structured, allow raw views or hold indirect arguments.");
  if (structured && (d.BindFlags & (D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_STREAM_OUTPUT)))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDMISCFLAGS, "CREATEBUFFER_INVALIDMISCFLAGS",
        "A structured buffer cannot be bound as a vertex, index or stream-output buffer.");
  if (structured && (d.StructureByteStride == 0 || d.StructureByteStride % 4 ||
                     d.StructureByteStride > D3D11_REQ_MULTI_ELEMENT_STRUCTURE_SIZE_IN_BYTES ||
                     d.ByteWidth % d.StructureByteStride))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDSTRUCTURESTRIDE, "CREATEBUFFER_INVALIDSTRUCTURESTRIDE",
        "StructureByteStride " + std::to_string(d.StructureByteStride) +
            " must be a non-zero multiple of 4 of at most 2048 that divides ByteWidth (" + std::to_string(d.ByteWidth) +
            ") for a D3D11_RESOURCE_MISC_BUFFER_STRUCTURED buffer.");
  if ((d.MiscFlags & D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS) && d.ByteWidth % 4)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDDIMENSIONS, "CREATEBUFFER_INVALIDDIMENSIONS",
        "A buffer allowing raw views needs a ByteWidth (" + std::to_string(d.ByteWidth) + ") that is a multiple of 4.");

  if (d.ByteWidth == 0)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDDIMENSIONS, "CREATEBUFFER_INVALIDDIMENSIONS",
        "ByteWidth is 0; a buffer needs at least one byte.");
  // D3D11's resource size limit, min(max(128 MB, VRAM / 4), 2048 MB): its upper
  // bound holds on every device, so more is not an allocation to attempt.
  if (d.ByteWidth > kMaxResourceBytes)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDDIMENSIONS, "CREATEBUFFER_INVALIDDIMENSIONS",
        "ByteWidth (" + std::to_string(d.ByteWidth) +
            ") exceeds the maximum resource size of 2048 MB (D3D11_REQ_RESOURCE_SIZE_IN_MEGABYTES_EXPRESSION_C_TERM).");
  if (d.BindFlags & (D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_DECODER | D3D11_BIND_VIDEO_ENCODER))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDBINDFLAGS, "CREATEBUFFER_INVALIDBINDFLAGS",
        "A buffer cannot be bound as a depth-stencil target or for video.");
  if ((d.BindFlags & D3D11_BIND_CONSTANT_BUFFER) && (d.BindFlags & ~UINT(D3D11_BIND_CONSTANT_BUFFER)))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDCONSTANTBUFFERBINDINGS, "CREATEBUFFER_INVALIDCONSTANTBUFFERBINDINGS",
        "D3D11_BIND_CONSTANT_BUFFER cannot be combined with other bind flags.");
  if ((d.BindFlags & D3D11_BIND_CONSTANT_BUFFER) && d.ByteWidth % 16)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDDIMENSIONS, "CREATEBUFFER_INVALIDDIMENSIONS",
        "A constant buffer's ByteWidth (" + std::to_string(d.ByteWidth) + ") must be a multiple of 16.");
  if (d.Usage == D3D11_USAGE_STAGING && d.BindFlags)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDBINDFLAGS, "CREATEBUFFER_INVALIDBINDFLAGS",
        "A D3D11_USAGE_STAGING buffer cannot be bound to the pipeline (BindFlags must be 0).");
  if ((d.Usage == D3D11_USAGE_DYNAMIC || d.Usage == D3D11_USAGE_IMMUTABLE) &&
      (d.BindFlags & (D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS)))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDBINDFLAGS, "CREATEBUFFER_INVALIDBINDFLAGS",
        usageName(d.Usage) + " buffers cannot be stream-output, render or unordered-access targets (the GPU cannot write them).");
  if (!cpuAccessValid(d.Usage, d.CPUAccessFlags))
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDCPUACCESSFLAGS, "CREATEBUFFER_INVALIDCPUACCESSFLAGS",
        "CPUAccessFlags " + hex(d.CPUAccessFlags) + " are not valid for " + usageName(d.Usage) +
            " (DEFAULT and IMMUTABLE: none; DYNAMIC: WRITE; STAGING: READ and/or WRITE).");
  if (d.Usage == D3D11_USAGE_IMMUTABLE && !initial)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDINITIALDATA, "CREATEBUFFER_INVALIDINITIALDATA",
        "A D3D11_USAGE_IMMUTABLE buffer needs initial data.");
  if (initial && !initial->pSysMem)
    add(D3D11_MESSAGE_ID_CREATEBUFFER_INVALIDINITIALDATA, "CREATEBUFFER_INVALIDINITIALDATA",
        "pInitialData->pSysMem is NULL.");
  return e;
}

std::vector<ResourceDescError> validateTexture2DDesc(const D3D11_TEXTURE2D_DESC& d,
                                                     const D3D11_SUBRESOURCE_DATA* initial, UINT qualityLevels) {
  std::vector<ResourceDescError> e;
  auto add = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) { e.push_back({id, name, std::move(text)}); };
  const FormatFacts f = formatFacts(d.Format);
  if (!f.recognized)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDFORMAT, "CREATETEXTURE2D_UNRECOGNIZEDFORMAT",
        "Format " + std::to_string(int(d.Format)) + " is not a DXGI_FORMAT value.");
  else if (!f.supported)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNSUPPORTEDFORMAT, "CREATETEXTURE2D_UNSUPPORTEDFORMAT",
        "Format " + std::to_string(int(d.Format)) + " is not supported for Texture2D by this device.");
  if (d.Usage < D3D11_USAGE_DEFAULT || d.Usage > D3D11_USAGE_STAGING)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDUSAGE, "CREATETEXTURE2D_UNRECOGNIZEDUSAGE",
        "Usage " + std::to_string(int(d.Usage)) + " is not a D3D11_USAGE value.");
  if (d.BindFlags & ~kKnownBindFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDBINDFLAGS, "CREATETEXTURE2D_UNRECOGNIZEDBINDFLAGS",
        "BindFlags " + hex(d.BindFlags) + " contains unrecognized flags.");
  if (d.CPUAccessFlags & ~kKnownCpuFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDCPUACCESSFLAGS, "CREATETEXTURE2D_UNRECOGNIZEDCPUACCESSFLAGS",
        "CPUAccessFlags " + hex(d.CPUAccessFlags) + " contains unrecognized flags.");
  if (d.MiscFlags & ~kKnownMiscFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDMISCFLAGS, "CREATETEXTURE2D_UNRECOGNIZEDMISCFLAGS",
        "MiscFlags " + hex(d.MiscFlags) + " contains unrecognized flags.");
  else if (d.MiscFlags & ~kTexture2DMiscFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMISCFLAGS, "CREATETEXTURE2D_INVALIDMISCFLAGS",
        "MiscFlags " + hex(d.MiscFlags & ~kTexture2DMiscFlags) +
            " are not supported for Texture2D by this device (GENERATE_MIPS, TEXTURECUBE and SHARED_KEYEDMUTEX are).");
  if (!e.empty()) return e;
  // A keyed mutex guards a texture the GPU alone reads and writes (dxgi_keyed_mutex.h).
  if ((d.MiscFlags & D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX) && (d.Usage != D3D11_USAGE_DEFAULT || d.CPUAccessFlags))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMISCFLAGS, "CREATETEXTURE2D_INVALIDMISCFLAGS",
        "D3D11_RESOURCE_MISC_SHARED_KEYEDMUTEX needs D3D11_USAGE_DEFAULT and no CPU access.");
  if ((d.MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS) &&
      (d.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE)) !=
          (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMISCFLAGS, "CREATETEXTURE2D_INVALIDMISCFLAGS",
        "D3D11_RESOURCE_MISC_GENERATE_MIPS needs D3D11_BIND_RENDER_TARGET and D3D11_BIND_SHADER_RESOURCE.");
  if (d.MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE) {
    if (d.ArraySize % 6 || d.Width != d.Height)
      add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS, "CREATETEXTURE2D_INVALIDDIMENSIONS",
          "A D3D11_RESOURCE_MISC_TEXTURECUBE texture has square faces and 6 per cube: Width " +
              std::to_string(d.Width) + ", Height " + std::to_string(d.Height) + ", ArraySize " +
              std::to_string(d.ArraySize) + ".");
    if (d.SampleDesc.Count > 1)
      add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMISCFLAGS, "CREATETEXTURE2D_INVALIDMISCFLAGS",
          "A D3D11_RESOURCE_MISC_TEXTURECUBE texture cannot be multisampled.");
  }

  if (d.Width == 0 || d.Height == 0 || d.Width > kMaxTexture2DDimension || d.Height > kMaxTexture2DDimension ||
      d.ArraySize == 0 || d.ArraySize > kMaxTexture2DArraySize)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS, "CREATETEXTURE2D_INVALIDDIMENSIONS",
        "Width " + std::to_string(d.Width) + ", Height " + std::to_string(d.Height) + ", ArraySize " +
            std::to_string(d.ArraySize) + ": Width and Height must be 1..16384 and ArraySize 1..2048.");
  else if (d.MipLevels > resolvedMipLevels(d.Width, d.Height, 0))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDMIPLEVELS, "CREATETEXTURE2D_INVALIDMIPLEVELS",
        "MipLevels " + std::to_string(d.MipLevels) + " is more than the " +
            std::to_string(resolvedMipLevels(d.Width, d.Height, 0)) + " levels of a " + std::to_string(d.Width) +
            "x" + std::to_string(d.Height) + " texture.");

  if (d.SampleDesc.Count == 0 || d.SampleDesc.Count > 32 || (d.SampleDesc.Count > 1 && qualityLevels == 0) ||
      (d.SampleDesc.Count >= 1 && qualityLevels && d.SampleDesc.Quality >= qualityLevels &&
       !(d.SampleDesc.Count > 1 && d.SampleDesc.Quality == UINT(D3D11_STANDARD_MULTISAMPLE_PATTERN))))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES, "CREATETEXTURE2D_INVALIDSAMPLES",
        "SampleDesc {Count " + std::to_string(d.SampleDesc.Count) + ", Quality " +
            std::to_string(d.SampleDesc.Quality) + "} is not supported for this format (" +
            std::to_string(qualityLevels) + " quality levels).");
  else if (d.SampleDesc.Count > 1) {
    if (d.MipLevels != 1)
      add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES, "CREATETEXTURE2D_INVALIDSAMPLES",
          "A multisampled texture must have MipLevels 1.");
    if (d.Usage != D3D11_USAGE_DEFAULT)
      add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES, "CREATETEXTURE2D_INVALIDSAMPLES",
          "A multisampled texture must be D3D11_USAGE_DEFAULT.");
    if (!(d.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL)))
      add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES, "CREATETEXTURE2D_INVALIDSAMPLES",
          "A multisampled texture must be bindable as a render target or depth-stencil target.");
    if (d.BindFlags & D3D11_BIND_UNORDERED_ACCESS)
      add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
          "A multisampled texture cannot be bound as an unordered access view (D3D11_BIND_UNORDERED_ACCESS).");
  }

  const UINT bufferOnly = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER |
                          D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_DECODER | D3D11_BIND_VIDEO_ENCODER;
  if (d.BindFlags & bufferOnly)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "BindFlags " + hex(d.BindFlags) + ": vertex, index, constant-buffer and stream-output binding need a buffer.");
  if (d.Usage == D3D11_USAGE_STAGING && d.BindFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "A D3D11_USAGE_STAGING texture cannot be bound to the pipeline (BindFlags must be 0).");
  if ((d.Usage == D3D11_USAGE_DYNAMIC || d.Usage == D3D11_USAGE_IMMUTABLE) &&
      (d.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_DEPTH_STENCIL | D3D11_BIND_UNORDERED_ACCESS)))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        usageName(d.Usage) + " textures cannot be render, depth-stencil or unordered-access targets.");
  if (f.supported && f.depth && (d.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE |
                                                D3D11_BIND_UNORDERED_ACCESS)))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "A depth-stencil format can only be bound as a depth-stencil target (shader access needs a typeless format).");
  if (f.supported && !f.depth && (d.BindFlags & D3D11_BIND_DEPTH_STENCIL) && depthMember(d.Format) == DXGI_FORMAT_UNKNOWN)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        f.typeless ? "D3D11_BIND_DEPTH_STENCIL on a typeless format needs one with a depth member: R32_TYPELESS "
                     "(D32_FLOAT), R16_TYPELESS (D16_UNORM), R24G8_TYPELESS (D24_UNORM_S8_UINT) or "
                     "R32G8X24_TYPELESS (D32_FLOAT_S8X24_UINT)."
                   : "D3D11_BIND_DEPTH_STENCIL needs a depth-stencil format.");
  if (d.Format == DXGI_FORMAT_R16_TYPELESS && (d.BindFlags & D3D11_BIND_DEPTH_STENCIL) &&
      (d.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS)))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "An R16_TYPELESS depth-stencil texture (D16_UNORM) cannot also be a render or unordered-access target.");
  if (f.supported && f.blockDim > 1 && (d.BindFlags & ~UINT(D3D11_BIND_SHADER_RESOURCE)))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "A block-compressed texture can only be bound as a shader resource (D3D11_BIND_SHADER_RESOURCE).");
  if (f.supported && f.blockDim > 1 && (d.Width % f.blockDim || d.Height % f.blockDim))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDDIMENSIONS, "CREATETEXTURE2D_INVALIDDIMENSIONS",
        "Width " + std::to_string(d.Width) + " and Height " + std::to_string(d.Height) +
            " of a block-compressed texture must be multiples of 4.");
  if (f.supported && !f.depth && !f.typeless && f.blockDim == 1 && !f.renderTarget &&
      (d.BindFlags & D3D11_BIND_RENDER_TARGET))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "Format " + std::to_string(int(d.Format)) + " cannot be a render target on this device (CheckFormatSupport "
        "does not report D3D11_FORMAT_SUPPORT_RENDER_TARGET).");
  if (f.supported && depthStencilOnlyFamily(f.family) &&
      (d.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS)))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "The R24G8 and R32G8X24 families have no render-target or unordered-access format (their members are "
        "D24_UNORM_S8_UINT / D32_FLOAT_S8X24_UINT and views of its depth or its stencil).");
  if (f.typeless && (d.BindFlags & D3D11_BIND_DEPTH_STENCIL) && (d.BindFlags & D3D11_BIND_UNORDERED_ACCESS))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "A depth-stencil target cannot also be bound for unordered access.");
  if ((d.BindFlags & D3D11_BIND_RENDER_TARGET) && (d.BindFlags & D3D11_BIND_DEPTH_STENCIL))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDBINDFLAGS, "CREATETEXTURE2D_INVALIDBINDFLAGS",
        "A texture cannot be both a render target and a depth-stencil target.");
  if (!cpuAccessValid(d.Usage, d.CPUAccessFlags))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDCPUACCESSFLAGS, "CREATETEXTURE2D_INVALIDCPUACCESSFLAGS",
        "CPUAccessFlags " + hex(d.CPUAccessFlags) + " are not valid for " + usageName(d.Usage) +
            " (DEFAULT and IMMUTABLE: none; DYNAMIC: WRITE; STAGING: READ and/or WRITE).");
  if (d.Usage == D3D11_USAGE_IMMUTABLE && !initial)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDINITIALDATA, "CREATETEXTURE2D_INVALIDINITIALDATA",
        "A D3D11_USAGE_IMMUTABLE texture needs initial data.");
  if (initial && d.SampleDesc.Count > 1)
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDINITIALDATA, "CREATETEXTURE2D_INVALIDINITIALDATA",
        "A multisampled texture cannot be created with initial data.");
  if (initial && (d.BindFlags & D3D11_BIND_DEPTH_STENCIL))
    add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDINITIALDATA, "CREATETEXTURE2D_INVALIDINITIALDATA",
        "A depth-stencil texture cannot be created with initial data.");
  if (initial && e.empty()) {
    const UINT count = resolvedMipLevels(d.Width, d.Height, d.MipLevels) * d.ArraySize;
    for (UINT i = 0; i < count; ++i)
      if (!initial[i].pSysMem) {
        add(D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDINITIALDATA, "CREATETEXTURE2D_INVALIDINITIALDATA",
            "pInitialData[" + std::to_string(i) + "].pSysMem is NULL; initial data covers every subresource.");
        break;
      }
  }
  return e;
}

std::vector<ResourceDescError> validateTexture3DDesc(const D3D11_TEXTURE3D_DESC& d,
                                                     const D3D11_SUBRESOURCE_DATA* initial) {
  std::vector<ResourceDescError> e;
  auto add = [&](D3D11_MESSAGE_ID id, const char* name, std::string text) { e.push_back({id, name, std::move(text)}); };
  const FormatFacts f = formatFacts(d.Format);
  if (!f.recognized)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_UNRECOGNIZEDFORMAT, "CREATETEXTURE3D_UNRECOGNIZEDFORMAT",
        "Format " + std::to_string(int(d.Format)) + " is not a DXGI_FORMAT value.");
  else if (!f.supported || f.depth || depthStencilOnlyFamily(f.family))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_UNSUPPORTEDFORMAT, "CREATETEXTURE3D_UNSUPPORTEDFORMAT",
        "Format " + std::to_string(int(d.Format)) + " is not supported for Texture3D" +
            (f.depth || depthStencilOnlyFamily(f.family)
                 ? " (depth-stencil formats and the R24G8 and R32G8X24 families are 2D only)."
                 : " by this device."));
  if (d.Usage < D3D11_USAGE_DEFAULT || d.Usage > D3D11_USAGE_STAGING)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_UNRECOGNIZEDUSAGE, "CREATETEXTURE3D_UNRECOGNIZEDUSAGE",
        "Usage " + std::to_string(int(d.Usage)) + " is not a D3D11_USAGE value.");
  if (d.BindFlags & ~kKnownBindFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_UNRECOGNIZEDBINDFLAGS, "CREATETEXTURE3D_UNRECOGNIZEDBINDFLAGS",
        "BindFlags " + hex(d.BindFlags) + " contains unrecognized flags.");
  if (d.CPUAccessFlags & ~kKnownCpuFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_UNRECOGNIZEDCPUACCESSFLAGS, "CREATETEXTURE3D_UNRECOGNIZEDCPUACCESSFLAGS",
        "CPUAccessFlags " + hex(d.CPUAccessFlags) + " contains unrecognized flags.");
  if (d.MiscFlags & ~kKnownMiscFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_UNRECOGNIZEDMISCFLAGS, "CREATETEXTURE3D_UNRECOGNIZEDMISCFLAGS",
        "MiscFlags " + hex(d.MiscFlags) + " contains unrecognized flags.");
  else if (d.MiscFlags & ~UINT(D3D11_RESOURCE_MISC_GENERATE_MIPS))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDMISCFLAGS, "CREATETEXTURE3D_INVALIDMISCFLAGS",
        "MiscFlags " + hex(d.MiscFlags & ~UINT(D3D11_RESOURCE_MISC_GENERATE_MIPS)) +
            " are not supported for Texture3D by this device (GENERATE_MIPS is).");
  if (!e.empty()) return e;
  if ((d.MiscFlags & D3D11_RESOURCE_MISC_GENERATE_MIPS) &&
      (d.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE)) !=
          (D3D11_BIND_RENDER_TARGET | D3D11_BIND_SHADER_RESOURCE))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDMISCFLAGS, "CREATETEXTURE3D_INVALIDMISCFLAGS",
        "D3D11_RESOURCE_MISC_GENERATE_MIPS needs D3D11_BIND_RENDER_TARGET and D3D11_BIND_SHADER_RESOURCE.");

  if (d.Width == 0 || d.Height == 0 || d.Depth == 0 || d.Width > kMaxTexture3DDimension ||
      d.Height > kMaxTexture3DDimension || d.Depth > kMaxTexture3DDimension)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDDIMENSIONS, "CREATETEXTURE3D_INVALIDDIMENSIONS",
        "Width " + std::to_string(d.Width) + ", Height " + std::to_string(d.Height) + ", Depth " +
            std::to_string(d.Depth) + ": each must be 1..2048.");
  else if (d.MipLevels > resolvedMipLevels(d.Width, d.Height, 0, d.Depth))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDMIPLEVELS, "CREATETEXTURE3D_INVALIDMIPLEVELS",
        "MipLevels " + std::to_string(d.MipLevels) + " is more than the " +
            std::to_string(resolvedMipLevels(d.Width, d.Height, 0, d.Depth)) + " levels of a " +
            std::to_string(d.Width) + "x" + std::to_string(d.Height) + "x" + std::to_string(d.Depth) + " texture.");

  const UINT bufferOnly = D3D11_BIND_VERTEX_BUFFER | D3D11_BIND_INDEX_BUFFER | D3D11_BIND_CONSTANT_BUFFER |
                          D3D11_BIND_STREAM_OUTPUT | D3D11_BIND_DECODER | D3D11_BIND_VIDEO_ENCODER;
  if (d.BindFlags & bufferOnly)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS, "CREATETEXTURE3D_INVALIDBINDFLAGS",
        "BindFlags " + hex(d.BindFlags) + ": vertex, index, constant-buffer and stream-output binding need a buffer.");
  if (d.BindFlags & D3D11_BIND_DEPTH_STENCIL)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS, "CREATETEXTURE3D_INVALIDBINDFLAGS",
        "A Texture3D cannot be a depth-stencil target (D3D11_BIND_DEPTH_STENCIL).");
  if (f.blockDim > 1 && (d.BindFlags & ~UINT(D3D11_BIND_SHADER_RESOURCE)))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS, "CREATETEXTURE3D_INVALIDBINDFLAGS",
        "A block-compressed texture can only be bound as a shader resource (D3D11_BIND_SHADER_RESOURCE).");
  if (f.blockDim > 1 && (d.Width % f.blockDim || d.Height % f.blockDim))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDDIMENSIONS, "CREATETEXTURE3D_INVALIDDIMENSIONS",
        "Width " + std::to_string(d.Width) + " and Height " + std::to_string(d.Height) +
            " of a block-compressed texture must be multiples of 4.");
  if (!f.typeless && f.blockDim == 1 && !f.renderTarget && (d.BindFlags & D3D11_BIND_RENDER_TARGET))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS, "CREATETEXTURE3D_INVALIDBINDFLAGS",
        "Format " + std::to_string(int(d.Format)) + " cannot be a render target on this device.");
  if (d.Usage == D3D11_USAGE_STAGING && d.BindFlags)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS, "CREATETEXTURE3D_INVALIDBINDFLAGS",
        "A D3D11_USAGE_STAGING texture cannot be bound to the pipeline (BindFlags must be 0).");
  if ((d.Usage == D3D11_USAGE_DYNAMIC || d.Usage == D3D11_USAGE_IMMUTABLE) &&
      (d.BindFlags & (D3D11_BIND_RENDER_TARGET | D3D11_BIND_UNORDERED_ACCESS)))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDBINDFLAGS, "CREATETEXTURE3D_INVALIDBINDFLAGS",
        usageName(d.Usage) + " textures cannot be render or unordered-access targets.");
  if (!cpuAccessValid(d.Usage, d.CPUAccessFlags))
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDCPUACCESSFLAGS, "CREATETEXTURE3D_INVALIDCPUACCESSFLAGS",
        "CPUAccessFlags " + hex(d.CPUAccessFlags) + " are not valid for " + usageName(d.Usage) +
            " (DEFAULT and IMMUTABLE: none; DYNAMIC: WRITE; STAGING: READ and/or WRITE).");
  if (d.Usage == D3D11_USAGE_IMMUTABLE && !initial)
    add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDINITIALDATA, "CREATETEXTURE3D_INVALIDINITIALDATA",
        "A D3D11_USAGE_IMMUTABLE texture needs initial data.");
  if (initial && e.empty()) {
    const UINT count = resolvedMipLevels(d.Width, d.Height, d.MipLevels, d.Depth);
    for (UINT i = 0; i < count; ++i)
      if (!initial[i].pSysMem) {
        add(D3D11_MESSAGE_ID_CREATETEXTURE3D_INVALIDINITIALDATA, "CREATETEXTURE3D_INVALIDINITIALDATA",
            "pInitialData[" + std::to_string(i) + "].pSysMem is NULL; initial data covers every subresource.");
        break;
      }
  }
  return e;
}

// A Texture1D follows a Texture2D's rules with Height 1 (and no samples or
// cube faces), reported with the CREATETEXTURE1D_* message of the same rule.
std::vector<ResourceDescError> validateTexture1DDesc(const D3D11_TEXTURE1D_DESC& d,
                                                     const D3D11_SUBRESOURCE_DATA* initial) {
  static const char* const kNames[] = {
      "CREATETEXTURE1D_UNRECOGNIZEDFORMAT", "CREATETEXTURE1D_UNSUPPORTEDFORMAT", "CREATETEXTURE1D_INVALIDSAMPLES",
      "CREATETEXTURE1D_UNRECOGNIZEDUSAGE", "CREATETEXTURE1D_UNRECOGNIZEDBINDFLAGS",
      "CREATETEXTURE1D_UNRECOGNIZEDCPUACCESSFLAGS", "CREATETEXTURE1D_UNRECOGNIZEDMISCFLAGS",
      "CREATETEXTURE1D_INVALIDCPUACCESSFLAGS", "CREATETEXTURE1D_INVALIDBINDFLAGS", "CREATETEXTURE1D_INVALIDINITIALDATA",
      "CREATETEXTURE1D_INVALIDDIMENSIONS", "CREATETEXTURE1D_INVALIDMIPLEVELS", "CREATETEXTURE1D_INVALIDMISCFLAGS"};
  D3D11_TEXTURE2D_DESC as2D{d.Width, 1, d.MipLevels, d.ArraySize, d.Format, {1, 0}, d.Usage, d.BindFlags,
                            d.CPUAccessFlags, d.MiscFlags & ~UINT(D3D11_RESOURCE_MISC_TEXTURECUBE)};
  std::vector<ResourceDescError> e = validateTexture2DDesc(as2D, initial, 1);
  for (ResourceDescError& error : e) {
    const int rule = int(error.id) - int(D3D11_MESSAGE_ID_CREATETEXTURE2D_UNRECOGNIZEDFORMAT);
    if (rule < 0 || rule >= int(sizeof kNames / sizeof *kNames)) continue;
    error.id = D3D11_MESSAGE_ID(D3D11_MESSAGE_ID_CREATETEXTURE1D_UNRECOGNIZEDFORMAT + rule);
    error.name = kNames[rule];
  }
  if (d.MiscFlags & D3D11_RESOURCE_MISC_TEXTURECUBE)
    e.push_back({D3D11_MESSAGE_ID_CREATETEXTURE1D_INVALIDMISCFLAGS, "CREATETEXTURE1D_INVALIDMISCFLAGS",
                 "D3D11_RESOURCE_MISC_TEXTURECUBE needs a Texture2D."});
  return e;
}

}  // namespace d3dvk::runtime
