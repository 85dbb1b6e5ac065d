// runtime/d3d11/d3d11_query.h — ID3D11Query1: the API object for one query
// (EVENT, OCCLUSION, TIMESTAMP, TIMESTAMP_DISJOINT, PIPELINE_STATISTICS),
// owning the driver's query (pfnCreateQuery) until the last reference goes,
// and the rules of Begin/End/GetData the immediate context applies to it:
// - Begin on EVENT/TIMESTAMP is QUERY_BEGIN_UNSUPPORTED, a second Begin while
//   building QUERY_BEGIN_DUPLICATE (both dropped); Begin/End over results
//   nobody read is a QUERY_*_ABANDONING_PREVIOUS_RESULTS warning.
// - End on a Begin/End query that is not building is QUERY_END_WITHOUT_BEGIN
//   and acts as Begin immediately followed by End (an empty query: occlusion
//   0, statistics all 0), the D3D11 rule for a missing Begin.
// - GetData: DataSize 0 (poll) or exactly GetDataSize(), only the DONOTFLUSH
//   flag, and only on an issued query; S_FALSE while the driver reports
//   DXGI_DDI_ERR_WASSTILLDRAWING.
// OCCLUSION_PREDICATE is a predicate (SetPredication: d3d11_context_predication.cpp);
// stream-output queries and predicates are not implemented (E_NOTIMPL).
#pragma once

#include "d3d10umddi.h"
#include "d3d11_device_child.h"
#include "d3d11_driver_object.h"

#include <memory>

namespace d3dvk::runtime {

class D3D11Query final : public D3D11DeviceChild<ID3D11Query1> {
 public:
  // Validates and creates; on failure returns null with *hr set and the debug messages reported.
  static D3D11Query* create(D3D11Device& device, const char* function, const D3D11_QUERY_DESC1* desc, HRESULT* hr);
  // The result size of a valid query type (0 otherwise).
  static UINT dataSize(D3D11_QUERY type);
  // Whether the type is a predicate (OCCLUSION_PREDICATE or an SO overflow predicate).
  static bool isPredicate(D3D11_QUERY type);

  D3D10DDI_HQUERY ddiHandle() const { return driverObject_.handle(); }

  // ID3D11DeviceContext::Begin / End / GetData on this query.
  void begin();
  void end();
  HRESULT getData(void* data, UINT size, UINT flags);
  bool building() const { return state_ == State::Building; }

  HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** ppvObject) override;
  UINT STDMETHODCALLTYPE GetDataSize() override try { return dataSize(desc_.Query); } D3DVK_CATCH_RETURN({})
  void STDMETHODCALLTYPE GetDesc(D3D11_QUERY_DESC* pDesc) override;
  void STDMETHODCALLTYPE GetDesc1(D3D11_QUERY_DESC1* pDesc1) override;

 private:
  explicit D3D11Query(D3D11Device& device) : D3D11DeviceChild(device) {}
  bool needsBegin() const { return desc_.Query != D3D11_QUERY_EVENT && desc_.Query != D3D11_QUERY_TIMESTAMP; }
  void message(D3D11_MESSAGE_SEVERITY severity, int id, const char* name, const char* function,
               const std::string& text);

  D3D11_QUERY_DESC1 desc_{};
  DriverObject<D3D10DDI_HQUERY> driverObject_;
  enum class State { Created, Building, Issued } state_ = State::Created;
  bool resultRead_ = true;  // the last issue's result was returned by GetData (or there was none)
};

}  // namespace d3dvk::runtime
