# CLI behaviour: help, bad usage, a damaged model, and one output line per input line.
# Invoked by ctest with -DCLI=<attnseq binary> -DDATA=<tests/data>.
function(expect_run)
  cmake_parse_arguments(R "" "RESULT;STDIN;OUT_MATCH;ERR_MATCH;LINES" "ARGS" ${ARGN})
  if(R_STDIN)
    execute_process(COMMAND ${CLI} ${R_ARGS} INPUT_FILE ${R_STDIN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  else()
    execute_process(COMMAND ${CLI} ${R_ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  endif()
  if(NOT rc STREQUAL R_RESULT)
    message(FATAL_ERROR "attnseq ${R_ARGS}: exit ${rc}, expected ${R_RESULT}\nstdout: ${out}\nstderr: ${err}")
  endif()
  if(R_OUT_MATCH AND NOT out MATCHES "${R_OUT_MATCH}")
    message(FATAL_ERROR "attnseq ${R_ARGS}: stdout does not match ${R_OUT_MATCH}:\n${out}")
  endif()
  if(R_ERR_MATCH AND NOT err MATCHES "${R_ERR_MATCH}")
    message(FATAL_ERROR "attnseq ${R_ARGS}: stderr does not match ${R_ERR_MATCH}:\n${err}")
  endif()
  if(R_LINES)
    string(REGEX MATCHALL "\n" nl "${out}")
    list(LENGTH nl n)
    if(NOT n EQUAL R_LINES)
      message(FATAL_ERROR "attnseq ${R_ARGS}: ${n} output lines, expected ${R_LINES}:\n${out}")
    endif()
  endif()
endfunction()

set(MODEL ${DATA}/models/tiny-transformer.safetensors)
set(TMP ${CMAKE_CURRENT_BINARY_DIR}/cli_smoke_tmp)
file(MAKE_DIRECTORY ${TMP})

expect_run(ARGS --help RESULT 0 OUT_MATCH "--beam-size")
expect_run(ARGS --model RESULT 2 ERR_MATCH "needs a value")
expect_run(ARGS --model ${MODEL} --frobnicate RESULT 2 ERR_MATCH "unknown flag --frobnicate")
expect_run(ARGS --model ${TMP}/absent.safetensors --text hi RESULT 2 ERR_MATCH "cannot open")
expect_run(ARGS --model ${MODEL} --text hi --beam-size 0 --strategy beam RESULT 2 ERR_MATCH "beam_size")

file(WRITE ${TMP}/html.safetensors "<!DOCTYPE html><html><body>Not Found</body></html>")
expect_run(ARGS --model ${TMP}/html.safetensors --text hi RESULT 2 ERR_MATCH "MODEL_BAD_HEADER")

# stdin: one line out per line in; blank lines stay blank
file(WRITE ${TMP}/in.txt "the cat\n\n   \nle chat est noir\n")
expect_run(ARGS --model ${MODEL} STDIN ${TMP}/in.txt RESULT 0 LINES 4 OUT_MATCH "^[^\n]+\n\n\n[^\n]+\n$")
expect_run(ARGS --model ${MODEL} --json STDIN ${TMP}/in.txt RESULT 0 LINES 4 OUT_MATCH "\"hypotheses\"")
expect_run(ARGS --model ${MODEL} --json --text "the cat" --strategy beam --n-best 2 RESULT 0 OUT_MATCH "\"beam_trace\"")
# greedy --json records every step: its alternatives (with pieces) and cross-attention per layer and head
expect_run(ARGS --model ${MODEL} --json --text "the cat" --alternatives 3 RESULT 0 OUT_MATCH "\"steps\":\\[{\"alignment\":\\[[^]]*\\],\"alternatives\":\\[{\"id\":[0-9]+,\"piece\":\"[^\"]*\",\"probability\"")
expect_run(ARGS --model ${MODEL} --json --text "the cat" RESULT 0 OUT_MATCH "\"cross_attention\":\\[\\[\\[")
expect_run(ARGS --model ${MODEL} --json --text "the cat" RESULT 0 OUT_MATCH "\"encoder_attention\":\\[\\[\\[\\[")
# --no-return-attention: steps without their attention records (alignment would sort before alternatives)
expect_run(ARGS --model ${MODEL} --json --no-return-attention --text "the cat" RESULT 0 OUT_MATCH "\"steps\":\\[{\"alternatives\":")
# --no-steps: the same result without the step records
expect_run(ARGS --model ${MODEL} --json --no-steps --text "the cat" RESULT 0 OUT_MATCH "^{\"attention_values\":\\[[^\n]*\"encoder_attention\":\\[[^\n]*\"hypotheses\":\\[{\"attention\":\\[[^\n]*\"score\":[^,]+,\"scores\":\\[[^]]*\\],\"text\"")
# the no-repeat-n-gram guard: a flag of the option table, range-checked; each step says what it blocked
expect_run(ARGS --model ${MODEL} --json --text "the cat" --no-repeat-ngram-size 2 RESULT 0 OUT_MATCH "\"blocked\":\\[")
expect_run(ARGS --model ${MODEL} --text "the cat" --no-repeat-ngram-size 65 RESULT 2 ERR_MATCH "no_repeat_ngram_size = 65 is out of range")
expect_run(ARGS --model ${MODEL} --info RESULT 0 OUT_MATCH "\"arch\": \"transformer\"")
# --sentences: one output line per input line; JSON gives each sentence's byte span
file(WRITE ${TMP}/para.txt "the cat. the dog! le chat?\nhello world\n")
expect_run(ARGS --model ${MODEL} --sentences STDIN ${TMP}/para.txt RESULT 0 LINES 2)
expect_run(ARGS --model ${MODEL} --sentences --json --text "the cat. the dog! le chat?" RESULT 0
           OUT_MATCH "^\\{\"sentences\":\\[\\{.*\"span\":\\[0,8\\].*\"span\":\\[9,17\\].*\"span\":\\[18,26\\]")
expect_run(ARGS --options RESULT 0 OUT_MATCH "\"name\": \"beam_size\"")
