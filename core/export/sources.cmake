# ys_core sources in core/export/ (paths relative to core/): tables written to CSV, XLSX and
# JSON, row by row. XLSX goes through libxlsxwriter (Debian libxlsxwriter-dev).
find_package(PkgConfig REQUIRED)
pkg_check_modules(XLSXWRITER REQUIRED IMPORTED_TARGET GLOBAL xlsxwriter)
target_sources(ys_core PRIVATE
    export/data_table.h
    export/table_file.h export/table_file.cpp
    export/table_sink.h export/table_sink.cpp
    export/text_sinks.h export/text_sinks.cpp
    export/xlsx_sink.h export/xlsx_sink.cpp
    export/comparison_export.h export/comparison_export.cpp
    export/attempts_export.h export/attempts_export.cpp
)
target_link_libraries(ys_core PRIVATE PkgConfig::XLSXWRITER)
