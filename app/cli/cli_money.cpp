#include "cli/cli_money.h"

#include "analysis/bill.h"
#include "analysis/bill_csv.h"
#include "analysis/bill_json.h"
#include "analysis/tco.h"
#include "analysis/tco_text.h"
#include "cli/cli_output.h"
#include "cli/cli_session.h"
#include "models/bill_tables.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "storage/usage_query.h"
#include "util/number_text.h"

#include <QFile>
#include <QFileInfo>
#include <QTextStream>
#include <cmath>
#include <memory>

namespace ys {

namespace {

using cli::CliSession;
using cli::fail;
using cli::optionNumber;
using cli::out;

QString money(const std::optional<double> &v, int decimals = 4)
{
    return usdAmount(v, decimals);
}

// Token counts with thousands separators: 2,000,000,000 reads where 2000000000 does not.
QString count(double v)
{
    return groupedCount(v);
}

void printBillText(const BillReconciliation &r, const QString &csv, const QString &scope)
{
    out() << CliMoney::tr("Bill %1: %2 lines; recorded: %3").arg(csv).arg(r.billLines).arg(scope)
          << '\n';
    out() << billSummaryText(r) << "\n\n";
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                 .arg(CliMoney::tr("model"), -28)
                 .arg(CliMoney::tr("days"), 5)
                 .arg(CliMoney::tr("billed $/1K"), 12)
                 .arg(CliMoney::tr("recorded $/1K"), 14)
                 .arg(CliMoney::tr("billed"), 12)
                 .arg(CliMoney::tr("flagged"), 8);
    for (const BillModel &m : r.models) {
        const QString flagged =
            m.tooFewDays ? CliMoney::tr("too few days") : QString::number(m.flaggedDays);
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                     .arg(m.model, -28)
                     .arg(m.days, 5)
                     .arg(money(m.billed.usdPer1k(), 6), 12)
                     .arg(money(m.recorded ? m.recorded->usdPer1k() : std::nullopt, 6), 14)
                     .arg(money(m.billed.costUsd), 12)
                     .arg(flagged, 8);
    }
    out() << '\n'
          << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8\n")
                 .arg(CliMoney::tr("date"), -10)
                 .arg(CliMoney::tr("model"), -24)
                 .arg(CliMoney::tr("billed"), 11)
                 .arg(CliMoney::tr("recorded"), 11)
                 .arg(CliMoney::tr("diff"), 10)
                 .arg(CliMoney::tr("billed $/1K"), 12)
                 .arg(CliMoney::tr("others ±σ"), 22)
                 .arg(QString());
    for (const BillDay &d : r.days) {
        const QString others = d.othersMeanUsdPer1k
                                   ? QStringLiteral("%1 ± %2")
                                         .arg(fixedNumber(*d.othersMeanUsdPer1k, 6))
                                         .arg(fixedNumber(d.othersSigmaUsdPer1k.value_or(0.0), 6))
                                   : QStringLiteral("—");
        const QString note = d.flagged     ? CliMoney::tr("FLAGGED")
                             : !d.billed   ? CliMoney::tr("not billed")
                             : !d.recorded ? CliMoney::tr("not recorded")
                                           : QString();
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8")
                     .arg(d.day.toString(Qt::ISODate), -10)
                     .arg(d.model, -24)
                     .arg(money(d.billed ? d.billed->costUsd : std::nullopt, 6), 11)
                     .arg(money(d.recorded ? d.recorded->costUsd : std::nullopt, 6), 11)
                     .arg(money(d.costDiffUsd, 6), 10)
                     .arg(money(d.billed ? d.billed->usdPer1k() : std::nullopt, 6), 12)
                     .arg(others, 22)
                     .arg(note)
                     .trimmed()
              << '\n';
    }
}

} // namespace

void CliMoney::addOptions(QCommandLineParser &parser)
{
    const auto opt = [&](const char *name, const QString &help, const char *value) {
        parser.addOption(
            QCommandLineOption(QString::fromLatin1(name), help, QString::fromLatin1(value)));
    };
    opt("csv", tr("bill: the usage or invoice CSV."), "file");
    opt("column",
        tr("bill: read FIELD from the column HEADER (repeatable), e.g. "
           "cost_usd=Amount (USD)."),
        "field=header");
    opt("gpu-usd-per-hour", tr("tco: price of one GPU per hour."), "usd");
    opt("gpus", tr("tco: GPUs in one deployment."), "n");
    opt("utilisation", tr("tco: share of paid GPU time doing useful work, (0, 1]."), "u");
    opt("ops-usd-per-month", tr("tco: engineering and operations cost per month."), "usd");
    opt("tokens-per-s",
        tr("tco: the deployment's throughput, instead of --provider's measured "
           "concurrency sweep."),
        "t");
    opt("api-usd-per-1m", tr("tco: the API's price per 1M tokens."), "usd");
    opt("api-provider",
        tr("tco: take the API's price from this provider's measured cost in the "
           "session."),
        "name");
    opt("redundancy",
        tr("tco: standby deployments beyond those the volume needs, always on (default 0)."), "n");
    opt("finetune",
        tr("tco: a fine-tuning run amortised per month (repeatable): "
           "lora|full:GPU_HOURS[:RUNS_PER_YEAR[:USD_PER_HOUR]], runs a year 1 and the "
           "deployment's GPU price unless given."),
        "spec");
    opt("monthly-tokens", tr("tco, recommend: tokens per month (50M, 2B and the like are read)."),
        "v");
}

std::optional<int> CliMoney::run(const QString &command, const QCommandLineParser &parser)
{
    if (command == QLatin1StringView("bill"))
        return bill(parser);
    if (command == QLatin1StringView("tco"))
        return tco(parser);
    return std::nullopt;
}

int CliMoney::bill(const QCommandLineParser &parser)
{
    if (!parser.isSet(QStringLiteral("db")) || !parser.isSet(QStringLiteral("csv")))
        return fail(2, tr("Usage: bill --db FILE --csv FILE [--session ID] "
                          "[--column FIELD=HEADER]... [--json]"));
    QString error;
    BillCsv::Columns columns;
    for (const QString &c : parser.values(QStringLiteral("column")))
        if (!columns.map(c, &error))
            return fail(2, error);
    const auto session = CliSession::sessionOption(parser, &error);
    if (!error.isEmpty())
        return fail(2, error);
    const QString csvPath = parser.value(QStringLiteral("csv"));
    QFile file(csvPath);
    if (!file.open(QIODevice::ReadOnly))
        return fail(2, tr("%1: cannot be read (%2)").arg(csvPath, file.errorString()));
    const auto rows = BillCsv::parse(file.readAll(), csvPath, columns, &error);
    if (!rows)
        return fail(2, error);

    const QString dbPath = parser.value(QStringLiteral("db"));
    auto db = CliSession::openDatabase(dbPath, &error);
    if (!db)
        return fail(2, error);
    const auto recorded = UsageQuery::byDayAndModel(*db, session, &error);
    if (!recorded)
        return fail(1, error);
    const BillReconciliation r = BillReconciler::reconcile(*rows, *recorded);
    if (parser.isSet(QStringLiteral("json")))
        out() << QString::fromUtf8(billReconciliationJson(r)) << '\n';
    else
        printBillText(r, csvPath,
                      session ? tr("session %1 of %2").arg(*session).arg(dbPath)
                              : tr("every session of %1").arg(dbPath));
    out().flush();
    return 0;
}

namespace {

// The session's summary for tco's measured figures: the session given, else the latest.
std::optional<SessionSummary> loadSummary(const QCommandLineParser &parser, int *code,
                                          QString *error)
{
    if (!parser.isSet(QStringLiteral("db"))) {
        *code = 2;
        *error = CliMoney::tr("--provider and --api-provider read a session: give --db FILE");
        return std::nullopt;
    }
    return CliSession::summary(parser, code, error);
}

const ProviderSummary *findProvider(const SessionSummary &s, const QString &name)
{
    for (const ProviderSummary &p : s.providers)
        if (p.name == name)
            return &p;
    return nullptr;
}

void printHiddenText(const TcoReport &r)
{
    for (const QString &line : TcoText::hiddenCosts(r))
        out() << line << '\n';
}

void printSensitivityText(const TcoReport &r)
{
    out() << '\n' << TcoText::sensitivityTitle() << '\n';
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                 .arg(CliMoney::tr("input"), -22)
                 .arg(CliMoney::tr("low"), 10)
                 .arg(CliMoney::tr("high"), 10)
                 .arg(CliMoney::tr("break-even low"), 16)
                 .arg(CliMoney::tr("break-even high"), 16)
                 .arg(CliMoney::tr("move"), 14);
    for (const TcoSensitivity &s : r.sensitivity)
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                     .arg(s.label, -22)
                     .arg(TcoText::value(s.low), 10)
                     .arg(TcoText::value(s.high), 10)
                     .arg(TcoText::breakEven(s.breakEvenLow), 16)
                     .arg(TcoText::breakEven(s.breakEvenHigh), 16)
                     .arg(TcoText::move(s), 14);
}

// --finetune lora|full:GPU_HOURS[:RUNS_PER_YEAR[:USD_PER_HOUR]]; nullopt with *error.
std::optional<TcoFineTune> parseFineTune(const QString &spec, QString *error)
{
    const QStringList parts = spec.split(QLatin1Char(':'));
    const auto bad = [&](const QString &why) {
        *error = CliMoney::tr("--finetune: \"%1\": %2").arg(spec, why);
        return std::nullopt;
    };
    if (parts.size() < 2 || parts.size() > 4)
        return bad(CliMoney::tr("write lora|full:GPU_HOURS[:RUNS_PER_YEAR[:USD_PER_HOUR]]"));
    TcoFineTune f;
    f.kind = parts[0].trimmed().toLower();
    std::optional<double> numbers[3];
    for (qsizetype i = 1; i < parts.size(); ++i) {
        numbers[i - 1] = optionNumber(parts[i], false);
        if (!numbers[i - 1])
            return bad(CliMoney::tr("\"%1\" is not a number").arg(parts[i]));
    }
    f.gpuHours = *numbers[0];
    if (numbers[1])
        f.runsPerYear = *numbers[1];
    f.gpuUsdPerHour = numbers[2];
    return f;
}

void printTcoText(const TcoReport &r)
{
    const TcoInput &in = r.input;
    out() << CliMoney::tr("Self-hosted: %1 × GPU at %2/h, utilisation %3, operations %4/month; "
                          "%5 tokens/s (%6)")
                 .arg(in.gpus)
                 .arg(money(in.gpuUsdPerHour, 2))
                 .arg(in.utilisation, 0, 'g', 3)
                 .arg(money(in.opsUsdPerMonth, 0))
                 .arg(fixedNumber(in.tokensPerS, 1))
                 .arg(in.throughputSource)
          << '\n';
    out() << CliMoney::tr("API: %1 per 1M tokens (%2)")
                 .arg(money(in.apiUsdPer1m, 4), in.apiPriceSource)
          << '\n';
    out() << CliMoney::tr("At %1 tokens a month: self-hosted %2 (%3 per 1M), API %4 (%5 per 1M); "
                          "%6 is cheaper")
                 .arg(count(in.monthlyTokens), money(r.at.selfUsdPerMonth, 2),
                      money(r.at.selfUsdPer1m, 4), money(r.apiUsdPerMonth, 2),
                      money(in.apiUsdPer1m, 4),
                      r.selfCheaper() ? CliMoney::tr("self-hosting") : CliMoney::tr("the API"))
          << '\n';
    out() << (r.at.breakEvenTokensPerMonth
                  ? CliMoney::tr("Break-even: %1 tokens a month")
                        .arg(count(*r.at.breakEvenTokensPerMonth))
                  : CliMoney::tr("Break-even: never (GPU time alone costs %1 per 1M)")
                        .arg(money(r.at.gpuUsdPer1m, 4)))
          << "\n";
    printHiddenText(r);
    out() << '\n';
    out() << QStringLiteral("%1 %2 %3 %4 %5\n")
                 .arg(CliMoney::tr("utilisation"), 11)
                 .arg(CliMoney::tr("capacity/month"), 18)
                 .arg(CliMoney::tr("GPU $/1M"), 10)
                 .arg(CliMoney::tr("self $/1M"), 10)
                 .arg(CliMoney::tr("break-even/month"), 20);
    for (const TcoPoint &p : r.byUtilisation)
        out() << QStringLiteral("%1 %2 %3 %4 %5\n")
                     .arg(p.utilisation, 11, 'g', 3)
                     .arg(count(p.capacityTokensPerMonth), 18)
                     .arg(money(p.gpuUsdPer1m, 4), 10)
                     .arg(money(p.selfUsdPer1m, 4), 10)
                     .arg(p.breakEvenTokensPerMonth ? count(*p.breakEvenTokensPerMonth)
                                                    : CliMoney::tr("never"),
                          20);
    printSensitivityText(r);
}

// The throughput (rate) and the API price (price) tco reads from a session, into *in; the exit
// code on failure (with *error), else 0.
int measuredFigures(const QCommandLineParser &parser, bool rate, bool price, TcoInput *in,
                    QString *error)
{
    int code = 2;
    const auto summary = loadSummary(parser, &code, error);
    if (!summary)
        return code;
    const QString session = CliMoney::tr("session %1").arg(summary->info.id);
    if (rate) {
        const QString name = parser.value(QStringLiteral("provider"));
        const ProviderSummary *p = findProvider(*summary, name);
        if (!p) {
            *error = CliMoney::tr("--provider: no provider named \"%1\" in %2").arg(name, session);
            return 2;
        }
        const auto t = Tco::sweepThroughput(*p, error);
        if (!t)
            return 1;
        in->tokensPerS = t->tokensPerS;
        in->throughputSource =
            CliMoney::tr("%1's concurrency sweep in %2, step at concurrency %3: %4 output "
                         "tokens/s + %5 prompt tokens/s")
                .arg(name, session)
                .arg(t->concurrency)
                .arg(fixedNumber(t->outputTokensPerS, 1))
                .arg(fixedNumber(t->inputTokensPerS, 1));
    }
    if (price) {
        const QString name = parser.value(QStringLiteral("api-provider"));
        const ProviderSummary *p = findProvider(*summary, name);
        if (!p) {
            *error =
                CliMoney::tr("--api-provider: no provider named \"%1\" in %2").arg(name, session);
            return 2;
        }
        const auto measured = Tco::measuredUsdPer1m(*p);
        if (!measured) {
            *error = CliMoney::tr("--api-provider: %1 has no measured cost in %2 (no price or no "
                                  "reported usage)")
                         .arg(name, session);
            return 1;
        }
        in->apiUsdPer1m = *measured;
        in->apiPriceSource = CliMoney::tr("%1's measured cost in %2").arg(name, session);
    }
    return 0;
}

} // namespace

int CliMoney::tco(const QCommandLineParser &parser)
{
    const auto required = {"gpu-usd-per-hour", "gpus", "utilisation", "ops-usd-per-month",
                           "monthly-tokens"};
    for (const char *name : required)
        if (!parser.isSet(QString::fromLatin1(name)))
            return fail(2, tr("tco needs --%1 (see --help)").arg(QLatin1StringView(name)));
    const bool givenRate = parser.isSet(QStringLiteral("tokens-per-s"));
    if (givenRate == parser.isSet(QStringLiteral("provider")))
        return fail(2, tr("tco needs one of --tokens-per-s T and --provider NAME (with --db)"));
    const bool givenPrice = parser.isSet(QStringLiteral("api-usd-per-1m"));
    if (givenPrice == parser.isSet(QStringLiteral("api-provider")))
        return fail(2, tr("tco needs one of --api-usd-per-1m P and --api-provider NAME"));

    TcoInput in;
    struct Numeric {
        const char *name;
        double *to;
        bool suffix;
    };
    double gpus = 0.0;
    const Numeric numbers[] = {{"gpu-usd-per-hour", &in.gpuUsdPerHour, false},
                               {"gpus", &gpus, false},
                               {"utilisation", &in.utilisation, false},
                               {"ops-usd-per-month", &in.opsUsdPerMonth, false},
                               {"monthly-tokens", &in.monthlyTokens, true},
                               {"tokens-per-s", &in.tokensPerS, false},
                               {"api-usd-per-1m", &in.apiUsdPer1m, false}};
    for (const Numeric &n : numbers) {
        const QString name = QString::fromLatin1(n.name);
        if (!parser.isSet(name))
            continue;
        const auto v = optionNumber(parser.value(name), n.suffix);
        if (!v)
            return fail(2, tr("--%1: \"%2\" is not a number").arg(name, parser.value(name)));
        *n.to = *v;
    }
    if (gpus != std::floor(gpus) || std::abs(gpus) > 1e6)
        return fail(
            2,
            tr("--gpus: \"%1\" is not a whole number").arg(parser.value(QStringLiteral("gpus"))));
    in.gpus = int(gpus);
    if (parser.isSet(QStringLiteral("redundancy"))) {
        const QString v = parser.value(QStringLiteral("redundancy"));
        const auto n = optionNumber(v, false);
        if (!n || *n != std::floor(*n) || *n < 0 || *n > 1e6)
            return fail(2, tr("--redundancy: \"%1\" is not a whole number of 0 or more").arg(v));
        in.redundancy = int(*n);
    }
    for (const QString &spec : parser.values(QStringLiteral("finetune"))) {
        QString why;
        const auto f = parseFineTune(spec, &why);
        if (!f)
            return fail(2, why);
        in.fineTunes.push_back(*f);
    }
    in.throughputSource = tr("given");
    in.apiPriceSource = tr("given");

    QString error;
    // Range errors name the field before any database is read.
    TcoInput check = in;
    check.tokensPerS = givenRate ? in.tokensPerS : 1.0;
    check.apiUsdPer1m = givenPrice ? in.apiUsdPer1m : 1.0;
    if (!Tco::compute(check, &error))
        return fail(2, error);

    if (!givenRate || !givenPrice)
        if (const int code = measuredFigures(parser, !givenRate, !givenPrice, &in, &error))
            return fail(code, error);
    const auto report = Tco::compute(in, &error);
    if (!report)
        return fail(2, error);
    if (parser.isSet(QStringLiteral("json")))
        out() << QString::fromUtf8(Tco::json(*report)) << '\n';
    else
        printTcoText(*report);
    out().flush();
    return 0;
}

} // namespace ys
