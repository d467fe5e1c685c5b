#include "sim/sim_connection.h"

#include "tokenize/approx_tokens.h"
#include "util/monotonic_clock.h"

#include <QDateTime>
#include <QTcpSocket>
#include <limits>
#include <nlohmann/json.hpp>

// The error messages this file writes into HTTP bodies are part of the simulated provider's wire
// protocol and copy the English wording of the real API, so they are deliberately not translated.

namespace ys {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

// Stream 2 of a request's seeds gives its ids (sim_text.cpp and sim_profile.cpp own 0 and 1).
constexpr std::uint64_t kIdStream = 2;

// onTimer() writes an event due within this much; with timers rounded to the nearest
// millisecond the write-time error is then centred on zero instead of always late.
constexpr std::int64_t kEarlyToleranceNs = 500'000;

// After refusing a request the connection stays open this long, discarding what the client still
// sends, so that closing it does not reset the connection before the client read the refusal.
constexpr int kLingerMs = 1000;

// Shown by /v1/models; a fixed value keeps the listing byte-identical between runs.
constexpr qint64 kModelCreated = 1700000000;

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 100:
        return QByteArrayLiteral("Continue");
    case 200:
        return QByteArrayLiteral("OK");
    case 400:
        return QByteArrayLiteral("Bad Request");
    case 401:
        return QByteArrayLiteral("Unauthorized");
    case 404:
        return QByteArrayLiteral("Not Found");
    case 405:
        return QByteArrayLiteral("Method Not Allowed");
    case 411:
        return QByteArrayLiteral("Length Required");
    case 413:
        return QByteArrayLiteral("Content Too Large");
    case 431:
        return QByteArrayLiteral("Request Header Fields Too Large");
    case 505:
        return QByteArrayLiteral("HTTP Version Not Supported");
    default:
        return QByteArrayLiteral("Unknown");
    }
}

QString jsonTypeName(const Json &value)
{
    if (value.is_number_integer())
        return QStringLiteral("an integer");
    if (value.is_number())
        return QStringLiteral("a number");
    if (value.is_string())
        return QStringLiteral("a string");
    if (value.is_boolean())
        return QStringLiteral("a boolean");
    if (value.is_array())
        return QStringLiteral("an array");
    if (value.is_object())
        return QStringLiteral("an object");
    return QStringLiteral("null");
}

QByteArray toBytes(const OrderedJson &json)
{
    return QByteArray::fromStdString(json.dump());
}

QByteArray randomToken(SimRandom &random, int length)
{
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    QByteArray token;
    token.reserve(length);
    for (int i = 0; i < length; ++i)
        token.append(kAlphabet[random.uniformInt(0, int(sizeof(kAlphabet)) - 2)]);
    return token;
}

QByteArray hex64(std::uint64_t value)
{
    return QByteArray::number(qulonglong(value), 16).rightJustified(16, '0');
}

bool hasToken(const QByteArray &list, const QByteArray &token)
{
    for (const QByteArray &item : list.split(',')) {
        if (item.trimmed().toLower() == token)
            return true;
    }
    return false;
}

// A key is never echoed back whole, as OpenAI does, so logs of the simulator stay safe to share.
QString maskKey(const QByteArray &key)
{
    if (key.size() <= 8)
        return QStringLiteral("***");
    return QString::fromUtf8(key.left(3)) + QStringLiteral("***") + QString::fromUtf8(key.right(4));
}

// Thrown by the request validation in handleChat() and answered with HTTP 400.
struct BadRequest {
    QString message;
    const char *param;
    const char *code;
};

std::optional<int> readMaxTokens(const Json &body, const char *key)
{
    const auto it = body.find(key);
    if (it == body.end() || it->is_null())
        return std::nullopt;
    const QString name = QString::fromLatin1(key);
    if (!it->is_number_integer())
        throw BadRequest{QStringLiteral("Invalid type for '%1': expected an integer, but got %2 "
                                        "instead.")
                             .arg(name, jsonTypeName(*it)),
                         key, "invalid_type"};
    const bool negative = !it->is_number_unsigned() && it->get<std::int64_t>() < 1;
    if (negative || (it->is_number_unsigned() && it->get<std::uint64_t>() < 1))
        throw BadRequest{QStringLiteral("Invalid '%1': integer below minimum value. Expected a "
                                        "value >= 1, but got %2 instead.")
                             .arg(name, QString::fromStdString(it->dump())),
                         key, "integer_below_min_value"};
    if (it->is_number_unsigned() &&
        it->get<std::uint64_t>() > std::uint64_t(std::numeric_limits<int>::max()))
        return std::numeric_limits<int>::max();
    return int(it->get<std::int64_t>());
}

// The prompt text the simulator counts tokens over: every text content of every message.
QString promptText(const Json &body)
{
    const auto messages = body.find("messages");
    if (messages == body.end() || messages->is_null())
        throw BadRequest{QStringLiteral("Missing required parameter: 'messages'."), "messages",
                         "missing_required_parameter"};
    if (!messages->is_array())
        throw BadRequest{QStringLiteral("Invalid type for 'messages': expected an array of "
                                        "objects, but got %1 instead.")
                             .arg(jsonTypeName(*messages)),
                         "messages", "invalid_type"};
    if (messages->empty())
        throw BadRequest{QStringLiteral("Invalid 'messages': empty array. Expected an array with "
                                        "minimum length 1, but got an empty array instead."),
                         "messages", "empty_array"};
    QString text;
    for (std::size_t i = 0; i < messages->size(); ++i) {
        const Json &message = (*messages)[i];
        const QString where = QStringLiteral("messages[%1]").arg(i);
        if (!message.is_object())
            throw BadRequest{QStringLiteral("Invalid type for '%1': expected an object, but got "
                                            "%2 instead.")
                                 .arg(where, jsonTypeName(message)),
                             "messages", "invalid_type"};
        const auto role = message.find("role");
        if (role == message.end() || !role->is_string())
            throw BadRequest{QStringLiteral("Missing required parameter: '%1.role'.").arg(where),
                             "messages", "missing_required_parameter"};
        const auto content = message.find("content");
        if (content == message.end() || content->is_null())
            continue;
        if (content->is_string()) {
            text += QString::fromStdString(content->get<std::string>());
        } else if (content->is_array()) {
            for (const Json &part : *content) {
                if (!part.is_object())
                    throw BadRequest{QStringLiteral("Invalid type for '%1.content': expected an "
                                                    "array of objects.")
                                         .arg(where),
                                     "messages", "invalid_type"};
                const auto type = part.find("type");
                const auto partText = part.find("text");
                if (type != part.end() && *type == "text" && partText != part.end() &&
                    partText->is_string())
                    text += QString::fromStdString(partText->get<std::string>());
            }
        } else {
            throw BadRequest{QStringLiteral("Invalid type for '%1.content': expected a string or "
                                            "an array of objects, but got %2 instead.")
                                 .arg(where, jsonTypeName(*content)),
                             "messages", "invalid_type"};
        }
    }
    return text;
}

OrderedJson usageJson(int promptTokens, int completionTokens)
{
    return OrderedJson{{"prompt_tokens", promptTokens},
                       {"completion_tokens", completionTokens},
                       {"total_tokens", promptTokens + completionTokens},
                       {"prompt_tokens_details", {{"cached_tokens", 0}}},
                       {"completion_tokens_details", {{"reasoning_tokens", 0}}}};
}

} // namespace

QByteArray SimConnection::Request::header(const QByteArray &name) const
{
    for (const auto &[key, value] : headers) {
        if (key == name)
            return value;
    }
    return {};
}

bool SimConnection::Request::hasHeader(const QByteArray &name) const
{
    for (const auto &header : headers) {
        if (header.first == name)
            return true;
    }
    return false;
}

SimConnection::SimConnection(QTcpSocket *socket, SimServer *server)
    : QObject(server)
    , m_server(server)
    , m_socket(socket)
{
    m_socket->setParent(this);
    // Events are small and must leave when written, not when Nagle's algorithm decides.
    m_socket->setSocketOption(QAbstractSocket::LowDelayOption, 1);
    m_timer.setSingleShot(true);
    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &SimConnection::onTimer);
    connect(m_socket, &QTcpSocket::readyRead, this, &SimConnection::onReadyRead);
    connect(m_socket, &QTcpSocket::disconnected, this, &SimConnection::onSocketGone);
    connect(m_socket, &QTcpSocket::errorOccurred, this, &SimConnection::onSocketGone);
}

SimConnection::~SimConnection()
{
    m_timer.stop();
    abandonRequest();
}

void SimConnection::onReadyRead()
{
    if (m_lingering) {
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
    m_timer.stop();
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
    while (m_state == State::Reading && parseRequest()) {
    }
    m_inProcessInput = false;
}

bool SimConnection::parseRequest()
{
    if (!m_pending) {
        // Empty lines before a request line are to be ignored (RFC 9112, section 2.2).
        while (m_input.startsWith("\r\n"))
            m_input.remove(0, 2);
        const qsizetype end = m_input.indexOf("\r\n\r\n");
        if (end < 0 || end > kMaxHeaderBytes) {
            if (end > kMaxHeaderBytes || m_input.size() > kMaxHeaderBytes)
                refuse(431, QStringLiteral("Request header fields too large."));
            return false;
        }
        const QByteArray head = m_input.left(end);
        m_input.remove(0, end + 4);

        const QList<QByteArray> lines = head.split('\n');
        const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
        if (requestLine.size() != 3 || requestLine[0].isEmpty() ||
            !requestLine[1].startsWith('/')) {
            refuse(400, QStringLiteral("Malformed HTTP request line."));
            return false;
        }
        Request request;
        request.method = requestLine[0];
        request.path = requestLine[1];
        request.version = requestLine[2];
        if (request.version != "HTTP/1.1" && request.version != "HTTP/1.0") {
            refuse(505, QStringLiteral("Only HTTP/1.1 and HTTP/1.0 are supported."));
            return false;
        }
        if (const qsizetype query = request.path.indexOf('?'); query >= 0)
            request.path.truncate(query);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QByteArray &line = lines[i];
            const qsizetype colon = line.indexOf(':');
            // Obsolete line folding (a line starting with white space) is refused as RFC 9112
            // allows, rather than guessed at.
            if (colon <= 0 || line.startsWith(' ') || line.startsWith('\t')) {
                refuse(400, QStringLiteral("Malformed HTTP header line."));
                return false;
            }
            request.headers.emplace_back(line.left(colon).trimmed().toLower(),
                                         line.mid(colon + 1).trimmed());
        }

        if (request.hasHeader("transfer-encoding")) {
            refuse(411, QStringLiteral("Chunked request bodies are not supported; send a "
                                       "Content-Length header."));
            return false;
        }
        m_contentLength = 0;
        bool haveLength = false;
        for (const auto &[name, value] : request.headers) {
            if (name != "content-length")
                continue;
            bool ok = !value.isEmpty();
            for (const char c : value)
                ok = ok && c >= '0' && c <= '9';
            const qsizetype length = ok && value.size() <= 12 ? value.toLongLong(&ok) : -1;
            if (!ok || length < 0 || (haveLength && length != m_contentLength)) {
                refuse(400, QStringLiteral("Invalid Content-Length header."));
                return false;
            }
            m_contentLength = length;
            haveLength = true;
        }
        if (m_contentLength > kMaxBodyBytes) {
            refuse(413, QStringLiteral("Request body too large: %1 bytes, the limit is %2.")
                            .arg(m_contentLength)
                            .arg(kMaxBodyBytes));
            return false;
        }
        if (request.version == "HTTP/1.1" && m_input.size() < m_contentLength &&
            request.header("expect").toLower() == "100-continue") {
            m_socket->write(QByteArrayLiteral("HTTP/1.1 100 Continue\r\n\r\n"));
            m_socket->flush();
        }
        m_pending = std::move(request);
    }
    if (m_input.size() < m_contentLength)
        return false;

    Request request = std::move(*m_pending);
    m_pending.reset();
    request.body = m_input.left(m_contentLength);
    m_input.remove(0, m_contentLength);
    m_state = State::Responding;
    dispatch(request);
    return true;
}

void SimConnection::dispatch(const Request &request)
{
    const QByteArray connection = request.header("connection");
    if (request.version == "HTTP/1.1") {
        m_keepAlive = !hasToken(connection, "close");
        m_chunked = true;
    } else {
        m_keepAlive = hasToken(connection, "keep-alive");
        m_chunked = false;
    }

    const QString method = QString::fromLatin1(request.method);
    const QString path = QString::fromLatin1(request.path);
    if (request.path == "/v1/chat/completions") {
        if (request.method == "POST")
            handleChat(request);
        else
            replyError(405, QStringLiteral("Invalid method for URL (%1 %2)").arg(method, path),
                       "invalid_request_error", nullptr, nullptr);
    } else if (request.path == "/v1/models") {
        if (request.method == "GET")
            handleModels(request);
        else
            replyError(405, QStringLiteral("Invalid method for URL (%1 %2)").arg(method, path),
                       "invalid_request_error", nullptr, nullptr);
    } else {
        replyError(404, QStringLiteral("Invalid URL (%1 %2)").arg(method, path),
                   "invalid_request_error", nullptr, nullptr);
    }
}

QByteArray SimConnection::bearerToken(const Request &request)
{
    const QByteArray authorization = request.header("authorization");
    if (authorization.size() < 7 || authorization.left(7).toLower() != "bearer ")
        return {};
    return authorization.mid(7).trimmed();
}

bool SimConnection::authorize(const SimProfile &profile, const QByteArray &token)
{
    if (profile.apiKey.isEmpty())
        return true;
    if (token.isEmpty()) {
        replyError(401,
                   QStringLiteral("You didn't provide an API key. You need to provide your API key "
                                  "in an Authorization header using Bearer auth (i.e. "
                                  "Authorization: Bearer YOUR_KEY)."),
                   "invalid_request_error", nullptr, "invalid_api_key");
        return false;
    }
    if (token != profile.apiKey.toUtf8()) {
        replyError(401, QStringLiteral("Incorrect API key provided: %1.").arg(maskKey(token)),
                   "invalid_request_error", nullptr, "invalid_api_key");
        return false;
    }
    return true;
}

void SimConnection::handleModels(const Request &request)
{
    const QByteArray token = bearerToken(request);
    OrderedJson data = OrderedJson::array();
    for (const SimProfile &profile : m_server->profiles()) {
        // A profile behind a key is listed only to a caller holding that key.
        if (!profile.apiKey.isEmpty() && token != profile.apiKey.toUtf8())
            continue;
        data.push_back(OrderedJson{{"id", profile.model.toStdString()},
                                   {"object", "model"},
                                   {"created", kModelCreated},
                                   {"owned_by", "yardstick-sim"}});
    }
    writeJson(200, toBytes(OrderedJson{{"object", "list"}, {"data", data}}));
    responseDone();
}

void SimConnection::handleChat(const Request &request)
{
    const Json body = Json::parse(request.body.cbegin(), request.body.cend(), nullptr, false);
    if (body.is_discarded() || !body.is_object()) {
        replyError(400,
                   QStringLiteral("We could not parse the JSON body of your request. (HINT: This "
                                  "likely means you aren't using your HTTP library correctly. The "
                                  "OpenAI API expects a JSON payload, but what was sent was not "
                                  "valid JSON. If you have trouble figuring out how to fix this, "
                                  "please contact us through our help center at "
                                  "help.openai.com.)"),
                   "invalid_request_error", nullptr, nullptr);
        return;
    }
    const auto modelIt = body.find("model");
    if (modelIt == body.end() || !modelIt->is_string()) {
        replyError(400, QStringLiteral("You must provide a model parameter."),
                   "invalid_request_error", "model", "missing_required_parameter");
        return;
    }
    const QString model = QString::fromStdString(modelIt->get<std::string>());
    const int profileIndex = m_server->profileIndex(model);
    if (profileIndex < 0) {
        replyError(404,
                   QStringLiteral("The model `%1` does not exist or you do not have access to it.")
                       .arg(model),
                   "invalid_request_error", nullptr, "model_not_found");
        return;
    }
    const SimProfile &profile = m_server->profiles()[std::size_t(profileIndex)];
    if (!authorize(profile, bearerToken(request)))
        return;

    bool stream = false;
    bool includeUsage = false;
    std::optional<int> maxTokens;
    int promptTokens = 0;
    try {
        if (const auto it = body.find("stream"); it != body.end() && !it->is_null()) {
            if (!it->is_boolean())
                throw BadRequest{QStringLiteral("Invalid type for 'stream': expected a boolean, "
                                                "but got %1 instead.")
                                     .arg(jsonTypeName(*it)),
                                 "stream", "invalid_type"};
            stream = it->get<bool>();
        }
        if (const auto it = body.find("stream_options"); it != body.end() && !it->is_null()) {
            if (!stream)
                throw BadRequest{QStringLiteral("The 'stream_options' parameter is only allowed "
                                                "when 'stream' is enabled."),
                                 "stream_options", nullptr};
            if (!it->is_object())
                throw BadRequest{QStringLiteral("Invalid type for 'stream_options': expected an "
                                                "object, but got %1 instead.")
                                     .arg(jsonTypeName(*it)),
                                 "stream_options", "invalid_type"};
            if (const auto usage = it->find("include_usage");
                usage != it->end() && !usage->is_null()) {
                if (!usage->is_boolean())
                    throw BadRequest{QStringLiteral("Invalid type for "
                                                    "'stream_options.include_usage': expected a "
                                                    "boolean, but got %1 instead.")
                                         .arg(jsonTypeName(*usage)),
                                     "stream_options.include_usage", "invalid_type"};
                includeUsage = usage->get<bool>();
            }
        }
        // The newer name wins when a client sends both.
        maxTokens = readMaxTokens(body, "max_completion_tokens");
        if (!maxTokens)
            maxTokens = readMaxTokens(body, "max_tokens");
        promptTokens = approxTokenCount(promptText(body));
    } catch (const BadRequest &e) {
        replyError(400, e.message, "invalid_request_error", e.param, e.code);
        return;
    }
    if (promptTokens > profile.contextWindow) {
        replyError(400,
                   QStringLiteral("This model's maximum context length is %1 tokens. However, your "
                                  "messages resulted in %2 tokens. Please reduce the length of "
                                  "the messages.")
                       .arg(profile.contextWindow)
                       .arg(promptTokens),
                   "invalid_request_error", "messages", "context_length_exceeded");
        return;
    }

    // Accepted: everything random about the answer is fixed now.
    const std::int64_t acceptedNs = monotonicNs();
    const std::uint64_t number = m_server->nextRequestNumber(profileIndex);
    m_profile = profileIndex;
    m_stream = stream;
    m_includeUsage = stream && includeUsage && profile.usage;
    // Without chunked framing (HTTP/1.0) only closing the connection can end a stream.
    if (stream && !m_chunked)
        m_keepAlive = false;
    m_promptTokens = promptTokens;
    m_plan = profile.plan(number, promptTokens, maxTokens);
    m_text.emplace(profile.seed, number);
    m_nextEvent = 0;
    m_created = QDateTime::currentSecsSinceEpoch();
    SimRandom ids(simStreamSeed(profile.seed ^ simStableHash(profile.model), number, kIdStream));
    const QByteArray requestId = QByteArrayLiteral("req_") + hex64(ids.next()) + hex64(ids.next());
    m_completionId = QByteArrayLiteral("chatcmpl-") + randomToken(ids, 29);
    m_fingerprint =
        QByteArrayLiteral("fp_") + hex64(simStableHash(profile.model) ^ profile.seed).left(10);

    m_record = SimRequestRecord();
    m_record.requestId = requestId;
    m_record.model = profile.model;
    m_record.requestNumber = number;
    m_record.stream = stream;
    m_record.promptTokens = promptTokens;
    m_record.completionTokens = m_plan->completionTokens;
    m_record.truncated = m_plan->truncated;
    m_record.acceptedNs = acceptedNs;
    m_recordPending = true;

    if (stream) {
        writeHead(200, QByteArrayLiteral("text/event-stream; charset=utf-8"), -1, requestId,
                  m_chunked);
        writeEvent(chunkData(ChunkKind::Role));
        if (m_state != State::Responding)
            return;
    }
    if (m_server->acquireSlot(profileIndex, this))
        startGeneration(acceptedNs);
    else
        m_waitingForSlot = true;
}

void SimConnection::startGeneration(std::int64_t startNs)
{
    m_waitingForSlot = false;
    m_holdingSlot = true;
    m_generationStartNs = startNs;
    m_record.generationStartNs = startNs;
    scheduleAt(startNs + (m_stream ? m_plan->ttftNs() : m_plan->durationNs()));
}

void SimConnection::scheduleAt(std::int64_t dueNs)
{
    const std::int64_t remaining = dueNs - monotonicNs();
    m_timer.start(remaining <= 0 ? 0 : int((remaining + 500'000) / 1'000'000));
}

void SimConnection::onTimer()
{
    if (m_lingering) {
        m_socket->disconnectFromHost();
        return;
    }
    if (m_state != State::Responding || !m_holdingSlot)
        return;
    const std::int64_t now = monotonicNs() + kEarlyToleranceNs;
    const std::vector<SimEvent> &events = m_plan->events;
    if (!m_stream) {
        const std::int64_t due = m_generationStartNs + m_plan->durationNs();
        if (due > now)
            scheduleAt(due);
        else
            finishNonStreaming();
        return;
    }
    while (m_nextEvent < events.size() &&
           m_generationStartNs + events[m_nextEvent].offsetNs <= now) {
        writeContent(m_nextEvent++);
        if (m_state != State::Responding)
            return; // the client went away during the write
    }
    if (m_nextEvent == events.size())
        finishStream();
    else
        scheduleAt(m_generationStartNs + events[m_nextEvent].offsetNs);
}

void SimConnection::writeContent(std::size_t eventIndex)
{
    const QString piece = m_text->take(m_plan->events[eventIndex].tokens);
    if (eventIndex == 0)
        m_record.firstContentNs = monotonicNs();
    writeEvent(chunkData(ChunkKind::Content, piece));
}

void SimConnection::finishStream()
{
    writeEvent(chunkData(ChunkKind::Finish));
    if (m_includeUsage && m_state == State::Responding) {
        OrderedJson chunk{{"id", m_completionId.toStdString()},
                          {"object", "chat.completion.chunk"},
                          {"created", m_created},
                          {"model", m_record.model.toStdString()},
                          {"system_fingerprint", m_fingerprint.toStdString()},
                          {"service_tier", "default"},
                          {"choices", OrderedJson::array()},
                          {"usage", usageJson(m_promptTokens, m_plan->completionTokens)}};
        writeEvent(toBytes(chunk));
    }
    writeEvent(QByteArrayLiteral("[DONE]"));
    if (m_state != State::Responding)
        return;
    if (m_chunked)
        writeRaw(QByteArrayLiteral("0\r\n\r\n"));
    completeRequest();
}

void SimConnection::finishNonStreaming()
{
    const QString text = m_text->take(m_plan->completionTokens);
    const SimProfile &profile = m_server->profiles()[std::size_t(m_profile)];
    OrderedJson reply{
        {"id", m_completionId.toStdString()},
        {"object", "chat.completion"},
        {"created", m_created},
        {"model", profile.model.toStdString()},
        {"choices",
         OrderedJson::array({OrderedJson{
             {"index", 0},
             {"message",
              {{"role", "assistant"}, {"content", text.toStdString()}, {"refusal", nullptr}}},
             {"logprobs", nullptr},
             {"finish_reason", m_plan->truncated ? "length" : "stop"}}})}};
    if (profile.usage)
        reply["usage"] = usageJson(m_promptTokens, m_plan->completionTokens);
    reply["service_tier"] = "default";
    reply["system_fingerprint"] = m_fingerprint.toStdString();
    m_record.firstContentNs = monotonicNs();
    writeJson(200, toBytes(reply), m_record.requestId);
    if (m_state != State::Responding)
        return;
    completeRequest();
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
    if (!m_keepAlive) {
        m_state = State::Closed;
        if (m_lingering)
            m_timer.start(kLingerMs);
        else
            m_socket->disconnectFromHost();
        return;
    }
    m_state = State::Reading;
    processInput();
}

QByteArray SimConnection::chunkData(ChunkKind kind, const QString &content) const
{
    OrderedJson delta = OrderedJson::object();
    if (kind == ChunkKind::Role)
        delta = {{"role", "assistant"}, {"content", ""}};
    else if (kind == ChunkKind::Content)
        delta = {{"content", content.toStdString()}};
    OrderedJson choice{
        {"index", 0}, {"delta", delta}, {"logprobs", nullptr}, {"finish_reason", nullptr}};
    if (kind == ChunkKind::Finish)
        choice["finish_reason"] = m_plan->truncated ? "length" : "stop";
    OrderedJson chunk{{"id", m_completionId.toStdString()},
                      {"object", "chat.completion.chunk"},
                      {"created", m_created},
                      {"model", m_record.model.toStdString()},
                      {"system_fingerprint", m_fingerprint.toStdString()},
                      {"service_tier", "default"},
                      {"choices", OrderedJson::array({choice})}};
    // OpenAI sends an explicit null usage on every chunk once usage was asked for.
    if (m_includeUsage)
        chunk["usage"] = nullptr;
    return toBytes(chunk);
}

void SimConnection::writeHead(int status, const QByteArray &contentType, qsizetype contentLength,
                              const QByteArray &requestId, bool chunked)
{
    QByteArray head = QByteArrayLiteral("HTTP/1.1 ") + QByteArray::number(status) + ' ' +
                      reasonPhrase(status) + "\r\nContent-Type: " + contentType + "\r\n";
    if (contentLength >= 0)
        head += "Content-Length: " + QByteArray::number(contentLength) + "\r\n";
    else if (chunked)
        head += "Transfer-Encoding: chunked\r\n";
    if (contentLength < 0)
        head += "Cache-Control: no-cache\r\n";
    head += "x-request-id: " + requestId + "\r\n";
    head += m_keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
    m_headBuffer = head;
}

void SimConnection::writeJson(int status, const QByteArray &body, const QByteArray &requestId)
{
    writeHead(status, QByteArrayLiteral("application/json"), body.size(),
              requestId.isEmpty() ? m_server->newRequestId() : requestId, false);
    writeRaw(body);
}

void SimConnection::replyError(int status, const QString &message, const char *type,
                               const char *param, const char *code)
{
    auto orNull = [](const char *text) {
        return text ? OrderedJson(text) : OrderedJson(nullptr);
    };
    const OrderedJson body{{"error",
                            {{"message", message.toStdString()},
                             {"type", type},
                             {"param", orNull(param)},
                             {"code", orNull(code)}}}};
    writeJson(status, toBytes(body));
    responseDone();
}

void SimConnection::refuse(int status, const QString &message)
{
    // What follows a refused request cannot be parsed reliably, so the connection ends here.
    m_keepAlive = false;
    m_state = State::Responding;
    m_input.clear();
    m_pending.reset();
    m_lingering = true;
    replyError(status, message, "invalid_request_error", nullptr, nullptr);
}

void SimConnection::writeEvent(const QByteArray &data)
{
    const QByteArray event = QByteArrayLiteral("data: ") + data + "\n\n";
    if (m_chunked)
        writeRaw(QByteArray::number(event.size(), 16) + "\r\n" + event + "\r\n");
    else
        writeRaw(event);
}

void SimConnection::writeRaw(const QByteArray &bytes)
{
    if (m_state != State::Responding || m_socket->state() != QAbstractSocket::ConnectedState)
        return;
    // Response headers travel with the first bytes after them, in one write.
    const QByteArray out = m_headBuffer.isEmpty() ? bytes : m_headBuffer + bytes;
    m_headBuffer.clear();
    m_socket->write(out);
    m_socket->flush();
}

} // namespace ys
