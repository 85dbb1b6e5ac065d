// tests/draw: what the stream-output tests share — a debug device with an 8×8
// DrawTarget and its info queue (Capture), stream-output buffers filled with
// a known byte, their contents read back, pixel-centre points, and a query's
// result waited for.
#pragma once

#include "draw_test_util.h"

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

namespace d3dvk::test {

struct Capture {
  RenderDevice d{D3D11_CREATE_DEVICE_DEBUG};
  Com<ID3D11InfoQueue> queue;
  DrawTarget target{d, 8, 8};
  std::vector<uint8_t> vs = assembled(kVsColor);
  Capture() {
    REQUIRE(d->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue.out())) == S_OK);
    queue->SetMuteDebugOutput(TRUE);
  }
  // A stream-output (and vertex) buffer filled with 0xAB bytes.
  Com<ID3D11Buffer> soBuffer(UINT bytes, UINT extraBind = 0) {
    const std::vector<uint8_t> fill(bytes, 0xAB);
    return makeBuffer(d, fill.data(), bytes, D3D11_BIND_STREAM_OUTPUT | extraBind);
  }
  std::vector<float> floats(ID3D11Buffer* b) {
    const std::vector<uint8_t> raw = readback(d, b);
    std::vector<float> out(raw.size() / 4);
    std::memcpy(out.data(), raw.data(), out.size() * 4);
    return out;
  }
  std::vector<uint32_t> words(ID3D11Buffer* b) {
    const std::vector<uint8_t> raw = readback(d, b);
    std::vector<uint32_t> out(raw.size() / 4);
    std::memcpy(out.data(), raw.data(), out.size() * 4);
    return out;
  }
};

// The byte soBuffer fills with, as a word: what capture did not write.
constexpr uint32_t kUntouched = 0xABABABABu;

// Pixel-centre NDC of texel (x, y) of an 8×8 target.
inline Vertex pointAt(UINT x, UINT y, float r, float g, float b, float a) {
  return {(float(x) + 0.5f) / 4.0f - 1.0f, 1.0f - (float(y) + 0.5f) / 4.0f, r, g, b, a};
}

// The query's result once GetData returns S_OK (polling while it is S_FALSE,
// for up to 30 s of wall time: a loaded machine's lavapipe may take long).
template <typename T>
T queryResult(RenderDevice& d, ID3D11Asynchronous* q) {
  T value{};
  HRESULT hr = d.context->GetData(q, &value, sizeof value, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (hr == S_FALSE && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::microseconds(100));
    hr = d.context->GetData(q, &value, sizeof value, 0);
  }
  REQUIRE(hr == S_OK);
  return value;
}

inline Com<ID3D11Query> makeSoQuery(RenderDevice& d, D3D11_QUERY type) {
  const D3D11_QUERY_DESC desc{type, 0};
  Com<ID3D11Query> q;
  REQUIRE(d->CreateQuery(&desc, q.out()) == S_OK);
  return q;
}

}  // namespace d3dvk::test
