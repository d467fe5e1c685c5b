# ys_add_tokenizer_data(TARGET NAME): embeds the tiktoken rank files (with their MIT notice),
# loaded by Tokenizer::shared(), and the prompt builder's corpora in TARGET, as the resource
# NAME. ys_core and the fuzz tree's ys_fuzz_core embed them. Uncompressed, so the rank files are
# parsed in place: inflating them would cost more than the parse.
function(ys_add_tokenizer_data target name)
    qt_add_resources(${target} ${name}
        PREFIX "/"
        BASE ${PROJECT_SOURCE_DIR}/resources
        OPTIONS -no-compress
        FILES
            ${PROJECT_SOURCE_DIR}/resources/tokenizers/cl100k_base.json
            ${PROJECT_SOURCE_DIR}/resources/tokenizers/o200k_base.json
            ${PROJECT_SOURCE_DIR}/resources/tokenizers/LICENSE-tiktoken.txt
            ${PROJECT_SOURCE_DIR}/resources/corpora/english.txt
            ${PROJECT_SOURCE_DIR}/resources/corpora/chinese.txt
            ${PROJECT_SOURCE_DIR}/resources/corpora/code.txt
    )
endfunction()
