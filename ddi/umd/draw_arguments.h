// ddi/umd/draw_arguments.h — the CPU-known counts a conservative fallback
// draw sizes its passes from (driver_fallback_draw.h), read back from the GPU
// (the open batch is submitted and waited for: rare): an indirect draw's
// arguments, and DrawAuto's vertex count from its buffer's stream-output
// counter. Each takes the queue mutex; false after reporting.
#pragma once

#include "draw_recording.h"

namespace d3dvk::umd {

class Device;

// The call's indirect arguments become its counts (indirectBuffer null after).
bool resolveIndirectArguments(Device& device, DrawCall* call);
// DrawAuto: (counter − the vertex buffer's offset) / stride whole vertices; the
// call becomes the Draw of those vertices from slot 0 (autoBuffer null after).
bool resolveAutoArguments(Device& device, DrawCall* call);

}  // namespace d3dvk::umd
