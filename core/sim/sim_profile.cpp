#include "sim/sim_profile.h"

#include "sim/sim_text.h"
#include "util/read_file.h"

#include <QDir>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

using Json = nlohmann::json;

// Stream 0 drives timing and length; stream 1 is the text (sim_text.cpp); stream 4 draws the
// profile's faults; stream 5 the length of an answer keyed by its prompt.
constexpr std::uint64_t kPlanStream = 0;
constexpr std::uint64_t kFaultStream = 4;
constexpr std::uint64_t kLengthStream = 5;
// Stream 7 the noise of a reported cost (6 is the divergence draw in sim_connection_intake.cpp).
constexpr std::uint64_t kCostStream = 7;

// z of the 95th percentile of N(0,1).
constexpr double kZ95 = 1.6449;

constexpr auto kFormat = "yardstick-sim-profiles/1";

// Thrown while reading one profile; turned into the message at the top of load().
struct FieldError {
    QString field;
    QString problem;
};

QString typeName(const Json &value)
{
    return QString::fromLatin1(value.type_name());
}

QString joinField(const QString &parent, const char *key)
{
    const QString name = QString::fromLatin1(key);
    return parent.isEmpty() ? name : parent + QLatin1Char('.') + name;
}

void checkKeys(const Json &object, const QString &field,
               std::initializer_list<const char *> allowed)
{
    if (!object.is_object())
        throw FieldError{field, SimProfile::tr("expected an object, got %1").arg(typeName(object))};
    for (auto it = object.begin(); it != object.end(); ++it) {
        const bool known = std::any_of(allowed.begin(), allowed.end(),
                                       [&](const char *key) { return it.key() == key; });
        if (!known) {
            const QString name = QString::fromStdString(it.key());
            throw FieldError{field.isEmpty() ? name : field + QLatin1Char('.') + name,
                             SimProfile::tr("unknown field")};
        }
    }
}

const Json *member(const Json &object, const char *key)
{
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json &required(const Json &object, const char *key, const QString &parent)
{
    const Json *value = member(object, key);
    if (!value)
        throw FieldError{joinField(parent, key), SimProfile::tr("is required")};
    return *value;
}

double readNumber(const Json &value, const QString &field)
{
    if (!value.is_number())
        throw FieldError{field, SimProfile::tr("expected a number, got %1").arg(typeName(value))};
    const double number = value.get<double>();
    if (!std::isfinite(number))
        throw FieldError{field, SimProfile::tr("must be a finite number")};
    return number;
}

double readPositive(const Json &value, const QString &field)
{
    const double number = readNumber(value, field);
    if (number <= 0)
        throw FieldError{field, SimProfile::tr("must be greater than 0, got %1").arg(number)};
    return number;
}

int readInt(const Json &value, const QString &field, int minimum)
{
    if (!value.is_number_integer())
        throw FieldError{field, SimProfile::tr("expected an integer, got %1").arg(typeName(value))};
    const bool tooLarge =
        value.is_number_unsigned()
            ? value.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<int>::max())
            : value.get<std::int64_t>() > std::numeric_limits<int>::max();
    if (tooLarge)
        throw FieldError{field, SimProfile::tr("is too large")};
    const std::int64_t number = value.get<std::int64_t>();
    if (number < minimum)
        throw FieldError{field,
                         SimProfile::tr("must be at least %1, got %2").arg(minimum).arg(number)};
    return int(number);
}

QString readString(const Json &value, const QString &field)
{
    if (!value.is_string())
        throw FieldError{field, SimProfile::tr("expected a string, got %1").arg(typeName(value))};
    const QString text = QString::fromStdString(value.get<std::string>());
    if (text.trimmed().isEmpty())
        throw FieldError{field, SimProfile::tr("must not be empty")};
    return text;
}

void readRange(const Json &value, const QString &field, int minimum, int *low, int *high)
{
    checkKeys(value, field, {"min", "max"});
    *low = readInt(required(value, "min", field), joinField(field, "min"), minimum);
    *high = readInt(required(value, "max", field), joinField(field, "max"), minimum);
    if (*high < *low)
        throw FieldError{joinField(field, "max"),
                         SimProfile::tr("must not be below min (%1)").arg(*low)};
}

// The timing of an answer: time to first token, prefill and decode speeds, how the tokens come
// in events, how many there are, and how many requests run at once.
void readTiming(const Json &object, SimProfile &p)
{
    const QString none;
    const Json &ttft = required(object, "ttft_ms", none);
    const QString ttftField = QStringLiteral("ttft_ms");
    checkKeys(ttft, ttftField, {"median", "p95"});
    p.ttftMedianMs =
        readPositive(required(ttft, "median", ttftField), QStringLiteral("ttft_ms.median"));
    p.ttftP95Ms = readPositive(required(ttft, "p95", ttftField), QStringLiteral("ttft_ms.p95"));
    if (p.ttftP95Ms < p.ttftMedianMs)
        throw FieldError{QStringLiteral("ttft_ms.p95"),
                         SimProfile::tr("must not be below the median (%1)").arg(p.ttftMedianMs)};

    p.prefillTokensPerS = readPositive(required(object, "prefill_tokens_per_s", none),
                                       QStringLiteral("prefill_tokens_per_s"));
    if (const Json *q = member(object, "prefill_quadratic_s_per_mtok2")) {
        p.prefillQuadraticSPerMTok2 =
            readNumber(*q, QStringLiteral("prefill_quadratic_s_per_mtok2"));
        if (p.prefillQuadraticSPerMTok2 < 0)
            throw FieldError{QStringLiteral("prefill_quadratic_s_per_mtok2"),
                             SimProfile::tr("must not be negative")};
    }
    p.decodeTokensPerS = readPositive(required(object, "decode_tokens_per_s", none),
                                      QStringLiteral("decode_tokens_per_s"));
    if (const Json *jitter = member(object, "decode_jitter")) {
        p.decodeJitter = readNumber(*jitter, QStringLiteral("decode_jitter"));
        if (p.decodeJitter < 0 || p.decodeJitter > 5)
            throw FieldError{QStringLiteral("decode_jitter"),
                             SimProfile::tr("must be between 0 and 5, got %1").arg(p.decodeJitter)};
    }
    if (const Json *events = member(object, "tokens_per_event"))
        readRange(*events, QStringLiteral("tokens_per_event"), 1, &p.tokensPerEventMin,
                  &p.tokensPerEventMax);
    readRange(required(object, "output_tokens", none), QStringLiteral("output_tokens"), 1,
              &p.outputTokensMin, &p.outputTokensMax);
    if (const Json *capacity = member(object, "capacity"))
        p.capacity = readInt(*capacity, QStringLiteral("capacity"), 0);
}

// How prompts are counted and reported: the window, the tokenizer, usage and fingerprints.
void readTokens(const Json &object, SimProfile &p)
{
    const QString none;
    p.contextWindow =
        readInt(required(object, "context_window", none), QStringLiteral("context_window"), 1);
    if (const Json *encoding = member(object, "encoding")) {
        const QString name = readString(*encoding, QStringLiteral("encoding"));
        const auto e = encodingFromName(name);
        if (!e)
            throw FieldError{QStringLiteral("encoding"),
                             SimProfile::tr("expected \"o200k_base\" or \"cl100k_base\", got "
                                            "\"%1\"")
                                 .arg(name)};
        p.encoding = *e;
    }
    if (const Json *every = member(object, "fingerprint_every"))
        p.fingerprintEvery = readInt(*every, QStringLiteral("fingerprint_every"), 0);
    if (const Json *fingerprint = member(object, "system_fingerprint");
        fingerprint && !fingerprint->is_null()) {
        p.systemFingerprint = readString(*fingerprint, QStringLiteral("system_fingerprint"));
        static const QRegularExpression kFingerprint(QStringLiteral("^[A-Za-z0-9_.-]{1,64}$"));
        if (!kFingerprint.match(p.systemFingerprint).hasMatch())
            throw FieldError{QStringLiteral("system_fingerprint"),
                             SimProfile::tr("expected 1 to 64 letters, digits, '_', '.' or '-'")};
    }
    if (const Json *factor = member(object, "usage_factor")) {
        const QString field = QStringLiteral("usage_factor");
        checkKeys(*factor, field, {"prompt", "completion"});
        const auto read = [&](const char *key, double *out) {
            if (const Json *v = member(*factor, key)) {
                const QString name = field + QLatin1Char('.') + QLatin1StringView(key);
                *out = readNumber(*v, name);
                if (!(*out > 0) || *out > 10)
                    throw FieldError{name, SimProfile::tr("must be above 0 and at most 10")};
            }
        };
        read("prompt", &p.promptUsageFactor);
        read("completion", &p.completionUsageFactor);
    }
    if (const Json *usage = member(object, "usage")) {
        if (!usage->is_boolean())
            throw FieldError{
                QStringLiteral("usage"),
                SimProfile::tr("expected true or false, got %1").arg(typeName(*usage))};
        p.usage = usage->get<bool>();
    }
}

// The optional settings below sit in helpers of their own so that readProfile() reads as the
// list of a profile's fields; their order decides which error a profile with several gets.
void readPrice(const Json &object, SimProfile &p)
{
    if (const Json *price = member(object, "price"); price && !price->is_null()) {
        const QString field = QStringLiteral("price");
        checkKeys(*price, field, {"input_per_mtok", "output_per_mtok"});
        SimPrice value;
        value.inputPerMTok = readNumber(required(*price, "input_per_mtok", field),
                                        QStringLiteral("price.input_per_mtok"));
        value.outputPerMTok = readNumber(required(*price, "output_per_mtok", field),
                                         QStringLiteral("price.output_per_mtok"));
        if (value.inputPerMTok < 0)
            throw FieldError{QStringLiteral("price.input_per_mtok"),
                             SimProfile::tr("must not be negative")};
        if (value.outputPerMTok < 0)
            throw FieldError{QStringLiteral("price.output_per_mtok"),
                             SimProfile::tr("must not be negative")};
        p.price = value;
    }
}

void readReportedCost(const Json &object, SimProfile &p)
{
    if (const Json *cost = member(object, "reported_cost"); cost && !cost->is_null()) {
        const QString field = QStringLiteral("reported_cost");
        checkKeys(*cost, field, {"a", "alpha", "beta", "noise"});
        SimReportedCost value;
        value.a = readPositive(required(*cost, "a", field), QStringLiteral("reported_cost.a"));
        value.alpha =
            readNumber(required(*cost, "alpha", field), QStringLiteral("reported_cost.alpha"));
        value.beta =
            readPositive(required(*cost, "beta", field), QStringLiteral("reported_cost.beta"));
        if (const Json *noise = member(*cost, "noise")) {
            value.noise = readNumber(*noise, QStringLiteral("reported_cost.noise"));
            if (value.noise < 0 || value.noise >= 1)
                throw FieldError{
                    QStringLiteral("reported_cost.noise"),
                    SimProfile::tr("must be at least 0 and below 1, got %1").arg(value.noise)};
        }
        p.reportedCost = value;
    }
}

void readSeed(const Json &object, SimProfile &p)
{
    if (const Json *seed = member(object, "seed")) {
        if (!seed->is_number_integer() ||
            (!seed->is_number_unsigned() && seed->get<std::int64_t>() < 0))
            throw FieldError{QStringLiteral("seed"),
                             SimProfile::tr("expected a non-negative integer, got %1")
                                 .arg(QString::fromStdString(seed->dump()))};
        p.seed = seed->get<std::uint64_t>();
    }
}

void readDivergence(const Json &object, SimProfile &p)
{
    if (const Json *divergence = member(object, "divergence")) {
        p.divergence = readNumber(*divergence, QStringLiteral("divergence"));
        if (p.divergence < 0 || p.divergence > 1)
            throw FieldError{QStringLiteral("divergence"),
                             SimProfile::tr("must be between 0 and 1, got %1").arg(p.divergence)};
    }
}

void readContextOverflow(const Json &object, SimProfile &p)
{
    if (const Json *overflow = member(object, "context_overflow")) {
        const QString field = QStringLiteral("context_overflow");
        const QString mode = readString(*overflow, field);
        if (mode == QLatin1StringView("error"))
            p.contextOverflow = SimContextOverflow::Error;
        else if (mode == QLatin1StringView("truncate"))
            p.contextOverflow = SimContextOverflow::Truncate;
        else
            throw FieldError{field, SimProfile::tr("expected \"error\" or \"truncate\", got "
                                                   "\"%1\"")
                                        .arg(mode)};
    }
}

// A share from 0 to 1 read from member `key` of `object`, named `field`.`key` in errors.
std::optional<double> readShare(const Json &object, const char *key, const QString &field)
{
    const Json *v = member(object, key);
    if (!v)
        return std::nullopt;
    const QString name = field + QLatin1Char('.') + QLatin1StringView(key);
    const double value = readNumber(*v, name);
    if (value < 0 || value > 1)
        throw FieldError{name, SimProfile::tr("must be between 0 and 1, got %1").arg(value)};
    return value;
}

void readNeedleRecall(const Json &object, SimProfile &p)
{
    const Json *recall = member(object, "needle_recall");
    if (!recall || recall->is_null())
        return;
    const QString field = QStringLiteral("needle_recall");
    checkKeys(*recall, field, {"rate", "up_to_tokens", "rate_beyond", "lost_depth"});
    SimNeedleRecall value;
    value.rate = readShare(*recall, "rate", field).value_or(1.0);
    if (const Json *upTo = member(*recall, "up_to_tokens"))
        value.upToTokens = readInt(*upTo, field + QStringLiteral(".up_to_tokens"), 1);
    value.rateBeyond = readShare(*recall, "rate_beyond", field).value_or(0.0);
    if (const Json *lost = member(*recall, "lost_depth"); lost && !lost->is_null()) {
        const QString name = field + QStringLiteral(".lost_depth");
        if (!lost->is_array() || lost->size() != 2)
            throw FieldError{name, SimProfile::tr("expected [from, to], two numbers from 0 to 1")};
        const double from = readNumber((*lost)[0], name);
        const double to = readNumber((*lost)[1], name);
        if (from < 0 || to > 1 || from > to)
            throw FieldError{
                name,
                SimProfile::tr("expected 0 <= from <= to <= 1, got [%1, %2]").arg(from).arg(to)};
        value.lostDepth = std::make_pair(from, to);
    }
    p.needleRecall = value;
}

void readPrefixCache(const Json &object, SimProfile &p)
{
    if (const Json *cache = member(object, "prefix_cache"); cache && !cache->is_null()) {
        const QString field = QStringLiteral("prefix_cache");
        checkKeys(*cache, field, {"min_tokens", "ttft_saving", "max_prefixes"});
        SimPrefixCacheConfig config;
        if (const Json *min = member(*cache, "min_tokens"))
            config.minTokens = readInt(*min, QStringLiteral("prefix_cache.min_tokens"), 1);
        if (const Json *saving = member(*cache, "ttft_saving")) {
            config.ttftSaving = readNumber(*saving, QStringLiteral("prefix_cache.ttft_saving"));
            if (config.ttftSaving < 0 || config.ttftSaving > 1)
                throw FieldError{
                    QStringLiteral("prefix_cache.ttft_saving"),
                    SimProfile::tr("must be between 0 and 1, got %1").arg(config.ttftSaving)};
        }
        if (const Json *max = member(*cache, "max_prefixes"))
            config.maxPrefixes = readInt(*max, QStringLiteral("prefix_cache.max_prefixes"), 1);
        p.prefixCache = config;
    }
}

void readRateLimits(const Json &object, SimProfile &p)
{
    if (const Json *limits = member(object, "rate_limits"); limits && !limits->is_null()) {
        const QString field = QStringLiteral("rate_limits");
        checkKeys(*limits, field, {"requests_per_min", "tokens_per_min"});
        if (const Json *rpm = member(*limits, "requests_per_min"))
            p.rateLimits.requestsPerMin =
                readInt(*rpm, QStringLiteral("rate_limits.requests_per_min"), 0);
        if (const Json *tpm = member(*limits, "tokens_per_min"))
            p.rateLimits.tokensPerMin =
                readInt(*tpm, QStringLiteral("rate_limits.tokens_per_min"), 0);
    }
}

void readFaultRates(const Json &object, SimProfile &p)
{
    if (const Json *faults = member(object, "faults"); faults && !faults->is_null()) {
        if (!faults->is_object())
            throw FieldError{QStringLiteral("faults"),
                             SimProfile::tr("expected an object, got %1").arg(typeName(*faults))};
        for (auto it = faults->begin(); it != faults->end(); ++it) {
            const QString field = QStringLiteral("faults.") + QString::fromStdString(it.key());
            const std::optional<SimFault> fault =
                simFaultFromName(QByteArrayView(it.key().data(), qsizetype(it.key().size())));
            if (!fault)
                throw FieldError{field, SimProfile::tr("unknown fault; known faults: %1")
                                            .arg(simFaultNames().join(QStringLiteral(", ")))};
            SimFaultRate rate;
            rate.fault = *fault;
            const Json *probability = &*it;
            if (it->is_object()) {
                checkKeys(*it, field, {"probability", "param"});
                probability = &required(*it, "probability", field);
                if (const Json *param = member(*it, "param"))
                    rate.param = readInt(*param, field + QStringLiteral(".param"), 0);
            }
            rate.probability = readNumber(*probability, field);
            if (rate.probability < 0 || rate.probability > 1)
                throw FieldError{field, SimProfile::tr("probability must be between 0 and 1, "
                                                       "got %1")
                                            .arg(rate.probability)};
            p.faults.push_back(rate);
        }
    }
}

SimProfile readProfile(const Json &object)
{
    checkKeys(object, QString(),
              {"name",
               "model",
               "ttft_ms",
               "prefill_tokens_per_s",
               "prefill_quadratic_s_per_mtok2",
               "decode_tokens_per_s",
               "decode_jitter",
               "tokens_per_event",
               "output_tokens",
               "capacity",
               "context_window",
               "usage",
               "api_key",
               "price",
               "reported_cost",
               "seed",
               "divergence",
               "context_overflow",
               "needle_recall",
               "prefix_cache",
               "rate_limits",
               "faults",
               "encoding",
               "fingerprint_every",
               "system_fingerprint",
               "usage_factor",
               "structured_output",
               "golden",
               "reasoning",
               "tool_calls"});
    SimProfile p;
    const QString none;
    p.name = readString(required(object, "name", none), QStringLiteral("name"));
    p.model = readString(required(object, "model", none), QStringLiteral("model"));
    readTiming(object, p);
    readTokens(object, p);
    if (const Json *key = member(object, "api_key"); key && !key->is_null())
        p.apiKey = readString(*key, QStringLiteral("api_key"));
    readPrice(object, p);
    readReportedCost(object, p);
    readSeed(object, p);
    readDivergence(object, p);
    readContextOverflow(object, p);
    readNeedleRecall(object, p);
    readPrefixCache(object, p);
    readRateLimits(object, p);
    readFaultRates(object, p);
    if (auto problem = readSimReasoning(object, &p.reasoning))
        throw FieldError{problem->first, problem->second};
    if (auto problem = readSimAnswers(object, &p.answers))
        throw FieldError{problem->first, problem->second};
    if (auto problem = readSimToolCalls(object, &p.toolCalls))
        throw FieldError{problem->first, problem->second};
    return p;
}

// Line and column (both from 1) of a byte offset, for JSON syntax errors.
std::pair<int, int> lineAndColumn(const QByteArray &json, std::size_t offset)
{
    int line = 1;
    int column = 1;
    const auto end = std::min<qsizetype>(qsizetype(offset), json.size());
    for (qsizetype i = 0; i < end; ++i) {
        if (json.at(i) == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

} // namespace

SimPlan SimProfile::plan(std::uint64_t requestNumber, int promptTokens,
                         std::optional<int> maxTokens, int cachedTokens,
                         std::optional<std::uint64_t> contentKey) const
{
    SimRandom random(simStreamSeed(seed, requestNumber, kPlanStream));
    SimPlan plan;
    plan.requestNumber = requestNumber;

    const double mu = std::log(ttftMedianMs);
    const double sigma = std::log(ttftP95Ms / ttftMedianMs) / kZ95;
    plan.baseTtftNs = std::llround(std::exp(mu + sigma * random.normal()) * 1e6);
    const double cached = double(std::clamp(cachedTokens, 0, std::max(promptTokens, 0)));
    const double saving = prefixCache ? prefixCache->ttftSaving : 0.0;
    const double prefilled = double(std::max(promptTokens, 0)) - cached * saving;
    // Attention's cost grows with the square of the context, so long prompts prefill on a curve;
    // the prefix cache shortens only the linear part, as it saves the work on cached tokens.
    const double mtok = double(std::max(promptTokens, 0)) / 1e6;
    plan.prefillNs = std::llround(prefilled / prefillTokensPerS * 1e9 +
                                  prefillQuadraticSPerMTok2 * mtok * mtok * 1e9);

    int natural = random.uniformInt(outputTokensMin, outputTokensMax);
    if (contentKey)
        natural = SimRandom(simStreamSeed(seed, *contentKey, kLengthStream))
                      .uniformInt(outputTokensMin, outputTokensMax);
    plan.completionTokens = natural;
    if (maxTokens && *maxTokens >= 1 && *maxTokens < natural) {
        plan.completionTokens = *maxTokens;
        plan.truncated = true;
    }

    // The first event arrives at the TTFT; each later one after the time its own tokens take.
    std::int64_t at = plan.baseTtftNs + plan.prefillNs;
    int left = plan.completionTokens;
    bool first = true;
    while (left > 0) {
        const int tokens = std::min(left, random.uniformInt(tokensPerEventMin, tokensPerEventMax));
        if (!first) {
            const double factor = std::max(0.2, 1.0 + decodeJitter * random.normal());
            at += std::llround(double(tokens) / decodeTokensPerS * factor * 1e9);
        }
        plan.events.push_back({at, tokens});
        left -= tokens;
        first = false;
    }
    if (reasoning && reasoning->tokens > 0)
        addReasoning(plan, random);
    return plan;
}

std::optional<double> SimProfile::reportedCostUsd(std::uint64_t requestNumber,
                                                  int promptTokens) const
{
    if (!reportedCost)
        return std::nullopt;
    const SimReportedCost &c = *reportedCost;
    const double w = double(std::max(promptTokens, 0));
    SimRandom random(simStreamSeed(seed, requestNumber, kCostStream));
    const double factor = 1 + c.noise * (2 * random.uniform01() - 1);
    return c.a * std::pow(w, c.alpha) * std::log2(1 + c.beta * w) * factor;
}

double SimNeedleRecall::chance(int processedTokens, double depth) const
{
    if (lostDepth && depth >= lostDepth->first && depth <= lostDepth->second)
        return 0;
    return upToTokens && processedTokens > *upToTokens ? rateBeyond : rate;
}

SimFaultSet SimProfile::drawFaults(std::uint64_t requestNumber) const
{
    SimFaultSet set;
    if (faults.empty())
        return set;
    SimRandom random(simStreamSeed(seed, requestNumber, kFaultStream));
    for (const SimFaultRate &rate : faults) {
        // One draw per listed fault whatever its probability, so that changing one rate does not
        // reshuffle which requests get the others.
        if (random.uniform01() < rate.probability)
            set.add(rate.fault, rate.param);
    }
    return set;
}

std::vector<SimProfile> SimProfile::load(const QByteArray &json, QString *error)
{
    auto fail = [error](const QString &message) {
        if (error)
            *error = message;
        return std::vector<SimProfile>();
    };

    Json root;
    try {
        root = Json::parse(json.cbegin(), json.cend());
    } catch (const Json::parse_error &e) {
        const auto [line, column] = lineAndColumn(json, e.byte > 0 ? e.byte - 1 : 0);
        return fail(tr("invalid JSON at line %1, column %2").arg(line).arg(column));
    }

    std::vector<SimProfile> profiles;
    QString location;
    try {
        checkKeys(root, QString(), {"format", "profiles"});
        const Json &format = required(root, "format", QString());
        if (!format.is_string() || format.get<std::string>() != kFormat)
            throw FieldError{
                QStringLiteral("format"),
                tr("expected \"%1\", got %2")
                    .arg(QLatin1StringView(kFormat), QString::fromStdString(format.dump()))};
        const Json &list = required(root, "profiles", QString());
        if (!list.is_array())
            throw FieldError{QStringLiteral("profiles"),
                             tr("expected an array, got %1").arg(typeName(list))};
        if (list.empty())
            throw FieldError{QStringLiteral("profiles"), tr("must list at least one profile")};

        for (std::size_t i = 0; i < list.size(); ++i) {
            const Json &entry = list[i];
            location = QStringLiteral("profiles[%1]").arg(i);
            if (entry.is_object()) {
                const auto name = entry.find("name");
                if (name != entry.end() && name->is_string())
                    location += QStringLiteral(" (\"%1\")")
                                    .arg(QString::fromStdString(name->get<std::string>()));
            }
            SimProfile profile = readProfile(entry);
            for (std::size_t j = 0; j < profiles.size(); ++j) {
                if (profiles[j].model == profile.model)
                    throw FieldError{
                        QStringLiteral("model"),
                        tr("\"%1\" is already used by profiles[%2]").arg(profile.model).arg(j)};
            }
            profiles.push_back(std::move(profile));
        }
    } catch (const FieldError &e) {
        if (location.isEmpty())
            return fail(tr("field \"%1\": %2").arg(e.field, e.problem));
        return fail(tr("%1: field \"%2\": %3").arg(location, e.field, e.problem));
    }
    if (error)
        error->clear();
    return profiles;
}

std::vector<SimProfile> SimProfile::loadFile(const QString &path, QString *error)
{
    const std::optional<QByteArray> bytes =
        readWholeFile(path, tr("cannot read simulator profiles %1: %2"), error);
    if (!bytes)
        return {};
    QString problem;
    std::vector<SimProfile> profiles = load(*bytes, &problem);
    if (profiles.empty()) {
        if (error)
            *error = tr("%1: %2").arg(QDir::toNativeSeparators(path), problem);
        return {};
    }
    if (error)
        error->clear();
    return profiles;
}

void SimProfile::scaleTimes(double factor)
{
    ttftMedianMs *= factor;
    ttftP95Ms *= factor;
    prefillQuadraticSPerMTok2 *= factor;
    prefillTokensPerS /= factor;
    decodeTokensPerS /= factor;
}

std::vector<SimProfile> SimProfile::demoProfiles()
{
    QString error;
    std::vector<SimProfile> profiles = loadFile(QStringLiteral(":/sim/demo_profiles.json"), &error);
    // The file is compiled in and covered by the tests, so a failure here is a build defect.
    Q_ASSERT_X(!profiles.empty(), "SimProfile::demoProfiles", qPrintable(error));
    return profiles;
}

} // namespace ys
