# ys_core sources in core/analysis/ (paths relative to core/).
target_sources(ys_core PRIVATE
    analysis/server_metrics_summary.h analysis/server_metrics_summary.cpp
    analysis/server_metrics_json.h analysis/server_metrics_json.cpp
    analysis/percentile.h analysis/percentile.cpp
    analysis/step_data.h analysis/scenario_results.h
    analysis/kind_results.h analysis/sweep_analysis.cpp analysis/behaviour_analysis.cpp
    analysis/context_probe.h analysis/context_probe.cpp
    analysis/run_summary.h analysis/run_summary.cpp
    analysis/stream_digest.h analysis/stream_digest.cpp
    analysis/summary_json.h analysis/summary_json.cpp
    analysis/kind_results_json.h analysis/kind_results_json.cpp
    analysis/gates.h analysis/gates.cpp analysis/gates_json.h analysis/gates_json.cpp
    analysis/slo_objectives.h analysis/json_or_null.h
    analysis/pareto.h analysis/pareto.cpp
    analysis/in_flight.h analysis/in_flight.cpp
    analysis/scenario_results.h
    analysis/latency_result.h analysis/latency_result.cpp
    analysis/results_json.h analysis/results_json.cpp
    analysis/arrival_rates.h analysis/arrival_rates.cpp
    analysis/significance.h analysis/significance.cpp
    analysis/token_reconciliation.h analysis/token_reconciliation.cpp
    analysis/drift.h analysis/drift.cpp
    analysis/insight_json.h analysis/insight_json.cpp
    analysis/bill.h analysis/bill.cpp analysis/bill_csv.h analysis/bill_csv.cpp
    analysis/bill_json.h analysis/bill_json.cpp analysis/tco.h analysis/tco.cpp
    analysis/scores.h analysis/scores.cpp
    analysis/slo.h analysis/slo.cpp
    analysis/comparisons.h analysis/comparisons.cpp
    analysis/session_diff.h analysis/session_diff.cpp analysis/drift_series.h analysis/drift_series.cpp
    analysis/tco_curve.h analysis/tco_curve.cpp
    analysis/decision_json.h analysis/decision_json.cpp
    analysis/cost_curve.h analysis/cost_curve.cpp
    analysis/price_source_json.h analysis/price_source_json.cpp
    analysis/latency_distribution.h analysis/latency_distribution.cpp
    analysis/cost_split.h analysis/cost_split.cpp
)
