#include "tokenize/rank_file.h"

#include <algorithm>
#include <cstring>

// The rank file is one flat JSON object whose bpe_ranks string is megabytes long. A general JSON
// parser decodes it character by character (about 70 ms for o200k_base); this reader only finds
// where each top-level value lies, hands the small ones to nlohmann, and base64-decodes bpe_ranks
// in place, which keeps loading at a few milliseconds.

namespace ys {

namespace {

const char *skipSpace(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        ++p;
    return p;
}

// p is at an opening quote; returns the position after the closing quote, or nullptr.
const char *skipString(const char *p, const char *end)
{
    for (++p; p < end; ++p) {
        const char *q = static_cast<const char *>(std::memchr(p, '"', std::size_t(end - p)));
        if (!q)
            return nullptr;
        // The quote ends the string unless an odd number of backslashes precedes it.
        const char *b = q;
        while (b > p && b[-1] == '\\')
            --b;
        if ((q - b) % 2 == 0)
            return q + 1;
        p = q;
    }
    return nullptr;
}

const char *skipValue(const char *p, const char *end, int depth)
{
    if (p >= end || depth > 64)
        return nullptr;
    if (*p == '"')
        return skipString(p, end);
    if (*p == '{' || *p == '[') {
        const char close = *p == '{' ? '}' : ']';
        p = skipSpace(p + 1, end);
        if (p < end && *p == close)
            return p + 1;
        while (p < end) {
            if (close == '}') {
                if (*p != '"' || !(p = skipString(p, end)))
                    return nullptr;
                p = skipSpace(p, end);
                if (p >= end || *p != ':')
                    return nullptr;
                p = skipSpace(p + 1, end);
            }
            if (!(p = skipValue(p, end, depth + 1)))
                return nullptr;
            p = skipSpace(p, end);
            if (p < end && *p == close)
                return p + 1;
            if (p >= end || *p != ',')
                return nullptr;
            p = skipSpace(p + 1, end);
        }
        return nullptr;
    }
    while (p < end && *p != ',' && *p != '}' && *p != ']' && *p != ' ' && *p != '\n' &&
           *p != '\r' && *p != '\t')
        ++p;
    return p;
}

// The top-level members as raw spans; false when the text is no JSON object.
bool topLevelMembers(const QByteArray &json, std::vector<std::pair<std::string, JsonSpan>> *out)
{
    const char *p = json.constData();
    const char *end = p + json.size();
    p = skipSpace(p, end);
    if (p >= end || *p != '{')
        return false;
    p = skipSpace(p + 1, end);
    if (p < end && *p == '}')
        return skipSpace(p + 1, end) == end;
    while (p < end) {
        const char *keyEnd = p < end && *p == '"' ? skipString(p, end) : nullptr;
        if (!keyEnd)
            return false;
        const nlohmann::json key = nlohmann::json::parse(p, keyEnd, nullptr, false);
        if (!key.is_string())
            return false;
        p = skipSpace(keyEnd, end);
        if (p >= end || *p != ':')
            return false;
        p = skipSpace(p + 1, end);
        const char *valueEnd = skipValue(p, end, 0);
        if (!valueEnd)
            return false;
        out->push_back({key.get<std::string>(), JsonSpan{p, valueEnd}});
        p = skipSpace(valueEnd, end);
        if (p < end && *p == '}')
            return skipSpace(p + 1, end) == end;
        if (p >= end || *p != ',')
            return false;
        p = skipSpace(p + 1, end);
    }
    return false;
}

struct RankLine {
    quint64 startRank;
    std::size_t firstToken; // index of the line's first token in file order
};

// base64 digit values; -1: not a digit
struct Base64Table {
    qint8 value[256];
    constexpr Base64Table()
        : value()
    {
        for (int i = 0; i < 256; ++i)
            value[i] = -1;
        const char digits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < 64; ++i)
            value[static_cast<unsigned char>(digits[i])] = qint8(i);
    }
};
constexpr Base64Table kBase64;

// Decodes the bpe_ranks string (with its quotes): lines of "LABEL START_RANK TOKEN_B64 ...",
// where the n-th base64 token has rank START_RANK + n. Appends each token's bytes to bytes and
// its offset to starts (file order), and each line's start rank to lines.
bool decodeRanks(JsonSpan span, std::vector<char> &bytes, std::vector<quint32> &starts,
                 std::vector<RankLine> &lines)
{
    enum Field { Label, Start, Token } field = Label;
    quint64 rank = 0;
    bool haveDigits = false;
    quint32 acc = 0;
    int bits = 0;
    bool inToken = false;
    bool padded = false;
    const auto endToken = [&] {
        if (!inToken)
            return true;
        inToken = false;
        return bytes.size() > starts.back() && bytes.size() < 0xffffffffull;
    };
    const char *p = span.begin + 1;
    const char *end = span.end - 1;
    while (p < end) {
        char c = *p++;
        const int v = kBase64.value[static_cast<unsigned char>(c)];
        if (v >= 0 && field == Token) {
            if (!inToken) {
                inToken = true;
                starts.push_back(quint32(bytes.size()));
                acc = 0;
                bits = 0;
                padded = false;
            }
            if (padded)
                return false;
            acc = (acc << 6) | quint32(v);
            bits += 6;
            if (bits >= 8) {
                bits -= 8;
                bytes.push_back(char((acc >> bits) & 0xff));
            }
            continue;
        }
        if (c == '\\') {
            if (p >= end)
                return false;
            c = *p++;
            if (c == 'n' || c == 'r')
                c = '\n';
            else if (c == 't')
                c = ' ';
            else if (c != '/' && c != '\\' && c != '"')
                return false;
            if (c == '/' && field == Token) {
                --p; // an escaped base64 digit: decode it on the next turn
                continue;
            }
        }
        if (c == ' ' || c == '\n') {
            if (field == Start) {
                if (!haveDigits)
                    return false;
                lines.push_back({rank, starts.size()});
                field = Token;
            } else if (field == Token && !endToken()) {
                return false;
            } else if (field == Label && c == ' ') {
                field = Start;
                continue;
            }
            if (c == '\n') {
                field = Label;
                haveDigits = false;
                rank = 0;
            }
            continue;
        }
        if (field == Label)
            continue;
        if (field == Start) {
            if (c < '0' || c > '9' || rank > 0xffffffffull)
                return false;
            rank = rank * 10 + quint64(c - '0');
            haveDigits = true;
            continue;
        }
        if (c != '=' || !inToken)
            return false;
        padded = true;
    }
    if (field == Start && haveDigits)
        lines.push_back({rank, starts.size()});
    return endToken();
}

// The tokens in rank order when the file lists them out of order, a missing rank keeping an empty
// entry; false when a rank appears twice.
bool layOutByRank(const std::vector<char> &bytes, const std::vector<quint32> &starts,
                  const std::vector<RankLine> &lines, quint64 maxRank, RankedTokens *out)
{
    std::vector<qint64> byRank(std::size_t(maxRank) + 1, -1);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::size_t next = i + 1 < lines.size() ? lines[i + 1].firstToken : starts.size();
        for (std::size_t t = lines[i].firstToken; t < next; ++t) {
            const std::size_t r = std::size_t(lines[i].startRank + (t - lines[i].firstToken));
            if (byRank[r] >= 0)
                return false;
            byRank[r] = qint64(t);
        }
    }
    out->bytes.reserve(bytes.size());
    out->offsets.reserve(byRank.size() + 1);
    for (const qint64 t : byRank) {
        out->offsets.push_back(quint32(out->bytes.size()));
        if (t >= 0) {
            const quint32 from = starts[std::size_t(t)];
            const quint32 to = std::size_t(t) + 1 < starts.size() ? starts[std::size_t(t) + 1]
                                                                  : quint32(bytes.size());
            out->bytes.insert(out->bytes.end(), bytes.begin() + from, bytes.begin() + to);
        }
    }
    out->offsets.push_back(quint32(out->bytes.size()));
    return true;
}

} // namespace

bool splitRankFile(const QByteArray &json, RankFileParts *out)
{
    std::vector<std::pair<std::string, JsonSpan>> members;
    if (!topLevelMembers(json, &members))
        return false;
    const auto member = [&](const char *name) {
        for (const auto &m : members)
            if (m.first == name)
                return m.second;
        return JsonSpan{};
    };
    const JsonSpan patSpan = member("pat_str");
    const JsonSpan specialSpan = member("special_tokens");
    out->ranks = member("bpe_ranks");
    if (!patSpan.begin || !specialSpan.begin || !out->ranks.begin || *out->ranks.begin != '"')
        return false;
    const nlohmann::json pat = nlohmann::json::parse(patSpan.begin, patSpan.end, nullptr, false);
    out->specials = nlohmann::json::parse(specialSpan.begin, specialSpan.end, nullptr, false);
    if (!pat.is_string() || !out->specials.is_object())
        return false;
    out->pattern = QByteArray::fromStdString(pat.get<std::string>());
    return true;
}

bool readRanks(JsonSpan ranks, RankedTokens *out)
{
    const std::size_t spanSize = std::size_t(ranks.end - ranks.begin);
    std::vector<char> bytes;
    bytes.reserve(spanSize * 3 / 4);
    std::vector<quint32> starts;
    starts.reserve(spanSize / 9);
    std::vector<RankLine> lines;
    if (!decodeRanks(ranks, bytes, starts, lines))
        return false;
    if (starts.empty())
        return false;

    // The files list every rank in order, which needs no copy.
    bool inOrder = true;
    quint64 maxRank = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::size_t next = i + 1 < lines.size() ? lines[i + 1].firstToken : starts.size();
        inOrder = inOrder && lines[i].startRank == lines[i].firstToken;
        if (next > lines[i].firstToken)
            maxRank = std::max(maxRank, lines[i].startRank + (next - lines[i].firstToken) - 1);
    }
    if (maxRank >= 0xfffffff0ull || maxRank > starts.size() * 2 + 1024)
        return false;
    out->maxRank = maxRank;
    if (!inOrder)
        return layOutByRank(bytes, starts, lines, maxRank, out);
    out->offsets = std::move(starts);
    out->offsets.push_back(quint32(bytes.size()));
    out->bytes = std::move(bytes);
    return true;
}

} // namespace ys
