#include "storage/pg_location.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace ys {

QString PgLocation::display(const QString &url)
{
    const qsizetype schemeEnd = url.indexOf(QLatin1StringView("://"));
    if (schemeEnd < 0)
        return url;
    const qsizetype authorityStart = schemeEnd + 3;
    // The user information ends at the last '@' before the path, so a password holding '/' or
    // '@' is still hidden whole.
    const qsizetype query = url.indexOf(QLatin1Char('?'), authorityStart);
    const QString head = url.mid(authorityStart, query < 0 ? -1 : query - authorityStart);
    const qsizetype at = head.lastIndexOf(QLatin1Char('@'));
    const qsizetype colon = at < 0 ? -1 : head.left(at).indexOf(QLatin1Char(':'));
    QString shown = colon < 0 ? url
                              : url.left(authorityStart) + head.left(colon) +
                                    QLatin1StringView(":***") + url.mid(authorityStart + at);
    // A password given as a parameter is hidden the same way.
    static const QRegularExpression passwordParameter(QStringLiteral("([?&]password=)[^&]*"));
    return shown.replace(passwordParameter, QStringLiteral("\\1***"));
}

std::optional<PgLocation> PgLocation::parse(const QString &url, QString *error)
{
    const QString shown = display(url);
    const auto fail = [&](const QString &why) {
        *error = tr("%1 is not a usable PostgreSQL address: %2 (the form is "
                    "postgresql://user@host[:port]/database)")
                     .arg(shown, why);
        return std::nullopt;
    };
    if (shown != url) {
        *error = tr("%1: a password in the address is refused, since it would show in process "
                    "lists, logs and shell history. Give it in PGPASSWORD or ~/.pgpass, or name "
                    "a key with ?password_ref=env:NAME.")
                     .arg(shown);
        return std::nullopt;
    }
    const QUrl u(url, QUrl::StrictMode);
    if (!u.isValid()) {
        // QUrl says "invalid port" and the like; the port is checked here for a clearer word.
        const qsizetype authorityStart = url.indexOf(QLatin1StringView("://")) + 3;
        const QString rest = url.mid(authorityStart);
        const QString authority = rest.section(QLatin1Char('/'), 0, 0);
        const qsizetype colon = authority.lastIndexOf(QLatin1Char(':'));
        if (colon >= 0 && !authority.endsWith(QLatin1Char(']')))
            return fail(tr("the port \"%1\" is not a number from 1 to 65535")
                            .arg(authority.mid(colon + 1)));
        return fail(u.errorString());
    }
    if (u.scheme() != QLatin1StringView("postgresql") &&
        u.scheme() != QLatin1StringView("postgres"))
        return fail(tr("the scheme must be postgresql://"));
    PgLocation l;
    l.host = u.host();
    if (l.host.isEmpty())
        return fail(tr("it names no host"));
    if (u.port() == 0)
        return fail(tr("the port \"0\" is not a number from 1 to 65535"));
    l.port = u.port(5432);
    l.user = u.userName();
    l.database = u.path().mid(1);
    if (l.database.isEmpty())
        return fail(tr("it names no database (…/database at the end)"));
    if (l.database.contains(QLatin1Char('/')))
        return fail(tr("the database name \"%1\" holds a '/'").arg(l.database));
    const QUrlQuery query(u);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (key == QLatin1StringView("password_ref")) {
            l.passwordRef = value;
        } else if (key == QLatin1StringView("sslmode")) {
            static const QStringList modes = {
                QStringLiteral("disable"),   QStringLiteral("allow"),
                QStringLiteral("prefer"),    QStringLiteral("require"),
                QStringLiteral("verify-ca"), QStringLiteral("verify-full")};
            if (!modes.contains(value))
                return fail(tr("sslmode \"%1\" is not one of %2")
                                .arg(value, modes.join(QStringLiteral(", "))));
            l.sslMode = value;
        } else if (key == QLatin1StringView("connect_timeout")) {
            bool ok = false;
            l.connectTimeoutS = value.toInt(&ok);
            if (!ok || l.connectTimeoutS < 1)
                return fail(
                    tr("connect_timeout \"%1\" is not a whole number of seconds").arg(value));
        } else {
            return fail(tr("the parameter \"%1\" is not known (known: password_ref, sslmode, "
                           "connect_timeout)")
                            .arg(key));
        }
    }
    return l;
}

QString PgLocation::connectOptions() const
{
    QStringList options{QStringLiteral("connect_timeout=%1").arg(connectTimeoutS),
                        QStringLiteral("application_name=yardstick")};
    if (!sslMode.isEmpty())
        options << QStringLiteral("sslmode=%1").arg(sslMode);
    return options.join(QLatin1Char(';'));
}

} // namespace ys
