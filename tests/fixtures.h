#pragma once

// What several tests build the same way: simulated providers (as profiles, and as the JSON of a
// profiles file), the simulator's count of prompt tokens, and a provider that points at a
// simulator. Each test passes the figures its checks depend on.
#include "domain/provider_config.h"
#include "sim/sim_host.h"
#include "sim/sim_profile.h"
#include "tokenize/bpe_tokenizer.h"

#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <type_traits>
#include <vector>

namespace ys::test {

// The simulator counts prompt tokens with its profile's encoding (o200k_base by default).
inline int simTokens(QStringView text)
{
    return int(Tokenizer::shared(Encoding::O200kBase).count(text));
}

// How fast and how long a simulated provider answers. The defaults are the profile file's own
// where it has one (one token per event, no jitter, seed 0).
struct ProfileShape {
    double ttftMedianMs = 10;
    double ttftP95Ms = 10;
    double prefillTokensPerS = 1e6;
    double decodeTokensPerS = 1000;
    double decodeJitter = 0;
    int tokensPerEventMin = 1;
    int tokensPerEventMax = 1;
    int outputTokensMin = 5;
    int outputTokensMax = 5;
    int contextWindow = 128000;
    std::uint64_t seed = 0;

    // Setters that name what a test changes, chained from ProfileShape() or a copy:
    // ProfileShape().withTtft(5, 8).withOutput(8, 8).
    ProfileShape &withTtft(double medianMs, double p95Ms)
    {
        ttftMedianMs = medianMs;
        ttftP95Ms = p95Ms;
        return *this;
    }
    // Tokens to an event, from min to max.
    ProfileShape &withEvents(int min, int max)
    {
        tokensPerEventMin = min;
        tokensPerEventMax = max;
        return *this;
    }
    ProfileShape &withPrefill(double tokensPerS) { return set(prefillTokensPerS, tokensPerS); }
    // Tokens to an answer, from min to max.
    ProfileShape &withOutput(int min, int max)
    {
        outputTokensMin = min;
        outputTokensMax = max;
        return *this;
    }
    ProfileShape &withDecode(double tokensPerS) { return set(decodeTokensPerS, tokensPerS); }
    ProfileShape &withJitter(double jitter) { return set(decodeJitter, jitter); }
    ProfileShape &withWindow(int tokens) { return set(contextWindow, tokens); }
    ProfileShape &withSeed(std::uint64_t value) { return set(seed, value); }

private:
    template <typename T> ProfileShape &set(T &field, std::type_identity_t<T> value)
    {
        field = value;
        return *this;
    }
};

// A profile named "Test <model>" unless given a name.
inline SimProfile simProfile(const QString &model, const ProfileShape &shape,
                             const QString &name = {})
{
    SimProfile p;
    p.name = name.isEmpty() ? QStringLiteral("Test ") + model : name;
    p.model = model;
    p.ttftMedianMs = shape.ttftMedianMs;
    p.ttftP95Ms = shape.ttftP95Ms;
    p.prefillTokensPerS = shape.prefillTokensPerS;
    p.decodeTokensPerS = shape.decodeTokensPerS;
    p.decodeJitter = shape.decodeJitter;
    p.tokensPerEventMin = shape.tokensPerEventMin;
    p.tokensPerEventMax = shape.tokensPerEventMax;
    p.outputTokensMin = shape.outputTokensMin;
    p.outputTokensMax = shape.outputTokensMax;
    p.contextWindow = shape.contextWindow;
    p.seed = shape.seed;
    return p;
}

// The same as one entry of a profiles file, with `extra` fields (faults, api_key, ...) added.
inline nlohmann::json simProfileJson(const QString &name, const QString &model,
                                     const ProfileShape &shape,
                                     const nlohmann::json &extra = nlohmann::json::object())
{
    nlohmann::json p{
        {"name", name.toStdString()},
        {"model", model.toStdString()},
        {"ttft_ms", {{"median", shape.ttftMedianMs}, {"p95", shape.ttftP95Ms}}},
        {"prefill_tokens_per_s", shape.prefillTokensPerS},
        {"decode_tokens_per_s", shape.decodeTokensPerS},
        {"decode_jitter", shape.decodeJitter},
        {"tokens_per_event", {{"min", shape.tokensPerEventMin}, {"max", shape.tokensPerEventMax}}},
        {"output_tokens", {{"min", shape.outputTokensMin}, {"max", shape.outputTokensMax}}},
        {"context_window", shape.contextWindow},
        {"seed", shape.seed}};
    p.update(extra);
    return p;
}

// A whole profiles file.
inline QByteArray simProfilesJson(const std::vector<nlohmann::json> &profiles)
{
    const nlohmann::json doc{{"format", "yardstick-sim-profiles/1"}, {"profiles", profiles}};
    return QByteArray::fromStdString(doc.dump());
}

// A running in-process simulator of these profiles (read as a file would be), or null with
// *error set.
inline std::unique_ptr<SimHost> startSim(const std::vector<nlohmann::json> &profiles,
                                         QString *error, SimHostOptions options = {})
{
    auto loaded = SimProfile::load(simProfilesJson(profiles), error);
    if (loaded.empty())
        return nullptr;
    auto host = std::make_unique<SimHost>(std::move(loaded), options);
    if (!host->start(error))
        return nullptr;
    return host;
}

// A simulator of one fast provider, "Fast" (model "fast": TTFT median 5 ms, P95 8 ms, eight
// output tokens), for the command-line tests that need a short real run.
inline std::unique_ptr<SimHost> startFastSim(QString *error)
{
    const auto shape = ProfileShape().withTtft(5, 8).withOutput(8, 8);
    return startSim({simProfileJson(QStringLiteral("Fast"), QStringLiteral("fast"), shape)}, error);
}

// A running simulator of these profiles for a test function (initTestCase, mostly), or null with
// the function failed and the reason shown (the caller returns).
[[nodiscard]] inline std::unique_ptr<SimHost>
startedSim(const std::vector<nlohmann::json> &profiles, SimHostOptions options = {})
{
    QString error;
    auto sim = startSim(profiles, &error, options);
    QTest::qVerify(sim != nullptr, "startSim(profiles)", qPrintable(error), __FILE__, __LINE__);
    return sim;
}

// The base of a test class that runs sessions on an in-process simulator: a scratch folder for its
// files and the simulator its initTestCase starts (startedSim) and its cleanupTestCase stops. The
// test functions stay the derived class's own slots.
class ScratchSimTest : public QObject {
protected:
    QTemporaryDir m_dir;
    std::unique_ptr<SimHost> m_sim;
};

// The set-up of a command-line test's initTestCase: its scratch folder must be usable, and the
// fast simulator (startFastSim) is started into sim. A failure fails the calling test function
// (the caller checks QTest::currentTestFailed() before using sim).
inline void startFastSimIn(const QTemporaryDir &dir, std::unique_ptr<SimHost> &sim)
{
    QVERIFY(dir.isValid());
    QString error;
    sim = startFastSim(&error);
    QVERIFY2(sim, qPrintable(error));
}

// What a test's provider adds to the name, address and model.
struct ProviderExtras {
    QString dialect = QStringLiteral("openai-chat");
    QString apiKeyRef{};
    std::optional<Price> price{};
    std::optional<qint64> contextWindow{};
};

inline ProviderConfig simProvider(const QString &name, const QUrl &baseUrl, const QString &model,
                                  const ProviderExtras &extras = {})
{
    ProviderConfig p;
    p.name = name;
    p.dialect = extras.dialect;
    p.baseUrl = baseUrl;
    p.model = model;
    p.apiKeyRef = extras.apiKeyRef;
    p.price = extras.price;
    p.contextWindow = extras.contextWindow;
    return p;
}

} // namespace ys::test
