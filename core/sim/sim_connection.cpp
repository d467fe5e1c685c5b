#include "sim/sim_connection.h"

#include "sim/sim_gemini.h"
#include "sim/sim_openai_common.h"
#include "tokenize/bpe_tokenizer.h"
#include "util/monotonic_clock.h"

#include <QDateTime>
#include <QLocale>
#include <QSslSocket>
#include <QTcpSocket>
#include <algorithm>
#include <nlohmann/json.hpp>

#ifdef Q_OS_UNIX
#include <sys/socket.h>
#endif

// The messages this file writes into HTTP bodies are part of the simulated providers' wire
// protocols and copy the English wording of the real APIs, so they are deliberately not
// translated.

namespace ys {

namespace {

using OrderedJson = nlohmann::ordered_json;

// Stream 2 of a request's seeds gives its ids (sim_text.cpp and sim_profile.cpp own 0, 1, 4).
constexpr std::uint64_t kIdStream = 2;

// After refusing a request the connection stays open this long, discarding what the client still
// sends, so that closing it does not reset the connection before the client read the refusal.
constexpr std::int64_t kLingerNs = 1'000'000'000;

// Shown by the model listings; a fixed value keeps them byte-identical between runs.
constexpr qint64 kModelCreated = 1700000000;

// Fault parameters when the profile or the request gives none.
constexpr std::int64_t kStallMs = 30000;
constexpr std::int64_t kSlowReplyMs = 120000;
constexpr std::int64_t kOversizedBytes = 20 * 1024 * 1024;
constexpr std::int64_t kByteIntervalUs = 100;
constexpr std::int64_t kSplitIntervalMs = 2;
constexpr std::int64_t kRetryAfterMs = 1500;
constexpr std::int64_t kRetryAfterS = 2;
constexpr std::int64_t kRetryDateS = 3;

QByteArray toBytes(const OrderedJson &json)
{
    return QByteArray::fromStdString(json.dump());
}

// An IMF-fixdate (RFC 9110) this many seconds from now, for retry-after.
QByteArray httpDate(std::int64_t seconds)
{
    const QDateTime at = QDateTime::currentDateTimeUtc().addSecs(seconds);
    return QLocale::c().toString(at, QStringLiteral("ddd, dd MMM yyyy hh:mm:ss 'GMT'")).toLatin1();
}

// Where a split_utf8_crlf write is cut: after every lead byte of a multi-byte UTF-8 character
// and after every CR that a LF follows.
std::vector<QByteArray> splitAwkwardly(const QByteArray &bytes)
{
    std::vector<QByteArray> parts;
    qsizetype start = 0;
    for (qsizetype i = 0; i < bytes.size(); ++i) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        const bool crlf = c == '\r' && i + 1 < bytes.size() && bytes[i + 1] == '\n';
        if (crlf || (c & 0xC0) == 0xC0) {
            parts.push_back(bytes.mid(start, i + 1 - start));
            start = i + 1;
        }
    }
    if (start < bytes.size())
        parts.push_back(bytes.mid(start));
    return parts;
}

} // namespace

SimConnection::SimConnection(QTcpSocket *socket, SimServer *server)
    : QObject(server)
    , m_server(server)
    , m_socket(socket)
{
    m_socket->setParent(this);
    m_direct = qobject_cast<QSslSocket *>(socket) == nullptr;
    // Events are small and must leave when written, not when Nagle's algorithm decides.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    connect(m_socket, &QTcpSocket::readyRead, this, &SimConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &SimConnection::onSocketGone);
    connect(m_socket, &QTcpSocket::errorOccurred, this, &SimConnection::onSocketGone);
    // A TLS socket arrives after its handshake, and the request may have come with it.
    if (m_socket->bytesAvailable() > 0)
        QMetaObject::invokeMethod(this, &SimConnection::onReadyRead, Qt::QueuedConnection);
}

SimConnection::~SimConnection()
{
    m_server->scheduler()->remove(this);
    abandonRequest();
    m_server->connectionGone();
}

void SimConnection::onReadyRead()
{
    if (m_lingering || m_gone) {
        m_socket->readAll();
        return;
    }
    m_input += m_socket->readAll();
    // A client that keeps sending while its answer streams gets cut off at the request limits.
    if (m_input.size() > kMaxHeaderBytes + kMaxBodyBytes + 4) {
        onSocketGone();
        return;
    }
    processInput();
}

void SimConnection::onSocketGone()
{
    abandonRequest();
    m_state = State::Closed;
    m_server->scheduler()->cancel(this);
    m_paced.clear();
    if (!m_gone) {
        m_gone = true;
        if (m_socket->state() != QAbstractSocket::UnconnectedState)
            m_socket->abort();
        deleteLater();
    }
}

void SimConnection::abandonRequest()
{
    releaseSlot();
    if (m_recordPending) {
        m_recordPending = false;
        m_record.endNs = monotonicNs();
        m_record.completed = false;
        m_server->addRecord(m_record);
    }
}

void SimConnection::releaseSlot()
{
    if (m_waitingForSlot) {
        m_waitingForSlot = false;
        m_server->releaseSlot(m_profile, this, false);
    }
    if (m_holdingSlot) {
        m_holdingSlot = false;
        m_server->releaseSlot(m_profile, this, true);
    }
}

void SimConnection::processInput()
{
    if (m_inProcessInput)
        return;
    m_inProcessInput = true;
    while (m_state == State::Reading) {
        const SimHttpReader::Result result = m_reader.feed(m_input);
        if (result == SimHttpReader::Result::NeedMore)
            break;
        if (result == SimHttpReader::Result::ExpectsContinue) {
            m_socket->write(QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\n"));
            m_socket->flush();
            continue;
        }
        if (result == SimHttpReader::Result::Refused) {
            refuse(m_reader.status(), m_reader.message());
            break;
        }
        const SimHttpRequest request = m_reader.take();
        m_state = State::Responding;
        dispatch(request);
    }
    m_inProcessInput = false;
}

void SimConnection::dispatch(const SimHttpRequest &request)
{
    const QByteArray connection = request.header("connection");
    if (request.version == "HTTP/1.1") {
        m_keepAlive = !simHeaderHasToken(connection, "close");
        m_chunked = true;
    } else {
        m_keepAlive = simHeaderHasToken(connection, "keep-alive");
        m_chunked = false;
    }
    m_faults = SimFaultSet();
    m_replyHeaders.clear();
    m_head.clear();
    m_paced.clear();
    m_completeWhenDrained = false;
    m_jsonArray = false;
    m_stallNs = 0;

    const QString method = QString::fromLatin1(request.method);
    const QString path = QString::fromLatin1(request.path);
    const QByteArray badMethod =
        simOpenAiErrorBody(QStringLiteral("Invalid method for URL (%1 %2)").arg(method, path),
                           "invalid_request_error", nullptr, nullptr);
    if (std::unique_ptr<SimDialect> dialect = simDialectFor(request)) {
        if (request.method == "POST")
            handleGeneration(request, std::move(dialect));
        else
            replyPlain(405, badMethod);
    } else if (request.path == "/v1/models" || request.path == "/v1beta/models") {
        if (request.method == "GET")
            handleModels(request);
        else
            replyPlain(405, badMethod);
    } else if (request.path.startsWith("/_sim/requests/")) {
        if (request.method == "GET")
            handleRecord(request);
        else
            replyPlain(405, badMethod);
    } else {
        replyPlain(404, simOpenAiErrorBody(QStringLiteral("Invalid URL (%1 %2)").arg(method, path),
                                           "invalid_request_error", nullptr, nullptr));
    }
}

void SimConnection::handleModels(const SimHttpRequest &request)
{
    const bool gemini = request.path == "/v1beta/models";
    const bool anthropic = !gemini && request.hasHeader("anthropic-version");
    const QByteArray token = gemini      ? request.header("x-goog-api-key").trimmed()
                             : anthropic ? request.header("x-api-key").trimmed()
                                         : simBearerToken(request);
    OrderedJson data = OrderedJson::array();
    for (const SimProfile &profile : m_server->profiles()) {
        // A profile behind a key is listed only to a caller holding that key.
        if (!profile.apiKey.isEmpty() && token != profile.apiKey.toUtf8())
            continue;
        const std::string id = profile.model.toStdString();
        if (gemini)
            data.push_back(OrderedJson{
                {"name", "models/" + id},
                {"version", "001"},
                {"displayName", profile.name.toStdString()},
                {"inputTokenLimit", profile.contextWindow},
                {"outputTokenLimit", profile.outputTokensMax},
                {"supportedGenerationMethods", {"generateContent", "streamGenerateContent"}}});
        else if (anthropic)
            data.push_back(OrderedJson{{"type", "model"},
                                       {"id", id},
                                       {"display_name", profile.name.toStdString()},
                                       {"created_at", "2023-11-14T22:13:20Z"}});
        else
            data.push_back(OrderedJson{{"id", id},
                                       {"object", "model"},
                                       {"created", kModelCreated},
                                       {"owned_by", "yardstick-sim"}});
    }
    OrderedJson list;
    if (gemini) {
        list = OrderedJson{{"models", data}};
    } else if (anthropic) {
        const OrderedJson first = data.empty() ? OrderedJson(nullptr) : data.front()["id"];
        const OrderedJson last = data.empty() ? OrderedJson(nullptr) : data.back()["id"];
        list = OrderedJson{
            {"data", data}, {"has_more", false}, {"first_id", first}, {"last_id", last}};
    } else {
        list = OrderedJson{{"object", "list"}, {"data", data}};
    }
    replyPlain(200, toBytes(list));
}

void SimConnection::handleRecord(const SimHttpRequest &request)
{
    const QByteArray id = request.path.mid(qsizetype(sizeof("/_sim/requests/")) - 1);
    if (const std::optional<SimRequestRecord> record = m_server->record(id)) {
        replyPlain(200, record->toJson());
        return;
    }
    replyPlain(404, simOpenAiErrorBody(QStringLiteral("No finished request has the id '%1' (a "
                                                      "request is recorded when its response "
                                                      "ends).")
                                           .arg(QString::fromUtf8(id)),
                                       "not_found_error", nullptr, nullptr));
}

void SimConnection::handleGeneration(const SimHttpRequest &request,
                                     std::unique_ptr<SimDialect> dialect)
{
    m_dialect = std::move(dialect);
    m_record = SimRequestRecord();
    m_record.acceptedNs = monotonicNs();
    m_record.requestId = m_server->newRequestId();
    m_record.dialect = QString::fromLatin1(m_dialect->name());
    m_record.authHeader = QString::fromLatin1(m_dialect->keyHeader());
    m_recordPending = true;

    SimError error;
    QString model;
    if (!m_dialect->readModel(request, &model, &error))
        return replyError(error);
    m_record.model = model;
    error.model = model;
    const int profileIndex = m_server->profileIndex(model);
    if (profileIndex < 0) {
        error.kind = SimErrorKind::UnknownModel;
        return replyError(error);
    }
    const SimProfile &profile = m_server->profiles()[std::size_t(profileIndex)];
    const QByteArray key = m_dialect->apiKey(request);
    if (profile.apiKey.isEmpty()) {
        m_record.auth = QStringLiteral("not_required");
    } else if (key.isEmpty()) {
        m_record.auth = QStringLiteral("missing");
        error.kind = SimErrorKind::MissingKey;
        return replyError(error);
    } else if (key != profile.apiKey.toUtf8()) {
        m_record.auth = QStringLiteral("wrong");
        error.kind = SimErrorKind::WrongKey;
        error.key = key;
        return replyError(error);
    } else {
        m_record.auth = QStringLiteral("ok");
    }
    if (!m_dialect->checkHeaders(request, &error))
        return replyError(error);
    SimChatRequest chat;
    chat.model = model;
    if (!m_dialect->parse(request, &chat, &error))
        return replyError(error);
    m_stream = chat.stream;
    m_record.stream = chat.stream;

    // The faults the request asks for, then the profile's standing ones.
    if (request.hasHeader("x-sim-fault")) {
        QString problem;
        if (!m_faults.parse(request.header("x-sim-fault"), &problem)) {
            error.kind = SimErrorKind::InvalidRequest;
            error.message = QStringLiteral("x-sim-fault: ") + problem;
            return replyError(error);
        }
    }
    const std::uint64_t number = m_server->nextRequestNumber(profileIndex);
    m_record.requestNumber = number;
    m_faults.merge(profile.drawFaults(number));
    m_record.faults = m_faults.names();

    // Counted as a provider with this tokenizer would: exactly.
    const Tokenizer &tokenizer = Tokenizer::shared(profile.encoding);
    const int promptTokensSent = int(tokenizer.count(chat.prompt));
    m_record.promptTokensSent = promptTokensSent;
    m_record.promptTokens = promptTokensSent;
    error.promptTokens = promptTokensSent;
    error.contextWindow = profile.contextWindow;

    if (const std::optional<SimFault> fault = m_faults.reply()) {
        SimHeaders extra;
        switch (*fault) {
        case SimFault::ContextOverflow:
        case SimFault::ContextOverflow500:
            error.kind = *fault == SimFault::ContextOverflow ? SimErrorKind::ContextOverflow
                                                             : SimErrorKind::ContextOverflow500;
            // The error names more tokens than the window, as a real overflow would.
            error.promptTokens = std::max(promptTokensSent, profile.contextWindow + 1);
            break;
        case SimFault::RetryAfterMs:
        case SimFault::RetryAfterSeconds:
        case SimFault::RetryAfterDate:
        case SimFault::RetryAfterGarbage: {
            error.kind = SimErrorKind::RateLimited;
            std::int64_t waitNs = kRetryAfterS * 1'000'000'000;
            if (*fault == SimFault::RetryAfterMs) {
                const std::int64_t ms = m_faults.param(*fault, kRetryAfterMs);
                extra.emplace_back("retry-after-ms", QByteArray::number(ms));
                waitNs = ms * 1'000'000;
            } else if (*fault == SimFault::RetryAfterSeconds) {
                const std::int64_t s = m_faults.param(*fault, kRetryAfterS);
                extra.emplace_back("retry-after", QByteArray::number(s));
                waitNs = s * 1'000'000'000;
            } else if (*fault == SimFault::RetryAfterDate) {
                const std::int64_t s = m_faults.param(*fault, kRetryDateS);
                extra.emplace_back("retry-after", httpDate(s));
                waitNs = s * 1'000'000'000;
            } else {
                extra.emplace_back("retry-after", QByteArrayLiteral("soon-ish, maybe"));
            }
            const int limit = std::max(1, profile.rateLimits.requestsPerMin);
            error.rate.allowed = false;
            error.rate.requestsExceeded = true;
            error.rate.retryAfterNs = waitNs;
            error.rate.requestLimit = limit;
            error.rate.requestsRemaining = 0;
            error.rate.requestsResetNs = waitNs;
            for (auto &header : m_dialect->rateLimitHeaders(error.rate))
                extra.push_back(std::move(header));
            break;
        }
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
                         QString::fromUtf8(key));
            break;
        }
        default:
            error.kind = SimErrorKind::ServerError;
            break;
        }
        return replyError(error, extra);
    }

    int promptTokens = promptTokensSent;
    if (promptTokensSent > profile.contextWindow) {
        if (profile.contextOverflow == SimContextOverflow::Error) {
            error.kind = SimErrorKind::ContextOverflow;
            return replyError(error);
        }
        // As Ollama does: only the window is processed, and that is what usage reports.
        promptTokens = profile.contextWindow;
        m_record.promptTruncated = true;
    }
    m_record.promptTokens = promptTokens;

    SimServer::ProfileState &state = m_server->state(profileIndex);
    if (state.limiter.enabled()) {
        const int cost = promptTokens + chat.maxTokens.value_or(profile.outputTokensMax);
        const SimRateLimitStatus rate = state.limiter.acquire(key, cost, m_record.acceptedNs);
        m_replyHeaders = m_dialect->rateLimitHeaders(rate);
        if (!rate.allowed) {
            error.kind = SimErrorKind::RateLimited;
            error.rate = rate;
            error.requestedTokens = cost;
            return replyError(error, {{"retry-after", simRetryAfterSeconds(rate.retryAfterNs)}});
        }
    }
    int cached = 0;
    if (state.cache) {
        const qsizetype chars = state.cache->lookupAndInsert(chat.prompt);
        if (chars > 0) {
            cached =
                std::min(int(tokenizer.count(QStringView(chat.prompt).left(chars))), promptTokens);
            if (cached < profile.prefixCache->minTokens)
                cached = 0;
        }
    }
    m_record.cachedTokens = cached;

    // Accepted: everything random about the answer is fixed now.
    m_profile = profileIndex;
    // Without chunked framing (HTTP/1.0) only closing the connection can end a stream.
    if (m_stream && !m_chunked)
        m_keepAlive = false;
    m_plan = profile.plan(number, promptTokens, chat.maxTokens, cached);
    m_text.emplace(profile.seed, number);
    m_nextEvent = 0;
    m_tokensSoFar = 0;
    SimRandom ids(simStreamSeed(profile.seed ^ simStableHash(profile.model), number, kIdStream));
    m_record.requestId = QByteArrayLiteral("req_") + simHex64(ids.next()) + simHex64(ids.next());
    m_record.completionTokens = m_plan->completionTokens;
    m_record.truncated = m_plan->truncated;

    SimAnswer answer;
    answer.model = profile.model;
    answer.requestNumber = number;
    answer.profileSeed = profile.seed;
    answer.fingerprintEvery = profile.fingerprintEvery;
    answer.created = QDateTime::currentSecsSinceEpoch();
    answer.promptTokens = promptTokens;
    answer.cachedTokens = cached;
    answer.completionTokens = m_plan->completionTokens;
    answer.truncated = m_plan->truncated;
    answer.usage = profile.usage && !m_faults.has(SimFault::NoUsage);
    answer.includeUsage = m_stream && chat.includeUsage && answer.usage;
    answer.endMarker = !m_faults.has(SimFault::NoEndMarker);
    answer.emptyChoices = m_faults.has(SimFault::EmptyChoices);
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

    if (m_faults.has(SimFault::SlowReply)) {
        m_due = Due::SlowReply;
        m_server->scheduler()->schedule(
            this,
            m_record.acceptedNs + m_faults.param(SimFault::SlowReply, kSlowReplyMs) * 1'000'000);
        return;
    }
    startAnswer();
}

void SimConnection::startAnswer()
{
    m_record.status = 200;
    if (m_stream) {
        const QByteArray type = m_jsonArray ? QByteArrayLiteral("application/json; charset=UTF-8")
                                : m_faults.has(SimFault::UnicodeSeparators)
                                    ? QByteArrayLiteral("text/event-stream")
                                    : QByteArrayLiteral("text/event-stream; charset=utf-8");
        setHead(200, type, -1, m_replyHeaders);
        QByteArray prefix;
        if (m_faults.has(SimFault::CommentsAndPings) && !m_jsonArray)
            prefix = sse({QByteArrayLiteral(":"), QByteArrayLiteral("PROCESSING")}) +
                     sse({QByteArrayLiteral("retry"), {}}) + sse({QByteArrayLiteral("id"), {}});
        writeEvents(m_dialect->opening(), prefix);
        if (m_state != State::Responding)
            return;
        if (!m_paced.empty())
            scheduleNext();
        // A dialect without opening events still sends its headers now.
        if (!m_head.isEmpty())
            writeOut({});
        if (m_state != State::Responding)
            return;
    }
    const std::int64_t start =
        m_faults.has(SimFault::SlowReply) ? monotonicNs() : m_record.acceptedNs;
    if (m_server->acquireSlot(m_profile, this))
        startGeneration(start);
    else
        m_waitingForSlot = true;
}

void SimConnection::startGeneration(std::int64_t startNs)
{
    m_waitingForSlot = false;
    m_holdingSlot = true;
    m_generationStartNs = startNs;
    m_record.generationStartNs = startNs;
    scheduleNext();
}

void SimConnection::scheduleNext()
{
    if (m_state != State::Responding)
        return;
    if (!m_paced.empty()) {
        m_due = Due::Pace;
        m_server->scheduler()->schedule(this, m_nextPieceNs);
        return;
    }
    if (m_holdingSlot && m_plan && !m_completeWhenDrained) {
        m_due = Due::Generate;
        m_server->scheduler()->schedule(
            this, m_stream ? dueOf(m_nextEvent) : m_generationStartNs + m_plan->durationNs());
        return;
    }
    m_due = Due::Nothing;
}

void SimConnection::onDue()
{
    const Due due = m_due;
    m_due = Due::Nothing;
    switch (due) {
    case Due::Linger:
        m_socket->disconnectFromHost();
        break;
    case Due::SlowReply:
        startAnswer();
        break;
    case Due::Pace:
        writePiece();
        break;
    case Due::Generate:
        generate();
        break;
    case Due::Nothing:
        break;
    }
}

std::int64_t SimConnection::dueOf(std::size_t index) const
{
    const std::vector<SimEvent> &events = m_plan->events;
    const std::size_t last = events.size() - 1;
    // The stall falls after the first content event; the end follows the last event at once.
    return m_generationStartNs + events[std::min(index, last)].offsetNs +
           (index >= 1 ? m_stallNs : 0);
}

void SimConnection::generate()
{
    if (m_state != State::Responding || !m_holdingSlot)
        return;
    const std::int64_t now = monotonicNs() + m_server->scheduler()->batchNs();
    if (!m_stream) {
        if (m_generationStartNs + m_plan->durationNs() > now)
            scheduleNext();
        else
            finishNonStreaming();
        return;
    }
    if (m_faults.has(SimFault::EmptyStream) && !m_jsonArray) {
        finishEmptyStream();
        return;
    }
    const std::size_t count = m_plan->events.size();
    while (m_nextEvent < count && dueOf(m_nextEvent) <= now) {
        writeContent(m_nextEvent++);
        if (m_state != State::Responding)
            return; // the client went away during the write
        if (m_nextEvent == m_faultAt && m_faults.has(SimFault::ResetMidStream)) {
            resetConnection();
            return;
        }
        if (m_nextEvent == m_faultAt && m_faults.has(SimFault::ErrorMidStream)) {
            failMidStream();
            return;
        }
        if (!m_paced.empty())
            break; // a paced fault: the queue drains before the next event
    }
    if (m_nextEvent == count && m_paced.empty() && dueOf(count) <= now)
        finishStream();
    else
        scheduleNext();
}

QString SimConnection::pieceText(std::size_t index)
{
    const QString text = m_text->take(m_plan->events[index].tokens);
    // The faults that are about what the text holds put it into the first piece.
    return index == 0 ? withTextFaults(text) : text;
}

QString SimConnection::withTextFaults(QString text) const
{
    if (m_faults.has(SimFault::SplitUtf8Crlf))
        text += QStringLiteral(" é 中文 🚀");
    if (m_faults.has(SimFault::UnicodeSeparators))
        text += QStringLiteral(" line\u2028separator next\u0085line");
    if (m_faults.has(SimFault::TrickyText))
        text += QStringLiteral("\n\ndata: [DONE]\n\n[DONE] data: {\"x\": 1}\n\n");
    if (m_faults.has(SimFault::OversizedEvent))
        text += QString(qsizetype(m_faults.param(SimFault::OversizedEvent, kOversizedBytes)),
                        QLatin1Char('x'));
    return text;
}

void SimConnection::writeContent(std::size_t index)
{
    const std::size_t count = m_plan->events.size();
    const QString text = pieceText(index);
    m_tokensSoFar += m_plan->events[index].tokens;
    std::vector<SimSse> events = m_dialect->content(text, m_tokensSoFar, index + 1 == count);
    if (m_faults.has(SimFault::MalformedJson) && index == std::min<std::size_t>(1, count - 1)) {
        QByteArray &data = events.back().data;
        data.truncate(data.size() * 2 / 3);
    }
    QByteArray prefix;
    if (m_faults.has(SimFault::CommentsAndPings) && !m_jsonArray) {
        prefix = sse({QByteArrayLiteral(":"), QByteArrayLiteral("ping")});
        if (qstrcmp(m_dialect->name(), "anthropic-messages") == 0)
            prefix += sse({QByteArrayLiteral("ping"), QByteArrayLiteral("{\"type\": \"ping\"}")});
    }
    std::vector<QByteArray> units;
    if (!prefix.isEmpty())
        units.push_back(prefix);
    for (const SimSse &event : events)
        units.push_back(sse(event));
    const std::int64_t now = monotonicNs();
    if (index == 0)
        m_record.firstContentNs = now;
    m_record.eventPlannedNs.push_back(dueOf(index));
    m_record.eventWrittenNs.push_back(now);
    writeBody(units);
}

void SimConnection::writeEvents(const std::vector<SimSse> &events, const QByteArray &prefix)
{
    std::vector<QByteArray> units;
    if (!prefix.isEmpty())
        units.push_back(prefix);
    for (const SimSse &event : events)
        units.push_back(sse(event));
    writeBody(units);
}

QByteArray SimConnection::sse(const SimSse &event)
{
    if (m_jsonArray)
        return (m_arrayItems++ == 0 ? QByteArrayLiteral("[") : QByteArrayLiteral(",\r\n")) +
               event.data;
    static const QByteArray kEndings[] = {"\r\n", "\n", "\r"};
    const QByteArray end =
        m_faults.has(SimFault::SplitUtf8Crlf) ? kEndings[m_lineEnding++ % 3] : QByteArray("\n");
    // Pseudo-events for comments and lone fields: ":" is a comment, "retry" and "id" a block
    // holding only that field.
    if (event.event == ":")
        return ": " + event.data + end + end;
    if (event.event == "retry")
        return "retry: 3000" + end + end;
    if (event.event == "id")
        return "id: 7" + end + end;
    QByteArray out;
    out.reserve(event.data.size() + event.event.size() + 20);
    if (!event.event.isEmpty())
        out += "event: " + event.event + end;
    if (m_faults.has(SimFault::MultilineData) && event.data.startsWith('{') &&
        event.data.size() > 2) {
        // The parser joins the lines with LF, which JSON reads as white space between tokens.
        out += "data:{" + end + "data: " + event.data.mid(1, event.data.size() - 2) + end +
               "data: }" + end;
    } else {
        out += "data: " + event.data + end;
    }
    out += end;
    return out;
}

void SimConnection::finishStream()
{
    std::vector<QByteArray> units;
    for (const SimSse &event : m_dialect->closing())
        units.push_back(sse(event));
    if (m_jsonArray)
        units.push_back(m_arrayItems == 0 ? QByteArrayLiteral("[]") : QByteArrayLiteral("]"));
    writeBody(units);
    if (m_state != State::Responding)
        return;
    endBody();
}

void SimConnection::failMidStream()
{
    std::vector<QByteArray> units;
    for (const SimSse &event : m_dialect->streamError())
        units.push_back(sse(event));
    if (m_jsonArray)
        units.push_back(QByteArrayLiteral("]"));
    if (m_dialect->closesAfterStreamError())
        m_keepAlive = false;
    writeBody(units);
    if (m_state != State::Responding)
        return;
    endBody();
}

void SimConnection::finishNonStreaming()
{
    const QString text = withTextFaults(m_text->take(m_plan->completionTokens));
    QByteArray body = m_dialect->completeBody(text);
    if (m_faults.has(SimFault::MalformedJson))
        body.truncate(body.size() * 2 / 3);
    const std::int64_t now = monotonicNs();
    m_record.firstContentNs = now;
    m_record.eventPlannedNs.push_back(m_generationStartNs + m_plan->durationNs());
    m_record.eventWrittenNs.push_back(now);
    setHead(200, QByteArrayLiteral("application/json"), body.size(), m_replyHeaders);
    if (m_faults.has(SimFault::ResetMidStream)) {
        writeOut(body.left(body.size() / 2));
        if (m_state == State::Responding)
            resetConnection();
        return;
    }
    writeBody({body});
    if (m_state != State::Responding)
        return;
    endBody();
}

void SimConnection::resetConnection()
{
    m_recordPending = false;
    m_record.endNs = monotonicNs();
    m_record.completed = false;
    m_server->addRecord(m_record);
    releaseSlot();
    m_paced.clear();
#ifdef Q_OS_UNIX
    // A zero linger time makes close() send RST instead of FIN: the client sees a reset.
    const linger hard = {1, 0};
    ::setsockopt(int(m_socket->socketDescriptor()), SOL_SOCKET, SO_LINGER, &hard, sizeof hard);
#endif
    m_socket->abort();
    onSocketGone();
}

void SimConnection::completeRequest()
{
    m_recordPending = false;
    m_record.endNs = monotonicNs();
    m_record.completed = true;
    m_server->addRecord(m_record);
    releaseSlot();
    responseDone();
}

void SimConnection::responseDone()
{
    if (m_state != State::Responding)
        return;
    m_due = Due::Nothing;
    m_server->scheduler()->cancel(this);
    if (!m_keepAlive) {
        m_state = State::Closed;
        if (m_lingering) {
            m_due = Due::Linger;
            m_server->scheduler()->schedule(this, monotonicNs() + kLingerNs);
        } else {
            m_socket->disconnectFromHost();
        }
        return;
    }
    m_state = State::Reading;
    processInput();
}

void SimConnection::replyError(const SimError &error, const SimHeaders &extra)
{
    const SimReply reply = m_dialect->errorReply(error);
    SimHeaders headers = m_replyHeaders;
    for (const auto &header : m_dialect->extraHeaders(m_record.requestId))
        headers.push_back(header);
    for (const auto &header : extra)
        headers.push_back(header);
    for (const auto &header : reply.headers)
        headers.push_back(header);
    if (m_stream && !m_jsonArray &&
        (m_faults.has(SimFault::InStream) || m_faults.has(SimFault::ErrorField)))
        return replyErrorInStream(reply, headers);
    m_record.status = reply.status;
    setHead(reply.status, QByteArrayLiteral("application/json"), reply.body.size(), headers);
    writeOut(reply.body);
    if (m_state != State::Responding)
        return;
    completeRequest();
}

// A server that has already answered 200 reports the failure inside the stream, as llama.cpp
// (an "error:" field line) and the hosted APIs (their error events) do for some errors.
void SimConnection::replyErrorInStream(const SimReply &reply, const SimHeaders &headers)
{
    m_record.status = 200;
    setHead(200, QByteArrayLiteral("text/event-stream; charset=utf-8"), -1, headers);
    std::vector<QByteArray> units;
    if (m_faults.has(SimFault::ErrorField)) {
        units.push_back("error: " + simErrorFieldJson(reply) + "\n\n");
        units.push_back(QByteArrayLiteral("data: [DONE]\n\n"));
    } else {
        for (const SimSse &event : m_dialect->inBandError(reply))
            units.push_back(sse(event));
    }
    writeBody(units);
    if (m_state != State::Responding)
        return;
    endBody();
}

// The dialect's end of a stream with nothing before it: a server that says "done" having said
// nothing.
void SimConnection::finishEmptyStream()
{
    std::vector<QByteArray> units;
    for (const SimSse &event : m_dialect->emptyEnd())
        units.push_back(sse(event));
    writeBody(units);
    if (m_state != State::Responding)
        return;
    endBody();
}

void SimConnection::replyPlain(int status, const QByteArray &body)
{
    const QByteArray id = m_server->newRequestId();
    setHead(status, QByteArrayLiteral("application/json"), body.size(),
            {{QByteArrayLiteral("x-request-id"), id}});
    writeOut(body);
    responseDone();
}

void SimConnection::refuse(int status, const QString &message)
{
    // What follows a refused request cannot be parsed reliably, so the connection ends here.
    m_keepAlive = false;
    m_state = State::Responding;
    m_input.clear();
    m_lingering = true;
    replyPlain(status, simOpenAiErrorBody(message, "invalid_request_error", nullptr, nullptr));
}

void SimConnection::setHead(int status, const QByteArray &contentType, qsizetype contentLength,
                            const SimHeaders &extra)
{
    SimHeaders headers;
    headers.reserve(extra.size() + 6);
    headers.emplace_back(QByteArrayLiteral("Content-Type"), contentType);
    if (contentLength >= 0)
        headers.emplace_back(QByteArrayLiteral("Content-Length"),
                             QByteArray::number(contentLength));
    else if (m_chunked)
        headers.emplace_back(QByteArrayLiteral("Transfer-Encoding"), QByteArrayLiteral("chunked"));
    if (contentLength < 0)
        headers.emplace_back(QByteArrayLiteral("Cache-Control"), QByteArrayLiteral("no-cache"));
    bool haveId = false;
    for (const auto &header : extra)
        haveId = haveId || header.first == "x-request-id";
    if (!haveId)
        headers.emplace_back(QByteArrayLiteral("x-request-id"), m_record.requestId);
    for (const auto &header : extra)
        headers.push_back(header);
    headers.emplace_back(QByteArrayLiteral("Connection"), m_keepAlive
                                                              ? QByteArrayLiteral("keep-alive")
                                                              : QByteArrayLiteral("close"));
    m_bodyChunked = contentLength < 0 && m_chunked;
    m_head = simHttpHead(status, headers);
}

bool SimConnection::pacing() const
{
    return m_faults.has(SimFault::BytePerWrite) || m_faults.has(SimFault::SplitUtf8Crlf);
}

void SimConnection::writeBody(const std::vector<QByteArray> &units)
{
    if (!pacing() && m_paced.empty()) {
        // Each event is a chunk of its own, and all of them leave in one write.
        QByteArray out;
        for (const QByteArray &unit : units) {
            if (!unit.isEmpty())
                out += m_bodyChunked ? simHttpChunk(unit) : unit;
        }
        if (!out.isEmpty())
            writeOut(out);
        return;
    }
    QByteArray bytes;
    for (const QByteArray &unit : units)
        bytes += unit;
    if (bytes.isEmpty())
        return;
    // The headers leave at once; only the body is paced.
    if (!m_head.isEmpty())
        writeOut({});
    if (m_state != State::Responding)
        return;
    if (m_faults.has(SimFault::BytePerWrite)) {
        for (qsizetype i = 0; i < bytes.size(); ++i) {
            const QByteArray byte = bytes.mid(i, 1);
            m_paced.push_back(m_bodyChunked ? simHttpChunk(byte) : byte);
        }
    } else {
        for (const QByteArray &part : splitAwkwardly(bytes))
            m_paced.push_back(m_bodyChunked ? simHttpChunk(part) : part);
    }
    if (m_due != Due::Pace && monotonicNs() >= m_nextPieceNs)
        writePiece();
}

void SimConnection::endBody()
{
    if (m_bodyChunked) {
        if (m_paced.empty())
            writeOut(simHttpLastChunk());
        else
            m_paced.push_back(simHttpLastChunk());
    }
    if (m_state != State::Responding)
        return;
    if (m_paced.empty()) {
        completeRequest();
        return;
    }
    m_completeWhenDrained = true;
    scheduleNext();
}

void SimConnection::writePiece()
{
    if (m_state != State::Responding || m_paced.empty())
        return;
    const QByteArray piece = m_paced.front();
    m_paced.pop_front();
    writeOut(piece);
    if (m_state != State::Responding)
        return;
    const std::int64_t interval =
        m_faults.has(SimFault::BytePerWrite)
            ? m_faults.param(SimFault::BytePerWrite, kByteIntervalUs) * 1000
            : m_faults.param(SimFault::SplitUtf8Crlf, kSplitIntervalMs) * 1'000'000;
    m_nextPieceNs = monotonicNs() + interval;
    if (m_paced.empty() && m_completeWhenDrained) {
        m_completeWhenDrained = false;
        completeRequest();
        return;
    }
    scheduleNext();
}

void SimConnection::writeOut(const QByteArray &bytes)
{
    if (m_state != State::Responding || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    // Response headers travel with the first bytes after them, in one write.
    if (!m_head.isEmpty())
        m_record.headersWrittenNs = monotonicNs();
    QByteArray out = m_head.isEmpty() ? bytes : m_head + bytes;
    m_head.clear();
    if (out.isEmpty())
        return;
#ifdef Q_OS_UNIX
    // QAbstractSocket::write() turns a write notifier on and flush() turns it off again, and Qt's
    // glib dispatcher finds a notifier by a linear search: with thousands of streams that was
    // most of the simulator's time. So while Qt holds nothing unwritten, plain TCP bytes go
    // straight to the socket, and only what the kernel does not take waits in Qt's buffer.
    if (m_direct && m_socket->bytesToWrite() == 0) {
        const ssize_t sent = ::send(int(m_socket->socketDescriptor()), out.constData(),
                                    std::size_t(out.size()), MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent == out.size()) {
            m_record.lastByteNs = monotonicNs();
            return;
        }
        // On an error Qt's own write below finds it and reports it.
        if (sent > 0)
            out.remove(0, sent);
    }
#endif
    m_socket->write(out);
    m_socket->flush();
    m_record.lastByteNs = monotonicNs();
}

} // namespace ys
