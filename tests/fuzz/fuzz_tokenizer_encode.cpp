// libFuzzer target for the tokenizer: arbitrary bytes (invalid UTF-8 included) must encode
// without a crash, count to as many tokens as encode returns, and decode back to the input with
// the replacement rule applied. The first byte picks the encoding and the special-token mode.
#include "tokenize/bpe_tokenizer.h"
#include "tokenize/utf8.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    if (size == 0)
        return 0;
    const ys::Encoding encoding =
        (data[0] & 1) ? ys::Encoding::O200kBase : ys::Encoding::Cl100kBase;
    const ys::SpecialTokens specials =
        (data[0] & 2) ? ys::SpecialTokens::AsSpecial : ys::SpecialTokens::AsText;
    const ys::Tokenizer &tokenizer = ys::Tokenizer::shared(encoding);
    const char *text = reinterpret_cast<const char *>(data + 1);
    const std::size_t length = size - 1;
    const QByteArrayView bytes(text, qsizetype(length));

    const std::vector<ys::TokenId> ids = tokenizer.encodeUtf8(bytes, specials);
    if (tokenizer.countUtf8(bytes, specials) != qsizetype(ids.size()))
        std::abort();
    std::string valid;
    ys::utf8::appendSanitized(text, length, valid);
    bool ok = false;
    const QByteArray decoded = tokenizer.decodeBytes(ids, &ok);
    if (!ok || decoded != QByteArrayView(valid.data(), qsizetype(valid.size())))
        std::abort();
    return 0;
}
