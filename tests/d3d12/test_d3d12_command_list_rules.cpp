// tests/d3d12: the command-list and allocator rules D3D12 applications rely on
// (the HRESULTs of Close/Reset misuse, allocators shared by recording lists,
// invalid recordings failing at Close and never executing, descriptors outside
// a heap) and the runtime's validation of creation arguments.
#include "d3d12_test_util.h"
#include "stderr_capture.h"

using namespace d3dvk::test;

TEST_CASE("D3D12 Close and Reset misuse return D3D12's HRESULTs", "[d3d12][rules]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* other = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandAllocator* copyAllocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_COPY);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  StderrCapture errors;

  CHECK(list->GetType() == D3D12_COMMAND_LIST_TYPE_DIRECT);
  // Open after creation: Reset of an open list fails, and so does resetting its allocator.
  CHECK(list->Reset(other, nullptr) == E_FAIL);
  CHECK(allocator->Reset() == E_FAIL);
  // A second list cannot record with an allocator that a recording list holds.
  void* second = reinterpret_cast<void*>(1);
  CHECK(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, nullptr,
                                  __uuidof(ID3D12GraphicsCommandList), &second) == E_INVALIDARG);
  CHECK(second == nullptr);
  CHECK(list->Close() == S_OK);
  CHECK(list->Close() == E_FAIL);  // already closed
  CHECK(allocator->Reset() == S_OK);
  // Reset with an allocator of another type.
  CHECK(list->Reset(copyAllocator, nullptr) == E_INVALIDARG);
  CHECK(list->Reset(nullptr, nullptr) == E_INVALIDARG);
  // Two lists, two allocators; then the second list may not take the first's allocator while it records.
  REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  ID3D12GraphicsCommandList* list2 = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, other);
  REQUIRE(list2->Close() == S_OK);
  CHECK(list2->Reset(allocator, nullptr) == E_INVALIDARG);
  REQUIRE(list->Close() == S_OK);
  CHECK(list2->Reset(allocator, nullptr) == S_OK);  // free again once the first list closed
  CHECK(list2->Close() == S_OK);
  std::string text = errors.text();
  CHECK(text.find("D3D12 ERROR: ID3D12GraphicsCommandList::Close: the command list is already closed") != std::string::npos);
  CHECK(text.find("D3D12 ERROR: ID3D12CommandAllocator::Reset: a command list is still recording") != std::string::npos);

  list2->Release();
  list->Release();
  copyAllocator->Release();
  other->Release();
  allocator->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 an invalid recording fails at Close and is never executed, and open lists are not executed",
          "[d3d12][rules]") {
  ID3D12Device* device = createDevice12();
  ID3D12CommandQueue* queue = createQueue(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12CommandQueue* copyQueue = createQueue(device, D3D12_COMMAND_LIST_TYPE_COPY);
  ID3D12CommandAllocator* allocator = createAllocator(device, D3D12_COMMAND_LIST_TYPE_DIRECT);
  ID3D12GraphicsCommandList* list = createList(device, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator);
  ID3D12Fence* fence = createFence(device);
  UINT64 value = 0;
  ID3D12Resource* upload = createBuffer(device, D3D12_HEAP_TYPE_UPLOAD, 256);
  ID3D12Resource* readback = createBuffer(device, D3D12_HEAP_TYPE_READBACK, 256);
  void* data = nullptr;
  REQUIRE(upload->Map(0, nullptr, &data) == S_OK);
  std::memset(data, 0x5a, 256);
  upload->Unmap(0, nullptr);
  StderrCapture errors;

  // A valid copy, then one past the end of the destination: Close reports E_INVALIDARG.
  list->CopyBufferRegion(readback, 0, upload, 0, 128);
  list->CopyBufferRegion(readback, 200, upload, 0, 100);
  CHECK(list->Close() == E_INVALIDARG);
  ID3D12CommandList* lists[] = {list};
  executeAndWait(queue, {list}, fence, &value);  // dropped: the valid copy does not run either
  CHECK(readBuffer(readback, 256) == std::vector<unsigned char>(256, 0));

  // An open list is not executed.
  REQUIRE(allocator->Reset() == S_OK);
  REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  list->CopyBufferRegion(readback, 0, upload, 0, 256);
  executeAndWait(queue, {list}, fence, &value);
  CHECK(readBuffer(readback, 256) == std::vector<unsigned char>(256, 0));
  // A direct list on a copy queue is not executed either.
  REQUIRE(list->Close() == S_OK);
  copyQueue->ExecuteCommandLists(1, lists);
  executeAndWait(copyQueue, {}, fence, &value);
  CHECK(readBuffer(readback, 256) == std::vector<unsigned char>(256, 0));
  // The same list on its own queue type runs.
  executeAndWait(queue, {list}, fence, &value);
  CHECK(readBuffer(readback, 256) == std::vector<unsigned char>(256, 0x5a));

  // After its allocator is reset, a closed list has no commands left to execute.
  REQUIRE(allocator->Reset() == S_OK);
  executeAndWait(queue, {list}, fence, &value);

  // A clear through a handle that is no RTV descriptor of this device.
  REQUIRE(allocator->Reset() == S_OK);
  REQUIRE(list->Reset(allocator, nullptr) == S_OK);
  const FLOAT black[4] = {};
  list->ClearRenderTargetView(D3D12_CPU_DESCRIPTOR_HANDLE{reinterpret_cast<SIZE_T>(&value)}, black, 0, nullptr);
  CHECK(list->Close() == E_INVALIDARG);

  std::string text = errors.text();
  CHECK(text.find("CopyBufferRegion: the destination range ends past the destination buffer") != std::string::npos);
  CHECK(text.find("ExecuteCommandLists: command list 0 failed to close") != std::string::npos);
  CHECK(text.find("ExecuteCommandLists: command list 0 is still recording (call Close first)") != std::string::npos);
  CHECK(text.find("ExecuteCommandLists: command list 0 is of another type than the queue") != std::string::npos);
  CHECK(text.find("ClearRenderTargetView: the handle is not a descriptor of an RTV heap of this device") !=
        std::string::npos);
  CHECK(text.find("command list 0's allocator was reset after it was recorded") != std::string::npos);

  for (IUnknown* o : std::initializer_list<IUnknown*>{readback, upload, fence, list, allocator, copyQueue, queue}) o->Release();
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 creation arguments are validated", "[d3d12][rules]") {
  ID3D12Device* device = createDevice12();
  StderrCapture errors;
  D3D12_COMMAND_QUEUE_DESC queueDesc{};
  queueDesc.Type = D3D12_COMMAND_LIST_TYPE(99);
  void* out = reinterpret_cast<void*>(1);
  CHECK(device->CreateCommandQueue(&queueDesc, __uuidof(ID3D12CommandQueue), &out) == E_INVALIDARG);
  CHECK(out == nullptr);
  CHECK(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE(99), __uuidof(ID3D12CommandAllocator), &out) == E_INVALIDARG);
  CHECK(out == nullptr);

  D3D12_HEAP_PROPERTIES upload{D3D12_HEAP_TYPE_UPLOAD};
  D3D12_HEAP_PROPERTIES defaultHeap{D3D12_HEAP_TYPE_DEFAULT};
  D3D12_RESOURCE_DESC texture = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
  CHECK(device->CreateCommittedResource(&upload, D3D12_HEAP_FLAG_NONE, &texture, D3D12_RESOURCE_STATE_GENERIC_READ, nullptr,
                                        __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
  D3D12_RESOURCE_DESC buffer = bufferDesc(256);
  CHECK(device->CreateCommittedResource(&upload, D3D12_HEAP_FLAG_NONE, &buffer, D3D12_RESOURCE_STATE_COPY_DEST, nullptr,
                                        __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
  buffer.Height = 2;
  CHECK(device->CreateCommittedResource(&defaultHeap, D3D12_HEAP_FLAG_NONE, &buffer, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                        __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
  texture.MipLevels = 4;  // a 4 × 4 texture has 3
  CHECK(device->CreateCommittedResource(&defaultHeap, D3D12_HEAP_FLAG_NONE, &texture, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                        __uuidof(ID3D12Resource), &out) == E_INVALIDARG);
  texture.MipLevels = 0;  // the full chain
  CHECK(device->CreateCommittedResource(&defaultHeap, D3D12_HEAP_FLAG_NONE, &texture, D3D12_RESOURCE_STATE_COMMON, nullptr,
                                        __uuidof(ID3D12Resource), &out) == S_OK);
  REQUIRE(out != nullptr);
  CHECK(static_cast<ID3D12Resource*>(out)->GetDesc().MipLevels == 3);
  static_cast<ID3D12Resource*>(out)->Release();
  // A multisampled render target (2D, one mip) can be created and cleared.
  D3D12_RESOURCE_DESC msaa = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  msaa.SampleDesc.Count = 4;
  CHECK(device->CreateCommittedResource(&defaultHeap, D3D12_HEAP_FLAG_NONE, &msaa, D3D12_RESOURCE_STATE_RENDER_TARGET, nullptr,
                                        __uuidof(ID3D12Resource), &out) == S_OK);
  static_cast<ID3D12Resource*>(out)->Release();

  D3D12_DESCRIPTOR_HEAP_DESC heapDesc{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, 4, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  CHECK(device->CreateDescriptorHeap(&heapDesc, __uuidof(ID3D12DescriptorHeap), &out) == E_INVALIDARG);
  heapDesc.NumDescriptors = 0;
  heapDesc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
  CHECK(device->CreateDescriptorHeap(&heapDesc, __uuidof(ID3D12DescriptorHeap), &out) == E_INVALIDARG);
  heapDesc = {D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV, 16, D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE, 0};
  REQUIRE(device->CreateDescriptorHeap(&heapDesc, __uuidof(ID3D12DescriptorHeap), &out) == S_OK);
  auto* heap = static_cast<ID3D12DescriptorHeap*>(out);
  CHECK(heap->GetGPUDescriptorHandleForHeapStart().ptr != 0);
  CHECK(heap->GetDesc().NumDescriptors == 16);
  heap->Release();

  CHECK(device->CreateFence(0, D3D12_FENCE_FLAG_SHARED, __uuidof(ID3D12Fence), &out) == E_INVALIDARG);
  CHECK(device->CreateGraphicsPipelineState(nullptr, __uuidof(ID3D12PipelineState), &out) == E_INVALIDARG);
  D3D12_GRAPHICS_PIPELINE_STATE_DESC pso{};
  pso.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  pso.RasterizerState.CullMode = D3D12_CULL_MODE_BACK;
  pso.RasterizerState.DepthClipEnable = TRUE;
  CHECK(device->CreateGraphicsPipelineState(&pso, __uuidof(ID3D12PipelineState), &out) == E_INVALIDARG);  // no root signature
  CHECK(errors.text().find("textures cannot live on UPLOAD or READBACK heaps") != std::string::npos);
  CHECK(device->Release() == 0);
}

TEST_CASE("D3D12 GetResourceAllocationInfo follows D3D12's placement alignments", "[d3d12][footprints]") {
  ID3D12Device* device = createDevice12();
  D3D12_RESOURCE_DESC buffer = bufferDesc(1000);
  D3D12_RESOURCE_ALLOCATION_INFO info = device->GetResourceAllocationInfo(0, 1, &buffer);
  CHECK(info.SizeInBytes == 65536);
  CHECK(info.Alignment == 65536);
  D3D12_RESOURCE_DESC two[2] = {bufferDesc(65537), bufferDesc(10)};
  info = device->GetResourceAllocationInfo(0, 2, two);
  CHECK(info.SizeInBytes == 3 * 65536);
  D3D12_RESOURCE_DESC msaa = texture2DDesc(64, 64, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET);
  msaa.SampleDesc.Count = 4;
  info = device->GetResourceAllocationInfo(0, 1, &msaa);
  CHECK(info.Alignment == 4u << 20);
  CHECK(info.SizeInBytes % (4u << 20) == 0);
  D3D12_RESOURCE_DESC texture = texture2DDesc(256, 256, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
  info = device->GetResourceAllocationInfo(0, 1, &texture);
  CHECK(info.Alignment == 65536);
  CHECK(info.SizeInBytes >= 256 * 256 * 4);
  CHECK(info.SizeInBytes % 65536 == 0);
  // D3D12's small resources: 4 KiB asked for a texture whose top mip is at most
  // 64 KiB (no render target or depth stencil), 64 KiB for an MSAA one up to 4 MiB;
  // else the default alignment.
  D3D12_RESOURCE_DESC small = texture2DDesc(16, 16, DXGI_FORMAT_R8G8B8A8_UNORM, D3D12_RESOURCE_FLAG_NONE);
  small.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;
  info = device->GetResourceAllocationInfo(0, 1, &small);
  CHECK(info.Alignment == 4096);
  CHECK(info.SizeInBytes >= 16 * 16 * 4);
  CHECK(info.SizeInBytes % 4096 == 0);
  CHECK(info.SizeInBytes < 65536);
  texture.Alignment = D3D12_SMALL_RESOURCE_PLACEMENT_ALIGNMENT;  // 256 KiB: too large
  CHECK(device->GetResourceAllocationInfo(0, 1, &texture).Alignment == 65536);
  small.Flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
  CHECK(device->GetResourceAllocationInfo(0, 1, &small).Alignment == 65536);
  msaa.Alignment = D3D12_DEFAULT_RESOURCE_PLACEMENT_ALIGNMENT;  // 64 KiB of 4× samples: small MSAA
  info = device->GetResourceAllocationInfo(0, 1, &msaa);
  CHECK(info.Alignment == 65536);
  CHECK(info.SizeInBytes >= 64 * 64 * 4 * 4);
  CHECK(info.SizeInBytes % 65536 == 0);
  buffer.Height = 3;
  StderrCapture errors;
  CHECK(device->GetResourceAllocationInfo(0, 1, &buffer).SizeInBytes == UINT64_MAX);
  CHECK(device->Release() == 0);
}
