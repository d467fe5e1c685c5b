#pragma once

#include <QCoreApplication>
#include <QString>

class QChartView;

namespace ys {

// Writes a chart view to PNG, SVG or PDF, chosen by the file's extension.
class ChartExport {
    Q_DECLARE_TR_FUNCTIONS(ys::ChartExport)
public:
    static bool save(QChartView *view, const QString &path, QString *error);
};

} // namespace ys
