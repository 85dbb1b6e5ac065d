// runtime/d3d12/d3d12_resource_states.cpp — see d3d12_resource_states.h.
#include "d3d12_resource_states.h"

#include "d3d12_resource.h"
#include "raw_enum.h"

#include <cstdint>
#include <cstdio>
#include <mutex>

namespace d3dvk::runtime {

namespace {

std::mutex& resourceStatesMutex() {
  static std::mutex mutex;
  return mutex;
}

std::string hex(UINT64 v) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llX", static_cast<unsigned long long>(v));
  return text;
}

std::string subresourceText(UINT first, UINT last) {
  if (first == last) return "subresource " + std::to_string(first);
  return "subresources " + std::to_string(first) + "-" + std::to_string(last);
}

}  // namespace

ResourceStateRecord::ResourceStateRecord(D3D12Resource* owner, const D3D12_RESOURCE_DESC& desc, UINT subresourceCount,
                                         D3D12_RESOURCE_STATES initial)
    : buffer(desc.Dimension == D3D12_RESOURCE_DIMENSION_BUFFER),
      simultaneousAccess(desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_SIMULTANEOUS_ACCESS),
      subresources(subresourceCount),
      address(owner),
      resource(owner),
      queueState(subresourceCount, initial) {}

void ResourceStateRecord::detach() {
  std::lock_guard<std::mutex> lock(resourceStatesMutex());
  resource = nullptr;
}

bool promotableFromCommon(const ResourceStateRecord& record, D3D12_RESOURCE_STATES state) {
  if (record.buffer || record.simultaneousAccess) return true;
  constexpr int promotable = D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE |
                             D3D12_RESOURCE_STATE_COPY_SOURCE | D3D12_RESOURCE_STATE_COPY_DEST;
  return !(rawEnum(state) & ~promotable);
}

std::string resourceStateText(D3D12_RESOURCE_STATES state) {
  static const std::pair<int, const char*> kNames[] = {
      {D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, "VERTEX_AND_CONSTANT_BUFFER"},
      {D3D12_RESOURCE_STATE_INDEX_BUFFER, "INDEX_BUFFER"},
      {D3D12_RESOURCE_STATE_RENDER_TARGET, "RENDER_TARGET"},
      {D3D12_RESOURCE_STATE_UNORDERED_ACCESS, "UNORDERED_ACCESS"},
      {D3D12_RESOURCE_STATE_DEPTH_WRITE, "DEPTH_WRITE"},
      {D3D12_RESOURCE_STATE_DEPTH_READ, "DEPTH_READ"},
      {D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, "NON_PIXEL_SHADER_RESOURCE"},
      {D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, "PIXEL_SHADER_RESOURCE"},
      {D3D12_RESOURCE_STATE_STREAM_OUT, "STREAM_OUT"},
      {D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT, "INDIRECT_ARGUMENT"},
      {D3D12_RESOURCE_STATE_COPY_DEST, "COPY_DEST"},
      {D3D12_RESOURCE_STATE_COPY_SOURCE, "COPY_SOURCE"},
      {D3D12_RESOURCE_STATE_RESOLVE_DEST, "RESOLVE_DEST"},
      {D3D12_RESOURCE_STATE_RESOLVE_SOURCE, "RESOLVE_SOURCE"},
      {D3D12_RESOURCE_STATE_RAYTRACING_ACCELERATION_STRUCTURE, "RAYTRACING_ACCELERATION_STRUCTURE"},
      {D3D12_RESOURCE_STATE_SHADING_RATE_SOURCE, "SHADING_RATE_SOURCE"},
  };
  const int bits = rawEnum(state);
  std::string text = hex(unsigned(bits)) + ": ";
  if (bits == 0) return text + "D3D12_RESOURCE_STATE_COMMON";
  if (bits == D3D12_RESOURCE_STATE_GENERIC_READ) return text + "D3D12_RESOURCE_STATE_GENERIC_READ";
  int left = bits;
  bool firstName = true;
  for (const auto& [bit, name] : kNames) {
    if (!(bits & bit)) continue;
    text += (firstName ? "D3D12_RESOURCE_STATE_" : "|D3D12_RESOURCE_STATE_") + std::string(name);
    firstName = false;
    left &= ~bit;
  }
  if (left) text += (firstName ? "" : "|") + hex(unsigned(left));
  return text;
}

std::string debugObjectName(ID3D12Object* object) {
  constexpr GUID kDebugObjectNameW = {0x4cca5fd8, 0x921f, 0x42c8, {0x85, 0x66, 0x70, 0xca, 0xf2, 0xa9, 0xb7, 0x41}};
  UINT size = 0;
  if (!object || FAILED(object->GetPrivateData(kDebugObjectNameW, &size, nullptr)) || size < sizeof(WCHAR)) return {};
  std::vector<WCHAR> wide(size / sizeof(WCHAR) + 1, 0);
  if (FAILED(object->GetPrivateData(kDebugObjectNameW, &size, wide.data()))) return {};
  std::string name;
  for (WCHAR c : wide) {
    if (!c) break;
    name += (c > 0 && c < 0x80) ? char(c) : '?';
  }
  return name;
}

bool ListResourceStates::transition(D3D12Resource* r, UINT sub, D3D12_RESOURCE_STATES before,
                                    D3D12_RESOURCE_STATES after, std::string* why) {
  const std::shared_ptr<ResourceStateRecord>& record = r->stateRecord();
  Use& use = uses_[record.get()];
  if (!use.record) {
    use.record = record;
    use.subresources.resize(record->subresources);
  }
  // A buffer left in COMMON is promoted implicitly by its next use: its state is not known.
  auto follows = [&](const Subresource& s) {
    return !s.used || s.last == before || (record->buffer && s.last == D3D12_RESOURCE_STATE_COMMON);
  };
  auto describe = [&](UINT s) {
    *why = "StateBefore (" + hex(unsigned(rawEnum(before))) + ") is not the state an earlier barrier of this list left " +
           "subresource " + std::to_string(s) + " in (" + hex(unsigned(rawEnum(use.subresources[s].last))) + ")";
    return false;
  };
  auto apply = [&](Subresource& s) {
    if (!s.used) s.first = before;
    s.used = true;
    s.last = after;
  };
  if (sub == D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES) {
    for (UINT s = 0; s < record->subresources; ++s)
      if (!follows(use.subresources[s])) return describe(s);
    for (Subresource& s : use.subresources) apply(s);
  } else {
    if (!follows(use.subresources.at(sub))) return describe(sub);
    apply(use.subresources[sub]);
  }
  return true;
}

void executeListStates(const ListResourceStates& list, bool copyQueue, const std::string& listText,
                       std::vector<std::string>* mismatches) {
  std::lock_guard<std::mutex> lock(resourceStatesMutex());
  for (const auto& [key, use] : list.uses_) {
    ResourceStateRecord& record = *use.record;
    const bool decays = copyQueue || record.buffer || record.simultaneousAccess;
    std::string resourceText;
    auto flush = [&](UINT firstSub, UINT lastSub, D3D12_RESOURCE_STATES expected, D3D12_RESOURCE_STATES actual) {
      if (resourceText.empty()) {
        std::string name = record.resource ? debugObjectName(record.resource) : std::string();
        resourceText = "resource " + hex(reinterpret_cast<uintptr_t>(record.address)) +
                       (name.empty() ? std::string() : " '" + name + "'") +
                       (record.resource ? "" : " (destroyed since)");
      }
      mismatches->push_back(listText + ": the StateBefore (" + resourceStateText(expected) +
                            ") of its first transition barrier of " + resourceText + ", " +
                            subresourceText(firstSub, lastSub) + ", does not match the state the queue has it in (" +
                            resourceStateText(actual) +
                            ": its initial state or what earlier executed command lists left it in)");
    };
    // Consecutive subresources with the same mismatch make one message.
    bool open = false;
    UINT runStart = 0;
    D3D12_RESOURCE_STATES runExpected{}, runActual{};
    for (UINT s = 0; s < record.subresources; ++s) {
      const auto& sub = use.subresources[s];
      bool bad = false;
      if (sub.used) {
        D3D12_RESOURCE_STATES actual = record.queueState[s];
        bad = sub.first != actual &&
              !(actual == D3D12_RESOURCE_STATE_COMMON && promotableFromCommon(record, sub.first));
        record.queueState[s] = decays ? D3D12_RESOURCE_STATE_COMMON : sub.last;
        if (bad && open && sub.first == runExpected && actual == runActual) continue;
        if (open) flush(runStart, s - 1, runExpected, runActual);
        open = bad;
        if (bad) runStart = s, runExpected = sub.first, runActual = actual;
      } else if (open) {
        flush(runStart, s - 1, runExpected, runActual);
        open = false;
      }
    }
    if (open) flush(runStart, record.subresources - 1, runExpected, runActual);
  }
}

}  // namespace d3dvk::runtime
