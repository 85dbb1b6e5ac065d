/* A second C translation unit of the c_vtables test including the same headers:
 * the IIDs they define (weak, like __declspec(selectany)) must link into one object. */
#include <d3d11.h>
#include <dxgi.h>

const IID* d3dvk_test_c_second_tu_iid_device(void);
const IID* d3dvk_test_c_second_tu_iid_device(void) { return &IID_ID3D11Device; }
