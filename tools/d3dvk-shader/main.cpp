// tools/d3dvk-shader/main.cpp — the shader command-line tool: assemble fxc-style
// listings, disassemble DXBC, translate to SPIR-V (native/fallback, optional
// validation), and print reflection info. Exit codes: 0 ok, 1 failure, 2 bad arguments.
#include "dxbc/listing.h"
#include "dxbc/spirv_tools.h"
#include "dxbc/translator.h"
#include "shader_info.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace d3dvk::dxbc;

namespace {

const char kUsage[] =
    "usage: d3dvk-shader <command> [options]\n"
    "  assemble <in.asm> -o <out.dxbc>     assemble an fxc /Fc listing into a DXBC container\n"
    "  disasm <in.dxbc>                     print the listing of a DXBC container\n"
    "  spirv <in.dxbc> -o <out.spv> [--variant native|fallback] [--validate] [--xfb] [--optimize]\n"
    "        [--d3d-vertex-ids]\n"
    "                                       translate a shader of any stage to SPIR-V; the fallback\n"
    "                                       variant (pixel shaders) is the exact conservative\n"
    "                                       fallback's: coverage and system values from its record\n"
    "  info <in.dxbc>                       print stage, model, signatures, feature flags, every\n"
    "                                       declared resource with its register space, and the\n"
    "                                       Vulkan capabilities/extensions/features it needs\n"
    "  --help                               this text\n"
    "exit status: 0 ok, 1 failure (message names file and line/offset), 2 bad arguments\n";

int usageError(const std::string& msg) {
  std::cerr << "d3dvk-shader: " << msg << "\n" << kUsage;
  return 2;
}

bool readFile(const std::string& path, std::vector<uint8_t>& out, std::string& err) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    err = path + ": cannot open: " + std::strerror(errno);
    return false;
  }
  out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

bool writeFile(const std::string& path, const void* data, size_t size, std::string& err) {
  std::ofstream f(path, std::ios::binary);
  if (!f || !f.write(static_cast<const char*>(data), std::streamsize(size))) {
    err = path + ": cannot write";
    return false;
  }
  return true;
}

const char* stageName(ProgramType t) {
  switch (t) {
    case ProgramType::Pixel: return "pixel";
    case ProgramType::Vertex: return "vertex";
    case ProgramType::Geometry: return "geometry";
    case ProgramType::Hull: return "hull";
    case ProgramType::Domain: return "domain";
    case ProgramType::Compute: return "compute";
  }
  return "?";
}

void printSignature(const char* title, const Signature& sig) {
  std::printf("%s (%zu elements):\n", title, sig.elements.size());
  for (const SignatureElement& e : sig.elements) {
    const char* sv = systemValueTableName(e.systemValue);
    std::printf("  %s%u register %d mask 0x%x sysvalue %s (%u) type %u\n", e.semanticName.c_str(), e.semanticIndex,
                e.registerIndex == 0xffffffffu ? -1 : int(e.registerIndex), e.mask, sv ? sv : "?", e.systemValue,
                uint32_t(e.componentType));
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) return usageError("missing command");
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    }
  std::string cmd = args[0];
  std::string input, output, variant = "native";
  bool validate = false, xfb = false, optimize = false, d3dIds = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-o") {
      if (++i >= args.size()) return usageError("-o needs a file name");
      output = args[i];
    } else if (a == "--variant") {
      if (++i >= args.size()) return usageError("--variant needs native or fallback");
      variant = args[i];
      if (variant != "native" && variant != "fallback") return usageError("unknown variant '" + variant + "'");
    } else if (a == "--validate") {
      validate = true;
    } else if (a == "--xfb") {
      xfb = true;
    } else if (a == "--optimize") {
      optimize = true;
    } else if (a == "--d3d-vertex-ids") {
      d3dIds = true;
    } else if (!a.empty() && a[0] == '-') {
      return usageError("unknown option '" + a + "'");
    } else if (input.empty()) {
      input = a;
    } else {
      return usageError("unexpected argument '" + a + "'");
    }
  }
  if (cmd != "assemble" && cmd != "disasm" && cmd != "spirv" && cmd != "info")
    return usageError("unknown command '" + cmd + "'");
  if (input.empty()) return usageError(cmd + " needs an input file");
  if ((cmd == "assemble" || cmd == "spirv") && output.empty()) return usageError(cmd + " needs -o <output>");
  if ((cmd == "disasm" || cmd == "info") && !output.empty()) return usageError(cmd + " prints to stdout; no -o");

  std::vector<uint8_t> bytes;
  std::string err;
  if (!readFile(input, bytes, err)) {
    std::cerr << "d3dvk-shader: " << err << "\n";
    return 1;
  }
  try {
    if (cmd == "assemble") {
      AssembleResult r = assemble(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
      if (!writeFile(output, r.container.data(), r.container.size(), err)) {
        std::cerr << "d3dvk-shader: " << err << "\n";
        return 1;
      }
      return 0;
    }
    Shader shader = parseShader(bytes);
    if (cmd == "disasm") {
      std::cout << disassemble(shader);
      return 0;
    }
    if (cmd == "info") {
      ShaderReflection r = reflect(shader);
      std::printf("stage: %s\nshader model: %u.%u\n", stageName(r.stage), r.major, r.minor);
      printSignature("inputs", r.inputs);
      printSignature("outputs", r.outputs);
      std::printf("feature flags (SFI0): %s0x%llx%s\n", "", static_cast<unsigned long long>(r.featureFlags),
                  r.hasFeatureFlags ? "" : " (no SFI0 chunk)");
      std::printf("reads SV_InnerCoverage: %s\nreads SV_Coverage: %s\nwrites SV_Coverage: %s\nwrites SV_Depth: %s\n",
                  r.readsInnerCoverage ? "yes" : "no", r.readsCoverage ? "yes" : "no", r.writesCoverage ? "yes" : "no",
                  r.writesDepth ? "yes" : "no");
      std::printf("resources:\n%s", d3dvk::tools::describeResources(shader.program).c_str());
      std::printf("vulkan requirements (native translation):\n%s",
                  d3dvk::tools::describeVulkanRequirements(shader).c_str());
      return 0;
    }
    TranslateOptions opts;
    opts.variant = variant == "fallback" ? ShaderVariant::Fallback : ShaderVariant::Native;
    opts.transformFeedback = xfb;
    opts.d3dVertexInstanceIds = d3dIds;
    std::vector<uint32_t> spv = translateToSpirv(shader, opts);
    if (optimize) spv = optimizeSpirv(spv);
    if (validate) {
      std::string msg = validateSpirv(spv);
      if (!msg.empty()) {
        std::cerr << "d3dvk-shader: " << input << ": SPIR-V validation failed: " << msg << "\n";
        return 1;
      }
    }
    if (!writeFile(output, spv.data(), spv.size() * 4, err)) {
      std::cerr << "d3dvk-shader: " << err << "\n";
      return 1;
    }
    return 0;
  } catch (const Error& e) {
    std::cerr << "d3dvk-shader: " << input << ": " << e.what() << "\n";
    return 1;
  }
}
