#include "report_pdf.h"

#include "report/report_html.h"

#include <QAbstractTextDocumentLayout>
#include <QFont>
#include <QIODevice>
#include <QPageLayout>
#include <QPdfWriter>
#include <QTextBlock>
#include <QTextDocument>
#include <QTextFrame>
#include <QTextLayout>
#include <QTextTable>
#include <QUrl>
#include <map>
#include <utility>
#include <vector>

namespace ys {

namespace {

constexpr int kLogicalDpi = 96; // QTextDocument's pixels: image widths are in these
constexpr double kMarginMm = 18.0;
// A chart is at most this share of the page's height (a little under half, for its paragraph).
constexpr double kChartHeightShare = 0.46;

QPageLayout a4()
{
    return QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait,
                       QMarginsF(kMarginMm, kMarginMm, kMarginMm, kMarginMm),
                       QPageLayout::Millimeter);
}

// A chart's <img>, as wide as the text unless that makes it taller than its share of the page.
QString imageMarkup(const QString &id, const QImage &image)
{
    double width = ReportPdf::chartWidthInches() * kLogicalDpi;
    const double maxHeight = ReportPdf::pageSize().height() * kChartHeightShare;
    if (!image.isNull() && image.width() > 0 && width * image.height() / image.width() > maxHeight)
        width = maxHeight * image.width() / image.height();
    return QStringLiteral("<img src=\"chart:%1\" width=\"%2\"/>").arg(id).arg(int(width));
}

bool isCjk(QChar c)
{
    switch (c.script()) {
    case QChar::Script_Han:
    case QChar::Script_Hiragana:
    case QChar::Script_Katakana:
    case QChar::Script_Hangul:
        return true;
    default:
        // Full-width punctuation (，。：) and forms break like the characters around them.
        return c.unicode() >= 0x3000 && c.unicode() <= 0x303F;
    }
}

// The document's tables of figures, in the order the HTML has them (a one-cell table holds a
// chart with its heading: ReportHtml's Print flavour).
std::vector<QTextTable *> tablesOf(QTextDocument &doc)
{
    std::vector<QTextTable *> out;
    for (QTextFrame *frame : doc.rootFrame()->childFrames())
        if (auto *table = qobject_cast<QTextTable *>(frame); table && table->columns() > 1)
            out.push_back(table);
    return out;
}

std::unique_ptr<QTextDocument> laidOut(const QString &html, const QHash<QString, QImage> &images,
                                       const QString &language)
{
    auto doc = std::make_unique<QTextDocument>();
    // Chinese needs a font with its glyphs; naming it keeps the PDF's text searchable rather
    // than left to whichever fallback the system picks.
    QFont font(language == QLatin1StringView("zh_CN") ? QStringLiteral("WenQuanYi Micro Hei")
                                                      : QStringLiteral("DejaVu Sans"));
    font.setPointSizeF(9.0);
    doc->setDefaultFont(font);
    for (auto it = images.cbegin(); it != images.cend(); ++it)
        doc->addResource(QTextDocument::ImageResource, QUrl(QStringLiteral("chart:") + it.key()),
                         it.value());
    doc->setHtml(html);
    // Laid out at the page's width in logical pixels, so the chart widths fit the text width.
    doc->setPageSize(ReportPdf::pageSize());
    doc->pageCount(); // lays the whole document out now: its lines are read next
    return doc;
}

} // namespace

double ReportPdf::chartWidthInches()
{
    return 6.2;
}

int ReportPdf::chartDpi()
{
    return 300;
}

QSizeF ReportPdf::pageSize()
{
    const QRectF page = a4().paintRect(QPageLayout::Inch);
    return {page.width() * kLogicalDpi, page.height() * kLogicalDpi};
}

bool ReportPdf::breaksAWord(QTextTable *table)
{
    for (int r = 0; r < table->rows(); ++r) {
        for (int c = 0; c < table->columns(); ++c) {
            const QTextTableCell cell = table->cellAt(r, c);
            const QTextBlock last = cell.lastCursorPosition().block();
            for (QTextBlock b = cell.firstCursorPosition().block(); b.isValid(); b = b.next()) {
                const QString text = b.text();
                const QTextLayout *lines = b.layout();
                for (int i = 0; lines && i + 1 < lines->lineCount(); ++i) {
                    const int end = lines->lineAt(i).textStart() + lines->lineAt(i).textLength();
                    if (end <= 0 || end >= text.size())
                        continue;
                    const QChar before = text[end - 1];
                    const QChar after = text[end];
                    if (!before.isSpace() && !after.isSpace() && !isCjk(before) && !isCjk(after))
                        return true;
                }
                if (b == last)
                    break;
            }
        }
    }
    return false;
}

std::unique_ptr<QTextDocument> ReportPdf::layout(const ReportContent &content,
                                                 const QHash<QString, QImage> &images,
                                                 const QString &language)
{
    QHash<QString, QString> markup;
    for (auto it = images.cbegin(); it != images.cend(); ++it)
        markup.insert(it.key(), imageMarkup(it.key(), it.value()));
    // Each table's parts, by (section, block); one part to begin with.
    std::map<std::pair<std::size_t, std::size_t>, int> parts;
    for (;;) {
        ReportContent fitted = content;
        std::vector<std::pair<std::size_t, std::size_t>> order; // each table of the HTML
        for (std::size_t s = 0; s < fitted.sections.size(); ++s) {
            std::vector<ReportBlock> blocks;
            const std::vector<ReportBlock> &original = content.sections[s].blocks;
            for (std::size_t b = 0; b < original.size(); ++b) {
                if (original[b].kind != ReportBlock::Table) {
                    blocks.push_back(original[b]);
                    continue;
                }
                const int n = parts.try_emplace({s, b}, 1).first->second;
                for (ReportTable &part : splitColumns(original[b].table, n)) {
                    ReportBlock block;
                    block.kind = ReportBlock::Table;
                    block.table = std::move(part);
                    blocks.push_back(std::move(block));
                    order.emplace_back(s, b);
                }
            }
            fitted.sections[s].blocks = std::move(blocks);
        }
        auto doc = laidOut(ReportHtml::render(fitted, markup, ReportHtml::Flavour::Print), images,
                           language);
        const std::vector<QTextTable *> tables = tablesOf(*doc);
        bool again = false;
        for (std::size_t i = 0; i < tables.size() && i < order.size(); ++i) {
            const auto [s, b] = order[i];
            const int columns = int(content.sections[s].blocks[b].table.headers.size());
            int &n = parts[{s, b}];
            // One more part for a table that breaks a word (once per round, whichever of its
            // parts did), while each part still has a column besides the first.
            if (n < columns - 1 && breaksAWord(tables[i])) {
                ++n;
                again = true;
                while (i + 1 < order.size() && order[i + 1] == order[i])
                    ++i;
            }
        }
        if (!again)
            return doc;
    }
}

bool ReportPdf::write(QTextDocument &document, const QString &title, QIODevice *device,
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
    writer.setPageLayout(a4());
    document.print(&writer);
    return true;
}

} // namespace ys
