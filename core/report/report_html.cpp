#include "report/report_html.h"

#include <QStringBuilder>

namespace ys {

namespace {

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

QString style(ReportHtml::Flavour flavour)
{
    if (flavour == ReportHtml::Flavour::Print)
        return QStringLiteral(
            "h1 { font-size: 18pt; } h2 { font-size: 14pt; margin-top: 14pt; }"
            "h3 { font-size: 11pt; } td, th { padding: 2px 4px; font-size: 7.5pt; }"
            "th { background: #e8e8e8; }"
            ".pass { color: #1b6e20; } .fail { color: #b71c1c; } .inconclusive { color: #8a5a00; }"
            ".no_data { color: #666666; } .num { text-align: right; white-space: nowrap; }");
    return QStringLiteral(
        "body { font-family: 'Noto Sans', 'WenQuanYi Micro Hei', sans-serif; margin: 2em auto;"
        " max-width: 70em; color: #1a1a1a; line-height: 1.4; }"
        "h1 { font-size: 1.7em; margin-bottom: 0.2em; } .subtitle { color: #555; }"
        "h2 { border-bottom: 1px solid #bbb; margin-top: 2em; } h3 { margin-bottom: 0.3em; }"
        "table { border-collapse: collapse; margin: 0.5em 0; }"
        "td, th { border: 1px solid #ccc; padding: 0.2em 0.5em; vertical-align: top; }"
        "th { background: #f0f0f0; text-align: left; } td.num { text-align: right; }"
        ".pass { color: #1b6e20; font-weight: bold; } .fail { color: #b71c1c; font-weight: bold; }"
        ".inconclusive { color: #8a5a00; } .no_data { color: #666; }"
        "figure { margin: 1em 0; } figure svg { max-width: 100%; height: auto; }"
        "nav ol { columns: 2; }");
}

bool isNumeric(const ReportCell &c)
{
    bool ok = false;
    c.value.toDouble(&ok);
    return ok;
}

QString cell(const ReportCell &c, const QString &provider)
{
    QString attrs;
    QStringList classes;
    if (!c.css.isEmpty())
        classes << c.css;
    if (!c.figure.isEmpty()) {
        if (isNumeric(c))
            classes << QStringLiteral("num");
        attrs = QStringLiteral(" data-provider=\"%1\" data-figure=\"%2\" data-value=\"%3\"")
                    .arg(esc(provider), esc(c.figure), esc(c.value));
        if (c.scope != QLatin1StringView("provider"))
            attrs += QStringLiteral(" data-scope=\"%1\"").arg(esc(c.scope));
    }
    if (!classes.isEmpty())
        attrs = QStringLiteral(" class=\"%1\"").arg(classes.join(QLatin1Char(' '))) + attrs;
    return QStringLiteral("<td%1>%2</td>").arg(attrs, esc(c.text));
}

QString table(const ReportTable &t, ReportHtml::Flavour flavour)
{
    QString out = flavour == ReportHtml::Flavour::Print
                      ? QStringLiteral("<table border=\"1\" cellspacing=\"0\" width=\"100%\"")
                      : QStringLiteral("<table");
    out += QStringLiteral(" data-table=\"%1\"").arg(esc(t.id));
    if (!t.provider.isEmpty())
        out += QStringLiteral(" data-provider=\"%1\"").arg(esc(t.provider));
    out += QStringLiteral("><thead><tr>");
    for (const QString &h : t.headers)
        out += QStringLiteral("<th>%1</th>").arg(esc(h));
    out += QStringLiteral("</tr></thead><tbody>");
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        const QString provider = r < t.rowProviders.size() ? t.rowProviders[r] : t.provider;
        out += QStringLiteral("<tr>");
        for (const ReportCell &c : t.rows[r])
            out += cell(c, provider);
        out += QStringLiteral("</tr>");
    }
    return out + QStringLiteral("</tbody></table>\n");
}

QString block(const ReportBlock &b, const QHash<QString, QString> &charts,
              ReportHtml::Flavour flavour)
{
    switch (b.kind) {
    case ReportBlock::Paragraph:
        return QStringLiteral("<p>%1</p>\n").arg(esc(b.text));
    case ReportBlock::Heading:
        return QStringLiteral("<h3>%1</h3>\n").arg(esc(b.text));
    case ReportBlock::List: {
        QString out = QStringLiteral("<ul>");
        for (const QString &item : b.items)
            out += QStringLiteral("<li>%1</li>").arg(esc(item));
        return out + QStringLiteral("</ul>\n");
    }
    case ReportBlock::Table:
        return table(b.table, flavour);
    case ReportBlock::Chart: {
        const QString markup = charts.value(b.text);
        if (markup.isEmpty())
            return QStringLiteral("<p class=\"no_data\" data-chart=\"%1\">%2</p>\n")
                .arg(esc(b.text), esc(ReportHtml::tr("No provider has the figures this chart "
                                                     "draws.")));
        if (flavour == ReportHtml::Flavour::Print)
            return QStringLiteral("<p align=\"center\">%1</p>\n").arg(markup);
        return QStringLiteral("<figure data-chart=\"%1\">%2</figure>\n").arg(esc(b.text), markup);
    }
    }
    return {};
}

} // namespace

QString ReportHtml::inlineSvg(const QByteArray &svg)
{
    QString text = QString::fromUtf8(svg);
    // Everything before the root element (the XML declaration, a DOCTYPE) cannot sit in XHTML.
    const qsizetype root = text.indexOf(QLatin1StringView("<svg"));
    return root < 0 ? QString() : text.mid(root).trimmed();
}

QString ReportHtml::render(const ReportContent &content, const QHash<QString, QString> &charts,
                           Flavour flavour)
{
    const QString lang = content.language == QLatin1StringView("zh_CN") ? QStringLiteral("zh-CN")
                                                                        : QStringLiteral("en");
    QString out;
    if (flavour == Flavour::Standalone)
        out = QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE html>\n"
                             "<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"%1\" "
                             "xml:lang=\"%1\">\n")
                  .arg(lang);
    else
        out = QStringLiteral("<html>\n");
    out += QStringLiteral("<head>");
    if (flavour == Flavour::Standalone)
        out += QStringLiteral("<meta charset=\"UTF-8\"/>");
    out += QStringLiteral("<title>%1</title><style>%2</style></head>\n<body>\n")
               .arg(esc(content.title), style(flavour));
    out += QStringLiteral("<h1>%1</h1>\n<p class=\"subtitle\">%2</p>\n")
               .arg(esc(content.title), esc(content.subtitle));
    if (flavour == Flavour::Standalone) {
        out += QStringLiteral("<nav><ol>");
        for (const ReportSection &s : content.sections)
            out += QStringLiteral("<li><a href=\"#%1\">%2</a></li>").arg(s.id, esc(s.title));
        out += QStringLiteral("</ol></nav>\n");
    }
    for (const ReportSection &s : content.sections) {
        out += flavour == Flavour::Standalone
                   ? QStringLiteral("<section id=\"%1\">\n<h2>%2</h2>\n").arg(s.id, esc(s.title))
                   : QStringLiteral("<h2><a name=\"%1\"></a>%2</h2>\n").arg(s.id, esc(s.title));
        for (std::size_t i = 0; i < s.blocks.size(); ++i) {
            // On paper a chart keeps its heading and paragraph on its page: the three share
            // one borderless cell, and a table row is never split between pages.
            std::size_t chart = i;
            while (flavour == Flavour::Print && chart < s.blocks.size() &&
                   (s.blocks[chart].kind == ReportBlock::Heading ||
                    s.blocks[chart].kind == ReportBlock::Paragraph))
                ++chart;
            if (chart > i && chart < s.blocks.size() &&
                s.blocks[chart].kind == ReportBlock::Chart &&
                !charts.value(s.blocks[chart].text).isEmpty()) {
                out += QStringLiteral("<table width=\"100%\" border=\"0\" cellspacing=\"0\" "
                                      "cellpadding=\"0\"><tr><td>");
                for (; i <= chart; ++i)
                    out += block(s.blocks[i], charts, flavour);
                out += QStringLiteral("</td></tr></table>\n");
                --i;
                continue;
            }
            out += block(s.blocks[i], charts, flavour);
        }
        if (flavour == Flavour::Standalone)
            out += QStringLiteral("</section>\n");
    }
    return out + QStringLiteral("</body>\n</html>\n");
}

} // namespace ys
