# ys_core sources in core/workbench/ (paths relative to core/).
target_sources(ys_core PRIVATE
    workbench/demo_host.h
    workbench/demo_suite.h workbench/demo_suite.cpp
    workbench/suite_templates.h workbench/suite_templates.cpp
    workbench/workbench.h workbench/workbench.cpp
    workbench/provider_form.h workbench/provider_form.cpp
    workbench/provider_network_form.h workbench/provider_network_form.cpp
    workbench/connection_test.h workbench/connection_test.cpp
    workbench/summary_load_thread.h workbench/summary_load_thread.cpp
    workbench/background_reader.h workbench/background_reader.cpp
    workbench/app_settings.h workbench/app_settings.cpp
    workbench/translations.h workbench/translations.cpp
    workbench/suite_queue.h workbench/suite_queue.cpp
    workbench/suite_estimate.h workbench/suite_estimate.cpp
    workbench/score_ranking.h workbench/score_ranking.cpp
    workbench/tco_form.h workbench/tco_form.cpp
    workbench/history_presenter.h workbench/history_presenter.cpp
    workbench/attempts_presenter.h workbench/attempts_presenter.cpp
    workbench/bundle_io.h workbench/bundle_io.cpp
)
