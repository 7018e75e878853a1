# nlohmann-json for the Emscripten build (scripts/build_wasm.sh passes -Dnlohmann_json_DIR=<here>).
# Debian's own config exports `-isystem /usr/include`, which puts the host's glibc headers ahead of
# Emscripten's libc; this one exposes a directory holding only the nlohmann/ headers.
find_path(ATTNSEQ_NLOHMANN_INCLUDE nlohmann/json.hpp PATHS /usr/include /usr/local/include NO_CMAKE_FIND_ROOT_PATH
          NO_DEFAULT_PATH)
if(NOT ATTNSEQ_NLOHMANN_INCLUDE)
  set(nlohmann_json_FOUND FALSE)
  set(nlohmann_json_NOT_FOUND_MESSAGE "nlohmann/json.hpp not found (apt-get install nlohmann-json3-dev)")
  return()
endif()
set(_attnseq_nlohmann_dir ${CMAKE_BINARY_DIR}/wasm-deps/include)
if(NOT EXISTS ${_attnseq_nlohmann_dir}/nlohmann)
  file(MAKE_DIRECTORY ${_attnseq_nlohmann_dir})
  file(CREATE_LINK ${ATTNSEQ_NLOHMANN_INCLUDE}/nlohmann ${_attnseq_nlohmann_dir}/nlohmann SYMBOLIC)
endif()
if(NOT TARGET nlohmann_json::nlohmann_json)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${_attnseq_nlohmann_dir})
endif()
set(nlohmann_json_FOUND TRUE)
