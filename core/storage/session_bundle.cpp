#include "storage/session_bundle.h"

#include "storage/bundle_rows.h"
#include "storage/database.h"
#include "storage/stream_digest_store.h"
#include "util/log.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFile>
#include <QSaveFile>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QVariant>
#include <cmath>
#include <functional>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <vector>

namespace ys {

namespace {

using namespace BundleRows;

// Rows a PostgreSQL read fetches at a time (QPSQL holds a whole result in memory).
constexpr int kPageRows = 5000;

struct TableSpec {
    const char *name;
    const char *filter; // one '?' for the session id
};

// Parents before children, so an import meets every id before a row refers to it.
const TableSpec kTables[] = {
    {"sessions", "id = ?"},
    {"providers", "session_id = ?"},
    {"runs", "session_id = ?"},
    {"samples", "run_id IN (SELECT id FROM runs WHERE session_id = ?)"},
    {"events", "session_id = ?"},
    {"server_metrics", "run_id IN (SELECT id FROM runs WHERE session_id = ?)"},
    {"run_stream_digests", "run_id IN (SELECT id FROM runs WHERE session_id = ?)"},
};

// Streams the rows of one table of the session: SQLite steps one forward-only query; QPSQL
// fetches a whole result at once, so PostgreSQL is read a page at a time in key order.
bool forEachRow(Database &db, const QString &table, const QStringList &columns,
                const QString &filter, qint64 sessionId,
                const std::function<bool(const QSqlQuery &)> &visit, QString *error)
{
    const QString key = table == kDigests ? QStringLiteral("run_id") : QStringLiteral("id");
    const QString base = QStringLiteral("SELECT %1 FROM %2 WHERE %3")
                             .arg(columns.join(QStringLiteral(", ")), table, filter);
    if (!db.isPostgres()) {
        QSqlQuery q(db.connection());
        q.setForwardOnly(true);
        if (!q.prepare(base + QStringLiteral(" ORDER BY ") + key)) {
            *error = sqlError(q);
            return false;
        }
        q.addBindValue(sessionId);
        if (!q.exec()) {
            *error = sqlError(q);
            return false;
        }
        while (q.next())
            if (!visit(q))
                return false;
        if (q.lastError().isValid()) {
            *error = sqlError(q);
            return false;
        }
        return true;
    }
    const qsizetype keyIndex = columns.indexOf(key);
    qint64 last = std::numeric_limits<qint64>::min();
    for (;;) {
        QSqlQuery q(db.connection());
        q.setForwardOnly(true);
        q.prepare(base +
                  QStringLiteral(" AND %1 > ? ORDER BY %1 LIMIT %2").arg(key).arg(kPageRows));
        q.addBindValue(sessionId);
        q.addBindValue(last);
        if (!q.exec()) {
            *error = sqlError(q);
            return false;
        }
        int n = 0;
        while (q.next()) {
            if (!visit(q))
                return false;
            last = q.value(int(keyIndex)).toLongLong();
            ++n;
        }
        if (n < kPageRows)
            return true;
    }
}

// Writes lines and hashes what it writes.
class LineWriter {
public:
    explicit LineWriter(QSaveFile &file)
        : m_file(file)
    {
    }
    bool write(const json &line)
    {
        QByteArray bytes =
            QByteArray::fromStdString(line.dump(-1, ' ', false, json::error_handler_t::replace));
        bytes += '\n';
        m_hash.addData(bytes);
        m_ok = m_ok && m_file.write(bytes) == bytes.size();
        return m_ok;
    }
    bool ok() const { return m_ok; }
    QByteArray digest() const { return m_hash.result().toHex(); }

private:
    QSaveFile &m_file;
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
    bool m_ok = true;
};

// One table of the session: its columns, then its rows. False when the database could not be
// read (or, with out.ok() false, the file not written).
bool writeTable(Database &db, const TableSpec &t, qint64 sessionId, const QString &uid,
                LineWriter &out, qint64 *rows, QString *error)
{
    const QString table = QString::fromLatin1(t.name);
    QStringList names;
    if (table == kDigests) {
        names << QStringLiteral("run_id");
    } else {
        const auto columns = columnsOf(db, table, error);
        if (columns.empty())
            return false;
        names = namesOf(columns);
    }
    json cols = json::array();
    for (const QString &n : names)
        cols.push_back(n.toStdString());
    if (!out.write(json{{"table", t.name}, {"columns", cols}}))
        return false;
    // The session carries its uid, the one it has or the one derived for it.
    const qsizetype uidIndex =
        table == QLatin1StringView("sessions") ? names.indexOf(QLatin1StringView("uid")) : -1;
    return forEachRow(
        db, table, names, QString::fromLatin1(t.filter), sessionId,
        [&](const QSqlQuery &q) {
            json row = json::array();
            for (int i = 0; i < names.size(); ++i)
                row.push_back(i == uidIndex ? json(uid.toStdString()) : encode(q.value(i)));
            ++*rows;
            return out.write(row);
        },
        error);
}

} // namespace

QStringList SessionBundle::carriedTables()
{
    QStringList names;
    for (const TableSpec &t : kTables)
        names << QString::fromLatin1(t.name);
    return names;
}

QStringList SessionBundle::tablesLeftOut()
{
    // The queue and the schedules belong to the database's workers, not to a session.
    return {QStringLiteral("schedules"), QStringLiteral("run_queue")};
}

bool SessionBundle::exportSession(Database &db, qint64 sessionId, const QString &path,
                                  QString *error, Failure *failure)
{
    QSqlQuery s(db.connection());
    s.prepare(QStringLiteral("SELECT suite_name, started_at, suite_json FROM sessions "
                             "WHERE id = ?"));
    s.addBindValue(sessionId);
    if (!s.exec()) {
        *error = tr("%1: %2").arg(db.display(), sqlError(s));
        return setFailure(failure, Failure::Database);
    }
    if (!s.next()) {
        *error = tr("%1 holds no session %2").arg(db.display()).arg(sessionId);
        return setFailure(failure, Failure::BadInput);
    }
    const QString suiteName = s.value(0).toString();
    const QString derived = derivedUid(suiteName, s.value(1).toString(), s.value(2).toString());
    s.finish();

    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = tr("%1: cannot be written (%2)").arg(path, file.errorString());
        return setFailure(failure, Failure::BadInput);
    }
    LineWriter out(file);
    QString uid;
    {
        QSqlQuery u(db.connection());
        u.prepare(QStringLiteral("SELECT uid FROM sessions WHERE id = ?"));
        u.addBindValue(sessionId);
        if (u.exec() && u.next() && !u.value(0).toString().isEmpty())
            uid = u.value(0).toString();
    }
    if (uid.isEmpty())
        uid = derived;

    json header = {
        {"format", formatName()},
        {"format_version", kFormatVersion},
        {"yardstick_version", YS_VERSION},
        {"schema_version", Database::kSchemaVersion},
        {"session_uid", uid.toStdString()},
        {"session_id", sessionId},
        {"suite_name", suiteName.toStdString()},
        {"created_at", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()}};
    out.write(header);
    qint64 rows = 0;
    for (const TableSpec &t : kTables) {
        QString readError;
        const bool read = writeTable(db, t, sessionId, uid, out, &rows, &readError);
        if (!out.ok()) {
            *error = tr("%1: cannot be written (%2)").arg(path, file.errorString());
            file.cancelWriting();
            return setFailure(failure, Failure::BadInput);
        }
        if (!read) {
            *error = tr("%1: %2").arg(db.display(), readError);
            file.cancelWriting();
            return setFailure(failure, Failure::Database);
        }
    }
    const json trailer = {{"end", true}, {"rows", rows}, {"sha256", out.digest().toStdString()}};
    QByteArray last = QByteArray::fromStdString(trailer.dump()) + '\n';
    if (!out.ok() || file.write(last) != last.size() || !file.commit()) {
        *error = tr("%1: cannot be written (%2)").arg(path, file.errorString());
        return setFailure(failure, Failure::BadInput);
    }
    return true;
}

std::optional<SessionBundle::Header> SessionBundle::verify(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot be read (%2)").arg(path, file.errorString());
        return std::nullopt;
    }
    QCryptographicHash hash(QCryptographicHash::Sha256);
    QByteArray first = file.readLine();
    QByteArray previous = first;
    QByteArray line;
    qint64 lines = 0;
    while (!(line = file.readLine()).isEmpty()) {
        hash.addData(previous);
        previous = line;
        ++lines;
    }
    if (file.error() != QFileDevice::NoError) {
        *error = tr("%1: cannot be read (%2)").arg(path, file.errorString());
        return std::nullopt;
    }
    const json head = json::parse(first.toStdString(), nullptr, false);
    if (!head.is_object() || head.value("format", std::string()) != formatName()) {
        *error = tr("%1 is not a Yardstick session bundle").arg(path);
        return std::nullopt;
    }
    Header h;
    h.formatVersion = head.value("format_version", 0);
    h.yardstickVersion = QString::fromStdString(head.value("yardstick_version", std::string()));
    h.schemaVersion = head.value("schema_version", 0);
    h.sessionUid = QString::fromStdString(head.value("session_uid", std::string()));
    h.sessionId = head.value("session_id", qint64(0));
    h.suiteName = QString::fromStdString(head.value("suite_name", std::string()));
    if (h.formatVersion > kFormatVersion) {
        *error = tr("%1 was written by a newer Yardstick (%2, bundle format %3; this version "
                    "reads up to %4)")
                     .arg(path, h.yardstickVersion)
                     .arg(h.formatVersion)
                     .arg(kFormatVersion);
        return std::nullopt;
    }
    const json trailer = lines > 0 ? json::parse(previous.toStdString(), nullptr, false) : json();
    if (!trailer.is_object() || !trailer.value("end", false)) {
        *error =
            tr("%1 is damaged: it is cut short (its last line is not the bundle's end)").arg(path);
        return std::nullopt;
    }
    h.rows = trailer.value("rows", qint64(-1));
    if (QByteArray::fromStdString(trailer.value("sha256", std::string())) !=
        hash.result().toHex()) {
        *error = tr("%1 is damaged: its content does not match its SHA-256 checksum").arg(path);
        return std::nullopt;
    }
    if (h.formatVersion < 1 || h.sessionUid.isEmpty()) {
        *error =
            tr("%1 is damaged: its header lacks the format version or the session uid").arg(path);
        return std::nullopt;
    }
    if (h.schemaVersion > Database::kSchemaVersion) {
        *error = tr("%1 was written by a newer Yardstick (%2, schema %3; this version reads up "
                    "to %4)")
                     .arg(path, h.yardstickVersion)
                     .arg(h.schemaVersion)
                     .arg(Database::kSchemaVersion);
        return std::nullopt;
    }
    return h;
}

} // namespace ys
