# cmake/Install.cmake — `cmake --install` lays d3dvk out like an SDK in a prefix:
#   lib/libd3dvk.so, lib/libd3dvk_umd.so  (the runtime finds the UMD next to itself)
#   include/d3dvk/                        d3d11*.h, dxgi*.h, d3dvk.h … (add it to the include path); the
#                                         headers generated with their C form (docs/building-applications.md)
#   lib/pkgconfig/d3dvk.pc                pkg-config d3dvk (requires DirectX-Headers)
#   lib/cmake/d3dvk/                      find_package(d3dvk): d3dvk::d3d11, d3dvk::d3d12
#   bin/d3dvk-info, bin/d3dvk-demo (the windowed demo, when libsdl2-dev was there to build it)
# D3D12 applications use DirectX-Headers' <directx/d3d12.h> (directx-headers-dev).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(TARGETS d3dvk_runtime d3dvk_umd LIBRARY DESTINATION lib)
install(TARGETS d3dvk-info RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET d3dvk-demo)
  install(TARGETS d3dvk-demo RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()
# The generated headers (C and C++ forms; runtime/include/CMakeLists.txt).
get_property(D3DVK_PUBLIC_HEADERS GLOBAL PROPERTY D3DVK_PUBLIC_HEADERS)
install(FILES ${D3DVK_PUBLIC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/d3dvk)

# The .pc file is relocatable (its prefix is found from its own folder, lib/pkgconfig),
# so the libraries go to lib/ whatever GNUInstallDirs would pick.
configure_file(${CMAKE_SOURCE_DIR}/cmake/d3dvk.pc.in ${CMAKE_BINARY_DIR}/d3dvk.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/d3dvk.pc DESTINATION lib/pkgconfig)

configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/d3dvkConfig.cmake.in ${CMAKE_BINARY_DIR}/d3dvkConfig.cmake
                              INSTALL_DESTINATION lib/cmake/d3dvk)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/d3dvkConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/d3dvkConfig.cmake ${CMAKE_BINARY_DIR}/d3dvkConfigVersion.cmake
        DESTINATION lib/cmake/d3dvk)
