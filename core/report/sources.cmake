# ys_core sources in core/report/ (paths relative to core/).
target_sources(ys_core PRIVATE
    report/report_content.h report/report_content.cpp
    report/report_sections.cpp report/report_appendix.cpp
    report/report_html.h report/report_html.cpp
    report/report_language.h report/report_language.cpp
)
