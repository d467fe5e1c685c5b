# ys_core sources in core/models/ (paths relative to core/).
target_sources(ys_core PRIVATE
    models/comparison_table_model.h models/comparison_table_model.cpp
    models/comparison_filter_model.h models/comparison_filter_model.cpp
    models/table_tsv.h models/table_tsv.cpp
    models/export_roles.h
    models/table_export.h models/table_export.cpp
    models/model_table.h models/model_table.cpp
    models/attempts_table_export.h models/attempts_table_export.cpp
    models/chart_footnote.h models/chart_footnote.cpp
    models/column_header.h
    models/eta_text.h models/eta_text.cpp
    models/figure_text.h models/figure_text.cpp
    models/cell_values.h
    models/kind_results_text.h models/kind_results_text.cpp
    models/session_list_model.h models/session_list_model.cpp
    models/results_text.h models/results_text.cpp
    models/insight_text.h models/insight_text.cpp
    models/drift_model.h models/drift_model.cpp
    models/pareto_model.h models/pareto_model.cpp
    models/pareto_plot.h models/pareto_plot.cpp
    models/context_plot.h models/context_plot.cpp
    models/score_model.h models/score_model.cpp
    models/verdict_text.h models/verdict_text.cpp
    models/attempts_model.h models/attempts_model.cpp
    models/attempt_detail.h models/attempt_detail.cpp
    models/catalog_model.h models/catalog_model.cpp
    models/session_diff_model.h models/session_diff_model.cpp
    models/drift_series_model.h models/drift_series_model.cpp
    models/live_run_model.h models/live_run_model.cpp
    models/run_events_model.h models/run_events_model.cpp
)
