// translate/dxbc/listing.h — the fxc `/Fc` shader-assembly listing format: the
// assembler (listing text → DXBC container: the signature tables' ISGN/OSGN,
// ISG1/OSG1, OSG5 and PCSG, SFI0, SHDR/SHEX, and the chunks the listing carries
// as hex or counters, see listing_chunks.h) and the disassembler (DXBC → the same
// format). assemble(disassemble(c)) is byte-identical to c for fxc's containers,
// and assemble(disassemble(assemble(t))) to assemble(t). Errors carry "line N: reason".
#pragma once

#include "dxbc/shader.h"

#include <string>
#include <string_view>

namespace d3dvk::dxbc {

struct AssembleResult {
  Program program;
  Signature inputs, outputs, patchConstants;
  uint64_t featureFlags = 0;
  std::vector<uint8_t> container;  // the DXBC bytes
};

// Throws dxbc::Error("line N: …") on any syntax or semantic error.
AssembleResult assemble(std::string_view text);

std::string disassemble(const Shader& shader);
std::string disassembleProgram(const Program& program);  // just the code part
std::string disassembleInstruction(const Instruction& inst);

// Shared name tables of the listing format.
const char* systemValueTableName(uint32_t d3dName);  // "POS", "TARGET", "INNERCOV", …
const char* systemNameToken(SystemName n);             // "position", "is_front_face", …
const char* interpolationText(Interpolation i);        // "linear noperspective", …
const char* resourceDimensionText(ResourceDimension d);  // "texture2d", …
const char* returnTypeText(uint32_t rt);               // "float", "uint", …
const char* gsInputPrimitiveText(uint32_t p);          // "triangle", "lineadj", … (dcl_inputprimitive)
const char* tessDomainText(uint32_t d);                // "domain_tri", … (dcl_tessellator_domain)
const char* tessPartitioningText(uint32_t p);          // "partitioning_integer", … (dcl_tessellator_partitioning)
const char* tessOutputPrimitiveText(uint32_t p);       // "output_triangle_cw", … (dcl_tessellator_output_primitive)
const char* gsOutputTopologyText(uint32_t t);          // "trianglestrip", … (dcl_outputtopology)

}  // namespace d3dvk::dxbc
