#pragma once

#include "domain/sample.h"
#include "models/row_table_model.h"

#include <QHash>
#include <vector>

namespace ys {

// The events of the running session as a live list, oldest first: circuit breaker state
// changes, requests a fallback served, rate limiting (429) with the wait the server asked for,
// changes of the model identity a provider reports from the first one it reported, and the
// budget stopping the session. Breaker and budget entries come from the session's event log as
// it is written; the rest are read off the attempts as they land. Consecutive rate limits (or
// fallbacks) of one provider share a row with a count, so a throttled provider cannot flood the
// list, and the list keeps the newest kMaxRows rows.
class RunEventsModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column { TimeColumn, ProviderColumn, EventColumn, ColumnCount };
    enum class Kind {
        BreakerOpened,
        BreakerHalfOpen,
        BreakerClosed,
        FallbackServed,
        RateLimited,
        ModelIdentityChanged,
        BudgetReached,
    };
    enum Role {
        KindRole = FirstOwnRole, // int(Kind)
        CountRole,               // how many occurrences the row stands for
        ProviderNameRole,
    };
    struct Event {
        double atS = 0; // seconds since the run started
        QString provider;
        Kind kind = Kind::RateLimited;
        QString text;
        int count = 1;
        QString key; // rows with equal kind, provider and key are merged when consecutive
    };
    static constexpr int kMaxRows = 2000;

    explicit RunEventsModel(QObject *parent = nullptr);

    void clear();
    // One attempt of provider's run (the run's own provider; the sample says whether a
    // fallback served it), atS seconds into the run.
    void addSample(const Sample &sample, const QString &provider, double atS);
    // One entry of the session's event log (kind and JSON object as the runner records them);
    // kinds this list does not show are ignored.
    void addRecordedEvent(const QString &kind, const QByteArray &detailJson, double atS);

    const std::vector<Event> &events() const { return m_events; }
    // Occurrences of a kind so far (merged rows counted in full, dropped rows included).
    int count(Kind kind) const { return m_counts.value(int(kind)); }

protected:
    int rows() const override { return int(m_events.size()); }
    QVariant ownData(int row, int column, int role) const override;

private:
    const Event &at(int row) const { return m_events[std::size_t(row)]; }
    struct Identity {
        QString model;
        QString fingerprint;
        bool operator==(const Identity &) const = default;
    };
    static QString identityText(const Identity &id);
    void add(Event event);
    void noteIdentity(const Sample &sample, const QString &servedBy, double atS);

    std::vector<Event> m_events;
    QHash<int, int> m_counts;
    QHash<QString, Identity> m_firstIdentity; // per serving provider
    QHash<QString, Identity> m_lastIdentity;
};

} // namespace ys
