#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>
#include <optional>

class QChart;
class QMimeData;

namespace ys {

enum class ChartFormat { Png, Svg, Pdf };

// Current: the chart as the window shows it. Print: white background and dark ink for the
// title, axes, labels, grid and legend; the series keep their colours.
enum class ChartTheme { Current, Print };

struct ChartExportOptions {
    ChartFormat format = ChartFormat::Png;
    // In pixels for PNG and SVG; a PDF is one A4 landscape page with the chart at this aspect.
    QSize size = QSize(1200, 750);
    // PNG only: stored in the image, and text and lines are drawn at that resolution's scale
    // (96 is the screen's).
    int dpi = 96;
    ChartTheme theme = ChartTheme::Current;
    // One line under the chart (ChartFootnote::text); empty: none.
    QString footnote;
};

// Renders a chart to PNG, SVG or PDF, with its title, axis titles, legend and a footnote line.
// The chart may be one a view shows or one never put in a window: it is laid out at the size
// asked for, drawn, and then given back its size, colours and legend as they were, so the chart
// on screen does not change.
class ChartExport {
    Q_DECLARE_TR_FUNCTIONS(ys::ChartExport)
public:
    static constexpr int kMinDpi = 36;
    static constexpr int kMaxDpi = 1200;
    static constexpr int kMaxSide = 8000;

    // The chart drawn on an image of size pixels at dpi (its dots per metre set to match).
    static QImage image(QChart *chart, QSize size, int dpi, const ChartExportOptions &options);
    // The chart as an SVG document of size pixels.
    static QByteArray svg(QChart *chart, QSize size, const ChartExportOptions &options);
    // The chart on one A4 landscape PDF page.
    static QByteArray pdf(QChart *chart, const ChartExportOptions &options);
    // The file's bytes in options.format (PNG: options.size and options.dpi); empty with
    // *error set when the options are not usable.
    static QByteArray encode(QChart *chart, const ChartExportOptions &options, QString *error);
    // Writes the file whole or not at all (an existing file is kept when writing fails); the
    // path's extension must name options.format.
    static bool save(QChart *chart, const QString &path, const ChartExportOptions &options,
                     QString *error);
    // For the clipboard: the PNG image and image/svg+xml, owned by the caller.
    static QMimeData *mimeData(QChart *chart, const ChartExportOptions &options);

    // What is wrong with the options (size, DPI), or an empty string.
    static QString check(const ChartExportOptions &options);
    // The format a file name's extension names (png, svg, pdf, any case), if any.
    static std::optional<ChartFormat> formatOf(const QString &path);
    static QString suffix(ChartFormat format);
};

} // namespace ys
