#include "report_document.h"

#include "report_charts.h"
#include "report_pdf.h"

#include "report/report_content.h"
#include "report/report_html.h"
#include "report/report_language.h"

#include <QFileInfo>
#include <QSaveFile>
#include <QTextDocument>

namespace ys {

std::optional<ReportFormat> ReportWriter::formatFromName(const QString &name)
{
    if (name.compare(QLatin1StringView("html"), Qt::CaseInsensitive) == 0)
        return ReportFormat::Html;
    if (name.compare(QLatin1StringView("pdf"), Qt::CaseInsensitive) == 0)
        return ReportFormat::Pdf;
    return std::nullopt;
}

ReportDocument ReportWriter::prepare(const SessionSummary &summary,
                                     const std::optional<Suite> &suite, ReportFormat format,
                                     const QString &language)
{
    const ReportLanguage words(language);
    ReportDocument doc;
    doc.format = format;
    doc.language = language;
    const ReportContent content =
        ReportBuilder::build(summary, suite, ReportBuilder::currentEnvironment(), language);
    doc.title = content.title;
    if (format == ReportFormat::Html) {
        doc.html = ReportHtml::render(content, ReportCharts::svgs(summary),
                                      ReportHtml::Flavour::Standalone);
        return doc;
    }
    doc.images =
        ReportCharts::images(summary, ReportPdf::chartWidthInches(), ReportPdf::chartDpi());
    doc.content = content;
    return doc;
}

bool ReportWriter::save(const ReportDocument &document, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        return false;
    }
    bool ok = true;
    if (document.format == ReportFormat::Html) {
        ok = file.write(document.html.toUtf8()) >= 0;
    } else {
        QString why;
        const auto laidOut =
            ReportPdf::layout(document.content, document.images, document.language);
        ok = ReportPdf::write(*laidOut, document.title, &file, &why);
        if (!ok)
            *error = tr("%1: cannot write: %2").arg(path, why);
    }
    if (ok && !file.commit()) {
        ok = false;
        *error = tr("%1: cannot write: %2").arg(path, file.errorString());
    } else if (!ok) {
        if (error->isEmpty())
            *error = tr("%1: cannot write: %2").arg(path, file.errorString());
        file.cancelWriting();
    }
    return ok;
}

} // namespace ys
