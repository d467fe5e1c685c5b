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

# The rank files and corpora (core/tokenize/resources.cmake).
include(${CMAKE_CURRENT_LIST_DIR}/resources.cmake)
ys_add_tokenizer_data(ys_core ys_tokenizer_data)
