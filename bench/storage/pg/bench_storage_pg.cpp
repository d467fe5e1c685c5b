// bench_storage_pg: inserts the same synthetic attempts through SessionRepository::insertSamples,
// in the sample writer's batches (one transaction each), into a fresh SQLite file and into a
// PostgreSQL team store, and prints rows/s for each. The password comes from PGPASSWORD or
// ~/.pgpass, as for yardstick-cli.
//   bench_storage_pg --db postgresql://user@host:port/db [--rows N] [--pg-rows N]
#include "../bench_run.h"
#include "domain/suite.h"
#include "storage/database.h"
#include "storage/sample_writer.h"
#include "storage/session_repository.h"
#include "util/monotonic_clock.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QTemporaryDir>
#include <QTextStream>
#include <vector>

using namespace ys;

namespace {

// Attempts shaped like a streamed answer: timings, tokens and forty event times each.
std::vector<Sample> makeSamples(qint64 runId, int count)
{
    std::vector<Sample> out(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) {
        Sample &s = out[std::size_t(i)];
        s.runId = runId;
        s.seq = i;
        s.intendedStartNs = qint64(i) * 1'000'000;
        s.queueDelayNs = 1000;
        s.connectStartNs = s.intendedStartNs + 2000;
        s.requestSentNs = s.intendedStartNs + 50'000;
        s.headersNs = s.intendedStartNs + 80'000'000;
        s.firstEventNs = s.firstTokenNs = s.firstContentNs = s.intendedStartNs + 90'000'000;
        s.endNs = s.intendedStartNs + 400'000'000;
        s.httpStatus = 200;
        s.httpVersion = QStringLiteral("1.1");
        s.eventCount = 40;
        s.readCount = 40;
        s.outcome = Outcome::Ok;
        s.finishReason = QStringLiteral("stop");
        s.inputTokens = 512;
        s.outputTokens = 40;
        s.localPromptTokens = 512;
        s.localOutputTokens = 40;
        s.outputChars = 160;
        s.costUsd = 0.0003;
        for (int e = 0; e < 40; ++e)
            s.eventTimesNs.push_back(*s.firstEventNs + qint64(e) * 7'000'000);
        s.requestIndex = i;
        s.textHash = quint64(i) * 2654435761u;
    }
    return out;
}

// Rows/s inserting count attempts into the store at location; negative on failure.
double insertRate(const QString &location, int count, QString *error)
{
    Database db(location);
    if (!db.open(error))
        return -1;
    const auto run = bench::prepareRun(db, error);
    if (!run)
        return -1;
    SessionRepository repo(db);
    const std::vector<Sample> samples = makeSamples(*run, count);
    const qint64 start = monotonicNs();
    std::vector<Sample> batch;
    for (std::size_t i = 0; i < samples.size(); i += SampleWriter::kBatchSize) {
        batch.assign(samples.begin() + qsizetype(i),
                     samples.begin() +
                         qsizetype(std::min(samples.size(), i + SampleWriter::kBatchSize)));
        if (!repo.insertSamples(batch, error))
            return -1;
    }
    const double seconds = double(monotonicNs() - start) / 1e9;
    return double(count) / seconds;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Sample insert rate, SQLite and PostgreSQL."));
    parser.addHelpOption();
    const QCommandLineOption db(QStringLiteral("db"), QStringLiteral("postgresql:// URL."),
                                QStringLiteral("url"));
    const QCommandLineOption rows(QStringLiteral("rows"),
                                  QStringLiteral("Attempts into SQLite (default 200000)."),
                                  QStringLiteral("n"), QStringLiteral("200000"));
    const QCommandLineOption pgRows(QStringLiteral("pg-rows"),
                                    QStringLiteral("Attempts into PostgreSQL (default 20000)."),
                                    QStringLiteral("n"), QStringLiteral("20000"));
    parser.addOptions({db, rows, pgRows});
    parser.process(app);
    QTextStream out(stdout);
    QTextStream err(stderr);

    QTemporaryDir dir;
    QString error;
    const double sqlite = insertRate(dir.filePath(QStringLiteral("bench.sqlite")),
                                     parser.value(rows).toInt(), &error);
    if (sqlite < 0) {
        err << "SQLite: " << error << '\n';
        return 1;
    }
    out << QStringLiteral("SQLite      %1 rows/s (%2 attempts, batches of %3)\n")
               .arg(qint64(sqlite))
               .arg(parser.value(rows))
               .arg(SampleWriter::kBatchSize);
    if (!parser.isSet(db)) {
        out << "PostgreSQL  not measured: give --db postgresql://user@host:port/db\n";
        return 0;
    }
    const double pg = insertRate(parser.value(db), parser.value(pgRows).toInt(), &error);
    if (pg < 0) {
        err << "PostgreSQL: " << error << '\n';
        return 1;
    }
    out << QStringLiteral("PostgreSQL  %1 rows/s (%2 attempts, batches of %3, %4)\n")
               .arg(qint64(pg))
               .arg(parser.value(pgRows))
               .arg(SampleWriter::kBatchSize)
               .arg(Database::display(parser.value(db)));
    return 0;
}
