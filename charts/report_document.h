#pragma once

#include "analysis/run_summary.h"
#include "domain/suite.h"
#include "report/report_content.h"

#include <QCoreApplication>
#include <QHash>
#include <QImage>
#include <QString>
#include <optional>

namespace ys {

enum class ReportFormat { Html, Pdf };

// One report ready to be written: its HTML (standalone with the charts inline, or the print
// flavour with the charts as images) in the chosen language. prepare() translates and draws, so
// it runs on the application's thread; save() only writes and may run on any thread. A file is
// written under a temporary name and renamed when complete, so a failed save leaves nothing.
struct ReportDocument {
    ReportFormat format = ReportFormat::Html;
    QString language;
    QString title;
    QString html;                  // HTML only
    ReportContent content;         // PDF only: laid out for the page when saved
    QHash<QString, QImage> images; // PDF only
};

class ReportWriter {
    Q_DECLARE_TR_FUNCTIONS(ys::ReportWriter)
public:
    static std::optional<ReportFormat> formatFromName(const QString &name); // "html", "pdf"
    static ReportDocument prepare(const SessionSummary &summary, const std::optional<Suite> &suite,
                                  ReportFormat format, const QString &language);
    static bool save(const ReportDocument &document, const QString &path, QString *error);
};

} // namespace ys
