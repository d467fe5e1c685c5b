# ys_core sources in core/provider/ (paths relative to core/).
target_sources(ys_core PRIVATE
    provider/sse_parser.h provider/sse_parser.cpp
    provider/dialect.h provider/dialect.cpp
    provider/json_fields.h
    provider/json_document.h provider/json_document.cpp
    provider/openai_chat_dialect.h provider/openai_chat_dialect.cpp
    provider/openai_responses_dialect.h provider/openai_responses_dialect.cpp
    provider/anthropic_messages_dialect.h provider/anthropic_messages_dialect.cpp
    provider/gemini_dialect.h provider/gemini_dialect.cpp
    provider/secrets.h provider/secrets.cpp
    provider/http1_connection.h provider/http1_connection.cpp
    provider/http1_exchange.cpp
    provider/http1_pool.h provider/http1_pool.cpp
    provider/lane_event_dispatcher.h provider/lane_event_dispatcher.cpp
    provider/fd_watch.h provider/fd_watch.cpp
    provider/tcp_stream.h provider/tcp_stream.cpp
    provider/http_attempt.h provider/http_attempt.cpp
)
