// Input for the c-form generator test: two methods of one name cannot both be C vtable members.
struct IBadBase : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE GetDesc(UINT* pDesc) = 0;
};
struct IBad : public IBadBase {
  virtual HRESULT STDMETHODCALLTYPE GetDesc(UINT64* pDesc) = 0;
};
