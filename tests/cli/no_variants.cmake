# The product runs what it ships: the CLI holds none of the kernel variants of bench/variants/ (the I8
# product on two int16 halves, the bfloat16 weights), which only the benchmarks and tests link.
# Invoked by ctest with -DCLI=<attnseq binary> -DNM=<nm>.
execute_process(COMMAND ${NM} -C ${CLI} RESULT_VARIABLE rc OUTPUT_VARIABLE symbols ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "nm ${CLI} failed: ${err}")
endif()
if(NOT symbols MATCHES "attnseq::kernels::gemm_i8\\(")
  message(FATAL_ERROR "no gemm_i8 symbol in ${CLI}: is it stripped? (this check reads the symbols)")
endif()
foreach(variant gemm_bf16 gemm_i8_x2 quantize_row_i16x2 pack_i8_bf16)
  if(symbols MATCHES "${variant}")
    message(FATAL_ERROR "${CLI} contains ${variant}, a kernel variant meant for bench/ and tests/ only")
  endif()
endforeach()
