// d3dvk bench/draw: one Draw of N triangles into a 1920×1080 render target
// through the public D3D11 API, conservative ON against the same draw with
// conservative OFF, in the same run. On a device without native conservative
// rasterization (lavapipe) the ON draw takes the exact fallback on the GPU:
// transform-feedback capture, the setup pass and the draw pass whose pixel
// shader decides coverage (docs/conservative-rasterization.md, "How a conservative draw runs"). Each timing is the draw plus
// waiting for it (a 1×1 copy to a staging texture and Map); the first draw of
// each kind (pipeline and shader-variant creation) is not timed; the median of
// R repetitions is printed, wall clock and the process's CPU time (every
// thread, lavapipe's included: steadier than wall clock on a shared machine),
// with the process's peak resident memory while the
// OFF and the ON draws ran (on lavapipe device memory is host memory, so the
// difference is what the fallback holds; on a discrete GPU
// D3DVK_FALLBACK_STATS=1 prints the fallback's buffer sizes instead).
// Workloads: N (default 100 000) random triangles of about 10 px and of about
// 40 px edge, then L (default 1 000 000) of about 10 px, spread over the
// target, in perspective (w in [1, 2] per triangle, ±2 % across it).
// Usage: d3dvk-bench-draw [--triangles N] [--large L] [--repeat R]   (L = 0 skips that workload)
#include "dxbc/listing.h"

#include <d3d11_3.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace {

constexpr UINT kWidth = 1920, kHeight = 1080;

const char kVs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// POSITION                 0   xyzw        0     NONE   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xyzw
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
vs_5_0
dcl_input v0.xyzw
dcl_input v1.xyzw
dcl_output_siv o0.xyzw, position
dcl_output o1.xyzw
mov o0.xyzw, v0.xyzw
mov o1.xyzw, v1.xyzw
ret
)";

const char kPs[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyzw
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.xyzw
dcl_output o0.xyzw
mov o0.xyzw, v1.xyzw
ret
)";

struct Vertex {
  float x, y, z, w;
  float r, g, b, a;
};

template <typename T>
struct Ref {
  T* p = nullptr;
  ~Ref() {
    if (p) p->Release();
  }
  T** out() { return &p; }
  T* operator->() const { return p; }
};

[[noreturn]] void die(const char* what, HRESULT hr) {
  std::fprintf(stderr, "d3dvk-bench-draw: %s failed with HRESULT 0x%08X\n", what, unsigned(hr));
  std::exit(1);
}

std::vector<Vertex> randomTriangles(uint32_t count, double edgePixels, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> x(0, kWidth), y(0, kHeight), offset(-edgePixels, edgePixels), w(1.0, 2.0),
      unit(0, 1), tilt(0.98, 1.02);
  std::vector<Vertex> out;
  out.reserve(size_t(count) * 3);
  for (uint32_t t = 0; t < count; ++t) {
    const double cx = x(rng), cy = y(rng), triangleW = w(rng);
    const float r = float(unit(rng)), g = float(unit(rng)), b = float(unit(rng));
    for (int k = 0; k < 3; ++k) {
      const double sx = cx + offset(rng), sy = cy + offset(rng), vw = triangleW * tilt(rng);
      out.push_back({float((sx / kWidth * 2 - 1) * vw), float((1 - sy / kHeight * 2) * vw), float(0.5 * vw),
                     float(vw), r, g, b, 1});
    }
  }
  return out;
}

// The process's peak resident set (VmHWM) since the last resetPeakMemory(), in MiB.
double peakMemoryMiB() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("VmHWM:", 0) == 0) return std::strtod(line.c_str() + 6, nullptr) / 1024.0;
  return 0;
}

// The process's CPU time (user + system, every thread: lavapipe's too), in ms.
double cpuMs() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return (double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3) +
         double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

void resetPeakMemory() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";  // resets VmHWM to the current resident set
}

}  // namespace

int main(int argc, char** argv) {
  uint32_t triangles = 100000, large = 1000000, repeat = 5;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--triangles" || a == "--large" || a == "--repeat") && i + 1 < argc) {
      char* end = nullptr;
      const long v = std::strtol(argv[++i], &end, 10);
      if (*end != 0 || v < (a == "--large" ? 0 : 1) || v > 10000000) {
        std::fprintf(stderr, "d3dvk-bench-draw: %s needs a number from %d to 10000000\n", a.c_str(),
                     a == "--large" ? 0 : 1);
        return 2;
      }
      (a == "--triangles" ? triangles : a == "--large" ? large : repeat) = uint32_t(v);
    } else {
      std::fprintf(stderr, "usage: d3dvk-bench-draw [--triangles N] [--large L] [--repeat R]\n");
      return 2;
    }
  }

  const D3D_FEATURE_LEVEL level = D3D_FEATURE_LEVEL_11_1;
  Ref<ID3D11Device> device;
  Ref<ID3D11DeviceContext> context;
  HRESULT hr = D3D11CreateDevice(nullptr, D3D_DRIVER_TYPE_HARDWARE, nullptr, 0, &level, 1, D3D11_SDK_VERSION,
                                 device.out(), nullptr, context.out());
  if (FAILED(hr)) die("D3D11CreateDevice", hr);
  D3D11_FEATURE_DATA_D3D11_OPTIONS2 options2{};
  device->CheckFeatureSupport(D3D11_FEATURE_D3D11_OPTIONS2, &options2, sizeof options2);
  if (options2.ConservativeRasterizationTier == D3D11_CONSERVATIVE_RASTERIZATION_NOT_SUPPORTED) {
    std::fprintf(stderr, "d3dvk-bench-draw: the device reports no conservative rasterization\n");
    return 1;
  }
  Ref<ID3D11Device3> device3;
  hr = device->QueryInterface(__uuidof(ID3D11Device3), reinterpret_cast<void**>(device3.out()));
  if (FAILED(hr)) die("QueryInterface(ID3D11Device3)", hr);

  D3D11_TEXTURE2D_DESC td{kWidth, kHeight, 1, 1, DXGI_FORMAT_R8G8B8A8_UNORM, {1, 0}, D3D11_USAGE_DEFAULT,
                          D3D11_BIND_RENDER_TARGET, 0, 0};
  Ref<ID3D11Texture2D> target, staging;
  Ref<ID3D11RenderTargetView> rtv;
  if (FAILED(hr = device->CreateTexture2D(&td, nullptr, target.out()))) die("CreateTexture2D", hr);
  if (FAILED(hr = device->CreateRenderTargetView(target.p, nullptr, rtv.out()))) die("CreateRenderTargetView", hr);
  D3D11_TEXTURE2D_DESC sd = td;
  sd.Width = sd.Height = 1;
  sd.Usage = D3D11_USAGE_STAGING;
  sd.BindFlags = 0;
  sd.CPUAccessFlags = D3D11_CPU_ACCESS_READ;
  if (FAILED(hr = device->CreateTexture2D(&sd, nullptr, staging.out()))) die("CreateTexture2D (staging)", hr);

  const std::vector<uint8_t> vsCode = d3dvk::dxbc::assemble(kVs).container, psCode = d3dvk::dxbc::assemble(kPs).container;
  Ref<ID3D11VertexShader> vs;
  Ref<ID3D11PixelShader> ps;
  Ref<ID3D11InputLayout> layout;
  if (FAILED(hr = device->CreateVertexShader(vsCode.data(), vsCode.size(), nullptr, vs.out()))) die("CreateVertexShader", hr);
  if (FAILED(hr = device->CreatePixelShader(psCode.data(), psCode.size(), nullptr, ps.out()))) die("CreatePixelShader", hr);
  const D3D11_INPUT_ELEMENT_DESC elements[] = {
      {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0, D3D11_INPUT_PER_VERTEX_DATA, 0},
      {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 16, D3D11_INPUT_PER_VERTEX_DATA, 0}};
  if (FAILED(hr = device->CreateInputLayout(elements, 2, vsCode.data(), vsCode.size(), layout.out())))
    die("CreateInputLayout", hr);
  D3D11_RASTERIZER_DESC2 rd{D3D11_FILL_SOLID, D3D11_CULL_NONE, FALSE, 0, 0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE,
                            0, D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF};
  Ref<ID3D11RasterizerState2> standard, conservative;
  if (FAILED(hr = device3->CreateRasterizerState2(&rd, standard.out()))) die("CreateRasterizerState2 (OFF)", hr);
  rd.ConservativeRaster = D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON;
  if (FAILED(hr = device3->CreateRasterizerState2(&rd, conservative.out()))) die("CreateRasterizerState2 (ON)", hr);

  ID3D11RenderTargetView* views[] = {rtv.p};
  context->OMSetRenderTargets(1, views, nullptr);
  const D3D11_VIEWPORT vp{0, 0, float(kWidth), float(kHeight), 0, 1};
  context->RSSetViewports(1, &vp);
  context->IASetInputLayout(layout.p);
  context->IASetPrimitiveTopology(D3D11_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  context->VSSetShader(vs.p, nullptr, 0);
  context->PSSetShader(ps.p, nullptr, 0);

  struct Timing {
    double wall, cpu;
  };
  auto timeDraw = [&](ID3D11RasterizerState2* state, UINT vertexCount) {
    context->RSSetState(state);
    const double cpuStart = cpuMs();
    const auto start = std::chrono::steady_clock::now();
    context->Draw(vertexCount, 0);
    const D3D11_BOX box{0, 0, 0, 1, 1, 1};
    context->CopySubresourceRegion(staging.p, 0, 0, 0, 0, target.p, 0, &box);
    D3D11_MAPPED_SUBRESOURCE mapped{};
    if (FAILED(context->Map(staging.p, 0, D3D11_MAP_READ, 0, &mapped))) die("Map", E_FAIL);
    context->Unmap(staging.p, 0);
    return Timing{std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count(),
                  cpuMs() - cpuStart};
  };
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
  };

  std::printf("d3dvk-bench-draw: %ux%u R8G8B8A8_UNORM, conservative tier %d, median of %u\n", kWidth, kHeight,
              int(options2.ConservativeRasterizationTier), repeat);
  struct Workload {
    uint32_t triangles;
    double edge;
  };
  std::vector<Workload> workloads = {{triangles, 10.0}, {triangles, 40.0}};
  if (large) workloads.push_back({large, 10.0});
  for (const Workload& workload : workloads) {
    const double edge = workload.edge;
    const std::vector<Vertex> vertices = randomTriangles(workload.triangles, edge, 2026);
    D3D11_BUFFER_DESC bd{UINT(vertices.size() * sizeof(Vertex)), D3D11_USAGE_DEFAULT, D3D11_BIND_VERTEX_BUFFER, 0, 0, 0};
    D3D11_SUBRESOURCE_DATA init{vertices.data(), 0, 0};
    Ref<ID3D11Buffer> vb;
    if (FAILED(hr = device->CreateBuffer(&bd, &init, vb.out()))) die("CreateBuffer", hr);
    ID3D11Buffer* buffers[] = {vb.p};
    const UINT stride = sizeof(Vertex), offset = 0;
    context->IASetVertexBuffers(0, 1, buffers, &stride, &offset);
    const UINT count = UINT(vertices.size());
    // Warm-ups (pipelines, shader variants; the fallback's buffers, which it
    // keeps) inside the peak they belong to.
    std::vector<double> off, on, offCpu, onCpu;
    resetPeakMemory();
    timeDraw(standard.p, count);
    for (uint32_t r = 0; r < repeat; ++r) {
      const Timing t = timeDraw(standard.p, count);
      off.push_back(t.wall);
      offCpu.push_back(t.cpu);
    }
    const double offPeak = peakMemoryMiB();
    resetPeakMemory();
    timeDraw(conservative.p, count);
    for (uint32_t r = 0; r < repeat; ++r) {
      const Timing t = timeDraw(conservative.p, count);
      on.push_back(t.wall);
      onCpu.push_back(t.cpu);
    }
    const double onPeak = peakMemoryMiB();
    const double offMs = median(off), onMs = median(on), offCpuMs = median(offCpu), onCpuMs = median(onCpu);
    std::printf("  %7u triangles, ~%2.0f px edges:  conservative OFF %8.1f ms   ON %8.1f ms   (%.1fx)   "
                "CPU time OFF %.1f ms, ON %.1f ms (%.1fx)   peak RSS OFF %.0f MiB, ON %.0f MiB\n",
                workload.triangles, edge, offMs, onMs, onMs / offMs, offCpuMs, onCpuMs, onCpuMs / offCpuMs, offPeak,
                onPeak);
  }
  return 0;
}
