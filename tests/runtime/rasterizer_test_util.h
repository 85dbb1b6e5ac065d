// tests/runtime/rasterizer_test_util.h — devices and descs for the rasterizer-state tests.
#pragma once

#include <d3d11_3.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

namespace d3dvk::test {

// The D3D11.3 default rasterizer desc.
inline D3D11_RASTERIZER_DESC2 defaultDesc2() {
  return {D3D11_FILL_SOLID, D3D11_CULL_BACK, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE, 0,
          D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
}

// A feature level 11_1 device as ID3D11Device3 (flags e.g. D3D11_CREATE_DEVICE_DEBUG).
inline ID3D11Device3* createDevice3(UINT flags = 0, ID3D11DeviceContext** context = nullptr) {
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  ID3D11Device* device = nullptr;
  REQUIRE(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, flags, &level, 1, D3D11_SDK_VERSION, &device,
                            nullptr, context) == S_OK);
  ID3D11Device3* device3 = nullptr;
  REQUIRE(device->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(&device3)) == S_OK);
  device->Release();
  return device3;
}

struct StoredMessage {
  D3D11_MESSAGE_CATEGORY category;
  D3D11_MESSAGE_SEVERITY severity;
  D3D11_MESSAGE_ID id;
  std::string text;
};

// Every stored message, read with GetMessage's size-query pattern.
inline std::vector<StoredMessage> storedMessages(ID3D11InfoQueue* queue) {
  std::vector<StoredMessage> out;
  for (UINT64 i = 0; i < queue->GetNumStoredMessagesAllowedByRetrievalFilter(); ++i) {
    SIZE_T length = 0;
    REQUIRE(SUCCEEDED(queue->GetMessage(i, nullptr, &length)));
    std::vector<unsigned char> buffer(length);
    auto* message = reinterpret_cast<D3D11_MESSAGE*>(buffer.data());
    REQUIRE(queue->GetMessage(i, message, &length) == S_OK);
    REQUIRE(message->DescriptionByteLength == std::string(message->pDescription).size() + 1);
    out.push_back({message->Category, message->Severity, message->ID, message->pDescription});
  }
  return out;
}

}  // namespace d3dvk::test
