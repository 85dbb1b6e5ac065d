// tests/tools: d3dvk-voxelize run as a user runs it, for what needs no
// conservative draw: --help, and each bad option or unreadable/malformed OBJ
// file answered by one error line on stderr and exit code 2, no device used.
// (Its voxelizing runs are ctest cases of their own: tests/tools/CMakeLists.txt.)
#include "run_process.h"

#include <catch2/catch.hpp>

#include <unistd.h>

using namespace d3dvk::test;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string firstLine(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

TEST_CASE("d3dvk-voxelize --help prints the usage and exits 0", "[tools][voxelize]") {
  const ProcessResult r = runProcess(std::string(D3DVK_VOXELIZE_EXE) + " --help");
  CHECK(r.exitCode == 0);
  CHECK(contains(r.out, "usage: d3dvk-voxelize [--grid N] [--seed S | --obj FILE] [--png FILE]"));
  CHECK(r.err.empty());
}

TEST_CASE("d3dvk-voxelize answers bad options and bad OBJ files with an error line and exit code 2",
          "[tools][voxelize][errors]") {
  const std::string bad = "/tmp/d3dvk-voxelize-bad-" + std::to_string(getpid()) + ".obj";
  {
    std::ofstream(bad) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 5\n";
  }
  const std::pair<std::string, std::string> cases[] = {
      {" --grid 30", "d3dvk-voxelize: --grid must be a multiple of 4 from 4 to 256, not '30'"},
      {" --grid 0", "d3dvk-voxelize: --grid must be a multiple of 4 from 4 to 256, not '0'"},
      {" --grid 512", "d3dvk-voxelize: --grid must be a multiple of 4 from 4 to 256, not '512'"},
      {" --grid -8", "d3dvk-voxelize: --grid must be a multiple of 4 from 4 to 256, not '-8'"},
      {" --grid", "d3dvk-voxelize: --grid needs a value"},
      {" --seed x1", "d3dvk-voxelize: --seed must be an integer from 0 to 4294967295, not 'x1'"},
      {" --frobnicate", "d3dvk-voxelize: unknown argument '--frobnicate'"},
      {" --seed 3 --obj " + bad, "d3dvk-voxelize: --seed and --obj exclude each other"},
      {" --obj /nonexistent/d3dvk/mesh.obj",
       "d3dvk-voxelize: cannot read the OBJ file /nonexistent/d3dvk/mesh.obj: No such file or directory"},
      {" --obj " + bad,
       "d3dvk-voxelize: cannot read the OBJ file " + bad + ": line 4: face vertex index 5 is out of range (3 "
                                                           "vertices so far)"},
  };
  for (const auto& [args, error] : cases) {
    const ProcessResult r = runProcess(std::string(D3DVK_VOXELIZE_EXE) + args);
    INFO(args << "\n" << r.out << r.err);
    CHECK(r.exitCode == 2);
    CHECK(firstLine(r.err) == error);
    CHECK(r.out.empty());  // nothing ran
  }
  std::remove(bad.c_str());
}
