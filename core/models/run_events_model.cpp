#include "models/run_events_model.h"

#include "models/export_roles.h"
#include "run/retry_policy.h"
#include "util/number_text.h"

#include <QDateTime>
#include <QJsonDocument>
#include <QJsonObject>
#include <iterator>

namespace ys {

RunEventsModel::RunEventsModel(QObject *parent)
    : RowTableModel(parent)
{
    addColumn("time_s", "s", QT_TR_NOOP("Time"), [this](int r) {
        return at(r).atS;
    }).shown([this](int r) {
          return tr("%1 s").arg(fixedNumber(at(r).atS, 1));
      }).tip([this](int r) { return at(r).text; });
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) {
        return at(r).provider;
    }).tip([this](int r) { return at(r).text; });
    addColumn("event", "", QT_TR_NOOP("Event"), nullptr)
        .shown([this](int r) {
            const Event &e = at(r);
            return e.count > 1 ? tr("%1 (×%2)").arg(e.text).arg(e.count) : e.text;
        })
        .tip([this](int r) { return at(r).text; });
}

void RunEventsModel::clear()
{
    beginResetModel();
    m_events.clear();
    m_counts.clear();
    m_firstIdentity.clear();
    m_lastIdentity.clear();
    endResetModel();
}

void RunEventsModel::addSample(const Sample &sample, const QString &provider, double atS)
{
    const QString servedBy = sample.servedBy.isEmpty() ? provider : sample.servedBy;
    if (sample.outcome == Outcome::RateLimited) {
        Event e;
        e.atS = atS;
        e.provider = servedBy;
        e.kind = Kind::RateLimited;
        const auto waitNs =
            RetryPolicy::serverDelayNs(sample.retryAfterHeaders, QDateTime::currentDateTimeUtc());
        e.text = waitNs ? tr("Rate limited (HTTP %1), retry after %2 s")
                              .arg(sample.httpStatus)
                              .arg(double(*waitNs) / 1e9, 0, 'f', *waitNs < 10'000'000'000 ? 1 : 0)
                        : tr("Rate limited (HTTP %1), no retry-after given").arg(sample.httpStatus);
        add(std::move(e));
    }
    if (!sample.servedBy.isEmpty()) {
        Event e;
        e.atS = atS;
        e.provider = provider;
        e.kind = Kind::FallbackServed;
        e.key = sample.servedBy;
        e.text = outcomeIsSuccess(sample.outcome)
                     ? tr("Fallback %1 served a request").arg(sample.servedBy)
                     : tr("Fallback %1 took a request and failed: %2")
                           .arg(sample.servedBy, OutcomeText::display(sample.outcome));
        e.key += QString::number(int(outcomeIsSuccess(sample.outcome)));
        add(std::move(e));
    }
    noteIdentity(sample, servedBy, atS);
}

void RunEventsModel::noteIdentity(const Sample &sample, const QString &servedBy, double atS)
{
    if (sample.modelReported.isEmpty() && sample.systemFingerprint.isEmpty())
        return;
    const Identity id{sample.modelReported, sample.systemFingerprint};
    const auto first = m_firstIdentity.constFind(servedBy);
    if (first == m_firstIdentity.cend()) {
        m_firstIdentity.insert(servedBy, id);
        m_lastIdentity.insert(servedBy, id);
        return;
    }
    Identity &last = m_lastIdentity[servedBy];
    if (last == id)
        return;
    Event e;
    e.atS = atS;
    e.provider = servedBy;
    e.kind = Kind::ModelIdentityChanged;
    e.text = *first == id ? tr("Model identity back to the first seen: %1").arg(identityText(id))
                          : tr("Model identity changed: %1 → %2 (first seen: %3)")
                                .arg(identityText(last), identityText(id), identityText(*first));
    last = id;
    add(std::move(e));
}

QString RunEventsModel::identityText(const Identity &id)
{
    if (id.fingerprint.isEmpty())
        return id.model;
    if (id.model.isEmpty())
        return tr("fingerprint %1").arg(id.fingerprint);
    return tr("%1, fingerprint %2").arg(id.model, id.fingerprint);
}

void RunEventsModel::addRecordedEvent(const QString &kind, const QByteArray &detailJson, double atS)
{
    const QJsonObject o = QJsonDocument::fromJson(detailJson).object();
    Event e;
    e.atS = atS;
    e.provider = o.value(QStringLiteral("provider")).toString();
    if (kind == QLatin1String("breaker")) {
        const QString to = o.value(QStringLiteral("to")).toString();
        const QString reason = o.value(QStringLiteral("reason")).toString();
        if (to == QLatin1String("open")) {
            e.kind = Kind::BreakerOpened;
            e.text = tr("Circuit breaker opened (%1)").arg(reason);
        } else if (to == QLatin1String("half_open")) {
            e.kind = Kind::BreakerHalfOpen;
            e.text = tr("Circuit breaker half-open: probing (%1)").arg(reason);
        } else {
            e.kind = Kind::BreakerClosed;
            e.text = tr("Circuit breaker closed (%1)").arg(reason);
        }
    } else if (kind == QLatin1String("budget")) {
        e.kind = Kind::BudgetReached;
        e.text = tr("Budget reached: $%1 spent of $%2; the session stops")
                     .arg(fixedNumber(o.value(QStringLiteral("spent_usd")).toDouble(), 4))
                     .arg(fixedNumber(o.value(QStringLiteral("budget_usd")).toDouble(), 4));
    } else {
        return; // fallbacks and identity changes come from the attempts themselves
    }
    add(std::move(e));
}

void RunEventsModel::add(Event event)
{
    ++m_counts[int(event.kind)];
    if (!m_events.empty()) {
        Event &last = m_events.back();
        const bool mergeable =
            event.kind == Kind::RateLimited || event.kind == Kind::FallbackServed;
        if (mergeable && last.kind == event.kind && last.provider == event.provider &&
            last.key == event.key) {
            ++last.count;
            last.text = event.text; // the latest wait asked for
            const int row = int(m_events.size()) - 1;
            Q_EMIT dataChanged(index(row, 0), index(row, ColumnCount - 1));
            return;
        }
    }
    if (int(m_events.size()) >= kMaxRows) {
        const int drop = kMaxRows / 10;
        beginRemoveRows({}, 0, drop - 1);
        m_events.erase(m_events.begin(), m_events.begin() + drop);
        endRemoveRows();
    }
    const int row = int(m_events.size());
    beginInsertRows({}, row, row);
    m_events.push_back(std::move(event));
    endInsertRows();
}

QVariant RunEventsModel::ownData(int row, int, int role) const
{
    const Event &e = at(row);
    switch (role) {
    case KindRole:
        return int(e.kind);
    case CountRole:
        return e.count;
    case ProviderNameRole:
        return e.provider;
    default:
        return {};
    }
}

} // namespace ys
