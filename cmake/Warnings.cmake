# Compiler warnings (errors with D3DVK_WERROR) and sanitizers for d3dvk's own targets.
# Use d3dvk_target_options(<target>) on every target we build from our sources.

add_library(d3dvk_options INTERFACE)
target_compile_options(d3dvk_options INTERFACE
  -Wall -Wextra -Wpedantic $<$<CXX_COMPILER_ID:GNU>:-Wshadow=local> -Wno-unused-parameter
  -Wno-missing-field-initializers  # VkFoo x{VK_STRUCTURE_TYPE_FOO} is the Vulkan idiom
)  # no -Wnon-virtual-dtor: COM interfaces have none by design; objects die in Release()
if(D3DVK_WERROR)
  target_compile_options(d3dvk_options INTERFACE -Werror)
endif()
# The shared libraries are linked with --no-undefined, except under clang's
# sanitizers: clang puts their runtime in the executable only, so its symbols
# stay undefined in a shared library (the fuzz builds, scripts/fuzz-*.sh).
if(D3DVK_SANITIZE AND CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  set(D3DVK_NO_UNDEFINED "")
else()
  set(D3DVK_NO_UNDEFINED -Wl,--no-undefined)
endif()
if(D3DVK_SANITIZE)
  set(_san -fsanitize=${D3DVK_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  # Sanitizers apply to everything in the tree (incl. volk), so set them globally.
  add_compile_options(${_san})
  add_link_options(${_san})
endif()

function(d3dvk_target_options target)
  target_link_libraries(${target} PRIVATE d3dvk_options)
endfunction()
