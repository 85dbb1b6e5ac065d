// tests/support/vs_invocations.h — what a pipeline-statistics query's
// VSInvocations may be after a native draw. D3D11.3 functional spec §20.4.7
// (D3D11_QUERY_DATA_PIPELINE_STATISTICS, which D3D12's structure repeats):
// "the value for number of invocations must fall between two numbers: infinite
// cache & no cache" (post-VS caching), IAVertices counting no caching at all.
// Vulkan promises less: VERTEX_SHADER_INVOCATIONS is "incremented each time a
// vertex shader is invoked", an implementation may reuse a vertex's results
// when it can tell they are identical, and the statistics "are intended to
// measure relative statistics on one implementation" (VkQueryPipelineStatisticFlagBits).
// d3dvk reports the device's count for native draws. An NVIDIA H200 counts
// repeated vertices once across consecutive draws and across instances of a
// vertex shader that does not read the instance, even without an index
// buffer (where §20.4.7's examples expect one invocation per vertex), so
// tests hold VSInvocations to the range §20.4.7 describes:
//   distinct ≤ VSInvocations ≤ fetched,
// distinct: the vertices the vertex shader can tell apart (an infinite
// cache), fetched: every vertex the input assembler fetched (no cache).
// Counts d3dvk writes itself (the conservative fallback's) stay exact in their tests.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>

namespace d3dvk::test {

inline void checkVsInvocations(uint64_t vsInvocations, uint64_t distinct, uint64_t fetched) {
  INFO("VSInvocations " << vsInvocations << ": between the " << distinct << " distinct vertices and the " << fetched
                        << " fetched (D3D11.3 spec 20.4.7)");
  CHECK(vsInvocations >= distinct);
  CHECK(vsInvocations <= fetched);
}

}  // namespace d3dvk::test
