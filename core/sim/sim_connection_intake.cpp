#include "sim/sim_connection.h"

#include "sim/sim_answer_text.h"
#include "sim/sim_gemini.h"
#include "tokenize/bpe_tokenizer.h"
#include "util/monotonic_clock.h"

#include <QDateTime>
#include <QLocale>
#include <algorithm>
#include <cmath>

// Accepting a generation request: the checks that may refuse it, in the order a real provider
// makes them, then everything random about the answer fixed at once. The messages written into
// HTTP bodies copy the real APIs' English wording and are deliberately not translated.

namespace ys {

namespace {

// Stream 2 of a request's seeds gives its ids, stream 6 whether it diverges, 8 the needle's
// recall, 9 a structured answer's break, 10 a tool call's (sim_text.cpp and sim_profile.cpp own
// 0, 1, 4, 5, 7).
constexpr std::uint64_t kIdStream = 2;
constexpr std::uint64_t kDivergenceStream = 6;
constexpr std::uint64_t kRecallStream = 8;
constexpr std::uint64_t kSchemaBreakStream = 9;
constexpr std::uint64_t kToolCallStream = 10;
// Streamed thinking's words come from a text of their own, apart from the answer's.
constexpr std::uint64_t kThoughtSalt = 0x7468696e6b696e67;

// Fault parameters when the profile or the request gives none.
constexpr std::int64_t kStallMs = 30000;
constexpr std::int64_t kSlowReplyMs = 120000;
constexpr std::int64_t kRetryAfterMs = 1500;
constexpr std::int64_t kRetryAfterS = 2;
constexpr std::int64_t kRetryDateS = 3;

// An IMF-fixdate (RFC 9110) this many seconds from now, for retry-after.
QByteArray httpDate(std::int64_t seconds)
{
    const QDateTime at = QDateTime::currentDateTimeUtc().addSecs(seconds);
    return QLocale::c().toString(at, QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'")).toLatin1();
}

// The arguments of the tool call that answers request `number` (sim_tool_calls.h).
SimToolArguments toolCallArguments(const SimProfile &profile, std::uint64_t number,
                                   const SimChatRequest &chat, bool asObject)
{
    SimRandom draw(simStreamSeed(profile.seed, number, kToolCallStream));
    const double invalid = draw.uniform01();
    const double which = draw.uniform01();
    return simToolArguments(profile.toolCalls, chat.toolSchema, {invalid, which}, asObject);
}

} // namespace

void SimConnection::handleGeneration(const SimHttpRequest &request,
                                     std::unique_ptr<SimDialect> dialect)
{
    m_dialect = std::move(dialect);
    m_record = SimRequestRecord();
    m_record.httpVersion = QString::fromLatin1(m_link->httpVersion());
    m_record.acceptedNs = monotonicNs();
    m_record.requestId = m_server->newRequestId();
    m_record.dialect = QString::fromLatin1(m_dialect->name());
    m_record.authHeader = QString::fromLatin1(m_dialect->keyHeader());
    m_recordPending = true;

    Intake in;
    if (!readRequest(request, in) || !readFaults(request, in))
        return replyError(in.error);
    countPrompt(in);
    if (faultReplyDue(request, in) || !admit(in))
        return replyError(in.error, in.errorHeaders);
    accept(in);

    if (m_faults.has(SimFault::SlowReply)) {
        m_due = Due::SlowReply;
        m_server->scheduler()->schedule(
            this,
            m_record.acceptedNs + m_faults.param(SimFault::SlowReply, kSlowReplyMs) * 1'000'000);
        return;
    }
    startAnswer();
}

bool SimConnection::readRequest(const SimHttpRequest &request, Intake &in)
{
    SimError &error = in.error;
    QString model;
    if (!m_dialect->readModel(request, &model, &error))
        return false;
    m_record.model = model;
    error.model = model;
    in.profileIndex = m_server->profileIndex(model);
    if (in.profileIndex < 0) {
        error.kind = SimErrorKind::UnknownModel;
        return false;
    }
    in.key = m_dialect->apiKey(request);
    if (!checkKey(in))
        return false;
    if (!m_dialect->checkHeaders(request, &error))
        return false;
    in.chat.model = model;
    if (!m_dialect->parse(request, &in.chat, &error))
        return false;
    m_stream = in.chat.stream;
    m_record.stream = in.chat.stream;
    m_record.maxTokensRequested = in.chat.maxTokens;
    m_record.reasoningEffort = in.chat.reasoningEffort;
    m_record.toolChoice = in.chat.toolChoice;
    return true;
}

bool SimConnection::checkKey(Intake &in)
{
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    if (profile.apiKey.isEmpty()) {
        m_record.auth = QStringLiteral("not_required");
    } else if (in.key.isEmpty()) {
        m_record.auth = QStringLiteral("missing");
        in.error.kind = SimErrorKind::MissingKey;
        return false;
    } else if (in.key != profile.apiKey.toUtf8()) {
        m_record.auth = QStringLiteral("wrong");
        in.error.kind = SimErrorKind::WrongKey;
        in.error.key = in.key;
        return false;
    } else {
        m_record.auth = QStringLiteral("ok");
    }
    return true;
}

bool SimConnection::readFaults(const SimHttpRequest &request, Intake &in)
{
    // The faults the request asks for, then the profile's standing ones.
    if (request.hasHeader("x-sim-fault")) {
        QString problem;
        if (!m_faults.parse(request.header("x-sim-fault"), &problem)) {
            in.error.kind = SimErrorKind::InvalidRequest;
            in.error.message = QStringLiteral("x-sim-fault: ") + problem;
            return false;
        }
    }
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    in.number = m_server->nextRequestNumber(in.profileIndex);
    m_record.requestNumber = in.number;
    m_faults.merge(profile.drawFaults(in.number));
    m_record.faults = m_faults.names();
    return true;
}

void SimConnection::countPrompt(Intake &in)
{
    // Counted as a provider with this tokenizer would: exactly.
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    in.tokenizer = &Tokenizer::shared(profile.encoding);
    in.promptTokensSent = int(in.tokenizer->count(in.chat.prompt));
    m_record.promptTokensSent = in.promptTokensSent;
    m_record.promptTokens = in.promptTokensSent;
    in.error.promptTokens = in.promptTokensSent;
    in.error.contextWindow = profile.contextWindow;
}

bool SimConnection::faultReplyDue(const SimHttpRequest &request, Intake &in)
{
    const std::optional<SimFault> fault = m_faults.reply();
    if (!fault)
        return false;
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    SimError &error = in.error;
    switch (*fault) {
    case SimFault::ContextOverflow:
    case SimFault::ContextOverflow500:
        error.kind = *fault == SimFault::ContextOverflow ? SimErrorKind::ContextOverflow
                                                         : SimErrorKind::ContextOverflow500;
        // The error names more tokens than the window, as a real overflow would.
        error.promptTokens = std::max(in.promptTokensSent, profile.contextWindow + 1);
        break;
    case SimFault::RetryAfterMs:
    case SimFault::RetryAfterSeconds:
    case SimFault::RetryAfterDate:
    case SimFault::RetryAfterGarbage:
        retryAfterFault(*fault, in);
        break;
    case SimFault::Quota:
        error.kind = SimErrorKind::Quota;
        break;
    case SimFault::SpendLimit:
        error.kind = SimErrorKind::SpendLimit;
        break;
    case SimFault::Overloaded529:
        error.kind = SimErrorKind::Overloaded;
        break;
    case SimFault::Unavailable503:
        error.kind = SimErrorKind::Unavailable;
        break;
    case SimFault::AuthError:
        error.kind = SimErrorKind::WrongKey;
        error.key = QByteArrayLiteral("sim-fault-wrong-key");
        break;
    case SimFault::EchoAuth: {
        // Quotes the credentials as received: header and bare key, both whole.
        const QByteArray header = m_dialect->keyHeader();
        error.kind = SimErrorKind::InvalidRequest;
        error.message =
            QStringLiteral("Malformed credentials in header \"%1: %2\"; the key "
                           "%3 is not valid for this request")
                .arg(QString::fromLatin1(header), QString::fromUtf8(request.header(header)),
                     QString::fromUtf8(in.key));
        break;
    }
    default:
        error.kind = SimErrorKind::ServerError;
        break;
    }
    return true;
}

void SimConnection::retryAfterFault(SimFault fault, Intake &in)
{
    SimHeaders &extra = in.errorHeaders;
    std::int64_t waitNs = kRetryAfterS * 1'000'000'000;
    if (fault == SimFault::RetryAfterMs) {
        const std::int64_t ms = m_faults.param(fault, kRetryAfterMs);
        extra.emplace_back("retry-after-ms", QByteArray::number(ms));
        waitNs = ms * 1'000'000;
    } else if (fault == SimFault::RetryAfterSeconds) {
        const std::int64_t s = m_faults.param(fault, kRetryAfterS);
        extra.emplace_back("retry-after", QByteArray::number(s));
        waitNs = s * 1'000'000'000;
    } else if (fault == SimFault::RetryAfterDate) {
        const std::int64_t s = m_faults.param(fault, kRetryDateS);
        extra.emplace_back("retry-after", httpDate(s));
        waitNs = s * 1'000'000'000;
    } else {
        extra.emplace_back("retry-after", QByteArrayLiteral("soon-ish, maybe"));
    }
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    SimError &error = in.error;
    error.kind = SimErrorKind::RateLimited;
    error.rate.allowed = false;
    error.rate.requestsExceeded = true;
    error.rate.retryAfterNs = waitNs;
    error.rate.requestLimit = std::max(1, profile.rateLimits.requestsPerMin);
    error.rate.requestsRemaining = 0;
    error.rate.requestsResetNs = waitNs;
    for (auto &header : m_dialect->rateLimitHeaders(error.rate))
        extra.push_back(std::move(header));
}

bool SimConnection::admit(Intake &in)
{
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    SimError &error = in.error;
    in.promptTokens = in.promptTokensSent;
    if (in.promptTokensSent > profile.contextWindow) {
        if (profile.contextOverflow == SimContextOverflow::Error) {
            error.kind = SimErrorKind::ContextOverflow;
            return false;
        }
        // As Ollama does: only the window is processed, and that is what usage reports.
        in.promptTokens = profile.contextWindow;
        m_record.promptTruncated = true;
    }
    m_record.promptTokens = in.promptTokens;

    SimServer::ProfileState &state = m_server->state(in.profileIndex);
    if (state.limiter.enabled()) {
        const int cost = in.promptTokens + in.chat.maxTokens.value_or(profile.outputTokensMax);
        const SimRateLimitStatus rate = state.limiter.acquire(in.key, cost, m_record.acceptedNs);
        m_replyHeaders = m_dialect->rateLimitHeaders(rate);
        if (!rate.allowed) {
            error.kind = SimErrorKind::RateLimited;
            error.rate = rate;
            error.requestedTokens = cost;
            in.errorHeaders = {{"retry-after", simRetryAfterSeconds(rate.retryAfterNs)}};
            return false;
        }
    }
    in.cached = 0;
    if (state.cache) {
        const qsizetype chars = state.cache->lookupAndInsert(in.chat.prompt);
        if (chars > 0) {
            in.cached = std::min(int(in.tokenizer->count(QStringView(in.chat.prompt).left(chars))),
                                 in.promptTokens);
            if (in.cached < profile.prefixCache->minTokens)
                in.cached = 0;
        }
    }
    m_record.cachedTokens = in.cached;
    return true;
}

void SimConnection::accept(const Intake &in)
{
    // Accepted: everything random about the answer is fixed now.
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    m_profile = in.profileIndex;
    // Without chunked framing (HTTP/1.0) only closing the connection can end a stream.
    if (m_stream && !m_chunked)
        m_keepAlive = false;
    const std::optional<std::uint64_t> key = contentKey(in);
    m_plan = profile.plan(in.number, in.promptTokens, in.chat.maxTokens, in.cached, key);
    writeAnswerText(in, key);
    m_nextEvent = 0;
    SimRandom ids(simStreamSeed(profile.seed ^ simStableHash(profile.model), in.number, kIdStream));
    m_record.requestId = QByteArrayLiteral("req_") + simHex64(ids.next()) + simHex64(ids.next());
    m_record.completionTokens = m_answerTokens;
    m_record.truncated = m_plan->truncated;
    m_record.reasoningTokens = m_plan->reasoningTokens;
    m_record.reasoningEvents = m_plan->reasoningEvents;

    SimAnswer answer;
    answer.model = profile.model;
    answer.requestNumber = in.number;
    answer.profileSeed = profile.seed;
    answer.fingerprintEvery = profile.fingerprintEvery;
    answer.systemFingerprint = profile.systemFingerprint;
    answer.created = QDateTime::currentSecsSinceEpoch();
    // Only what usage reports is scaled; the ground truth keeps the true counts.
    answer.promptTokens = int(std::lround(in.promptTokens * profile.promptUsageFactor));
    answer.cachedTokens = in.cached;
    answer.completionTokens = int(std::lround(m_answerTokens * profile.completionUsageFactor));
    answer.truncated = m_plan->truncated;
    answer.reasoningTokens = m_plan->reasoningTokens;
    answer.reasoningStreamed = m_stream && m_plan->reasoningEvents > 0;
    answer.costUsd = profile.reportedCostUsd(in.number, in.promptTokens);
    answer.usage = profile.usage && !m_faults.has(SimFault::NoUsage);
    answer.includeUsage = m_stream && in.chat.includeUsage && answer.usage;
    answer.endMarker = !m_faults.has(SimFault::NoEndMarker);
    answer.emptyChoices = m_faults.has(SimFault::EmptyChoices);
    if (in.chat.callsTool())
        answer.toolName = in.chat.toolName;
    m_dialect->begin(answer, ids);
    for (auto &header : m_dialect->extraHeaders(m_record.requestId))
        m_replyHeaders.push_back(std::move(header));
    if (const auto *gemini = dynamic_cast<const SimGemini *>(m_dialect.get()))
        m_jsonArray = gemini->jsonArray();
    m_arrayItems = 0;
    m_lineEnding = 0;
    m_nextPieceNs = 0;
    if (m_faults.has(SimFault::Stall))
        m_stallNs = m_faults.param(SimFault::Stall, kStallMs) * 1'000'000;
    m_faultAt = std::max<std::size_t>(1, m_plan->events.size() / 2);
}

std::optional<std::uint64_t> SimConnection::contentKey(const Intake &in) const
{
    if (!in.chat.temperature || *in.chat.temperature != 0)
        return std::nullopt;
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    SimRandom draw(simStreamSeed(profile.seed, in.number, kDivergenceStream));
    if (draw.uniform01() < profile.divergence)
        return std::nullopt; // this answer follows the request number, as at any temperature
    return simStableHash(in.chat.prompt);
}

void SimConnection::writeAnswerText(const Intake &in, std::optional<std::uint64_t> key)
{
    const SimProfile &profile = m_server->profiles()[std::size_t(in.profileIndex)];
    SimText text(profile.seed, key.value_or(in.number));
    SimRandom recall(simStreamSeed(profile.seed, in.number, kRecallStream));
    const QString lead =
        simNeedleLead(in.chat.prompt, *in.tokenizer,
                      m_record.promptTruncated ? std::optional<int>(in.promptTokens) : std::nullopt,
                      profile.needleRecall, recall.uniform01());
    SimRandom breaks(simStreamSeed(profile.seed, in.number, kSchemaBreakStream));
    const std::pair<double, double> draws{breaks.uniform01(), breaks.uniform01()};
    std::optional<SimFixedAnswer> fixed;
    if (in.chat.callsTool()) {
        // A tool call's arguments are its answer's text, whatever the prompt asks.
        const SimToolArguments args = toolCallArguments(
            profile, in.number, in.chat, m_dialect->toolArgumentsAreObject(m_stream));
        fixed = SimFixedAnswer{args.text, std::nullopt};
        m_record.toolName = in.chat.toolName;
        if (args.broke)
            m_record.toolArgsBreak = simSchemaBreakName(*args.broke);
    } else if (lead.isEmpty()) {
        fixed = simFixedAnswer(profile.answers, in.chat.prompt, draws, in.chat.responseFormat,
                               in.chat.schema);
    }
    // The answer's text is planned over its own events; streamed thinking has pieces of its own.
    SimPlan answerPlan = *m_plan;
    answerPlan.events.erase(answerPlan.events.begin(),
                            answerPlan.events.begin() + m_plan->reasoningEvents);
    m_reasoningPieces.clear();
    SimText thoughts(profile.seed ^ kThoughtSalt, in.number);
    for (int i = 0; i < m_plan->reasoningEvents; ++i)
        m_reasoningPieces.push_back(thoughts.take(m_plan->events[std::size_t(i)].tokens));
    SimAnswerText answer =
        fixed ? simFixedAnswerText(answerPlan, fixed->text, *in.tokenizer, in.chat.maxTokens)
              : simAnswerText(answerPlan, text, lead, *in.tokenizer, in.chat.maxTokens);
    m_record.responseFormat = in.chat.responseFormat;
    if (fixed && fixed->broke)
        m_record.schemaBreak = simSchemaBreakName(*fixed->broke);
    if (in.chat.callsTool())
        for (const QString &piece : answer.pieces)
            m_record.toolArgs += piece;
    m_pieces = std::move(answer.pieces);
    m_runningTokens = std::move(answer.running);
    m_answerTokens = answer.tokens;
    if (answer.cut)
        m_plan->truncated = true;
}

} // namespace ys
