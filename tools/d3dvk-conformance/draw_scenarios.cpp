// tools/d3dvk-conformance/draw_scenarios.cpp — see draw_scenarios.h.
//
// Pixel coordinates: the viewport covers the target, origin top-left, y down,
// Xrt = (X + 1)·W/2, Yrt = (1 − Y)·H/2. Every target is R32G32B32A32_FLOAT
// cleared to 0, and every pixel shader writes a non-zero marker, so "lit" means
// a pixel shader ran there. Conservatively lit sets are held to the spec's
// bounds (coverage_bounds.h): the required pixels, plus any inside the outer
// uncertainty region at the reported tier; the detail says which.
#include "draw_scenarios.h"

#include "draw_rig.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

namespace d3dvk::conformance {
namespace {

constexpr int kInvalidPrimitiveTopology = 365;
constexpr int kInvalidSystemValue = 3146155;

// PS: SV_Target = (1, 1, 1, 1).
const char kPsLit[] = R"(//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_output o0.xyzw
mov o0.xyzw, l(1.000000,1.000000,1.000000,1.000000)
ret
)";

// PS: SV_Target = (1, SV_InnerCoverage bit 0, 0, 1).
const char kPsInnerCoverage[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_temps 1
and r0.x, vInnerCoverage, l(1)
utof o0.y, r0.x
mov o0.xzw, l(1.000000,0,0,1.000000)
ret
)";

// PS: SV_Target = (1, SV_Coverage as a float, 0, 1).
const char kPsCoverage[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Coverage              0    N/A   vCoverage  COVERAGE    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input vCoverage
dcl_output o0.xyzw
utof o0.y, vCoverage
mov o0.xzw, l(1.000000,0,0,1.000000)
ret
)";

// PS: SV_Target = (COLOR.rgb, 1 + SV_IsFrontFace): alpha 1 back-facing, 2 front-facing.
const char kPsColorFacing[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float
// COLOR                    0   xyzw        1     NONE   float   xyz
// SV_IsFrontFace           0   x           2    FFACE    uint   x
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_input_ps linear v1.xyz
dcl_input_ps_sgv constant v2.x, is_front_face
dcl_output o0.xyzw
dcl_temps 1
mov o0.xyz, v1.xyzx
and r0.x, v2.x, l(1)
utof r0.x, r0.x
add o0.w, r0.x, l(1.000000)
ret
)";

D3D11_RASTERIZER_DESC2 rasterizerDesc(bool conservative, D3D11_CULL_MODE cull = D3D11_CULL_NONE,
                                      UINT forcedSampleCount = 0, BOOL multisample = FALSE) {
  D3D11_RASTERIZER_DESC2 desc = defaultDesc2();
  desc.CullMode = cull;
  desc.MultisampleEnable = multisample;
  desc.ForcedSampleCount = forcedSampleCount;
  desc.ConservativeRaster =
      conservative ? D3D11_CONSERVATIVE_RASTERIZATION_MODE_ON : D3D11_CONSERVATIVE_RASTERIZATION_MODE_OFF;
  return desc;
}

// The spec's bring-up triangle: NDC (−1,0) (1,0) (0,0.5) on 2×2, i.e. pixels
// (0,1) (2,1) (1,0.5): below every pixel centre of row 0, above row 1's.
const std::vector<Vertex> kBringUpTriangle = {{-1.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, 0.5f}};
// The only pixels it overlaps: the two of row 0 (row 1 meets it only along y =
// 1, inside the uncertainty region: hardware dilating by 1/512 lights it too).
const PixelSet kBringUpLit = {{0, 0}, {1, 0}};

// The pixels of a W×H target the triangle's outer uncertainty region reaches at the reported tier.
PixelSet regionOf(const RunContext& ctx, const std::vector<Vertex>& triangle, int width, int height) {
  return uncertaintyRegionPixels({ndcToPixels(triangle[0].x, triangle[0].y, width, height),
                                  ndcToPixels(triangle[1].x, triangle[1].y, width, height),
                                  ndcToPixels(triangle[2].x, triangle[2].y, width, height)},
                                 int(ctx.tier), width, height);
}

// What went wrong in a scenario, joined into the detail of a failure.
struct Problems {
  std::vector<std::string> list;
  void add(std::string p) { list.push_back(std::move(p)); }
  void expectPixels(const std::string& what, const PixelSet& expected, const PixelSet& got) {
    if (got == expected) return;
    PixelSet missing, extra;
    for (const auto& p : expected)
      if (!got.count(p)) missing.insert(p);
    for (const auto& p : got)
      if (!expected.count(p)) extra.insert(p);
    add(what + ": expected " + describe(expected) + ", got " + describe(got) + " (missing " + describe(missing) +
        ", extra " + describe(extra) + ")");
  }
  // required ⊆ lit ⊆ required ∪ region; returns "exact" or "within the
  // uncertainty region, extra: …" (the failure's detail when it fails).
  std::string expectCoverage(const std::string& what, const PixelSet& required, const PixelSet& region,
                             const PixelSet& lit) {
    const CoverageVerdict v = judgeCoverage(required, region, lit);
    if (!v.pass) add(what + ": " + v.detail);
    return v.detail;
  }
  // The debug layer must have said nothing (draws the scenario expects to be valid).
  void expectNoMessages(const DrawRig& rig, const std::string& when) {
    for (const DebugMessage& m : rig.messages())
      add(when + ": unexpected debug message #" + std::to_string(m.id) + ": " + m.text);
    rig.clearMessages();
  }
  bool empty() const { return list.empty(); }
  std::string joined() const {
    std::string s;
    for (const std::string& p : list) s += (s.empty() ? "" : "; ") + p;
    return s;
  }
};

ScenarioResult finish(const Pictures& pictures, const Problems& problems, const std::string& passDetail) {
  return pictures.attach(problems.empty() ? result(Result::Pass, passDetail) : result(Result::Fail, problems.joined()));
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

std::string rgb(const std::array<float, 4>& t) {
  return "(" + number(t[0]) + "," + number(t[1]) + "," + number(t[2]) + ")";
}

}  // namespace

// --- Draw-time validation -------------------------------------------------------

ScenarioResult drawPointLineTopologyDropped(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 2, 2, kPsLit);
  Pictures pictures(ctx);
  Problems problems;
  // The four pixel centres of the 2×2 target.
  const std::vector<Vertex> centres = {{-0.5f, 0.5f}, {0.5f, 0.5f}, {-0.5f, -0.5f}, {0.5f, -0.5f}};
  const PixelSet all = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};

  // Control: with conservative OFF the same vertices do draw.
  rig->setRasterizer(rasterizerDesc(false));
  rig->draw(centres, D3D11_PRIMITIVE_TOPOLOGY_POINTLIST);
  Texels points = rig->read();
  pictures.save("off-pointlist", points);
  problems.expectPixels("conservative OFF, POINTLIST (control)", all, points.where(0));
  rig->clear();
  rig->draw(centres, D3D11_PRIMITIVE_TOPOLOGY_LINELIST);
  Texels lines = rig->read();
  pictures.save("off-linelist", lines);
  if (lines.where(0).empty()) problems.add("conservative OFF, LINELIST (control): nothing lit");
  problems.expectNoMessages(*rig, "conservative OFF");

  rig->setRasterizer(rasterizerDesc(true));
  struct Topology {
    D3D11_PRIMITIVE_TOPOLOGY value;
    const char* name;
  };
  const Topology topologies[] = {{D3D11_PRIMITIVE_TOPOLOGY_POINTLIST, "POINTLIST"},
                                 {D3D11_PRIMITIVE_TOPOLOGY_LINELIST, "LINELIST"},
                                 {D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP, "LINESTRIP"},
                                 {D3D11_PRIMITIVE_TOPOLOGY_LINELIST_ADJ, "LINELIST_ADJ"},
                                 {D3D11_PRIMITIVE_TOPOLOGY_LINESTRIP_ADJ, "LINESTRIP_ADJ"}};
  std::string message;
  for (const Topology& t : topologies) {
    rig->clear();
    rig->draw(centres, t.value);
    Texels on = rig->read();
    pictures.save(std::string("on-") + t.name, on);
    problems.expectPixels(std::string("conservative ON, ") + t.name, {}, on.where(0));
    const std::vector<DebugMessage> messages = rig->messages();
    rig->clearMessages();
    if (messages.size() != 1 || messages[0].id != kInvalidPrimitiveTopology) {
      std::string got;
      for (const DebugMessage& m : messages) got += (got.empty() ? "#" : ", #") + std::to_string(m.id);
      problems.add(std::string("conservative ON, ") + t.name + ": expected one message #365, got " +
                   (got.empty() ? "none" : got));
    } else if (message.empty()) {
      message = messages[0].text;
    }
  }
  return finish(pictures, problems,
                "OFF control lit " + describe(all) +
                    "; ON with POINTLIST, LINELIST, LINESTRIP, LINELIST_ADJ, LINESTRIP_ADJ: nothing lit, "
                    "#365 each: " + message);
}

ScenarioResult drawInnerCoverageWithConservativeOff(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 3, 3, kPsInnerCoverage);
  Pictures pictures(ctx);
  Problems problems;
  const float e = 1.0f / 48;  // the inner-coverage triangle of that scenario
  const std::vector<Vertex> triangle = {{-1 - e, -1}, {1 + e, -1}, {0, 1 + 2 * e}};

  rig->setRasterizer(rasterizerDesc(false));
  rig->draw(triangle);
  pictures.save("off", rig->read());
  const std::vector<DebugMessage> messages = rig->messages();
  rig->clearMessages();
  std::string text;
  if (messages.size() == 1 && messages[0].id == kInvalidSystemValue) {
    text = messages[0].text;
  } else {
    std::string got;
    for (const DebugMessage& m : messages) got += (got.empty() ? "#" : ", #") + std::to_string(m.id);
    problems.add("conservative OFF: expected one message #3146155 (DEVICE_DRAW_INVALID_SYSTEMVALUE), got " +
                 (got.empty() ? std::string("none") : got));
  }

  rig->setRasterizer(rasterizerDesc(true));
  rig->clear();
  rig->draw(triangle);
  pictures.save("on", rig->read());
  problems.expectNoMessages(*rig, "conservative ON (valid)");
  return finish(pictures, problems, "OFF: error #3146155: " + text + "; ON: no message");
}

// --- Rendering (reference/conservative-raster.md, scenarios 1–8) ----------------

ScenarioResult bringUp(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 2, 2, kPsLit);
  Pictures pictures(ctx);
  Problems problems;
  rig->setRasterizer(rasterizerDesc(true));
  rig->draw(kBringUpTriangle);
  Texels on = rig->read();
  pictures.save("on", on);
  const std::string verdict =
      problems.expectCoverage("ON", kBringUpLit, regionOf(ctx, kBringUpTriangle, 2, 2), on.where(0));

  rig->setRasterizer(rasterizerDesc(false));
  rig->clear();
  rig->draw(kBringUpTriangle);
  Texels off = rig->read();
  pictures.save("off", off);
  problems.expectPixels("OFF (no pixel centre is covered)", {}, off.where(0));
  problems.expectNoMessages(*rig, "draws");
  return finish(pictures, problems, "ON lit " + describe(on.where(0)) + " (" + verdict + "); OFF lit {}");
}

ScenarioResult uncertaintyHalfPixel(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 4, 4, kPsLit);
  Pictures pictures(ctx);
  Problems problems;
  // NDC (−.25+d, .25−d) (−.25+d, −.25+d) (.25−d, .25−d), d = 1/64: pixels
  // (1.53,1.53) (1.53,2.47) (2.47,1.53), the right triangle x, y ≥ 1.53,
  // x + y ≤ 4. It overlaps (1,1), (2,1) and (1,2); it meets (2,2) only at that
  // pixel's corner (2,2) (x + y = 4 there), which the uncertainty region may
  // light. A ½ px region around it stays inside [1.03, 2.97]²: nothing outside
  // the centre 2×2.
  const float e = 1.0f / 64;
  const std::vector<Vertex> triangle = {{-0.25f + e, 0.25f - e}, {-0.25f + e, -0.25f + e}, {0.25f - e, 0.25f - e}};
  rig->setRasterizer(rasterizerDesc(true));
  rig->draw(triangle);
  Texels t = rig->read();
  pictures.save("on", t);
  const PixelSet lit = t.where(0);
  const PixelSet overlapped = {{1, 1}, {2, 1}, {1, 2}};
  const PixelSet centre = {{1, 1}, {2, 1}, {1, 2}, {2, 2}};
  const PixelSet region = regionOf(ctx, triangle, 4, 4);
  // The region at any tier stays inside the centre 2×2 (the spec's statement).
  for (const auto& p : region)
    if (!centre.count(p)) problems.add("the uncertainty region reaches " + describe({p}) + " outside the centre 2x2");
  const std::string verdict = problems.expectCoverage("lit", overlapped, region, lit);
  problems.expectNoMessages(*rig, "draw");
  return finish(pictures, problems,
                "lit " + describe(lit) + ", " + verdict + " (within the centre 2x2; (2,2) touched only at its corner)");
}

ScenarioResult uncertainty256thPixel(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 3, 3, kPsLit);
  Pictures pictures(ctx);
  Problems problems;
  // NDC (−1/3+d, 1/3−d) (−1/3+d, −1/3+d) (1/3−d, 1/3−d), d = 1/96: pixels
  // (1+δ,1+δ) (1+δ,2−δ) (2−δ,1+δ) with δ = 1.5·d = 4/256, i.e. inside the
  // centre pixel by 4/256 — more than the 1/256 region plus 1/512 snapping.
  const float e = 1.0f / 96;
  const std::vector<Vertex> triangle = {
      {-1.0f / 3 + e, 1.0f / 3 - e}, {-1.0f / 3 + e, -1.0f / 3 + e}, {1.0f / 3 - e, 1.0f / 3 - e}};
  rig->setRasterizer(rasterizerDesc(true));
  rig->draw(triangle);
  Texels t = rig->read();
  pictures.save("on", t);
  const std::string verdict = problems.expectCoverage("lit", {{1, 1}}, regionOf(ctx, triangle, 3, 3), t.where(0));
  problems.expectNoMessages(*rig, "draw");
  return finish(pictures, problems, "lit " + describe(t.where(0)) + " (" + verdict + ")");
}

ScenarioResult topLeftRule(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 4, 4, kPsLit);
  Pictures pictures(ctx);
  Problems problems;
  // NDC (−1+d, −0.5) (d, 0.5) (0.5, −0.5), d = 1/1024: pixels (1/512, 3)
  // (2+1/512, 1) (3, 3), which snap to within 1/512 of (0,3) (2,1) (3,3). Every
  // pixel touching that triangle, edges and corners included: row 0 meets the
  // apex (2,1) at two corners, (0,1) and (3,2) meet it at a corner, row 3
  // along the bottom edge and at (3,3) — 13 pixels.
  const float e = 1.0f / 1024;
  const std::vector<Vertex> triangle = {{-1 + e, -0.5f}, {e, 0.5f}, {0.5f, -0.5f}};
  rig->setRasterizer(rasterizerDesc(true));
  rig->draw(triangle);
  Texels t = rig->read();
  pictures.save("on", t);
  const PixelSet expected = {{1, 0}, {2, 0},                  //
                             {0, 1}, {1, 1}, {2, 1},          //
                             {0, 2}, {1, 2}, {2, 2}, {3, 2},  //
                             {0, 3}, {1, 3}, {2, 3}, {3, 3}};
  const std::string verdict =
      problems.expectCoverage("lit (13 pixels required)", expected, regionOf(ctx, triangle, 4, 4), t.where(0));
  problems.expectNoMessages(*rig, "draw");
  return finish(pictures, problems,
                std::to_string(t.where(0).size()) + " pixels lit: " + describe(t.where(0)) + " (" + verdict + ")");
}

ScenarioResult innerCoverage(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 3, 3, kPsInnerCoverage);
  Pictures pictures(ctx);
  Problems problems;
  // NDC (−1−d, −1) (1+d, −1) (0, 1+2d), d = 1/48: pixels (−1/32, 3) (3+1/32, 3)
  // (1.5, −1/16). The centre pixel's top corners are inside by 1/32 px along x
  // (its bottom ones by more); every other pixel has a corner outside or on
  // the bottom edge y = 3. The triangle overlaps all nine pixels.
  const float e = 1.0f / 48;
  const std::vector<Vertex> triangle = {{-1 - e, -1}, {1 + e, -1}, {0, 1 + 2 * e}};
  rig->setRasterizer(rasterizerDesc(true));
  rig->draw(triangle);
  Texels t = rig->read();
  pictures.save("on", t);
  PixelSet all;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) all.insert({x, y});
  // Inner coverage has no false positives, and the centre pixel (inside by
  // 1/32 px, far more than the 1/256 inner region) has no false negative.
  problems.expectPixels("SV_InnerCoverage set", {{1, 1}}, t.where(1));
  problems.expectCoverage("lit", all, regionOf(ctx, triangle, 3, 3), t.where(0));
  problems.expectNoMessages(*rig, "draw");
  return finish(pictures, problems, "inner " + describe(t.where(1)) + "; all 9 pixels lit");
}

ScenarioResult postSnapDegenerate(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 3, 1, kPsColorFacing);
  Pictures pictures(ctx);
  Problems problems;
  // NDC (−1,1) (1, 1−1/2048) (1,1): pixels (0,0) (3, 1/4096) (3,0); 1/4096 px
  // snaps to 0, so the triangle is degenerate after snapping. The float
  // triangle overlaps all three pixels (Tier 2+ rasterizes them); vertex 0's
  // colour (.1,.2,.3) everywhere, back-facing. Drawn in the spec's order and
  // with vertices 1 and 2 swapped (which would be front-facing if it had area).
  const Vertex v0{-1, 1, 0.1f, 0.2f, 0.3f, 1}, v1{1, 1 - 1.0f / 2048, 1, 1, 1, 1}, v2{1, 1, 1, 1, 1, 1};
  const PixelSet all = {{0, 0}, {1, 0}, {2, 0}};
  rig->setRasterizer(rasterizerDesc(true));
  struct Order {
    const char* label;
    std::vector<Vertex> vertices;
  };
  for (const Order& order : {Order{"spec-order", {v0, v1, v2}}, Order{"v1-v2-swapped", {v0, v2, v1}}}) {
    rig->clear();
    rig->draw(order.vertices);
    Texels t = rig->read();
    pictures.save(order.label, t);
    const std::string what = order.label;
    problems.expectPixels(what + ": lit", all, t.where(3));
    for (const auto& [x, y] : t.where(3)) {
      const std::array<float, 4>& p = t.at(x, y);
      const std::string at = what + ": pixel (" + std::to_string(x) + "," + std::to_string(y) + ")";
      if (std::fabs(p[0] - 0.1f) > 1e-6f || std::fabs(p[1] - 0.2f) > 1e-6f || std::fabs(p[2] - 0.3f) > 1e-6f)
        problems.add(at + ": expected vertex 0's colour (0.1,0.2,0.3), got " + rgb(p));
      if (p[3] != 1.0f) problems.add(at + (p[3] == 2.0f ? ": front-facing, expected back-facing" : ": bad marker"));
    }
  }
  // The spec's re-run with back-face culling: a post-snap degenerate is
  // back-facing, so CULL_BACK culls it (both vertex orders, one picture).
  rig->setRasterizer(rasterizerDesc(true, D3D11_CULL_BACK));
  rig->clear();
  rig->draw({v0, v1, v2});
  rig->draw({v0, v2, v1});
  Texels culled = rig->read();
  pictures.save("cull-back", culled);
  problems.expectPixels("CULL_BACK (degenerates are back-facing)", {}, culled.where(3));
  problems.expectNoMessages(*rig, "draws");
  return finish(pictures, problems,
                "both vertex orders: " + describe(all) +
                    " lit, colour (0.1,0.2,0.3), back-facing; with CULL_BACK nothing lit");
}

ScenarioResult degenerateOnPixelBoundary(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 2, 1, kPsLit);
  Pictures pictures(ctx);
  Problems problems;
  // NDC (0,−1) (0,1) (−1/1024, 1): pixels (1,1) (1,0) (1−1/2048, 0); 1/2048 px
  // snaps to 0: a degenerate along x = 1, the boundary between the two pixels.
  const std::vector<Vertex> triangle = {{0, -1}, {0, 1}, {-1.0f / 1024, 1}};
  rig->setRasterizer(rasterizerDesc(true, D3D11_CULL_NONE));
  rig->draw(triangle);
  Texels none = rig->read();
  pictures.save("cull-none", none);
  if (none.where(0).empty()) problems.add("CULL_NONE: no pixel lit, expected at least one");
  problems.expectCoverage("CULL_NONE", {}, regionOf(ctx, triangle, 2, 1), none.where(0));

  rig->setRasterizer(rasterizerDesc(true, D3D11_CULL_BACK));
  rig->clear();
  rig->draw(triangle);
  Texels back = rig->read();
  pictures.save("cull-back", back);
  problems.expectPixels("CULL_BACK (degenerates are back-facing)", {}, back.where(0));
  problems.expectNoMessages(*rig, "draws");
  return finish(pictures, problems, "CULL_NONE lit " + describe(none.where(0)) + "; CULL_BACK lit {}");
}

namespace {

// The bring-up triangle with SV_Coverage written out: its two pixels (and what
// the uncertainty region allows), each with coverage 0xF (and, resolved from 4
// samples, every sample written). Returns the coverage verdict.
std::string expectFullCoverage(const RunContext& ctx, Problems& problems, const Texels& t) {
  const std::string verdict =
      problems.expectCoverage("lit", kBringUpLit, regionOf(ctx, kBringUpTriangle, 2, 2), t.where(0));
  for (const auto& [x, y] : t.where(0)) {
    const std::array<float, 4>& p = t.at(x, y);
    const std::string at = "pixel (" + std::to_string(x) + "," + std::to_string(y) + ")";
    if (p[0] != 1.0f) problems.add(at + ": not every sample written (resolved marker " + number(p[0]) + ")");
    if (p[1] != 15.0f) problems.add(at + ": expected SV_Coverage 0xF (15), got " + number(p[1]));
  }
  return verdict;
}

}  // namespace

ScenarioResult targetIndependentRasterization(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 2, 2, kPsCoverage);  // single-sampled
  Pictures pictures(ctx);
  Problems problems;
  rig->setRasterizer(rasterizerDesc(true, D3D11_CULL_NONE, 4));
  rig->draw(kBringUpTriangle);
  Texels t = rig->read();
  pictures.save("forced4", t);
  const std::string verdict = expectFullCoverage(ctx, problems, t);
  problems.expectNoMessages(*rig, "draw");
  return finish(pictures, problems, "ForcedSampleCount 4, 1-sample target: " + describe(t.where(0)) + " lit (" +
                                        verdict + "), SV_Coverage 0xF");
}

ScenarioResult msaaCoverage(RunContext& ctx) {
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 2, 2, kPsCoverage, 4);
  Pictures pictures(ctx);
  Problems problems;
  rig->setRasterizer(rasterizerDesc(true, D3D11_CULL_NONE, 0, TRUE));
  rig->draw(kBringUpTriangle);
  Texels t = rig->read();  // resolved
  pictures.save("resolved", t);
  const std::string verdict = expectFullCoverage(ctx, problems, t);
  problems.expectNoMessages(*rig, "draw");
  return finish(pictures, problems, "4x MSAA (resolved): " + describe(t.where(0)) + " lit (" + verdict +
                                        ") with all 4 samples written, SV_Coverage 0xF");
}

namespace {

// PS: u1[SV_Position.xy] = 1 + SV_InnerCoverage bit 0 (so 1: ran, 2: ran and
// fully covered); SV_Target = (1, SV_InnerCoverage bit 0, 0, 1).
const char kPsInnerCoverageUav[] = R"(//
// Input signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Position              0   xyzw        0      POS   float   xy
// SV_InnerCoverage         0    N/A vInnerCoverage INNERCOV    uint    YES
//
// Output signature:
//
// Name                 Index   Mask Register SysValue  Format   Used
// -------------------- ----- ------ -------- -------- ------- ------
// SV_Target                0   xyzw        0   TARGET   float   xyzw
//
ps_5_0
dcl_globalFlags refactoringAllowed
dcl_uav_typed_texture2d (uint,uint,uint,uint) u1
dcl_input_ps_siv linear noperspective v0.xy, position
dcl_input vInnerCoverage
dcl_output o0.xyzw
dcl_temps 1
ftou r0.xy, v0.xyxx
and r0.z, vInnerCoverage, l(1)
iadd r0.w, r0.z, l(1)
store_uav_typed u1.xyzw, r0.xyyy, r0.wwww
utof o0.y, r0.z
mov o0.xzw, l(1.000000,0,0,1.000000)
ret
)";

}  // namespace

ScenarioResult sampleMaskZeroInnerCoverage(RunContext& ctx) {
  // The inner-coverage test on a 4x MSAA target with SampleMask 0
  // (OMSetBlendState's on D3D11, the PSO's on D3D12): no sample reaches the target, so what SV_InnerCoverage read
  // leaves the pixel shader through a UAV (R32_UINT at u1).
  std::unique_ptr<DrawRig> rig = makeDrawRig(ctx, 3, 3, kPsInnerCoverageUav, 4);
  Pictures pictures(ctx);
  Problems problems;
  rig->bindUintUav();
  rig->setSampleMask(0x00000000);
  const float e = 1.0f / 48;  // the inner-coverage scenario's triangle
  const std::vector<Vertex> triangle = {{-1 - e, -1}, {1 + e, -1}, {0, 1 + 2 * e}};
  rig->setRasterizer(rasterizerDesc(true, D3D11_CULL_NONE, 0, TRUE));
  rig->draw(triangle);
  Texels target = rig->read();  // resolved
  pictures.save("target", target);
  const std::vector<uint32_t> written = rig->readUav();
  Texels uav;
  uav.width = uav.height = 3;
  PixelSet ran, inner;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) {
      const uint32_t v = written[size_t(y) * 3 + x];
      uav.values.push_back({v ? 1.0f : 0.0f, v == 2 ? 1.0f : 0.0f, 0, 1});
      if (v) ran.insert({x, y});
      if (v == 2) inner.insert({x, y});
      if (v > 2) problems.add("UAV at (" + std::to_string(x) + "," + std::to_string(y) + "): " + std::to_string(v));
    }
  pictures.save("uav", uav);
  PixelSet all;
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) all.insert({x, y});
  problems.expectCoverage("pixel shader ran (UAV written)", all, regionOf(ctx, triangle, 3, 3), ran);
  problems.expectPixels("SV_InnerCoverage 1 (UAV)", {{1, 1}}, inner);
  problems.expectPixels("render-target samples written with SampleMask 0", {}, target.where(0));
  problems.expectNoMessages(*rig, "draw");
  return finish(pictures, problems, "4x MSAA, SampleMask 0: the target keeps every sample; through the UAV all 9 "
                                    "pixels ran and SV_InnerCoverage is 1 at " + describe(inner));
}

}  // namespace d3dvk::conformance
