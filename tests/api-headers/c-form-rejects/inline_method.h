// Input for the c-form generator test: an inline method has no C form.
struct IBad : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE Method(UINT Flags) = 0;
  HRESULT Helper() { return Method(0); }
};
