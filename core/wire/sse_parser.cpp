#include "wire/sse_parser.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <utility>

namespace ys {

namespace {

constexpr char kBom[] = "\xEF\xBB\xBF";
constexpr int kBomSize = 3;

const char *findByte(const char *from, const char *end, char byte)
{
    const void *hit = std::memchr(from, byte, size_t(end - from));
    return hit ? static_cast<const char *>(hit) : end;
}

// The spec accepts any run of digits; an absurd one saturates instead of wrapping around.
std::optional<qint64> parseRetry(QByteArrayView value)
{
    if (value.isEmpty())
        return std::nullopt;
    constexpr qint64 kMax = std::numeric_limits<qint64>::max();
    qint64 ms = 0;
    for (char c : value) {
        if (c < '0' || c > '9')
            return std::nullopt;
        const int digit = c - '0';
        ms = ms > (kMax - digit) / 10 ? kMax : ms * 10 + digit;
    }
    return ms;
}

} // namespace

int SseParser::feed(QByteArrayView bytes, std::vector<SseEvent> &out)
{
    m_fill = out.size();
    const size_t before = m_fill;
    parse(bytes, out); // appends, since m_fill starts at the end
    return int(m_fill - before);
}

int SseParser::feedReusing(QByteArrayView bytes, std::vector<SseEvent> &events)
{
    m_fill = 0;
    parse(bytes, events);
    return int(m_fill);
}

void SseParser::parse(QByteArrayView bytes, std::vector<SseEvent> &out)
{
    if (m_overflowed) {
        extendOverflowExcerpt(bytes);
        return;
    }
    if (bytes.isEmpty())
        return;
    const char *p = bytes.data();
    const char *const end = p + bytes.size();

    if (!m_bomDone) {
        // The BOM itself may arrive split, so matching progress survives between reads.
        while (p < end && m_bomMatched < kBomSize && *p == kBom[m_bomMatched]) {
            ++p;
            ++m_bomMatched;
        }
        if (m_bomMatched == kBomSize) {
            m_bomDone = true;
        } else if (p < end) {
            // Only looked like a BOM: those bytes belong to the first line after all.
            m_bomDone = true;
            m_line.append(kBom, m_bomMatched);
        } else {
            return;
        }
    }

    if (m_skipLf && p < end) {
        m_skipLf = false;
        if (*p == '\n')
            ++p;
    }

    // Each byte is searched at most once per terminator, so a read costs two memchr passes.
    const char *cr = findByte(p, end, '\r');
    const char *lf = findByte(p, end, '\n');
    while (!m_overflowed) {
        const char *eol = std::min(cr, lf);
        if (eol == end) {
            if (p < end)
                appendPartialLine(QByteArrayView(p, end));
            break;
        }
        completeLine(QByteArrayView(p, eol), out);
        p = eol + 1;
        if (eol == lf) {
            lf = findByte(p, end, '\n');
            continue;
        }
        // A CR ends its line at once so a CR-only stream is not held back by one read; a LF
        // right after it (now or at the start of the next read) is the second half of a CRLF.
        if (p == end) {
            m_skipLf = true;
            break;
        }
        if (*p == '\n')
            ++p;
        cr = findByte(p, end, '\r');
        if (lf < p)
            lf = findByte(p, end, '\n');
    }
}

bool SseParser::hasPendingEvent() const
{
    return !m_data.isEmpty() || (!m_line.isEmpty() && m_line.front() != ':');
}

void SseParser::setMaxEventBytes(qsizetype bytes)
{
    m_maxEventBytes = std::max<qsizetype>(bytes, 0);
}

void SseParser::reset()
{
    const qsizetype maxEventBytes = m_maxEventBytes;
    *this = SseParser();
    m_maxEventBytes = maxEventBytes;
}

void SseParser::completeLine(QByteArrayView segment, std::vector<SseEvent> &out)
{
    // The common case, a line wholly inside one read, is parsed in place without a copy.
    if (m_line.isEmpty()) {
        processLine(segment, out);
        return;
    }
    if (m_line.size() + segment.size() > m_maxEventBytes) {
        enterOverflow(m_line, segment, false);
        return;
    }
    m_line.append(segment);
    processLine(m_line, out);
    // resize rather than clear keeps the capacity for the next line that spans reads.
    m_line.resize(0);
}

void SseParser::appendPartialLine(QByteArrayView segment)
{
    if (m_line.size() + segment.size() > m_maxEventBytes) {
        enterOverflow(m_line, segment, true);
        return;
    }
    m_line.append(segment);
}

void SseParser::processLine(QByteArrayView line, std::vector<SseEvent> &out)
{
    if (line.isEmpty()) {
        dispatch(out);
        return;
    }
    if (line.size() > m_maxEventBytes) {
        enterOverflow(line, {}, false);
        return;
    }
    if (line.front() == ':') {
        ++m_commentCount;
        return;
    }
    const qsizetype colon = line.indexOf(':');
    const QByteArrayView field = colon < 0 ? line : line.first(colon);
    QByteArrayView value = colon < 0 ? QByteArrayView() : line.sliced(colon + 1);
    if (!value.isEmpty() && value.front() == ' ')
        value = value.sliced(1);
    processField(line, field, value, out);
}

void SseParser::emitErrorField(QByteArrayView value, std::vector<SseEvent> &out)
{
    // Delivered at once, not at the blank line: a server that says this and closes must not have
    // it lost with an unterminated block.
    SseEvent &event = m_fill < out.size() ? out[m_fill] : out.emplace_back();
    ++m_fill;
    event.type = QByteArrayLiteral("error");
    event.data = value.toByteArray();
    event.id = m_lastEventId;
    event.errorField = true;
}

void SseParser::keepUnknownField(QByteArrayView line)
{
    ++m_unknownFieldCount;
    const qsizetype room = kUnknownFieldBytes - m_unknownFields.size();
    if (room <= 0)
        return;
    if (!m_unknownFields.isEmpty())
        m_unknownFields.append('\n');
    m_unknownFields.append(line.first(std::min(line.size(), std::max<qsizetype>(room - 1, 0))));
}

// One comparison chain per line, the common field first: this runs for every line of every stream.
void SseParser::processField(QByteArrayView line, QByteArrayView field, QByteArrayView value,
                             std::vector<SseEvent> &out)
{
    if (field == QByteArrayView("data")) {
        if (m_data.size() + value.size() + 1 > m_maxEventBytes) {
            enterOverflow(m_data, value, false);
            return;
        }
        // Most events carry one data line: reserving for it and its LF means one allocation.
        if (m_data.isEmpty())
            m_data.reserve(value.size() + 1);
        m_data.append(value);
        m_data.append('\n');
    } else if (field == QByteArrayView("event")) {
        if (value != QByteArrayView(m_lastType))
            m_lastType = value.toByteArray();
        m_type = m_lastType;
    } else if (field == QByteArrayView("id")) {
        // An id with NUL could not be sent back in a Last-Event-ID header, so the spec drops it.
        if (!value.contains('\0') && value != QByteArrayView(m_idBuffer))
            m_idBuffer = value.toByteArray();
    } else if (field == QByteArrayView("retry")) {
        if (const std::optional<qint64> ms = parseRetry(value))
            m_retryMs = ms;
    } else if (field == QByteArrayView("error")) {
        emitErrorField(value, out);
    } else {
        keepUnknownField(line);
    }
}

void SseParser::dispatch(std::vector<SseEvent> &out)
{
    m_lastEventId = m_idBuffer;
    if (m_data.isEmpty()) {
        m_type = QByteArray();
        return;
    }
    m_data.chop(1);
    SseEvent &event = m_fill < out.size() ? out[m_fill] : out.emplace_back();
    ++m_fill;
    event.type = m_type.isEmpty() ? QByteArrayLiteral("message") : std::exchange(m_type, {});
    // The event takes the data; the next event's data goes into the buffer the slot had.
    std::swap(event.data, m_data);
    m_data.resize(0);
    event.id = m_idBuffer;
    event.errorField = false;
}

void SseParser::enterOverflow(QByteArrayView head, QByteArrayView tail, bool lineContinues)
{
    // The views may point into our own buffers, so the excerpt is copied before they are freed.
    QByteArray excerpt = head.first(std::min(head.size(), kOverflowExcerptBytes)).toByteArray();
    const qsizetype room = kOverflowExcerptBytes - excerpt.size();
    excerpt.append(tail.first(std::min(tail.size(), room)));
    m_overflowExcerpt = std::move(excerpt);
    m_overflowed = true;
    m_excerptOpen = lineContinues && m_overflowExcerpt.size() < kOverflowExcerptBytes;
    m_line = QByteArray();
    m_data = QByteArray();
    m_type = QByteArray();
}

// The excerpt must not depend on where the reads were cut, so when a line overflowed before its
// end arrived, the following reads complete the excerpt up to the end of that line.
void SseParser::extendOverflowExcerpt(QByteArrayView bytes)
{
    if (!m_excerptOpen || bytes.isEmpty())
        return;
    const qsizetype room = kOverflowExcerptBytes - m_overflowExcerpt.size();
    QByteArrayView take = bytes.first(std::min(bytes.size(), room));
    const char *const eol = std::min(findByte(take.data(), take.data() + take.size(), '\r'),
                                     findByte(take.data(), take.data() + take.size(), '\n'));
    const bool lineEnded = eol != take.data() + take.size();
    take = take.first(eol - take.data());
    m_overflowExcerpt.append(take);
    if (lineEnded || m_overflowExcerpt.size() >= kOverflowExcerptBytes)
        m_excerptOpen = false;
}

} // namespace ys
