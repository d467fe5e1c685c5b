#include "sim/sim_connection.h"

#include "sim/sim_h2_session.h"
#include "sim/sim_openai_common.h"
#include "sim/sim_tcp_link.h"
#include "util/monotonic_clock.h"

#include <algorithm>
#include <nlohmann/json.hpp>

// The messages this file writes into HTTP bodies are part of the simulated providers' wire
// protocols and copy the English wording of the real APIs, so they are deliberately not
// translated.

namespace ys {

namespace {

using OrderedJson = nlohmann::ordered_json;

// After refusing a request the connection stays open this long, discarding what the client still
// sends, so that closing it does not reset the connection before the client read the refusal.
constexpr std::int64_t kLingerNs = 1'000'000'000;

// Shown by the model listings; a fixed value keeps them byte-identical between runs.
constexpr qint64 kModelCreated = 1700000000;

QByteArray toBytes(const OrderedJson &json)
{
    return QByteArray::fromStdString(json.dump());
}

} // namespace

SimConnection::SimConnection(SimLink *link, SimServer *server)
    : QObject(server)
    , m_server(server)
    , m_link(link)
{
    m_link->setParent(this);
    connect(m_link, &SimLink::readyRead, this, &SimConnection::onReadyRead);
    connect(m_link, &SimLink::gone, this, &SimConnection::onSocketGone);
    // A TLS socket arrives after its handshake, and the request may have come with it (an
    // HTTP/2 stream arrives with its whole request).
    if (m_link->bytesAvailable() > 0)
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
        m_link->readAll();
        return;
    }
    m_input += m_link->readAll();
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
        m_link->abort();
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
    if (handOverToHttp2()) {
        m_inProcessInput = false;
        return;
    }
    while (m_state == State::Reading) {
        const SimHttpReader::Result result = m_reader.feed(m_input);
        if (result == SimHttpReader::Result::NeedMore)
            break;
        if (result == SimHttpReader::Result::ExpectsContinue) {
            m_link->sendContinue();
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

// A client that speaks HTTP/2 with prior knowledge opens with its preface instead of a request;
// a server that speaks HTTP/2 hands the connection to an HTTP/2 session. True: handed over (or
// waiting for the rest of the preface).
bool SimConnection::handOverToHttp2()
{
    if (m_requests > 0 || !m_server->speaksHttp2())
        return false;
    auto *tcp = qobject_cast<SimTcpLink *>(m_link);
    if (!tcp)
        return false;
    const QByteArray preface = SimH2Session::clientPreface();
    if (m_input.size() < preface.size())
        return !m_input.isEmpty() && preface.startsWith(m_input);
    if (!m_input.startsWith(preface))
        return false;
    m_server->startHttp2(tcp->takeSocket(), std::exchange(m_input, {}));
    m_gone = true;
    m_state = State::Closed;
    deleteLater();
    return true;
}

void SimConnection::dispatch(const SimHttpRequest &request)
{
    ++m_requests;
    const QByteArray connection = request.header("connection");
    if (m_link->framesMessages()) {
        // The wire ends each response itself: one request, no chunked coding.
        m_keepAlive = false;
        m_chunked = false;
    } else if (request.version == "HTTP/1.1") {
        m_keepAlive = !simHeaderHasToken(connection, "close");
        m_chunked = true;
    } else {
        m_keepAlive = simHeaderHasToken(connection, "keep-alive");
        m_chunked = false;
    }
    m_faults = SimFaultSet();
    m_replyHeaders.clear();
    m_head.reset();
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
    } else if (request.path == "/metrics") {
        if (request.method == "GET")
            replyMetrics();
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

void SimConnection::closeRecord(bool completed)
{
    m_recordPending = false;
    m_record.endNs = monotonicNs();
    m_record.completed = completed;
    m_server->addRecord(m_record);
    releaseSlot();
}

void SimConnection::resetConnection()
{
    closeRecord(false);
    m_paced.clear();
    m_link->reset();
    onSocketGone();
}

void SimConnection::completeRequest()
{
    closeRecord(true);
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
        // A refused request's connection lingers; a stream of its own has nothing to protect.
        if (m_lingering && !m_link->framesMessages()) {
            m_due = Due::Linger;
            m_server->scheduler()->schedule(this, monotonicNs() + kLingerNs);
        } else {
            m_link->close();
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
    if (m_faults.has(SimFault::ErrorField))
        writeLastUnits(
            {"error: " + simErrorFieldJson(reply) + "\n\n", QByteArrayLiteral("data: [DONE]\n\n")});
    else
        writeLastUnits(sseUnits(m_dialect->inBandError(reply)));
}

// The dialect's end of a stream with nothing before it: a server that says "done" having said
// nothing.
void SimConnection::finishEmptyStream()
{
    writeLastUnits(sseUnits(m_dialect->emptyEnd()));
}

void SimConnection::replyPlain(int status, const QByteArray &body)
{
    const QByteArray id = m_server->newRequestId();
    setHead(status, QByteArrayLiteral("application/json"), body.size(),
            {{QByteArrayLiteral("x-request-id"), id}});
    writeOut(body);
    responseDone();
}

void SimConnection::replyMetrics()
{
    const QByteArray body = m_server->metricsExposition();
    setHead(200, QByteArrayLiteral("text/plain; version=0.0.4; charset=utf-8"), body.size(), {});
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

} // namespace ys
