// runtime/d3d12/d3d12_resource_states.h — resource states as the D3D12 debug
// layer follows them across command lists.
//  - ResourceStateRecord: one per resource, shared (shared_ptr) by the
//    resource and the lists whose barriers name it, so a list never points at
//    a destroyed resource. It holds the state of each subresource on the
//    queues: the creation state, then what executed lists left. The state is
//    global to the resource (every queue of the device) and guarded by one
//    process-wide mutex (ExecuteCommandLists may run on several threads).
//  - ListResourceStates: one per command list, filled while recording (one
//    thread at a time, as D3D12 requires): per resource and subresource, the
//    StateBefore of the list's first transition barrier and the StateAfter of
//    its last one. A barrier whose StateBefore is not what an earlier barrier
//    of the same list left is refused at once (the list's own check).
//  - executeListStates: what ExecuteCommandLists does per list with the debug
//    layer on: each subresource's first StateBefore is checked against its
//    state on the queue — equal, or the queue has it in COMMON and D3D12's
//    implicit promotion reaches StateBefore (any state for buffers and
//    SIMULTANEOUS_ACCESS textures, the read-only promotable states and
//    COPY_DEST for other textures; an earlier use in the list that d3dvk does
//    not follow may have promoted it) — then the queue takes the list's last
//    state, or COMMON where D3D12 decays it when the list ends (buffers,
//    SIMULTANEOUS_ACCESS textures, anything a copy queue touched).
// Not followed: implicit uses by draws, copies and clears (a state a use needs
// is not checked, and a texture promoted by a use and not transitioned after
// keeps its queue state).
#pragma once

#include "d3d12_device_child.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace d3dvk::runtime {

class D3D12Resource;

struct ResourceStateRecord {
  ResourceStateRecord(D3D12Resource* owner, const D3D12_RESOURCE_DESC& desc, UINT subresourceCount,
                      D3D12_RESOURCE_STATES initial);
  // Called by the resource's destructor: the record outlives it in the lists that name it.
  void detach();

  const bool buffer;
  const bool simultaneousAccess;
  const UINT subresources;
  const void* const address;  // the resource's address, for messages only
  // Guarded by resourceStatesMutex():
  D3D12Resource* resource;                     // null once destroyed
  std::vector<D3D12_RESOURCE_STATES> queueState;  // per subresource
};

// Whether D3D12's implicit promotion takes `record` from COMMON to `state`.
bool promotableFromCommon(const ResourceStateRecord& record, D3D12_RESOURCE_STATES state);
// "0x4: D3D12_RESOURCE_STATE_RENDER_TARGET" (several bits joined by '|').
std::string resourceStateText(D3D12_RESOURCE_STATES state);
// The name SetName gave an object, "" when none.
std::string debugObjectName(ID3D12Object* object);

class ListResourceStates {
 public:
  // Follows one transition barrier (a whole one or a split barrier's END_ONLY
  // half); false with `why` when StateBefore is not the state an earlier
  // barrier of this list left a subresource in (a buffer this list left in
  // COMMON is promoted by its next use: any StateBefore follows).
  bool transition(D3D12Resource* resource, UINT subresource, D3D12_RESOURCE_STATES before,
                  D3D12_RESOURCE_STATES after, std::string* why);
  void clear() { uses_.clear(); }

 private:
  friend void executeListStates(const ListResourceStates&, bool, const std::string&, std::vector<std::string>*);
  struct Subresource {
    bool used = false;
    D3D12_RESOURCE_STATES first{};  // the first barrier's StateBefore
    D3D12_RESOURCE_STATES last{};   // the last barrier's StateAfter
  };
  struct Use {
    std::shared_ptr<ResourceStateRecord> record;
    std::vector<Subresource> subresources;
  };
  std::map<const ResourceStateRecord*, Use> uses_;
};

// The debug layer's step for one executed list (see the header comment):
// appends one text per subresource whose first StateBefore does not match its
// queue state (naming the list `listText`, the resource, the subresource and
// both states), then moves the queue states on. `copyQueue`: every state the
// list touched decays to COMMON.
void executeListStates(const ListResourceStates& list, bool copyQueue, const std::string& listText,
                       std::vector<std::string>* mismatches);

}  // namespace d3dvk::runtime
