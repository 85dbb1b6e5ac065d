// tests/resources: a 4x multisampled texture with SampleDesc.Quality
// D3D11_STANDARD_MULTISAMPLE_PATTERN (D3D11's standard sample positions, which
// Vulkan's standard locations are) is accepted, keeps that quality in GetDesc,
// clears and resolves to the exact UNORM colour; a quality beyond the reported
// levels that is not a pattern value is refused with INVALIDSAMPLES.
#include "resource_test_util.h"

using namespace d3dvk;
using namespace d3dvk::test;

TEST_CASE("MSAA: D3D11_STANDARD_MULTISAMPLE_PATTERN quality accepted, cleared and resolved exactly",
          "[resources][msaa]") {
  Checked c;
  RenderDevice& d = c.d;
  UINT levels = 0;
  REQUIRE(d->CheckMultisampleQualityLevels(DXGI_FORMAT_R8G8B8A8_UNORM, 4, &levels) == S_OK);
  REQUIRE(levels >= 1);
  D3D11_TEXTURE2D_DESC md = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_RENDER_TARGET,
                                          D3D11_USAGE_DEFAULT, 0, 4);
  md.SampleDesc.Quality = D3D11_STANDARD_MULTISAMPLE_PATTERN;
  Com<ID3D11Texture2D> ms;
  REQUIRE(d->CreateTexture2D(&md, nullptr, ms.out()) == S_OK);
  D3D11_TEXTURE2D_DESC got{};
  ms->GetDesc(&got);
  CHECK((got.SampleDesc.Count == 4 && got.SampleDesc.Quality == UINT(D3D11_STANDARD_MULTISAMPLE_PATTERN)));
  Com<ID3D11RenderTargetView> rtv;
  REQUIRE(d->CreateRenderTargetView(ms.get(), nullptr, rtv.out()) == S_OK);
  const float colour[4] = {0.2f, 0.4f, 0.6f, 0.8f};
  d.context->ClearRenderTargetView(rtv.get(), colour);
  D3D11_TEXTURE2D_DESC rd = texture2DDesc(4, 4, DXGI_FORMAT_R8G8B8A8_UNORM, D3D11_BIND_SHADER_RESOURCE);
  Com<ID3D11Texture2D> resolved;
  REQUIRE(d->CreateTexture2D(&rd, nullptr, resolved.out()) == S_OK);
  d.context->ResolveSubresource(resolved.get(), 0, ms.get(), 0, DXGI_FORMAT_R8G8B8A8_UNORM);
  // round(0.2 × 255) = 51, 102, 153, 204.
  for (uint32_t px : as<uint32_t>(readback(d, resolved.get(), 0))) CHECK(px == 0xCC996633u);
  CHECK(drainMessages(c.queue.get()).empty());

  md.SampleDesc.Quality = levels;  // one past the last level, not a pattern value
  CHECK(d->CreateTexture2D(&md, nullptr, ms.out()) == E_INVALIDARG);
  bool found = false;
  for (const StoredMessage& m : drainMessages(c.queue.get()))
    found = found || m.id == D3D11_MESSAGE_ID_CREATETEXTURE2D_INVALIDSAMPLES;
  CHECK(found);
  md.SampleDesc = {1, UINT(D3D11_STANDARD_MULTISAMPLE_PATTERN)};  // a pattern needs several samples
  CHECK(d->CreateTexture2D(&md, nullptr, ms.out()) == E_INVALIDARG);
}
