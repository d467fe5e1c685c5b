#pragma once

// The analyst's report's XHTML read back (docs/report.md): its sections, headings, chart texts,
// every figure cell with the show --json member it names, and the paragraphs and list items of
// each section under the provider heading they follow; and one figure cell checked against
// show --json. tst_report and tst_one_number read reports through this.
#include <QHash>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace ys::test {

struct HtmlReport {
    QStringList sectionIds;
    QStringList headings;              // the h2 texts
    QHash<QString, QString> chartText; // data-chart -> every SVG text in it
    struct Cell {
        QString provider, figure, value, scope, text;
    };
    std::vector<Cell> cells;
    // A paragraph or list item of a section, under the last h3 before it (a provider's name in
    // the sections that have one per provider; empty before the first).
    struct Line {
        QString section, heading, text;
        bool item = false; // a list item (<li>), not a paragraph
    };
    std::vector<Line> lines;
    // Every table's rows by its data-table id (tables of the same id one after the other), each
    // row its cells' texts; the header row first.
    QHash<QString, std::vector<QStringList>> tables;
    QString allText;

    // The text of the cell of table id in the row whose first cell is rowKey and the column
    // headed column; empty when there is none.
    QString tableCell(const QString &id, const QString &rowKey, const QString &column) const
    {
        const auto it = tables.constFind(id);
        if (it == tables.constEnd() || it->empty())
            return {};
        const qsizetype at = it->front().indexOf(column);
        for (const QStringList &row : *it)
            if (at >= 0 && !row.isEmpty() && row.front() == rowKey && at < row.size())
                return row[at];
        return {};
    }

    // The lines of one section under one heading.
    QStringList linesOf(const QString &section, const QString &heading) const
    {
        QStringList out;
        for (const Line &l : lines)
            if (l.section == section && l.heading == heading)
                out << l.text;
        return out;
    }
    // The cell of a provider's figure (scope "" is the provider's object).
    const Cell *cell(const QString &provider, const QString &figure,
                     const QString &scope = {}) const
    {
        const auto it = std::find_if(cells.begin(), cells.end(), [&](const Cell &c) {
            return c.provider == provider && c.figure == figure && c.scope == scope;
        });
        return it == cells.end() ? nullptr : &*it;
    }
};

inline HtmlReport readHtml(const QByteArray &bytes, QString *error)
{
    HtmlReport r;
    QXmlStreamReader xml(bytes);
    QString chart;   // inside <figure data-chart>
    QString section; // inside <section id>
    QString heading; // the last h3's text
    int inH2 = 0;
    int inH3 = 0;
    int inLine = 0; // inside a <p> or <li> of a section
    std::optional<HtmlReport::Cell> cell;
    QString table;                   // inside <table data-table>
    bool header = false;             // the table's header row is wanted (its id is new)
    std::optional<QString> cellText; // inside a <th> or <td> of it
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto a = xml.attributes();
            const auto name = xml.name();
            if (name == QLatin1StringView("section")) {
                section = a.value(QStringLiteral("id")).toString();
                r.sectionIds << section;
                heading.clear();
            } else if (name == QLatin1StringView("h2")) {
                ++inH2, r.headings << QString();
            } else if (name == QLatin1StringView("h3")) {
                ++inH3, heading.clear();
            } else if ((name == QLatin1StringView("p") || name == QLatin1StringView("li")) &&
                       !section.isEmpty()) {
                ++inLine,
                    r.lines.push_back({section, heading, {}, name == QLatin1StringView("li")});
            } else if (name == QLatin1StringView("figure")) {
                chart = a.value(QStringLiteral("data-chart")).toString();
            } else if (name == QLatin1StringView("table")) {
                table = a.value(QStringLiteral("data-table")).toString();
                // A table of the same id again (one per provider) adds its rows only.
                header = !r.tables.contains(table);
            } else if (name == QLatin1StringView("tr") && !table.isEmpty()) {
                r.tables[table].push_back({});
            } else if (name == QLatin1StringView("td") &&
                       a.hasAttribute(QStringLiteral("data-figure"))) {
                cell = HtmlReport::Cell{a.value(QStringLiteral("data-provider")).toString(),
                                        a.value(QStringLiteral("data-figure")).toString(),
                                        a.value(QStringLiteral("data-value")).toString(),
                                        a.value(QStringLiteral("data-scope")).toString(),
                                        {}};
            }
            if (!table.isEmpty() &&
                (name == QLatin1StringView("td") || (name == QLatin1StringView("th") && header)))
                cellText = QString();
        } else if (xml.isCharacters()) {
            const QString text = xml.text().toString();
            r.allText += text;
            if (inH2)
                r.headings.back() += text;
            if (inH3)
                heading += text;
            if (inLine)
                r.lines.back().text += text;
            if (!chart.isEmpty())
                r.chartText[chart] += text + QLatin1Char('\n');
            if (cell)
                cell->text += text;
            if (cellText)
                *cellText += text;
        } else if (xml.isEndElement()) {
            const auto name = xml.name();
            if (name == QLatin1StringView("h2"))
                --inH2;
            else if (name == QLatin1StringView("h3"))
                --inH3;
            else if ((name == QLatin1StringView("p") || name == QLatin1StringView("li")) && inLine)
                --inLine;
            else if (name == QLatin1StringView("section"))
                section.clear();
            else if (name == QLatin1StringView("figure"))
                chart.clear();
            else if (name == QLatin1StringView("table") && !table.isEmpty()) {
                auto &rows = r.tables[table];
                rows.erase(std::remove_if(rows.begin(), rows.end(),
                                          [](const QStringList &row) { return row.isEmpty(); }),
                           rows.end());
                table.clear();
            }
            if ((name == QLatin1StringView("td") || name == QLatin1StringView("th")) && cellText) {
                r.tables[table].back() << *cellText;
                cellText.reset();
            }
            if (name == QLatin1StringView("td") && cell) {
                r.cells.push_back(*cell);
                cell.reset();
            }
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("line %1: %2").arg(xml.lineNumber()).arg(xml.errorString());
    return r;
}

// A dotted path ("ttft_ms.p50") inside a JSON object, or null when it is not there.
inline const nlohmann::json *member(const nlohmann::json &object, const QString &path)
{
    const nlohmann::json *at = &object;
    for (const QString &key : path.split(QLatin1Char('.'))) {
        bool isIndex = false;
        const uint index = key.toUInt(&isIndex);
        if (at->is_array() && isIndex) { // "levels.2.requests_per_s"
            if (index >= at->size())
                return nullptr;
            at = &(*at)[index];
            continue;
        }
        if (!at->is_object() || !at->contains(key.toStdString()))
            return nullptr;
        at = &(*at)[key.toStdString()];
    }
    return at;
}

// The element of an array whose `key` member is name.
inline const nlohmann::json *providerIn(const nlohmann::json &array, const char *key,
                                        const QString &name)
{
    for (const nlohmann::json &p : array)
        if (p.value(key, std::string()) == name.toStdString())
            return &p;
    return nullptr;
}

// The cell's raw value is the JSON member's, and its text shows that value at the precision it
// is printed with; an empty string when they agree, else what differs.
inline QString checkCell(const HtmlReport::Cell &c, const nlohmann::json &j)
{
    const QString where = QStringLiteral("%1 %2").arg(c.provider, c.figure);
    if (j.is_null())
        return c.value == QLatin1StringView("null") && c.text == QStringLiteral("—")
                   ? QString()
                   : where + QStringLiteral(": null in show --json, %1 / %2").arg(c.value, c.text);
    if (j.is_string())
        return QString::fromStdString(j.get<std::string>()) == c.value
                   ? QString()
                   : where + QStringLiteral(": %1 in the report").arg(c.value);
    if (!j.is_number())
        return where + QStringLiteral(": not a number in show --json");
    const double want = j.get<double>();
    const double got = c.value.toDouble();
    if (std::abs(want - got) > 1e-9 * std::max(1.0, std::abs(want)))
        return where + QStringLiteral(": %1 in the report, %2 in show --json").arg(got).arg(want);
    bool numeric = false;
    const double shown = c.text.toDouble(&numeric);
    if (!numeric) // "30/30" and "128K" show the value their own way
        return c.text.isEmpty() ? where + QStringLiteral(": no text") : QString();
    const qsizetype dot = c.text.indexOf(QLatin1Char('.'));
    const int decimals = dot < 0 ? 0 : int(c.text.size() - dot - 1);
    if (std::abs(shown - want) > 0.5 * std::pow(10.0, -decimals) + 1e-12)
        return where + QStringLiteral(": shows %1 for %2").arg(c.text).arg(want);
    return {};
}

} // namespace ys::test
