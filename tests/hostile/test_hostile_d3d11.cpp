// tests/hostile: D3D11 hostile input (issue 30, items 6 and 7): a
// DispatchIndirect of 0xFFFFFFFF groups is dropped on the GPU (the next Map
// returns, nothing ran), and allocations past the memory budget are
// E_OUTOFMEMORY with the device still usable.
#include "compute_test_util.h"
#include "hostile_shaders.h"

#include <cstdlib>

using namespace d3dvk::test;

namespace {

void bindCountingShader(RenderDevice& d, ID3D11ComputeShader* cs, ID3D11UnorderedAccessView* uav) {
  d.context->CSSetShader(cs, nullptr, 0);
  d.context->CSSetUnorderedAccessViews(0, 1, &uav, nullptr);
}

}  // namespace

TEST_CASE("hostile D3D11 DispatchIndirect: group counts above 65535 are dropped on the GPU and Map returns",
          "[hostile][d3d11][indirect]") {
  RenderDevice d;
  Com<ID3D11Buffer> counts = makeDataBuffer(d, std::vector<uint32_t>(256, 0), D3D11_BIND_UNORDERED_ACCESS,
                                            D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> view = rawUav(d, counts.get(), 256);
  Com<ID3D11ComputeShader> cs = computeShader(d, kHostileCsCount);
  bindCountingShader(d, cs.get(), view.get());
  // (0xFFFFFFFF, 1, 1), (1, 70000, 1), (1, 1, 65536), then a valid (2, 1, 1) at byte 36.
  Com<ID3D11Buffer> args = makeDataBuffer(d, {0xFFFFFFFFu, 1, 1, 1, 70000, 1, 1, 1, 65536, 2, 1, 1}, 0,
                                          D3D11_RESOURCE_MISC_DRAWINDIRECT_ARGS);
  for (UINT offset : {0u, 12u, 24u}) d.context->DispatchIndirect(args.get(), offset);
  std::vector<uint32_t> words = readBuffer(d, counts.get());  // Map waits for the dispatches: they must end
  for (UINT i = 0; i < 256; ++i) CHECK(words[i] == 0);
  d.context->DispatchIndirect(args.get(), 36);
  words = readBuffer(d, counts.get());
  for (UINT i = 0; i < 256; ++i) {
    INFO("word " << i);
    CHECK(words[i] == (i < 128 ? 1u : 0u));
  }
  CHECK(d->GetDeviceRemovedReason() == S_OK);
}

TEST_CASE("hostile D3D11 memory: buffers past the memory budget are E_OUTOFMEMORY and the device stays usable",
          "[hostile][d3d11][budget]") {
  setenv("D3DVK_MEMORY_BUDGET_MB", "96", 1);
  RenderDevice d;
  std::vector<Com<ID3D11Buffer>> buffers;
  HRESULT hr = S_OK;
  // The review's 4 096 buffers of 256 MiB (1 TiB): refused long before, at the budget.
  for (int i = 0; i < 4096 && hr == S_OK; ++i) {
    D3D11_BUFFER_DESC desc{256u << 20, D3D11_USAGE_DEFAULT, D3D11_BIND_SHADER_RESOURCE, 0, 0, 0};
    Com<ID3D11Buffer> b;
    hr = d->CreateBuffer(&desc, nullptr, b.out());
    if (SUCCEEDED(hr)) buffers.push_back(std::move(b));
  }
  CHECK(hr == E_OUTOFMEMORY);
  CHECK(buffers.empty());  // one 256 MiB buffer is already past a 96 MiB budget
  // 16 MiB buffers until the budget is spent.
  hr = S_OK;
  for (int i = 0; i < 64 && hr == S_OK; ++i) {
    D3D11_BUFFER_DESC desc{16u << 20, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS,
                           0, D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS, 0};
    Com<ID3D11Buffer> b;
    hr = d->CreateBuffer(&desc, nullptr, b.out());
    if (SUCCEEDED(hr)) buffers.push_back(std::move(b));
  }
  CHECK(hr == E_OUTOFMEMORY);
  CHECK(buffers.size() >= 2);
  CHECK(buffers.size() <= 6);
  CHECK(d->GetDeviceRemovedReason() == S_OK);
  // Freed memory is budget again, and the device still computes.
  buffers.pop_back();
  buffers.pop_back();
  Com<ID3D11Buffer> counts = makeDataBuffer(d, std::vector<uint32_t>(64, 0), D3D11_BIND_UNORDERED_ACCESS,
                                            D3D11_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS);
  Com<ID3D11UnorderedAccessView> view = rawUav(d, counts.get(), 64);
  Com<ID3D11ComputeShader> cs = computeShader(d, kHostileCsCount);
  bindCountingShader(d, cs.get(), view.get());
  d.context->Dispatch(1, 1, 1);
  const std::vector<uint32_t> words = readBuffer(d, counts.get());
  for (uint32_t w : words) CHECK(w == 1);
  unsetenv("D3DVK_MEMORY_BUDGET_MB");
}
