#include "charts/chart_export.h"

#include <QChartView>
#include <QFileInfo>
#include <QPainter>
#include <QPdfWriter>
#include <QSvgGenerator>

namespace ys {

bool ChartExport::save(QChartView *view, const QString &path, QString *error)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    const QSize size = view->size().expandedTo(QSize(800, 500));
    if (suffix == QLatin1StringView("png")) {
        QImage image(size * 2, QImage::Format_ARGB32_Premultiplied);
        image.setDevicePixelRatio(2);
        image.fill(Qt::white);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        view->render(&painter, QRectF(QPointF(0, 0), size), view->rect());
        painter.end();
        if (!image.save(path, "PNG")) {
            *error = tr("%1: the image could not be written").arg(path);
            return false;
        }
        return true;
    }
    if (suffix == QLatin1StringView("svg")) {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(size);
        generator.setViewBox(QRect(QPoint(0, 0), size));
        generator.setTitle(view->chart() ? view->chart()->title() : QString());
        QPainter painter;
        if (!painter.begin(&generator)) {
            *error = tr("%1: the SVG file could not be written").arg(path);
            return false;
        }
        view->render(&painter, QRectF(QPointF(0, 0), size), view->rect());
        painter.end();
        return true;
    }
    if (suffix == QLatin1StringView("pdf")) {
        QPdfWriter writer(path);
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setPageOrientation(QPageLayout::Landscape);
        QPainter painter;
        if (!painter.begin(&writer)) {
            *error = tr("%1: the PDF file could not be written").arg(path);
            return false;
        }
        const QRect page = painter.viewport();
        view->render(&painter, QRectF(page), view->rect());
        painter.end();
        return true;
    }
    *error = tr("%1: unknown format \"%2\" (use .png, .svg or .pdf)").arg(path, suffix);
    return false;
}

} // namespace ys
