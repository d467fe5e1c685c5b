# ys_core sources in core/pricing/ (paths relative to core/).
target_sources(ys_core PRIVATE
    pricing/price.h pricing/price.cpp
)
