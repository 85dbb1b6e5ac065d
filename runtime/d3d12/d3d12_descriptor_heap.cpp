// runtime/d3d12/d3d12_descriptor_heap.cpp — see d3d12_descriptor_heap.h.
#include "d3d12_descriptor_heap.h"

#include "raw_enum.h"
namespace d3dvk::runtime {

HRESULT D3D12DescriptorHeap::create(D3D12Device* device, const D3D12_DESCRIPTOR_HEAP_DESC& desc, D3D12DescriptorHeap** out) {
  *out = nullptr;
  const char* method = "ID3D12Device::CreateDescriptorHeap";
  const int type = rawEnum(desc.Type), flagBits = rawEnum(desc.Flags);
  if (type < D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV || type >= D3D12_DESCRIPTOR_HEAP_TYPE_NUM_TYPES) {
    d3d12Error(method, "Type is not a D3D12_DESCRIPTOR_HEAP_TYPE");
    return E_INVALIDARG;
  }
  if (desc.NumDescriptors == 0) {
    d3d12Error(method, "NumDescriptors is 0");
    return E_INVALIDARG;
  }
  bool shaderVisible = flagBits & D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  if (flagBits & ~D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE) {
    d3d12Error(method, "unknown D3D12_DESCRIPTOR_HEAP_FLAGS");
    return E_INVALIDARG;
  }
  if (shaderVisible && (desc.Type == D3D12_DESCRIPTOR_HEAP_TYPE_RTV || desc.Type == D3D12_DESCRIPTOR_HEAP_TYPE_DSV)) {
    d3d12Error(method, "RTV and DSV heaps cannot be shader-visible");
    return E_INVALIDARG;
  }
  UINT limit = desc.Type == D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER && shaderVisible ? D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE
                                                                                 : 1u << 20;
  if (desc.NumDescriptors > limit) {
    d3d12Error(method, "NumDescriptors exceeds the heap type's limit (" + std::to_string(limit) + ")");
    return E_INVALIDARG;
  }
  std::unique_ptr<D3D12DescriptorHeap> self(new D3D12DescriptorHeap(device));
  self->desc_ = desc;
  self->desc_.NodeMask = 1;
  const DdiDevice12& ddi = device->ddi();
  D3D12DDIARG_CREATE_DESCRIPTOR_HEAP_0001 args{D3D12DDI_DESCRIPTOR_HEAP_TYPE(int(desc.Type)), desc.NumDescriptors,
                                               shaderVisible ? D3D12DDI_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE
                                                             : D3D12DDI_DESCRIPTOR_HEAP_FLAG_NONE,
                                               1};
  self->memory_ = driverMemory(ddi.core().pfnCalcPrivateDescriptorHeapSize(ddi.handle(), &args));
  HRESULT hr = ddi.core().pfnCreateDescriptorHeap(ddi.handle(), &args, self->ddiHandle());
  if (FAILED(hr)) return hr;
  self->created_ = true;
  self->cpuStart_.ptr = ddi.core().pfnGetCPUDescriptorHandleForHeapStart(ddi.handle(), self->ddiHandle()).ptr;
  if (shaderVisible)
    self->gpuStart_.ptr = ddi.core().pfnGetGPUDescriptorHandleForHeapStart(ddi.handle(), self->ddiHandle()).ptr;
  device->registerDescriptorRange(self->cpuStart_.ptr,
                                  SIZE_T(desc.NumDescriptors) * device->GetDescriptorHandleIncrementSize(desc.Type), desc.Type);
  *out = self.release();
  return S_OK;
}

D3D12DescriptorHeap::~D3D12DescriptorHeap() {
  if (!created_) return;
  device()->unregisterDescriptorRange(cpuStart_.ptr);
  device()->ddi().core().pfnDestroyDescriptorHeap(device()->ddi().handle(), ddiHandle());
}

D3D12_DESCRIPTOR_HEAP_DESC STDMETHODCALLTYPE D3D12DescriptorHeap::GetDesc() try { return desc_; } D3DVK_CATCH_RETURN({})
D3D12_CPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE D3D12DescriptorHeap::GetCPUDescriptorHandleForHeapStart() try {
  return cpuStart_;
} D3DVK_CATCH_RETURN({})
D3D12_GPU_DESCRIPTOR_HANDLE STDMETHODCALLTYPE D3D12DescriptorHeap::GetGPUDescriptorHandleForHeapStart() try {
  return gpuStart_;  // zero for a heap that is not shader-visible, as D3D12 answers
} D3DVK_CATCH_RETURN({})

}  // namespace d3dvk::runtime
