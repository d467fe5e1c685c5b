#include "session_generator.h"

#include "domain/sample.h"
#include "domain/suite.h"
#include "storage/database.h"
#include "storage/session_repository.h"

#include <QFile>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>
#include <algorithm>
#include <cmath>
#include <random>

namespace ys::bench {

namespace {

constexpr qint64 kNsPerMs = 1'000'000;
// Bumped whenever what the generator writes changes, so an old file is not reused.
constexpr int kGeneratorVersion = 2;

QString tagOf(const GeneratedShape &shape)
{
    return QStringLiteral("bench_analysis g%1 %2x%3")
        .arg(kGeneratorVersion)
        .arg(shape.providers)
        .arg(shape.attemptsPerProvider);
}

// Whether the file at path is this generator's work at the current schema version, read without
// Database::open, which would migrate an older file forward instead of letting it be replaced.
bool isCurrent(const QString &path, const GeneratedShape &shape)
{
    if (!QFile::exists(path))
        return false;
    const QString name = QStringLiteral("bench_analysis_probe");
    bool current = false;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            const bool version = q.exec(QStringLiteral("PRAGMA user_version")) && q.next() &&
                                 q.value(0).toInt() == Database::kSchemaVersion;
            current =
                version &&
                q.exec(QStringLiteral("SELECT suite_name, status FROM sessions WHERE id = 1")) &&
                q.next() && q.value(0).toString() == tagOf(shape) &&
                q.value(1).toString() == QLatin1StringView("finished");
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return current;
}

// One provider's character: how fast it answers, how it chunks its stream, what it costs.
struct Character {
    ProviderConfig config;
    bool openLoop = false;
    double ttftMedianMs = 0;
    double gapMedianMs = 0; // between events
    int tokensPerEvent = 1;
    double failureShare = 0;
};

Character characterOf(int p)
{
    static const char *const kModels[] = {
        "gpt-4o-mini", "claude-3-5-haiku",  "gemini-2.0-flash", "deepseek-chat", "qwen-plus",
        "gpt-4o",      "claude-3-7-sonnet", "gemini-2.5-pro",   "mistral-small", "llama-3.3-70b"};
    Character c;
    c.config.name = QStringLiteral("provider-%1").arg(p);
    c.config.dialect = QStringLiteral("openai-chat");
    c.config.baseUrl = QUrl(QStringLiteral("https://api%1.example.com/v1").arg(p));
    c.config.model = QString::fromLatin1(kModels[p % 10]);
    c.config.apiKeyRef = QStringLiteral("env:KEY_%1").arg(p);
    c.config.price = Price{0.10 + 0.35 * (p % 7), 0.40 + 1.2 * (p % 5), 0.05};
    c.config.contextWindow = (p % 4 == 3) ? 64'000 : 128'000 * (1 + p % 3);
    c.openLoop = p % 3 == 2;
    c.ttftMedianMs = 180.0 + 55.0 * p;
    c.tokensPerEvent = 1 + p % 4;
    c.gapMedianMs = (7.0 + 2.5 * p) * c.tokensPerEvent;
    c.failureShare = 0.01 + 0.005 * (p % 5);
    return c;
}

class SampleMaker {
public:
    SampleMaker(const Character &c, qint64 runId, quint64 seed)
        : m_c(c)
        , m_runId(runId)
        , m_rng(seed)
    {
    }

    Sample make(int i)
    {
        Sample s;
        s.runId = m_runId;
        s.seq = i;
        s.warmup = i < 5;
        s.requestIndex = i;
        s.textHash = m_rng();
        if (m_c.openLoop) {
            // Arrivals every 20 ms; now and then the schedule runs ahead of the provider.
            s.queueDelayNs = qint64(exponential(m_rng() % 50 == 0 ? 40.0 : 0.4) * kNsPerMs);
            s.intendedStartNs = -s.queueDelayNs;
            s.startOffsetNs = qint64(i) * 20 * kNsPerMs + s.queueDelayNs;
        } else {
            s.startOffsetNs = m_clockNs;
        }
        const bool cold = uniform() < 0.05;
        s.connectionReused = !cold;
        qint64 t = qint64(uniform() * 0.2 * kNsPerMs);
        if (cold) {
            s.connectStartNs = t;
            s.connectedNs = t + qint64(lognormal(18.0, 0.3) * kNsPerMs);
            s.tlsDoneNs = *s.connectedNs + qint64(lognormal(25.0, 0.3) * kNsPerMs);
            t = *s.tlsDoneNs;
        }
        s.requestSentNs = t + qint64(0.05 * kNsPerMs);
        const qint64 ttft = t + qint64(lognormal(m_c.ttftMedianMs, 0.35) * kNsPerMs);
        s.httpVersion = QStringLiteral("1.1");
        s.requestId = QStringLiteral("req_%1").arg(m_rng(), 16, 16, QLatin1Char('0'));
        s.localPromptTokens = 1000 + qint64(m_rng() % 200);

        const double roll = uniform();
        if (roll < m_c.failureShare)
            fail(s, roll / m_c.failureShare, ttft);
        else
            succeed(s, ttft);
        m_clockNs += s.endNs / 8; // eight attempts in flight at once
        return s;
    }

private:
    double uniform() { return std::uniform_real_distribution<double>(0.0, 1.0)(m_rng); }
    double exponential(double meanMs)
    {
        return std::exponential_distribution<double>(1.0 / meanMs)(m_rng);
    }
    double lognormal(double median, double sigma)
    {
        return median * std::exp(sigma * std::normal_distribution<double>()(m_rng));
    }

    void succeed(Sample &s, qint64 ttft)
    {
        s.httpStatus = 200;
        s.headersNs = ttft - qint64(lognormal(4.0, 0.5) * kNsPerMs);
        s.firstEventNs = ttft - qint64(0.3 * kNsPerMs);
        s.firstTokenNs = ttft;
        s.firstContentNs = ttft;
        auto tokens = qint64(std::lround(lognormal(160.0, 0.6)));
        tokens = std::clamp<qint64>(tokens, 1, 384);
        const bool truncated = tokens == 384;
        const qint64 events = (tokens + m_c.tokensPerEvent - 1) / m_c.tokensPerEvent;
        s.eventTimesNs.reserve(std::size_t(events));
        qint64 at = ttft;
        int coalesced = 0;
        for (qint64 e = 0; e < events; ++e) {
            if (e > 0) {
                // One event in twenty arrives in the same read as the one before.
                if (m_rng() % 20 == 0)
                    ++coalesced;
                else
                    at += qint64(lognormal(m_c.gapMedianMs, 0.45) * kNsPerMs);
            }
            s.eventTimesNs.push_back(at);
        }
        s.endNs = at + qint64(lognormal(1.5, 0.3) * kNsPerMs);
        s.eventCount = int(events) + 2;
        s.readCount = int(events) - coalesced + 1;
        s.coalescedReads = coalesced;
        s.outcome = truncated ? Outcome::TruncatedByLimit : Outcome::Ok;
        s.finishReason = truncated ? QStringLiteral("length") : QStringLiteral("stop");
        s.modelReported = m_c.config.model;
        s.systemFingerprint = QStringLiteral("fp_%1").arg(m_rng() % 4, 8, 16, QLatin1Char('0'));
        s.inputTokens = s.localPromptTokens + 7;
        s.outputTokens = tokens;
        s.cachedTokens = m_rng() % 5 == 0 ? 512 : 0;
        s.localOutputTokens = tokens;
        s.outputChars = tokens * 4;
        s.costUsd = m_c.config.price->cost(*s.inputTokens, tokens, *s.cachedTokens);
    }

    void fail(Sample &s, double which, qint64 ttft)
    {
        s.tokensEstimated = true;
        s.localOutputTokens = 0;
        if (which < 0.4) {
            s.outcome = Outcome::RateLimited;
            s.httpStatus = 429;
            s.headersNs = *s.requestSentNs + qint64(lognormal(30.0, 0.3) * kNsPerMs);
            s.endNs = *s.headersNs + kNsPerMs;
            s.error = QStringLiteral("HTTP 429: Rate limit reached for requests");
            s.responseHeaders = QStringLiteral("retry-after: 1\nx-ratelimit-remaining-requests: 0\n"
                                               "x-ratelimit-reset-requests: 1s");
        } else if (which < 0.7) {
            s.outcome = Outcome::ServerError;
            s.httpStatus = 500;
            s.headersNs = *s.requestSentNs + qint64(lognormal(120.0, 0.5) * kNsPerMs);
            s.endNs = *s.headersNs + kNsPerMs;
            s.error = QStringLiteral("HTTP 500: The server had an error while processing");
        } else if (which < 0.85) {
            s.outcome = Outcome::TimeoutFirstToken;
            s.httpStatus = 200;
            s.headersNs = ttft / 4;
            s.endNs = 60'000 * kNsPerMs;
            s.error = QStringLiteral("No first token within 60000 ms");
        } else {
            // Cut off mid-stream: some events, no usage.
            s.outcome = Outcome::StreamCut;
            s.httpStatus = 200;
            s.headersNs = ttft - 3 * kNsPerMs;
            s.firstEventNs = ttft;
            s.firstTokenNs = ttft;
            s.firstContentNs = ttft;
            const auto events = 1 + int(m_rng() % 40);
            qint64 at = ttft;
            for (int e = 0; e < events; ++e) {
                if (e > 0)
                    at += qint64(lognormal(m_c.gapMedianMs, 0.45) * kNsPerMs);
                s.eventTimesNs.push_back(at);
            }
            s.endNs = at + kNsPerMs;
            s.eventCount = events + 1;
            s.readCount = events;
            s.localOutputTokens = qint64(events) * m_c.tokensPerEvent;
            s.outputChars = s.localOutputTokens * 4;
            s.error = QStringLiteral("The connection closed before the stream ended");
        }
    }

    const Character &m_c;
    qint64 m_runId;
    std::mt19937_64 m_rng;
    qint64 m_clockNs = 0;
};

void removeDatabaseFiles(const QString &path)
{
    for (const char *suffix : {"", "-wal", "-shm"})
        QFile::remove(path + QLatin1StringView(suffix));
}

} // namespace

bool ensureGeneratedDatabase(const QString &path, const GeneratedShape &shape, bool force,
                             QString *error)
{
    if (!force && isCurrent(path, shape))
        return true;
    removeDatabaseFiles(path);
    Database db(path);
    if (!db.open(error))
        return false;
    SessionRepository repo(db);
    Suite suite;
    suite.name = tagOf(shape);
    std::vector<Character> characters;
    for (int p = 0; p < shape.providers; ++p) {
        characters.push_back(characterOf(p));
        suite.providers.push_back(characters.back().config);
    }
    Scenario latency;
    latency.requests = shape.attemptsPerProvider - 5;
    latency.warmup = 5;
    latency.concurrency = 8;
    suite.scenarios.push_back(latency);
    const auto session = repo.createSession(suite, error);
    if (!session)
        return false;
    constexpr int kBatch = 20'000;
    for (int p = 0; p < shape.providers; ++p) {
        const Character &c = characters[std::size_t(p)];
        const auto provider = repo.ensureProvider(*session, c.config, error);
        Scenario scenario = latency;
        if (c.openLoop) {
            scenario.load = QStringLiteral("open");
            scenario.ratePerS = 50;
            scenario.concurrency = 64;
        }
        const auto run =
            provider ? repo.createRun(*session, *provider, scenario, error) : std::nullopt;
        if (!run)
            return false;
        SampleMaker maker(c, *run, 0xbe7c4 + quint64(p));
        std::vector<Sample> batch;
        batch.reserve(kBatch);
        for (int i = 0; i < shape.attemptsPerProvider; ++i) {
            batch.push_back(maker.make(i));
            if (int(batch.size()) == kBatch || i + 1 == shape.attemptsPerProvider) {
                if (!repo.insertSamples(batch, error))
                    return false;
                batch.clear();
            }
        }
        if (!repo.finishRun(*run, SessionStatus::Finished, error))
            return false;
    }
    // Last, so a generation cut short is never taken for a finished one.
    if (!repo.finishSession(*session, SessionStatus::Finished, error))
        return false;
    QSqlQuery(db.connection()).exec(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)"));
    return true;
}

} // namespace ys::bench
