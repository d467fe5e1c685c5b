# ys_core sources in core/run/ (paths relative to core/).
target_sources(ys_core PRIVATE
    run/metrics_endpoint.h run/metrics_endpoint.cpp
    run/server_metrics_scraper.h run/server_metrics_scraper.cpp
    run/prompt_source.h run/prompt_source.cpp
    run/arrival_schedule.h run/arrival_schedule.cpp
    run/retry_policy.h run/retry_policy.cpp
    run/circuit_breaker.h run/circuit_breaker.cpp
    run/calibration_stream.h run/calibration_stream.cpp
    run/self_calibration.h run/self_calibration.cpp
    run/network_pool.h run/network_pool.cpp
    run/scenario_step.h run/scenario_drivers.h run/scenario_drivers.cpp run/adaptive_drivers.cpp
    run/load_runner.h run/load_runner.cpp
    run/cost_estimate.h run/cost_estimate.cpp
    run/price_resolution.h run/price_resolution.cpp
    run/session_plan.h run/session_plan.cpp
    run/session_runner.h run/session_runner.cpp
)
