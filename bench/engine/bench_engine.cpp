// bench_engine: the measurement engine (SessionRunner, the code the app and the CLI run) against
// yardstick-sim in a separate process, checked against the simulator's ground truth.
//
//   accuracy  N concurrent streams (default 256, closed loop) while the main (UI) thread is kept
//             busy by a timer that spins the CPU for --busy-ms of every --busy-period-ms. Per
//             request: client first-token time (startedAtNs + firstTokenNs) minus the simulator's
//             first_content_ns, and client end (startedAtNs + endNs) minus last_byte_ns; both are
//             CLOCK_MONOTONIC, so the first is client TTFT minus true TTFT from one origin.
//             Targets: median <= 0.5 ms, p99 <= 3 ms. Also the streams in flight at once, from the
//             ground truth ([accepted_ns, end_ns]) and from the client's samples.
//   cost      M concurrent streams at a high decode rate, one token per SSE event, so that the
//             simulator offers >= 100K events/s in total. The client process's CPU time
//             (getrusage, user + system, every thread) per content event received, and events/s,
//             over the steady part of the run; the simulator's CPU for context. Targets: <= 5 us
//             per event, >= 100K events/s.
//
// With --tls, accuracy runs over https:// (HTTP/1.1 on the lanes' own TLS, trusting the
// simulator's certificate) and cost runs each repetition over http:// and then https://, and
// prints the ratio of their CPU per event (target <= 2).
//
// Every scenario runs --repeat times with a fresh simulator and database, and the median of each
// figure is printed, because the machine is shared and noisy.

#include "accuracy_scenario.h"
#include "cost_scenario.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <algorithm>

using namespace ys::bench;

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("bench_engine"));
    QCommandLineParser parser;
    parser.setApplicationDescription(BenchEngine::tr(
        "Measures the measurement engine against yardstick-sim in another process: timing "
        "accuracy against the simulator's ground truth, and the client's CPU per stream event."));
    parser.addHelpOption();
    auto option = [&](const char *name, const QString &help, const char *value) {
        const QCommandLineOption o(QString::fromLatin1(name), help, BenchEngine::tr("value"),
                                   QString::fromLatin1(value));
        parser.addOption(o);
        return o;
    };
    const auto only = option("only", BenchEngine::tr("Run one scenario: accuracy or cost."), "");
    const auto repeatOpt =
        option("repeat", BenchEngine::tr("Runs of each scenario (default 3)."), "3");
    const auto simOpt = option("sim", BenchEngine::tr("The yardstick-sim binary."), YS_SIM_BINARY);
    const auto streamsOpt = option(
        "streams", BenchEngine::tr("Concurrent streams of the accuracy scenario (default 256)."),
        "256");
    const auto requestsOpt =
        option("requests",
               BenchEngine::tr("Requests of the accuracy scenario (default 3 x streams)."), "0");
    const auto tokensPerSOpt = option(
        "tokens-per-s",
        BenchEngine::tr("Decode speed of each accuracy stream, tokens/s (default 100)."), "100");
    const auto busyOpt =
        option("busy-ms",
               BenchEngine::tr("Accuracy: the UI thread spins this long (default 20)..."), "20");
    const auto periodOpt = option(
        "busy-period-ms", BenchEngine::tr("...out of every this many ms (default 25)."), "25");
    const auto costStreamsOpt =
        option("cost-streams",
               BenchEngine::tr("Concurrent streams of the cost scenario (default 64)."), "64");
    const auto costRateOpt = option(
        "cost-tokens-per-s",
        BenchEngine::tr("Decode speed of each cost stream, tokens/s (default 2000)."), "2000");
    const auto costTokensOpt =
        option("cost-tokens",
               BenchEngine::tr("Tokens per answer in the cost scenario (default 3000)."), "3000");
    const auto costRequestsOpt =
        option("cost-requests",
               BenchEngine::tr("Requests of the cost scenario (default 4 x streams)."), "0");
    const QCommandLineOption tlsOpt(
        QStringLiteral("tls"),
        BenchEngine::tr("Accuracy over https:// (HTTP/1.1 on the lanes' own TLS); cost over "
                        "http:// and https:// in the same runs, with their ratio."));
    parser.addOption(tlsOpt);
    parser.process(app);

    const int repeat = std::max(1, parser.value(repeatOpt).toInt());
    const QString which = parser.value(only);

    // The simulator and the client are separate processes; a few hundred sockets each.
    raiseFileLimit();

    int status = 0;
    if (which.isEmpty() || which == QLatin1StringView("accuracy")) {
        AccuracyOptions o;
        o.simBinary = parser.value(simOpt);
        o.streams = std::max(1, parser.value(streamsOpt).toInt());
        o.requests = parser.value(requestsOpt).toInt();
        if (o.requests <= 0)
            o.requests = 3 * o.streams;
        o.shape.tokensPerS = parser.value(tokensPerSOpt).toDouble();
        // ~2 s streams, so that all of a round overlap.
        o.shape.minTokens = int(1.5 * o.shape.tokensPerS);
        o.shape.maxTokens = int(2.5 * o.shape.tokensPerS);
        o.busy = {parser.value(busyOpt).toInt(), parser.value(periodOpt).toInt()};
        o.tls = parser.isSet(tlsOpt);
        status |= accuracy(o, repeat);
    }
    if (which.isEmpty() || which == QLatin1StringView("cost")) {
        CostOptions o;
        o.simBinary = parser.value(simOpt);
        o.streams = std::max(1, parser.value(costStreamsOpt).toInt());
        o.requests = parser.value(costRequestsOpt).toInt();
        if (o.requests <= 0)
            o.requests = 4 * o.streams;
        o.shape.tokensPerS = parser.value(costRateOpt).toDouble();
        o.shape.minTokens = o.shape.maxTokens = parser.value(costTokensOpt).toInt();
        o.tls = parser.isSet(tlsOpt);
        status |= cost(o, repeat);
    }
    return status;
}
