#include "storage/sample_insert.h"

#include "storage/sample_blob.h"
#include "storage/storage_error.h"

#include <QByteArray>
#include <QSqlError>
#include <array>
#include <vector>

namespace ys {

namespace {

// Rows per statement: each statement's start and end cost about as much as a tenth of a row.
constexpr std::size_t kRowsPerStatement = 32;

QByteArray insertOf(std::size_t rows)
{
    QByteArray sql(kSampleInsertHead);
    for (std::size_t i = 0; i < rows; ++i)
        sql.append(i ? "," : "").append(kSampleRowMarks);
    return sql;
}

// Binds the columns in order. Texts and the event times are bound without a copy by SQLite
// (SQLITE_STATIC), from the binder's own buffer, which lives until the row is stepped: most
// texts of a sample are short and ASCII (an outcome, a version, a request id) and are narrowed
// into it, and the event times are encoded into it, without an allocation of their own.
class Binder {
public:
    // Binding starts again at the first parameter of stmt; what was bound before is left to
    // the statement that was stepped with it.
    void start(sqlite3_stmt *stmt)
    {
        m_stmt = stmt;
        m_i = 0;
        m_used = 0;
        m_kept.clear();
    }
    void integer(qint64 v) { sqlite3_bind_int64(m_stmt, ++m_i, v); }
    void null() { sqlite3_bind_null(m_stmt, ++m_i); }
    void integer(const std::optional<qint64> &v) { v ? integer(*v) : null(); }
    void real(const std::optional<double> &v)
    {
        v ? void(sqlite3_bind_double(m_stmt, ++m_i, *v)) : null();
    }
    // An empty text is stored as NULL, as the portable insert does.
    void text(const QString &s)
    {
        if (s.isEmpty())
            return null();
        if (s.size() <= room()) {
            char *out = m_buffer.data() + m_used;
            const ushort *u = s.utf16();
            ushort any = 0;
            for (qsizetype i = 0; i < s.size(); ++i) {
                any |= u[i];
                out[i] = char(u[i]);
            }
            if (any < 0x80) {
                m_used += s.size();
                sqlite3_bind_text(m_stmt, ++m_i, out, int(s.size()), SQLITE_STATIC);
                return;
            }
        }
        const QByteArray &utf8 = keep(s.toUtf8());
        sqlite3_bind_text(m_stmt, ++m_i, utf8.constData(), int(utf8.size()), SQLITE_STATIC);
    }
    void eventTimes(const std::vector<qint64> &timesNs)
    {
        if (maxEncodedEventTimesSize(timesNs.size()) <= room()) {
            char *out = m_buffer.data() + m_used;
            const qsizetype n = encodeEventTimesTo(timesNs, out);
            m_used += n;
            sqlite3_bind_blob(m_stmt, ++m_i, out, int(n), SQLITE_STATIC);
            return;
        }
        const QByteArray &blob = keep(encodeEventTimes(timesNs));
        sqlite3_bind_blob(m_stmt, ++m_i, blob.constData(), int(blob.size()), SQLITE_STATIC);
    }

private:
    qsizetype room() const { return qsizetype(m_buffer.size()) - m_used; }
    // A moved QByteArray keeps its bytes where they were, so what is bound stays valid.
    const QByteArray &keep(QByteArray bytes)
    {
        m_kept.push_back(std::move(bytes));
        return m_kept.back();
    }

    sqlite3_stmt *m_stmt = nullptr;
    int m_i = 0;
    // Room for the texts and event times of a statement's rows in the usual case (about 500
    // bytes a row); whatever does not fit is kept in m_kept.
    std::vector<char> m_buffer = std::vector<char>(kRowsPerStatement * 1024);
    qsizetype m_used = 0;
    std::vector<QByteArray> m_kept;
};

bool failed(sqlite3 *db, QString *error)
{
    *error = StorageError::describe(QSqlError(QString(), QString::fromUtf8(sqlite3_errmsg(db)),
                                              QSqlError::StatementError,
                                              QString::number(sqlite3_errcode(db))));
    return false;
}

} // namespace

// The statement for rows at a time, finalized however the insert ends.
struct Insert {
    sqlite3_stmt *stmt = nullptr;
    ~Insert()
    {
        if (stmt)
            sqlite3_clear_bindings(stmt); // nothing bound may point into a binder that is gone
        sqlite3_finalize(stmt);
    }
};

bool insertSamplesSqlite(sqlite3 *db, const std::vector<Sample> &samples, QString *error)
{
    // Whole statements of kRowsPerStatement rows, then the rest a row at a time.
    Insert many, one;
    const std::size_t whole = samples.size() / kRowsPerStatement * kRowsPerStatement;
    if ((whole > 0 && sqlite3_prepare_v2(db, insertOf(kRowsPerStatement).constData(), -1,
                                         &many.stmt, nullptr) != SQLITE_OK) ||
        (whole < samples.size() &&
         sqlite3_prepare_v2(db, insertOf(1).constData(), -1, &one.stmt, nullptr) != SQLITE_OK))
        return failed(db, error);
    Binder binder; // holds the bound texts until their statement is stepped
    for (std::size_t i = 0; i < samples.size();) {
        sqlite3_stmt *stmt = i < whole ? many.stmt : one.stmt;
        const std::size_t rows = i < whole ? kRowsPerStatement : 1;
        binder.start(stmt);
        for (std::size_t r = 0; r < rows; ++r)
            bindSampleColumns(binder, samples[i + r]);
        if (sqlite3_step(stmt) != SQLITE_DONE)
            return failed(db, error);
        sqlite3_reset(stmt);
        i += rows;
    }
    return true;
}

} // namespace ys
