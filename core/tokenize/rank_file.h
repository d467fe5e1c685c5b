#pragma once

#include <QByteArray>
#include <nlohmann/json.hpp>
#include <vector>

namespace ys {

// Reading tiktoken's rank files for Tokenizer::fromJson(): the JSON object of pat_str,
// special_tokens and bpe_ranks, whose bpe_ranks string holds lines of
// "LABEL START_RANK TOKEN_B64 TOKEN_B64 ..." where the n-th token has rank START_RANK + n.

// Where a JSON value lies in the file's text.
struct JsonSpan {
    const char *begin = nullptr;
    const char *end = nullptr;
};

struct RankFileParts {
    QByteArray pattern;      // pat_str
    nlohmann::json specials; // special_tokens: an object of name to id
    JsonSpan ranks;          // bpe_ranks, with its quotes
};

// The ordinary tokens in rank order.
struct RankedTokens {
    std::vector<char> bytes;      // every token's bytes, in rank order
    std::vector<quint32> offsets; // token r is bytes[offsets[r], offsets[r + 1])
    quint64 maxRank = 0;
};

// False when the text is no JSON object with a string pat_str, an object special_tokens and a
// string bpe_ranks.
bool splitRankFile(const QByteArray &json, RankFileParts *out);
// False when bpe_ranks is damaged: not base64, no token, a rank given twice or out of range.
bool readRanks(JsonSpan ranks, RankedTokens *out);

} // namespace ys
