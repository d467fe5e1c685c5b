#include "report_pdf.h"

#include <QAbstractTextDocumentLayout>
#include <QFont>
#include <QIODevice>
#include <QPageLayout>
#include <QPdfWriter>
#include <QTextDocument>
#include <QUrl>

namespace ys {

namespace {

constexpr int kLogicalDpi = 96; // QTextDocument's pixels: image widths are in these
constexpr double kMarginMm = 18.0;

} // namespace

double ReportPdf::chartWidthInches()
{
    return 6.2;
}

int ReportPdf::chartDpi()
{
    return 300;
}

QString ReportPdf::imageMarkup(const QString &id)
{
    return QStringLiteral("<img src=\"chart:%1\" width=\"%2\"/>")
        .arg(id)
        .arg(int(chartWidthInches() * kLogicalDpi));
}

bool ReportPdf::write(const QString &html, const QHash<QString, QImage> &images,
                      const QString &language, const QString &title, QIODevice *device,
                      QString *error)
{
    if (!device->isOpen() && !device->open(QIODevice::WriteOnly)) {
        *error = device->errorString();
        return false;
    }
    QPdfWriter writer(device);
    writer.setTitle(title);
    writer.setCreator(QStringLiteral("Yardstick"));
    writer.setResolution(300);
    writer.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                                     QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
                                     QPageLayout::Millimeter));

    QTextDocument doc;
    // Chinese needs a font with its glyphs; naming it keeps the PDF's text searchable rather
    // than left to whichever fallback the system picks.
    QFont font(language == QLatin1StringView("zh_CN") ? QStringLiteral("WenQuanYi Micro Hei")
                                                      : QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9.0);
    doc.setDefaultFont(font);
    for (auto it = images.cbegin(); it != images.cend(); ++it)
        doc.addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart:") + it.key()),
                        it.value());
    doc.setHtml(html);
    // Lay out at the page's width in logical pixels, so the chart widths fit the text width.
    const QRectF page = writer.pageLayout().paintRect(QPageLayout::Inch);
    doc.setPageSize(QSizeF(page.width() * kLogicalDpi, page.height() * kLogicalDpi));
    doc.print(&writer);
    return true;
}

} // namespace ys
