#include "storage/history_window.h"

#include "storage/session_repository.h"
#include "storage/summary_loader.h"

#include <algorithm>
#include <map>

namespace ys {

namespace {

struct Collected {
    int sessions = 0;
    std::vector<double> ttft;
    std::vector<double> e2e;
    std::vector<double> tokensPerS;
};

} // namespace

std::optional<double> HistoryWindow::median(std::vector<double> values)
{
    if (values.empty())
        return std::nullopt;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

std::vector<HistoryWindowRow> HistoryWindow::load(const SessionRepository &repo,
                                                  const QString &suiteName, qint64 windowS,
                                                  HistoryGrouping grouping, QString *error)
{
    const qint64 windowMs = std::max<qint64>(1, windowS) * 1000;
    std::map<std::pair<qint64, QString>, Collected> groups;
    for (const SessionInfo &s : repo.sessions(error, false)) {
        if (s.status != SessionStatus::Finished)
            continue;
        if (!suiteName.isEmpty() && s.suiteName != suiteName)
            continue;
        const qint64 startMs = s.startedAt.toMSecsSinceEpoch();
        const qint64 key = grouping == HistoryGrouping::HourOfDay
                               ? qint64(s.startedAt.toUTC().time().hour())
                               : startMs - ((startMs % windowMs) + windowMs) % windowMs;
        QString loadError;
        const auto summary = loadSessionSummary(repo, s.id, &loadError);
        if (!summary)
            continue; // a session that cannot be summarised adds nothing to a median
        for (const ProviderSummary &p : summary->providers) {
            Collected &c = groups[{key, p.name}];
            ++c.sessions;
            if (p.ttftMs.p50)
                c.ttft.push_back(*p.ttftMs.p50);
            if (p.e2eMs.p50)
                c.e2e.push_back(*p.e2eMs.p50);
            if (p.outputTokensPerSecondP50)
                c.tokensPerS.push_back(*p.outputTokensPerSecondP50);
        }
    }
    std::vector<HistoryWindowRow> rows;
    for (const auto &[key, c] : groups) {
        HistoryWindowRow r;
        if (grouping == HistoryGrouping::HourOfDay)
            r.hourOfDay = int(key.first);
        else
            r.groupStartMs = key.first;
        r.provider = key.second;
        r.sessions = c.sessions;
        r.ttftP50Ms = median(c.ttft);
        r.e2eP50Ms = median(c.e2e);
        r.tokensPerS = median(c.tokensPerS);
        rows.push_back(std::move(r));
    }
    return rows;
}

} // namespace ys
