#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QtGlobal>
#include <optional>
#include <vector>

namespace ys {

// One dispatched Server-Sent Event. All fields are raw bytes; the stream is UTF-8 by definition.
struct SseEvent {
    QByteArray type; // "message" when the stream named none
    QByteArray data; // UTF-8 bytes, data lines joined with '\n'
    QByteArray id;   // last event id in force when dispatched
    // An `error:` field line rather than a dispatched event: its data is the line's value. The
    // event-stream rules ignore unknown fields, but a server that says "error" there (llama.cpp
    // does, in a 200 stream) is reporting a failure, and a benchmark must not drop it.
    bool errorField = false;
};

// Incremental parser for a text/event-stream body, following the WHATWG "event stream
// interpretation" rules. Bytes may arrive split at any point (inside a CRLF, inside a UTF-8
// sequence, inside the BOM); the events produced are the same as for one read of the whole body.
// It works on bytes rather than decoded text so that a character split across reads is never
// decoded half-way, and so that U+0085 / U+2028 are never mistaken for line breaks.
// Not thread-safe; one parser per response.
class SseParser {
public:
    static constexpr qsizetype kDefaultMaxEventBytes = 16 * 1024 * 1024;
    static constexpr qsizetype kOverflowExcerptBytes = 256;

    // Parses bytes, appending each complete event to `out`; returns how many were appended.
    // Produces nothing once overflowed().
    int feed(QByteArrayView bytes, std::vector<SseEvent> &out);
    // The same, but the events go into events[0..n) (n returned), reusing the events already
    // there and their buffers, so that a stream read after read allocates nothing once warm.
    // events[n..] are left as they were.
    int feedReusing(QByteArrayView bytes, std::vector<SseEvent> &events);

    // True when the stream, were it to end here, would lose an event: data lines were received
    // without the blank line that dispatches them, or a non-comment line is still unterminated.
    bool hasPendingEvent() const;

    // The id the next reconnection should send as Last-Event-ID. Like a browser's EventSource it
    // only changes when a block ends (blank line), even one that carried no data.
    QByteArray lastEventId() const { return m_lastEventId; }
    std::optional<qint64> retryMs() const { return m_retryMs; }
    int commentCount() const { return m_commentCount; }
    // Field lines the event-stream rules ignore (neither data, event, id, retry nor error), kept
    // for the attempt's diagnosis: the first kUnknownFieldBytes of them, one per line.
    static constexpr qsizetype kUnknownFieldBytes = 1024;
    QByteArray unknownFields() const { return m_unknownFields; }
    int unknownFieldCount() const { return m_unknownFieldCount; }

    // Upper bound for one line and for the data of one event; protects against a server that
    // never sends a line break.
    void setMaxEventBytes(qsizetype bytes);
    qsizetype maxEventBytes() const { return m_maxEventBytes; }
    bool overflowed() const { return m_overflowed; }
    // The first kOverflowExcerptBytes of the line or data that overflowed, for the error report.
    QByteArray overflowExcerpt() const { return m_overflowExcerpt; }

    // Back to the start of a new stream (BOM check included); keeps maxEventBytes().
    void reset();

private:
    void parse(QByteArrayView bytes, std::vector<SseEvent> &out);
    void completeLine(QByteArrayView segment, std::vector<SseEvent> &out);
    void appendPartialLine(QByteArrayView segment);
    void processLine(QByteArrayView line, std::vector<SseEvent> &out);
    void processField(QByteArrayView line, QByteArrayView field, QByteArrayView value,
                      std::vector<SseEvent> &out);
    void emitErrorField(QByteArrayView value, std::vector<SseEvent> &out);
    void keepUnknownField(QByteArrayView line);
    void dispatch(std::vector<SseEvent> &out);
    void enterOverflow(QByteArrayView head, QByteArrayView tail, bool lineContinues);
    void extendOverflowExcerpt(QByteArrayView bytes);

    QByteArray m_line; // unterminated line carried over from the previous read
    QByteArray m_data;
    QByteArray m_type;
    QByteArray m_lastType; // shares storage with m_type, so a repeated type costs no allocation
    QByteArray m_idBuffer;
    QByteArray m_lastEventId;
    QByteArray m_overflowExcerpt;
    QByteArray m_unknownFields;
    std::optional<qint64> m_retryMs;
    qsizetype m_maxEventBytes = kDefaultMaxEventBytes;
    int m_commentCount = 0;
    int m_unknownFieldCount = 0;
    std::size_t m_fill = 0; // the next slot of the output that dispatch() fills
    int m_bomMatched = 0;
    bool m_bomDone = false;
    bool m_skipLf = false; // the previous read ended in CR, so a leading LF is its other half
    bool m_overflowed = false;
    bool m_excerptOpen = false; // the overflowing line has not ended yet
};

} // namespace ys
