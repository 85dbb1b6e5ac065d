// Input for the c-form generator test: a default argument has no C form.
struct IBad : public IUnknown {
  virtual HRESULT STDMETHODCALLTYPE Method(UINT Flags = 0) = 0;
};
