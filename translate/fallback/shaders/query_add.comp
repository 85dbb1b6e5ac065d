#version 450
// translate/fallback/shaders/query_add.comp — adds 64-bit query values (each
// a uvec2: low, high word) of `queries` records to others:
//   sums[sumBase + q·sumStride + first + v] += addends[addendBase + q·addendStride + first + v]
// for q < queries, v < values. A D3D12 query that a conservative fallback draw
// interrupted is its Vulkan query's last segment plus what was carried
// (ddi/umd/d3d12/query12.cpp); no 64-bit integer feature needed.
layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) buffer Sums { uvec2 sums[]; };
layout(std430, set = 0, binding = 1) readonly buffer Addends { uvec2 addends[]; };

layout(push_constant) uniform Params {
  uint queries;
  uint values;
  uint first;
  uint sumBase;
  uint sumStride;
  uint addendBase;
  uint addendStride;
} p;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= p.queries * p.values) return;
  uint q = i / p.values, v = p.first + i % p.values;
  uint s = p.sumBase + q * p.sumStride + v;
  uvec2 a = sums[s], b = addends[p.addendBase + q * p.addendStride + v];
  uint carry;
  uint low = uaddCarry(a.x, b.x, carry);
  sums[s] = uvec2(low, a.y + b.y + carry);
}
