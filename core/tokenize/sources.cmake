# ys_core sources in core/tokenize/ (paths relative to core/).
target_sources(ys_core PRIVATE
    tokenize/approx_tokens.h tokenize/approx_tokens.cpp
    tokenize/encoding.h
    tokenize/encoding_registry.h tokenize/encoding_registry.cpp
    tokenize/utf8.h tokenize/utf8.cpp
    tokenize/unicode_classes.h tokenize/unicode_classes_table.cpp
    tokenize/pretokenizer.h tokenize/pretokenizer.cpp
    tokenize/bpe_tokenizer.h tokenize/bpe_tokenizer.cpp
    tokenize/rank_file.h tokenize/rank_file.cpp
    tokenize/text_corpus.h tokenize/text_corpus.cpp
    tokenize/prompt_builder.h tokenize/prompt_builder.cpp
)

# The tiktoken rank files (with their MIT notice), loaded by Tokenizer::shared(), and the prompt
# builder's corpora. Uncompressed, so the rank files are parsed in place: inflating them would
# cost more than the parse.
qt_add_resources(ys_core ys_tokenizer_data
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
