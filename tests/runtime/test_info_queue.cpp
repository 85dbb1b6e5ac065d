// tests/runtime: ID3D11InfoQueue — storage and retrieval filters, the message
// count limit, the size-query pattern, muting.
#include "rasterizer_test_util.h"
#include "stderr_capture.h"

#include <catch2/catch.hpp>

using namespace d3dvk::test;

namespace {

struct DebugDevice {
  ID3D11Device3* device = createDevice3(D3D11_CREATE_DEVICE_DEBUG);
  ID3D11InfoQueue* queue = nullptr;
  DebugDevice() {
    REQUIRE(device->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(&queue)) == S_OK);
    queue->SetMuteDebugOutput(TRUE);
  }
  ~DebugDevice() {
    queue->Release();
    device->Release();
  }
  void invalidCreate(D3D11_FILL_MODE fill = D3D11_FILL_MODE(9)) {
    D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
    desc.FillMode = fill;
    ID3D11RasterizerState2* state = nullptr;
    CHECK(device->CreateRasterizerState2(&desc, &state) == E_INVALIDARG);
  }
};

}  // namespace

TEST_CASE("info queue stores, counts and clears messages", "[runtime][debug]") {
  DebugDevice d;
  d.invalidCreate();
  d.invalidCreate();
  CHECK(d.queue->GetNumStoredMessages() == 2);
  CHECK(d.queue->GetNumMessagesAllowedByStorageFilter() == 2);
  SIZE_T length = 0;
  CHECK(d.queue->GetMessage(0, nullptr, &length) == S_OK);
  CHECK(length > sizeof(D3D11_MESSAGE));
  std::vector<unsigned char> small(sizeof(D3D11_MESSAGE));
  SIZE_T smallLength = small.size();
  CHECK(d.queue->GetMessage(0, reinterpret_cast<D3D11_MESSAGE*>(small.data()), &smallLength) == E_INVALIDARG);
  CHECK(d.queue->GetMessage(5, nullptr, &length) == E_INVALIDARG);
  d.queue->ClearStoredMessages();
  CHECK(d.queue->GetNumStoredMessages() == 0);
}

TEST_CASE("storage filters deny by ID and severity, the filter stack pushes and pops", "[runtime][debug]") {
  DebugDevice d;
  D3D11_MESSAGE_ID deny[] = {D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFILLMODE};
  D3D11_INFO_QUEUE_FILTER filter{};
  filter.DenyList.NumIDs = 1;
  filter.DenyList.pIDList = deny;
  REQUIRE(d.queue->PushStorageFilter(&filter) == S_OK);
  CHECK(d.queue->GetStorageFilterStackSize() == 2);
  d.invalidCreate();
  CHECK(d.queue->GetNumStoredMessages() == 0);
  CHECK(d.queue->GetNumMessagesDeniedByStorageFilter() == 1);

  SIZE_T length = 0;
  REQUIRE(d.queue->GetStorageFilter(nullptr, &length) == S_OK);
  std::vector<unsigned char> buffer(length);
  auto* got = reinterpret_cast<D3D11_INFO_QUEUE_FILTER*>(buffer.data());
  REQUIRE(d.queue->GetStorageFilter(got, &length) == S_OK);
  REQUIRE(got->DenyList.NumIDs == 1);
  CHECK(got->DenyList.pIDList[0] == D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFILLMODE);

  d.queue->PopStorageFilter();
  CHECK(d.queue->GetStorageFilterStackSize() == 1);
  d.invalidCreate();
  CHECK(d.queue->GetNumStoredMessages() == 1);

  D3D11_MESSAGE_SEVERITY onlyWarnings[] = {D3D11_MESSAGE_SEVERITY_WARNING};
  D3D11_INFO_QUEUE_FILTER allow{};
  allow.AllowList.NumSeverities = 1;
  allow.AllowList.pSeverityList = onlyWarnings;
  REQUIRE(d.queue->AddStorageFilterEntries(&allow) == S_OK);
  d.invalidCreate();  // an ERROR: not in the allow list
  CHECK(d.queue->GetNumStoredMessages() == 1);
  d.queue->ClearStorageFilter();
  d.invalidCreate();
  CHECK(d.queue->GetNumStoredMessages() == 2);
}

TEST_CASE("retrieval filters hide messages from GetMessage without dropping them", "[runtime][debug]") {
  DebugDevice d;
  d.invalidCreate();
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.ForcedSampleCount = 3;
  ID3D11RasterizerState2* state = nullptr;
  CHECK(d.device->CreateRasterizerState2(&desc, &state) == E_INVALIDARG);
  REQUIRE(d.queue->GetNumStoredMessages() == 2);
  D3D11_MESSAGE_ID allowIds[] = {D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFORCEDSAMPLECOUNT};
  D3D11_INFO_QUEUE_FILTER filter{};
  filter.AllowList.NumIDs = 1;
  filter.AllowList.pIDList = allowIds;
  REQUIRE(d.queue->PushRetrievalFilter(&filter) == S_OK);
  auto messages = storedMessages(d.queue);
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].id == D3D11_MESSAGE_ID_CREATERASTERIZERSTATE_INVALIDFORCEDSAMPLECOUNT);
  CHECK(d.queue->GetNumStoredMessages() == 2);
  d.queue->PopRetrievalFilter();
  CHECK(storedMessages(d.queue).size() == 2);
}

TEST_CASE("the message count limit discards and counts", "[runtime][debug]") {
  DebugDevice d;
  REQUIRE(d.queue->SetMessageCountLimit(1) == S_OK);
  CHECK(d.queue->GetMessageCountLimit() == 1);
  d.invalidCreate();
  d.invalidCreate();
  CHECK(d.queue->GetNumStoredMessages() == 1);
  CHECK(d.queue->GetNumMessagesDiscardedByMessageCountLimit() == 1);
}

TEST_CASE("muted output prints nothing, unmuted prints one line per message", "[runtime][debug]") {
  DebugDevice d;
  {
    StderrCapture capture;
    d.invalidCreate();
    CHECK(capture.text().empty());
  }
  d.queue->SetMuteDebugOutput(FALSE);
  CHECK(d.queue->GetMuteDebugOutput() == FALSE);
  StderrCapture capture;
  d.invalidCreate(D3D11_FILL_MODE(1));
  CHECK(capture.text() ==
        "D3D11 ERROR: ID3D11Device3::CreateRasterizerState2: FillMode is 1; valid values are D3D11_FILL_WIREFRAME (2) "
        "and D3D11_FILL_SOLID (3). [ STATE_CREATION ERROR #194: CREATERASTERIZERSTATE_INVALIDFILLMODE]\n");
}

TEST_CASE("application messages and break flags", "[runtime][debug]") {
  DebugDevice d;
  REQUIRE(d.queue->AddApplicationMessage(D3D11_MESSAGE_SEVERITY_INFO, "hello") == S_OK);
  CHECK(d.queue->AddApplicationMessage(D3D11_MESSAGE_SEVERITY_INFO, nullptr) == E_INVALIDARG);
  auto messages = storedMessages(d.queue);
  REQUIRE(messages.size() == 1);
  CHECK(messages[0].category == D3D11_MESSAGE_CATEGORY_APPLICATION_DEFINED);
  CHECK(messages[0].text == "hello");
  CHECK(d.queue->SetBreakOnSeverity(D3D11_MESSAGE_SEVERITY_ERROR, TRUE) == S_OK);
  CHECK(d.queue->GetBreakOnSeverity(D3D11_MESSAGE_SEVERITY_ERROR) == TRUE);
  CHECK(d.queue->GetBreakOnSeverity(D3D11_MESSAGE_SEVERITY_WARNING) == FALSE);
  // The queue answers QueryInterface for the device too (same object family).
  ID3D11Device* device = nullptr;
  REQUIRE(d.queue->QueryInterface(__uuidof(ID3D11Device), reinterpret_cast<void**>(&device)) == S_OK);
  CHECK(device == static_cast<ID3D11Device*>(d.device));
  device->Release();
}
