#include "models/attempt_detail.h"

#include "domain/contract_check.h"

#include "analysis/percentile.h"
#include "models/cell_values.h"
#include "models/export_roles.h"
#include "storage/attempt_query.h"
#include "util/index_of.h"
#include "util/number_text.h"
#include "util/redact.h"
#include "util/units.h"

#include <QLocale>
#include <QStringList>
#include <algorithm>
#include <iterator>

namespace ys {

namespace {

// The words of this file (the model's sections and names, the phases).
class AttemptDetailText {
    Q_DECLARE_TR_FUNCTIONS(ys::AttemptDetailText)
};

double nsToMs(qint64 ns)
{
    return double(ns) / kNsPerMs;
}

bool isCredentialHeader(const QString &name)
{
    static const QStringList names{
        QStringLiteral("authorization"),  QStringLiteral("proxy-authorization"),
        QStringLiteral("x-api-key"),      QStringLiteral("api-key"),
        QStringLiteral("x-goog-api-key"), QStringLiteral("cookie"),
        QStringLiteral("set-cookie")};
    return names.contains(name.trimmed().toLower());
}

QString msText(double v)
{
    return AttemptDetailText::tr("%1 ms").arg(fixedNumber(QLocale(), v, 1));
}

QString ratioText(const std::optional<double> &r)
{
    return r ? fixedNumber(QLocale(), *r, 4) : dash();
}

QVariant optValue(const std::optional<double> &v)
{
    return v ? QVariant(*v) : QVariant();
}

QVariant optValue(const std::optional<qint64> &v)
{
    return v ? QVariant(*v) : QVariant();
}

} // namespace

AttemptTimeline attemptTimeline(const Sample &s)
{
    AttemptTimeline t;
    const auto phase = [&](const std::optional<qint64> &at, const QString &name) {
        if (at)
            t.phases.push_back({name, nsToMs(*at)});
    };
    phase(s.connectStartNs, AttemptDetailText::tr("Connect"));
    phase(s.connectedNs, AttemptDetailText::tr("Connected"));
    phase(s.tunnelNs, AttemptDetailText::tr("Proxy tunnel open"));
    phase(s.tlsDoneNs, AttemptDetailText::tr("TLS done"));
    phase(s.requestSentNs, AttemptDetailText::tr("Request sent"));
    phase(s.headersNs, AttemptDetailText::tr("Headers"));
    phase(s.firstEventNs, AttemptDetailText::tr("First event"));
    phase(s.firstTokenNs, AttemptDetailText::tr("First token"));
    if (s.firstContentNs && s.firstContentNs != s.firstTokenNs) // after streamed thinking
        phase(s.firstContentNs, AttemptDetailText::tr("First answer token"));
    phase(s.toolArgsNs, AttemptDetailText::tr("Tool arguments complete"));
    phase(s.endNs, AttemptDetailText::tr("End"));
    std::stable_sort(t.phases.begin(), t.phases.end(),
                     [](const auto &a, const auto &b) { return a.ms < b.ms; });
    t.endMs = nsToMs(s.endNs);
    t.events = int(s.eventTimesNs.size());

    // Deliveries: runs of equal arrival times are one read.
    std::vector<TimelinePoint> deliveries;
    const auto &times = s.eventTimesNs;
    for (std::size_t i = 0; i < times.size();) {
        std::size_t j = i + 1;
        while (j < times.size() && times[j] == times[i])
            ++j;
        const int n = int(j - i);
        deliveries.push_back({nsToMs(times[i]), int(j)});
        if (n > 1)
            t.coalesced.push_back({nsToMs(times[i]), n, int(j)});
        i = j;
    }
    t.deliveryCount = int(deliveries.size());

    std::vector<double> gaps;
    for (std::size_t i = 1; i < deliveries.size(); ++i)
        gaps.push_back(deliveries[i].ms - deliveries[i - 1].ms);
    if (!gaps.empty()) {
        t.medianGapMs = percentile(gaps, 50);
        t.stallThresholdMs = std::max(kStallFactor * *t.medianGapMs, kMinStallMs);
        for (std::size_t i = 1; i < deliveries.size(); ++i)
            if (deliveries[i].ms - deliveries[i - 1].ms > *t.stallThresholdMs)
                t.stalls.push_back({deliveries[i - 1].ms, deliveries[i].ms});
    }

    // A chart never needs more points than it has pixels: keep every k-th, and the last.
    if (deliveries.size() > std::size_t(kMaxTimelinePoints)) {
        const std::size_t step =
            (deliveries.size() + kMaxTimelinePoints - 2) / (kMaxTimelinePoints - 1);
        std::vector<TimelinePoint> thin;
        for (std::size_t i = 0; i < deliveries.size(); i += step)
            thin.push_back(deliveries[i]);
        if (thin.back().ms != deliveries.back().ms)
            thin.push_back(deliveries.back());
        deliveries = std::move(thin);
    }
    if (t.coalesced.size() > std::size_t(kMaxTimelinePoints))
        t.coalesced.resize(std::size_t(kMaxTimelinePoints));
    t.deliveries = std::move(deliveries);
    return t;
}

QList<std::pair<QString, QString>> redactedHeaders(const QString &headerLines)
{
    QList<std::pair<QString, QString>> out;
    const QStringList lines = headerLines.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        const qsizetype colon = line.indexOf(QLatin1Char(':'));
        if (colon <= 0) {
            out.append({QString(), redactSecrets(line.trimmed())});
            continue;
        }
        const QString name = line.left(colon).trimmed();
        const QString value = line.mid(colon + 1).trimmed();
        out.append({redactSecrets(name),
                    isCredentialHeader(name) ? redactionMarker() : redactSecrets(value)});
    }
    return out;
}

AttemptDetail describeAttempt(Sample sample, const ProviderConfig &provider)
{
    AttemptDetail d;
    d.timeline = attemptTimeline(sample);
    d.headers = redactedHeaders(sample.responseHeaders);
    d.error = redactSecrets(sample.error);
    d.diagnostics = redactSecrets(sample.diagnostics);

    AttemptReconciliation &r = d.tokens;
    r.reportedInput = sample.inputTokens;
    r.localInput = sample.localPromptTokens;
    if (sample.outputTokens)
        r.reportedOutput =
            std::max<qint64>(0, *sample.outputTokens - sample.reasoningTokens.value_or(0));
    r.localOutput = sample.localOutputTokens;
    r.ratio = attemptTokenRatio(sample);
    r.reconciliation = reconcileTokens(provider, {sample});
    r.counted = r.reconciliation.attempts > 0;

    // Free text already redacted above; the sample keeps its own copies out of the view.
    sample.error = d.error;
    sample.diagnostics = d.diagnostics;
    sample.responseHeaders.clear();
    d.sample = std::move(sample);
    return d;
}

std::optional<AttemptDetail> loadAttemptDetail(const SessionRepository &repo, qint64 sampleId,
                                               const ProviderConfig &provider, QString *error)
{
    auto sample = AttemptQuery(repo).attempt(sampleId, error);
    if (!sample)
        return std::nullopt;
    return describeAttempt(std::move(*sample), provider);
}

AttemptDetailModel::AttemptDetailModel(QObject *parent)
    : RowTableModel(parent)
{
    const auto row = [this](int r) -> const Row & {
        return m_rows[std::size_t(r)];
    };
    addColumn("section", "", QT_TR_NOOP("Section"), [row](int r) {
        return row(r).section;
    }).tip([row](int r) { return row(r).section; });
    addColumn("name", "", QT_TR_NOOP("Name"), [row](int r) {
        return row(r).name;
    }).tip([row](int r) { return row(r).name; });
    // The value column holds numbers and words: its value is the number where it is one.
    addColumn("value", "", QT_TR_NOOP("Value"), [row](int r) {
        return row(r).value;
    }).shown([row](int r) {
          return row(r).text;
      }).tip([row](int r) { return row(r).text; });
}

void AttemptDetailModel::add(const QString &key, const QString &section, const QString &name,
                             const QString &text, const QVariant &value)
{
    m_rows.push_back({key, section, name, text, value});
}

void AttemptDetailModel::clear()
{
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

void AttemptDetailModel::addTokenRows(const AttemptReconciliation &r)
{
    const QLocale locale;
    const QString tokens = AttemptDetailText::tr("Tokens");
    const auto count = [&](const std::optional<qint64> &v) {
        return v ? locale.toString(*v) : dash();
    };
    add(QStringLiteral("tokens.input_reported"), tokens, AttemptDetailText::tr("Prompt, reported"),
        count(r.reportedInput), optValue(r.reportedInput));
    add(QStringLiteral("tokens.input_local"), tokens, AttemptDetailText::tr("Prompt, counted"),
        locale.toString(r.localInput), r.localInput);
    add(QStringLiteral("tokens.input_ratio"), tokens,
        AttemptDetailText::tr("Prompt, reported / counted"), ratioText(r.ratio.input),
        optValue(r.ratio.input));
    add(QStringLiteral("tokens.output_reported"), tokens,
        AttemptDetailText::tr("Answer, reported (less reasoning)"), count(r.reportedOutput),
        optValue(r.reportedOutput));
    add(QStringLiteral("tokens.output_local"), tokens, AttemptDetailText::tr("Answer, counted"),
        locale.toString(r.localOutput), r.localOutput);
    add(QStringLiteral("tokens.output_ratio"), tokens,
        AttemptDetailText::tr("Answer, reported / counted"), ratioText(r.ratio.output),
        optValue(r.ratio.output));
    const EncodingInfo &enc = r.reconciliation.encoding;
    add(QStringLiteral("tokens.encoding"), tokens, AttemptDetailText::tr("Counted with"),
        enc.estimated ? AttemptDetailText::tr("%1 (an estimate)").arg(encodingName(enc.encoding))
                      : encodingName(enc.encoding));
    QString verdict;
    if (!r.counted)
        verdict = AttemptDetailText::tr("not reconciled (only successful attempts of the "
                                        "provider's own, not warm-ups, are)");
    else if (r.reconciliation.withoutUsage > 0)
        verdict = AttemptDetailText::tr("not reconciled: the provider reported no usage");
    else if (r.reconciliation.flagged())
        verdict = AttemptDetailText::tr("differs beyond %1%")
                      .arg(fixedNumber(locale, kReconciliationTolerance * 100, 0));
    else if (enc.estimated)
        verdict = AttemptDetailText::tr("estimate only (never flagged)");
    else
        verdict = AttemptDetailText::tr("agrees");
    add(QStringLiteral("tokens.verdict"), tokens, AttemptDetailText::tr("Reconciliation"), verdict,
        r.reconciliation.flagged());
}

void AttemptDetailModel::addContractRows(const QString &stored)
{
    const auto contract = ContractCheck::fromStored(stored);
    if (!contract)
        return;
    const QString section = AttemptDetailText::tr("Contract");
    for (const ContractCheckResult &r : contract->results) {
        QString text = AttemptDetailText::tr("passed");
        if (!r.passed && r.check == QLatin1StringView("schema"))
            text = AttemptDetailText::tr("failed at %1: %2")
                       .arg(r.path.isEmpty() ? QStringLiteral("/") : r.path, r.detail);
        else if (!r.passed)
            text = AttemptDetailText::tr("failed: %1").arg(r.detail);
        add(QStringLiteral("contract.") + r.check, section, r.check, text, r.passed);
    }
    if (!contract->prompt.isEmpty())
        add(QStringLiteral("contract.prompt"), section, AttemptDetailText::tr("Golden prompt"),
            contract->prompt);
    if (!contract->answer.isEmpty()) {
        constexpr int kShown = 500;
        const QString one = contract->answer.simplified();
        add(QStringLiteral("contract.answer"), section, AttemptDetailText::tr("Answer"),
            one.size() > kShown ? one.left(kShown) + QStringLiteral("…") : one, contract->answer);
    }
}

void AttemptDetailModel::setDetail(const AttemptDetail &d)
{
    beginResetModel();
    m_rows.clear();
    const Sample &s = d.sample;
    const QLocale locale;
    const QString attempt = AttemptDetailText::tr("Attempt");
    add(QStringLiteral("attempt.seq"), attempt, AttemptDetailText::tr("Number in the run"),
        QString::number(s.seq), s.seq);
    add(QStringLiteral("attempt.request"), attempt, AttemptDetailText::tr("Request / retry"),
        AttemptDetailText::tr("%1 / %2").arg(s.requestIndex).arg(s.attemptNumber));
    add(QStringLiteral("attempt.outcome"), attempt, AttemptDetailText::tr("Outcome"),
        OutcomeText::display(s.outcome), outcomeName(s.outcome));
    add(QStringLiteral("attempt.status"), attempt, AttemptDetailText::tr("HTTP status"),
        s.httpStatus > 0 ? QString::number(s.httpStatus) : dash(), s.httpStatus);
    add(QStringLiteral("attempt.http_version"), attempt, AttemptDetailText::tr("HTTP version"),
        s.httpVersion.isEmpty() ? dash() : s.httpVersion);
    add(QStringLiteral("attempt.reused"), attempt, AttemptDetailText::tr("Connection reused"),
        s.connectionReused ? AttemptDetailText::tr("yes") : AttemptDetailText::tr("no"));
    if (!s.finishReason.isEmpty())
        add(QStringLiteral("attempt.finish_reason"), attempt,
            AttemptDetailText::tr("Finish reason"), s.finishReason);
    if (!s.modelReported.isEmpty())
        add(QStringLiteral("attempt.model"), attempt, AttemptDetailText::tr("Model reported"),
            s.modelReported);
    if (!s.servedBy.isEmpty())
        add(QStringLiteral("attempt.served_by"), attempt, AttemptDetailText::tr("Served by"),
            s.servedBy);
    if (s.costUsd)
        add(QStringLiteral("attempt.cost"), attempt, AttemptDetailText::tr("Cost ($)"),
            fixedNumber(locale, *s.costUsd, 6), *s.costUsd);

    const QString timeline = AttemptDetailText::tr("Timeline");
    for (const TimelinePhase &p : d.timeline.phases)
        add(QStringLiteral("phase.") + p.name, timeline, p.name, msText(p.ms), p.ms);

    const QString stream = AttemptDetailText::tr("Stream");
    const AttemptTimeline &t = d.timeline;
    add(QStringLiteral("stream.events"), stream, AttemptDetailText::tr("Content events"),
        QString::number(t.events), t.events);
    add(QStringLiteral("stream.deliveries"), stream, AttemptDetailText::tr("Deliveries"),
        QString::number(t.deliveryCount), t.deliveryCount);
    add(QStringLiteral("stream.coalesced"), stream,
        AttemptDetailText::tr("Coalesced reads (several events at one time)"),
        QString::number(s.coalescedReads), s.coalescedReads);
    add(QStringLiteral("stream.median_gap"), stream, AttemptDetailText::tr("Median gap"),
        t.medianGapMs ? msText(*t.medianGapMs) : dash(), optValue(t.medianGapMs));
    add(QStringLiteral("stream.stalls"), stream,
        t.stallThresholdMs
            ? AttemptDetailText::tr("Stalls (gaps over %1)").arg(msText(*t.stallThresholdMs))
            : AttemptDetailText::tr("Stalls"),
        QString::number(t.stalls.size()), int(t.stalls.size()));

    addTokenRows(d.tokens);
    addContractRows(s.contract);

    const QString headers = AttemptDetailText::tr("Response headers");
    for (const auto &[name, value] : d.headers)
        add(QStringLiteral("header.") + name.toLower(), headers, name, value);

    if (!d.error.isEmpty())
        add(QStringLiteral("error"), AttemptDetailText::tr("Error"), AttemptDetailText::tr("Error"),
            d.error.section(QLatin1Char('\n'), 0, 0));
    if (!d.diagnostics.isEmpty())
        add(QStringLiteral("diagnostics"), AttemptDetailText::tr("Error"),
            AttemptDetailText::tr("Diagnostics"), d.diagnostics.section(QLatin1Char('\n'), 0, 0));
    endResetModel();
}

int AttemptDetailModel::rowOfKey(const QString &key) const
{
    return indexOf(m_rows, key, &Row::key);
}

QVariant AttemptDetailModel::ownData(int row, int, int role) const
{
    return role == KeyRole ? QVariant(m_rows[std::size_t(row)].key) : QVariant();
}

} // namespace ys
