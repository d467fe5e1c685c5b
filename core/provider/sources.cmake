# ys_core sources in core/provider/ (paths relative to core/).
target_sources(ys_core PRIVATE
    provider/dialect.h provider/dialect.cpp provider/json_object_decoder.h
    provider/provider_error.h provider/provider_error.cpp
    provider/openai_chat_dialect.h provider/openai_chat_dialect.cpp
    provider/openai_responses_dialect.h provider/openai_responses_dialect.cpp
    provider/anthropic_messages_dialect.h provider/anthropic_messages_dialect.cpp
    provider/gemini_dialect.h provider/gemini_dialect.cpp
    provider/secrets.h provider/secrets.cpp
    provider/transport_options.h provider/transport_options.cpp
    provider/alpn_memory.h provider/alpn_memory.cpp
    provider/http_attempt.h provider/http_attempt.cpp
)
