#pragma once

// What the metrics tests share: fetching a URL with curl, reading exposition text with
// Python's prometheus_client parser (a reader written by others than the writer), a free port
// and counting a database's attempts.
#include "test_support.h"

#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QTcpServer>
#include <QUuid>
#include <QVariant>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

namespace ys::test {

// The body of a GET, or nullopt when curl failed (connection refused, an HTTP error).
inline std::optional<QByteArray> curlGet(const QString &url, int *httpStatus = nullptr)
{
    QProcess p;
    p.start(QStringLiteral("curl"),
            {QStringLiteral("-sS"), QStringLiteral("--max-time"), QStringLiteral("20"),
             QStringLiteral("-w"), QStringLiteral("\n%{http_code}"), url});
    if (!p.waitForFinished(30000) || p.exitCode() != 0)
        return std::nullopt;
    QByteArray out = p.readAllStandardOutput();
    const qsizetype nl = out.lastIndexOf('\n');
    if (httpStatus)
        *httpStatus = out.mid(nl + 1).toInt();
    out.truncate(nl);
    return out;
}

// Every sample of an exposition document as prometheus_client reads it: an array of
// {family, type, name, labels, value} (a value that is not finite as a string), or a string
// with the parser's complaint.
inline nlohmann::json promClientParse(const QByteArray &text)
{
    static const char *script = R"(import sys, json, math
from prometheus_client.parser import text_string_to_metric_families
out = []
try:
    for fam in text_string_to_metric_families(sys.stdin.read()):
        for s in fam.samples:
            v = s.value if math.isfinite(s.value) else repr(s.value)
            out.append({"family": fam.name, "type": fam.type, "name": s.name,
                        "labels": s.labels, "value": v})
except Exception as e:
    print(json.dumps("parse error: " + str(e)))
    sys.exit(0)
print(json.dumps(out))
)";
    QProcess p;
    p.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), QString::fromUtf8(script)});
    p.write(text);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000))
        return "python3 did not finish";
    const QByteArray out = p.readAllStandardOutput();
    try {
        return nlohmann::json::parse(out.toStdString());
    } catch (...) {
        return "python3: " + QString::fromUtf8(p.readAllStandardError()).toStdString();
    }
}

// The value of one sample of a promClientParse() result, if there.
inline std::optional<double> promValue(const nlohmann::json &samples, const std::string &name,
                                       const nlohmann::json &labels)
{
    for (const nlohmann::json &s : samples) {
        if (s["name"] == name && s["labels"] == labels && s["value"].is_number())
            return s["value"].get<double>();
    }
    return std::nullopt;
}

// A port nothing listens on right now.
inline quint16 freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

// A database's stored attempts by provider and outcome class.
inline std::map<std::pair<QString, QString>, qint64> attemptCounts(const QString &dbPath)
{
    std::map<std::pair<QString, QString>, qint64> out;
    const QString name = QUuid::createUuid().toString();
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(dbPath);
        if (db.open()) {
            QSqlQuery q(db);
            q.exec(QStringLiteral(
                "SELECT p.name, s.outcome, COUNT(*) FROM samples s JOIN runs r ON r.id = "
                "s.run_id JOIN providers p ON p.id = r.provider_id GROUP BY p.name, s.outcome"));
            while (q.next())
                out[{q.value(0).toString(), q.value(1).toString()}] = q.value(2).toLongLong();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return out;
}

} // namespace ys::test
