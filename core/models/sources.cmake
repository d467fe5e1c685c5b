# ys_core sources in core/models/ (paths relative to core/).
target_sources(ys_core PRIVATE
    models/comparison_table_model.h models/comparison_table_model.cpp
    models/figure_text.h models/figure_text.cpp
    models/kind_results_text.h models/kind_results_text.cpp
    models/session_list_model.h models/session_list_model.cpp
    models/results_text.h models/results_text.cpp
    models/insight_text.h models/insight_text.cpp
    models/drift_model.h models/drift_model.cpp
    models/pareto_model.h models/pareto_model.cpp
    models/score_model.h models/score_model.cpp
    models/live_run_model.h models/live_run_model.cpp
    models/run_events_model.h models/run_events_model.cpp
)
