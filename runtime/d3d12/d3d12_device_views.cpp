// runtime/d3d12/d3d12_device_views.cpp — the ID3D12Device methods that write
// shader-visible descriptors: CreateConstantBufferView, CreateShaderResourceView,
// CreateUnorderedAccessView, CreateSampler, CopyDescriptors and
// CopyDescriptorsSimple. They validate as D3D12's runtime does (the
// destination must be a descriptor of a heap of the right type; the desc must
// fit the resource) and report a violation through the debug layer with
// D3D12's message ID; an invalid call writes nothing. The UMD makes the Vulkan
// views (ddi/umd/d3d12/view12.h) and refuses what Vulkan cannot back, which is
// reported the same way.
#include "d3d12_device.h"
#include "d3dvk_checked_math.h"
#include "d3d12_resource.h"
#include "raw_enum.h"

#include <string>

namespace d3dvk::runtime {

namespace {

struct ViewCall {
  D3D12Device* device;
  const char* method;
  D3D12_MESSAGE_ID id;
  const char* idName;
  // Prints and records one error (D3D12_MESSAGE_CATEGORY_STATE_CREATION).
  void error(const std::string& text) const {
    d3d12Error(method, text + "; nothing is written");
    device->debugMessage(D3D12_MESSAGE_CATEGORY_STATE_CREATION, D3D12_MESSAGE_SEVERITY_ERROR, id, idName, method,
                         text + "; nothing is written");
  }
  // Runs the DDI call; a driver refusal is reported like a validation error.
  template <typename F>
  void ddi(F&& call) const {
    DdiErrorScope12 scope(method);
    call(device->ddi());
    if (FAILED(scope.first())) error("the driver refused the view (it printed why)");
  }
};

const char* heapTypeName(D3D12_DESCRIPTOR_HEAP_TYPE type) {
  switch (type) {
    case D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV: return "CBV_SRV_UAV";
    case D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER: return "SAMPLER";
    case D3D12_DESCRIPTOR_HEAP_TYPE_RTV: return "RTV";
    case D3D12_DESCRIPTOR_HEAP_TYPE_DSV: return "DSV";
    default: return "unknown";
  }
}

bool isTypeless(DXGI_FORMAT f) {
  switch (f) {
    case DXGI_FORMAT_R32G32B32A32_TYPELESS: case DXGI_FORMAT_R32G32B32_TYPELESS: case DXGI_FORMAT_R16G16B16A16_TYPELESS:
    case DXGI_FORMAT_R32G32_TYPELESS: case DXGI_FORMAT_R32G8X24_TYPELESS: case DXGI_FORMAT_R10G10B10A2_TYPELESS:
    case DXGI_FORMAT_R8G8B8A8_TYPELESS: case DXGI_FORMAT_R16G16_TYPELESS: case DXGI_FORMAT_R32_TYPELESS:
    case DXGI_FORMAT_R24G8_TYPELESS: case DXGI_FORMAT_R8G8_TYPELESS: case DXGI_FORMAT_R16_TYPELESS:
    case DXGI_FORMAT_R8_TYPELESS: case DXGI_FORMAT_B8G8R8A8_TYPELESS: case DXGI_FORMAT_B8G8R8X8_TYPELESS:
      return true;
    default:
      return false;
  }
}

// The format rules SRVs and UAVs of buffers share: raw views are R32_TYPELESS,
// structured views UNKNOWN, typed views a format; null when the view keeps them.
const char* bufferViewFormatError(bool raw, UINT structureStride, DXGI_FORMAT format) {
  if (raw && format != DXGI_FORMAT_R32_TYPELESS) return "a raw buffer view needs DXGI_FORMAT_R32_TYPELESS";
  if (structureStride && format != DXGI_FORMAT_UNKNOWN) return "a structured buffer view needs DXGI_FORMAT_UNKNOWN";
  if (!structureStride && format == DXGI_FORMAT_UNKNOWN)
    return "a typed buffer view needs a format (or a StructureByteStride for a structured view)";
  return nullptr;
}

}  // namespace

void STDMETHODCALLTYPE D3D12Device::CreateConstantBufferView(const D3D12_CONSTANT_BUFFER_VIEW_DESC* pDesc,
                                                             D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  ViewCall call{this, "ID3D12Device::CreateConstantBufferView", D3DVK_D3D12_MESSAGE_ID(CREATE_CONSTANT_BUFFER_VIEW_INVALID_DESC)};
  if (!descriptorInHeap(DestDescriptor.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV))
    return call.error("DestDescriptor is not a descriptor of a CBV_SRV_UAV heap of this device");
  D3D12DDI_CONSTANT_BUFFER_VIEW_DESC desc{};
  if (pDesc) {
    if (pDesc->BufferLocation % D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT)
      return call.error("BufferLocation is not a multiple of 256");
    if (pDesc->SizeInBytes % D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT ||
        pDesc->SizeInBytes > D3D12_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16)
      return call.error("SizeInBytes (" + std::to_string(pDesc->SizeInBytes) +
                        ") is not a multiple of 256 at most 65536");
    if (pDesc->BufferLocation && !pDesc->SizeInBytes) return call.error("SizeInBytes is 0");
    desc = {pDesc->BufferLocation, pDesc->SizeInBytes};
  }
  call.id = D3D12_MESSAGE_ID_CREATE_CONSTANT_BUFFER_VIEW_INVALID_RESOURCE;
  call.idName = "CREATE_CONSTANT_BUFFER_VIEW_INVALID_RESOURCE";
  call.ddi([&](const DdiDevice12& ddi) { ddi.core().pfnCreateConstantBufferView(ddi.handle(), &desc, {DestDescriptor.ptr}); });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateShaderResourceView(ID3D12Resource* pResource,
                                                             const D3D12_SHADER_RESOURCE_VIEW_DESC* pDesc,
                                                             D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  ViewCall call{this, "ID3D12Device::CreateShaderResourceView", D3DVK_D3D12_MESSAGE_ID(CREATESHADERRESOURCEVIEW_INVALIDDESC)};
  if (!descriptorInHeap(DestDescriptor.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV))
    return call.error("DestDescriptor is not a descriptor of a CBV_SRV_UAV heap of this device");
  auto* r = D3D12Resource::from(pResource);
  if (!r && !pDesc) return call.error("a null view needs pDesc (its dimension)");
  D3D12_SHADER_RESOURCE_VIEW_DESC desc{};
  if (pDesc) {
    desc = *pDesc;
  } else {
    const D3D12_RESOURCE_DESC& rd = r->desc();
    if (r->isBuffer()) return call.error("a buffer's view needs pDesc");
    if (isTypeless(rd.Format)) return call.error("a typeless resource's view needs pDesc with a typed format");
    desc.Format = rd.Format;
    desc.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    bool array = rd.DepthOrArraySize > 1, ms = rd.SampleDesc.Count > 1;
    switch (rd.Dimension) {
      case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
        desc.ViewDimension = array ? D3D12_SRV_DIMENSION_TEXTURE1DARRAY : D3D12_SRV_DIMENSION_TEXTURE1D;
        desc.Texture1DArray = {0, UINT(-1), 0, rd.DepthOrArraySize, 0.0f};
        break;
      case D3D12_RESOURCE_DIMENSION_TEXTURE3D:
        desc.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE3D;
        desc.Texture3D = {0, UINT(-1), 0.0f};
        break;
      default:
        desc.ViewDimension = ms ? (array ? D3D12_SRV_DIMENSION_TEXTURE2DMSARRAY : D3D12_SRV_DIMENSION_TEXTURE2DMS)
                                : (array ? D3D12_SRV_DIMENSION_TEXTURE2DARRAY : D3D12_SRV_DIMENSION_TEXTURE2D);
        if (ms) desc.Texture2DMSArray = {0, rd.DepthOrArraySize};
        else desc.Texture2DArray = {0, UINT(-1), 0, rd.DepthOrArraySize, 0, 0.0f};
        break;
    }
  }
  if (!(desc.Shader4ComponentMapping & D3D12_SHADER_COMPONENT_MAPPING_ALWAYS_SET_BIT_AVOIDING_ZEROMEM_MISTAKES) ||
      desc.Shader4ComponentMapping >= (D3D12_SHADER_COMPONENT_MAPPING_ALWAYS_SET_BIT_AVOIDING_ZEROMEM_MISTAKES << 1))
    return call.error("Shader4ComponentMapping is not an encoded mapping (D3D12_ENCODE_SHADER_4_COMPONENT_MAPPING)");
  for (UINT c = 0; c < 4; ++c)
    if (D3D12_DECODE_SHADER_4_COMPONENT_MAPPING(c, desc.Shader4ComponentMapping) > D3D12_SHADER_COMPONENT_MAPPING_FORCE_VALUE_1)
      return call.error("Shader4ComponentMapping names a component that does not exist");
  D3D12DDIARG_CREATE_SHADER_RESOURCE_VIEW_0002 args{};
  args.hDrvResource = r ? r->ddiHandle() : D3D12DDI_HRESOURCE{};
  args.Format = desc.Format;
  args.Shader4ComponentMapping = desc.Shader4ComponentMapping;
  args.ViewDimension = D3DVK_SRV_DIMENSION(rawEnum(desc.ViewDimension));
  D3D12_RESOURCE_DIMENSION needed = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
  bool msView = false;
  switch (rawEnum(desc.ViewDimension)) {
    case D3D12_SRV_DIMENSION_BUFFER:
      needed = D3D12_RESOURCE_DIMENSION_BUFFER;
      args.ResourceDimension = D3D12DDI_RD_BUFFER;
      if (rawEnum(desc.Buffer.Flags) & ~D3D12_BUFFER_SRV_FLAG_RAW) return call.error("unknown D3D12_BUFFER_SRV_FLAGS");
      if (const char* why = bufferViewFormatError((desc.Buffer.Flags & D3D12_BUFFER_SRV_FLAG_RAW) != 0,
                                                  desc.Buffer.StructureByteStride, desc.Format))
        return call.error(why);
      args.Buffer = {desc.Buffer.FirstElement, desc.Buffer.NumElements, desc.Buffer.StructureByteStride,
                     D3D12DDI_BUFFER_SRV_FLAGS(int(desc.Buffer.Flags))};
      break;
    case D3D12_SRV_DIMENSION_TEXTURE1D:
      needed = D3D12_RESOURCE_DIMENSION_TEXTURE1D;
      args.ResourceDimension = D3D12DDI_RD_TEXTURE1D;
      args.Tex1D = {desc.Texture1D.MostDetailedMip, 0, desc.Texture1D.MipLevels, 1, desc.Texture1D.ResourceMinLODClamp};
      break;
    case D3D12_SRV_DIMENSION_TEXTURE1DARRAY:
      needed = D3D12_RESOURCE_DIMENSION_TEXTURE1D;
      args.ResourceDimension = D3D12DDI_RD_TEXTURE1D;
      args.Tex1D = {desc.Texture1DArray.MostDetailedMip, desc.Texture1DArray.FirstArraySlice, desc.Texture1DArray.MipLevels,
                    desc.Texture1DArray.ArraySize, desc.Texture1DArray.ResourceMinLODClamp};
      break;
    case D3D12_SRV_DIMENSION_TEXTURE2D:
      args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
      args.Tex2D = {desc.Texture2D.MostDetailedMip, 0, desc.Texture2D.MipLevels, 1, desc.Texture2D.PlaneSlice,
                    desc.Texture2D.ResourceMinLODClamp};
      break;
    case D3D12_SRV_DIMENSION_TEXTURE2DARRAY:
      args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
      args.Tex2D = {desc.Texture2DArray.MostDetailedMip, desc.Texture2DArray.FirstArraySlice, desc.Texture2DArray.MipLevels,
                    desc.Texture2DArray.ArraySize, desc.Texture2DArray.PlaneSlice, desc.Texture2DArray.ResourceMinLODClamp};
      break;
    case D3D12_SRV_DIMENSION_TEXTURE2DMS:
      msView = true;
      args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
      args.Tex2D = {0, 0, 1, 1, 0, 0.0f};
      break;
    case D3D12_SRV_DIMENSION_TEXTURE2DMSARRAY:
      msView = true;
      args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
      args.Tex2D = {0, desc.Texture2DMSArray.FirstArraySlice, 1, desc.Texture2DMSArray.ArraySize, 0, 0.0f};
      break;
    case D3D12_SRV_DIMENSION_TEXTURE3D:
      needed = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
      args.ResourceDimension = D3D12DDI_RD_TEXTURE3D;
      args.Tex3D = {desc.Texture3D.MostDetailedMip, desc.Texture3D.MipLevels, desc.Texture3D.ResourceMinLODClamp};
      break;
    case D3D12_SRV_DIMENSION_TEXTURECUBE:
      args.ResourceDimension = D3D12DDI_RD_TEXTURECUBE;
      args.TexCube = {desc.TextureCube.MostDetailedMip, desc.TextureCube.MipLevels, 0, 1, desc.TextureCube.ResourceMinLODClamp};
      break;
    case D3D12_SRV_DIMENSION_TEXTURECUBEARRAY:
      args.ResourceDimension = D3D12DDI_RD_TEXTURECUBE;
      args.TexCube = {desc.TextureCubeArray.MostDetailedMip, desc.TextureCubeArray.MipLevels,
                      desc.TextureCubeArray.First2DArrayFace, desc.TextureCubeArray.NumCubes,
                      desc.TextureCubeArray.ResourceMinLODClamp};
      break;
    default:
      return call.error("ViewDimension " + std::to_string(rawEnum(desc.ViewDimension)) + " is not a view dimension d3dvk supports");
  }
  if (r) {
    const D3D12_RESOURCE_DESC& rd = r->desc();
    call.id = D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDRESOURCE;
    call.idName = "CREATESHADERRESOURCEVIEW_INVALIDRESOURCE";
    if (rd.Flags & D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE)
      return call.error("the resource was created with D3D12_RESOURCE_FLAG_DENY_SHADER_RESOURCE");
    call.id = D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS;
    call.idName = "CREATESHADERRESOURCEVIEW_INVALIDDIMENSIONS";
    if (rd.Dimension != needed || (needed == D3D12_RESOURCE_DIMENSION_TEXTURE2D && msView != (rd.SampleDesc.Count > 1)))
      return call.error("ViewDimension does not fit the resource's dimension or sample count");
    call.id = D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDFORMAT;
    call.idName = "CREATESHADERRESOURCEVIEW_INVALIDFORMAT";
    if (!r->isBuffer() && desc.Format == DXGI_FORMAT_UNKNOWN && isTypeless(rd.Format))
      return call.error("a typeless resource's view needs a typed format");
    if (!r->isBuffer() && isTypeless(desc.Format)) return call.error("a texture view's format cannot be typeless");
  }
  call.id = D3D12_MESSAGE_ID_CREATESHADERRESOURCEVIEW_INVALIDDESC;
  call.idName = "CREATESHADERRESOURCEVIEW_INVALIDDESC";
  call.ddi([&](const DdiDevice12& ddi) { ddi.core().pfnCreateShaderResourceView(ddi.handle(), &args, {DestDescriptor.ptr}); });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateUnorderedAccessView(ID3D12Resource* pResource, ID3D12Resource* pCounterResource,
                                                              const D3D12_UNORDERED_ACCESS_VIEW_DESC* pDesc,
                                                              D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  ViewCall call{this, "ID3D12Device::CreateUnorderedAccessView", D3DVK_D3D12_MESSAGE_ID(CREATEUNORDEREDACCESSVIEW_INVALIDDESC)};
  if (!descriptorInHeap(DestDescriptor.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV))
    return call.error("DestDescriptor is not a descriptor of a CBV_SRV_UAV heap of this device");
  auto* r = D3D12Resource::from(pResource);
  auto* counter = D3D12Resource::from(pCounterResource);
  if (!r && !pDesc) return call.error("a null view needs pDesc (its dimension)");
  if (!r && counter) return call.error("a null view cannot have a counter resource");
  D3D12_UNORDERED_ACCESS_VIEW_DESC desc{};
  if (pDesc) {
    desc = *pDesc;
  } else {
    const D3D12_RESOURCE_DESC& rd = r->desc();
    if (r->isBuffer()) return call.error("a buffer's view needs pDesc");
    if (isTypeless(rd.Format)) return call.error("a typeless resource's view needs pDesc with a typed format");
    desc.Format = rd.Format;
    bool array = rd.DepthOrArraySize > 1;
    switch (rd.Dimension) {
      case D3D12_RESOURCE_DIMENSION_TEXTURE1D:
        desc.ViewDimension = array ? D3D12_UAV_DIMENSION_TEXTURE1DARRAY : D3D12_UAV_DIMENSION_TEXTURE1D;
        desc.Texture1DArray = {0, 0, rd.DepthOrArraySize};
        break;
      case D3D12_RESOURCE_DIMENSION_TEXTURE3D:
        desc.ViewDimension = D3D12_UAV_DIMENSION_TEXTURE3D;
        desc.Texture3D = {0, 0, UINT(-1)};
        break;
      default:
        desc.ViewDimension = array ? D3D12_UAV_DIMENSION_TEXTURE2DARRAY : D3D12_UAV_DIMENSION_TEXTURE2D;
        desc.Texture2DArray = {0, 0, rd.DepthOrArraySize, 0};
        break;
    }
  }
  D3D12DDIARG_CREATE_UNORDERED_ACCESS_VIEW_0002 args{};
  args.hDrvResource = r ? r->ddiHandle() : D3D12DDI_HRESOURCE{};
  args.Format = desc.Format;
  args.ViewDimension = D3DVK_UAV_DIMENSION(rawEnum(desc.ViewDimension));
  D3D12_RESOURCE_DIMENSION needed = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
  switch (rawEnum(desc.ViewDimension)) {
    case D3D12_UAV_DIMENSION_BUFFER:
      needed = D3D12_RESOURCE_DIMENSION_BUFFER;
      args.ResourceDimension = D3D12DDI_RD_BUFFER;
      if (rawEnum(desc.Buffer.Flags) & ~D3D12_BUFFER_UAV_FLAG_RAW) return call.error("unknown D3D12_BUFFER_UAV_FLAGS");
      if (const char* why = bufferViewFormatError((desc.Buffer.Flags & D3D12_BUFFER_UAV_FLAG_RAW) != 0,
                                                  desc.Buffer.StructureByteStride, desc.Format))
        return call.error(why);
      if (counter) {
        if (!desc.Buffer.StructureByteStride) return call.error("only structured buffer views have counters");
        if (!counter->isBuffer()) return call.error("pCounterResource is not a buffer");
        if (desc.Buffer.CounterOffsetInBytes % D3D12_UAV_COUNTER_PLACEMENT_ALIGNMENT)
          return call.error("CounterOffsetInBytes is not a multiple of 4096");
        if (!fitsWithin(desc.Buffer.CounterOffsetInBytes, 4, counter->desc().Width))
          return call.error("the counter's 4 bytes end past pCounterResource");
      } else if (desc.Buffer.CounterOffsetInBytes) {
        return call.error("CounterOffsetInBytes is not 0 but there is no counter resource");
      }
      args.Buffer = {counter ? counter->ddiHandle() : D3D12DDI_HRESOURCE{}, desc.Buffer.FirstElement, desc.Buffer.NumElements,
                     desc.Buffer.StructureByteStride, desc.Buffer.CounterOffsetInBytes,
                     D3D12DDI_BUFFER_UAV_FLAGS(int(desc.Buffer.Flags))};
      break;
    case D3D12_UAV_DIMENSION_TEXTURE1D:
      needed = D3D12_RESOURCE_DIMENSION_TEXTURE1D;
      args.ResourceDimension = D3D12DDI_RD_TEXTURE1D;
      args.Tex1D = {desc.Texture1D.MipSlice, 0, 1};
      break;
    case D3D12_UAV_DIMENSION_TEXTURE1DARRAY:
      needed = D3D12_RESOURCE_DIMENSION_TEXTURE1D;
      args.ResourceDimension = D3D12DDI_RD_TEXTURE1D;
      args.Tex1D = {desc.Texture1DArray.MipSlice, desc.Texture1DArray.FirstArraySlice, desc.Texture1DArray.ArraySize};
      break;
    case D3D12_UAV_DIMENSION_TEXTURE2D:
      args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
      args.Tex2D = {desc.Texture2D.MipSlice, 0, 1, desc.Texture2D.PlaneSlice};
      break;
    case D3D12_UAV_DIMENSION_TEXTURE2DARRAY:
      args.ResourceDimension = D3D12DDI_RD_TEXTURE2D;
      args.Tex2D = {desc.Texture2DArray.MipSlice, desc.Texture2DArray.FirstArraySlice, desc.Texture2DArray.ArraySize,
                    desc.Texture2DArray.PlaneSlice};
      break;
    case D3D12_UAV_DIMENSION_TEXTURE3D:
      needed = D3D12_RESOURCE_DIMENSION_TEXTURE3D;
      args.ResourceDimension = D3D12DDI_RD_TEXTURE3D;
      args.Tex3D = {desc.Texture3D.MipSlice, desc.Texture3D.FirstWSlice, desc.Texture3D.WSize};
      break;
    default:
      return call.error("ViewDimension " + std::to_string(rawEnum(desc.ViewDimension)) + " is not a view dimension d3dvk supports");
  }
  if (r) {
    const D3D12_RESOURCE_DESC& rd = r->desc();
    call.id = D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE;
    call.idName = "CREATEUNORDEREDACCESSVIEW_INVALIDRESOURCE";
    if (!(rd.Flags & D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS))
      return call.error("the resource was not created with D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS");
    call.id = D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS;
    call.idName = "CREATEUNORDEREDACCESSVIEW_INVALIDDIMENSIONS";
    if (rd.Dimension != needed) return call.error("ViewDimension does not fit the resource's dimension");
    call.id = D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT;
    call.idName = "CREATEUNORDEREDACCESSVIEW_INVALIDFORMAT";
    if (!r->isBuffer() && desc.Format == DXGI_FORMAT_UNKNOWN && isTypeless(rd.Format))
      return call.error("a typeless resource's view needs a typed format");
    if (!r->isBuffer() && isTypeless(desc.Format)) return call.error("a texture view's format cannot be typeless");
  }
  call.id = D3D12_MESSAGE_ID_CREATEUNORDEREDACCESSVIEW_INVALIDDESC;
  call.idName = "CREATEUNORDEREDACCESSVIEW_INVALIDDESC";
  call.ddi([&](const DdiDevice12& ddi) { ddi.core().pfnCreateUnorderedAccessView(ddi.handle(), &args, {DestDescriptor.ptr}); });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CreateSampler(const D3D12_SAMPLER_DESC* pDesc, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptor) try {
  ViewCall call{this, "ID3D12Device::CreateSampler", D3DVK_D3D12_MESSAGE_ID(CREATE_SAMPLER_INVALID)};
  if (!descriptorInHeap(DestDescriptor.ptr, D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER))
    return call.error("DestDescriptor is not a descriptor of a SAMPLER heap of this device");
  if (!pDesc) return call.error("pDesc is null");
  const int filter = rawEnum(pDesc->Filter), addressU = rawEnum(pDesc->AddressU), addressV = rawEnum(pDesc->AddressV),
            addressW = rawEnum(pDesc->AddressW), comparison = rawEnum(pDesc->ComparisonFunc);
  auto validAddress = [](int m) { return m >= D3D12_TEXTURE_ADDRESS_MODE_WRAP && m <= D3D12_TEXTURE_ADDRESS_MODE_MIRROR_ONCE; };
  if (!validAddress(addressU) || !validAddress(addressV) || !validAddress(addressW))
    return call.error("AddressU, AddressV or AddressW is not a D3D12_TEXTURE_ADDRESS_MODE");
  if (comparison < 0 || comparison > D3D12_COMPARISON_FUNC_ALWAYS)
    return call.error("ComparisonFunc is not a D3D12_COMPARISON_FUNC");
  // D3D12_FILTER: reduction (bits 7-8), anisotropic (bit 6), min/mag/mip linear (bits 4, 2, 0); nothing else.
  if (filter & ~0x1D5) return call.error("Filter is not a D3D12_FILTER");
  if (D3D12_DECODE_IS_ANISOTROPIC_FILTER(filter) && (pDesc->MaxAnisotropy < 1 || pDesc->MaxAnisotropy > 16))
    return call.error("MaxAnisotropy must be within [1, 16] for an anisotropic filter");
  if (!(pDesc->MinLOD <= pDesc->MaxLOD)) return call.error("MinLOD is greater than MaxLOD");
  if (!(pDesc->MipLODBias >= D3D12_MIP_LOD_BIAS_MIN && pDesc->MipLODBias <= D3D12_MIP_LOD_BIAS_MAX))
    return call.error("MipLODBias is outside [-16, 15.99]");
  D3D12DDI_SAMPLER_DESC desc{filter, addressU, addressV, addressW, pDesc->MipLODBias, pDesc->MaxAnisotropy, comparison,
                             {pDesc->BorderColor[0], pDesc->BorderColor[1], pDesc->BorderColor[2], pDesc->BorderColor[3]},
                             pDesc->MinLOD, pDesc->MaxLOD};
  D3D12DDIARG_CREATE_SAMPLER args{&desc};
  call.ddi([&](const DdiDevice12& ddi) { ddi.core().pfnCreateSampler(ddi.handle(), &args, {DestDescriptor.ptr}); });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CopyDescriptors(UINT NumDestDescriptorRanges,
                                                    const D3D12_CPU_DESCRIPTOR_HANDLE* pDestDescriptorRangeStarts,
                                                    const UINT* pDestDescriptorRangeSizes, UINT NumSrcDescriptorRanges,
                                                    const D3D12_CPU_DESCRIPTOR_HANDLE* pSrcDescriptorRangeStarts,
                                                    const UINT* pSrcDescriptorRangeSizes,
                                                    D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapsType) try {
  ViewCall call{this, "ID3D12Device::CopyDescriptors", D3DVK_D3D12_MESSAGE_ID(COPY_DESCRIPTORS_INVALID_RANGES)};
  if (DescriptorHeapsType < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV || DescriptorHeapsType >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
    return call.error("DescriptorHeapsType is not a D3D12_DESCRIPTOR_HEAP_TYPE");
  if ((NumDestDescriptorRanges && !pDestDescriptorRangeStarts) || (NumSrcDescriptorRanges && !pSrcDescriptorRangeStarts))
    return call.error("a range count is not 0 but its starts are null");
  // Every range must lie in heaps of DescriptorHeapsType, and both sides must name as many descriptors.
  auto check = [&](UINT count, const D3D12_CPU_DESCRIPTOR_HANDLE* starts, const UINT* sizes, const char* side,
                   UINT64* total) -> bool {
    *total = 0;
    for (UINT i = 0; i < count; ++i) {
      UINT size = sizes ? sizes[i] : 1;
      *total += size;
      if (!size) continue;
      if (!descriptorRangeInHeap(starts[i].ptr, size, DescriptorHeapsType)) {
        call.error(std::string(side) + " range " + std::to_string(i) + " is not inside a " +
                   heapTypeName(DescriptorHeapsType) + " heap of this device");
        return false;
      }
    }
    return true;
  };
  UINT64 dstTotal = 0, srcTotal = 0;
  if (!check(NumDestDescriptorRanges, pDestDescriptorRangeStarts, pDestDescriptorRangeSizes, "destination", &dstTotal) ||
      !check(NumSrcDescriptorRanges, pSrcDescriptorRangeStarts, pSrcDescriptorRangeSizes, "source", &srcTotal))
    return;
  if (dstTotal != srcTotal)
    return call.error("the destination ranges hold " + std::to_string(dstTotal) + " descriptors, the source ranges " +
                      std::to_string(srcTotal));
  static_assert(sizeof(D3D12_CPU_DESCRIPTOR_HANDLE) == sizeof(D3D12DDI_CPU_DESCRIPTOR_HANDLE));
  call.ddi([&](const DdiDevice12& ddi) {
    ddi.core().pfnCopyDescriptors(ddi.handle(), NumDestDescriptorRanges,
                                  reinterpret_cast<const D3D12DDI_CPU_DESCRIPTOR_HANDLE*>(pDestDescriptorRangeStarts),
                                  pDestDescriptorRangeSizes, NumSrcDescriptorRanges,
                                  reinterpret_cast<const D3D12DDI_CPU_DESCRIPTOR_HANDLE*>(pSrcDescriptorRangeStarts),
                                  pSrcDescriptorRangeSizes, D3D12DDI_DESCRIPTOR_HEAP_TYPE(int(DescriptorHeapsType)));
  });
} D3DVK_CATCH_VOID

void STDMETHODCALLTYPE D3D12Device::CopyDescriptorsSimple(UINT NumDescriptors, D3D12_CPU_DESCRIPTOR_HANDLE DestDescriptorRangeStart,
                                                          D3D12_CPU_DESCRIPTOR_HANDLE SrcDescriptorRangeStart,
                                                          D3D12_DESCRIPTOR_HEAP_TYPE DescriptorHeapsType) try {
  ViewCall call{this, "ID3D12Device::CopyDescriptorsSimple", D3DVK_D3D12_MESSAGE_ID(COPY_DESCRIPTORS_INVALID_RANGES)};
  if (DescriptorHeapsType < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV || DescriptorHeapsType >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES)
    return call.error("DescriptorHeapsType is not a D3D12_DESCRIPTOR_HEAP_TYPE");
  if (!NumDescriptors) return;
  for (auto [start, side] : {std::pair{DestDescriptorRangeStart.ptr, "destination"}, std::pair{SrcDescriptorRangeStart.ptr, "source"}})
    if (!descriptorRangeInHeap(start, NumDescriptors, DescriptorHeapsType))
      return call.error(std::string("the ") + side + " range is not inside a " + heapTypeName(DescriptorHeapsType) +
                        " heap of this device");
  call.ddi([&](const DdiDevice12& ddi) {
    ddi.core().pfnCopyDescriptorsSimple(ddi.handle(), NumDescriptors, {DestDescriptorRangeStart.ptr},
                                        {SrcDescriptorRangeStart.ptr}, D3D12DDI_DESCRIPTOR_HEAP_TYPE(int(DescriptorHeapsType)));
  });
} D3DVK_CATCH_VOID

}  // namespace d3dvk::runtime
