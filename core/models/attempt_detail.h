#pragma once

#include "analysis/token_reconciliation.h"
#include "domain/provider_config.h"
#include "domain/sample.h"
#include "models/row_table_model.h"

#include <QCoreApplication>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

class SessionRepository;

// One moment of an attempt's life (connect, TLS, request sent, headers, first event, first token,
// end), in milliseconds from the attempt's start.
struct TimelinePhase {
    QString name;
    double ms = 0;
};

// A delivery: the events of one network read (they share one arrival time), and how many content
// events had arrived by then.
struct TimelinePoint {
    double ms = 0;
    int cumulativeEvents = 0;
};

// A gap between two deliveries longer than the stall threshold (docs/measurements.md, "Stalls").
struct TimelineStall {
    double fromMs = 0;
    double toMs = 0;
};

// A read that delivered more than one content event.
struct CoalescedRead {
    double ms = 0;
    int events = 0;
    int cumulativeEvents = 0;
};

// Everything the stream timeline chart draws, computed here so the chart only places points.
struct AttemptTimeline {
    std::vector<TimelinePhase> phases;
    std::vector<TimelinePoint> deliveries; // thinned to kMaxTimelinePoints, the last one kept
    std::vector<TimelineStall> stalls;
    std::vector<CoalescedRead> coalesced;
    int events = 0;        // content events recorded (the event times' count)
    int deliveryCount = 0; // distinct arrival times, before any thinning
    std::optional<double> medianGapMs;
    std::optional<double> stallThresholdMs;
    double endMs = 0;
};

// A stall is a gap between deliveries over kStallFactor × the attempt's median delivery gap and
// at least kMinStallMs (so the sub-millisecond gaps of a local server do not make every hiccup a
// stall).
inline constexpr double kStallFactor = 5.0;
inline constexpr double kMinStallMs = 20.0;
inline constexpr int kMaxTimelinePoints = 5000;

// One attempt's token reconciliation: the counts core's reconciliation compares, the attempt's
// ratios (attemptTokenRatio) and core's reconciliation of this attempt alone (its flags and the
// encoding the local count used). counted says whether core counts the attempt at all (a
// successful attempt of the run's own provider, not a warm-up).
struct AttemptReconciliation {
    std::optional<qint64> reportedInput;
    qint64 localInput = 0;
    std::optional<qint64> reportedOutput; // reported output less reported reasoning
    qint64 localOutput = 0;
    AttemptTokenRatio ratio;
    TokenReconciliation reconciliation;
    bool counted = false;
};

struct AttemptDetail {
    Sample sample;
    AttemptTimeline timeline;
    QList<std::pair<QString, QString>> headers; // redacted
    QString error;                              // redacted
    QString diagnostics;                        // redacted
    AttemptReconciliation tokens;
};

AttemptTimeline attemptTimeline(const Sample &sample);
// "name: value" lines as kept with the attempt; the values of credential headers are replaced
// whole and every value goes through redactSecrets().
QList<std::pair<QString, QString>> redactedHeaders(const QString &headerLines);
AttemptDetail describeAttempt(Sample sample, const ProviderConfig &provider);
// Reads one attempt (AttemptQuery::attempt) and describes it; provider is its run's provider.
std::optional<AttemptDetail> loadAttemptDetail(const SessionRepository &repo, qint64 sampleId,
                                               const ProviderConfig &provider, QString *error);

// One attempt's facts as rows of (section, name, value): the outcome and identity, the phases,
// the stream, the token reconciliation, the response headers and the error. ValueRole gives the
// raw number where there is one.
class AttemptDetailModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column { SectionColumn, NameColumn, ValueColumn, ColumnCount };
    enum Role { KeyRole = FirstOwnRole };
    // KeyRole: a stable id of the row ("tokens.input_ratio", "header.<name>", ...) for tests and
    // links.

    explicit AttemptDetailModel(QObject *parent = nullptr);
    void setDetail(const AttemptDetail &detail);
    void clear();
    // The row with that key, or -1.
    int rowOfKey(const QString &key) const;

protected:
    int rows() const override { return int(m_rows.size()); }
    QVariant ownData(int row, int column, int role) const override;

private:
    struct Row {
        QString key;
        QString section;
        QString name;
        QString text;
        QVariant value;
    };
    void add(const QString &key, const QString &section, const QString &name, const QString &text,
             const QVariant &value = {});
    void addContractRows(const QString &stored);
    void addTokenRows(const AttemptReconciliation &tokens);

    std::vector<Row> m_rows;
};

} // namespace ys
