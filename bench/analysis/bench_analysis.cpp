// bench_analysis: how long the analysis takes at scale.
//
//   session  a database of one session with a million attempts (ten providers, a latency run of
//            100,000 attempts each; session_generator.cpp), written once through the storage code
//            and kept next to this program. Timed: loadSessionSummary, the gates of every
//            provider and the Pareto front of their figures; "cold" opens the database afresh
//            each time (the operating system's file cache is warm), "repeated" reuses one open
//            connection. Target: under 1 s.
//   pareto   paretoFront of a million random points. Target: under 200 ms.
//
// Each figure is the median of --repeat runs, because machines are noisy.

#include "analysis/gates.h"
#include "analysis/pareto.h"
#include "bench_common.h"
#include "session_generator.h"
#include "storage/database.h"
#include "storage/session_repository.h"
#include "storage/summary_loader.h"
#include "util/monotonic_clock.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTextStream>
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <random>
#include <vector>

using namespace ys;

namespace {

using bench::median;

// Translation context of this program's messages.
struct BenchAnalysis {
    Q_DECLARE_TR_FUNCTIONS(BenchAnalysis)
};

constexpr double kSessionTargetMs = 1000.0;
constexpr double kParetoTargetMs = 200.0;

double nowMs()
{
    return double(monotonicNs()) / 1e6;
}

// This process's CPU time on every core: on a machine shared with other work the wall time
// says as much about the others as about the analysis.
double cpuMs()
{
    timespec ts = {};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

void printFigure(const QString &what, const std::vector<double> &runsMs, double targetMs)
{
    const double m = median(runsMs);
    std::printf("%-52s median %9.1f ms of %zu (min %.1f, max %.1f); target %.0f ms, %.2f× the "
                "target\n",
                qPrintable(what), m, runsMs.size(), *std::min_element(runsMs.begin(), runsMs.end()),
                *std::max_element(runsMs.begin(), runsMs.end()), targetMs, m / targetMs);
}

struct Analysed {
    int providers = 0;
    int attempts = 0;
    int passing = 0;
    std::size_t front = 0;
};

// What a reader of the session asks for: the summary, every provider's gates, the front.
std::optional<Analysed> analyse(const SessionRepository &repo, QString *error)
{
    const auto summary = loadSessionSummary(repo, bench::kGeneratedSessionId, error);
    if (!summary)
        return std::nullopt;
    Analysed a;
    const Requirements requirements;
    std::vector<ParetoPoint> points;
    for (const ProviderSummary &p : summary->providers) {
        ++a.providers;
        a.attempts += p.attempts;
        if (Gates::evaluate(p, requirements).overall() == GateResult::Pass)
            ++a.passing;
        const auto &latency = Gates::gatedLatency(p).p95;
        if (latency && p.usdPer1kBlended)
            points.push_back({*p.usdPer1kBlended, *latency});
    }
    a.front = paretoFront(points).size();
    return a;
}

bool benchSession(const QString &path, int repeat, QString *error)
{
    std::vector<double> cold, repeated, coldCpu, repeatedCpu;
    std::optional<Analysed> a;
    for (int r = 0; r < repeat; ++r) {
        const double t0 = nowMs();
        const double c0 = cpuMs();
        Database db(path);
        if (!db.open(error))
            return false;
        SessionRepository repo(db);
        a = analyse(repo, error);
        if (!a)
            return false;
        cold.push_back(nowMs() - t0);
        coldCpu.push_back(cpuMs() - c0);
    }
    {
        Database db(path);
        if (!db.open(error))
            return false;
        SessionRepository repo(db);
        for (int r = 0; r < repeat; ++r) {
            const double t0 = nowMs();
            const double c0 = cpuMs();
            a = analyse(repo, error);
            if (!a)
                return false;
            repeated.push_back(nowMs() - t0);
            repeatedCpu.push_back(cpuMs() - c0);
        }
    }
    std::printf("session: %d providers, %d attempts counted (warm-up left out), %d pass every "
                "gate, %zu on the Pareto front; %.0f MB\n",
                a->providers, a->attempts, a->passing, a->front,
                double(QFileInfo(path).size()) / 1e6);
    printFigure(BenchAnalysis::tr("summary + gates + Pareto, cold (open each time)"), cold,
                kSessionTargetMs);
    printFigure(BenchAnalysis::tr("summary + gates + Pareto, repeated (one connection)"), repeated,
                kSessionTargetMs);
    printFigure(BenchAnalysis::tr("  the same, CPU time, cold"), coldCpu, kSessionTargetMs);
    printFigure(BenchAnalysis::tr("  the same, CPU time, repeated"), repeatedCpu, kSessionTargetMs);
    return true;
}

std::vector<ParetoPoint> randomPoints(int n, quint64 seed)
{
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> cost(0.0001, 0.01), latency(100.0, 5000.0);
    std::vector<ParetoPoint> points(static_cast<std::size_t>(n));
    for (ParetoPoint &p : points)
        p = {cost(rng), latency(rng)};
    return points;
}

void benchPareto(int points, int repeat)
{
    // A quadratic front at a million points would run for hours: grow n tenfold while the last
    // size, scaled as if quadratic, projects under a minute.
    double lastMs = 0;
    for (int n = std::min(points, 10'000);; n = std::min(points, n * 10)) {
        if (n > 10'000 && lastMs * 100.0 > 60'000.0) {
            std::printf("pareto: %d points skipped: %.0f ms at %d points projects to %.0f s if "
                        "the front is quadratic\n",
                        n, lastMs, n / 10, lastMs * 100.0 / 1000.0);
            return;
        }
        std::vector<double> runs, cpu;
        std::size_t front = 0;
        for (int r = 0; r < repeat; ++r) {
            const auto p = randomPoints(n, 0x9a4e70 + quint64(r));
            const double t0 = nowMs();
            const double c0 = cpuMs();
            front = paretoFront(p).size();
            runs.push_back(nowMs() - t0);
            cpu.push_back(cpuMs() - c0);
        }
        lastMs = median(runs);
        if (n == points) {
            std::printf("pareto: %d uniform random points, %zu on the front\n", n, front);
            printFigure(BenchAnalysis::tr("paretoFront of %1 points").arg(n), runs,
                        kParetoTargetMs);
            printFigure(BenchAnalysis::tr("  the same, CPU time"), cpu, kParetoTargetMs);
            return;
        }
        std::printf("pareto: %d points: median %.1f ms\n", n, lastMs);
    }
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(BenchAnalysis::tr(
        "Times the summary, gates and Pareto front of a session of a million attempts, and the "
        "Pareto front of a million points."));
    parser.addHelpOption();
    const QCommandLineOption dbOption(
        QStringLiteral("db"),
        BenchAnalysis::tr("The generated database (default: bench_analysis.sqlite next to this "
                          "program; made when missing or out of date)."),
        BenchAnalysis::tr("file"));
    const QCommandLineOption providersOption(
        QStringLiteral("providers"), BenchAnalysis::tr("Providers in the session (default 10)."),
        BenchAnalysis::tr("n"), QStringLiteral("10"));
    const QCommandLineOption attemptsOption(
        QStringLiteral("attempts"),
        BenchAnalysis::tr("Attempts of each provider's run (default 100000)."),
        BenchAnalysis::tr("n"), QStringLiteral("100000"));
    const QCommandLineOption pointsOption(
        QStringLiteral("points"),
        BenchAnalysis::tr("Points of the Pareto scenario (default 1000000)."),
        BenchAnalysis::tr("n"), QStringLiteral("1000000"));
    const QCommandLineOption repeatOption(QStringLiteral("repeat"),
                                          BenchAnalysis::tr("Runs of each figure (default 5)."),
                                          BenchAnalysis::tr("n"), QStringLiteral("5"));
    const QCommandLineOption regenerateOption(QStringLiteral("regenerate"),
                                              BenchAnalysis::tr("Write the database again."));
    const QCommandLineOption onlyOption(QStringLiteral("only"),
                                        BenchAnalysis::tr("Run one scenario: session or pareto."),
                                        BenchAnalysis::tr("name"));
    parser.addOptions({dbOption, providersOption, attemptsOption, pointsOption, repeatOption,
                       regenerateOption, onlyOption});
    parser.process(app);
    const int repeat = std::max(1, parser.value(repeatOption).toInt());
    const QString only = parser.value(onlyOption);
    bench::GeneratedShape shape;
    shape.providers = std::max(1, parser.value(providersOption).toInt());
    shape.attemptsPerProvider = std::max(10, parser.value(attemptsOption).toInt());
    const QString path = parser.isSet(dbOption)
                             ? parser.value(dbOption)
                             : QDir(QCoreApplication::applicationDirPath())
                                   .filePath(QStringLiteral("bench_analysis.sqlite"));

    if (only.isEmpty() || only == QLatin1StringView("session")) {
        QString error;
        const double t0 = nowMs();
        if (!bench::ensureGeneratedDatabase(path, shape, parser.isSet(regenerateOption), &error)) {
            QTextStream(stderr) << error << Qt::endl;
            return 1;
        }
        if (nowMs() - t0 > 1000.0)
            std::printf("generated %s in %.1f s\n", qPrintable(path), (nowMs() - t0) / 1000.0);
        if (!benchSession(path, repeat, &error)) {
            QTextStream(stderr) << error << Qt::endl;
            return 1;
        }
    }
    if (only.isEmpty() || only == QLatin1StringView("pareto"))
        benchPareto(std::max(1, parser.value(pointsOption).toInt()), repeat);
    return 0;
}
