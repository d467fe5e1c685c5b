# ys_core sources in core/domain/ (paths relative to core/).
target_sources(ys_core PRIVATE
    domain/outcome.h domain/outcome.cpp
    domain/provider_config.h
    domain/provider_presets.h domain/provider_presets.cpp
    domain/scenario.h
    domain/sample.h
    domain/suite.h domain/suite.cpp domain/suite_fields.h
    domain/requirements.h domain/requirements.cpp domain/requirements_json.h
    domain/slo_objectives.h
    domain/trace.h domain/trace.cpp
    domain/workload.h domain/workload.cpp
    domain/scenario_kinds.h domain/scenario_kinds.cpp
    domain/dialect_names.h domain/dialect_names.cpp
    domain/session_status.h domain/session_status.cpp
    domain/session_info.h
    domain/cost_estimate.h domain/cost_estimate.cpp
    domain/calibration_record.h domain/calibration_record.cpp
    domain/server_metrics_fields.h domain/server_metrics_fields.cpp
    domain/network_settings.h domain/network_settings.cpp
    domain/network_fields.h domain/network_fields.cpp
)
