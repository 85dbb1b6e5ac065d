// tests/draw: ID3D11DeviceContext::GetData's rules for every query type d3dvk
// implements, as the D3D11 runtime applies them (and Wine's d3d11 tests record
// of Windows): a query never issued, or building (Begin without End), is
// DXGI_ERROR_INVALID_CALL; DataSize must be 0 (pData NULL: a poll) or exactly
// GetDataSize() — smaller, larger, or a size with NULL pData is E_INVALIDARG,
// pData untouched; GetData without DONOTFLUSH submits the work the result
// waits for, so polling with GetData alone reaches S_OK; once S_OK, every
// later GetData is S_OK with the same value until the next Begin/End; a query
// whose Begin/End bracket nothing is S_OK with its empty result.
#include "../render/checked_device.h"
#include "draw_test_util.h"

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

using namespace d3dvk;
using namespace d3dvk::test;

namespace {

struct QueryCase {
  D3D11_QUERY type;
  bool needsBegin;
  const char* name;
};

const QueryCase kCases[] = {
    {D3D11_QUERY_EVENT, false, "EVENT"},
    {D3D11_QUERY_OCCLUSION, true, "OCCLUSION"},
    {D3D11_QUERY_TIMESTAMP, false, "TIMESTAMP"},
    {D3D11_QUERY_TIMESTAMP_DISJOINT, true, "TIMESTAMP_DISJOINT"},
    {D3D11_QUERY_PIPELINE_STATISTICS, true, "PIPELINE_STATISTICS"},
    {D3D11_QUERY_OCCLUSION_PREDICATE, true, "OCCLUSION_PREDICATE"},
    {D3D11_QUERY_SO_STATISTICS, true, "SO_STATISTICS"},
    {D3D11_QUERY_SO_OVERFLOW_PREDICATE, true, "SO_OVERFLOW_PREDICATE"},
    {D3D11_QUERY_SO_STATISTICS_STREAM1, true, "SO_STATISTICS_STREAM1"},
    {D3D11_QUERY_SO_OVERFLOW_PREDICATE_STREAM3, true, "SO_OVERFLOW_PREDICATE_STREAM3"},
};

// The bytes of the expected result size, all 0xCD (what GetData must not touch on failure).
std::vector<uint8_t> poisoned(size_t bytes) { return std::vector<uint8_t>(bytes + 8, 0xCD); }
bool untouched(const std::vector<uint8_t>& b) {
  for (uint8_t v : b)
    if (v != 0xCD) return false;
  return true;
}

}  // namespace

TEST_CASE("GetData follows D3D11's rules for every query type: unissued building sizes polling and repeated reads",
          "[draw][query][getdata]") {
  RenderDevice d;
  DrawTarget t(d, 4, 4);
  const Vertex tri[] = {{-1, -1, 1, 1, 1, 1}, {-1, 3, 1, 1, 1, 1}, {3, -1, 1, 1, 1, 1}};
  Com<ID3D11Buffer> vb = makeBuffer(d, tri, sizeof tri, D3D11_BIND_VERTEX_BUFFER);
  t.bindVertices(vb.get());
  for (const QueryCase& k : kCases) {
    CAPTURE(k.name);
    const D3D11_QUERY_DESC desc{k.type, 0};
    Com<ID3D11Query> q;
    REQUIRE(d->CreateQuery(&desc, q.out()) == S_OK);
    const UINT size = q->GetDataSize();
    REQUIRE(size > 0);
    std::vector<uint8_t> data = poisoned(size);

    // Never issued.
    CHECK(d.context->GetData(q.get(), nullptr, 0, 0) == DXGI_ERROR_INVALID_CALL);
    CHECK(d.context->GetData(q.get(), data.data(), size, 0) == DXGI_ERROR_INVALID_CALL);
    CHECK(untouched(data));
    // Building.
    if (k.needsBegin) {
      d.context->Begin(q.get());
      CHECK(d.context->GetData(q.get(), nullptr, 0, 0) == DXGI_ERROR_INVALID_CALL);
      CHECK(d.context->GetData(q.get(), data.data(), size, D3D11_ASYNC_GETDATA_DONOTFLUSH) == DXGI_ERROR_INVALID_CALL);
      CHECK(untouched(data));
      d.context->Draw(3, 0);
    }
    d.context->End(q.get());

    // Sizes other than 0 and GetDataSize(), or a size without pData.
    for (UINT wrong : {size - 1, size + 1, size / 2, 1u}) {
      CAPTURE(wrong);
      CHECK(d.context->GetData(q.get(), data.data(), wrong, 0) == E_INVALIDARG);
    }
    CHECK(d.context->GetData(q.get(), nullptr, size, 0) == E_INVALIDARG);
    CHECK(untouched(data));

    // GetData alone (no Flush) reaches S_OK: it submits what the result waits for.
    HRESULT hr = S_FALSE;
    for (int i = 0; i < 20000 && hr == S_FALSE; ++i) {
      hr = d.context->GetData(q.get(), nullptr, 0, 0);
      if (hr == S_FALSE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    REQUIRE(hr == S_OK);
    // Ready: every later read is S_OK at once (DONOTFLUSH too), with the same bytes.
    CHECK(d.context->GetData(q.get(), data.data(), size, 0) == S_OK);
    CHECK(!untouched(data));
    CHECK(data[size] == 0xCD);  // nothing past the result
    std::vector<uint8_t> again = poisoned(size);
    CHECK(d.context->GetData(q.get(), again.data(), size, D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_OK);
    CHECK(std::memcmp(again.data(), data.data(), size) == 0);
    CHECK(d.context->GetData(q.get(), nullptr, 0, D3D11_ASYNC_GETDATA_DONOTFLUSH) == S_OK);
  }
}

TEST_CASE("GetData of queries that bracket nothing is S_OK with their empty results", "[draw][query][getdata]") {
  RenderDevice d;
  for (const QueryCase& k : kCases) {
    if (!k.needsBegin) continue;
    CAPTURE(k.name);
    const D3D11_QUERY_DESC desc{k.type, 0};
    Com<ID3D11Query> q;
    REQUIRE(d->CreateQuery(&desc, q.out()) == S_OK);
    d.context->Begin(q.get());
    d.context->End(q.get());
    std::vector<uint8_t> data = poisoned(q->GetDataSize());
    HRESULT hr = S_FALSE;
    for (int i = 0; i < 20000 && hr == S_FALSE; ++i) {
      hr = d.context->GetData(q.get(), data.data(), q->GetDataSize(), 0);
      if (hr == S_FALSE) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    REQUIRE(hr == S_OK);
    if (k.type == D3D11_QUERY_TIMESTAMP_DISJOINT) {
      D3D11_QUERY_DATA_TIMESTAMP_DISJOINT r;
      std::memcpy(&r, data.data(), sizeof r);
      CHECK(r.Frequency > 0);
      CHECK(r.Disjoint == FALSE);
    } else {  // counts and predicates: all zero
      for (UINT i = 0; i < q->GetDataSize(); ++i) CHECK(data[i] == 0);
    }
  }
}
