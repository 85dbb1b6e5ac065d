// tools/d3dvk-demo — an interactive view of conservative rasterization through
// the public D3D11 API, presented through a DXGI swapchain on an SDL2 window: a
// few triangles the user drags with the mouse, drawn side by side with
// conservative rasterization OFF and ON into a small render target shown
// magnified (pixel grid, exact edges), ON colouring outer and inner coverage
// (SV_InnerCoverage at tier 3); the tier (CheckFeatureSupport), the path the
// conservative draws take (native or the exact fallback, as d3dvk-info reports
// it) and the frame time are drawn on screen. Keys: Esc quits, space toggles the
// animation. `--frames N --screenshot FILE` runs unattended: N frames, then the
// last frame's back buffer as a PNG.
// Exit 0 ok, 1 failure (no window or display, an API error, an unwritable
// picture), 2 bad arguments.
//
// SDL2 is linked directly: the demo is an application, and applications own
// their window system; d3dvk itself loads SDL2 at run time only so that the
// library has no link-time dependency (docs/dxgi.md). Without libsdl2-dev the
// demo is not built.
#include "demo_renderer.h"
#include "device_summary.h"
#include "png_writer.h"

// Last: SDL's headers after d3dvk's (HWND must be pointer-sized first).
#include <SDL2/SDL.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

using namespace d3dvk::demo;

const char* kUsage =
    "usage: d3dvk-demo [--frames N [--screenshot FILE]]\n"
    "  Shows conservative rasterization through D3D11 in a window (an SDL2 window presented\n"
    "  through a DXGI swapchain): the same triangles drawn with conservative rasterization OFF\n"
    "  (left) and ON (right) into a 32x24 target shown magnified 9x. Left: pixels whose centre\n"
    "  is covered; right: outer coverage (touched, not fully covered) and inner coverage\n"
    "  (SV_InnerCoverage, tier 3). Drag a triangle with the mouse (in either panel).\n"
    "  keys: Esc quits, space turns the animation on or off\n"
    "  --frames N         draw N frames (1 to 1000000) and exit; the animation starts paused\n"
    "  --screenshot FILE  with --frames: write the last frame's back buffer as a PNG\n"
    "environment: D3DVK_CONSERVATIVE_RASTER (auto|native|fallback|off), D3DVK_DEVICE,\n"
    "             SDL_VIDEODRIVER (x11 by default: d3dvk presents to X11 windows)\n"
    "exit status: 0 ok, 1 no window or display, an API error or an unwritable picture,\n"
    "             2 bad arguments\n";

int usageError(const std::string& message) {
  std::fprintf(stderr, "d3dvk-demo: %s\n%s", message.c_str(), kUsage);
  return 2;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "d3dvk-demo: %s\n", message.c_str());
  return 1;
}

bool parseUint(const std::string& text, unsigned long long max, unsigned long long& out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 12) return false;
  out = std::strtoull(text.c_str(), nullptr, 10);
  return out <= max;
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// What the device runs conservative draws on, as d3dvk-info reports it.
std::string pathText(const d3dvk::tools::DeviceSummary* summary) {
  if (!summary) return "PATH: UNKNOWN";
  const std::string path = summary->drawPath();
  if (path == "native") return "DRAWS NATIVELY (VK_EXT_CONSERVATIVE_RASTERIZATION)";
  if (path == "fallback")
    return int(summary->decision.native) == 0
               ? "DRAWS ON THE EXACT FALLBACK (NO NATIVE CONSERVATIVE RASTERIZATION)"
               : "DRAWS ON THE EXACT FALLBACK (NATIVE TIER " + std::to_string(int(summary->decision.native)) + " ONLY)";
  return "NOT SUPPORTED";
}

// The text around the panels: title, adapter, tier and path, frame time, keys,
// panel labels and the colour legend.
Picture textPicture(const Renderer& r, const std::string& path, double frameMs, bool animating) {
  Picture p(kWidth, kHeight, kBackground);
  p.drawText(16, 8, 2, "D3DVK-DEMO: CONSERVATIVE RASTERIZATION", kText);
  p.drawText(16, 30, 1, "ADAPTER: " + r.adapterName(), kText);
  p.drawText(16, 42, 1,
             "TIER " + std::to_string(r.conservativeTier()) + " (CHECKFEATURESUPPORT), " + path, kText);
  char frame[64];
  if (frameMs > 0)
    std::snprintf(frame, sizeof frame, "FRAME %.1f MS", frameMs);
  else
    std::snprintf(frame, sizeof frame, "FRAME -- MS");
  p.drawText(16, 54, 1,
             std::string(frame) + "   DRAG A TRIANGLE   SPACE: ANIMATION " + (animating ? "OFF" : "ON") +
                 "   ESC: QUIT",
             kText);
  p.drawText(kPanelOffLeft, 72, 1, "CONSERVATIVE OFF", kText);
  p.drawText(kPanelOnLeft, 72, 1, r.conservativeTier() > 0 ? "CONSERVATIVE ON" : "CONSERVATIVE ON: NOT SUPPORTED",
             kText);
  const int legendTop = kPanelTop + int(kPanelPixelsY * kMagnify) + 12;
  auto swatch = [&](int x, int y, Rgb c, const std::string& label) {
    p.fillRect(x, y, 9, 9, c);
    p.drawText(x + 14, y + 1, 1, label, kText);
  };
  swatch(16, legendTop, kOffCovered, "PIXEL CENTRE COVERED (OFF)");
  swatch(336, legendTop, kOuterCoverage, "OUTER COVERAGE: TOUCHED (ON)");
  swatch(16, legendTop + 16, kEdgeLine, "THE TRIANGLES' EXACT EDGES");
  swatch(336, legendTop + 16, kInnerCoverage, "INNER COVERAGE: FULLY COVERED (TIER 3)");
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  unsigned long long frames = 0;
  std::string screenshot;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg != "--frames" && arg != "--screenshot") return usageError("unknown argument '" + arg + "'");
    if (i + 1 >= argc) return usageError(arg + " needs a value");
    const std::string value = argv[++i];
    if (arg == "--frames") {
      if (!parseUint(value, 1000000, frames) || frames == 0)
        return usageError("--frames must be an integer from 1 to 1000000, not '" + value + "'");
    } else {
      if (value.empty()) return usageError("--screenshot needs a file name");
      screenshot = value;
    }
  }
  if (!screenshot.empty() && frames == 0) return usageError("--screenshot needs --frames N");

  std::string error;
  d3dvk::tools::DeviceSummary summary;
  const bool summarized = d3dvk::tools::summarizeDevice(&summary, &error);
  if (!summarized) return fail(error);
  const std::string path = pathText(&summary);

  // d3dvk presents SDL windows through their X11 window (docs/dxgi.md).
  setenv("SDL_VIDEODRIVER", "x11", 0);
  if (SDL_Init(SDL_INIT_VIDEO) != 0) return fail(std::string("cannot open a window: SDL_Init: ") + SDL_GetError());
  SDL_Window* window = SDL_CreateWindow("d3dvk-demo: conservative rasterization", SDL_WINDOWPOS_CENTERED,
                                        SDL_WINDOWPOS_CENTERED, int(kWidth), int(kHeight),
                                        SDL_WINDOW_SHOWN | SDL_WINDOW_RESIZABLE);
  if (!window) {
    const std::string why = SDL_GetError();
    SDL_Quit();
    return fail("cannot open a window: SDL_CreateWindow: " + why);
  }

  int status = 0;
  try {
    Renderer renderer(reinterpret_cast<HWND>(window));
    Scene scene;
    scene.setAnimating(frames == 0);
    std::printf("d3dvk-demo: adapter %s, conservative rasterization tier %d, conservative draws: %s\n",
                renderer.adapterName().c_str(), renderer.conservativeTier(), summary.drawPath());
    std::printf("layout: back buffer %ux%u, panel off at %d,%d, panel on at %d,%d, %ux%u pixels magnified %ux\n",
                kWidth, kHeight, kPanelOffLeft, kPanelTop, kPanelOnLeft, kPanelTop, kPanelPixelsX, kPanelPixelsY,
                kMagnify);
    const auto& home = scene.homeTriangles();
    for (size_t i = 0; i < home.size(); ++i)
      std::printf("triangle %zu: %s,%s %s,%s %s,%s\n", i, number(home[i][0].x).c_str(), number(home[i][0].y).c_str(),
                  number(home[i][1].x).c_str(), number(home[i][1].y).c_str(), number(home[i][2].x).c_str(),
                  number(home[i][2].y).c_str());
    std::fflush(stdout);

    using Clock = std::chrono::steady_clock;
    auto last = Clock::now(), lastText = last;
    double frameMsSum = 0, frameMs = 0;
    int framesSinceText = 0;
    bool textChanged = true, quit = false;
    Picture text = textPicture(renderer, path, 0, scene.animating());
    for (unsigned long long frame = 1; !quit && (frames == 0 || frame <= frames); ++frame) {
      for (SDL_Event e; SDL_PollEvent(&e);) {
        int w = int(kWidth), h = int(kHeight);
        SDL_GetWindowSize(window, &w, &h);
        const double sx = double(kWidth) / std::max(w, 1), sy = double(kHeight) / std::max(h, 1);
        if (e.type == SDL_QUIT) {
          quit = true;
        } else if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_ESCAPE) {
          quit = true;
        } else if (e.type == SDL_KEYDOWN && e.key.keysym.sym == SDLK_SPACE && !e.key.repeat) {
          scene.setAnimating(!scene.animating());
          textChanged = true;
        } else if (e.type == SDL_MOUSEBUTTONDOWN && e.button.button == SDL_BUTTON_LEFT) {
          scene.press(e.button.x * sx, e.button.y * sy);
        } else if (e.type == SDL_MOUSEMOTION && scene.dragging()) {
          scene.move(e.motion.x * sx, e.motion.y * sy);
        } else if (e.type == SDL_MOUSEBUTTONUP && e.button.button == SDL_BUTTON_LEFT) {
          scene.release();
        }
      }
      const auto now = Clock::now();
      const double seconds = std::chrono::duration<double>(now - last).count();
      last = now;
      if (frame > 1) {
        frameMsSum += seconds * 1000;
        ++framesSinceText;
      }
      scene.advance(seconds);
      // The frame time shown: the mean over the last quarter second.
      if (framesSinceText > 0 && (now - lastText > std::chrono::milliseconds(250) || frame == frames)) {
        frameMs = frameMsSum / framesSinceText;
        frameMsSum = 0;
        framesSinceText = 0;
        lastText = now;
        textChanged = true;
      }
      if (textChanged) text = textPicture(renderer, path, frameMs, scene.animating());
      renderer.draw(scene.triangles(), text, textChanged);
      textChanged = false;
      if (!screenshot.empty() && frame == frames) {
        const d3dvk::conformance::Rgba8Image image{kWidth, kHeight, renderer.readBackBuffer()};
        const std::string writeError = d3dvk::conformance::writePng(screenshot, image, 1);
        if (!writeError.empty()) throw ApiError("cannot write the screenshot " + writeError);
        std::printf("screenshot: %s (frame %llu, %ux%u)\n", screenshot.c_str(), frame, kWidth, kHeight);
      }
      const HRESULT hr = renderer.present();
      if (FAILED(hr)) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "0x%08X", unsigned(hr));
        throw ApiError(std::string("IDXGISwapChain::Present returned ") + buf);
      }
    }
  } catch (const ApiError& e) {
    status = fail(e.what());
  }
  SDL_DestroyWindow(window);
  SDL_Quit();
  return status;
}
