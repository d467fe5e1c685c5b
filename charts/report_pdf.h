#pragma once

#include "report/report_content.h"

#include <QCoreApplication>
#include <QHash>
#include <QImage>
#include <QSizeF>
#include <QString>
#include <memory>

class QIODevice;
class QTextDocument;
class QTextTable;

namespace ys {

// The report as a PDF: its print HTML (ReportHtml's Print flavour) laid out by QTextDocument on
// A4 pages with the charts as high-resolution images, written by QPdfWriter so its text stays
// text (a PDF reader can search and copy it, Chinese included). Laid out for the page: a table
// whose columns are too narrow for the words they hold is set in parts of fewer columns (each
// led by its first column) until no cell breaks a word, and no chart is taller than half a page,
// so a chart that does not fit leaves less than half a page behind. Needs no window and may run
// off the UI thread.
class ReportPdf {
    Q_DECLARE_TR_FUNCTIONS(ys::ReportPdf)
public:
    // images: by chart id; language: "en" or "zh_CN", which picks the font.
    static std::unique_ptr<QTextDocument> layout(const ReportContent &content,
                                                 const QHash<QString, QImage> &images,
                                                 const QString &language);
    // Returns false with *error set when the device cannot be written.
    static bool write(QTextDocument &document, const QString &title, QIODevice *device,
                      QString *error);
    // The page's printable area in the document's logical pixels (96 a inch).
    static QSizeF pageSize();
    // The width the charts are drawn at, in inches, and their resolution.
    static double chartWidthInches();
    static int chartDpi();
    // Whether any cell of the table breaks a word between two lines (a break that is not at a
    // space, nor next to a Chinese or Japanese character).
    static bool breaksAWord(QTextTable *table);
};

} // namespace ys
