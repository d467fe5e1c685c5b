#include "sim/sim_connection.h"

#include "util/monotonic_clock.h"

#include <algorithm>

// Answering an accepted request: the events leave at the times its SimPlan fixed, with the
// faults that are about what the answer holds and when it ends.

namespace ys {

namespace {

// Fault parameter when the profile or the request gives none.
constexpr std::int64_t kOversizedBytes = 20 * 1024 * 1024;

} // namespace

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
        if (m_head)
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
        m_link->close();
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
    const QString text = m_pieces[index];
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
    const auto thinking = std::size_t(m_plan->reasoningEvents);
    std::vector<SimSse> events;
    if (index < thinking) {
        events = m_dialect->reasoning(m_reasoningPieces[index]);
    } else {
        const std::size_t piece = index - thinking;
        const QString text = pieceText(piece);
        // A running count (Gemini's on every chunk) is that of the text so far; the last exact.
        const bool last = index + 1 == count;
        const int reported =
            last ? m_answerTokens : std::min(m_answerTokens, m_runningTokens[piece]);
        events = m_dialect->content(text, reported, last);
    }
    if (m_faults.has(SimFault::MalformedJson) && index == std::min<std::size_t>(1, count - 1) &&
        !events.empty()) {
        QByteArray &data = events.back().data;
        data.truncate(data.size() * 2 / 3);
    }
    QByteArray prefix;
    if (m_faults.has(SimFault::CommentsAndPings) && !m_jsonArray) {
        prefix = sse({QByteArrayLiteral(":"), QByteArrayLiteral("ping")});
        if (qstrcmp(m_dialect->name(), "anthropic-messages") == 0)
            prefix += sse({QByteArrayLiteral("ping"), QByteArrayLiteral("{\"type\": \"ping\"}")});
    }
    std::vector<QByteArray> units = sseUnits(events);
    if (!prefix.isEmpty())
        units.insert(units.begin(), prefix);
    const std::int64_t now = monotonicNs();
    if (index == 0 && thinking > 0)
        m_record.firstReasoningNs = now;
    // The first answer event that carried anything (Gemini's function call skips the others).
    if (index >= thinking && m_record.firstContentNs == 0 && !events.empty())
        m_record.firstContentNs = now;
    stampToolArgsComplete(events, now);
    m_record.eventPlannedNs.push_back(dueOf(index));
    m_record.eventWrittenNs.push_back(now);
    writeBody(units);
}

void SimConnection::stampToolArgsComplete(const std::vector<SimSse> &events, std::int64_t now)
{
    for (const SimSse &event : events)
        if (event.completesToolCall && m_record.toolArgsCompleteNs == 0)
            m_record.toolArgsCompleteNs = now;
}

void SimConnection::finishStream()
{
    const std::vector<SimSse> closing = m_dialect->closing();
    stampToolArgsComplete(closing, monotonicNs());
    std::vector<QByteArray> units = sseUnits(closing);
    if (m_jsonArray)
        units.push_back(m_arrayItems == 0 ? QByteArrayLiteral("[]") : QByteArrayLiteral("]"));
    writeLastUnits(units);
}

void SimConnection::failMidStream()
{
    std::vector<QByteArray> units = sseUnits(m_dialect->streamError());
    if (m_jsonArray)
        units.push_back(QByteArrayLiteral("]"));
    if (m_dialect->closesAfterStreamError())
        m_keepAlive = false;
    writeLastUnits(units);
}

void SimConnection::finishNonStreaming()
{
    QString all;
    for (const QString &piece : m_pieces)
        all += piece;
    const QString text = withTextFaults(all);
    QByteArray body = m_dialect->completeBody(text);
    if (m_faults.has(SimFault::MalformedJson))
        body.truncate(body.size() * 2 / 3);
    const std::int64_t now = monotonicNs();
    m_record.firstContentNs = now;
    if (!m_record.toolName.isEmpty())
        m_record.toolArgsCompleteNs = now; // the whole call is in the body
    m_record.eventPlannedNs.push_back(m_generationStartNs + m_plan->durationNs());
    m_record.eventWrittenNs.push_back(now);
    setHead(200, QByteArrayLiteral("application/json"), body.size(), m_replyHeaders);
    if (m_faults.has(SimFault::ResetMidStream)) {
        writeOut(body.left(body.size() / 2));
        if (m_state == State::Responding)
            resetConnection();
        return;
    }
    writeLastUnits({body});
}

} // namespace ys
