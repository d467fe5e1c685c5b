#pragma once

#include <QCoreApplication>
#include <QDateTime>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

class SessionRepository;

// How sessions of a suite are grouped: by consecutive windows of a chosen length (1 h, 6 h, a
// day: the trend), or by the UTC hour of day they started in (a time-of-day effect).
enum class HistoryGrouping { Window, HourOfDay };

// One provider in one group: the medians over the group's sessions of each session's own p50
// TTFT, p50 end-to-end and p50 output tokens per second.
struct HistoryWindowRow {
    qint64 groupStartMs = 0; // Window: the window's start (ms since the epoch, UTC); else 0
    int hourOfDay = -1;      // HourOfDay: 0-23 (UTC); else -1
    QString provider;
    int sessions = 0;
    std::optional<double> ttftP50Ms;
    std::optional<double> e2eP50Ms;
    std::optional<double> tokensPerS;
};

// The finished sessions of one suite (every suite when suiteName is empty) grouped as asked,
// ordered by group and then by provider. Sessions that did not finish (interrupted, failed,
// cancelled) are left out: a scheduled sample that broke is no sample of the provider's speed.
class HistoryWindow {
    Q_DECLARE_TR_FUNCTIONS(ys::HistoryWindow)
public:
    static std::vector<HistoryWindowRow> load(const SessionRepository &repo,
                                              const QString &suiteName, qint64 windowS,
                                              HistoryGrouping grouping, QString *error);
    // The median of the values present; nullopt when none is.
    static std::optional<double> median(std::vector<double> values);
};

} // namespace ys
