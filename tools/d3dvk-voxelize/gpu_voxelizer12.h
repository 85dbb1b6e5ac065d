// tools/d3dvk-voxelize/gpu_voxelizer12.h — the voxelizer on the GPU through the
// public D3D12 API, the design of gpu_voxelizer.h with the same shaders: a
// D3D12 device with the debug layer, a graphics PSO per conservative mode
// (VS → GS → PS, no render target, CULL_NONE, no depth clip) drawn over an N×N
// viewport with the constants as a root CBV and the two N³ RWTexture3D<uint>
// UAVs through a descriptor table, a compute PSO compacting the occupied voxels
// into a structured UAV with a counter (Append), the counter reset with
// CopyBufferRegion and read back with CopyBufferRegion (D3D12 has no
// CopyStructureCount), and the read-back of all of it into READBACK buffers
// (CopyTextureRegion to placed footprints), each pass one command list
// executed and waited for on a fence, timed on the wall clock.
#pragma once

#include "gpu_voxelizer.h"

#include <memory>

namespace d3dvk::voxelize {

// Creates the D3D12 voxelizer for an N³ grid; throws ApiError.
std::unique_ptr<Voxelizer> makeGpuVoxelizer12(uint32_t n);

}  // namespace d3dvk::voxelize
