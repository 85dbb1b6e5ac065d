// runtime/dxgi/dxgi_swapchain.cpp — see dxgi_swapchain.h.
#include "dxgi_swapchain.h"

#include "dxgi_window_system.h"

#include "umd_adapter.h"

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <new>
#include <set>
#include <string>

namespace d3dvk::runtime {
namespace {

void logError(const char* function, const std::string& message) {
  std::fprintf(stderr, "d3dvk: %s: %s\n", function, message.c_str());
}

HRESULT fail(const char* function, HRESULT hr, const std::string& message) {
  logError(function, message);
  return hr;
}

bool isFlip(DXGI_SWAP_EFFECT effect) {
  return effect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL || effect == DXGI_SWAP_EFFECT_FLIP_DISCARD;
}

// The back-buffer formats DXGI allows: flip model the four display formats; the
// blit model also their 8-bit sRGB forms.
bool allowedFormat(DXGI_FORMAT format, bool flip) {
  switch (format) {
    case DXGI_FORMAT_R8G8B8A8_UNORM:
    case DXGI_FORMAT_B8G8R8A8_UNORM:
    case DXGI_FORMAT_R10G10B10A2_UNORM:
    case DXGI_FORMAT_R16G16B16A16_FLOAT: return true;
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB:
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB: return !flip;
    default: return false;
  }
}

// Why a buffer count is not allowed for the swap effect ("" when it is).
std::string badBufferCount(UINT count, bool flip) {
  if (flip && (count < 2 || count > DXGI_MAX_SWAP_CHAIN_BUFFERS))
    return "BufferCount " + std::to_string(count) + ": a flip-model swapchain has 2 to 16 buffers";
  if (!flip && (count < 1 || count > DXGI_MAX_SWAP_CHAIN_BUFFERS))
    return "BufferCount " + std::to_string(count) + ": a swapchain has 1 to 16 buffers";
  return {};
}

constexpr UINT kValidSwapChainFlags = 0x1FFF;  // DXGI_SWAP_CHAIN_FLAG_NONPREROTATED … RESTRICTED_TO_ALL_HOLOGRAPHIC_DISPLAYS
constexpr UINT kFlipOnlyFlags = DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING | DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT;
constexpr UINT kValidPresentFlags = DXGI_PRESENT_TEST | DXGI_PRESENT_DO_NOT_SEQUENCE | DXGI_PRESENT_RESTART |
                                    DXGI_PRESENT_DO_NOT_WAIT | DXGI_PRESENT_STEREO_PREFER_RIGHT |
                                    DXGI_PRESENT_STEREO_TEMPORARY_MONO | DXGI_PRESENT_RESTRICT_TO_OUTPUT |
                                    DXGI_PRESENT_USE_DURATION | DXGI_PRESENT_ALLOW_TEARING;

// Why DXGI refuses the description ("" when it does not).
std::string badDesc(const DXGI_SWAP_CHAIN_DESC1& d, bool d3d12) {
  if (d.SwapEffect != DXGI_SWAP_EFFECT_DISCARD && d.SwapEffect != DXGI_SWAP_EFFECT_SEQUENTIAL && !isFlip(d.SwapEffect))
    return "SwapEffect " + std::to_string(int(d.SwapEffect)) + " is not a DXGI_SWAP_EFFECT";
  const bool flip = isFlip(d.SwapEffect);
  if (d3d12 && !flip) return "a D3D12 swapchain uses a flip model (DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL or FLIP_DISCARD)";
  if (std::string why = badBufferCount(d.BufferCount, flip); !why.empty()) return why;
  if (!allowedFormat(d.Format, flip))
    return "Format " + std::to_string(int(d.Format)) +
           (flip ? " is not a flip-model back-buffer format (R8G8B8A8_UNORM, B8G8R8A8_UNORM, R10G10B10A2_UNORM, "
                   "R16G16B16A16_FLOAT; sRGB goes in the render-target view)"
                 : " is not a back-buffer format d3dvk presents");
  if (d.SampleDesc.Count != 1 || d.SampleDesc.Quality != 0)
    return flip ? "a flip-model swapchain is single-sampled (SampleDesc 1, 0); resolve into it"
                : "multisampled back buffers are not supported by d3dvk (SampleDesc 1, 0)";
  if (d.Stereo) return "stereo swapchains are not supported (IsWindowedStereoEnabled is FALSE)";
  if (d.Scaling != DXGI_SCALING_STRETCH && d.Scaling != DXGI_SCALING_NONE && d.Scaling != DXGI_SCALING_ASPECT_RATIO_STRETCH)
    return "Scaling " + std::to_string(int(d.Scaling)) + " is not a DXGI_SCALING";
  if (!flip && d.Scaling == DXGI_SCALING_NONE) return "DXGI_SCALING_NONE needs a flip-model swapchain";
  if (d.AlphaMode != DXGI_ALPHA_MODE_UNSPECIFIED && d.AlphaMode != DXGI_ALPHA_MODE_IGNORE)
    return "a window's swapchain has AlphaMode UNSPECIFIED or IGNORE (the others are for composition swapchains)";
  if (d.Flags & ~kValidSwapChainFlags) return "Flags has bits that are no DXGI_SWAP_CHAIN_FLAG";
  if (!flip && (d.Flags & kFlipOnlyFlags))
    return "ALLOW_TEARING and FRAME_LATENCY_WAITABLE_OBJECT need a flip-model swapchain";
  return {};
}

// One swapchain per window (DXGI: E_ACCESSDENIED for a second).
std::mutex& windowsMutex() {
  static std::mutex m;
  return m;
}
std::set<HWND>& windowsInUse() {
  static auto* windows = new std::set<HWND>();
  return *windows;
}

// The UMD's presentation functions, or null with *error.
const D3DVK_PRESENT_FUNCS* presentFuncs(std::string* error) {
  static std::mutex mutex;
  static D3DVK_PRESENT_FUNCS funcs{};
  static bool loaded = false;
  std::lock_guard<std::mutex> lock(mutex);
  if (loaded) return &funcs;
  const std::string path = umdPath();
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);  // held for the process, like the adapters'
  if (!library) {
    *error = "cannot load the user-mode driver " + path + ": " + dlerror();
    return nullptr;
  }
  auto get = reinterpret_cast<PFN_D3DVKGetPresentFuncs>(dlsym(library, D3DVK_GET_PRESENT_FUNCS_NAME));
  if (!get || get(&funcs, sizeof funcs) != S_OK) {
    *error = "the user-mode driver " + path + " cannot present (no " D3DVK_GET_PRESENT_FUNCS_NAME ")";
    return nullptr;
  }
  loaded = true;
  return &funcs;
}

int64_t monotonicNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

}  // namespace

HRESULT createSwapChain(IDXGIFactory* factory, IUnknown* device, HWND window, const DXGI_SWAP_CHAIN_DESC1* desc,
                        const DXGI_SWAP_CHAIN_FULLSCREEN_DESC* fullscreen, IDXGISwapChain1** out,
                        const char* function) {
  if (!out) return fail(function, DXGI_ERROR_INVALID_CALL, "ppSwapChain is null");
  *out = nullptr;
  if (!device) return fail(function, DXGI_ERROR_INVALID_CALL, "pDevice is null");
  if (!desc) return fail(function, DXGI_ERROR_INVALID_CALL, "the swapchain description is null");
  if (!window) return fail(function, DXGI_ERROR_INVALID_CALL, "the window (HWND) is null");
  HRESULT hr = DXGI_ERROR_INVALID_CALL;
  std::string error = "pDevice is neither a d3dvk ID3D11Device nor a d3dvk ID3D12CommandQueue";
  std::unique_ptr<SwapChainBuffers> buffers = swapChainBuffersD3D11(device);
  if (!buffers) buffers = swapChainBuffersD3D12(device, &hr, &error);
  if (!buffers) return fail(function, hr, error);
  if (std::string why = badDesc(*desc, buffers->api() == D3DVK_PRESENT_API_D3D12); !why.empty())
    return fail(function, DXGI_ERROR_INVALID_CALL, why);
  buffers->keepPresentedFrames(desc->SwapEffect == DXGI_SWAP_EFFECT_SEQUENTIAL ||
                               desc->SwapEffect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL);
  DXGI_SWAP_CHAIN_FULLSCREEN_DESC fs{};
  fs.Windowed = TRUE;
  bool startFullscreen = false;
  if (fullscreen) {
    fs = *fullscreen;
    startFullscreen = !fs.Windowed;
    fs.Windowed = TRUE;  // until SetFullscreenState below
  }
  {
    std::lock_guard<std::mutex> lock(windowsMutex());
    if (!windowsInUse().insert(window).second)
      return fail(function, E_ACCESSDENIED, "the window already has a swapchain");
  }
  auto* swapchain = new (std::nothrow) DxgiSwapChain(factory, std::move(buffers), window, *desc, fs);
  if (!swapchain) {
    std::lock_guard<std::mutex> lock(windowsMutex());
    windowsInUse().erase(window);
    return E_OUTOFMEMORY;
  }
  hr = swapchain->init(&error);
  if (FAILED(hr)) {
    swapchain->Release();
    return fail(function, hr, error);
  }
  if (startFullscreen && FAILED(swapchain->SetFullscreenState(TRUE, nullptr)))
    logError(function, "the swapchain could not start fullscreen: it is windowed (see SetFullscreenState's message)");
  *out = swapchain;
  return S_OK;
}

DxgiSwapChain::DxgiSwapChain(IDXGIFactory* factory, std::unique_ptr<SwapChainBuffers> buffers, HWND window,
                             const DXGI_SWAP_CHAIN_DESC1& desc, const DXGI_SWAP_CHAIN_FULLSCREEN_DESC& fullscreen)
    : factory_(factory), buffers_(std::move(buffers)), window_(window), desc_(desc), fullscreen_(fullscreen) {
  registered_ = true;
  if (factory_) factory_->AddRef();
}

HRESULT DxgiSwapChain::init(std::string* error) {
  funcs_ = presentFuncs(error);
  if (!funcs_) return DXGI_ERROR_UNSUPPORTED;
  D3DVK_PRESENTER_DESC p{};
  p.Api = buffers_->api();
  if (!currentWindowSystem(&p.WindowSystem, error)) return DXGI_ERROR_UNSUPPORTED;
  windowSystem_ = p.WindowSystem;
  windowSystemInUse();
  p.Device = buffers_->ddiDevice();
  p.Queue = buffers_->ddiQueue();
  p.Window = uint64_t(uintptr_t(window_));
  p.Format = desc_.Format;
  p.BufferCount = desc_.BufferCount;
  char reason[512] = {};
  HRESULT hr = funcs_->pfnCreatePresenter(&p, &presenter_, reason, sizeof reason);
  if (FAILED(hr)) {
    *error = std::string("cannot present to the window: ") + reason;
    return hr;
  }
  if (desc_.Width == 0 || desc_.Height == 0) {
    UINT w = 0, h = 0;
    windowSize(&w, &h);
    if (desc_.Width == 0) desc_.Width = w ? w : 8;
    if (desc_.Height == 0) desc_.Height = h ? h : 8;
  }
  sourceWidth_ = desc_.Width;
  sourceHeight_ = desc_.Height;
  if (desc_.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT) {
    latencyWaitable_ = FrameLatencyWaitable::create(funcs_, presenter_, maxLatency_, error);
    if (!latencyWaitable_) return E_OUTOFMEMORY;
  }
  return buffers_->create(desc_.BufferCount, desc_.Width, desc_.Height, desc_.Format, desc_.BufferUsage, error);
}

DxgiSwapChain::~DxgiSwapChain() {
  leaveFullscreen();  // (DXGI asks applications to leave first; d3dvk restores the window for them)
  latencyWaitable_.reset();  // its thread waits on the presenter
  if (presenter_) funcs_->pfnDestroyPresenter(presenter_);  // waits for the last copy out of a buffer
  buffers_.reset();
  if (factory_) factory_->Release();
  if (registered_) {
    std::lock_guard<std::mutex> lock(windowsMutex());
    windowsInUse().erase(window_);
  }
}

bool DxgiSwapChain::flipModel() const { return isFlip(desc_.SwapEffect); }

void DxgiSwapChain::windowSize(UINT* width, UINT* height) {
  *width = *height = 0;
  D3DVK_PRESENTER_STATUS status{};
  char reason[256] = {};
  if (presenter_ && SUCCEEDED(funcs_->pfnGetStatus(presenter_, &status, reason, sizeof reason))) {
    *width = status.WindowWidth;
    *height = status.WindowHeight;
  }
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::QueryInterface(REFIID riid, void** ppvObject) try {
  if (!ppvObject) return E_POINTER;
  *ppvObject = nullptr;
  if (riid == __uuidof(IUnknown) || riid == __uuidof(IDXGIObject) || riid == __uuidof(IDXGIDeviceSubObject) ||
      riid == __uuidof(IDXGISwapChain) || riid == __uuidof(IDXGISwapChain1) || riid == __uuidof(IDXGISwapChain2) ||
      riid == __uuidof(IDXGISwapChain3) || riid == __uuidof(IDXGISwapChain4)) {
    AddRef();
    *ppvObject = static_cast<IDXGISwapChain4*>(this);
    return S_OK;
  }
  return E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

ULONG STDMETHODCALLTYPE DxgiSwapChain::AddRef() try { return ++refs_; } D3DVK_CATCH_RETURN({})

ULONG STDMETHODCALLTYPE DxgiSwapChain::Release() try {
  const ULONG left = --refs_;
  if (left == 0) delete this;
  return left;
} D3DVK_CATCH_RETURN({})

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetParent(REFIID riid, void** ppParent) try {
  if (!ppParent) return DXGI_ERROR_INVALID_CALL;
  *ppParent = nullptr;
  return factory_ ? factory_->QueryInterface(riid, ppParent) : E_NOINTERFACE;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetDevice(REFIID riid, void** ppDevice) try {
  if (!ppDevice) return DXGI_ERROR_INVALID_CALL;
  *ppDevice = nullptr;
  return buffers_->getDevice(riid, ppDevice);
} D3DVK_CATCH_HRESULT

HRESULT DxgiSwapChain::present(UINT syncInterval, UINT flags, const char* method) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (syncInterval > 4) return fail(method, DXGI_ERROR_INVALID_CALL, "SyncInterval is 0 to 4");
  if (flags & ~kValidPresentFlags) return fail(method, DXGI_ERROR_INVALID_CALL, "Flags has bits that are no DXGI_PRESENT");
  if (flags & DXGI_PRESENT_ALLOW_TEARING) {
    if (!(desc_.Flags & DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING))
      return fail(method, DXGI_ERROR_INVALID_CALL,
                  "DXGI_PRESENT_ALLOW_TEARING needs a swapchain created with DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING");
    if (syncInterval != 0)
      return fail(method, DXGI_ERROR_INVALID_CALL, "DXGI_PRESENT_ALLOW_TEARING needs SyncInterval 0");
  }
  if (const HRESULT removed = buffers_->removedReason(); FAILED(removed)) return removed;
  if (flags & DXGI_PRESENT_TEST) {  // the window's state only; nothing is presented
    D3DVK_PRESENTER_STATUS status{};
    char reason[256] = {};
    const HRESULT hr = funcs_->pfnGetStatus(presenter_, &status, reason, sizeof reason);
    if (FAILED(hr)) return fail(method, hr, reason);
    return status.WindowWidth == 0 || status.WindowHeight == 0 ? DXGI_STATUS_OCCLUDED : S_OK;
  }
  ++presentCalls_;
  D3DVK_PRESENT_ARGS args{};
  const UINT index = buffers_->api() == D3DVK_PRESENT_API_D3D12 ? current_ : 0;
  args.Resource = buffers_->ddiResource(index);
  args.SyncInterval = syncInterval;
  char reason[512] = {};
  const HRESULT hr = funcs_->pfnPresent(presenter_, &args, reason, sizeof reason);
  // The waitable object is released when the frame's copy finishes (at once when
  // nothing was queued), so that a waiting application reaches this error too.
  if (latencyWaitable_) latencyWaitable_->queued(hr == S_OK ? funcs_->pfnLastFrame(presenter_) : 0);
  if (FAILED(hr)) return fail(method, hr, reason);
  if (hr == S_OK) {
    ++presentsShown_;
    lastShownNs_ = monotonicNs();
    buffers_->presented();
  }
  if (buffers_->api() == D3DVK_PRESENT_API_D3D12) current_ = (current_ + 1) % desc_.BufferCount;
  return hr;
}

HRESULT STDMETHODCALLTYPE DxgiSwapChain::Present(UINT SyncInterval, UINT Flags) try {
  return present(SyncInterval, Flags, "IDXGISwapChain::Present");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::Present1(UINT SyncInterval, UINT PresentFlags,
                                                  const DXGI_PRESENT_PARAMETERS* pPresentParameters) try {
  if (pPresentParameters && pPresentParameters->DirtyRectsCount && !pPresentParameters->pDirtyRects)
    return fail("IDXGISwapChain1::Present1", DXGI_ERROR_INVALID_CALL, "DirtyRectsCount is not 0 but pDirtyRects is null");
  // Dirty and scroll rectangles are hints: the whole back buffer is shown.
  return present(SyncInterval, PresentFlags, "IDXGISwapChain1::Present1");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetBuffer(UINT Buffer, REFIID riid, void** ppSurface) try {
  if (!ppSurface) return DXGI_ERROR_INVALID_CALL;
  *ppSurface = nullptr;
  std::lock_guard<std::mutex> lock(mutex_);
  if (Buffer >= desc_.BufferCount)
    return fail("IDXGISwapChain::GetBuffer", DXGI_ERROR_INVALID_CALL,
                "Buffer " + std::to_string(Buffer) + " is not below BufferCount " + std::to_string(desc_.BufferCount));
  if (Buffer >= buffers_->count())
    return fail("IDXGISwapChain::GetBuffer", DXGI_ERROR_INVALID_CALL,
                "a D3D11 swapchain with DXGI_SWAP_EFFECT_DISCARD or FLIP_DISCARD gives out buffer 0 only "
                "(the sequential swap effects also give read-only buffers above 0)");
  return buffers_->get(Buffer, riid, ppSurface);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetDesc(DXGI_SWAP_CHAIN_DESC* pDesc) try {
  if (!pDesc) return DXGI_ERROR_INVALID_CALL;
  std::lock_guard<std::mutex> lock(mutex_);
  *pDesc = {};
  pDesc->BufferDesc.Width = desc_.Width;
  pDesc->BufferDesc.Height = desc_.Height;
  pDesc->BufferDesc.RefreshRate = fullscreen_.RefreshRate;
  pDesc->BufferDesc.Format = desc_.Format;
  pDesc->BufferDesc.ScanlineOrdering = fullscreen_.ScanlineOrdering;
  pDesc->BufferDesc.Scaling = fullscreen_.Scaling;
  pDesc->SampleDesc = desc_.SampleDesc;
  pDesc->BufferUsage = desc_.BufferUsage;
  pDesc->BufferCount = desc_.BufferCount;
  pDesc->OutputWindow = window_;
  pDesc->Windowed = fullscreen_.Windowed;
  pDesc->SwapEffect = desc_.SwapEffect;
  pDesc->Flags = desc_.Flags;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetDesc1(DXGI_SWAP_CHAIN_DESC1* pDesc) try {
  if (!pDesc) return DXGI_ERROR_INVALID_CALL;
  std::lock_guard<std::mutex> lock(mutex_);
  *pDesc = desc_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetFullscreenDesc(DXGI_SWAP_CHAIN_FULLSCREEN_DESC* pDesc) try {
  if (!pDesc) return DXGI_ERROR_INVALID_CALL;
  std::lock_guard<std::mutex> lock(mutex_);
  *pDesc = fullscreen_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::ResizeBuffers(UINT BufferCount, UINT Width, UINT Height,
                                                       DXGI_FORMAT NewFormat, UINT SwapChainFlags) try {
  const char* method = "IDXGISwapChain::ResizeBuffers";
  std::lock_guard<std::mutex> lock(mutex_);
  const bool flip = flipModel();
  const UINT count = BufferCount ? BufferCount : desc_.BufferCount;
  if (std::string why = badBufferCount(count, flip); !why.empty()) return fail(method, DXGI_ERROR_INVALID_CALL, why);
  const DXGI_FORMAT format = NewFormat == DXGI_FORMAT_UNKNOWN ? desc_.Format : NewFormat;
  if (!allowedFormat(format, flip))
    return fail(method, DXGI_ERROR_INVALID_CALL, "Format " + std::to_string(int(format)) + " is not a back-buffer format");
  if (SwapChainFlags & ~kValidSwapChainFlags)
    return fail(method, DXGI_ERROR_INVALID_CALL, "SwapChainFlags has bits that are no DXGI_SWAP_CHAIN_FLAG");
  if ((SwapChainFlags ^ desc_.Flags) & kFlipOnlyFlags)
    return fail(method, DXGI_ERROR_INVALID_CALL,
                "ALLOW_TEARING and FRAME_LATENCY_WAITABLE_OBJECT cannot change after creation");
  if (buffers_->referenced())
    return fail(method, DXGI_ERROR_INVALID_CALL,
                "a back buffer is still referenced (release every buffer and view of it, and unbind it, first)");
  if (const HRESULT removed = buffers_->removedReason(); FAILED(removed)) return removed;
  UINT w = Width, h = Height;
  if (!w || !h) {
    UINT ww = 0, wh = 0;
    windowSize(&ww, &wh);
    if (!w) w = ww ? ww : 8;
    if (!h) h = wh ? wh : 8;
  }
  char reason[512] = {};
  HRESULT hr = funcs_->pfnResize(presenter_, format, count, reason, sizeof reason);
  if (FAILED(hr)) return fail(method, hr, reason);
  std::string error;
  hr = buffers_->create(count, w, h, format, desc_.BufferUsage, &error);
  if (FAILED(hr)) return fail(method, hr, error);
  desc_.BufferCount = count;
  desc_.Width = sourceWidth_ = w;
  desc_.Height = sourceHeight_ = h;
  desc_.Format = format;
  desc_.Flags = SwapChainFlags;
  current_ = 0;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::ResizeBuffers1(UINT BufferCount, UINT Width, UINT Height, DXGI_FORMAT Format,
                                                        UINT SwapChainFlags, const UINT* pCreationNodeMask,
                                                        IUnknown* const* ppPresentQueue) try {
  const UINT count = BufferCount ? BufferCount : desc_.BufferCount;
  if (pCreationNodeMask)
    for (UINT i = 0; i < count; ++i)
      if (pCreationNodeMask[i] > 1)
        return fail("IDXGISwapChain3::ResizeBuffers1", DXGI_ERROR_INVALID_CALL, "d3dvk's device has one node (mask 1)");
  if (ppPresentQueue) {
    void* ours = nullptr;
    for (UINT i = 0; i < count; ++i) {
      if (!ppPresentQueue[i] || FAILED(buffers_->getDevice(__uuidof(IUnknown), &ours)))
        return fail("IDXGISwapChain3::ResizeBuffers1", DXGI_ERROR_INVALID_CALL, "ppPresentQueue has a null queue");
      IUnknown* theirs = nullptr;
      ppPresentQueue[i]->QueryInterface(__uuidof(IUnknown), reinterpret_cast<void**>(&theirs));
      const bool same = theirs == ours;
      if (theirs) theirs->Release();
      static_cast<IUnknown*>(ours)->Release();
      if (!same)
        return fail("IDXGISwapChain3::ResizeBuffers1", DXGI_ERROR_INVALID_CALL,
                    "d3dvk presents on the swapchain's own queue: ppPresentQueue names another");
    }
  }
  return ResizeBuffers(BufferCount, Width, Height, Format, SwapChainFlags);
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetFrameStatistics(DXGI_FRAME_STATISTICS* pStats) try {
  if (!pStats) return DXGI_ERROR_INVALID_CALL;
  std::lock_guard<std::mutex> lock(mutex_);
  *pStats = {};
  if (presentsShown_ == 0) return DXGI_ERROR_FRAME_STATISTICS_DISJOINT;
  pStats->PresentCount = presentsShown_;
  pStats->PresentRefreshCount = presentsShown_;  // one refresh per shown present (no vblank counter)
  pStats->SyncRefreshCount = presentsShown_;
  pStats->SyncQPCTime.QuadPart = lastShownNs_;  // CLOCK_MONOTONIC nanoseconds
  pStats->SyncGPUTime.QuadPart = 0;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetLastPresentCount(UINT* pLastPresentCount) try {
  if (!pLastPresentCount) return DXGI_ERROR_INVALID_CALL;
  std::lock_guard<std::mutex> lock(mutex_);
  *pLastPresentCount = presentCalls_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetHwnd(HWND* pHwnd) try {
  if (!pHwnd) return DXGI_ERROR_INVALID_CALL;
  *pHwnd = window_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetCoreWindow(REFIID, void** ppUnk) try {
  if (ppUnk) *ppUnk = nullptr;
  return DXGI_ERROR_INVALID_CALL;  // a window (HWND) swapchain has no CoreWindow
} D3DVK_CATCH_HRESULT

BOOL STDMETHODCALLTYPE DxgiSwapChain::IsTemporaryMonoSupported() try { return FALSE; } D3DVK_CATCH_RETURN(FALSE)

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetRestrictToOutput(IDXGIOutput** ppRestrictToOutput) try {
  if (!ppRestrictToOutput) return E_INVALIDARG;
  *ppRestrictToOutput = nullptr;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetBackgroundColor(const DXGI_RGBA* pColor) try {
  if (!pColor) return E_INVALIDARG;
  std::lock_guard<std::mutex> lock(mutex_);
  background_ = *pColor;  // recorded: the back buffer always covers the window (stretched)
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetBackgroundColor(DXGI_RGBA* pColor) try {
  if (!pColor) return E_INVALIDARG;
  std::lock_guard<std::mutex> lock(mutex_);
  *pColor = background_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetRotation(DXGI_MODE_ROTATION Rotation) try {
  if (Rotation == DXGI_MODE_ROTATION_IDENTITY) return S_OK;
  return fail("IDXGISwapChain1::SetRotation", DXGI_ERROR_INVALID_CALL, "a windowed swapchain is not rotated");
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetRotation(DXGI_MODE_ROTATION* pRotation) try {
  if (!pRotation) return DXGI_ERROR_INVALID_CALL;
  *pRotation = DXGI_MODE_ROTATION_IDENTITY;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetSourceSize(UINT Width, UINT Height) try {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!Width || !Height || Width > desc_.Width || Height > desc_.Height) return E_INVALIDARG;
  sourceWidth_ = Width;  // recorded (GetSourceSize); the whole buffer is shown
  sourceHeight_ = Height;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetSourceSize(UINT* pWidth, UINT* pHeight) try {
  if (!pWidth || !pHeight) return E_INVALIDARG;
  std::lock_guard<std::mutex> lock(mutex_);
  *pWidth = sourceWidth_;
  *pHeight = sourceHeight_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetMaximumFrameLatency(UINT MaxLatency) try {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!(desc_.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT))
    return fail("IDXGISwapChain2::SetMaximumFrameLatency", DXGI_ERROR_INVALID_CALL,
                "the swapchain was not created with DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT");
  if (MaxLatency < 1 || MaxLatency > DXGI_MAX_SWAP_CHAIN_BUFFERS)
    return fail("IDXGISwapChain2::SetMaximumFrameLatency", DXGI_ERROR_INVALID_CALL, "MaxLatency is 1 to 16");
  maxLatency_ = MaxLatency;
  latencyWaitable_->setMaximum(MaxLatency);
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetMaximumFrameLatency(UINT* pMaxLatency) try {
  if (!pMaxLatency) return DXGI_ERROR_INVALID_CALL;
  std::lock_guard<std::mutex> lock(mutex_);
  if (!(desc_.Flags & DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT)) return DXGI_ERROR_INVALID_CALL;
  *pMaxLatency = maxLatency_;
  return S_OK;
} D3DVK_CATCH_HRESULT

HANDLE STDMETHODCALLTYPE DxgiSwapChain::GetFrameLatencyWaitableObject() try {
  const char* method = "IDXGISwapChain2::GetFrameLatencyWaitableObject";
  std::lock_guard<std::mutex> lock(mutex_);
  if (!latencyWaitable_) {
    logError(method, "the swapchain was not created with DXGI_SWAP_CHAIN_FLAG_FRAME_LATENCY_WAITABLE_OBJECT");
    return nullptr;
  }
  HANDLE handle = latencyWaitable_->duplicate();
  if (!handle) logError(method, "cannot duplicate the waitable object's descriptor");
  return handle;
} D3DVK_CATCH_RETURN(nullptr)

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetMatrixTransform(const DXGI_MATRIX_3X2_F*) try {
  return DXGI_ERROR_INVALID_CALL;  // composition swapchains only
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::GetMatrixTransform(DXGI_MATRIX_3X2_F*) try {
  return DXGI_ERROR_INVALID_CALL;  // composition swapchains only
} D3DVK_CATCH_HRESULT

UINT STDMETHODCALLTYPE DxgiSwapChain::GetCurrentBackBufferIndex() try {
  std::lock_guard<std::mutex> lock(mutex_);
  return current_;  // D3D12: the buffer to draw to; D3D11: always 0
} D3DVK_CATCH_RETURN(0)

HRESULT STDMETHODCALLTYPE DxgiSwapChain::CheckColorSpaceSupport(DXGI_COLOR_SPACE_TYPE ColorSpace,
                                                                UINT* pColorSpaceSupport) try {
  if (!pColorSpaceSupport) return E_INVALIDARG;
  *pColorSpaceSupport =
      ColorSpace == DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709 ? UINT(DXGI_SWAP_CHAIN_COLOR_SPACE_SUPPORT_FLAG_PRESENT) : 0;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetColorSpace1(DXGI_COLOR_SPACE_TYPE ColorSpace) try {
  if (ColorSpace != DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709)
    return fail("IDXGISwapChain3::SetColorSpace1", E_INVALIDARG,
                "d3dvk presents in sRGB only (DXGI_COLOR_SPACE_RGB_FULL_G22_NONE_P709)");
  std::lock_guard<std::mutex> lock(mutex_);
  colorSpace_ = ColorSpace;
  return S_OK;
} D3DVK_CATCH_HRESULT

HRESULT STDMETHODCALLTYPE DxgiSwapChain::SetHDRMetaData(DXGI_HDR_METADATA_TYPE Type, UINT Size, void* pMetaData) try {
  if (Type == DXGI_HDR_METADATA_TYPE_NONE) return S_OK;
  if (Type == DXGI_HDR_METADATA_TYPE_HDR10 && Size == sizeof(DXGI_HDR_METADATA_HDR10) && pMetaData)
    return S_OK;  // accepted; the sRGB swapchain has no use for it
  return E_INVALIDARG;
} D3DVK_CATCH_HRESULT

}  // namespace d3dvk::runtime
