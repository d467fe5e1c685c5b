#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QImage>
#include <QString>

class QIODevice;

namespace ys {

// The report as a PDF: its print HTML (ReportHtml's Print flavour) laid out by QTextDocument on
// A4 pages with the charts as high-resolution images, written by QPdfWriter so its text stays
// text (a PDF reader can search and copy it, Chinese included). Needs no window and may run off
// the UI thread.
class ReportPdf {
    Q_DECLARE_TR_FUNCTIONS(ys::ReportPdf)
public:
    // images: by the chart id the HTML's <img src="chart:ID"> names. language: "en" or "zh_CN",
    // which picks the font. Returns false with *error set when the device cannot be written.
    static bool write(const QString &html, const QHash<QString, QImage> &images,
                      const QString &language, const QString &title, QIODevice *device,
                      QString *error);
    // The width the charts are laid out at on the page, in inches.
    static double chartWidthInches();
    static int chartDpi();
    // The <img> markup of a chart in the print HTML.
    static QString imageMarkup(const QString &id);
};

} // namespace ys
