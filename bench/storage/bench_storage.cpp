// bench_storage: how fast measured attempts reach the database. The same generated samples are
// inserted through Yardstick's own path (SessionRepository::insertSamples, the writer's batches
// of SampleWriter::kBatchSize in one transaction each, with the writer's WalCheckpointer, as a
// run stores them) and through the raw SQLite C API (one prepared INSERT of the same columns,
// the same batches, pragmas and page size, SQLite's own automatic checkpoint), each into a fresh
// file per repeat. Printed: the median rows/s of each, and their ratio. Targets: 200,000 rows/s
// and at least half the raw rate. The rate until the background checkpoint has also copied the
// last batch into the database file is printed beside it. With --db postgresql://..., the
// Yardstick path into that PostgreSQL database is timed too.

#include "bench_common.h"
#include "bench_run.h"
#include "domain/sample.h"
#include "domain/suite.h"
#include "storage/database.h"
#include "storage/sample_blob.h"
#include "storage/sample_insert.h"
#include "storage/sample_writer.h"
#include "storage/session_repository.h"
#include "storage/wal_checkpointer.h"
#include "util/monotonic_clock.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTextStream>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <random>
#include <sqlite3.h>
#include <vector>

using namespace ys;

namespace {

using bench::cpuS;
using bench::median;
using bench::nowS;
using bench::prepareRun;

struct BenchStorage {
    Q_DECLARE_TR_FUNCTIONS(BenchStorage)
};

constexpr double kTargetRowsPerS = 200'000.0;
constexpr double kTargetRatio = 0.5;

// Checkpoints of the last repeat: by the checkpointer's thread, and by the writer itself.
std::pair<int, int> g_checkpoints;

// Rows per second of wall time, and of CPU time (what a busy machine's other work leaves out).
struct Rate {
    double wall = 0;
    double cpu = 0;
};

class Clock {
public:
    Rate rate(std::size_t rows) const
    {
        return {double(rows) / (nowS() - m_wall), double(rows) / (cpuS() - m_cpu)};
    }

private:
    double m_wall = nowS();
    double m_cpu = cpuS();
};

// Attempts as a streamed run stores them: timings, tokens, a request id, ~40 event times.
std::vector<Sample> makeSamples(int n)
{
    std::mt19937_64 rng(15);
    std::vector<Sample> out;
    out.reserve(std::size_t(n));
    for (int i = 0; i < n; ++i) {
        Sample s;
        s.seq = i;
        s.requestIndex = i;
        s.warmup = i < 5;
        s.intendedStartNs = 0;
        s.queueDelayNs = qint64(rng() % 1000);
        s.startOffsetNs = qint64(i) * 20'000'000;
        s.requestSentNs = 50'000;
        s.headersNs = 120'000'000 + qint64(rng() % 10'000'000);
        s.firstEventNs = *s.headersNs + 300'000;
        s.firstTokenNs = *s.firstEventNs;
        s.firstContentNs = *s.firstEventNs;
        qint64 at = *s.firstTokenNs;
        for (int e = 0; e < 40; ++e) {
            at += 8'000'000 + qint64(rng() % 4'000'000);
            s.eventTimesNs.push_back(at);
        }
        s.endNs = at + 1'500'000;
        s.httpStatus = 200;
        s.httpVersion = QStringLiteral("1.1");
        s.connectionReused = true;
        s.eventCount = 42;
        s.readCount = 41;
        s.outcome = Outcome::Ok;
        s.finishReason = QStringLiteral("stop");
        s.modelReported = QStringLiteral("bench-model");
        s.requestId = QStringLiteral("req_%1").arg(rng(), 16, 16, QLatin1Char('0'));
        s.inputTokens = 1000 + qint64(rng() % 200);
        s.outputTokens = 160;
        s.localPromptTokens = *s.inputTokens;
        s.localOutputTokens = 160;
        s.outputChars = 640;
        s.costUsd = 0.0012;
        s.textHash = rng();
        out.push_back(std::move(s));
    }
    return out;
}

// Yardstick's path: the repository's batch insert, batches as the sample writer hands them over
// (made before the clock starts, as the writer has them in memory already).
std::optional<Rate> yardstickRate(const QString &location, const std::vector<Sample> &samples,
                                  QString *error, Rate *checkpointed = nullptr)
{
    Database db(location);
    if (!db.open(error))
        return std::nullopt;
    const auto run = prepareRun(db, error);
    if (!run)
        return std::nullopt;
    std::vector<std::vector<Sample>> batches;
    for (std::size_t i = 0; i < samples.size(); i += SampleWriter::kBatchSize) {
        const std::size_t end = std::min(samples.size(), i + SampleWriter::kBatchSize);
        batches.emplace_back(samples.begin() + qsizetype(i), samples.begin() + qsizetype(end));
        for (Sample &s : batches.back())
            s.runId = *run;
    }
    SessionRepository repo(db);
    WalCheckpointer checkpointer(db);
    const Clock clock;
    for (const std::vector<Sample> &batch : batches)
        if (!repo.insertSamples(batch, error))
            return std::nullopt;
    const Rate committed = clock.rate(samples.size());
    if (checkpointed) {
        checkpointer.drain();
        *checkpointed = clock.rate(samples.size());
        g_checkpoints = {checkpointer.backgroundCheckpoints(), checkpointer.writerCheckpoints()};
    }
    return committed;
}

bool check(sqlite3 *db, int rc, QString *error)
{
    if (rc == SQLITE_OK || rc == SQLITE_DONE || rc == SQLITE_ROW)
        return true;
    *error = QString::fromUtf8(sqlite3_errmsg(db));
    return false;
}

void bindOpt(sqlite3_stmt *st, int i, const std::optional<qint64> &v)
{
    v ? sqlite3_bind_int64(st, i, *v) : sqlite3_bind_null(st, i);
}

void bindText(sqlite3_stmt *st, int i, const QString &s)
{
    if (s.isEmpty()) {
        sqlite3_bind_null(st, i);
        return;
    }
    const QByteArray u = s.toUtf8();
    sqlite3_bind_text(st, i, u.constData(), int(u.size()), SQLITE_TRANSIENT);
}

// One row bound column by column, as a C API user would.
void bindRow(sqlite3_stmt *st, qint64 run, const Sample &s)
{
    int c = 0;
    sqlite3_bind_int64(st, ++c, run);
    sqlite3_bind_int64(st, ++c, s.seq);
    sqlite3_bind_int(st, ++c, s.warmup ? 1 : 0);
    sqlite3_bind_int64(st, ++c, s.intendedStartNs);
    sqlite3_bind_int64(st, ++c, s.queueDelayNs);
    bindOpt(st, ++c, s.connectStartNs);
    bindOpt(st, ++c, s.connectedNs);
    bindOpt(st, ++c, s.tlsDoneNs);
    bindOpt(st, ++c, s.requestSentNs);
    bindOpt(st, ++c, s.headersNs);
    bindOpt(st, ++c, s.firstEventNs);
    bindOpt(st, ++c, s.firstTokenNs);
    bindOpt(st, ++c, s.firstContentNs);
    sqlite3_bind_int64(st, ++c, s.endNs);
    s.httpStatus ? sqlite3_bind_int(st, ++c, s.httpStatus) : sqlite3_bind_null(st, ++c);
    bindText(st, ++c, s.httpVersion);
    s.httpStatus ? sqlite3_bind_int(st, ++c, s.connectionReused ? 1 : 0)
                 : sqlite3_bind_null(st, ++c);
    sqlite3_bind_int(st, ++c, s.eventCount);
    sqlite3_bind_int(st, ++c, s.readCount);
    bindText(st, ++c, outcomeName(s.outcome));
    bindText(st, ++c, s.error);
    bindText(st, ++c, s.finishReason);
    bindText(st, ++c, s.modelReported);
    bindText(st, ++c, s.systemFingerprint);
    bindText(st, ++c, s.requestId);
    bindOpt(st, ++c, s.inputTokens);
    bindOpt(st, ++c, s.outputTokens);
    bindOpt(st, ++c, s.cachedTokens);
    bindOpt(st, ++c, s.reasoningTokens);
    sqlite3_bind_int(st, ++c, s.tokensEstimated ? 1 : 0);
    sqlite3_bind_int64(st, ++c, s.localPromptTokens);
    sqlite3_bind_int64(st, ++c, s.localOutputTokens);
    sqlite3_bind_int64(st, ++c, s.outputChars);
    s.costUsd ? sqlite3_bind_double(st, ++c, *s.costUsd) : sqlite3_bind_null(st, ++c);
    const QByteArray times = encodeEventTimes(s.eventTimesNs);
    sqlite3_bind_blob(st, ++c, times.constData(), int(times.size()), SQLITE_TRANSIENT);
    sqlite3_bind_int64(st, ++c, s.requestIndex);
    sqlite3_bind_int(st, ++c, s.attemptNumber);
    bindOpt(st, ++c, s.retryDelayNs);
    sqlite3_bind_int(st, ++c, s.coalescedReads);
    bindText(st, ++c, s.responseHeaders);
    bindText(st, ++c, s.servedBy);
    bindText(st, ++c, s.diagnostics);
    sqlite3_bind_int64(st, ++c, s.startOffsetNs);
    s.needleFound ? sqlite3_bind_int(st, ++c, *s.needleFound ? 1 : 0) : sqlite3_bind_null(st, ++c);
    sqlite3_bind_int64(st, ++c, qint64(s.textHash));
    bindOpt(st, ++c, s.cacheWriteTokens);
    s.reportedCostUsd ? sqlite3_bind_double(st, ++c, *s.reportedCostUsd)
                      : sqlite3_bind_null(st, ++c);
    bindOpt(st, ++c, s.tunnelNs);
    bindText(st, ++c, s.contract);
    bindOpt(st, ++c, s.toolArgsNs);
}

// The raw C API: the same schema (made by Database), pragmas, rows and batches.
std::optional<Rate> rawRate(const QString &path, const std::vector<Sample> &samples, QString *error)
{
    qint64 run = 0;
    {
        Database db(path);
        if (!db.open(error))
            return std::nullopt;
        const auto id = prepareRun(db, error);
        if (!id)
            return std::nullopt;
        run = *id;
    }
    sqlite3 *db = nullptr;
    if (!check(db,
               sqlite3_open_v2(path.toUtf8().constData(), &db,
                               SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr),
               error)) {
        sqlite3_close(db);
        return std::nullopt;
    }
    sqlite3_busy_timeout(db, Database::kBusyTimeoutMs);
    for (const char *pragma :
         {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA foreign_keys=ON"})
        sqlite3_exec(db, pragma, nullptr, nullptr, nullptr);
    sqlite3_stmt *st = nullptr;
    // The repository's own column list, one row a statement.
    const QByteArray sql = QByteArray(kSampleInsertHead) + kSampleRowMarks;
    if (!check(db, sqlite3_prepare_v2(db, sql.constData(), -1, &st, nullptr), error)) {
        sqlite3_close(db);
        return std::nullopt;
    }
    const Clock clock;
    bool ok = true;
    for (std::size_t i = 0; ok && i < samples.size(); i += SampleWriter::kBatchSize) {
        const std::size_t end = std::min(samples.size(), i + SampleWriter::kBatchSize);
        ok = check(db, sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), error);
        for (std::size_t k = i; ok && k < end; ++k) {
            bindRow(st, run, samples[k]);
            ok = check(db, sqlite3_step(st), error);
            sqlite3_reset(st);
        }
        ok = ok && check(db, sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr), error);
    }
    const Rate rate = clock.rate(samples.size());
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (!ok)
        return std::nullopt;
    return rate;
}

std::vector<double> walls(const std::vector<Rate> &rates)
{
    std::vector<double> out;
    for (const Rate &r : rates)
        out.push_back(r.wall);
    return out;
}

std::vector<double> cpus(const std::vector<Rate> &rates)
{
    std::vector<double> out;
    for (const Rate &r : rates)
        out.push_back(r.cpu);
    return out;
}

void printRate(const char *what, const std::vector<Rate> &rates)
{
    const std::vector<double> w = walls(rates);
    std::printf("%-26s median %9.0f rows/s of %zu (min %.0f, max %.0f); %.0f rows/s of CPU time\n",
                what, median(w), w.size(), *std::min_element(w.begin(), w.end()),
                *std::max_element(w.begin(), w.end()), median(cpus(rates)));
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        BenchStorage::tr("Times sample inserts through Yardstick and through SQLite's C API."));
    parser.addHelpOption();
    const QCommandLineOption rowsOption(QStringLiteral("rows"),
                                        BenchStorage::tr("Samples per repeat (default 200000)."),
                                        BenchStorage::tr("n"), QStringLiteral("200000"));
    const QCommandLineOption repeatOption(QStringLiteral("repeat"),
                                          BenchStorage::tr("Repeats of each (default 5)."),
                                          BenchStorage::tr("n"), QStringLiteral("5"));
    const QCommandLineOption dirOption(
        QStringLiteral("dir"),
        BenchStorage::tr("Folder of the SQLite files (default: a temporary one)."),
        BenchStorage::tr("folder"));
    const QCommandLineOption dbOption(
        QStringLiteral("db"),
        BenchStorage::tr("A PostgreSQL database (postgresql://user@host/db) to time as well."),
        BenchStorage::tr("url"));
    parser.addOptions({rowsOption, repeatOption, dirOption, dbOption});
    parser.process(app);
    const int rows = std::max(1, parser.value(rowsOption).toInt());
    const int repeat = std::max(1, parser.value(repeatOption).toInt());
    QTextStream err(stderr);
    if (parser.isSet(dbOption) && !Database::isPostgresUrl(parser.value(dbOption))) {
        err << BenchStorage::tr("--db: a postgresql:// URL (the SQLite files are always timed)")
            << Qt::endl;
        return 2;
    }
    QTemporaryDir temp;
    const QString dir = parser.isSet(dirOption) ? parser.value(dirOption) : temp.path();
    const std::vector<Sample> samples = makeSamples(rows);
    std::vector<Rate> ours, oursCheckpointed, raw, pg;
    QString error;
    for (int i = 0; i < repeat; ++i) {
        // Interleaved, so a slower moment of the machine falls on both.
        const QString a = QDir(dir).filePath(QStringLiteral("bench_storage_ys.sqlite"));
        const QString b = QDir(dir).filePath(QStringLiteral("bench_storage_raw.sqlite"));
        for (const QString &f : {a, b})
            for (const char *suffix : {"", "-wal", "-shm"})
                QFile::remove(f + QLatin1StringView(suffix));
        // Each goes first in every other repeat, so neither always follows the other's writes.
        Rate checkpointed;
        std::optional<Rate> y, r;
        if (i % 2 == 0) {
            y = yardstickRate(a, samples, &error, &checkpointed);
            r = y ? rawRate(b, samples, &error) : std::nullopt;
        } else {
            r = rawRate(b, samples, &error);
            y = r ? yardstickRate(a, samples, &error, &checkpointed) : std::nullopt;
        }
        if (!y || !r) {
            err << error << Qt::endl;
            return 1;
        }
        ours.push_back(*y);
        oursCheckpointed.push_back(checkpointed);
        raw.push_back(*r);
        for (const QString &f : {a, b})
            for (const char *suffix : {"", "-wal", "-shm"})
                QFile::remove(f + QLatin1StringView(suffix));
    }
    if (parser.isSet(dbOption)) {
        for (int i = 0; i < repeat; ++i) {
            const auto p = yardstickRate(parser.value(dbOption), samples, &error);
            if (!p) {
                err << BenchStorage::tr("PostgreSQL: %1").arg(error) << Qt::endl;
                return 2;
            }
            pg.push_back(*p);
        }
    }
    std::printf("%d samples per repeat, batches of %d, SQLite %s (WAL, synchronous=NORMAL, pages "
                "of %d bytes)\n",
                rows, SampleWriter::kBatchSize, sqlite3_libversion(), Database::kNewPageSize);
    printRate("Yardstick -> SQLite", ours);
    printRate("  and checkpointed", oursCheckpointed);
    std::printf("  (checkpoints in the last repeat: %d on the checkpointer's thread, %d on the "
                "writer's)\n",
                g_checkpoints.first, g_checkpoints.second);
    printRate("raw SQLite C API", raw);
    const double oursWall = median(walls(ours));
    const double ratio = oursWall / median(walls(raw));
    std::printf("ratio %.2f of the raw rate (target >= %.1f), %.2f of CPU time; Yardstick %.2fx "
                "the target of %.0f rows/s: %s\n",
                ratio, kTargetRatio, median(cpus(ours)) / median(cpus(raw)),
                oursWall / kTargetRowsPerS, kTargetRowsPerS,
                ratio >= kTargetRatio && oursWall >= kTargetRowsPerS ? "met" : "NOT met");
    if (!pg.empty())
        printRate("Yardstick -> PostgreSQL", pg);
    return 0;
}
