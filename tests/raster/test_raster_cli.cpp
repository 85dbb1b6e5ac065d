// d3dvk tests/raster: the d3dvk-raster command-line contract, by running the built
// binary (path from the build: D3DVK_RASTER_CLI) on hand-written inputs and
// comparing its stdout, stderr and exit code with hand-written expectations.
#include <catch2/catch.hpp>

#include "d3dvk/raster/rasterizer.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct CliRun {
  int exitCode = -1;
  std::string out, err;
};

std::string readFile(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

CliRun runCli(const std::string& args, const std::string& input, const std::string& env = "") {
  char dir[] = "/tmp/d3dvk-raster-cli-XXXXXX";
  REQUIRE(mkdtemp(dir) != nullptr);
  const std::string d = dir;
  {
    std::ofstream in(d + "/in", std::ios::binary);
    in << input;
  }
  const std::string cmd = env + " '" + std::string(D3DVK_RASTER_CLI) + "' " + args + " < " + d +
                          "/in > " + d + "/out 2> " + d + "/err";
  const int status = std::system(cmd.c_str());
  CliRun r;
  r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = readFile(d + "/out");
  r.err = readFile(d + "/err");
  std::remove((d + "/in").c_str());
  std::remove((d + "/out").c_str());
  std::remove((d + "/err").c_str());
  rmdir(d.c_str());
  return r;
}

std::vector<std::string> lines(const std::string& s) {
  std::vector<std::string> v;
  std::istringstream is(s);
  for (std::string l; std::getline(is, l);) v.push_back(l);
  return v;
}

// Scenario 4 (see test_raster_scenarios.cpp): 13 pixels, clockwise (front).
const char* kScenario4 = "0.001953125 3 2.001953125 1 3 3\n";
const char* kScenario4Out =
    "{\"tri\":0,\"culled\":false,\"degenerate\":false,\"front\":true,\"pixels\":[[1,0,0],[2,0,0],"
    "[0,1,0],[1,1,0],[2,1,0],[0,2,0],[1,2,0],[2,2,0],[3,2,0],[0,3,0],[1,3,0],[2,3,0],[3,3,0]]}";
// Scenario 5: all 9 pixels of a 3x3 target, (1,1) inner, counter-clockwise (back).
const char* kScenario5 = "-0.015625 3 3.015625 3 1.5 -0.03125\n";

}  // namespace

TEST_CASE("d3dvk-raster: scenario 4 pixels with defaults and a 4x4 target", "[raster][cli]") {
  const CliRun r = runCli("--rt 4 4", kScenario4);
  CHECK(r.exitCode == 0);
  CHECK(r.out == std::string(kScenario4Out) + "\n");
  CHECK(r.err.empty());
}

TEST_CASE("d3dvk-raster: inner coverage as pixels and as spans", "[raster][cli]") {
  CliRun r = runCli("--rt 3 3", kScenario5);
  CHECK(r.exitCode == 0);
  CHECK(r.out ==
        "{\"tri\":0,\"culled\":false,\"degenerate\":false,\"front\":false,\"pixels\":[[0,0,0],[1,0,0],"
        "[2,0,0],[0,1,0],[1,1,1],[2,1,0],[0,2,0],[1,2,0],[2,2,0]]}\n");
  r = runCli("--rt 3 3 --spans", kScenario5);
  CHECK(r.exitCode == 0);
  CHECK(r.out ==
        "{\"tri\":0,\"culled\":false,\"degenerate\":false,\"front\":false,\"spans\":[[0,0,3,0],[1,0,1,0],"
        "[1,1,2,1],[1,2,3,0],[2,0,3,0]]}\n");
  // Tier 2: the same pixels, inner always 0; --front-ccw flips facing.
  r = runCli("--rt 3 3 --tier 2 --front-ccw --spans", kScenario5);
  CHECK(r.out ==
        "{\"tri\":0,\"culled\":false,\"degenerate\":false,\"front\":true,\"spans\":[[0,0,3,0],[1,0,3,0],"
        "[2,0,3,0]]}\n");
}

TEST_CASE("d3dvk-raster: standard mode, culling, degenerates, scissor", "[raster][cli]") {
  // Scenario 1 in standard mode lights nothing.
  CliRun r = runCli("--mode standard --rt 2 2", "0 1 2 1 1 0.5\n");
  CHECK(r.exitCode == 0);
  CHECK(r.out == "{\"tri\":0,\"culled\":false,\"degenerate\":false,\"front\":false,\"pixels\":[]}\n");
  // Scenario 6: degenerate, back-facing; culled with --cull back; standard culls it.
  const std::string s6 = "0 0 3 0.000244140625 3 0\n";
  r = runCli("--rt 3 1", s6);
  CHECK(r.out == "{\"tri\":0,\"culled\":false,\"degenerate\":true,\"front\":false,\"pixels\":[[0,0,0],[1,0,0],[2,0,0]]}\n");
  r = runCli("--rt 3 1 --cull back", s6);
  CHECK(r.exitCode == 0);
  CHECK(r.out ==
        "{\"tri\":0,\"culled\":true,\"degenerate\":true,\"front\":false,\"reason\":\"back-facing\",\"pixels\":[]}\n");
  r = runCli("--rt 3 1 --mode standard", s6);
  CHECK(r.out ==
        "{\"tri\":0,\"culled\":true,\"degenerate\":true,\"front\":false,\"reason\":\"degenerate\",\"pixels\":[]}\n");
  r = runCli("--rt 4 4 --cull front", kScenario4);
  CHECK(r.out ==
        "{\"tri\":0,\"culled\":true,\"degenerate\":false,\"front\":true,\"reason\":\"front-facing\",\"pixels\":[]}\n");
  // Scissor [1,3)x[1,3) keeps 4 of scenario 4's pixels; pixels outside the target never appear.
  r = runCli("--rt 4 4 --scissor 1 1 2 2", kScenario4);
  CHECK(r.out ==
        "{\"tri\":0,\"culled\":false,\"degenerate\":false,\"front\":true,\"pixels\":[[1,1,0],[2,1,0],[1,2,0],[2,2,0]]}\n");
  r = runCli("--rt 2 2 --scissor -5 -5 100 100", kScenario4);
  CHECK(r.out == "{\"tri\":0,\"culled\":false,\"degenerate\":false,\"front\":true,\"pixels\":[[1,0,0],[0,1,0],[1,1,0]]}\n");
}

TEST_CASE("d3dvk-raster: comments, blank lines and malformed lines", "[raster][cli]") {
  const std::string input =
      "# a comment\n"
      "\n"
      "   \t\n" +
      std::string(kScenario4) +
      "  # indented comment\n"
      "1 2 3\n"
      "1 2 3 4 5 6 7\n"
      "1 2 3 4 five 6\n"
      "nan 0 1 0 0 1\n"
      "0 0 inf 0 0 1\n"
      "0 0 1 0 0 40000\n"
      "0 0 1e39 0 0 1\n"
      "0x10 0 1 0 0 1\n"
      "1,5 0 1 0 0 1\n"
      "0.001953125\t3 +2.001953125 1 3 3\r\n";
  const CliRun r = runCli("--rt 4 4", input);
  CHECK(r.exitCode == 1);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 11);
  CHECK(out[0] == kScenario4Out);
  CHECK(out[1] == "{\"tri\":1,\"error\":\"expected 6 numbers (x0 y0 x1 y1 x2 y2), got 3\"}");
  CHECK(out[2] == "{\"tri\":2,\"error\":\"expected 6 numbers (x0 y0 x1 y1 x2 y2), got more\"}");
  CHECK(out[3] == "{\"tri\":3,\"error\":\"not a decimal number: 'five'\"}");
  CHECK(out[4] == "{\"tri\":4,\"error\":\"coordinate is NaN\"}");
  CHECK(out[5] == "{\"tri\":5,\"error\":\"coordinate is infinite\"}");
  CHECK(out[6] == "{\"tri\":6,\"error\":\"coordinate outside [-32768, 32768] pixels\"}");
  CHECK(out[7] == "{\"tri\":7,\"error\":\"coordinate out of range (|v| > 32768): '1e39'\"}");
  CHECK(out[8] == "{\"tri\":8,\"error\":\"not a decimal number: '0x10'\"}");
  CHECK(out[9] == "{\"tri\":9,\"error\":\"not a decimal number: '1,5'\"}");
  // Tabs, a leading '+' and CRLF are accepted.
  std::string again = kScenario4Out;
  again.replace(again.find("\"tri\":0"), 7, "\"tri\":10");
  CHECK(out[10] == again);
  // Only comments: no output, success.
  const CliRun empty = runCli("", "# nothing\n\n");
  CHECK(empty.exitCode == 0);
  CHECK(empty.out.empty());
  // Quotes in a bad token are escaped in the JSON string.
  const CliRun q = runCli("", "1 2 3 4 5 \"x\\\n");
  CHECK(q.exitCode == 1);
  CHECK(q.out == "{\"tri\":0,\"error\":\"not a decimal number: '\\\"x\\\\'\"}\n");
}

TEST_CASE("d3dvk-raster: a coordinate beyond 32768 is an error even where it rounds to 32768.0f", "[raster][cli]") {
  // The contract: |v| > 32768 is an error line. 32768.001 and -32768.001 round
  // to ±32768.0f (float spacing there is 1/256), and 3.2768000000000001e4 even
  // to 32768.0 in double: the decimal value decides, not its rounding.
  const std::string input =
      "32768.001 0 0 1 1 0\n"
      "0 -32768.001 0 1 1 0\n"
      "3.2768000000000001e4 0 0 1 1 0\n"
      "-32768.0000000000000000001 0 0 1 1 0\n"
      "32768 0 0 1 1 0\n"
      "-32768.000 0 0 1 1 0\n"
      "0 0 3.2768e4 1 1 0\n"
      "32767.999 0 0 1 1 0\n"
      "0.0000032768e10 0 0 1 1 0\n";
  const CliRun r = runCli("--rt 16 16", input);
  CHECK(r.exitCode == 1);
  const auto out = lines(r.out);
  REQUIRE(out.size() == 9);
  CHECK(out[0] == "{\"tri\":0,\"error\":\"coordinate out of range (|v| > 32768): '32768.001'\"}");
  CHECK(out[1] == "{\"tri\":1,\"error\":\"coordinate out of range (|v| > 32768): '-32768.001'\"}");
  CHECK(out[2] == "{\"tri\":2,\"error\":\"coordinate out of range (|v| > 32768): '3.2768000000000001e4'\"}");
  CHECK(out[3] ==
        "{\"tri\":3,\"error\":\"coordinate out of range (|v| > 32768): '-32768.0000000000000000001'\"}");
  // Exactly ±32768 (however written) and anything below is a triangle, which
  // the library accepts too (the CLI and the library draw the line at the same place).
  for (size_t i = 4; i < out.size(); ++i) {
    INFO(out[i]);
    CHECK(out[i].find("\"error\"") == std::string::npos);
    CHECK(out[i].find("\"culled\":false") != std::string::npos);
  }
  d3dvk::raster::RasterizerDrawState state;
  d3dvk::raster::SpanRowArray rows;
  for (float edge : {32768.0f, -32768.0f, 32767.999f}) {
    const d3dvk::raster::ScreenTriangle t{{{edge, 0}, {0, 1}, {1, 0}}};
    CHECK(!d3dvk::raster::isRejection(d3dvk::raster::rasterizeTriangle(t, state, rows).cull));
  }
  const d3dvk::raster::ScreenTriangle beyond{{{std::nextafter(32768.0f, 40000.0f), 0}, {0, 1}, {1, 0}}};
  CHECK(d3dvk::raster::rasterizeTriangle(beyond, state, rows).cull == d3dvk::raster::CullReason::OutOfRange);
}

TEST_CASE("d3dvk-raster: parsing ignores the locale", "[raster][cli]") {
  // LC_ALL is honoured by the C library if the locale exists; '.' must stay the
  // decimal point either way.
  const CliRun r = runCli("--rt 4 4", kScenario4, "LC_ALL=de_DE.UTF-8 LC_NUMERIC=de_DE.UTF-8");
  CHECK(r.exitCode == 0);
  CHECK(r.out == std::string(kScenario4Out) + "\n");
}

TEST_CASE("d3dvk-raster: bad arguments exit 2 with usage on stderr", "[raster][cli]") {
  const char* bad[] = {"--tier 4",         "--tier",          "--mode fast",     "--cull sideways",
                       "--rt 0 4",         "--rt 4",          "--rt 4 x",        "--rt 40000 4",
                       "--scissor 1 2 3",  "--scissor 0 0 -1 4", "--threads 0",  "--threads two",
                       "--bogus",          "positional"};
  for (const char* args : bad) {
    INFO(args);
    const CliRun r = runCli(args, std::string(kScenario4));
    CHECK(r.exitCode == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("usage: d3dvk-raster") != std::string::npos);
  }
  const CliRun help = runCli("--help", "");
  CHECK(help.exitCode == 0);
  CHECK(help.out.find("usage: d3dvk-raster") != std::string::npos);
  CHECK(help.out.find("--scissor X Y W H") != std::string::npos);
}

TEST_CASE("d3dvk-raster: threads keep the order and match the library", "[raster][cli]") {
  using namespace d3dvk::raster;
  std::mt19937 rng(9);
  std::uniform_real_distribution<float> pos(-10.0f, 70.0f), d(-6.0f, 6.0f);
  std::ostringstream in;
  in.precision(9);
  std::vector<ScreenTriangle> tris;
  for (int i = 0; i < 3000; ++i) {
    ScreenTriangle t;
    const float cx = pos(rng), cy = pos(rng);
    for (auto& v : t.v) v = ScreenVertex{cx + d(rng), cy + d(rng)};
    tris.push_back(t);
    for (const auto& v : t.v) in << v.x << ' ' << v.y << ' ';
    in << '\n';
    if (i % 100 == 0) in << "# comment\n";
  }
  const CliRun one = runCli("--rt 64 48 --spans", in.str());
  const CliRun two = runCli("--rt 64 48 --spans --threads 2", in.str());
  REQUIRE(one.exitCode == 0);
  REQUIRE(two.exitCode == 0);
  CHECK(one.out == two.out);
  // Same pixels as the library (9 significant digits round-trip a float).
  RasterizerDrawState st;
  st.clip = ClipRect{0, 0, 64, 48};
  RasterOutput lib;
  rasterizeTriangles(tris, st, lib);
  const auto out = lines(one.out);
  REQUIRE(out.size() == tris.size());
  for (std::size_t i = 0; i < tris.size(); ++i) {
    std::string spans;
    const auto rows = lib.rowsOf(i);
    for (std::size_t r = 0; r < rows.size(); ++r) {
      const RowSubSpans sub = subSpans(rows[r], lib.triangles[i].firstY + static_cast<int>(r));
      for (int k = 0; k < sub.count; ++k) {
        const CoverageSpan& s = sub.span[k];
        spans += (spans.empty() ? "[" : ",[") + std::to_string(s.y) + "," + std::to_string(s.xBegin) + "," +
                 std::to_string(s.xEnd) + "," + (s.inner ? "1" : "0") + "]";
      }
    }
    const std::string expectTail = "\"spans\":[" + spans + "]}";
    INFO("line " << i << ": " << out[i]);
    CHECK(out[i].rfind("{\"tri\":" + std::to_string(i) + ",", 0) == 0);
    CHECK(out[i].size() >= expectTail.size());
    CHECK(out[i].compare(out[i].size() - expectTail.size(), expectTail.size(), expectTail) == 0);
  }
}
