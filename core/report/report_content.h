#pragma once

#include "analysis/run_summary.h"
#include "domain/suite.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace ys {

// The analyst's report as data: its sections in order, each with paragraphs, tables and chart
// slots, written in the language installed while it is built (report/report_language.h). The
// HTML (report/report_html.h) and the PDF are two renderings of the same content, and every
// figure in it is the one the Results page and `show --json` show, through the same text helpers.
// docs/report.md says what each section holds.

// Where the report's figures and words come from beyond the session itself.
struct ReportEnvironment {
    QString version;     // Yardstick's
    QString machine;     // operating system and kernel
    QString cpu;         // architecture and CPU model
    int cores = 0;       // logical cores
    QDateTime generated; // when the report was made
    QString catalogDate; // the active price catalog's date
};

// One table cell: the text shown and, for a figure, what it is in `show --json` so a reader
// (or a test) can check it: the member's path within the provider's object (scope "provider")
// or within score.providers[] (scope "score"), and its raw value as JSON would print it.
struct ReportCell {
    QString text;
    QString figure;
    QString value;
    QString scope;
    QString css; // a class for the look: "pass", "fail", "inconclusive", "no_data"
};

struct ReportTable {
    QString id;
    QStringList headers;
    QString provider;                  // every row's provider (appendix tables), else empty
    std::vector<QString> rowProviders; // each row's provider, where rows are providers
    std::vector<std::vector<ReportCell>> rows;
};

// The table's columns in `parts` tables of about as many columns each, every one led by the
// first column (the provider or the figure each row is about), rows in the same order: a table too
// wide for a page, laid out in parts. parts is clamped to 1 … the columns after the first.
std::vector<ReportTable> splitColumns(const ReportTable &table, int parts);

// A block of a section, in order: a paragraph, a list, a table or a chart slot.
struct ReportBlock {
    enum Kind { Paragraph, List, Table, Chart, Heading };
    Kind kind = Paragraph;
    QString text;      // Paragraph, Heading; Chart: the chart's id ("pareto", ...)
    QStringList items; // List
    ReportTable table; // Table

    static ReportBlock paragraph(const QString &text) { return {Paragraph, text, {}, {}}; }
    static ReportBlock heading(const QString &text) { return {Heading, text, {}, {}}; }
    static ReportBlock list(const QStringList &items) { return {List, {}, items, {}}; }
    static ReportBlock chart(const QString &id) { return {Chart, id, {}, {}}; }
    // A table with no rows yet; PROVIDER is every row's (appendix tables), else empty.
    static ReportBlock tableOf(const QString &id, const QStringList &headers,
                               const QString &provider = {})
    {
        return {Table, {}, {}, {id, headers, provider, {}, {}}};
    }
};

struct ReportSection {
    QString id; // "question", "method", ... (stable across languages)
    QString title;
    std::vector<ReportBlock> blocks;
};

struct ReportContent {
    QString language; // "en" or "zh_CN"
    QString title;
    QString subtitle;
    std::vector<ReportSection> sections;
};

class ReportBuilder {
    Q_DECLARE_TR_FUNCTIONS(ys::ReportBuilder)
public:
    // The ids of the sections, in the order the report has them.
    static QStringList sectionIds();
    // The chart slots the report has: "pareto", "context_cost", "context_latency".
    static QStringList chartIds();
    // suite: the session's suite as stored (the method lists its scenarios), when known.
    static ReportContent build(const SessionSummary &summary, const std::optional<Suite> &suite,
                               const ReportEnvironment &environment, const QString &language);
    // The environment of this process: version, machine, CPU, now, and the catalog's date.
    static ReportEnvironment currentEnvironment();

    // The sections, each built in report_sections.cpp (the recommendation, which opens the
    // report, in report_recommendation.cpp).
    static ReportSection recommendation(const SessionSummary &summary);
    static ReportSection question(const SessionSummary &summary);
    static ReportSection method(const SessionSummary &summary, const std::optional<Suite> &suite);
    static ReportSection environment(const SessionSummary &summary, const ReportEnvironment &env);
    static ReportSection comparison(const SessionSummary &summary);
    static ReportSection charts(const SessionSummary &summary);
    static ReportSection verdicts(const SessionSummary &summary);
    static ReportSection shortlist(const SessionSummary &summary);
    static ReportSection caveats(const SessionSummary &summary);
    static ReportSection appendix(const SessionSummary &summary);
};

// Text and figure cells as the report writes them (report_content.cpp).
namespace reportcell {
ReportCell text(const QString &text);
// A number shown with `decimals`, "—" when missing; the value as JSON prints it.
ReportCell number(const QString &figure, const std::optional<double> &v, int decimals);
ReportCell count(const QString &figure, const std::optional<qint64> &v);
// A raw value with its own display text (a string member, or a figure shown by a helper).
ReportCell shown(const QString &figure, const QString &text, const QString &value);
QString json(double v);
} // namespace reportcell

} // namespace ys
