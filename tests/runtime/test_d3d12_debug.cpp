// tests/runtime: the D3D12 debug layer — D3D12GetDebugInterface and
// EnableDebugLayer (process-wide, so this file is a binary of its own and its
// first test sees the layer off), ID3D12InfoQueue with D3D12's message IDs after
// misuse (CreateRootSignature, the PSO rasterizer rule #647), the size protocol
// of GetMessage, storage filters, break-on-severity kept but never breaking,
// and the printed line.
#include "ddi_trace_log.h"
#include "dxbc/container.h"
#include "stderr_capture.h"

#include <wsl/winadapter.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxguids/dxguids.h>

#include <catch2/catch.hpp>

#include <cstring>
#include <string>
#include <vector>

using namespace d3dvk::test;
using Catch::Matchers::Contains;

namespace {

ID3D12Device* createD3D12() {
  ID3D12Device* device = nullptr;
  REQUIRE(D3D12CreateDevice(nullptr, D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device),
                            reinterpret_cast<void**>(&device)) == S_OK);
  return device;
}

void enableDebugLayer() {
  ID3D12Debug* debug = nullptr;
  REQUIRE(D3D12GetDebugInterface(__uuidof(ID3D12Debug), reinterpret_cast<void**>(&debug)) == S_OK);
  debug->EnableDebugLayer();
  debug->Release();
}

struct Message {
  D3D12_MESSAGE_CATEGORY category;
  D3D12_MESSAGE_SEVERITY severity;
  int id;
  std::string text;
};

Message message(ID3D12InfoQueue* queue, UINT64 index) {
  SIZE_T length = 0;
  REQUIRE(queue->GetMessage(index, nullptr, &length) == S_OK);
  std::vector<unsigned char> buffer(length);
  auto* m = reinterpret_cast<D3D12_MESSAGE*>(buffer.data());
  REQUIRE(queue->GetMessage(index, m, &length) == S_OK);
  CHECK(m->DescriptionByteLength == std::strlen(m->pDescription) + 1);
  return {m->Category, m->Severity, int(m->ID), m->pDescription};
}

struct DebugDevice {
  ID3D12Device* device;
  ID3D12InfoQueue* queue = nullptr;
  DebugDevice() {
    enableDebugLayer();
    device = createD3D12();
    REQUIRE(device->QueryInterface(__uuidof(ID3D12InfoQueue), reinterpret_cast<void**>(&queue)) == S_OK);
    queue->SetMuteDebugOutput(TRUE);
  }
  ~DebugDevice() {
    queue->Release();
    CHECK(device->Release() == 0);
  }
  void badRootSignature() {
    const unsigned char notABlob[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    void* out = nullptr;
    CHECK(device->CreateRootSignature(0, notABlob, sizeof notABlob, __uuidof(ID3D12RootSignature), &out) ==
          E_INVALIDARG);
  }
};

}  // namespace

TEST_CASE("without EnableDebugLayer a D3D12 device has no ID3D12InfoQueue, devices created after it do",
          "[runtime][d3d12][debug]") {
  ID3D12Device* before = createD3D12();
  void* queue = reinterpret_cast<void*>(0x1);
  CHECK(before->QueryInterface(__uuidof(ID3D12InfoQueue), &queue) == E_NOINTERFACE);
  CHECK(queue == nullptr);

  CHECK(D3D12GetDebugInterface(__uuidof(ID3D12Debug), nullptr) == S_FALSE);
  void* wrong = nullptr;
  CHECK(D3D12GetDebugInterface(__uuidof(ID3D12Device), &wrong) == E_NOINTERFACE);
  enableDebugLayer();

  ID3D12Device* after = createD3D12();
  ID3D12InfoQueue* infoQueue = nullptr;
  REQUIRE(after->QueryInterface(__uuidof(ID3D12InfoQueue), reinterpret_cast<void**>(&infoQueue)) == S_OK);
  // The queue's reference count is the device's.
  ID3D12Device* back = nullptr;
  REQUIRE(infoQueue->QueryInterface(__uuidof(ID3D12Device), reinterpret_cast<void**>(&back)) == S_OK);
  CHECK(back == after);
  CHECK(back->Release() == 2);
  CHECK(infoQueue->Release() == 1);
  CHECK(after->Release() == 0);
  // A device created before the switch stays without the layer.
  CHECK(before->QueryInterface(__uuidof(ID3D12InfoQueue), &queue) == E_NOINTERFACE);
  CHECK(before->Release() == 0);
}

TEST_CASE("CreateRootSignature failures are recorded with D3D12's message IDs", "[runtime][d3d12][debug]") {
  DebugDevice d;
  void* out = nullptr;
  const unsigned char bytes[8] = {};
  CHECK(d.device->CreateRootSignature(4, bytes, sizeof bytes, __uuidof(ID3D12RootSignature), &out) == E_INVALIDARG);
  d.badRootSignature();

  // A well-formed blob whose two root CBVs share b0 (the serializer would refuse it: written by hand).
  d3dvk::dxbc::Chunk rts0;
  rts0.code = d3dvk::dxbc::fourcc("RTS0");
  for (uint32_t w : {1u, 2u, 24u, 0u, 64u, 0u, 2u, 0u, 48u, 2u, 0u, 56u, 0u, 0u, 0u, 0u})
    for (int i = 0; i < 4; ++i) rts0.data.push_back(uint8_t(w >> (8 * i)));
  const std::vector<uint8_t> overlapping = d3dvk::dxbc::writeContainer({rts0});
  CHECK(d.device->CreateRootSignature(0, overlapping.data(), overlapping.size(), __uuidof(ID3D12RootSignature),
                                      &out) == E_INVALIDARG);
  // A container without a root signature.
  d3dvk::dxbc::Chunk shader;
  shader.code = d3dvk::dxbc::fourcc("SHEX");
  shader.data = {0x50, 0, 5, 0, 2, 0, 0, 0};
  const std::vector<uint8_t> noRootSignature = d3dvk::dxbc::writeContainer({shader});
  CHECK(d.device->CreateRootSignature(0, noRootSignature.data(), noRootSignature.size(),
                                      __uuidof(ID3D12RootSignature), &out) == E_FAIL);
  ID3DBlob* blob = nullptr;
  D3D12_ROOT_SIGNATURE_DESC flags{0, nullptr, 0, nullptr, D3D12_ROOT_SIGNATURE_FLAG_CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED};
  REQUIRE(D3D12SerializeRootSignature(&flags, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, nullptr) == S_OK);
  CHECK(d.device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(),
                                      __uuidof(ID3D12RootSignature), &out) == E_INVALIDARG);
  blob->Release();

  REQUIRE(d.queue->GetNumStoredMessages() == 5);
  Message m0 = message(d.queue, 0), m1 = message(d.queue, 1), m2 = message(d.queue, 2), m3 = message(d.queue, 3),
          m4 = message(d.queue, 4);
  CHECK(m0.id == D3D12_MESSAGE_ID_INVALID_NODE_INDEX);
  CHECK(m0.id == 900);
  CHECK_THAT(m0.text, Contains("ID3D12Device::CreateRootSignature: nodeMask 0x4 names a node"));
  CHECK(m1.id == D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED);
  CHECK(m1.id == 697);
  CHECK_THAT(m1.text, Contains("the blob is not a serialized root signature: DXBC container: too small"));
  CHECK(m2.id == D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_INVALID_CONFIGURATION);
  CHECK(m2.id == 698);
  CHECK_THAT(m2.text, Contains("shader register range of CBV registers 0..0 in space 0, root parameter [1] (root CBV, "
                               "visibility ALL), overlaps registers 0..0 of root parameter [0]"));
  CHECK(m3.id == D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_BLOB_NOT_FOUND);
  CHECK(m3.id == 696);
  CHECK_THAT(m3.text, Contains("no root signature (RTS0) chunk"));
  CHECK(m4.id == D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_NOT_SUPPORTED_ON_DEVICE);
  CHECK(m4.id == 699);
  CHECK_THAT(m4.text, Contains("CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED"));
  for (const Message& m : {m0, m1, m2, m3, m4}) {
    CHECK(m.category == D3D12_MESSAGE_CATEGORY_STATE_CREATION);
    CHECK(m.severity == D3D12_MESSAGE_SEVERITY_ERROR);
  }
}

TEST_CASE("GetMessage's size protocol, storage filters and break-on-severity", "[runtime][d3d12][debug]") {
  DebugDevice d;
  d.badRootSignature();
  SIZE_T length = 0;
  REQUIRE(d.queue->GetMessage(0, nullptr, &length) == S_OK);
  CHECK(length > sizeof(D3D12_MESSAGE));
  std::vector<unsigned char> small(length - 1);
  SIZE_T smallLength = small.size();
  CHECK(d.queue->GetMessage(0, reinterpret_cast<D3D12_MESSAGE*>(small.data()), &smallLength) == E_INVALIDARG);
  CHECK(d.queue->GetMessage(1, nullptr, &length) == E_INVALIDARG);
  CHECK(d.queue->GetMessage(0, nullptr, nullptr) == E_INVALIDARG);

  D3D12_MESSAGE_ID deny[] = {D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED};
  D3D12_INFO_QUEUE_FILTER filter{};
  filter.DenyList.NumIDs = 1;
  filter.DenyList.pIDList = deny;
  REQUIRE(d.queue->PushStorageFilter(&filter) == S_OK);
  CHECK(d.queue->GetStorageFilterStackSize() == 2);
  d.badRootSignature();
  CHECK(d.queue->GetNumStoredMessages() == 1);
  CHECK(d.queue->GetNumMessagesDeniedByStorageFilter() == 1);
  SIZE_T filterLength = 0;
  REQUIRE(d.queue->GetStorageFilter(nullptr, &filterLength) == S_OK);
  std::vector<unsigned char> filterBuffer(filterLength);
  auto* got = reinterpret_cast<D3D12_INFO_QUEUE_FILTER*>(filterBuffer.data());
  REQUIRE(d.queue->GetStorageFilter(got, &filterLength) == S_OK);
  REQUIRE(got->DenyList.NumIDs == 1);
  CHECK(got->DenyList.pIDList[0] == D3D12_MESSAGE_ID_CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED);
  d.queue->PopStorageFilter();
  D3D12_MESSAGE_SEVERITY onlyWarnings[] = {D3D12_MESSAGE_SEVERITY_WARNING};
  D3D12_INFO_QUEUE_FILTER allow{};
  allow.AllowList.NumSeverities = 1;
  allow.AllowList.pSeverityList = onlyWarnings;
  REQUIRE(d.queue->AddStorageFilterEntries(&allow) == S_OK);
  d.badRootSignature();  // an ERROR: not in the allow list
  CHECK(d.queue->GetNumStoredMessages() == 1);
  d.queue->ClearStorageFilter();
  d.badRootSignature();
  CHECK(d.queue->GetNumStoredMessages() == 2);
  CHECK(d.queue->GetNumMessagesAllowedByStorageFilter() == 2);

  // Breaking is a debugger facility: the setting is kept, nothing breaks.
  CHECK(d.queue->SetBreakOnSeverity(D3D12_MESSAGE_SEVERITY_ERROR, TRUE) == S_OK);
  CHECK(d.queue->GetBreakOnSeverity(D3D12_MESSAGE_SEVERITY_ERROR) == TRUE);
  d.badRootSignature();
  CHECK(d.queue->GetNumStoredMessages() == 3);
  CHECK(d.queue->SetBreakOnSeverity(D3D12_MESSAGE_SEVERITY_ERROR, FALSE) == S_OK);
  CHECK(d.queue->GetBreakOnSeverity(D3D12_MESSAGE_SEVERITY_ERROR) == FALSE);

  REQUIRE(d.queue->AddApplicationMessage(D3D12_MESSAGE_SEVERITY_INFO, "from the app") == S_OK);
  Message app = message(d.queue, 3);
  CHECK(app.category == D3D12_MESSAGE_CATEGORY_APPLICATION_DEFINED);
  CHECK(app.text == "from the app");
  d.queue->ClearStoredMessages();
  CHECK(d.queue->GetNumStoredMessages() == 0);
}

TEST_CASE("the D3D12 debug layer prints D3D12's line unless muted", "[runtime][d3d12][debug]") {
  DebugDevice d;
  d.queue->SetMuteDebugOutput(FALSE);
  StderrCapture capture;
  d.badRootSignature();
  const std::string text = capture.text();
  CHECK_THAT(text, Contains("D3D12 ERROR: ID3D12Device::CreateRootSignature: the blob is not a serialized root "
                            "signature: DXBC container: too small"));
  CHECK_THAT(text, Contains("[ STATE_CREATION ERROR #697: CREATE_ROOT_SIGNATURE_DESERIALIZE_FAILED]"));
}

TEST_CASE("a PSO with ConservativeRaster ON and no tier is refused with #647", "[runtime][d3d12][debug][trace]") {
  ScopedEnv umd("D3DVK_UMD_PATH", D3DVK_TRACE_LIBRARY);
  ScopedEnv log("D3DVK_DDI_TRACE_FILE", "/dev/null");
  ScopedEnv force("D3DVK_TRACE_FORCE_CONSERVATIVE_TIER", "0");
  DebugDevice d;
  D3D12_GRAPHICS_PIPELINE_STATE_DESC desc{};
  desc.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  desc.RasterizerState.CullMode = D3D12_CULL_MODE_BACK;
  desc.RasterizerState.DepthClipEnable = TRUE;
  desc.RasterizerState.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_ON;
  void* pso = reinterpret_cast<void*>(0x1);
  CHECK(d.device->CreateGraphicsPipelineState(&desc, __uuidof(ID3D12PipelineState), &pso) == E_INVALIDARG);
  CHECK(pso == nullptr);
  REQUIRE(d.queue->GetNumStoredMessages() == 1);
  Message m = message(d.queue, 0);
  CHECK(m.id == D3D12_MESSAGE_ID_CREATERASTERIZERSTATE_INVALID_CONSERVATIVERASTERMODE);
  CHECK(m.id == 647);
  CHECK_THAT(m.text, Contains("ID3D12Device::CreateGraphicsPipelineState: "));
  CHECK_THAT(m.text, Contains("ConservativeRaster"));

  // A valid rasterizer desc passes that check: this desc fails later (no root signature), without a rasterizer message.
  desc.RasterizerState.ConservativeRaster = D3D12_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  CHECK(d.device->CreateGraphicsPipelineState(&desc, __uuidof(ID3D12PipelineState), &pso) == E_INVALIDARG);
  CHECK(d.queue->GetNumStoredMessages() == 1);
}
