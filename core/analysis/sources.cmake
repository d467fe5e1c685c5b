# ys_core sources in core/analysis/ (paths relative to core/).
target_sources(ys_core PRIVATE
    analysis/percentile.h analysis/percentile.cpp
    analysis/run_summary.h analysis/run_summary.cpp
    analysis/summary_json.h analysis/summary_json.cpp
    analysis/gates.h analysis/gates.cpp
    analysis/pareto.h analysis/pareto.cpp
    analysis/in_flight.h analysis/in_flight.cpp
    analysis/arrival_rates.h analysis/arrival_rates.cpp
)
