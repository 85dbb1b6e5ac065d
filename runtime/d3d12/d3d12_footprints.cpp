// runtime/d3d12/d3d12_footprints.cpp — see d3d12_footprints.h.
#include "d3d12_footprints.h"
#include "d3dvk_checked_math.h"

#include "raw_enum.h"

#include "d3d12_resource.h"

#include <algorithm>
#include <cstring>

namespace d3dvk::runtime {

namespace {
bool isPlanarDepthStencil(int f) { return f == 19 || f == 20 || f == 44 || f == 45; }
}  // namespace

UINT formatPlaneCount(DXGI_FORMAT format) { return isPlanarDepthStencil(int(format)) ? 2 : 1; }

bool formatBlock(DXGI_FORMAT format, UINT plane, FormatBlock* out) {
  int f = int(format);
  *out = {};
  if (isPlanarDepthStencil(f)) {  // depth (4 bytes) then stencil (1 byte)
    if (plane > 1) return false;
    out->bytes = plane == 0 ? 4 : 1;
    return true;
  }
  if (plane != 0) return false;
  auto block = [&](UINT bytes) {
    out->bytes = bytes;
    out->width = out->height = 4;
    return true;
  };
  if (f >= 1 && f <= 4) out->bytes = 16;          // R32G32B32A32
  else if (f >= 5 && f <= 8) out->bytes = 12;     // R32G32B32
  else if (f >= 9 && f <= 18) out->bytes = 8;     // R16G16B16A16, R32G32
  else if (f == 21 || f == 22) out->bytes = 8;    // R32_FLOAT_X8X24, X32_TYPELESS_G8X24
  else if (f >= 23 && f <= 43) out->bytes = 4;    // R10G10B10A2 … R32
  else if (f == 46 || f == 47) out->bytes = 4;    // R24_UNORM_X8, X24_G8
  else if (f >= 48 && f <= 59) out->bytes = 2;    // R8G8, R16, D16
  else if (f >= 60 && f <= 65) out->bytes = 1;    // R8, A8
  else if (f == 67) out->bytes = 4;               // R9G9B9E5
  else if (f >= 70 && f <= 72) return block(8);   // BC1
  else if (f >= 73 && f <= 78) return block(16);  // BC2, BC3
  else if (f >= 79 && f <= 81) return block(8);   // BC4
  else if (f >= 82 && f <= 84) return block(16);  // BC5
  else if (f == 85 || f == 86 || f == 115) out->bytes = 2;  // B5G6R5, B5G5R5A1, B4G4R4A4
  else if (f >= 87 && f <= 93) out->bytes = 4;    // B8G8R8A8/X8, R10G10B10_XR_BIAS_A2
  else if (f >= 94 && f <= 99) return block(16);  // BC6H, BC7
  else return false;
  return true;
}

bool validateResourceDesc(D3D12_RESOURCE_DESC* d, std::string* why) {
  auto fail = [&](const std::string& text) {
    *why = text;
    return false;
  };
  // The enums as integers (raw_enum.h): the checks below then compare values
  // only after these have ruled out anything outside the enums.
  const int dimension = rawEnum(d->Dimension), layout = rawEnum(d->Layout), flags = rawEnum(d->Flags);
  constexpr int kKnownFlags = 0x1FF;  // D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET … RAYTRACING_ACCELERATION_STRUCTURE
  if (dimension < D3D12_RESOURCE_DIMENSION_BUFFER || dimension > D3D12_RESOURCE_DIMENSION_TEXTURE3D)
    return fail("Dimension " + std::to_string(dimension) + " is not a D3D12_RESOURCE_DIMENSION");
  if (layout < D3D12_TEXTURE_LAYOUT_UNKNOWN || layout > D3D12_TEXTURE_LAYOUT_64KB_STANDARD_SWIZZLE)
    return fail("Layout " + std::to_string(layout) + " is not a D3D12_TEXTURE_LAYOUT");
  if (flags & ~kKnownFlags) return fail("Flags has bits that are not D3D12_RESOURCE_FLAGS");
  if (d->Dimension == D3D12_RESOURCE_DIMENSION_BUFFER) {
    if (d->Width == 0) return fail("a buffer needs a Width");
    if (d->Height != 1 || d->DepthOrArraySize != 1 || d->MipLevels != 1)
      return fail("a buffer needs Height, DepthOrArraySize and MipLevels of 1");
    if (d->Format != DXGI_FORMAT_UNKNOWN) return fail("a buffer's Format must be DXGI_FORMAT_UNKNOWN");
    if (d->SampleDesc.Count != 1 || d->SampleDesc.Quality != 0) return fail("a buffer's SampleDesc must be {1, 0}");
    if (d->Layout != D3D12_TEXTURE_LAYOUT_ROW_MAJOR) return fail("a buffer's Layout must be D3D12_TEXTURE_LAYOUT_ROW_MAJOR");
    if (d->Alignment != 0 && d->Alignment != D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT)
      return fail("a buffer's Alignment must be 0 or 64 KiB");
    d->Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
    return true;
  }
  if (d->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE1D && d->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D &&
      d->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE3D)
    return fail("Dimension is not a D3D12_RESOURCE_DIMENSION");
  FormatBlock block;
  if (!formatBlock(d->Format, 0, &block)) return fail("Format " + std::to_string(int(d->Format)) + " is not supported");
  if (d->Width == 0 || d->Height == 0 || d->DepthOrArraySize == 0) return fail("a texture needs non-zero dimensions");
  if (d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D && d->Height != 1) return fail("a Texture1D's Height must be 1");
  // D3D12's limits: Texture1D 16384 wide, Texture2D 16384 a side, 2048 slices;
  // Texture3D 2048 a side.
  if (d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D) {
    if (d->Width > D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION || d->Height > D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION ||
        d->DepthOrArraySize > D3D12_REQ_TEXTURE3D_U_V_OR_W_DIMENSION)
      return fail("a Texture3D is at most 2048 texels a side (" + std::to_string(d->Width) + "x" +
                  std::to_string(d->Height) + "x" + std::to_string(d->DepthOrArraySize) + ")");
  } else {
    const UINT64 maxWidth = d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? D3D12_REQ_TEXTURE1D_U_DIMENSION
                                                                               : D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION;
    if (d->Width > maxWidth || d->Height > D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION)
      return fail("the texture is larger than 16384 texels");
    const UINT maxSlices = d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE1D ? D3D12_REQ_TEXTURE1D_ARRAY_AXIS_DIMENSION
                                                                              : D3D12_REQ_TEXTURE2D_ARRAY_AXIS_DIMENSION;
    if (d->DepthOrArraySize > maxSlices)
      return fail("DepthOrArraySize " + std::to_string(d->DepthOrArraySize) + " is more than D3D12's " +
                  std::to_string(maxSlices) + " array slices");
  }
  if (block.width > 1 && (d->Width % block.width || d->Height % block.height))
    return fail("a block-compressed texture's top mip must be a multiple of the block size");
  if (d->Layout != D3D12_TEXTURE_LAYOUT_UNKNOWN) return fail("only D3D12_TEXTURE_LAYOUT_UNKNOWN textures are supported");
  if (d->SampleDesc.Count == 0) return fail("SampleDesc.Count must be at least 1");
  if (d->SampleDesc.Count > D3D12_MAX_MULTISAMPLE_SAMPLE_COUNT || (d->SampleDesc.Count & (d->SampleDesc.Count - 1)))
    return fail("SampleDesc.Count " + std::to_string(d->SampleDesc.Count) + " is not a power of two up to 32");
  UINT64 largest = std::max<UINT64>(d->Width, d->Height);
  if (d->Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D) largest = std::max<UINT64>(largest, d->DepthOrArraySize);
  UINT fullChain = 1;
  while (largest > 1) {
    largest >>= 1;
    ++fullChain;
  }
  if (d->MipLevels == 0) d->MipLevels = UINT16(fullChain);
  if (d->MipLevels > fullChain) return fail("MipLevels is larger than the full mip chain");
  if (d->SampleDesc.Count > 1) {
    if (d->Dimension != D3D12_RESOURCE_DIMENSION_TEXTURE2D || d->MipLevels != 1)
      return fail("a multisampled texture must be a Texture2D with one mip");
    if (d->Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS)
      return fail("a multisampled texture cannot allow unordered access");
  }
  UINT64 msaa = D3D12_DEFAULT_MSAA_RESOURCE_PLACEMENT_ALIGNMENT;
  if (d->Alignment != 0 && d->Alignment != D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT && d->Alignment != msaa &&
      d->Alignment != D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT)
    return fail("Alignment must be 0, 4 KiB, 64 KiB or 4 MiB");
  if (d->Alignment == 0)
    d->Alignment = d->SampleDesc.Count > 1 ? msaa : D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;
  if ((d->Flags & D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL) && (d->Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET))
    return fail("a resource cannot allow both render-target and depth-stencil use");
  return true;
}

void copyableFootprints(const D3D12_RESOURCE_DESC& desc, UINT first, UINT count, UINT64 baseOffset,
                        D3D12_PLACED_SUBRESOURCE_FOOTPRINT* layouts, UINT* numRows, UINT64* rowSizes, UINT64* totalBytes) {
  D3D12_RESOURCE_DESC d = desc;
  std::string why;
  bool valid = validateResourceDesc(&d, &why);
  // Only a valid desc's Dimension is loaded as the enum (raw_enum.h).
  UINT slices = valid && d.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? 1 : d.DepthOrArraySize;
  UINT planes = !valid || d.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER ? 1 : formatPlaneCount(d.Format);
  UINT64 subresources = valid ? UINT64(d.MipLevels) * slices * planes : 0;
  if (!valid || !fitsWithin(first, count, subresources)) {
    for (UINT i = 0; i < count; ++i) {
      if (layouts) std::memset(&layouts[i], 0xff, sizeof layouts[i]);
      if (numRows) numRows[i] = UINT(-1);
      if (rowSizes) rowSizes[i] = UINT64(-1);
    }
    if (totalBytes) *totalBytes = UINT64(-1);
    return;
  }
  UINT64 offset = 0, total = 0;
  for (UINT i = 0; i < count; ++i) {
    UINT index = first + i;
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp{};
    UINT rows = 1;
    UINT64 rowSize = 0;
    if (d.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER) {
      fp.Footprint = {DXGI_FORMAT_UNKNOWN, UINT(d.Width), 1, 1,
                      UINT((d.Width + D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1) & ~UINT64(D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1))};
      rowSize = d.Width;
    } else {
      UINT mip = index % d.MipLevels;
      UINT plane = index / (d.MipLevels * slices);
      FormatBlock block;
      formatBlock(d.Format, plane, &block);
      UINT w = std::max<UINT>(1, UINT(d.Width >> mip));
      UINT h = std::max<UINT>(1, d.Height >> mip);
      UINT depth = d.Dimension == D3D12_RESOURCE_DIMENSION_TEXTURE3D ? std::max<UINT>(1, d.DepthOrArraySize >> mip) : 1;
      UINT blocksW = (w + block.width - 1) / block.width;
      rows = (h + block.height - 1) / block.height;
      rowSize = UINT64(blocksW) * block.bytes;
      UINT64 pitch = (rowSize + D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1) & ~UINT64(D3D12_TEXTURE_DATA_PITCH_ALIGNMENT - 1);
      fp.Footprint = {d.Format, blocksW * block.width, rows * block.height, depth, UINT(pitch)};
      if (planes == 2) fp.Footprint.Format = plane == 0 ? DXGI_FORMAT_R32_TYPELESS : DXGI_FORMAT_R8_TYPELESS;
    }
    offset = (offset + D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT - 1) & ~UINT64(D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT - 1);
    fp.Offset = baseOffset + offset;
    UINT64 slicesAndRows = UINT64(rows) * fp.Footprint.Depth;
    total = offset + fp.Footprint.RowPitch * (slicesAndRows - 1) + rowSize;
    offset += UINT64(fp.Footprint.RowPitch) * slicesAndRows;
    if (layouts) layouts[i] = fp;
    if (numRows) numRows[i] = rows;
    if (rowSizes) rowSizes[i] = rowSize;
  }
  if (totalBytes) *totalBytes = total;
}

}  // namespace d3dvk::runtime
