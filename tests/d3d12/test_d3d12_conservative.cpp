// tests/d3d12: conservative rasterization the D3D12 way on the exact fallback
// (forced with D3DVK_CONSERVATIVE_RASTER=fallback, so the test is the same on
// any device): a PSO with ConservativeRaster ON lights exactly translate/
// raster's Tier 3 pixel set of each random triangle (SV_InnerCoverage exactly
// its inner set); root constants reach the fallback's pixel shader; indexed,
// instanced draws split into pieces (D3DVK_FALLBACK_PIECE_TRIANGLES=1) keep
// SV_PrimitiveID and SV_InstanceID of the application's draw; an indexed strip
// too large for one piece and ExecuteIndirect's draws are drawn from indices
// and arguments read when the list executes (deferred draws); after a
// geometry shader, its triangles and SV_PrimitiveID are what is rasterized.
#include "conservative_pixels.h"
#include "conservative_scene12.h"
#include "d3d12_test_util.h"
#include "ddi_trace_log.h"
#include "dxbc/listing.h"
#include "grid_triangles.h"
#include "stderr_capture.h"

#include <array>
#include <map>
#include <random>
#include <set>

using namespace d3dvk;
using namespace d3dvk::test;

using namespace d3dvk::test::conservative12;

TEST_CASE("D3D12 ConservativeRaster ON on the fallback lights exactly the Tier 3 pixel set, inner coverage exact",
          "[d3d12][draw][conservative][fallback]") {
  constexpr UINT kTriangles = 48;
  ConservativeScene s(kTriangles);
  std::mt19937 rng(20261125);
  std::vector<raster::ScreenTriangle> triangles(kTriangles);
  std::vector<Vertex> vertices;
  for (raster::ScreenTriangle& tri : triangles)
    for (auto& v : tri.v) {
      v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
      vertices.push_back(ndc(v.x, v.y));
    }
  s.bind(vertices, {{0, 0}}, 7);
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  for (UINT i = 0; i < kTriangles; ++i) {
    s.clear();
    s.list->DrawInstanced(3, 1, 3 * i, 0);
    s.copyOut(i);
  }
  const std::vector<uint32_t> words = s.run(kTriangles);
  int nonEmpty = 0, withInner = 0;
  for (UINT i = 0; i < kTriangles; ++i) {
    std::set<std::pair<int, int>> lit, inner;
    for (int y = 0; y < int(kSize); ++y)
      for (int x = 0; x < int(kSize); ++x) {
        const uint32_t* t = texel(words, i, x, y);
        if (!t[0]) continue;
        CHECK(t[0] == 7);   // the root constant
        CHECK(t[2] == 0);   // SV_PrimitiveID: the draw's first triangle
        CHECK((t[3] & 15) == 0);  // SV_InstanceID
        lit.insert({x, y});
        if (t[1]) inner.insert({x, y});
      }
    INFO("triangle " << i << ": (" << triangles[i].v[0].x << "," << triangles[i].v[0].y << ") (" << triangles[i].v[1].x
                     << "," << triangles[i].v[1].y << ") (" << triangles[i].v[2].x << "," << triangles[i].v[2].y << ")");
    CHECK(lit == conservativePixels(triangles[i], false, int(kSize)));
    CHECK(inner == conservativePixels(triangles[i], true, int(kSize)));
    nonEmpty += !lit.empty();
    withInner += !inner.empty();
  }
  CHECK(nonEmpty > int(kTriangles) / 2);  // the generator's triangles mostly reach the target
  CHECK(withInner > 4);
}

TEST_CASE("D3D12 conservative fallback: an indexed, instanced draw cut into pieces keeps the draw's primitive and "
          "instance ids",
          "[d3d12][draw][conservative][fallback]") {
  ScopedEnv pieces("D3DVK_FALLBACK_PIECE_TRIANGLES", "1");  // every triangle its own piece
  ConservativeScene s(1);
  // Two quads (two triangles each) in the top-left quarter; instance 1 moves them right by half the target.
  const raster::ScreenTriangle quad[2] = {{{{2.25f, 2.5f}, {13.5f, 2.5f}, {2.25f, 7.75f}}},
                                          {{{13.5f, 2.5f}, {13.5f, 7.75f}, {2.25f, 7.75f}}}};
  std::vector<Vertex> vertices;
  for (const auto& tri : quad)
    for (const auto& v : tri.v) vertices.push_back(ndc(v.x, v.y));
  const uint16_t indices[] = {0, 1, 2, 3, 4, 5, 3, 4, 5};  // the quad, then its second triangle again
  s.bind(vertices, {{0, 0}, {1.0f, 0}}, 9);
  const D3D12_INDEX_BUFFER_VIEW ibv{s.put(indices, sizeof indices), sizeof indices, DXGI_FORMAT_R16_UINT};
  s.list->IASetIndexBuffer(&ibv);
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  s.clear();
  s.list->DrawIndexedInstanced(6, 2, 0, 0, 0);  // primitives 0 and 1 of instances 0 and 1
  // The repeated triangle as primitive 0 from StartInstanceLocation 1: instance
  // 1's offset, SV_InstanceID 0 (it does not count the start location).
  s.list->DrawIndexedInstanced(3, 1, 6, 0, 1);
  s.copyOut(0);
  const std::vector<uint32_t> words = s.run(1);

  // Expected: per pixel the last triangle covering it (API order), from translate/raster.
  std::map<std::pair<int, int>, std::pair<uint32_t, uint32_t>> expected;  // pixel → (primitive id, instance)
  auto add = [&](const raster::ScreenTriangle& tri, uint32_t primitive, uint32_t offsetIndex, uint32_t instanceId) {
    raster::ScreenTriangle moved = tri;
    for (auto& v : moved.v) v.x += float(offsetIndex * kSize / 2);
    for (const auto& p : conservativePixels(moved, false, int(kSize))) expected[p] = {primitive, instanceId};
  };
  for (uint32_t instance = 0; instance < 2; ++instance)
    for (uint32_t primitive = 0; primitive < 2; ++primitive) add(quad[primitive], primitive, instance, instance);
  add(quad[1], 0, 1, 0);
  int lit = 0;
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      const uint32_t* t = texel(words, 0, x, y);
      auto it = expected.find({x, y});
      INFO("pixel (" << x << "," << y << ")");
      REQUIRE((t[0] != 0) == (it != expected.end()));
      if (!t[0]) continue;
      ++lit;
      CHECK(t[0] == 9);
      CHECK(t[2] == it->second.first);
      CHECK((t[3] & 15) == it->second.second);
    }
  CHECK(lit == int(expected.size()));
  CHECK(lit > 100);
}

namespace {

// Checks image `image` of `words` against `expected` (pixel → marker,
// SV_PrimitiveID, SV_InstanceID): exactly those pixels lit, with those values.
void checkPixels(const std::vector<uint32_t>& words, UINT image,
                 const std::map<std::pair<int, int>, std::array<uint32_t, 3>>& expected) {
  int lit = 0;
  for (int y = 0; y < int(kSize); ++y)
    for (int x = 0; x < int(kSize); ++x) {
      const uint32_t* t = texel(words, image, x, y);
      auto it = expected.find({x, y});
      INFO("image " << image << ", pixel (" << x << "," << y << ")");
      REQUIRE((t[0] != 0) == (it != expected.end()));
      if (!t[0]) continue;
      ++lit;
      CHECK(t[0] == it->second[0]);
      CHECK(t[2] == it->second[1]);
      CHECK((t[3] & 15) == it->second[2]);
    }
  CHECK(lit == int(expected.size()));
}

// Adds the Tier 3 pixels of `tri` (screen pixels), later triangles over earlier ones.
void expect(std::map<std::pair<int, int>, std::array<uint32_t, 3>>* expected, const raster::ScreenTriangle& tri,
            uint32_t marker, uint32_t primitive, uint32_t instance) {
  for (const auto& p : conservativePixels(tri, false, int(kSize))) (*expected)[p] = {marker, primitive, instance};
}

}  // namespace

TEST_CASE("D3D12 conservative fallback: an indexed strip larger than one piece, with a cut, is drawn from its indices "
          "when the list executes, and the list goes on after it",
          "[d3d12][draw][conservative][fallback]") {
  ScopedEnv pieces("D3DVK_FALLBACK_PIECE_TRIANGLES", "1");
  ConservativeScene s(1);
  const raster::ScreenVertex strip[8] = {{2.5f, 2.25f},  {12.75f, 3.5f},  {3.25f, 11.5f}, {13.5f, 12.25f},
                                        {4.75f, 19.5f}, {18.5f, 18.25f}, {29.25f, 20.5f}, {22.0f, 30.75f}};
  const raster::ScreenTriangle after{{{20.25f, 2.5f}, {30.5f, 4.75f}, {24.0f, 12.25f}}};
  std::vector<Vertex> vertices;
  for (const auto& v : strip) vertices.push_back(ndc(v.x, v.y));
  for (const auto& v : after.v) vertices.push_back(ndc(v.x, v.y));
  // Triangles 0-2 from the first run, then a cut, then triangle 3.
  const uint16_t indices[] = {0, 1, 2, 3, 4, 0xFFFF, 5, 6, 7};
  s.bind(vertices, {{0, 0}}, 3);
  const D3D12_INDEX_BUFFER_VIEW ibv{s.put(indices, sizeof indices), sizeof indices, DXGI_FORMAT_R16_UINT};
  s.list->IASetIndexBuffer(&ibv);
  const D3D12_QUERY_HEAP_DESC heapDesc{D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1, 0};
  void* object = nullptr;
  HRESULT hr = s.device->CreateQueryHeap(&heapDesc, __uuidof(ID3D12QueryHeap), &object);
  ID3D12QueryHeap* heap = createdOrFail<ID3D12QueryHeap>(hr, object);
  ID3D12Resource* results = createBuffer(s.device, D3D12_HEAP_TYPE_READBACK, sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
  s.clear();
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  s.list->BeginQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  s.list->DrawIndexedInstanced(9, 1, 0, 0, 0);
  s.list->EndQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  s.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, results, 0);
  // Recorded in the list's next command buffer, after the deferred strip.
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  s.list->SetGraphicsRoot32BitConstant(0, 5, 0);
  s.list->DrawInstanced(3, 1, 8, 0);
  s.copyOut(0);

  std::map<std::pair<int, int>, std::array<uint32_t, 3>> expected;
  auto tri = [&](int a, int b, int c) { return raster::ScreenTriangle{{strip[a], strip[b], strip[c]}}; };
  expect(&expected, tri(0, 1, 2), 3, 0, 0);
  expect(&expected, tri(1, 3, 2), 3, 1, 0);
  expect(&expected, tri(2, 3, 4), 3, 2, 0);
  expect(&expected, tri(5, 6, 7), 3, 3, 0);  // SV_PrimitiveID counts across the cut
  expect(&expected, after, 5, 0, 0);
  checkPixels(s.run(1), 0, expected);
  // The statistics of the application's strip: its 9 references, its 4 triangles.
  D3D12_QUERY_DATA_PIPELINE_STATISTICS q{};
  const std::vector<unsigned char> counts = readBuffer(results, sizeof q);
  std::memcpy(&q, counts.data(), sizeof q);
  CHECK(q.IAVertices == 9);
  CHECK(q.VSInvocations == 9);
  CHECK(q.IAPrimitives == 4);
  CHECK(q.CPrimitives == 4);

  // Executed again: the deferred draw is recorded again, from the indices as they are then.
  const uint16_t firstTriangleOnly[] = {0, 1, 2, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF};
  void* data = nullptr;
  REQUIRE(s.upload->Map(0, nullptr, &data) == S_OK);
  std::memcpy(static_cast<unsigned char*>(data) + (ibv.BufferLocation - s.upload->GetGPUVirtualAddress()),
              firstTriangleOnly, sizeof firstTriangleOnly);
  s.upload->Unmap(0, nullptr);
  executeAndWait(s.queue, {s.list}, s.fence, &s.fenceValue);
  const std::vector<unsigned char> bytes = readBuffer(s.readback, kImageBytes);
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  expected.clear();
  expect(&expected, tri(0, 1, 2), 3, 0, 0);
  expect(&expected, after, 5, 0, 0);
  checkPixels(words, 0, expected);
  results->Release();
  heap->Release();  // after its last use: the list ran twice
}

TEST_CASE("D3D12 ExecuteIndirect with a conservative fallback pipeline state draws the commands the count buffer "
          "says, read when the list executes, inside queries too",
          "[d3d12][draw][conservative][fallback][indirect]") {
  ConservativeScene s(1);
  const raster::ScreenTriangle a{{{3.25f, 2.5f}, {14.75f, 4.0f}, {5.5f, 13.25f}}};
  const raster::ScreenTriangle b{{{17.5f, 3.0f}, {29.0f, 5.25f}, {20.25f, 14.5f}}};
  const raster::ScreenTriangle c{{{8.5f, 20.0f}, {14.0f, 30.5f}, {2.0f, 27.75f}}};
  std::vector<Vertex> vertices;
  for (const auto* t : {&a, &b, &c})
    for (const auto& v : t->v) vertices.push_back(ndc(v.x, v.y));
  const uint16_t indices[] = {0, 1, 2, 3, 4, 5};
  s.bind(vertices, {{0, 0}, {0, -1.0f}}, 7);  // instance 1: 16 pixels down
  const D3D12_INDEX_BUFFER_VIEW ibv{s.put(indices, sizeof indices), sizeof indices, DXGI_FORMAT_R16_UINT};
  s.list->IASetIndexBuffer(&ibv);
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);

  D3D12_INDIRECT_ARGUMENT_DESC argument{};
  argument.Type = D3D12_INDIRECT_ARGUMENT_TYPE_DRAW_INDEXED;
  const D3D12_COMMAND_SIGNATURE_DESC desc{32, 1, &argument, 0};
  void* object = nullptr;
  HRESULT hr = s.device->CreateCommandSignature(&desc, nullptr, __uuidof(ID3D12CommandSignature), &object);
  ID3D12CommandSignature* signature = createdOrFail<ID3D12CommandSignature>(hr, object);
  // Room for three commands 32 bytes apart and the count; written after Close.
  const unsigned char zeros[256] = {};
  const UINT64 at = s.put(zeros, sizeof zeros) - s.upload->GetGPUVirtualAddress();
  auto write = [&](UINT count) {
    const D3D12_DRAW_INDEXED_ARGUMENTS commands[3] = {
        {3, 1, 0, 0, 0},  // a
        {3, 2, 3, 0, 0},  // b, instances 0 and 1
        {3, 1, 0, 6, 0},  // c: a's indices from base vertex 6
    };
    void* data = nullptr;
    REQUIRE(s.upload->Map(0, nullptr, &data) == S_OK);
    for (UINT i = 0; i < 3; ++i)
      std::memcpy(static_cast<unsigned char*>(data) + at + 32 * i, &commands[i], sizeof commands[i]);
    std::memcpy(static_cast<unsigned char*>(data) + at + 128, &count, 4);
    s.upload->Unmap(0, nullptr);
  };
  s.clear();
  s.list->ExecuteIndirect(signature, 3, s.upload, at, s.upload, at + 128);
  s.copyOut(0);
  REQUIRE(s.list->Close() == S_OK);

  std::map<std::pair<int, int>, std::array<uint32_t, 3>> expected;
  raster::ScreenTriangle down = b;
  for (auto& v : down.v) v.y += 16;
  expect(&expected, a, 7, 0, 0);
  expect(&expected, b, 7, 0, 0);
  expect(&expected, down, 7, 0, 1);
  auto runWithCount = [&](UINT count) {
    write(count);
    executeAndWait(s.queue, {s.list}, s.fence, &s.fenceValue);
    const std::vector<unsigned char> bytes = readBuffer(s.readback, kImageBytes);
    std::vector<uint32_t> words(bytes.size() / 4);
    std::memcpy(words.data(), bytes.data(), bytes.size());
    return words;
  };
  {
    INFO("count 2 of at most 3");
    checkPixels(runWithCount(2), 0, expected);
  }
  {
    INFO("the same list again, count 5: MaxCommandCount (3) commands");
    expect(&expected, c, 7, 0, 0);
    checkPixels(runWithCount(5), 0, expected);
  }
  {
    INFO("count 0: nothing");
    checkPixels(runWithCount(0), 0, {});
  }

  // Queries active around the deferred draws go on over the list's split, and
  // count the deferred draws too: an occlusion query the samples of every
  // covered pixel, a statistics query the application's draws.
  const D3D12_QUERY_HEAP_DESC occlusionDesc{D3D12_QUERY_HEAP_TYPE_OCCLUSION, 1, 0};
  const D3D12_QUERY_HEAP_DESC statisticsDesc{D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 1, 0};
  object = nullptr;
  hr = s.device->CreateQueryHeap(&occlusionDesc, __uuidof(ID3D12QueryHeap), &object);
  ID3D12QueryHeap* occlusion = createdOrFail<ID3D12QueryHeap>(hr, object);
  object = nullptr;
  hr = s.device->CreateQueryHeap(&statisticsDesc, __uuidof(ID3D12QueryHeap), &object);
  ID3D12QueryHeap* statistics = createdOrFail<ID3D12QueryHeap>(hr, object);
  ID3D12Resource* results =
      createBuffer(s.device, D3D12_HEAP_TYPE_READBACK, 8 + sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
  REQUIRE(s.list->Reset(s.allocator, nullptr) == S_OK);
  s.bind(vertices, {{0, 0}, {0, -1.0f}}, 7);
  s.list->IASetIndexBuffer(&ibv);
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  s.clear();
  s.list->BeginQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
  s.list->BeginQuery(statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  s.list->DrawIndexedInstanced(3, 1, 0, 6, 0);  // c, recorded in the list
  s.list->ExecuteIndirect(signature, 3, s.upload, at, s.upload, at + 128);
  s.list->EndQuery(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0);
  s.list->EndQuery(statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  s.list->ResolveQueryData(occlusion, D3D12_QUERY_TYPE_OCCLUSION, 0, 1, results, 0);
  s.list->ResolveQueryData(statistics, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 1, results, 8);
  s.copyOut(0);
  REQUIRE(s.list->Close() == S_OK);
  checkPixels(runWithCount(2), 0, expected);  // a, b and b' (count 2), and c
  const std::vector<unsigned char> bytes = readBuffer(results, 8 + sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
  UINT64 samples = 0;
  D3D12_QUERY_DATA_PIPELINE_STATISTICS q{};
  std::memcpy(&samples, bytes.data(), 8);
  std::memcpy(&q, bytes.data() + 8, sizeof q);
  size_t pixels = 0;
  for (const raster::ScreenTriangle* t : {&c, &a, &b, static_cast<const raster::ScreenTriangle*>(&down)})
    pixels += conservativePixels(*t, false, int(kSize)).size();
  CHECK(samples == pixels);
  CHECK(q.IAVertices == 12);
  CHECK(q.VSInvocations == 12);
  CHECK(q.IAPrimitives == 4);
  CHECK(q.CInvocations == 4);
  CHECK(q.CPrimitives == 4);
  CHECK(q.PSInvocations >= pixels);
  results->Release();
  statistics->Release();
  occlusion->Release();
  signature->Release();
}

TEST_CASE("D3D12 pipeline statistics around conservative fallback draws count the application's draws, not the "
          "fallback's passes",
          "[d3d12][draw][conservative][fallback][queries]") {
  ScopedEnv pieces("D3DVK_FALLBACK_PIECE_TRIANGLES", "1");  // the query is carried over several pieces
  ConservativeScene s(1);
  const raster::ScreenTriangle quad[2] = {{{{2.25f, 2.5f}, {13.5f, 2.5f}, {2.25f, 7.75f}}},
                                          {{{13.5f, 2.5f}, {13.5f, 7.75f}, {2.25f, 7.75f}}}};
  std::vector<Vertex> vertices;
  for (const auto& tri : quad)
    for (const auto& v : tri.v) vertices.push_back(ndc(v.x, v.y));
  const uint16_t indices[] = {0, 1, 2, 3, 4, 5};
  s.bind(vertices, {{0, 0}, {1.0f, 0}}, 9);  // instance 1: half the target to the right
  const D3D12_INDEX_BUFFER_VIEW ibv{s.put(indices, sizeof indices), sizeof indices, DXGI_FORMAT_R16_UINT};
  s.list->IASetIndexBuffer(&ibv);
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  const D3D12_QUERY_HEAP_DESC heapDesc{D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS, 2, 0};
  void* object = nullptr;
  HRESULT hr = s.device->CreateQueryHeap(&heapDesc, __uuidof(ID3D12QueryHeap), &object);
  ID3D12QueryHeap* heap = createdOrFail<ID3D12QueryHeap>(hr, object);
  ID3D12Resource* results =
      createBuffer(s.device, D3D12_HEAP_TYPE_READBACK, 2 * sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));

  s.clear();
  s.list->BeginQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  s.list->DrawIndexedInstanced(6, 2, 0, 0, 0);  // 4 triangles
  s.list->EndQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0);
  s.list->BeginQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 1);
  s.list->DrawIndexedInstanced(6, 2, 0, 0, 0);
  s.list->DrawIndexedInstanced(3, 1, 0, 0, 0);  // and one more
  s.list->EndQuery(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 1);
  s.list->ResolveQueryData(heap, D3D12_QUERY_TYPE_PIPELINE_STATISTICS, 0, 2, results, 0);
  s.run(1);
  const std::vector<unsigned char> bytes = readBuffer(results, 2 * sizeof(D3D12_QUERY_DATA_PIPELINE_STATISTICS));
  D3D12_QUERY_DATA_PIPELINE_STATISTICS q[2];
  std::memcpy(q, bytes.data(), sizeof q);

  // The pixels each drawn triangle covers conservatively (translate/raster): a
  // lower bound of the pixel-shader invocations (Vulkan's statistic, which
  // lavapipe counts in whole blocks).
  size_t pixels = 0;
  for (uint32_t instance = 0; instance < 2; ++instance)
    for (const auto& tri : quad) {
      raster::ScreenTriangle moved = tri;
      for (auto& v : moved.v) v.x += float(instance * kSize / 2);
      pixels += conservativePixels(moved, false, int(kSize)).size();
    }
  const size_t firstTriangle = conservativePixels(quad[0], false, int(kSize)).size();
  INFO("query 0: " << q[0].IAVertices << " " << q[0].IAPrimitives << " " << q[0].VSInvocations << " "
                   << q[0].CInvocations << " " << q[0].CPrimitives << " " << q[0].PSInvocations);
  CHECK(q[0].IAVertices == 12);
  CHECK(q[0].VSInvocations == 12);
  CHECK(q[0].IAPrimitives == 4);
  CHECK(q[0].CInvocations == 4);
  CHECK(q[0].CPrimitives == 4);
  CHECK(q[0].PSInvocations >= pixels);
  CHECK(q[0].GSInvocations + q[0].GSPrimitives + q[0].HSInvocations + q[0].DSInvocations + q[0].CSInvocations == 0);
  INFO("query 1: " << q[1].IAVertices << " " << q[1].IAPrimitives << " " << q[1].VSInvocations << " "
                   << q[1].CInvocations << " " << q[1].CPrimitives << " " << q[1].PSInvocations);
  CHECK(q[1].IAVertices == 15);
  CHECK(q[1].VSInvocations == 15);
  CHECK(q[1].IAPrimitives == 5);
  CHECK(q[1].CInvocations == 5);
  CHECK(q[1].CPrimitives == 5);
  CHECK(q[1].PSInvocations >= q[0].PSInvocations + firstTriangle);
  results->Release();
  heap->Release();
}

TEST_CASE("D3D12 conservative fallback after a geometry shader: its emitted triangles, its SV_PrimitiveID, its root "
          "constants",
          "[d3d12][draw][conservative][fallback]") {
  constexpr UINT kTriangles = 12;
  ConservativeScene s(kTriangles, true);
  std::mt19937 rng(1125);
  std::vector<raster::ScreenTriangle> triangles(kTriangles);
  std::vector<Vertex> vertices;
  for (raster::ScreenTriangle& tri : triangles)
    for (auto& v : tri.v) {
      v = {gridCoordinate(rng, int(kSize)), gridCoordinate(rng, int(kSize))};
      vertices.push_back(ndc(v.x, v.y));
    }
  s.bind(vertices, {{0, 0}}, 5, 0.5f);  // 0.5 in NDC: 8 pixels
  s.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  for (UINT i = 0; i < kTriangles; ++i) {
    s.clear();
    s.list->DrawInstanced(3, 1, 3 * i, 0);
    s.copyOut(i);
  }
  const std::vector<uint32_t> words = s.run(kTriangles);
  int lit = 0;
  for (UINT i = 0; i < kTriangles; ++i) {
    std::map<std::pair<int, int>, uint32_t> expected;  // pixel → SV_PrimitiveID of the last copy covering it
    raster::ScreenTriangle moved = triangles[i];
    for (auto& v : moved.v) v.x += kSize / 4.0f;
    for (const auto& p : conservativePixels(triangles[i], false, int(kSize))) expected[p] = 0;
    for (const auto& p : conservativePixels(moved, false, int(kSize))) expected[p] = 1;
    INFO("triangle " << i);
    for (int y = 0; y < int(kSize); ++y)
      for (int x = 0; x < int(kSize); ++x) {
        const uint32_t* t = texel(words, i, x, y);
        auto it = expected.find({x, y});
        INFO("pixel (" << x << "," << y << ")");
        REQUIRE((t[0] != 0) == (it != expected.end()));
        if (!t[0]) continue;
        ++lit;
        CHECK(t[0] == 5);
        CHECK(t[2] == it->second);
      }
  }
  CHECK(lit > 200);
}
