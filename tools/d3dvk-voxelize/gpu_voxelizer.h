// tools/d3dvk-voxelize/gpu_voxelizer.h — the voxelizer on the GPU, through the
// public D3D11 API only (an application's view of d3dvk): a D3D11 device, the
// VS → GS (dominant axis, projection) → PS (InterlockedOr/InterlockedAdd into
// two N³ RWTexture3D<uint>) pipeline drawn with no render target and an N×N
// viewport under a CreateRasterizerState2 state (conservative ON or OFF), the
// compute pass compacting the occupied voxels into an AppendStructuredBuffer,
// CopyStructureCount, and the read-back of all of it through staging copies,
// each pass timed on the wall clock to its completion.
#pragma once

#include "mesh.h"
#include "voxel_math.h"

#include <d3d11_3.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace d3dvk::voxelize {

// What the API refused (its message names the call and the HRESULT).
struct ApiError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <class T>
class Com {
 public:
  Com() = default;
  Com(const Com&) = delete;
  Com& operator=(const Com&) = delete;
  ~Com() { reset(); }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T** out() {
    reset();
    return &p_;
  }
  void reset() {
    if (p_) p_->Release();
    p_ = nullptr;
  }

 private:
  T* p_ = nullptr;
};

struct PassResult {
  Grid occupancy;                 // the occupancy texture read back (non-zero = occupied)
  uint64_t fragments = 0;         // the sum of the per-voxel fragment counts
  std::vector<uint32_t> list;     // the compacted voxels, packed x | y << 10 | z << 20
  uint32_t listCount = 0;         // the append counter's value (D3D11: CopyStructureCount's)
  double drawMs = 0, compactMs = 0, readbackMs = 0;
};

// The voxelizer through either API (GpuVoxelizer: D3D11; GpuVoxelizer12,
// gpu_voxelizer12.h: D3D12, the same design and shaders).
class Voxelizer {
 public:
  virtual ~Voxelizer() = default;
  // The device's reported conservative rasterization tier (0 none).
  virtual int conservativeTier() const = 0;
  // Voxelizes the triangles (conservative rasterization ON or OFF), compacts
  // and reads back. Throws ApiError.
  virtual PassResult run(const std::vector<Triangle>& triangles, bool conservative) = 0;
  // Debug-layer messages of severity error or worse seen so far.
  virtual std::vector<std::string> errors() const = 0;
};

class GpuVoxelizer final : public Voxelizer {
 public:
  // Creates the device and everything the passes use for an N³ grid; throws
  // ApiError.
  explicit GpuVoxelizer(uint32_t n);
  ~GpuVoxelizer() override;
  int conservativeTier() const override { return tier_; }
  PassResult run(const std::vector<Triangle>& triangles, bool conservative) override;
  std::vector<std::string> errors() const override;

 private:
  void waitIdle();
  uint32_t n_;
  int tier_ = 0;
  Com<ID3D11Device3> device_;
  Com<ID3D11DeviceContext> context_;
  Com<ID3D11InfoQueue> queue_;
  Com<ID3D11VertexShader> vs_;
  Com<ID3D11GeometryShader> gs_;
  Com<ID3D11PixelShader> ps_;
  Com<ID3D11ComputeShader> cs_;
  Com<ID3D11InputLayout> layout_;
  Com<ID3D11Buffer> constants_;
  Com<ID3D11Texture3D> occupancy_, counts_, occupancyStaging_, countsStaging_;
  Com<ID3D11UnorderedAccessView> occupancyUav_, countsUav_, listUav_;
  Com<ID3D11ShaderResourceView> occupancySrv_;
  Com<ID3D11Buffer> list_, listStaging_, count_, countStaging_;
  Com<ID3D11RasterizerState2> rasterOn_, rasterOff_;
  Com<ID3D11Query> event_;
};

}  // namespace d3dvk::voxelize
