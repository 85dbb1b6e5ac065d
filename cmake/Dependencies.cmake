# Finds d3dvk's dependencies — all Debian 12 packages, see scripts/install-deps.sh —
# and exposes them as targets:
#   d3dvk::vulkan_headers  Vulkan-Headers, with VK_NO_PROTOTYPES (nothing links libvulkan)
#   d3dvk::volk            volk.c from libvulkan-volk-dev compiled once, static
#   d3dvk::directx_headers DirectX-Headers (wsl/winadapter.h, directx/*.h)
#   SPIRV-Tools-static     SPIRV-Tools (spvValidate, disassembly; tools and tests only)
#   Catch2::Catch2 / Catch2::Catch2WithMain, and Catch's catch_discover_tests

find_path(D3DVK_VULKAN_INCLUDE_DIR vulkan/vulkan.h REQUIRED)
add_library(d3dvk_vulkan_headers INTERFACE)
target_include_directories(d3dvk_vulkan_headers SYSTEM INTERFACE ${D3DVK_VULKAN_INCLUDE_DIR})
target_compile_definitions(d3dvk_vulkan_headers INTERFACE VK_NO_PROTOTYPES)
add_library(d3dvk::vulkan_headers ALIAS d3dvk_vulkan_headers)

find_file(D3DVK_VOLK_SOURCE volk.c PATHS /usr/include /usr/local/include REQUIRED)
get_filename_component(D3DVK_VOLK_INCLUDE_DIR ${D3DVK_VOLK_SOURCE} DIRECTORY)
add_library(d3dvk_volk STATIC ${D3DVK_VOLK_SOURCE})
set_source_files_properties(${D3DVK_VOLK_SOURCE} PROPERTIES LANGUAGE C)
target_include_directories(d3dvk_volk SYSTEM PUBLIC ${D3DVK_VOLK_INCLUDE_DIR})
target_link_libraries(d3dvk_volk PUBLIC d3dvk::vulkan_headers ${CMAKE_DL_LIBS})
add_library(d3dvk::volk ALIAS d3dvk_volk)

find_package(PkgConfig REQUIRED)
pkg_check_modules(DIRECTX_HEADERS REQUIRED IMPORTED_TARGET DirectX-Headers)
add_library(d3dvk_directx_headers INTERFACE)
# Only the include dirs: the GUID library is not needed, we define our IIDs.
target_include_directories(d3dvk_directx_headers SYSTEM INTERFACE ${DIRECTX_HEADERS_INCLUDE_DIRS})
add_library(d3dvk::directx_headers ALIAS d3dvk_directx_headers)

find_package(SPIRV-Tools REQUIRED)

if(D3DVK_BUILD_TESTS)
  find_package(Catch2 2 REQUIRED)
  include(Catch)
endif()
if(D3DVK_BUILD_BENCH)
  find_package(benchmark QUIET)
endif()
