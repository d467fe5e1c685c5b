#include "models/live_run_model.h"

#include "analysis/server_timeline.h"
#include "domain/suite.h"
#include "models/eta_text.h"
#include "models/export_roles.h"
#include "models/run_events_model.h"
#include "run/scenario_step.h"
#include "run/session_signals.h"
#include "util/index_of.h"
#include "util/monotonic_clock.h"

#include <algorithm>
#include <iterator>

namespace ys {

void ThinnedPoints::add(QPointF point)
{
    if (m_seen++ % m_stride == 0)
        m_points.append(point);
}

void ThinnedPoints::halve()
{
    QList<QPointF> kept;
    kept.reserve(m_points.size() / 2 + 1);
    for (qsizetype i = 0; i < m_points.size(); i += 2)
        kept.append(m_points[i]);
    m_points = std::move(kept);
    m_stride *= 2;
}

LiveRunModel::LiveRunModel(QObject *parent)
    : RowTableModel(parent)
    , m_events(new RunEventsModel(this))
{
    const auto row = [this](int r) -> const Row & {
        return m_rows[std::size_t(r)];
    };
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("provider", "", QT_TR_NOOP("Provider"), [row](int r) { return row(r).provider; });
    addColumn("requests_done", "", QT_TR_NOOP("Requests done"), [row](int r) {
        return row(r).done;
    }).shown([this, row](int r) {
        const Row &x = row(r);
        return x.total > 0
                   ? tr("%1 / %2 (%3%)").arg(x.done).arg(x.total).arg(100 * x.done / x.total)
                   : tr("%1 / %2").arg(x.done).arg(x.total);
    });
    addColumn("succeeded", "", QT_TR_NOOP("Succeeded"), [row](int r) {
        return row(r).succeeded;
    }).aligned(right);
    addColumn("failed", "", QT_TR_NOOP("Failed"), [row](int r) {
        return row(r).failed;
    }).aligned(right);
    addColumn("failures_by_outcome", "", QT_TR_NOOP("Failures by outcome"), nullptr)
        .shown([this, row](int r) { return failuresText(row(r)); });
    addColumn("time_left", "", QT_TR_NOOP("Time left"), nullptr).shown([this, row](int r) {
        return timeLeftText(row(r));
    });
}

void LiveRunModel::begin(const Suite &suite, const QStringList &onlyProviders)
{
    beginResetModel();
    m_rows.clear();
    m_runRow.clear();
    for (const ProviderConfig &p : suite.providers) {
        if (!onlyProviders.isEmpty() && !onlyProviders.contains(p.name))
            continue;
        Row row;
        row.provider = p.name;
        row.model = p.model;
        row.scraped = p.serverMetrics.has_value();
        for (const Scenario &s : suite.scenarios)
            row.total += makeScenarioDriver(s, p, 0)->plannedRequests();
        m_rows.push_back(std::move(row));
    }
    m_current = -1;
    m_done = 0;
    m_total = 0;
    for (const Row &r : m_rows)
        m_total += r.total;
    m_etaMs = -1;
    m_attempts = 0;
    m_sessionId = 0;
    m_running = true;
    m_status.reset();
    m_originNs = monotonicNs();
    m_clock.start();
    endResetModel();
    m_events->clear();
    ++m_chartRevision;
    Q_EMIT chartDataChanged();
    Q_EMIT statusChanged();
}

QStringList LiveRunModel::providers() const
{
    QStringList names;
    for (const Row &r : m_rows)
        names << r.provider;
    return names;
}

int LiveRunModel::rowOf(const QString &provider) const
{
    return indexOf(m_rows, provider, &Row::provider);
}

void LiveRunModel::rowChanged(int row)
{
    if (row >= 0)
        Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void LiveRunModel::setRunning(const QString &provider)
{
    const int row = rowOf(provider);
    if (row == m_current || row < 0)
        return;
    // Providers run one after another: the one before is through (an adaptive scenario may
    // have needed fewer requests than planned).
    if (m_current >= 0) {
        Row &before = m_rows[std::size_t(m_current)];
        before.state = RowState::Done;
        before.throughput.close();
        rowChanged(m_current);
    }
    m_current = row;
    Row &now = m_rows[std::size_t(row)];
    now.state = RowState::Running;
    if (now.startedMs < 0)
        now.startedMs = m_clock.elapsed();
    rowChanged(row);
}

void LiveRunModel::setProgress(int done, int total, const QString &provider, qint64 etaMs)
{
    if (!provider.isEmpty())
        setRunning(provider);
    if (m_current >= 0 && done > m_done) {
        Row &row = m_rows[std::size_t(m_current)];
        row.done = std::min(row.total, row.done + (done - m_done));
        rowChanged(m_current);
    }
    m_done = done;
    m_total = total;
    m_etaMs = etaMs;
    Q_EMIT statusChanged();
}

double LiveRunModel::secondsOf(qint64 monotonicNs) const
{
    return double(monotonicNs - m_originNs) / 1e9;
}

void LiveRunModel::addSample(const Sample &sample)
{
    // A run belongs to the provider running when its first attempt lands: the runner runs one
    // provider's runs at a time and reports it before their attempts.
    auto it = m_runRow.constFind(sample.runId);
    if (it == m_runRow.cend()) {
        if (m_current < 0)
            return;
        it = m_runRow.insert(sample.runId, m_current);
    }
    const int r = *it;
    Row &row = m_rows[std::size_t(r)];
    ++m_attempts;
    const bool success = outcomeIsSuccess(sample.outcome);
    if (success)
        ++row.succeeded;
    else {
        ++row.failed;
        ++row.failures[std::size_t(sample.outcome)];
    }
    rowChanged(r);
    m_events->addSample(sample, row.provider, secondsOf(sample.startedAtNs + sample.endNs));

    if (sample.warmup || !success)
        return;
    // The charts show the timing of the provider that answered, a fallback's under its own name.
    const int served = sample.servedBy.isEmpty() ? -1 : rowOf(sample.servedBy);
    Row &timed = served >= 0 ? m_rows[std::size_t(served)] : row;
    if (sample.firstTokenNs) {
        timed.ttft.add({secondsOf(sample.startedAtNs), double(*sample.firstTokenNs) / 1e6});
        if (ttftPointCount() > kMaxChartPoints) {
            for (Row &each : m_rows)
                each.ttft.halve();
        }
    }
    const double tokens = double(sample.outputTokens.value_or(sample.localOutputTokens));
    addThroughput(timed, sample.startedAtNs + sample.endNs - m_originNs, tokens);
    ++m_chartRevision;
    Q_EMIT chartDataChanged();
}

int LiveRunModel::windowCap() const
{
    return std::max(50, kMaxChartPoints / std::max(1, int(m_rows.size())));
}

void LiveRunModel::addThroughput(Row &row, qint64 endNs, double tokens)
{
    // Past the bound, windows twice as long: the series stays a few thousand points however
    // long the run.
    row.throughput.setMaxWindows(windowCap());
    row.throughput.add(endNs, tokens);
}

void LiveRunModel::addRecordedEvent(const QString &kind, const QByteArray &detailJson)
{
    m_events->addRecordedEvent(kind, detailJson, secondsOf(monotonicNs()));
}

void LiveRunModel::addServerScrape(const ServerScrape &scrape)
{
    const int r = rowOf(scrape.provider);
    if (r < 0 || scrape.rows.empty())
        return;
    Row &row = m_rows[std::size_t(r)];
    double waiting = 0;
    bool reported = false;
    for (const ServerMetricRow &m : scrape.rows) {
        if (serverGaugeOf(m.name) == ServerGauge::Waiting && seriesOfModel(m.labels, row.model)) {
            waiting += m.value;
            reported = true;
        }
    }
    if (!reported)
        return;
    row.waiting.add({secondsOf(scrape.runStartNs + scrape.rows.front().atNs), waiting});
    if (row.waiting.size() > kMaxChartPoints / std::max<qsizetype>(1, qsizetype(m_rows.size())))
        row.waiting.halve();
    ++m_chartRevision;
    Q_EMIT chartDataChanged();
}

void LiveRunModel::finish(qint64 sessionId, SessionStatus status)
{
    m_sessionId = sessionId;
    m_status = status;
    m_running = false;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        Row &row = m_rows[i];
        row.throughput.close();
        if (row.state == RowState::Running || (row.state == RowState::Waiting && row.done == 0))
            row.state = status == SessionStatus::Finished ? RowState::Done : RowState::Stopped;
    }
    if (!m_rows.empty())
        Q_EMIT dataChanged(index(0, 0), index(int(m_rows.size()) - 1, ColumnCount - 1));
    m_etaMs = -1;
    ++m_chartRevision;
    Q_EMIT chartDataChanged();
    Q_EMIT statusChanged();
}

QString LiveRunModel::statusText() const
{
    if (m_rows.empty() && !m_running && !m_status)
        return tr("No run yet. Start a suite and its progress shows here.");
    if (m_running) {
        const QString eta = EtaText::format(m_etaMs);
        const QString line =
            tr("Running: %1 of %2 requests done, %n attempt(s) landed", nullptr, m_attempts)
                .arg(m_done)
                .arg(m_total);
        return eta.isEmpty() ? line : tr("%1; %2").arg(line, eta);
    }
    const QString how = m_status ? SessionStatusText::displayText(*m_status) : QString();
    return tr("Session %1 %2: %3 of %4 requests done, %n attempt(s) kept", nullptr, m_attempts)
        .arg(m_sessionId)
        .arg(how)
        .arg(m_done)
        .arg(m_total);
}

int LiveRunModel::ttftPointCount() const
{
    int n = 0;
    for (const Row &r : m_rows)
        n += int(r.ttft.size());
    return n;
}

std::vector<LiveRunModel::Series> LiveRunModel::ttftSeries() const
{
    std::vector<Series> out;
    for (const Row &r : m_rows)
        out.push_back({r.provider, r.ttft.points(), int(out.size())});
    return out;
}

std::vector<LiveRunModel::Series> LiveRunModel::throughputSeries() const
{
    std::vector<Series> out;
    for (const Row &r : m_rows) {
        Series s{r.provider, {}, int(out.size())};
        for (const auto &[x, y] : r.throughput.points())
            s.points.append({x, y});
        out.push_back(std::move(s));
    }
    return out;
}

bool LiveRunModel::hasServerMetrics() const
{
    return std::any_of(m_rows.begin(), m_rows.end(), [](const Row &r) { return r.scraped; });
}

std::vector<LiveRunModel::Series> LiveRunModel::serverQueueSeries() const
{
    std::vector<Series> out;
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].scraped)
            out.push_back({m_rows[i].provider, m_rows[i].waiting.points(), int(i)});
    }
    return out;
}

QString LiveRunModel::failuresText(const Row &row) const
{
    QStringList parts;
    for (int o = 0; o < kOutcomeCount; ++o) {
        if (row.failures[std::size_t(o)] > 0)
            parts << tr("%1 %2")
                         .arg(OutcomeText::display(Outcome(o)))
                         .arg(row.failures[std::size_t(o)]);
    }
    return parts.join(tr(", "));
}

QString LiveRunModel::timeLeftText(const Row &row) const
{
    switch (row.state) {
    case RowState::Waiting:
        return tr("waiting");
    case RowState::Done:
        return tr("done");
    case RowState::Stopped:
        return tr("stopped");
    case RowState::Running:
        break;
    }
    if (row.done <= 0 || row.startedMs < 0)
        return tr("measuring…");
    // At this provider's own pace so far.
    const double perRequestMs = double(m_clock.elapsed() - row.startedMs) / double(row.done);
    return EtaText::format(qint64(perRequestMs * double(std::max(0, row.total - row.done))));
}

QVariant LiveRunModel::ownData(int r, int, int role) const
{
    const Row &row = m_rows[std::size_t(r)];
    switch (role) {
    case ProviderNameRole:
        return row.provider;
    case DoneRole:
        return row.done;
    case TotalRole:
        return row.total;
    case StateRole:
        return int(row.state);
    default:
        return {};
    }
}

} // namespace ys
