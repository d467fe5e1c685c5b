#include "sim/sim_faults.h"

#include <QCoreApplication>

namespace ys {

namespace {

struct FaultsTr {
    Q_DECLARE_TR_FUNCTIONS(ys::SimFaultSet)
};

// Indexed by SimFault; the names are part of the profile format and of the x-sim-fault header.
constexpr std::array<const char *, kSimFaultCount> kNames = {
    "byte_per_write",
    "split_utf8_crlf",
    "unicode_separators",
    "comments_and_pings",
    "multiline_data",
    "empty_choices",
    "no_usage",
    "error_mid_stream",
    "no_end_marker",
    "stall",
    "tricky_text",
    "malformed_json",
    "oversized_event",
    "reset_mid_stream",
    "empty_stream",
    "in_stream",
    "error_field",
    "context_overflow",
    "context_overflow_500",
    "retry_after_ms",
    "retry_after_seconds",
    "retry_after_date",
    "retry_after_garbage",
    "quota",
    "spend_limit",
    "overloaded_529",
    "unavailable_503",
    "server_error_500",
    "auth_error",
    "echo_auth",
    "slow_reply",
};

} // namespace

QByteArray simFaultName(SimFault fault)
{
    return QByteArray(kNames[std::size_t(fault)]);
}

std::optional<SimFault> simFaultFromName(QByteArrayView name)
{
    for (std::size_t i = 0; i < kNames.size(); ++i) {
        if (name == QByteArrayView(kNames[i]))
            return SimFault(i);
    }
    return std::nullopt;
}

QStringList simFaultNames()
{
    QStringList names;
    for (const char *name : kNames)
        names.append(QString::fromLatin1(name));
    return names;
}

bool simFaultIsReply(SimFault fault)
{
    return int(fault) >= int(SimFault::ContextOverflow);
}

std::int64_t SimFaultSet::param(SimFault fault, std::int64_t fallback) const
{
    return m_param[std::size_t(fault)].value_or(fallback);
}

void SimFaultSet::add(SimFault fault, std::optional<std::int64_t> param)
{
    m_on[std::size_t(fault)] = true;
    if (param)
        m_param[std::size_t(fault)] = param;
}

void SimFaultSet::merge(const SimFaultSet &other)
{
    for (std::size_t i = 0; i < m_on.size(); ++i) {
        if (other.m_on[i] && !m_on[i]) {
            m_on[i] = true;
            m_param[i] = other.m_param[i];
        }
    }
}

bool SimFaultSet::empty() const
{
    for (const bool on : m_on) {
        if (on)
            return false;
    }
    return true;
}

QStringList SimFaultSet::names() const
{
    QStringList names;
    for (std::size_t i = 0; i < m_on.size(); ++i) {
        if (!m_on[i])
            continue;
        QString name = QString::fromLatin1(kNames[i]);
        if (m_param[i])
            name += QLatin1Char('=') + QString::number(*m_param[i]);
        names.append(name);
    }
    return names;
}

std::optional<SimFault> SimFaultSet::reply() const
{
    // SlowReply only delays the answer, so it is not a reply of its own.
    for (int i = int(SimFault::ContextOverflow); i < int(SimFault::SlowReply); ++i) {
        if (m_on[std::size_t(i)])
            return SimFault(i);
    }
    return std::nullopt;
}

bool SimFaultSet::parse(QByteArrayView header, QString *error)
{
    const QList<QByteArray> items = header.toByteArray().split(',');
    for (const QByteArray &raw : items) {
        const QByteArray item = raw.trimmed();
        if (item.isEmpty())
            continue;
        const qsizetype equals = item.indexOf('=');
        const QByteArray name = (equals < 0 ? item : item.left(equals)).trimmed().toLower();
        const std::optional<SimFault> fault = simFaultFromName(name);
        if (!fault) {
            if (error)
                *error =
                    FaultsTr::tr("unknown fault \"%1\"; known faults: %2")
                        .arg(QString::fromUtf8(name), simFaultNames().join(QStringLiteral(", ")));
            return false;
        }
        std::optional<std::int64_t> value;
        if (equals >= 0) {
            bool ok = false;
            const qlonglong number = item.mid(equals + 1).trimmed().toLongLong(&ok);
            if (!ok || number < 0) {
                if (error)
                    *error =
                        FaultsTr::tr("fault \"%1\" expects a non-negative integer after "
                                     "'=', got \"%2\"")
                            .arg(QString::fromUtf8(name), QString::fromUtf8(item.mid(equals + 1)));
                return false;
            }
            value = number;
        }
        add(*fault, value);
    }
    return true;
}

} // namespace ys
