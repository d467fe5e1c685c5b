#pragma once

#include "sim/sim_profile.h"
#include "sim/sim_server.h"
#include "sim/sim_text.h"

#include <QByteArray>
#include <QObject>
#include <QTimer>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

class QTcpSocket;

namespace ys {

// One client connection of SimServer: reads HTTP/1.1 requests one after the other (keep-alive),
// answers the OpenAI endpoints, and writes streamed events at the times the request's SimPlan
// fixed when it was accepted. Deletes itself when the client goes away.
class SimConnection : public QObject {
    Q_OBJECT

public:
    SimConnection(QTcpSocket *socket, SimServer *server);
    ~SimConnection() override;

    // Called by the server when a capacity slot frees for this (waiting) request.
    void startGeneration(std::int64_t startNs);

    // Upper bounds on what a client may send; beyond them the request is refused.
    static constexpr qsizetype kMaxHeaderBytes = 64 * 1024;
    static constexpr qsizetype kMaxBodyBytes = 32 * 1024 * 1024;

private:
    struct Request {
        QByteArray method;
        QByteArray path;
        QByteArray version;
        std::vector<std::pair<QByteArray, QByteArray>> headers; // names lower-cased
        QByteArray body;

        QByteArray header(const QByteArray &name) const;
        bool hasHeader(const QByteArray &name) const;
    };

    enum class State { Reading, Responding, Closed };
    enum class ChunkKind { Role, Content, Finish };

    void onReadyRead();
    void onSocketGone();
    void onTimer();
    void processInput();
    bool parseRequest();
    void dispatch(const Request &request);
    void handleChat(const Request &request);
    void handleModels(const Request &request);
    static QByteArray bearerToken(const Request &request);
    bool authorize(const SimProfile &profile, const QByteArray &token);

    void scheduleAt(std::int64_t dueNs);
    void writeContent(std::size_t eventIndex);
    void finishStream();
    void finishNonStreaming();
    void completeRequest();
    void responseDone();
    void abandonRequest();
    void releaseSlot();

    QByteArray chunkData(ChunkKind kind, const QString &content = {}) const;
    void writeHead(int status, const QByteArray &contentType, qsizetype contentLength,
                   const QByteArray &requestId, bool chunked);
    void writeJson(int status, const QByteArray &body, const QByteArray &requestId = {});
    void replyError(int status, const QString &message, const char *type, const char *param,
                    const char *code);
    void refuse(int status, const QString &message); // reply, then close the connection
    void writeEvent(const QByteArray &data);
    void writeRaw(const QByteArray &bytes);

    SimServer *m_server;
    QTcpSocket *m_socket;
    QTimer m_timer;
    State m_state = State::Reading;
    QByteArray m_input;
    QByteArray m_headBuffer;
    bool m_inProcessInput = false;
    bool m_gone = false;
    bool m_lingering = false; // a refused request: discard input until the client closes

    // Request being read.
    std::optional<Request> m_pending;
    qsizetype m_contentLength = 0;

    // Request being answered.
    bool m_keepAlive = true;
    bool m_chunked = true;
    int m_profile = -1;
    bool m_stream = false;
    bool m_includeUsage = false;
    bool m_waitingForSlot = false;
    bool m_holdingSlot = false;
    std::optional<SimPlan> m_plan;
    std::optional<SimText> m_text;
    std::size_t m_nextEvent = 0;
    std::int64_t m_generationStartNs = 0;
    int m_promptTokens = 0;
    QByteArray m_completionId;
    QByteArray m_fingerprint;
    qint64 m_created = 0;
    SimRequestRecord m_record;
    bool m_recordPending = false; // accepted, not yet added to the server's records
};

} // namespace ys
