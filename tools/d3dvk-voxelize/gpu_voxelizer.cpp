// tools/d3dvk-voxelize/gpu_voxelizer.cpp — see gpu_voxelizer.h.
#include "gpu_voxelizer.h"

#include "dxbc/listing.h"
#include "shaders.h"

#include <d3d11sdklayers.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace d3dvk::voxelize {
namespace {

std::string hex(HRESULT hr) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08X", unsigned(hr));
  return buf;
}

void require(HRESULT hr, const char* what) {
  if (hr != S_OK) throw ApiError(std::string(what) + " returned " + hex(hr));
}

std::vector<uint8_t> assembled(const char* listing, const char* what) {
  try {
    return dxbc::assemble(listing).container;
  } catch (const std::exception& e) {
    throw ApiError(std::string("the ") + what + " listing does not assemble: " + e.what());
  }
}

D3D11_TEXTURE3D_DESC volumeDesc(uint32_t n, D3D11_USAGE usage, UINT bind, UINT cpu) {
  D3D11_TEXTURE3D_DESC d{};
  d.Width = d.Height = d.Depth = n;
  d.MipLevels = 1;
  d.Format = DXGI_FORMAT_R32_UINT;
  d.Usage = usage;
  d.BindFlags = bind;
  d.CPUAccessFlags = cpu;
  return d;
}

double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

GpuVoxelizer::GpuVoxelizer(uint32_t n) : n_(n) {
  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  Com<ID3D11Device> base;
  require(D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, D3D11_CREATE_DEVICE_DEBUG, &level, 1,
                            D3D11_SDK_VERSION, base.out(), nullptr, context_.out()),
          "D3D11CreateDevice");
  require(base->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device_.out())),
          "QueryInterface(ID3D11Device3)");
  if (SUCCEEDED(device_->QueryInterface(__uuidof(ID3D11InfoQueue), reinterpret_cast<void**>(queue_.out()))))
    queue_->SetMuteDebugOutput(TRUE);  // errors() reports them
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options{};
  require(device_->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options, sizeof options),
          "CheckFeatureSupport(D3D11_OPTIONS2)");
  tier_ = int(options.ConservativeRasterizationTier);

  ID3D11Device3* d = device_.get();
  const std::vector<uint8_t> vs = assembled(kVertexShader, "vertex shader");
  const std::vector<uint8_t> gs = assembled(kGeometryShader, "geometry shader");
  const std::vector<uint8_t> ps = assembled(kPixelShader, "pixel shader");
  const std::vector<uint8_t> cs = assembled(kCompactShader, "compaction compute shader");
  require(d->CreateVertexShader(vs.data(), vs.size(), nullptr, vs_.out()), "CreateVertexShader");
  require(d->CreateGeometryShader(gs.data(), gs.size(), nullptr, gs_.out()), "CreateGeometryShader");
  require(d->CreatePixelShader(ps.data(), ps.size(), nullptr, ps_.out()), "CreatePixelShader");
  require(d->CreateComputeShader(cs.data(), cs.size(), nullptr, cs_.out()), "CreateComputeShader");
  const D3D11_INPUT_ELEMENT_DESC element{"POSITION", 0, DXGI_FORMAT_R32G32B32_FLOAT, 0, 0,
                                         D3D11_INPUT_PER_VERTEX_DATA, 0};
  require(d->CreateInputLayout(&element, 1, vs.data(), vs.size(), layout_.out()), "CreateInputLayout");

  const float constants[4] = {2.0f / float(n), -2.0f / float(n), 1.0f / float(n), float(n)};
  const D3D11_BUFFER_DESC cbDesc{sizeof constants, D3D11_USAGE_IMMUTABLE, D3D11_BIND_CONSTANT_BUFFER, 0, 0, 0};
  const D3D11_SUBRESOURCE_DATA cbData{constants, 0, 0};
  require(d->CreateBuffer(&cbDesc, &cbData, constants_.out()), "CreateBuffer (constants)");

  const D3D11_TEXTURE3D_DESC volume =
      volumeDesc(n, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS | D3D11_BIND_SHADER_RESOURCE, 0);
  require(d->CreateTexture3D(&volume, nullptr, occupancy_.out()), "CreateTexture3D (occupancy)");
  require(d->CreateTexture3D(&volume, nullptr, counts_.out()), "CreateTexture3D (fragment counts)");
  const D3D11_TEXTURE3D_DESC staging = volumeDesc(n, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ);
  require(d->CreateTexture3D(&staging, nullptr, occupancyStaging_.out()), "CreateTexture3D (occupancy staging)");
  require(d->CreateTexture3D(&staging, nullptr, countsStaging_.out()), "CreateTexture3D (counts staging)");
  require(d->CreateUnorderedAccessView(occupancy_.get(), nullptr, occupancyUav_.out()),
          "CreateUnorderedAccessView (occupancy)");
  require(d->CreateUnorderedAccessView(counts_.get(), nullptr, countsUav_.out()),
          "CreateUnorderedAccessView (fragment counts)");
  require(d->CreateShaderResourceView(occupancy_.get(), nullptr, occupancySrv_.out()),
          "CreateShaderResourceView (occupancy)");

  const UINT voxels = n * n * n;
  const D3D11_BUFFER_DESC listDesc{voxels * 4, D3D11_USAGE_DEFAULT, D3D11_BIND_UNORDERED_ACCESS, 0,
                                   D3D11_RESOURCE_MISC_BUFFER_STRUCTURED, 4};
  require(d->CreateBuffer(&listDesc, nullptr, list_.out()), "CreateBuffer (voxel list)");
  D3D11_UNORDERED_ACCESS_VIEW_DESC listView{};
  listView.Format = DXGI_FORMAT_UNKNOWN;
  listView.ViewDimension = D3D11_UAV_DIMENSION_BUFFER;
  listView.Buffer = {0, voxels, D3D11_BUFFER_UAV_FLAG_APPEND};
  require(d->CreateUnorderedAccessView(list_.get(), &listView, listUav_.out()),
          "CreateUnorderedAccessView (voxel list, append)");
  const D3D11_BUFFER_DESC listStagingDesc{voxels * 4, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
  require(d->CreateBuffer(&listStagingDesc, nullptr, listStaging_.out()), "CreateBuffer (voxel list staging)");
  const D3D11_BUFFER_DESC countDesc{16, D3D11_USAGE_DEFAULT, 0, 0, 0, 0};
  require(d->CreateBuffer(&countDesc, nullptr, count_.out()), "CreateBuffer (structure count)");
  const D3D11_BUFFER_DESC countStagingDesc{16, D3D11_USAGE_STAGING, 0, D3D11_CPU_ACCESS_READ, 0, 0};
  require(d->CreateBuffer(&countStagingDesc, nullptr, countStaging_.out()), "CreateBuffer (structure count staging)");

  D3D11_RASTERIZER_DESC2 raster{};
  raster.FillMode = D3D11_FILL_SOLID;
  raster.CullMode = D3D11_CULL_NONE;  // the projection flips the winding of half the triangles
  raster.DepthClipEnable = FALSE;
  raster.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  require(d->CreateRasterizerState2(&raster, rasterOff_.out()), "CreateRasterizerState2 (conservative OFF)");
  if (tier_ > 0) {
    raster.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
    require(d->CreateRasterizerState2(&raster, rasterOn_.out()), "CreateRasterizerState2 (conservative ON)");
  }
  const D3D11_QUERY_DESC eventDesc{D3D11_QUERY_EVENT, 0};
  require(d->CreateQuery(&eventDesc, event_.out()), "CreateQuery (event)");
}

GpuVoxelizer::~GpuVoxelizer() {
  if (context_.get()) context_->ClearState();
}

void GpuVoxelizer::waitIdle() {
  context_->End(event_.get());
  context_->Flush();
  BOOL done = FALSE;
  HRESULT hr;
  while ((hr = context_->GetData(event_.get(), &done, sizeof done, 0)) == S_FALSE) {
  }
  require(hr, "GetData (event query)");
}

PassResult GpuVoxelizer::run(const std::vector<Triangle>& triangles, bool conservative) {
  if (conservative && !rasterOn_.get()) throw ApiError("the device reports no conservative rasterization tier");
  ID3D11DeviceContext* c = context_.get();
  PassResult out;
  Com<ID3D11Buffer> vertices;
  const D3D11_BUFFER_DESC vbDesc{UINT(triangles.size() * sizeof(Triangle)), D3D11_USAGE_IMMUTABLE,
                                 D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
  const D3D11_SUBRESOURCE_DATA vbData{triangles.data(), 0, 0};
  require(device_->CreateBuffer(&vbDesc, &vbData, vertices.out()), "CreateBuffer (vertices)");
  static_assert(sizeof(Triangle) == 36, "three float3 vertices");

  // Pass 1: the voxelizing draw (UAV-only: no render target).
  const UINT zero[4] = {0, 0, 0, 0};
  c->ClearUnorderedAccessViewUint(occupancyUav_.get(), zero);
  c->ClearUnorderedAccessViewUint(countsUav_.get(), zero);
  ID3D11Buffer* vbs[] = {vertices.get()};
  const UINT stride = 12, offset = 0;
  c->IASetVertexBuffers(0, 1, vbs, &stride, &offset);
  c->IASetInputLayout(layout_.get());
  c->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ID3D11Buffer* cbs[] = {constants_.get()};
  c->VSSetShader(vs_.get(), nullptr, 0);
  c->GSSetShader(gs_.get(), nullptr, 0);
  c->GSSetConstantBuffers(0, 1, cbs);
  c->PSSetShader(ps_.get(), nullptr, 0);
  c->PSSetConstantBuffers(0, 1, cbs);
  c->RSSetState(conservative ? rasterOn_.get() : rasterOff_.get());
  const D3D11_VIEWPORT viewport{0, 0, float(n_), float(n_), 0, 1};
  c->RSSetViewports(1, &viewport);
  ID3D11UnorderedAccessView* uavs[] = {occupancyUav_.get(), countsUav_.get()};
  c->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 2, uavs, nullptr);
  waitIdle();
  auto start = std::chrono::steady_clock::now();
  c->Draw(UINT(triangles.size() * 3), 0);
  waitIdle();
  out.drawMs = msSince(start);
  c->OMSetRenderTargetsAndUnorderedAccessViews(0, nullptr, nullptr, 0, 0, nullptr, nullptr);

  // Pass 2: compaction into the append buffer (its counter starts at 0).
  c->CSSetShader(cs_.get(), nullptr, 0);
  ID3D11ShaderResourceView* srvs[] = {occupancySrv_.get()};
  c->CSSetShaderResources(0, 1, srvs);
  ID3D11UnorderedAccessView* listUavs[] = {listUav_.get()};
  const UINT initial = 0;
  c->CSSetUnorderedAccessViews(0, 1, listUavs, &initial);
  start = std::chrono::steady_clock::now();
  c->Dispatch(n_ / 4, n_ / 4, n_ / 4);
  c->CopyStructureCount(count_.get(), 0, listUav_.get());
  waitIdle();
  out.compactMs = msSince(start);
  ID3D11ShaderResourceView* noSrv[] = {nullptr};
  ID3D11UnorderedAccessView* noUav[] = {nullptr};
  c->CSSetShaderResources(0, 1, noSrv);
  c->CSSetUnorderedAccessViews(0, 1, noUav, nullptr);

  // Pass 3: read-back through staging copies.
  start = std::chrono::steady_clock::now();
  c->CopyResource(occupancyStaging_.get(), occupancy_.get());
  c->CopyResource(countsStaging_.get(), counts_.get());
  c->CopyResource(listStaging_.get(), list_.get());
  c->CopyResource(countStaging_.get(), count_.get());
  D3D11_MAPPED_SUBRESOURCE m{};
  require(c->Map(countStaging_.get(), 0, D3D11_MAP_READ, 0, &m), "Map (structure count)");
  std::memcpy(&out.listCount, m.pData, 4);
  c->Unmap(countStaging_.get(), 0);
  const uint32_t n = n_;
  out.occupancy = Grid(n);
  require(c->Map(occupancyStaging_.get(), 0, D3D11_MAP_READ, 0, &m), "Map (occupancy)");
  for (uint32_t z = 0; z < n; ++z)
    for (uint32_t y = 0; y < n; ++y) {
      const auto* row = reinterpret_cast<const uint32_t*>(static_cast<const uint8_t*>(m.pData) +
                                                          size_t(z) * m.DepthPitch + size_t(y) * m.RowPitch);
      for (uint32_t x = 0; x < n; ++x) out.occupancy.at(x, y, z) = row[x] != 0;
    }
  c->Unmap(occupancyStaging_.get(), 0);
  require(c->Map(countsStaging_.get(), 0, D3D11_MAP_READ, 0, &m), "Map (fragment counts)");
  for (uint32_t z = 0; z < n; ++z)
    for (uint32_t y = 0; y < n; ++y) {
      const auto* row = reinterpret_cast<const uint32_t*>(static_cast<const uint8_t*>(m.pData) +
                                                          size_t(z) * m.DepthPitch + size_t(y) * m.RowPitch);
      for (uint32_t x = 0; x < n; ++x) out.fragments += row[x];
    }
  c->Unmap(countsStaging_.get(), 0);
  require(c->Map(listStaging_.get(), 0, D3D11_MAP_READ, 0, &m), "Map (voxel list)");
  const uint32_t listed = std::min(out.listCount, n * n * n);
  out.list.assign(static_cast<const uint32_t*>(m.pData), static_cast<const uint32_t*>(m.pData) + listed);
  c->Unmap(listStaging_.get(), 0);
  out.readbackMs = msSince(start);
  return out;
}

std::vector<std::string> GpuVoxelizer::errors() const {
  std::vector<std::string> out;
  if (!queue_.get()) return out;
  for (UINT64 i = 0; i < queue_->GetNumStoredMessagesAllowedByRetrievalFilter(); ++i) {
    SIZE_T length = 0;
    if (FAILED(queue_->GetMessage(i, nullptr, &length))) continue;
    std::vector<unsigned char> buffer(length);
    auto* message = reinterpret_cast<D3D11_MESSAGE*>(buffer.data());
    if (queue_->GetMessage(i, message, &length) == S_OK && message->Severity <= D3D11_MESSAGE_SEVERITY_ERROR)
      out.emplace_back(message->pDescription);
  }
  return out;
}

}  // namespace d3dvk::voxelize
