// The tokenizer gives the reference tiktoken's ids for every shared test vector and round-trips
// them, treats special tokens and bad input by its documented rules, is safe to share between
// threads, counts without allocating, and backs `yardstick-cli tokens`.
#include "test_main.h"
#include "test_support.h"
#include "tokenize/bpe_tokenizer.h"
#include "tokenize/encoding_registry.h"
#include "tokenize/utf8.h"

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStringDecoder>
#include <QTemporaryDir>
#include <QTest>
#include <atomic>
#include <cstdlib>
#include <new>
#include <nlohmann/json.hpp>
#include <thread>

using namespace ys;

// Counts heap allocations made by the current thread while a probe is armed.
namespace {
thread_local bool t_counting = false;
thread_local long t_allocations = 0;

struct AllocationProbe {
    AllocationProbe()
    {
        t_allocations = 0;
        t_counting = true;
    }
    ~AllocationProbe() { t_counting = false; }
    long count() const { return t_allocations; }
};
} // namespace

void *operator new(std::size_t size)
{
    if (t_counting)
        ++t_allocations;
    if (void *p = std::malloc(size ? size : 1))
        return p;
    throw std::bad_alloc();
}

void operator delete(void *p) noexcept
{
    std::free(p);
}

void operator delete(void *p, std::size_t) noexcept
{
    std::free(p);
}

namespace {

struct Vector {
    QByteArray utf8;
    std::vector<TokenId> ids[2];
};

QList<Vector> readVectors()
{
    // nlohmann, not QJsonDocument: Qt's parser drops a U+FEFF at the start of a string.
    QList<Vector> out;
    QFile f(test::fixturesDir() + QStringLiteral("/tokenizers/vectors-dev.jsonl"));
    if (!f.open(QIODevice::ReadOnly)) {
        qWarning("cannot read %s: %s", qPrintable(f.fileName()), qPrintable(f.errorString()));
        return out;
    }
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const nlohmann::json o = nlohmann::json::parse(line.constData(), nullptr, false);
        if (!o.is_object())
            return {};
        Vector v;
        v.utf8 = QByteArray::fromStdString(o.value("text", std::string()));
        v.ids[0] = o.value("cl100k_base", std::vector<TokenId>());
        v.ids[1] = o.value("o200k_base", std::vector<TokenId>());
        out.append(v);
    }
    return out;
}

// QString::fromUtf8 drops a leading byte order mark; the tokenizer must see every character.
QString decodeKeepingBom(const QByteArray &utf8)
{
    QStringDecoder decoder(QStringConverter::Utf8, QStringConverter::Flag::ConvertInitialBom);
    return decoder(utf8);
}

QString idsText(const std::vector<TokenId> &ids)
{
    QStringList parts;
    for (const TokenId id : ids)
        parts << QString::number(id);
    return parts.join(QLatin1Char(','));
}

const Tokenizer &vectorTokenizer(int encoding)
{
    return Tokenizer::shared(Encoding(encoding));
}

} // namespace

class TstTokenizer : public QObject {
    Q_OBJECT

private:
    QList<Vector> m_vectors;

    void encodings()
    {
        QTest::addColumn<int>("encoding");
        QTest::newRow("cl100k_base") << int(Encoding::Cl100kBase);
        QTest::newRow("o200k_base") << int(Encoding::O200kBase);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QElapsedTimer timer;
        timer.start();
        vectorTokenizer(0);
        const qint64 cl = timer.restart();
        vectorTokenizer(1);
        qInfo() << "loaded cl100k_base in" << cl << "ms, o200k_base in" << timer.elapsed() << "ms";
        m_vectors = readVectors();
        QCOMPARE(m_vectors.size(), 601);
    }

    void vectors_data() { encodings(); }

    // Acceptance 1: the reference's ids for every vector (specials allowed, as they were made),
    // and decode(encode(x)) == x.
    void vectors()
    {
        QFETCH(int, encoding);
        const Tokenizer &tok = vectorTokenizer(encoding);
        int failures = 0;
        for (const Vector &v : std::as_const(m_vectors)) {
            const std::vector<TokenId> &want = v.ids[encoding];
            const std::vector<TokenId> got = tok.encodeUtf8(v.utf8, SpecialTokens::AsSpecial);
            if (got != want && ++failures <= 3)
                qWarning().noquote() << "text:" << QString::fromUtf8(v.utf8).left(120)
                                     << "\nwant:" << idsText(want) << "\ngot: " << idsText(got);
            const QString text = decodeKeepingBom(v.utf8);
            QVERIFY(tok.encode(text, SpecialTokens::AsSpecial) == want);
            QCOMPARE(tok.countUtf8(v.utf8, SpecialTokens::AsSpecial), qsizetype(want.size()));
            QCOMPARE(tok.count(text, SpecialTokens::AsSpecial), qsizetype(want.size()));
            bool ok = false;
            QCOMPARE(tok.decodeBytes(got, &ok), v.utf8);
            QVERIFY(ok);
            QCOMPARE(tok.decode(got), text);
        }
        QCOMPARE(failures, 0);
    }

    // Spot checks independent of the vector file, with the reference's ids: Unicode 16 letters
    // are letters and Unicode 17 ones not yet (the reference's regex tables are Unicode 16),
    // whitespace runs, marks, case runs, digits.
    void reference_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<TokenId>>("cl100k");
        QTest::addColumn<std::vector<TokenId>>("o200k");
        const auto row = [](const char *name, const QString &text, std::vector<TokenId> cl,
                            std::vector<TokenId> o2) {
            QTest::newRow(name) << text << cl << o2;
        };
        row("long s contraction", QStringLiteral("I'\u017f ok, WE'LL see"),
            {40, 6, 129, 123, 5509, 11, 20255, 6, 4178, 1518},
            {40, 6, 70067, 4763, 11, 26919, 6, 7454, 1921});
        row("unicode 16 letter", QStringLiteral("x\U00010d50\U00010d51y \U00010d50!"),
            {87, 172, 238, 113, 238, 172, 238, 113, 239, 88, 220, 172, 238, 113, 238, 0},
            {87, 172, 238, 113, 238, 172, 238, 113, 239, 88, 220, 172, 238, 113, 238, 0});
        row("unicode 17 is not a letter yet", QStringLiteral("a\U000323b0b"),
            {64, 172, 110, 236, 108, 65}, {64, 172, 110, 236, 108, 65});
        row("byte order mark first", QStringLiteral("\ufeffhello"), {3305, 15339}, {5574, 24912});
        row("line and paragraph separators", QStringLiteral("a\u2028b\u2029 c\u0085d"),
            {64, 378, 101, 65, 378, 102, 272, 126, 227, 67},
            {64, 51008, 65, 318, 102, 274, 126, 227, 67});
        row("whitespace before a word", QStringLiteral("x   \t  hello\n\n\n  world  "),
            {87, 262, 3762, 24748, 1432, 220, 1917, 256},
            {87, 271, 7758, 40617, 2499, 220, 2375, 256});
        row("marks and mixed case",
            QStringLiteral("e\u0301te\u0301 HELLOworld \u01c5ungla \u02b0a"),
            {68, 54939, 668, 54939, 38757, 1623, 14957, 220, 131, 227, 2234, 4355, 220, 134, 108,
             64},
            {68, 13430, 411, 13430, 58527, 2699, 24169, 220, 131, 227, 988, 1675, 220, 134, 108,
             64});
        row("digits", QStringLiteral("1234567 \u0663\u0664\u0665\u0666 \u216b\u00bd"),
            {4513, 10961, 22, 220, 149, 96, 149, 97, 149, 98, 149, 99, 220, 71567, 104, 27154},
            {7633, 19354, 22, 220, 81473, 98713, 97336, 122513, 220, 25371, 104, 27124});
        row("code", QStringLiteral("if (x) {\n    return y;// done\n}\n"),
            {333, 320, 87, 8, 341, 262, 471, 379, 9545, 2884, 198, 534},
            {366, 350, 87, 8, 405, 271, 622, 342, 17974, 4167, 198, 739});
    }

    void reference()
    {
        QFETCH(QString, text);
        QFETCH(std::vector<TokenId>, cl100k);
        QFETCH(std::vector<TokenId>, o200k);
        QCOMPARE(idsText(vectorTokenizer(0).encode(text)), idsText(cl100k));
        QCOMPARE(idsText(vectorTokenizer(1).encode(text)), idsText(o200k));
    }

    // Long pieces take the heap-ordered merge; it must agree with the quadratic one, which the
    // vectors cover, on text where both apply (a piece of the same bytes, split or not).
    void longPieces_data() { encodings(); }

    void longPieces()
    {
        QFETCH(int, encoding);
        const Tokenizer &tok = vectorTokenizer(encoding);
        for (const QString &unit : {QStringLiteral("ab"), QStringLiteral("中文字"),
                                    QStringLiteral("xyzzy"), QStringLiteral("a")}) {
            const QString text = unit.repeated(2000);
            const std::vector<TokenId> ids = tok.encode(text);
            QCOMPARE(tok.decode(ids), text);
            QCOMPARE(tok.count(text), qsizetype(ids.size()));
        }
    }

    void specialTokens_data() { encodings(); }

    void specialTokens()
    {
        QFETCH(int, encoding);
        const Tokenizer &tok = vectorTokenizer(encoding);
        const QString text = QStringLiteral("Hi<|endoftext|>there <|endofprompt|>");
        const std::vector<TokenId> asSpecial = tok.encode(text, SpecialTokens::AsSpecial);
        const std::vector<TokenId> asText = tok.encode(text, SpecialTokens::AsText);
        const TokenId eot = encoding == 0 ? 100257 : 199999;
        QVERIFY(std::find(asSpecial.begin(), asSpecial.end(), eot) != asSpecial.end());
        QVERIFY(std::find(asText.begin(), asText.end(), eot) == asText.end());
        QVERIFY(asText.size() > asSpecial.size());
        QCOMPARE(tok.decode(asSpecial), text);
        QCOMPARE(tok.decode(asText), text);
        QCOMPARE(tok.count(text), qsizetype(asText.size())); // as text by default
        // A special token's text that is only half there is ordinary text.
        QCOMPARE(tok.encode(QStringLiteral("<|endof"), SpecialTokens::AsSpecial),
                 tok.encode(QStringLiteral("<|endof"), SpecialTokens::AsText));
    }

    // Acceptance 5: invalid UTF-8 is replaced before encoding, one U+FFFD per maximal subpart
    // of an ill-formed sequence (as WHATWG's TextDecoder does), and nothing crashes.
    void invalidUtf8_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("replaced");
        const QString r(QChar(0xfffd));
        QTest::newRow("lone continuation")
            << QByteArray("a\x80z") << QStringLiteral("a") + r + QStringLiteral("z");
        QTest::newRow("truncated sequence") << QByteArray("x\xe4\xb8") << QStringLiteral("x") + r;
        QTest::newRow("truncated then ascii") << QByteArray("\xe4\xb8y") << r + QStringLiteral("y");
        QTest::newRow("overlong") << QByteArray("\xc0\xaf") << r + r;
        QTest::newRow("surrogate") << QByteArray("\xed\xa0\x80") << r + r + r;
        QTest::newRow("beyond U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << r + r + r + r;
        QTest::newRow("invalid byte") << QByteArray("\xff\xfe") << r + r;
        QTest::newRow("valid around") << QByteArray("\xe4\xb8\xad\x80\xe6\x96\x87")
                                      << QStringLiteral("中") + r + QStringLiteral("文");
    }

    void invalidUtf8()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, replaced);
        QVERIFY(!utf8::isValid(bytes.constData(), std::size_t(bytes.size())));
        for (int e = 0; e < 2; ++e) {
            const Tokenizer &tok = vectorTokenizer(e);
            const std::vector<TokenId> ids = tok.encodeUtf8(bytes);
            QCOMPARE(ids, tok.encode(replaced));
            QCOMPARE(tok.decode(ids), replaced);
            QCOMPARE(tok.countUtf8(bytes), qsizetype(ids.size()));
        }
    }

    void loneSurrogate()
    {
        const QString text =
            QStringLiteral("a") + QChar(0xd800) + QStringLiteral("b") + QChar(0xdc00);
        const QString replaced = QStringLiteral("a\ufffdb\ufffd");
        for (int e = 0; e < 2; ++e)
            QCOMPARE(vectorTokenizer(e).encode(text), vectorTokenizer(e).encode(replaced));
    }

    // A tiny rank file exercises the loader: every byte, two merges, lines out of rank order.
    void smallRankFile()
    {
        QByteArray bytes;
        for (int b = 0; b < 256; ++b)
            bytes += QByteArray(1, char(b)).toBase64() + ' ';
        const QByteArray patStr = QByteArray(
            R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)");
        const QByteArray json = "{\"pat_str\":\"" + QByteArray(patStr).replace("\\", "\\\\") +
                                "\",\"special_tokens\":{\"<|endoftext|>\":300},"
                                "\"bpe_ranks\":\"! 256 " +
                                QByteArray("ab").toBase64() + ' ' + QByteArray("abab").toBase64() +
                                "\\n! 0 " + bytes.trimmed() + "\"}";
        QString error;
        const auto tok = Tokenizer::fromJson(json, Encoding::Cl100kBase, &error);
        QVERIFY2(tok, qPrintable(error));
        QCOMPARE(tok->vocabularySize(), std::size_t(259));
        const std::vector<TokenId> ids =
            tok->encode(QStringLiteral("ababab ab<|endoftext|>"), SpecialTokens::AsSpecial);
        QCOMPARE(idsText(ids), QStringLiteral("257,256,32,256,300"));
        QCOMPARE(tok->decode(ids), QStringLiteral("ababab ab<|endoftext|>"));
        // The same file is not o200k_base, and a damaged one is refused with a message.
        QVERIFY(!Tokenizer::fromJson(json, Encoding::O200kBase, &error));
        QVERIFY(!error.isEmpty());
        for (const QByteArray &bad : {QByteArray(), QByteArray("[]"), json.left(json.size() / 2),
                                      QByteArray(json).replace("! 0 ", "! 1 "),
                                      QByteArray(json).replace(":300}", ":256}")}) {
            error.clear();
            QVERIFY(!Tokenizer::fromJson(bad, Encoding::Cl100kBase, &error));
            QVERIFY(!error.isEmpty());
        }
    }

    void decodeUnknownIds()
    {
        bool ok = true;
        const std::vector<TokenId> ids{15339, 4294967295u, 15339};
        QCOMPARE(vectorTokenizer(0).decodeBytes(ids, &ok), QByteArray("hellohello"));
        QVERIFY(!ok);
    }

    // Encode, count and decode share one immutable tokenizer between threads.
    void threads()
    {
        std::atomic<int> mismatches{0};
        std::vector<std::thread> workers;
        for (int t = 0; t < 4; ++t) {
            workers.emplace_back([&, t] {
                const int e = t % 2;
                const Tokenizer &tok = vectorTokenizer(e);
                for (const Vector &v : std::as_const(m_vectors)) {
                    if (tok.encodeUtf8(v.utf8, SpecialTokens::AsSpecial) != v.ids[e] ||
                        tok.countUtf8(v.utf8, SpecialTokens::AsSpecial) !=
                            qsizetype(v.ids[e].size()))
                        ++mismatches;
                }
            });
        }
        for (std::thread &w : workers)
            w.join();
        QCOMPARE(mismatches.load(), 0);
    }

    // Counting allocates nothing per token: nothing at all for UTF-8 text of ordinary pieces,
    // one buffer for a QString, and a few scratch buffers, however long the text, once pieces
    // of more than 128 bytes (long CJK runs, long words) need merging.
    void countAllocatesNothingPerToken_data() { encodings(); }

    void countAllocatesNothingPerToken()
    {
        QFETCH(int, encoding);
        const Tokenizer &tok = vectorTokenizer(encoding);
        const auto allocations = [&](const auto &text) {
            AllocationProbe probe;
            const qsizetype n = tok.count(text);
            const long count = probe.count();
            return std::make_pair(count, n);
        };
        const auto allocationsUtf8 = [&](const QByteArray &text) {
            AllocationProbe probe;
            const qsizetype n = tok.countUtf8(text);
            const long count = probe.count();
            return std::make_pair(count, n);
        };
        QByteArray prose = QByteArray("The quick brown fox, it's said, jumps over 12345 lazy dogs; "
                                      "\"quoted\" (bracketed) text\n\tand tabs.  ")
                               .repeated(5000);
        QByteArray vectors;
        for (const Vector &v : std::as_const(m_vectors))
            vectors += v.utf8 + '\n';
        const auto prose1 = allocationsUtf8(prose);
        QVERIFY(prose1.second > 100000);
        QCOMPARE(prose1.first, 0L);
        QCOMPARE(allocations(QString::fromUtf8(prose)).first, 1L);
        const auto small = allocationsUtf8(vectors);
        const auto large = allocationsUtf8(vectors.repeated(4));
        QVERIFY(large.second > small.second * 3);
        QVERIFY2(small.first <= 4 && large.first == small.first,
                 qPrintable(QStringLiteral("%1 and %2").arg(small.first).arg(large.first)));
    }

    void modelMapping_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<QString>("encoding");
        QTest::addColumn<bool>("estimated");
        QTest::addColumn<QString>("family");
        const auto row = [](const char *model, const char *dialect, const char *enc, bool est,
                            const char *family) {
            QTest::newRow(model) << QString::fromUtf8(model) << QString::fromUtf8(dialect)
                                 << QString::fromUtf8(enc) << est << QString::fromUtf8(family);
        };
        row("gpt-4o-mini", "openai-chat", "o200k_base", false, "openai");
        row("openai/gpt-4.1", "openai-chat", "o200k_base", false, "openai");
        row("o3-mini", "openai-responses", "o200k_base", false, "openai");
        row("gpt-5", "openai-responses", "o200k_base", false, "openai");
        row("gpt-4-turbo", "openai-chat", "cl100k_base", false, "openai");
        row("GPT-3.5-Turbo", "openai-chat", "cl100k_base", false, "openai");
        row("claude-sonnet-4-5", "anthropic-messages", "o200k_base", true, "anthropic");
        row("gemini-2.5-flash", "gemini", "o200k_base", true, "gemini");
        row("qwen2.5-7b-instruct", "openai-chat", "o200k_base", true, "qwen");
        row("meta-llama/Llama-3.1-8B-Instruct", "openai-chat", "cl100k_base", true, "llama");
        row("deepseek-chat", "openai-chat", "o200k_base", true, "deepseek");
        row("my-finetune", "anthropic-messages", "o200k_base", true, "anthropic");
        row("something-local", "openai-chat", "o200k_base", true, "unknown");
    }

    void modelMapping()
    {
        QFETCH(QString, model);
        QFETCH(QString, dialect);
        QFETCH(QString, encoding);
        QFETCH(bool, estimated);
        QFETCH(QString, family);
        const EncodingInfo info = EncodingRegistry::forModel(model, dialect);
        QCOMPARE(encodingName(info.encoding), encoding);
        QCOMPARE(info.estimated, estimated);
        QCOMPARE(info.family, family);
        const QString shown = EncodingRegistry::formatCount(1234, info.estimated);
        QCOMPARE(shown.contains(QChar(0x2248)), estimated); // "≈" marks every estimate
    }

    void cli()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("in.txt"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("hello world<|endoftext|>");
        f.close();
        const QString cli = test::binDir() + QStringLiteral("/yardstick-cli");
        const auto run = [&](const QStringList &args, const QByteArray &input = {}) {
            QProcess p;
            p.start(cli, args);
            if (!input.isEmpty())
                p.write(input);
            p.closeWriteChannel();
            p.waitForFinished(60000);
            return std::make_pair(p.exitCode(), p.readAllStandardOutput().trimmed());
        };
        const QString enc = QStringLiteral("--encoding");
        const QString tokens = QStringLiteral("tokens");
        auto r = run({tokens, enc, QStringLiteral("cl100k_base"), path});
        QCOMPARE(r.first, 0);
        QCOMPARE(r.second, QByteArray::number(vectorTokenizer(0).count(
                               QStringLiteral("hello world<|endoftext|>"))));
        r = run({tokens, enc, QStringLiteral("cl100k_base"), QStringLiteral("--ids"),
                 QStringLiteral("--special-tokens"), path});
        QCOMPARE(r.first, 0);
        QCOMPARE(r.second, QByteArray("[15339,1917,100257]"));
        r = run({tokens, enc, QStringLiteral("o200k_base"), QStringLiteral("--ids"),
                 QStringLiteral("-")},
                QByteArray("hello\xff"));
        QCOMPARE(r.first, 0);
        const std::vector<TokenId> want =
            vectorTokenizer(1).encode(QStringLiteral("hello") + QChar(0xfffd));
        QCOMPARE(r.second, QByteArray("[") + idsText(want).toLatin1() + QByteArray("]"));
        QCOMPARE(run({tokens, enc, QStringLiteral("p50k_base"), path}).first, 2);
        QCOMPARE(run({tokens, enc, QStringLiteral("o200k_base"),
                      dir.filePath(QStringLiteral("missing.txt"))})
                     .first,
                 2);
    }
};

YS_TEST_GUILESS_MAIN(TstTokenizer)
#include "tst_tokenizer.moc"
