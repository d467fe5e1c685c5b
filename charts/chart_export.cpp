#include "charts/chart_export.h"

#include <QAbstractAxis>
#include <QBuffer>
#include <QChart>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsScene>
#include <QLegend>
#include <QMimeData>
#include <QPainter>
#include <QPdfWriter>
#include <QPointer>
#include <QSaveFile>
#include <QSvgGenerator>
#include <cmath>
#include <memory>
#include <vector>

namespace ys {

namespace {

// Fonts are in points: every device below is painted at the screen's resolution, so a chart
// laid out for the screen keeps its proportions, and the painter's scale does the rest.
constexpr int kScreenDpi = 96;
constexpr qreal kMetresPerInch = 0.0254;

const QColor kInk(0x1a, 0x1a, 0x1a);
const QColor kAxisLine(0x40, 0x40, 0x40);
const QColor kGrid(0xd0, 0xd0, 0xd0);
const QColor kMinorGrid(0xe8, 0xe8, 0xe8);

// Everything an export changes on a chart, given back by the destructor: the chart on screen
// looks the same afterwards. A chart in no scene is lent to one for the drawing.
class ChartState {
public:
    explicit ChartState(QChart *chart)
        : m_chart(chart)
        , m_size(chart->size())
        , m_background(chart->backgroundBrush())
        , m_backgroundPen(chart->backgroundPen())
        , m_backgroundVisible(chart->isBackgroundVisible())
        , m_plotAreaVisible(chart->isPlotAreaBackgroundVisible())
        , m_title(chart->titleBrush())
        , m_legendVisible(chart->legend()->isVisible())
        , m_legendLabels(chart->legend()->labelBrush())
        , m_legendBackground(chart->legend()->isBackgroundVisible())
    {
        if (!chart->scene()) {
            m_scene = std::make_unique<QGraphicsScene>();
            m_scene->addItem(chart);
        }
        for (QAbstractAxis *axis : chart->axes())
            m_axes.push_back({axis, axis->labelsBrush(), axis->titleBrush(), axis->linePen(),
                              axis->gridLinePen(), axis->minorGridLinePen()});
    }

    ~ChartState()
    {
        m_chart->setBackgroundBrush(m_background);
        m_chart->setBackgroundPen(m_backgroundPen);
        m_chart->setBackgroundVisible(m_backgroundVisible);
        m_chart->setPlotAreaBackgroundVisible(m_plotAreaVisible);
        m_chart->setTitleBrush(m_title);
        m_chart->legend()->setLabelBrush(m_legendLabels);
        m_chart->legend()->setBackgroundVisible(m_legendBackground);
        m_chart->legend()->setVisible(m_legendVisible);
        for (const AxisState &a : m_axes) {
            if (!a.axis)
                continue;
            a.axis->setLabelsBrush(a.labels);
            a.axis->setTitleBrush(a.title);
            a.axis->setLinePen(a.line);
            a.axis->setGridLinePen(a.grid);
            a.axis->setMinorGridLinePen(a.minorGrid);
        }
        m_chart->resize(m_size);
        layOut();
        if (m_scene)
            m_scene->removeItem(m_chart); // the chart stays its owner's
    }

    ChartState(const ChartState &) = delete;
    ChartState &operator=(const ChartState &) = delete;

    void applyPrint()
    {
        m_chart->setBackgroundVisible(true);
        m_chart->setBackgroundBrush(Qt::white);
        m_chart->setBackgroundPen(Qt::NoPen);
        m_chart->setPlotAreaBackgroundVisible(false);
        m_chart->setTitleBrush(kInk);
        m_chart->legend()->setLabelColor(kInk);
        m_chart->legend()->setBackgroundVisible(false);
        for (QAbstractAxis *axis : m_chart->axes()) {
            axis->setLabelsColor(kInk);
            axis->setTitleBrush(kInk);
            axis->setLinePenColor(kAxisLine);
            axis->setGridLineColor(kGrid);
            axis->setMinorGridLineColor(kMinorGrid);
        }
    }

    // The legend is part of every export, when there is a series to name.
    void showLegend()
    {
        if (!m_chart->series().isEmpty())
            m_chart->legend()->setVisible(true);
    }

    void resize(const QSizeF &size)
    {
        m_chart->resize(size);
        layOut();
    }

private:
    // The chart's layout and its axes' ticks are redone when their events are handled; the
    // drawing comes before the event loop runs again.
    void layOut()
    {
        if (QGraphicsLayout *layout = m_chart->layout()) {
            layout->invalidate();
            layout->activate();
        }
        QCoreApplication::sendPostedEvents(m_chart, QEvent::LayoutRequest);
    }

    struct AxisState {
        QPointer<QAbstractAxis> axis;
        QBrush labels;
        QBrush title;
        QPen line;
        QPen grid;
        QPen minorGrid;
    };

    QChart *m_chart;
    QSizeF m_size;
    QBrush m_background;
    QPen m_backgroundPen;
    bool m_backgroundVisible;
    bool m_plotAreaVisible;
    QBrush m_title;
    bool m_legendVisible;
    QBrush m_legendLabels;
    bool m_legendBackground;
    std::vector<AxisState> m_axes;
    std::unique_ptr<QGraphicsScene> m_scene;
};

QFont footnoteFont(const QChart *chart)
{
    QFont font = chart->legend()->font();
    if (font.pointSizeF() > 0)
        font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
    return font;
}

QColor backgroundOf(const QChart *chart, const ChartExportOptions &options)
{
    if (options.theme == ChartTheme::Print || !chart->isBackgroundVisible())
        return Qt::white;
    return chart->backgroundBrush().color();
}

// Draws the chart and its footnote into target (device units), the chart laid out at
// target's size divided by scale.
void draw(QChart *chart, QPainter *painter, const QRectF &target, qreal scale,
          const ChartExportOptions &options)
{
    ChartState state(chart);
    if (options.theme == ChartTheme::Print)
        state.applyPrint();
    state.showLegend();

    const QSizeF logical = target.size() / scale;
    const QFont font = footnoteFont(chart);
    const QFontMetricsF metrics(font);
    // A long footnote wraps rather than losing its end (the version) on a narrow chart.
    const qreal margin = metrics.averageCharWidth() * 2;
    const qreal lineWidth = std::max(1.0, logical.width() - 2 * margin);
    const int flags = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap;
    const qreal band =
        options.footnote.isEmpty()
            ? 0.0
            : std::ceil(metrics.boundingRect(QRectF(0, 0, lineWidth, 1e6), flags, options.footnote)
                            .height() +
                        metrics.height() * 0.8);
    const QSizeF chartSize(logical.width(), std::max(1.0, logical.height() - band));
    state.resize(chartSize);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    painter->translate(target.topLeft());
    painter->scale(scale, scale);
    painter->fillRect(QRectF(QPointF(0, 0), logical), backgroundOf(chart, options));
    chart->scene()->render(painter, QRectF(QPointF(0, 0), chartSize),
                           QRectF(chart->scenePos(), chartSize), Qt::IgnoreAspectRatio);
    if (band > 0) {
        painter->setFont(font);
        painter->setPen(options.theme == ChartTheme::Print ? kInk : chart->titleBrush().color());
        painter->drawText(QRectF(margin, chartSize.height(), lineWidth, band), flags,
                          options.footnote);
    }
    painter->restore();
}

} // namespace

QImage ChartExport::image(QChart *chart, QSize size, int dpi, const ChartExportOptions &options)
{
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.fill(backgroundOf(chart, options));
    {
        QPainter painter(&image);
        const qreal scale = qreal(dpi) / kScreenDpi;
        draw(chart, &painter, QRectF(QPointF(0, 0), QSizeF(size)), scale, options);
    }
    // Set after drawing: the painter keeps the screen's point size, the scale enlarges it.
    const int dotsPerMetre = int(std::lround(dpi / kMetresPerInch));
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    return image;
}

QByteArray ChartExport::svg(QChart *chart, QSize size, const ChartExportOptions &options)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setResolution(kScreenDpi);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(chart->title());
    generator.setDescription(options.footnote);
    QPainter painter;
    if (!painter.begin(&generator))
        return {};
    draw(chart, &painter, QRectF(QPointF(0, 0), QSizeF(size)), 1.0, options);
    painter.end();
    return buffer.data();
}

QByteArray ChartExport::pdf(QChart *chart, const ChartExportOptions &options)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(kScreenDpi);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setPageOrientation(QPageLayout::Landscape);
    writer.setPageMargins(QMarginsF(10, 10, 10, 10), QPageLayout::Millimeter);
    writer.setTitle(chart->title());
    writer.setCreator(QStringLiteral("Yardstick %1").arg(QCoreApplication::applicationVersion()));
    QPainter painter;
    if (!painter.begin(&writer))
        return {};
    // The chart keeps the asked aspect, as large as the page allows.
    const QRectF page(painter.viewport());
    const QSizeF wanted = QSizeF(options.size.isEmpty() ? QSize(1200, 750) : options.size);
    const qreal scale = std::min(page.width() / wanted.width(), page.height() / wanted.height());
    const QSizeF drawn = wanted * scale;
    const QRectF target(QPointF((page.width() - drawn.width()) / 2, 0), drawn);
    draw(chart, &painter, target, scale, options);
    painter.end();
    return buffer.data();
}

QString ChartExport::check(const ChartExportOptions &options)
{
    const QSize s = options.size;
    if (options.format != ChartFormat::Pdf &&
        (s.width() < 1 || s.height() < 1 || s.width() > kMaxSide || s.height() > kMaxSide))
        return tr("Size: width and height must be between 1 and %1 pixels (asked %2 × %3).")
            .arg(kMaxSide)
            .arg(s.width())
            .arg(s.height());
    if (options.format == ChartFormat::Pdf && (s.width() < 1 || s.height() < 1))
        return tr("Size: width and height must be at least 1 (asked %1 × %2).")
            .arg(s.width())
            .arg(s.height());
    if (options.format == ChartFormat::Png && (options.dpi < kMinDpi || options.dpi > kMaxDpi))
        return tr("DPI: must be between %1 and %2 (asked %3).")
            .arg(kMinDpi)
            .arg(kMaxDpi)
            .arg(options.dpi);
    return {};
}

QByteArray ChartExport::encode(QChart *chart, const ChartExportOptions &options, QString *error)
{
    if (const QString problem = check(options); !problem.isEmpty()) {
        *error = problem;
        return {};
    }
    QByteArray bytes;
    switch (options.format) {
    case ChartFormat::Png: {
        const QImage picture = image(chart, options.size, options.dpi, options);
        QBuffer buffer(&bytes);
        buffer.open(QIODevice::WriteOnly);
        if (picture.isNull() || !picture.save(&buffer, "PNG"))
            bytes.clear();
        break;
    }
    case ChartFormat::Svg:
        bytes = svg(chart, options.size, options);
        break;
    case ChartFormat::Pdf:
        bytes = pdf(chart, options);
        break;
    }
    if (bytes.isEmpty())
        *error = tr("The chart could not be drawn as %1.").arg(suffix(options.format).toUpper());
    return bytes;
}

bool ChartExport::save(QChart *chart, const QString &path, const ChartExportOptions &options,
                       QString *error)
{
    const std::optional<ChartFormat> named = formatOf(path);
    if (!named) {
        *error = tr("%1: unknown file type \"%2\" (use .png, .svg or .pdf).")
                     .arg(path, QFileInfo(path).suffix());
        return false;
    }
    if (*named != options.format) {
        *error = tr("%1: the extension does not match the format %2.")
                     .arg(path, suffix(options.format).toUpper());
        return false;
    }
    const QByteArray bytes = encode(chart, options, error);
    if (bytes.isEmpty())
        return false;
    // Written beside the target and renamed over it at the end: never half a file.
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("%1 cannot be written: %2").arg(path, file.errorString());
        return false;
    }
    if (file.write(bytes) != bytes.size() || !file.commit()) {
        *error = tr("%1 cannot be written: %2").arg(path, file.errorString());
        file.cancelWriting();
        return false;
    }
    return true;
}

QMimeData *ChartExport::mimeData(QChart *chart, const ChartExportOptions &options)
{
    auto *data = new QMimeData;
    const QImage picture = image(chart, options.size, options.dpi, options);
    data->setImageData(picture);
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (picture.save(&buffer, "PNG"))
        data->setData(QStringLiteral("image/png"), png);
    data->setData(QStringLiteral("image/svg+xml"), svg(chart, options.size, options));
    return data;
}

std::optional<ChartFormat> ChartExport::formatOf(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1StringView("png"))
        return ChartFormat::Png;
    if (suffix == QLatin1StringView("svg"))
        return ChartFormat::Svg;
    if (suffix == QLatin1StringView("pdf"))
        return ChartFormat::Pdf;
    return std::nullopt;
}

QString ChartExport::suffix(ChartFormat format)
{
    switch (format) {
    case ChartFormat::Png:
        return QStringLiteral("png");
    case ChartFormat::Svg:
        return QStringLiteral("svg");
    case ChartFormat::Pdf:
        return QStringLiteral("pdf");
    }
    return {};
}

} // namespace ys
