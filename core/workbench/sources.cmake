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
    workbench/suite_queue.h workbench/suite_queue.cpp
    workbench/bundle_io.h workbench/bundle_io.cpp
)
