#pragma once

#include "report/report_content.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>

namespace ys {

// The report's content as HTML. Standalone: one well-formed XHTML file with its style and the
// charts inline (their SVG markup passed in, since drawing is the charts layer's job), every
// figure cell carrying data-provider, data-figure and data-value so a reader can check it
// against `show --json`. Print: the HTML subset QTextDocument lays out for the PDF, the charts
// as the <img> markup passed in. A chart without markup says it has nothing to draw.
class ReportHtml {
    Q_DECLARE_TR_FUNCTIONS(ys::ReportHtml)
public:
    enum class Flavour { Standalone, Print };
    static QString render(const ReportContent &content, const QHash<QString, QString> &charts,
                          Flavour flavour);
    // An SVG document's markup without its XML declaration, ready to sit inside XHTML.
    static QString inlineSvg(const QByteArray &svg);
};

} // namespace ys
