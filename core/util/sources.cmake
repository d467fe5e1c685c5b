# ys_core sources in core/util/ (paths relative to core/).
target_sources(ys_core PRIVATE
    util/monotonic_clock.h util/units.h util/enum_names.h
    util/number_text.h util/number_text.cpp
    util/log.h util/log.cpp
    util/redact.h util/redact.cpp
    util/thread_slice.h util/thread_slice.cpp
    util/csv_reader.h util/csv_reader.cpp
    util/background_priority.h util/background_priority.cpp
)
