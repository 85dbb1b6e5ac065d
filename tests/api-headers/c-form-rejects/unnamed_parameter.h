// Input for the c-form generator test: a COBJMACROS macro needs every parameter's name.
struct IBad : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE Method(UINT, void*) = 0;
};
