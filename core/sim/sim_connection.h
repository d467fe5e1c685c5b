#pragma once

#include "sim/sim_dialect.h"
#include "sim/sim_faults.h"
#include "sim/sim_ground_truth.h"
#include "sim/sim_http.h"
#include "sim/sim_link.h"
#include "sim/sim_profile.h"
#include "sim/sim_scheduler.h"
#include "sim/sim_server.h"
#include "sim/sim_text.h"

#include <QByteArray>
#include <QObject>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

namespace ys {

class Tokenizer;

// One client connection of SimServer (or one stream of an HTTP/2 connection, see SimLink): reads
// HTTP/1.1 requests one after the other (keep-alive), hands generation requests to their dialect,
// and writes the answer's events at the times the request's SimPlan fixed when it was accepted,
// with the faults the request carries. Deletes itself when the client goes away.
class SimConnection : public QObject, private SimScheduled {
    Q_OBJECT

public:
    // Takes ownership of link.
    SimConnection(SimLink *link, SimServer *server);
    ~SimConnection() override;

    // Called by the server when a capacity slot frees for this (waiting) request.
    void startGeneration(std::int64_t startNs);

    static constexpr qsizetype kMaxHeaderBytes = SimHttpReader::kMaxHeaderBytes;
    static constexpr qsizetype kMaxBodyBytes = SimHttpReader::kMaxBodyBytes;

private:
    enum class State { Reading, Responding, Closed };
    // What the next scheduler wake-up is for.
    enum class Due { Nothing, SlowReply, Generate, Pace, Linger };

    void onDue() override;
    void onReadyRead();
    void onSocketGone();
    void processInput();
    bool handOverToHttp2();
    void dispatch(const SimHttpRequest &request);
    void handleModels(const SimHttpRequest &request);
    void handleRecord(const SimHttpRequest &request);

    // Accepting a generation request (sim_connection_intake.cpp). Each check fills in the error
    // to reply with and returns false when the request is refused.
    struct Intake; // what the steps learn about the request, handed from one to the next
    void handleGeneration(const SimHttpRequest &request, std::unique_ptr<SimDialect> dialect);
    bool readRequest(const SimHttpRequest &request, Intake &in); // model, key, headers, body
    bool checkKey(Intake &in);
    bool readFaults(const SimHttpRequest &request, Intake &in);
    void countPrompt(Intake &in);
    bool faultReplyDue(const SimHttpRequest &request, Intake &in); // true: reply in.error
    void retryAfterFault(SimFault fault, Intake &in);
    bool admit(Intake &in); // context window, rate limits, prefix cache
    void accept(const Intake &in);

    // Answering an accepted request (sim_connection_answer.cpp).
    void startAnswer();
    void generate();
    std::int64_t dueOf(std::size_t index) const; // index == events: the end of the stream
    QString pieceText(std::size_t index);
    QString withTextFaults(QString text) const;
    void writeContent(std::size_t index);
    // Records when the event that completes a tool call's arguments is written, if one of these is.
    void stampToolArgsComplete(const std::vector<SimSse> &events, std::int64_t now);
    void finishStream();
    void finishNonStreaming();
    void failMidStream();
    void resetConnection();
    void completeRequest();
    // Ends the request's record (its end time, whether it completed), hands it to the server and
    // frees the request's slot.
    void closeRecord(bool completed);
    void responseDone();
    void abandonRequest();
    void releaseSlot();
    void scheduleNext();

    // Replies that are not an answer.
    void replyError(const SimError &error, const SimHeaders &extra = {});
    void replyErrorInStream(const SimReply &reply, const SimHeaders &headers);
    void finishEmptyStream();
    void replyPlain(int status, const QByteArray &body); // OpenAI-shaped, no record
    void replyMetrics(); // GET /metrics: the scheduler's state, kept as a scrape record
    void refuse(int status, const QString &message); // reply, then close the connection

    // Output (sim_connection_output.cpp).
    void setHead(int status, const QByteArray &contentType, qsizetype contentLength,
                 const SimHeaders &extra);
    QByteArray sse(const SimSse &event);
    std::vector<QByteArray> sseUnits(const std::vector<SimSse> &events); // sse() of each, in order
    void writeEvents(const std::vector<SimSse> &events, const QByteArray &prefix = {});
    // Each unit is one chunk (one event), unless a fault paces the bytes differently.
    void writeBody(const std::vector<QByteArray> &units);
    void endBody(); // the last chunk, then completeRequest()
    // The body's last units, then its end, unless writing them already ended the response.
    void writeLastUnits(const std::vector<QByteArray> &units);
    void writePiece();
    void writeOut(const QByteArray &bytes);
    bool pacing() const;

    struct Intake {
        SimError error;
        SimHeaders errorHeaders; // sent with the error reply
        SimChatRequest chat;
        int profileIndex = -1;
        QByteArray key;
        std::uint64_t number = 0; // the request's number within its profile
        const Tokenizer *tokenizer = nullptr;
        int promptTokensSent = 0;
        int promptTokens = 0; // after truncation to the context window
        int cached = 0;
    };
    // The answer of the prompt at temperature 0 is seeded from the prompt (unless it diverges).
    std::optional<std::uint64_t> contentKey(const Intake &in) const;
    void writeAnswerText(const Intake &in, std::optional<std::uint64_t> key);

    SimServer *m_server;
    SimLink *m_link;
    SimHttpReader m_reader;
    State m_state = State::Reading;
    Due m_due = Due::Nothing;
    QByteArray m_input;
    bool m_inProcessInput = false;
    bool m_gone = false;
    bool m_lingering = false; // a refused request: discard input until the client closes
    int m_requests = 0;       // read on this connection so far

    // Request being answered.
    bool m_keepAlive = true;
    bool m_chunked = true;
    std::unique_ptr<SimDialect> m_dialect;
    SimFaultSet m_faults;
    int m_profile = -1;
    bool m_stream = false;
    bool m_jsonArray = false; // Gemini without alt=sse
    int m_arrayItems = 0;
    bool m_waitingForSlot = false;
    bool m_holdingSlot = false;
    std::optional<SimPlan> m_plan;
    std::vector<QString> m_pieces;          // the answer's text of each planned answer event
    std::vector<QString> m_reasoningPieces; // streamed thinking: the text of each such event
    std::vector<int> m_runningTokens;       // the encoding's count up to each piece, as reported
    int m_answerTokens = 0;                 // the encoding's count of the whole answer, as reported
    std::size_t m_nextEvent = 0;
    std::int64_t m_generationStartNs = 0;
    std::int64_t m_stallNs = 0;
    std::size_t m_faultAt = 0; // content events before error_mid_stream / reset_mid_stream
    SimHeaders m_replyHeaders; // rate-limit and dialect headers of the answer
    std::optional<SimResponseHead> m_head; // written with the next bytes
    bool m_bodyChunked = false;            // the body in progress uses chunked framing
    int m_lineEnding = 0;                  // split_utf8_crlf: cycles CRLF, LF, CR
    std::deque<QByteArray> m_paced;
    std::int64_t m_nextPieceNs = 0;
    bool m_completeWhenDrained = false;
    SimRequestRecord m_record;
    bool m_recordPending = false; // started, not yet added to the server's records
};

} // namespace ys
