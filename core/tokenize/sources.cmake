# ys_core sources in core/tokenize/ (paths relative to core/).
target_sources(ys_core PRIVATE
    tokenize/approx_tokens.h tokenize/approx_tokens.cpp
)
