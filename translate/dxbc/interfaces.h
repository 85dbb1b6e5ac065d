// translate/dxbc/interfaces.h — SM5 interfaces (class linkage) as plain data and
// pure functions: the IFCE chunk (class types, the shader's own class instances,
// interface slots and which function table each class selects there), the
// program's dcl_interface / dcl_function_table declarations, and the rewrite that
// binds a program to one set of class instances (what *SetShaderWithIfaces gives
// the driver: a function table and this-pointer data per slot). The bound
// program has no interface instructions left: each `fcall fp#[i][k]` becomes the
// body the slot's table lists at call site k, inlined (a dynamically indexed
// fp#[r + i] becomes a switch over the array's slots), and each `this[n]` the
// slot's pointer data as an immediate (a register-indexed `this[r + n]`, which
// fxc gives the bodies of interface arrays, first a switch over the bound slots:
// slot_indexing.h), so the translator needs no support of its own. A constant
// buffer a bound instance's data names but the shader does not declare is declared.
//
// IFCE layout (inferred from public readers of fxc's output; offsets are from the
// chunk's start, all little endian):
//   header  u32 instanceCount, typeCount, slotRecordCount, slotCount,
//           u32 idArraysOffset (where the slot records' type/table id arrays start),
//           u32 typesOffset, slotRecordsOffset
//   types   (at typesOffset)  u32 nameOffset, u16 id, u16 cbStride, u16 textures, u16 samplers
//   instances (right after the types)  u32 nameOffset, u16 typeId, u16 reserved,
//           u16 constantBuffer, u16 constantBufferOffset, u16 texture, u16 sampler
//   slot records (at slotRecordsOffset)  u32 slotSpan, u32 entryCount,
//           u32 typeIdsOffset (u16 each), u32 tableIdsOffset (u32 each)
//   names   NUL-terminated strings.
#pragma once

#include "dxbc/container.h"
#include "dxbc/tokens.h"

#include <cstdint>
#include <string>
#include <vector>

namespace d3dvk::dxbc {

struct ClassType {
  std::string name;
  uint16_t id = 0;
  uint16_t constantBufferStride = 0;  // the instance data's size in constant vectors
  uint16_t textureCount = 0, samplerCount = 0;
};

// An instance the shader declares (a global of a class type): where its data is.
struct ShaderClassInstance {
  std::string name;
  uint16_t typeId = 0;
  uint16_t reserved = 0;
  uint16_t constantBuffer = 0, constantBufferOffset = 0;  // cb slot, offset in constant vectors
  uint16_t texture = 0, sampler = 0;                      // first t#, first s#
};

// A run of `slotSpan` interface slots (an fp# array) and, per class type that
// implements the interface, the function table it selects there.
struct InterfaceSlotRecord {
  uint32_t slotSpan = 1;
  struct Implementation {
    uint16_t typeId = 0;
    uint32_t tableId = 0;
  };
  std::vector<Implementation> implementations;
};

struct InterfaceInfo {
  std::vector<ClassType> types;
  std::vector<ShaderClassInstance> instances;
  std::vector<InterfaceSlotRecord> slotRecords;  // consecutive: record 0 starts at slot 0
  uint32_t slotCount = 0;                        // the header's count (the records' spans added up)

  const ClassType* findType(const std::string& name) const;
  // The function table class type `typeId` selects at `slot`; false when it does
  // not implement that slot's interface (or the slot does not exist).
  bool tableFor(uint32_t slot, uint16_t typeId, uint32_t* tableId) const;
};

// Throws dxbc::Error ("IFCE: …") for a chunk whose counts or offsets do not fit.
InterfaceInfo parseInterfaces(const Chunk& ifce);
std::vector<uint8_t> writeInterfaces(const InterfaceInfo& info);

// ---- the program's declarations -----------------------------------------------

struct InterfaceDeclaration {
  uint32_t firstSlot = 0;  // fp#: slots are numbered across declarations by array size
  uint32_t arraySize = 1;
  uint32_t callSites = 0;  // bodies per function table
  bool dynamicIndexed = false;
  std::vector<uint32_t> tables;  // ft# allowed here
};

struct InterfaceDeclarations {
  std::vector<InterfaceDeclaration> interfaces;
  std::vector<std::vector<uint32_t>> tables;  // ft# → the fb# per call site (empty when undeclared)
  uint32_t slotCount = 0;                     // one past the highest slot declared
  std::vector<bool> calledSlots;              // per slot: an fcall can go through it
  bool any() const { return !interfaces.empty() || !tables.empty(); }
};
// Throws dxbc::Error for inconsistent declarations (a table with the wrong number
// of bodies for its interface, an fcall to an undeclared fp#, …).
InterfaceDeclarations interfaceDeclarations(const Program& program);
bool usesInterfaces(const Program& program);

// ---- binding --------------------------------------------------------------------

constexpr uint32_t kNoFunctionTable = 0xFFFFFFFFu;

// The this[] data of a slot's instance, as the shader reads it: .x constant
// buffer, .y offset in constant vectors, .z first texture, .w first sampler.
struct InterfacePointer {
  uint32_t constantBuffer = 0, constantBufferOffset = 0, texture = 0, sampler = 0;
  bool operator==(const InterfacePointer&) const = default;
};

struct InterfaceBinding {
  std::vector<uint32_t> tables;            // per slot: the ft#, or kNoFunctionTable
  std::vector<InterfacePointer> pointers;  // per slot
  bool operator==(const InterfaceBinding&) const = default;
};

// The program with the binding applied (see the file comment). Throws dxbc::Error
// naming the slot for a call through a slot without a table, a table the slot's
// declaration does not list, or a this[n] read of a slot without an instance.
Program bindInterfaces(const Program& program, const InterfaceBinding& binding);

}  // namespace d3dvk::dxbc
