// A C++ translation unit of the c_vtables test including the generated headers:
// its IID_ID3D11Device (a C++ inline variable) must be the C units' object.
#include <d3d11.h>

extern "C" const IID* d3dvk_test_cxx_iid_device() { return &IID_ID3D11Device; }
