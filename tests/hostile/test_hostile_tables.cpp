// tests/hostile: GPU descriptor handles of descriptor tables that name no
// descriptor of the bound heap, or tables that run past its end (issue 30,
// item 5): the debug layer reports #708 SET_DESCRIPTOR_TABLE_INVALID, the call
// is dropped (Close returns E_INVALIDARG) and the CPU never reads outside the
// heap's storage; a table inside the heap works.
#include "hostile_util.h"

using namespace d3dvk::test;

namespace {

// Compute: b0 one root constant (parameter 0), a table of `uavs` raw UAVs from u0 (parameter 1).
ID3D12RootSignature* tableRootSignature(ID3D12Device* device, UINT uavs) {
  D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_UAV, uavs, 0, 0, D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND};
  D3D12_ROOT_PARAMETER p[2]{};
  p[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p[0].Constants = {0, 0, 1};
  p[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p[1].DescriptorTable = {1, &range};
  D3D12_ROOT_SIGNATURE_DESC d{2, p, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_NONE};
  return createRootSignature(device, d);
}

struct TableRig {
  HostileDevice12& d;
  ID3D12RootSignature* rs;
  ID3D12PipelineState* pso;
  ID3D12Resource* uav;
  ID3D12Resource* readback;
  ID3D12DescriptorHeap* heap = nullptr;  // 2 shader-visible descriptors, both raw UAVs of `uav`
  UINT step;

  TableRig(HostileDevice12& device, UINT tableUavs)
      : d(device), rs(tableRootSignature(d.device, tableUavs)), pso(createAddPso(d.device, rs)) {
    D3D12_RESOURCE_DESC bd = bufferDesc(256);
    bd.Flags = D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS;
    uav = createCommitted(d.device, D3D12_HEAP_TYPE_DEFAULT, bd, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    readback = createBuffer(d.device, D3D12_HEAP_TYPE_READBACK, 256);
    D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 2, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
    REQUIRE(d.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&heap)) == S_OK);
    step = d.device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
    D3D12_UNORDERED_ACCESS_VIEW_DESC u{};
    u.Format = DXGI_FORMAT_R32_TYPELESS;
    u.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    u.Buffer.NumElements = 64;
    u.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
    D3D12_CPU_DESCRIPTOR_HANDLE slot = heap->GetCPUDescriptorHandleForHeapStart();
    for (int i = 0; i < 2; ++i, slot.ptr += step) d.device->CreateUnorderedAccessView(uav, nullptr, &u, slot);
  }
  ~TableRig() {
    heap->Release();
    readback->Release();
    uav->Release();
    pso->Release();
    rs->Release();
  }
  // Records a dispatch through the table at `base` (heaps bound unless `noHeap`) and closes the list.
  HRESULT dispatchThrough(UINT64 base, bool noHeap = false, ID3D12GraphicsCommandList** kept = nullptr) {
    ID3D12GraphicsCommandList* list = d.list();
    if (!noHeap) list->SetDescriptorHeaps(1, &heap);
    list->SetComputeRootSignature(rs);
    list->SetPipelineState(pso);
    list->SetComputeRoot32BitConstant(0, 4, 0);
    list->SetComputeRootDescriptorTable(1, {base});
    list->Dispatch(1, 1, 1);
    list->CopyBufferRegion(readback, 0, uav, 0, 256);
    const HRESULT hr = list->Close();
    if (kept) *kept = list;
    else list->Release();
    return hr;
  }
};

}  // namespace

TEST_CASE("hostile descriptor tables: a handle of no bound heap, or a table past the heap's end, is "
          "SET_DESCRIPTOR_TABLE_INVALID and never read",
          "[hostile][d3d12][tables]") {
  HostileDevice12 d;
  const int tableInvalid = D3D12_MESSAGE_ID_SET_DESCRIPTOR_TABLE_INVALID;
  {
    TableRig rig(d, 1);
    const UINT64 start = rig.heap->GetGPUDescriptorHandleForHeapStart().ptr;
    // The review's case: an address that is no descriptor at all.
    CHECK(rig.dispatchThrough(0x1000) == E_INVALIDARG);
    CHECK(d.reported(tableInvalid, "is not a descriptor of the bound CBV/SRV/UAV heap"));
    REQUIRE(d.allocator->Reset() == S_OK);
    // No heap bound at all.
    CHECK(rig.dispatchThrough(start, true) == E_INVALIDARG);
    CHECK(d.reported(tableInvalid, "no shader-visible CBV/SRV/UAV heap is set"));
    REQUIRE(d.allocator->Reset() == S_OK);
    // One past the last descriptor, and one inside a descriptor.
    CHECK(rig.dispatchThrough(start + 2 * rig.step) == E_INVALIDARG);
    CHECK(d.reported(tableInvalid));
    REQUIRE(d.allocator->Reset() == S_OK);
    CHECK(rig.dispatchThrough(start + 1) == E_INVALIDARG);
    CHECK(d.reported(tableInvalid));
    REQUIRE(d.allocator->Reset() == S_OK);
    // The last descriptor holds a table of one: it works, and the dispatch adds 5 to the first 64 words.
    ID3D12GraphicsCommandList* list = nullptr;
    REQUIRE(rig.dispatchThrough(start + rig.step, false, &list) == S_OK);
    d.executeAndWait(list);
    list->Release();
    const std::vector<unsigned char> bytes = readBuffer(rig.readback, 256);
    for (UINT i = 0; i < 64; ++i) {
      uint32_t v = 0;
      std::memcpy(&v, &bytes[i * 4], 4);
      CHECK(v == 5);
    }
    REQUIRE(d.allocator->Reset() == S_OK);
  }
  {
    // A table of 4 UAVs: from the first descriptor of a 2-descriptor heap it runs past the end.
    TableRig rig(d, 4);
    const UINT64 start = rig.heap->GetGPUDescriptorHandleForHeapStart().ptr;
    CHECK(rig.dispatchThrough(start) == E_INVALIDARG);
    CHECK(d.reported(tableInvalid, "runs past the end of the bound CBV/SRV/UAV heap (2 descriptors)"));
    REQUIRE(d.allocator->Reset() == S_OK);
  }
  CHECK(d.device->GetDeviceRemovedReason() == S_OK);
}

TEST_CASE("hostile descriptor tables: heaps that are not shader-visible, or two of a type, are SET_DESCRIPTOR_HEAP_INVALID",
          "[hostile][d3d12][tables]") {
  HostileDevice12 d;
  D3D12_DESCRIPTOR_HEAP_DESC hd{D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  ID3D12DescriptorHeap* cpuOnly = nullptr;
  REQUIRE(d.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&cpuOnly)) == S_OK);
  hd.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  ID3D12DescriptorHeap* visible = nullptr;
  REQUIRE(d.device->CreateDescriptorHeap(&hd, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(&visible)) == S_OK);
  ID3D12GraphicsCommandList* list = d.list();
  list->SetDescriptorHeaps(1, &cpuOnly);
  CHECK(d.reported(D3D12_MESSAGE_ID_SET_DESCRIPTOR_HEAP_INVALID, "not a shader-visible"));
  ID3D12DescriptorHeap* two[2] = {visible, visible};
  list->SetDescriptorHeaps(2, two);
  CHECK(d.reported(D3D12_MESSAGE_ID_SET_DESCRIPTOR_HEAP_INVALID, "two heaps of one type"));
  CHECK(list->Close() == E_INVALIDARG);
  list->Release();
  // A list keeps the heaps it bound until it is reset: releasing them first is harmless.
  REQUIRE(d.allocator->Reset() == S_OK);
  list = d.list();
  list->SetDescriptorHeaps(1, &visible);
  CHECK(visible->Release() == 1);  // the list's reference
  visible = nullptr;
  CHECK(list->Close() == S_OK);
  list->Release();
  cpuOnly->Release();
}
