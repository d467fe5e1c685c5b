# ys_core sources in core/wire/ (paths relative to core/).
target_sources(ys_core PRIVATE
    wire/sse_parser.h wire/sse_parser.cpp
    wire/json_fields.h
    wire/json_document.h wire/json_document.cpp
)
