// ddi/umd/driver_shader.h — the driver's shader object (vertex, pixel, geometry,
// hull, domain and compute shaders), constructed by pfnCreate*Shader in
// runtime-allocated memory: the parsed DXBC's reflection, the native SPIR-V
// variant translated at create time and its VkShaderModule, and a unique id
// for the pipeline cache, and the shader resources (t#) and samplers (s#) it
// declares (what a draw binds); a shader with SM5 interfaces keeps its
// variants per class-instance binding. Also the shader DDIs and the
// *SetShader / *SetShaderWithIfaces DDIs.
#pragma once

#include "d3d10umddi.h"
#include "dxbc/interfaces.h"
#include "dxbc/shader.h"
#include "dxbc/translator.h"
#include "vk_pipeline.h"

#include <algorithm>
#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace d3dvk::umd {

// A t# the shader declares: a texture (Texture1D(Array), Texture2D(MS)(Array),
// TextureCube(Array), Texture3D) read
// as a sampled image, a typed buffer (uniform texel buffer), or a raw or
// structured buffer (storage buffer); dcl_resource_raw / _structured have the
// dimensions RawBuffer / StructuredBuffer here.
struct DeclaredResource {
  uint32_t slot = 0;
  dxbc::ResourceDimension dimension = dxbc::ResourceDimension::Texture2D;
  dxbc::ReturnType returnType = dxbc::ReturnType::Float;  // of the first component (textures, typed buffers)
  uint32_t stride = 0;                                    // structured buffers
  bool arrayed() const {
    return dimension == dxbc::ResourceDimension::Texture2DArray ||
           dimension == dxbc::ResourceDimension::Texture2DMSArray ||
           dimension == dxbc::ResourceDimension::Texture1DArray ||
           dimension == dxbc::ResourceDimension::TextureCubeArray;
  }
  bool oneD() const {
    return dimension == dxbc::ResourceDimension::Texture1D || dimension == dxbc::ResourceDimension::Texture1DArray;
  }
  bool cube() const {
    return dimension == dxbc::ResourceDimension::TextureCube || dimension == dxbc::ResourceDimension::TextureCubeArray;
  }
  bool multisampled() const {
    return dimension == dxbc::ResourceDimension::Texture2DMS ||
           dimension == dxbc::ResourceDimension::Texture2DMSArray;
  }
  bool typedBuffer() const { return dimension == dxbc::ResourceDimension::Buffer; }
  bool rawOrStructured() const {
    return dimension == dxbc::ResourceDimension::RawBuffer || dimension == dxbc::ResourceDimension::StructuredBuffer;
  }
  VkDescriptorType descriptorType() const {
    return rawOrStructured() ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
           : typedBuffer()   ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
                             : VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
  }
};

// A u# the shader declares: RWTexture1D(Array) / RWTexture2D(Array) / RWTexture3D (storage image),
// RWBuffer (storage texel buffer), or a raw or structured buffer (storage
// buffer, with a counter when it uses imm_atomic_alloc/consume). `loaded`:
// typed, read (ld_uav_typed) or used atomically; `atomic`: used atomically,
// so the view must be R32 of the declared type (loads alone take a view whose
// format has typed UAV loads, formatCaps' UAV_READS).
struct DeclaredUav {
  uint32_t slot = 0;
  dxbc::ResourceDimension dimension = dxbc::ResourceDimension::Texture2D;
  dxbc::ReturnType returnType = dxbc::ReturnType::Float;
  bool loaded = false;
  bool atomic = false;
  uint32_t stride = 0;   // structured
  bool counter = false;  // structured with imm_atomic_alloc/consume
  bool arrayed() const {
    return dimension == dxbc::ResourceDimension::Texture2DArray || dimension == dxbc::ResourceDimension::Texture1DArray;
  }
  bool oneD() const {
    return dimension == dxbc::ResourceDimension::Texture1D || dimension == dxbc::ResourceDimension::Texture1DArray;
  }
  // RWTexture3D: the view's W window is bound beside it (binding.h).
  bool windowed() const { return dimension == dxbc::ResourceDimension::Texture3D; }
  bool typedBuffer() const { return dimension == dxbc::ResourceDimension::Buffer; }
  bool rawOrStructured() const {
    return dimension == dxbc::ResourceDimension::RawBuffer || dimension == dxbc::ResourceDimension::StructuredBuffer;
  }
  VkDescriptorType descriptorType() const {
    return rawOrStructured() ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
           : typedBuffer()   ? VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER
                             : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
  }
};

struct Shader {
  uint64_t id = 0;  // unique for the device's life (pipeline-cache key)
  std::vector<DeclaredResource> resources;  // t#
  std::vector<uint32_t> samplers;           // s#
  // The constant-buffer and sampler slots the native module declares (bit per
  // slot, dxbc::declaredSlots): what its stage's descriptor set binds.
  uint32_t constantBufferSlots = 0, samplerSlots = 0;
  std::vector<DeclaredUav> uavs;            // u#
  // Whether it declares a buffer t# or u# (typed, raw or structured): its
  // stage's set then has the buffer view shifts (binding.h).
  bool declaresBufferViews() const { return bufferViews; }
  bool bufferViews = false;  // any of `resources` or `uavs` a buffer view (set with them)
  dxbc::ProgramType stage = dxbc::ProgramType::Vertex;
  dxbc::ShaderReflection reflection;
  std::vector<uint32_t> spirv;
  std::unique_ptr<vk::ShaderModule> module;
  // The parsed DXBC, kept for the conservative fallback's variants, which are
  // translated on the first fallback draw that needs them (most shaders never do).
  std::shared_ptr<const dxbc::Shader> parsed;
  // Vertex or geometry shader, the last pre-rasterization stage of a fallback
  // draw: the capture variant (every declared output register as a vec4 into
  // transform-feedback buffer 0, in ascending register order; the id bases
  // from push constants). Vertex shader ahead of a geometry shader:
  // idBaseModule, the id bases without the capture. Pixel shader: the
  // fallback variants (the exact coverage prelude, see driver_fallback_draw.h),
  // indexed by kFallbackCounting | kFallbackMasked | kFallbackFlatOnly (the
  // prelude without its exact path, dxbc fallbackExactPath false).
  static constexpr unsigned kFallbackCounting = 1, kFallbackMasked = 2, kFallbackFlatOnly = 4;
  std::unique_ptr<vk::ShaderModule> captureModule, idBaseModule, fallbackModules[8];
  std::vector<uint32_t> capturedRegisters;  // the capture layout (dxbc::declaredOutputRegisters)
  // The options `spirv` was translated with, and the pixel shader's
  // invocation-counting variant of it (those options plus countInvocations),
  // built on the first draw under a pipeline-statistics query (driver_query.h).
  dxbc::TranslateOptions nativeOptions;
  std::unique_ptr<vk::ShaderModule> countingModule;
  // Pixel shader: the variants writing OMSetBlendState's SampleMask themselves
  // (dxbc writeSampleMask), by (mask, counting), built on first use.
  std::map<std::pair<uint32_t, bool>, std::unique_ptr<vk::ShaderModule>> sampleMaskModules;

  // SM5 interfaces (class linkage): such a shader is parsed and checked at
  // creation but translated only when bound with its class instances
  // (*SetShaderWithIfaces): one variant per binding (function table and
  // this-pointer data per slot, dxbc::bindInterfaces), each a complete Shader
  // of its own (module, pipeline-cache id, fallback variants), built on first use.
  bool interfaces = false;
  std::vector<std::pair<dxbc::InterfaceBinding, std::unique_ptr<Shader>>> interfaceVariants;

  // Stream output (pfnCreateGeometryShaderWithStreamOutput, driver_stream_output.h):
  // the declaration, and the capturing modules by (the shader whose outputs
  // are captured: this one, or the vertex or domain shader bound with it;
  // the slots with a target). A vertex or domain shader's stream-output
  // object (`stage` Vertex or Domain) binds to the geometry slot but adds no
  // geometry stage.
  std::shared_ptr<const struct StreamOutputDeclaration> streamOutput;
  std::map<std::pair<uint64_t, uint32_t>, std::unique_ptr<vk::ShaderModule>> streamOutputModules;

  static Shader* from(D3D10DDI_HSHADER h) { return static_cast<Shader*>(h.pDrvPrivate); }
};

class Device;
// The pixel shader's invocation-counting module (built on first use), or
// VK_NULL_HANDLE after reporting. Queue mutex held.
VkShaderModule countingPixelShaderModule(Device& device, Shader& shader);
// The pixel shader's variant that writes `sampleMask` as its sample mask (ANDed
// with oMask), counting its invocations too when `counting`: built on first
// use, VK_NULL_HANDLE after reporting. Queue mutex held.
VkShaderModule sampleMaskPixelShaderModule(Device& device, Shader& shader, uint32_t sampleMask, bool counting);

SIZE_T APIENTRY calcPrivateShaderSize(D3D10DDI_HDEVICE, const UINT*, const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
VOID APIENTRY createVertexShader(D3D10DDI_HDEVICE, const UINT*, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                                 const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
VOID APIENTRY createPixelShader(D3D10DDI_HDEVICE, const UINT*, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                                const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
VOID APIENTRY destroyShader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
// Builds a shader of `stage` in place (what every pfnCreate*Shader does); on
// failure reports through pfnSetErrorCb and destroys what it built (the
// runtime does not call DestroyShader then).
// With `streamOutput` (a stream-output object, driver_stream_output.h) the
// shader is translated capturing its declaration.
void createShaderObject(D3D10DDI_HDEVICE, const UINT* code, D3D10DDI_HSHADER, dxbc::ProgramType stage,
                        std::shared_ptr<const struct StreamOutputDeclaration> streamOutput = nullptr);
VOID APIENTRY createGeometryShader(D3D10DDI_HDEVICE, const UINT*, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                                   const D3D11_1DDIARG_STAGE_IO_SIGNATURES*);
SIZE_T APIENTRY calcPrivateTessellationShaderSize(D3D10DDI_HDEVICE, const UINT*,
                                                  const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES*);
VOID APIENTRY createHullShader(D3D10DDI_HDEVICE, const UINT*, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                               const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES*);
VOID APIENTRY createDomainShader(D3D10DDI_HDEVICE, const UINT*, D3D10DDI_HSHADER, D3D10DDI_HRTSHADER,
                                 const D3D11_1DDIARG_TESSELLATION_IO_SIGNATURES*);
VOID APIENTRY hsSetShader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
VOID APIENTRY dsSetShader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
VOID APIENTRY vsSetShader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
VOID APIENTRY gsSetShader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
VOID APIENTRY psSetShader(D3D10DDI_HDEVICE, D3D10DDI_HSHADER);
// The shader to bind for a plain *SetShader: null (after reporting) for a shader with interfaces.
Shader* bindableShader(Device& device, D3D10DDI_HSHADER hShader);
// The variant of `hShader` for these function tables and pointer data (translated
// on first use); a shader without interfaces itself; null after reporting.
Shader* interfaceVariant(Device& device, D3D10DDI_HSHADER hShader, UINT count, const UINT* tables,
                         const D3D11DDIARG_POINTERDATA* pointers);
VOID APIENTRY vsSetShaderWithIfaces(D3D10DDI_HDEVICE, D3D10DDI_HSHADER, UINT, const UINT*, const D3D11DDIARG_POINTERDATA*);
VOID APIENTRY psSetShaderWithIfaces(D3D10DDI_HDEVICE, D3D10DDI_HSHADER, UINT, const UINT*, const D3D11DDIARG_POINTERDATA*);
VOID APIENTRY gsSetShaderWithIfaces(D3D10DDI_HDEVICE, D3D10DDI_HSHADER, UINT, const UINT*, const D3D11DDIARG_POINTERDATA*);
VOID APIENTRY hsSetShaderWithIfaces(D3D10DDI_HDEVICE, D3D10DDI_HSHADER, UINT, const UINT*, const D3D11DDIARG_POINTERDATA*);
VOID APIENTRY dsSetShaderWithIfaces(D3D10DDI_HDEVICE, D3D10DDI_HSHADER, UINT, const UINT*, const D3D11DDIARG_POINTERDATA*);

}  // namespace d3dvk::umd
