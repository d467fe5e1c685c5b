#include "report/report_content.h"

#include "analysis/gates.h"
#include "domain/session_status.h"
#include "models/verdict_text.h"
#include "pricing/price_catalog.h"
#include "util/number_text.h"

#include <QFile>
#include <QSysInfo>
#include <QThread>
#include <algorithm>
#include <cmath>

namespace ys {

namespace reportcell {

QString json(double v)
{
    return QString::number(v, 'g', 17);
}

ReportCell text(const QString &text)
{
    return ReportCell{text, {}, {}, {}, {}};
}

ReportCell number(const QString &figure, const std::optional<double> &v, int decimals)
{
    if (!v || !std::isfinite(*v))
        return ReportCell{
            QStringLiteral("—"), figure, QStringLiteral("null"), QStringLiteral("provider"), {}};
    return ReportCell{fixedNumber(*v, decimals), figure, json(*v), QStringLiteral("provider"), {}};
}

ReportCell count(const QString &figure, const std::optional<qint64> &v)
{
    if (!v)
        return ReportCell{
            QStringLiteral("—"), figure, QStringLiteral("null"), QStringLiteral("provider"), {}};
    return ReportCell{
        QString::number(*v), figure, QString::number(*v), QStringLiteral("provider"), {}};
}

ReportCell shown(const QString &figure, const QString &text, const QString &value)
{
    return ReportCell{text, figure, value, QStringLiteral("provider"), {}};
}

} // namespace reportcell

namespace {

QString cpuName()
{
    // The model name the kernel reports; the architecture alone where it does not.
    QFile file(QStringLiteral("/proc/cpuinfo"));
    if (file.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = file.readAll().split('\n');
        for (const QByteArray &line : lines) {
            if (line.startsWith("model name")) {
                const qsizetype colon = line.indexOf(':');
                if (colon > 0)
                    return QString::fromUtf8(line.mid(colon + 1).trimmed());
            }
        }
    }
    return {};
}

} // namespace

QStringList ReportBuilder::sectionIds()
{
    return {QStringLiteral("recommendation"), QStringLiteral("question"),
            QStringLiteral("method"),         QStringLiteral("environment"),
            QStringLiteral("comparison"),     QStringLiteral("charts"),
            QStringLiteral("verdicts"),       QStringLiteral("shortlist"),
            QStringLiteral("caveats"),        QStringLiteral("appendix")};
}

QStringList ReportBuilder::chartIds()
{
    return {QStringLiteral("pareto"), QStringLiteral("context_cost"),
            QStringLiteral("context_latency")};
}

ReportEnvironment ReportBuilder::currentEnvironment()
{
    ReportEnvironment env;
    env.version = QCoreApplication::applicationVersion().isEmpty()
                      ? QStringLiteral(YS_VERSION)
                      : QCoreApplication::applicationVersion();
    env.machine =
        QStringLiteral("%1, %2 %3")
            .arg(QSysInfo::prettyProductName(), QSysInfo::kernelType(), QSysInfo::kernelVersion());
    const QString model = cpuName();
    env.cpu = model.isEmpty()
                  ? QSysInfo::currentCpuArchitecture()
                  : QStringLiteral("%1 (%2)").arg(model, QSysInfo::currentCpuArchitecture());
    env.cores = QThread::idealThreadCount();
    env.generated = QDateTime::currentDateTimeUtc();
    QString error;
    if (const auto catalog = PriceCatalog::active(&error))
        env.catalogDate = catalog->date();
    return env;
}

ReportContent ReportBuilder::build(const SessionSummary &summary, const std::optional<Suite> &suite,
                                   const ReportEnvironment &environment, const QString &language)
{
    ReportContent c;
    c.language = language;
    c.title = tr("Benchmark report: %1").arg(summary.info.suiteName);
    c.subtitle = tr("Session %1, started %2, %3")
                     .arg(summary.info.id)
                     .arg(summary.info.startedAt.toUTC().toString(Qt::ISODate),
                          SessionStatusText::displayText(summary.info.status));
    c.sections = {recommendation(summary), question(summary),
                  method(summary, suite),  ReportBuilder::environment(summary, environment),
                  comparison(summary),     charts(summary),
                  verdicts(summary),       shortlist(summary),
                  caveats(summary),        appendix(summary)};
    return c;
}

ReportSection ReportBuilder::question(const SessionSummary &summary)
{
    ReportSection s{QStringLiteral("question"), tr("Question and requirements"), {}};
    s.blocks.push_back(ReportBlock::paragraph(
        tr("Which of the providers of the suite \"%1\" (%2 in this session) meets the "
           "requirements below, and which is the best choice among those that do?")
            .arg(summary.info.suiteName)
            .arg(summary.providers.size())));
    const Requirements &req = summary.requirements;
    QStringList gates = Gates::describe(req);
    if (gates.isEmpty())
        gates << tr("No requirement is set: every gate is left unchecked.");
    s.blocks.push_back(ReportBlock::list(gates));
    QStringList notes;
    if (!req.preset.isEmpty())
        notes << tr("Requirements preset: %1.").arg(req.preset);
    if (req.minPassed)
        notes << tr("A provider qualifies when %1 of its %2 gates pass.")
                     .arg(*req.minPassed)
                     .arg(req.gateCount());
    else
        notes << tr("A provider qualifies when every gate passes.");
    notes << (req.costBasis == CostBasis::Measured
                  ? tr("The cost gate reads the $ spent per 1K billed tokens (measured).")
                  : tr("The cost gate reads the list price blended input:output %1:%2.")
                        .arg(req.listInputWeight)
                        .arg(req.listOutputWeight));
    s.blocks.push_back(ReportBlock::paragraph(notes.join(QLatin1Char(' '))));
    return s;
}

ReportSection ReportBuilder::environment(const SessionSummary &summary,
                                         const ReportEnvironment &env)
{
    ReportSection s{QStringLiteral("environment"), tr("Environment"), {}};
    ReportBlock t = ReportBlock::tableOf(QStringLiteral("environment"), {tr("Item"), tr("Value")});
    const auto row = [&t](const QString &name, const QString &value) {
        t.table.rows.push_back({reportcell::text(name), reportcell::text(value)});
    };
    const auto time = [](const QDateTime &when) {
        return when.isValid() ? when.toUTC().toString(Qt::ISODate) : QStringLiteral("—");
    };
    row(tr("Yardstick version"), env.version);
    row(tr("Machine"), env.machine);
    row(tr("CPU"), env.cpu);
    row(tr("Logical cores"), QString::number(env.cores));
    row(tr("Session started (UTC)"), time(summary.info.startedAt));
    row(tr("Session finished (UTC)"), time(summary.info.finishedAt));
    row(tr("Report made (UTC)"), time(env.generated));
    row(tr("Price catalog date"),
        env.catalogDate.isEmpty() ? QStringLiteral("—") : env.catalogDate);
    s.blocks.push_back(t);
    return s;
}

std::vector<ReportTable> splitColumns(const ReportTable &table, int parts)
{
    const int columns = int(table.headers.size());
    parts = std::clamp(parts, 1, std::max(1, columns - 1));
    if (parts == 1)
        return {table};
    std::vector<ReportTable> out;
    const int rest = columns - 1;
    for (int p = 0; p < parts; ++p) {
        // Columns 1 … rest shared out in order, the first parts one wider when they do not
        // divide evenly.
        const int from = 1 + p * (rest / parts) + std::min(p, rest % parts);
        const int count = rest / parts + (p < rest % parts ? 1 : 0);
        ReportTable part;
        part.id = table.id;
        part.provider = table.provider;
        part.rowProviders = table.rowProviders;
        part.headers << table.headers.value(0);
        for (int c = from; c < from + count; ++c)
            part.headers << table.headers.value(c);
        for (const std::vector<ReportCell> &row : table.rows) {
            std::vector<ReportCell> cells;
            if (!row.empty())
                cells.push_back(row.front());
            for (int c = from; c < from + count && c < int(row.size()); ++c)
                cells.push_back(row[std::size_t(c)]);
            part.rows.push_back(std::move(cells));
        }
        out.push_back(std::move(part));
    }
    return out;
}

} // namespace ys
