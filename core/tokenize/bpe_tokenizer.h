#pragma once

#include "tokenize/encoding.h"
#include "tokenize/pretokenizer.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <memory>
#include <span>
#include <vector>

namespace ys {

using TokenId = quint32;

// Whether special-token text such as "<|endoftext|>" in the input is one special token or
// ordinary text. An API treats user content as text, so that is the default; tiktoken's
// encode(text, allowed_special="all") is AsSpecial.
enum class SpecialTokens { AsText, AsSpecial };

// A tiktoken-compatible byte-pair-encoding tokenizer (cl100k_base, o200k_base): the ids are the
// reference's, piece for piece. Loaded once, it is immutable, so encode, count and decode may be
// called from any number of threads at once; count allocates nothing per token (one UTF-8 buffer
// per call for QString input, scratch only for pieces longer than 128 bytes).
//
// Invalid input: text is made valid UTF-8 before encoding. Each maximal subpart of an ill-formed
// UTF-8 sequence becomes one U+FFFD, as does each lone surrogate in a QString (see utf8.h); the
// reference sees the same text after a JavaScript TextDecoder/TextEncoder round trip. Text that
// arrives as bytes is best passed as bytes (encodeUtf8, countUtf8): QString::fromUtf8 drops a
// leading U+FEFF, which the reference counts.
class Tokenizer {
    Q_DECLARE_TR_FUNCTIONS(ys::Tokenizer)
public:
    ~Tokenizer();
    Tokenizer(const Tokenizer &) = delete;
    Tokenizer &operator=(const Tokenizer &) = delete;

    // The bundled encoding, loaded on first use (thread-safe) and kept for the process.
    static const Tokenizer &shared(Encoding encoding);

    // Loads a rank file: tiktoken's JSON of pat_str, special_tokens and bpe_ranks, lines of
    // "LABEL START_RANK TOKEN_B64 TOKEN_B64 ..." where the n-th token has rank START_RANK + n.
    static std::unique_ptr<Tokenizer> fromJson(const QByteArray &json, Encoding encoding,
                                               QString *error);
    static std::unique_ptr<Tokenizer> fromFile(const QString &path, Encoding encoding,
                                               QString *error);

    Encoding encoding() const { return m_encoding; }
    QString name() const { return encodingName(m_encoding); }
    // Ordinary tokens plus special tokens.
    std::size_t vocabularySize() const;
    // Special tokens with their ids, in id order.
    std::vector<std::pair<QByteArray, TokenId>> specialTokens() const;

    std::vector<TokenId> encode(QStringView text,
                                SpecialTokens specials = SpecialTokens::AsText) const;
    std::vector<TokenId> encodeUtf8(QByteArrayView utf8,
                                    SpecialTokens specials = SpecialTokens::AsText) const;
    qsizetype count(QStringView text, SpecialTokens specials = SpecialTokens::AsText) const;
    qsizetype countUtf8(QByteArrayView utf8, SpecialTokens specials = SpecialTokens::AsText) const;

    // The bytes of the tokens; a token may end inside a UTF-8 sequence, so only whole encodings
    // are guaranteed to decode to valid text. Unknown ids are skipped and clear *ok.
    QByteArray decodeBytes(std::span<const TokenId> ids, bool *ok = nullptr) const;
    // decodeBytes as text, with ill-formed UTF-8 replaced by U+FFFD.
    QString decode(std::span<const TokenId> ids, bool *ok = nullptr) const;
    // The bytes of one token; empty for an unknown id.
    QByteArrayView tokenBytes(TokenId id) const;

    struct Data; // the loaded ranks; opaque outside bpe_tokenizer.cpp

private:
    explicit Tokenizer(std::unique_ptr<Data> data);

    template <typename Sink>
    void run(const char *utf8, std::size_t size, SpecialTokens specials, Sink &sink) const;
    template <typename Sink>
    void runSanitized(QByteArrayView utf8, SpecialTokens specials, Sink &sink) const;

    Encoding m_encoding;
    std::unique_ptr<Data> m_data;
};

} // namespace ys
