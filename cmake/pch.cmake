# Precompiled headers (YS_PCH). Each list holds the headers most sources of that kind include; a
# header precompiled is parsed once per target instead of once per source file. A source still
# includes what it uses: configure with -DYS_PCH=OFF to check that it builds without them.
#
# GCC takes a precompiled header only where the macros it depends on are the same, so the lists
# follow the Qt modules a target links: QtTest includes its GUI and widget parts when
# QT_GUI_LIB and QT_WIDGETS_LIB are defined, hence a test list with and one without them.
set(YS_PCH_CORE
    <QByteArray> <QCoreApplication> <QDateTime> <QList> <QObject> <QString> <QStringList>
    <QUrl> <QVariant> <QSqlError> <QSqlQuery>
    <algorithm> <cmath> <functional> <map> <memory> <optional> <vector>
    <nlohmann/json.hpp>)
set(YS_PCH_GUI ${YS_PCH_CORE}
    <QAbstractTableModel> <QWidget> <QLabel> <QPainter> <QtCharts/QChart>)
set(YS_PCH_TEST ${YS_PCH_CORE}
    <QTest> <QSignalSpy> <QTemporaryDir> <QFile> <QProcess>)
set(YS_PCH_GUI_TEST ${YS_PCH_GUI}
    <QTest> <QSignalSpy> <QTemporaryDir> <QFile> <QProcess> <QApplication>)

# ys_precompile(TARGET KIND): TARGET precompiles the YS_PCH_<KIND> list for its own sources.
function(ys_precompile target kind)
    if(YS_PCH)
        ys_no_export_define(${target})
        target_precompile_headers(${target} PRIVATE ${YS_PCH_${kind}})
    endif()
endfunction()

# ys_precompile_reuse(TARGET OWNER): TARGET uses OWNER's precompiled header, built once. Both must
# compile with the same options and Qt modules.
function(ys_precompile_reuse target owner)
    if(YS_PCH)
        ys_no_export_define(${target})
        target_precompile_headers(${target} REUSE_FROM ${owner})
    endif()
endfunction()

# A shared library compiles with <target>_EXPORTS defined (YS_SHARED_LIBS), which would make its
# sources refuse a header precompiled for another target. No source reads that define.
function(ys_no_export_define target)
    set_target_properties(${target} PROPERTIES DEFINE_SYMBOL "")
endfunction()
