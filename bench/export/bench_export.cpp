// bench_export: how fast the attempts of a big session leave the workbench, and in how much
// memory. The session is bench_analysis's generated one (a million attempts: ten providers, a
// latency run of 100,000 attempts each; session_generator.cpp), made when missing. Each repeat
// opens the database afresh, streams every attempt through AttemptsExport to a file of the
// format asked (as `yardstick-cli export --table attempts` does) and commits it. Printed: the
// median rows/s (wall and CPU time), the file's size, and the process's peak resident memory
// against the size of the data, which shows the attempts are not held. Target for CSV:
// 200,000 rows/s.

#include "bench_common.h"
#include "export/attempts_export.h"
#include "export/table_file.h"
#include "export/table_sink.h"
#include "session_generator.h"
#include "storage/database.h"
#include "storage/sqlite_direct.h"
#include "util/monotonic_clock.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <sys/resource.h>
#include <vector>

using namespace ys;

namespace {

using bench::cpuS;
using bench::median;
using bench::nowS;

struct BenchExport {
    Q_DECLARE_TR_FUNCTIONS(BenchExport)
};

constexpr double kCsvTargetRowsPerS = 200'000.0;

double peakRssMb()
{
    rusage usage = {};
    ::getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
}

struct Timed {
    qint64 rows = 0;
    double wallS = 0;
    double cpuS = 0;
    qint64 bytes = 0;
};

bool exportOnce(const QString &db, TableFile::Format format, const QString &out, Timed *timed,
                QString *error)
{
    const double wall0 = nowS(), cpu0 = cpuS();
    // The connection `yardstick-cli export` reads through (no memory-mapped file, so the peak
    // resident memory is what the export itself holds).
    Database connection(db);
    if (!connection.open(error))
        return false;
    const auto sink = TableSink::create(format, out);
    if (!sink->open(error))
        return false;
    const auto rows = AttemptsExport::write(sqlite_direct::handleOf(connection.connection()),
                                            bench::kGeneratedSessionId, *sink, error);
    if (!rows || !sink->commit(error))
        return false;
    timed->rows = *rows;
    timed->wallS = nowS() - wall0;
    timed->cpuS = cpuS() - cpu0;
    timed->bytes = QFileInfo(out).size();
    QFile::remove(out);
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(BenchExport::tr(
        "Times streaming every attempt of a session of a million attempts to a file."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(
        QStringLiteral("db"),
        BenchExport::tr("The generated database (default: bench_analysis's, made when missing)."),
        BenchExport::tr("file"));
    const QCommandLineOption formatOption(QStringLiteral("format"),
                                          BenchExport::tr("csv, xlsx or json (default csv)."),
                                          BenchExport::tr("format"), QStringLiteral("csv"));
    const QCommandLineOption repeatOption(QStringLiteral("repeat"),
                                          BenchExport::tr("Runs of the figure (default 5)."),
                                          BenchExport::tr("n"), QStringLiteral("5"));
    const QCommandLineOption outOption(
        QStringLiteral("out-dir"),
        BenchExport::tr("Where the file is written, then removed (default: next to the "
                        "database)."),
        BenchExport::tr("folder"));
    parser.addOptions({dbOption, formatOption, repeatOption, outOption});
    parser.process(app);
    const auto format = TableFile::formatFromName(parser.value(formatOption));
    if (!format) {
        QTextStream(stderr) << BenchExport::tr("--format: csv, xlsx or json") << Qt::endl;
        return 2;
    }
    const int repeat = std::max(1, parser.value(repeatOption).toInt());
    const QString db = parser.isSet(dbOption)
                           ? parser.value(dbOption)
                           : QDir(QCoreApplication::applicationDirPath())
                                 .filePath(QStringLiteral("../analysis/bench_analysis.sqlite"));
    QString error;
    const double t0 = nowS();
    if (!bench::ensureGeneratedDatabase(db, bench::GeneratedShape{}, false, &error)) {
        QTextStream(stderr) << error << Qt::endl;
        return 1;
    }
    if (nowS() - t0 > 1.0)
        std::printf("generated %s in %.1f s\n", qPrintable(db), nowS() - t0);
    const QString name = parser.value(formatOption).toLower();
    const QString out =
        QDir(parser.isSet(outOption) ? parser.value(outOption) : QFileInfo(db).absolutePath())
            .filePath(QStringLiteral("bench_export_attempts.") + name);

    std::vector<double> wallRate, cpuRate;
    Timed last;
    for (int i = 0; i < repeat; ++i) {
        if (!exportOnce(db, *format, out, &last, &error)) {
            QTextStream(stderr) << error << Qt::endl;
            return 1;
        }
        wallRate.push_back(double(last.rows) / last.wallS);
        cpuRate.push_back(double(last.rows) / last.cpuS);
    }
    const double m = median(wallRate);
    std::printf("attempts -> %-4s %lld rows, %.0f MB written: median %.0f rows/s wall of %d (min "
                "%.0f, max %.0f), %.0f rows/s of CPU time",
                qPrintable(name), static_cast<long long>(last.rows), double(last.bytes) / 1e6, m,
                repeat, *std::min_element(wallRate.begin(), wallRate.end()),
                *std::max_element(wallRate.begin(), wallRate.end()), median(cpuRate));
    if (*format == TableFile::Format::Csv)
        std::printf("; target %.0f rows/s, %.2f× the target", kCsvTargetRowsPerS,
                    m / kCsvTargetRowsPerS);
    std::printf("\n  peak resident memory %.0f MB; the database is %.0f MB, the file %.0f MB\n",
                peakRssMb(), double(QFileInfo(db).size()) / 1e6, double(last.bytes) / 1e6);
    return 0;
}
