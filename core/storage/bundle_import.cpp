#include "storage/bundle_rows.h"
#include "storage/database.h"
#include "storage/session_bundle.h"
#include "storage/stream_digest_store.h"
#include "util/log.h"

#include <QFile>
#include <QSqlQuery>
#include <algorithm>
#include <memory>
#include <unordered_map>

namespace ys {

namespace {

using namespace BundleRows;

// The session of db that is the bundle's (by its stored or derived uid), -1 when db could not
// be read, nullopt when there is none.
std::optional<qint64> sessionWithUid(Database &db, const QString &uid, QString *error)
{
    QSqlQuery q(db.connection());
    q.setForwardOnly(true);
    q.prepare(QStringLiteral("SELECT id, uid, suite_name, started_at, suite_json FROM sessions "
                             "WHERE uid = ? OR uid IS NULL"));
    q.addBindValue(uid);
    if (!q.exec()) {
        *error = QStringLiteral("%1: %2").arg(db.display(), sqlError(q));
        return -1;
    }
    while (q.next()) {
        const QString own =
            q.value(1).isNull()
                ? derivedUid(q.value(2).toString(), q.value(3).toString(), q.value(4).toString())
                : q.value(1).toString();
        if (own == uid)
            return q.value(0).toLongLong();
    }
    return std::nullopt;
}

// Maps a bundle's ids to the ones the import gave.
using IdMap = std::unordered_map<qint64, qint64>;

// One import: the statements of the current table and the ids given so far.
class Importer {
public:
    Importer(Database &db, const SessionBundle::Header &header, QString path)
        : m_db(db)
        , m_header(header)
        , m_path(std::move(path))
    {
    }

    bool section(const json &line, QString *error)
    {
        const QString table = QString::fromStdString(line.value("table", std::string()));
        if (!SessionBundle::carriedTables().contains(table)) {
            m_damaged = true;
            *error = SessionBundle::tr("%1 holds a table %2 that this version does not import")
                         .arg(m_path, table);
            return false;
        }
        m_table = table;
        m_columns.clear();
        m_types.clear();
        const json cols = line.value("columns", json::array());
        if (table == kDigests) {
            if (cols != json::array({"run_id"})) {
                *error = damaged();
                return false;
            }
            m_columns << QStringLiteral("run_id");
            m_types << QStringLiteral("integer");
            return true;
        }
        const auto target = columnsOf(m_db, table, error);
        if (target.empty())
            return false;
        for (const json &c : cols) {
            if (!c.is_string()) {
                *error = damaged();
                return false;
            }
            const QString name = QString::fromStdString(c.get<std::string>());
            const auto it = std::find_if(target.begin(), target.end(),
                                         [&](const Column &t) { return t.name == name; });
            // A column this database lacks would be dropped in silence: refuse instead.
            if (it == target.end()) {
                m_damaged = true;
                *error = SessionBundle::tr("%1 holds column %2.%3, which %4 does not have (the "
                                           "bundle is from a newer schema); nothing was imported")
                             .arg(m_path, table, name, m_db.display());
                return false;
            }
            m_columns << name;
            m_types << it->type;
        }
        m_hasUid = std::any_of(target.begin(), target.end(),
                               [](const Column &t) { return t.name == QLatin1StringView("uid"); });
        m_insert.reset();
        return true;
    }

    bool row(const json &line, QString *error)
    {
        if (m_table.isEmpty() || !line.is_array() || line.size() != size_t(m_columns.size())) {
            *error = damaged();
            return false;
        }
        std::vector<QVariant> values;
        values.reserve(line.size());
        for (size_t i = 0; i < line.size(); ++i) {
            auto v = decode(line[i], m_types.at(qsizetype(i)));
            if (!v) {
                *error = damaged();
                return false;
            }
            values.push_back(std::move(*v));
        }
        if (m_table == kDigests) {
            const auto run = m_runs.find(values[0].toLongLong());
            if (run == m_runs.end()) {
                *error = damaged();
                return false;
            }
            m_digestRuns.push_back(run->second);
            return true;
        }
        if (m_table == QLatin1StringView("sessions"))
            return session(values, error);
        qint64 oldId = 0;
        bool selfBatch = false;
        QVariantList bound;
        for (qsizetype i = 0; i < m_columns.size(); ++i) {
            const QString &c = m_columns.at(i);
            QVariant v = values[size_t(i)];
            if (c == QLatin1StringView("id")) {
                oldId = v.toLongLong();
                continue;
            }
            const bool batch =
                c == QLatin1StringView("batch") && m_table == QLatin1StringView("runs");
            // runs.batch is the id of the batch's first run: a run naming itself gets its own
            // new id once the row is in.
            if (batch && !v.isNull() && v.toLongLong() == oldId) {
                selfBatch = true;
                v = typedNull(m_types.at(i));
            } else if (!v.isNull()) {
                const IdMap *map = c == QLatin1StringView("session_id")        ? &m_sessions
                                   : c == QLatin1StringView("provider_id")     ? &m_providers
                                   : c == QLatin1StringView("run_id") || batch ? &m_runs
                                                                               : nullptr;
                if (map) {
                    const auto it = map->find(v.toLongLong());
                    if (it == map->end()) {
                        *error = damaged();
                        return false;
                    }
                    v = it->second;
                }
            }
            bound << v;
        }
        const bool wantId =
            m_table == QLatin1StringView("providers") || m_table == QLatin1StringView("runs");
        if (!prepareInsert(wantId, error))
            return false;
        const auto newId = insert(bound, wantId, error);
        if (!newId)
            return false;
        if (m_table == QLatin1StringView("providers"))
            m_providers[oldId] = *newId;
        if (m_table == QLatin1StringView("runs")) {
            m_runs[oldId] = *newId;
            if (selfBatch) {
                QSqlQuery q(m_db.connection());
                q.prepare(QStringLiteral("UPDATE runs SET batch = ? WHERE id = ?"));
                q.addBindValue(*newId);
                q.addBindValue(*newId);
                if (!q.exec()) {
                    *error = sqlError(q);
                    return false;
                }
            }
        }
        ++m_rows;
        return true;
    }

    // The digests a summary reads fast, made again from the imported samples.
    bool digest(QString *error)
    {
        for (const qint64 run : m_digestRuns) {
            QByteArray attempts;
            QString why;
            const auto digest = StreamDigestStore::compute(m_db.connection(), run, &attempts, &why);
            if (!digest) {
                // Derived data: without it a summary is only slower.
                qCWarning(lcStorage).noquote()
                    << QStringLiteral("run %1: no stream digest: %2").arg(run).arg(why);
                continue;
            }
            if (!StreamDigestStore::store(m_db.connection(), run, *digest, attempts, error))
                return false;
        }
        return true;
    }

    std::optional<qint64> sessionId() const
    {
        return m_sessions.empty() ? std::nullopt : std::optional(m_sessions.begin()->second);
    }
    qint64 rows() const { return m_rows; }
    // Whether the last failure was the bundle's (else the database's).
    bool failedOnInput() const { return m_damaged; }

private:
    QString damaged()
    {
        m_damaged = true;
        return SessionBundle::tr("%1 is damaged: a line does not fit the bundle format")
            .arg(m_path);
    }

    bool prepareInsert(bool returning, QString *error)
    {
        if (m_insert)
            return true;
        QStringList names;
        for (const QString &c : m_columns)
            if (c != QLatin1StringView("id"))
                names << c;
        QString sql =
            QStringLiteral("INSERT INTO %1 (%2) VALUES (%3)")
                .arg(m_table, names.join(QStringLiteral(", ")),
                     QStringList(names.size(), QStringLiteral("?")).join(QStringLiteral(", ")));
        if (returning && m_db.isPostgres())
            sql += QStringLiteral(" RETURNING id");
        m_insert = std::make_unique<QSqlQuery>(m_db.connection());
        if (!m_insert->prepare(sql)) {
            *error = sqlError(*m_insert);
            m_insert.reset();
            return false;
        }
        return true;
    }

    std::optional<qint64> insert(const QVariantList &values, bool wantId, QString *error)
    {
        for (int i = 0; i < values.size(); ++i)
            m_insert->bindValue(i, values.at(i));
        if (!m_insert->exec()) {
            *error = SessionBundle::tr("%1: %2 (importing %3)")
                         .arg(m_db.display(), sqlError(*m_insert), m_table);
            return std::nullopt;
        }
        if (!wantId)
            return 0;
        if (m_db.isPostgres()) {
            if (!m_insert->next()) {
                *error = sqlError(*m_insert);
                return std::nullopt;
            }
            const qint64 id = m_insert->value(0).toLongLong();
            m_insert->finish();
            return id;
        }
        return m_insert->lastInsertId().toLongLong();
    }

    // The session keeps its id when the target has it free, so a round trip gives the same
    // show --json; otherwise it takes the next one.
    bool session(const std::vector<QVariant> &values, QString *error)
    {
        if (!m_sessions.empty()) {
            *error = damaged();
            return false;
        }
        const qsizetype idIndex = m_columns.indexOf(QLatin1StringView("id"));
        const qint64 oldId = idIndex >= 0 ? values[size_t(idIndex)].toLongLong() : 0;
        bool keepId = idIndex >= 0;
        if (keepId) {
            QSqlQuery free(m_db.connection());
            free.prepare(QStringLiteral("SELECT 1 FROM sessions WHERE id = ?"));
            free.addBindValue(oldId);
            if (!free.exec()) {
                *error = sqlError(free);
                return false;
            }
            keepId = !free.next();
        }
        QStringList names;
        QVariantList bound;
        for (qsizetype i = 0; i < m_columns.size(); ++i) {
            if (m_columns.at(i) == QLatin1StringView("id") && !keepId)
                continue;
            names << m_columns.at(i);
            bound << (m_columns.at(i) == QLatin1StringView("uid") ? QVariant(m_header.sessionUid)
                                                                  : values[size_t(i)]);
        }
        if (m_hasUid && !names.contains(QLatin1StringView("uid"))) {
            names << QStringLiteral("uid");
            bound << m_header.sessionUid;
        }
        QString sql =
            QStringLiteral("INSERT INTO sessions (%1) VALUES (%2)")
                .arg(names.join(QStringLiteral(", ")),
                     QStringList(names.size(), QStringLiteral("?")).join(QStringLiteral(", ")));
        if (m_db.isPostgres())
            sql += QStringLiteral(" RETURNING id");
        QSqlQuery q(m_db.connection());
        q.prepare(sql);
        for (int i = 0; i < bound.size(); ++i)
            q.bindValue(i, bound.at(i));
        if (!q.exec()) {
            *error =
                SessionBundle::tr("%1: %2 (importing sessions)").arg(m_db.display(), sqlError(q));
            return false;
        }
        qint64 newId = 0;
        if (m_db.isPostgres()) {
            if (!q.next()) {
                *error = sqlError(q);
                return false;
            }
            newId = q.value(0).toLongLong();
            q.finish();
            if (keepId) {
                // The id was given, not drawn: move the sequence past it.
                QSqlQuery seq(m_db.connection());
                if (!seq.exec(
                        QStringLiteral("SELECT setval(pg_get_serial_sequence('sessions', 'id'), "
                                       "(SELECT MAX(id) FROM sessions))"))) {
                    *error = sqlError(seq);
                    return false;
                }
            }
        } else {
            newId = q.lastInsertId().toLongLong();
        }
        m_sessions[oldId] = newId;
        ++m_rows;
        return true;
    }

    Database &m_db;
    const SessionBundle::Header &m_header;
    QString m_path;
    QString m_table;
    QStringList m_columns;
    QStringList m_types;
    bool m_hasUid = false;
    std::unique_ptr<QSqlQuery> m_insert;
    IdMap m_sessions;
    IdMap m_providers;
    IdMap m_runs;
    std::vector<qint64> m_digestRuns;
    qint64 m_rows = 0;
    bool m_damaged = false;
};

} // namespace

std::optional<qint64> SessionBundle::importBundle(Database &db, const QString &path, QString *error,
                                                  Failure *failure)
{
    const auto header = verify(path, error);
    if (!header) {
        setFailure(failure, Failure::BadInput);
        return std::nullopt;
    }
    if (const auto existing = sessionWithUid(db, header->sessionUid, error)) {
        if (*existing < 0) {
            setFailure(failure, Failure::Database);
            return std::nullopt;
        }
        *error = tr("%1 already holds this bundle's session (uid %2) as session %3; nothing "
                    "was imported")
                     .arg(db.display(), header->sessionUid)
                     .arg(*existing);
        setFailure(failure, Failure::BadInput);
        return std::nullopt;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot be read (%2)").arg(path, file.errorString());
        setFailure(failure, Failure::BadInput);
        return std::nullopt;
    }
    if (!db.beginWrite(error)) {
        setFailure(failure, Failure::Database);
        return std::nullopt;
    }
    Importer importer(db, *header, path);
    // Only a line that breaks the bundle's own format is bad input; a refusal by the database
    // (a constraint, a full disk) is a database failure.
    auto abandon = [&](Failure why) -> std::optional<qint64> {
        db.rollback();
        setFailure(failure, why);
        return std::nullopt;
    };
    file.readLine(); // the header, checked by verify()
    bool ended = false;
    while (!ended) {
        const QByteArray bytes = file.readLine();
        if (bytes.isEmpty())
            break;
        const json line = json::parse(bytes.toStdString(), nullptr, false);
        if (line.is_discarded()) {
            *error = tr("%1 is damaged: a line is not JSON").arg(path);
            return abandon(Failure::BadInput);
        }
        if (line.is_object() && line.contains("end")) {
            ended = true;
        } else if (line.is_object()) {
            if (!importer.section(line, error))
                return abandon(importer.failedOnInput() ? Failure::BadInput : Failure::Database);
        } else if (!importer.row(line, error)) {
            return abandon(importer.failedOnInput() ? Failure::BadInput : Failure::Database);
        }
    }
    if (!importer.sessionId()) {
        *error = tr("%1 is damaged: it holds no session").arg(path);
        return abandon(Failure::BadInput);
    }
    if (!importer.digest(error))
        return abandon(Failure::Database);
    if (!db.commit(error))
        return abandon(Failure::Database);
    return importer.sessionId();
}

} // namespace ys
