#pragma once

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <vector>

namespace ys {

// Server-side ground truth of one request, so tests and benchmarks can check what a client
// measured against what the simulator did. Times are ys::monotonicNs() values (the steady clock,
// CLOCK_MONOTONIC on Linux), so an in-process client can compare them with its own directly;
// 0 means "never happened".
struct SimRequestRecord {
    QByteArray requestId;
    QString dialect; // "openai-chat", "openai-responses", "anthropic-messages", "gemini"
    QString model;
    int status = 0; // HTTP status sent (0: none, e.g. the client left first)
    std::uint64_t requestNumber = 0;
    bool stream = false;
    QString httpVersion;      // of the connection that carried it: "1.1" or "2"
    QStringList faults;       // injected, with parameters ("stall=1500")
    QString authHeader;       // the header the dialect reads the key from
    QString auth;             // "not_required", "ok", "missing" or "wrong"
    int promptTokensSent = 0; // counted in the request
    int promptTokens = 0;     // processed and reported (below the sent count when truncated)
    int cachedTokens = 0;
    std::optional<int> maxTokensRequested; // the request's output limit; none when it set none
    int completionTokens = 0;
    bool truncated = false;       // output cut by the request's limit: "length" / max tokens
    bool promptTruncated = false; // context_overflow "truncate" cut the prompt
    QString schemaBreak; // how a structured answer broke its schema ("truncated", ...); empty
    QString responseFormat = QStringLiteral("text"); // asked for by the request: json, ...
    QString reasoningEffort; // asked for by the request: "low", ..., "budget:N"; empty: none
    QString toolChoice;      // asked for: "required", "auto", "none" or a name; empty: no tools
    QString toolName;        // the tool the answer called; empty: no call
    QString toolArgs;        // the call's arguments as sent (fault text not included)
    QString toolArgsBreak;   // how they broke the tool's schema ("wrong_type", ...); empty
    int reasoningTokens = 0; // thought before the answer (hidden or streamed)
    int reasoningEvents = 0; // the first events that streamed the thinking
    std::int64_t firstReasoningNs = 0;   // the first reasoning event written (streamed thinking)
    std::int64_t acceptedNs = 0;         // request fully read
    std::int64_t generationStartNs = 0;  // a capacity slot was granted
    std::int64_t headersWrittenNs = 0;   // status line and headers handed to the socket
    std::int64_t firstContentNs = 0;     // first content event (or the whole answer) written
    std::int64_t toolArgsCompleteNs = 0; // the event that completes a call's arguments written
    std::int64_t lastByteNs = 0;         // the last byte of the response written
    std::int64_t endNs = 0;              // response finished or client gone
    bool completed = false;              // false: the client went away (or was reset) first
    // Each content event: when the plan wanted it written and when it was.
    std::vector<std::int64_t> eventPlannedNs;
    std::vector<std::int64_t> eventWrittenNs;

    // One JSON object (compact, one line), the format of GET /_sim/requests/{id} and the log.
    QByteArray toJson() const;
};

// One answer the simulator gave to GET /metrics: when, its number (also served, as
// ys_sim_scrapes_total, so a client's stored scrape can be matched to this one) and every
// per-model figure it served.
struct SimScrapeRecord {
    struct Value {
        QString name;  // e.g. "vllm:num_requests_waiting"
        QString model; // the model_name label
        double value = 0;
    };
    std::uint64_t number = 0; // 1 for the first scrape
    std::int64_t atNs = 0;    // monotonicNs() when the figures were read
    std::vector<Value> values;

    std::optional<double> find(const QString &name, const QString &model) const;
};

// The server's most recent records, readable from any thread, and the optional JSONL log that
// receives one line per finished request.
class SimGroundTruth {
public:
    static constexpr std::size_t kMaxRecords = 10000;

    void add(SimRequestRecord record);
    std::vector<SimRequestRecord> records() const; // oldest first
    std::optional<SimRequestRecord> find(const QByteArray &requestId) const;

    static constexpr std::size_t kMaxScrapes = 10000;
    void addScrape(SimScrapeRecord scrape);
    std::vector<SimScrapeRecord> scrapes() const; // oldest first

    // Appends to path (created if missing); an empty path stops logging.
    bool openLog(const QString &path, QString *error);

private:
    mutable std::mutex m_mutex;
    std::deque<SimRequestRecord> m_records;
    std::deque<SimScrapeRecord> m_scrapes;
    std::optional<QFile> m_log;
};

} // namespace ys
