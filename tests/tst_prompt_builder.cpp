// The prompt builder makes deterministic prompts of exactly the target size in each corpus,
// places needles at the asked depth, keeps shared prefixes shared and unique ones unique, builds
// multi-turn histories of a target size, and lands within 1% for calibrated families.
#include "test_main.h"
#include "test_support.h"
#include "tokenize/approx_tokens.h"
#include "tokenize/bpe_tokenizer.h"
#include "tokenize/prompt_builder.h"

#include <QElapsedTimer>
#include <QTest>
#include <cmath>

using namespace ys;

Q_DECLARE_METATYPE(ys::Corpus)

namespace {

const Tokenizer &builderTokenizer(Encoding e)
{
    return Tokenizer::shared(e);
}

void corpora()
{
    QTest::addColumn<Corpus>("corpus");
    QTest::addColumn<int>("encoding");
    for (const Corpus c : {Corpus::English, Corpus::Chinese, Corpus::Code})
        for (const Encoding e : {Encoding::Cl100kBase, Encoding::O200kBase})
            QTest::addRow("%s-%s", qPrintable(corpusName(c)), qPrintable(encodingName(e)))
                << c << int(e);
}

qint64 longestSentence(const Tokenizer &tok, Corpus corpus)
{
    qint64 longest = 0;
    for (const QString &s : TextCorpus::get(corpus).sentences())
        longest = std::max<qint64>(longest, tok.count(s));
    return longest;
}

} // namespace

class TstPromptBuilder : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void corporaAreSplit()
    {
        for (const Corpus c : {Corpus::English, Corpus::Chinese, Corpus::Code}) {
            const TextCorpus &corpus = TextCorpus::get(c);
            QVERIFY(corpus.paragraphs().size() >= 10);
            QVERIFY(corpus.sentences().size() >= 50);
        }
        // Token density differs a lot between the corpora: that is why all three exist.
        const Tokenizer &tok = builderTokenizer(Encoding::Cl100kBase);
        const auto density = [&](Corpus c) {
            const QString text = TextCorpus::get(c).sentences().join(QLatin1Char(' '));
            return double(tok.count(text)) / double(text.size());
        };
        QVERIFY(density(Corpus::Chinese) > 2 * density(Corpus::English));
    }

    // Acceptance 3: prompts for 1K, 32K, 128K and 200K tokens re-count to exactly the target.
    void exactSizes_data() { corpora(); }

    void exactSizes()
    {
        QFETCH(Corpus, corpus);
        QFETCH(int, encoding);
        const Tokenizer &tok = builderTokenizer(Encoding(encoding));
        const PromptBuilder builder(tok);
        QElapsedTimer timer;
        timer.start();
        for (const int target : {1000, 32000, 128000, 200000}) {
            PromptSpec spec;
            spec.corpus = corpus;
            spec.targetTokens = target;
            spec.seed = 42;
            QString error;
            const auto prompt = builder.build(spec, &error);
            QVERIFY2(prompt, qPrintable(error));
            QCOMPARE(tok.count(prompt->text), qsizetype(target));
            QCOMPARE(prompt->tokens, qint64(target));
            QVERIFY(!prompt->estimated);
        }
        qInfo() << "four prompts built in" << timer.elapsed() << "ms";
    }

    void smallAndOddSizes_data() { corpora(); }

    void smallAndOddSizes()
    {
        QFETCH(Corpus, corpus);
        QFETCH(int, encoding);
        const Tokenizer &tok = builderTokenizer(Encoding(encoding));
        const PromptBuilder builder(tok);
        for (int target = 40; target < 600; target += 37) {
            for (const bool instruction : {false, true}) {
                PromptSpec spec;
                spec.corpus = corpus;
                spec.targetTokens = target;
                spec.seed = quint64(target);
                if (instruction)
                    spec.instruction = QStringLiteral("Summarize the text above in one sentence.");
                QString error;
                const auto prompt = builder.build(spec, &error);
                QVERIFY2(prompt, qPrintable(error));
                QCOMPARE(tok.count(prompt->text), qsizetype(target));
                if (instruction)
                    QVERIFY(prompt->text.endsWith(spec.instruction));
            }
        }
        PromptSpec tiny;
        tiny.corpus = corpus;
        tiny.targetTokens = 3;
        QString error;
        QVERIFY(!builder.build(tiny, &error)); // the unique first line alone is longer
        QVERIFY(!error.isEmpty());
    }

    void deterministic()
    {
        const PromptBuilder builder(builderTokenizer(Encoding::O200kBase));
        PromptSpec spec;
        spec.targetTokens = 5000;
        spec.seed = 7;
        const QString a = builder.build(spec)->text;
        QCOMPARE(builder.build(spec)->text, a);
        spec.seed = 8;
        QVERIFY(builder.build(spec)->text != a);
    }

    // A unique first line per request defeats prompt caches; a shared prefix is identical for
    // every request of the series, and the text after it differs.
    void prefixes()
    {
        const Tokenizer &tok = builderTokenizer(Encoding::Cl100kBase);
        const PromptBuilder builder(tok);
        PromptSpec spec;
        spec.targetTokens = 3000;
        spec.seed = 99;
        spec.requestIndex = 0;
        const QString first = builder.build(spec)->text;
        spec.requestIndex = 1;
        const QString second = builder.build(spec)->text;
        QVERIFY(first.left(20) != second.left(20));
        QVERIFY(tok.encode(first).front() == tok.encode(second).front()); // "Request"
        QVERIFY(tok.encode(first).at(1) != tok.encode(second).at(1) ||
                tok.encode(first).at(2) != tok.encode(second).at(2));

        spec.sharedPrefixTokens = 1024;
        spec.requestIndex = 0;
        const auto a = builder.build(spec);
        spec.requestIndex = 1;
        const auto b = builder.build(spec);
        QVERIFY(a && b);
        QCOMPARE(tok.count(a->text), qsizetype(3000));
        QCOMPARE(tok.count(b->text), qsizetype(3000));
        const std::vector<TokenId> ta = tok.encode(a->text), tb = tok.encode(b->text);
        qsizetype common = 0;
        while (common < qsizetype(ta.size()) && ta[std::size_t(common)] == tb[std::size_t(common)])
            ++common;
        QVERIFY2(common >= 1024 && common < 1024 + 8, qPrintable(QString::number(common)));

        spec.uniquePrefix = false;
        spec.sharedPrefixTokens = 0;
        spec.requestIndex = 0;
        const QString plain = builder.build(spec)->text;
        QVERIFY(!plain.startsWith(QStringLiteral("Request")));
    }

    // Acceptance 4: a needle at 10%, 50% and 90% depth lands within one sentence of it.
    void needles_data()
    {
        QTest::addColumn<Corpus>("corpus");
        QTest::addColumn<int>("encoding");
        QTest::addColumn<double>("depth");
        for (const Corpus c : {Corpus::English, Corpus::Chinese, Corpus::Code})
            for (const Encoding e : {Encoding::Cl100kBase, Encoding::O200kBase})
                for (const double d : {0.1, 0.5, 0.9})
                    QTest::addRow("%s-%s-%d", qPrintable(corpusName(c)),
                                  qPrintable(encodingName(e)), int(d * 100))
                        << c << int(e) << d;
    }

    void needles()
    {
        QFETCH(Corpus, corpus);
        QFETCH(int, encoding);
        QFETCH(double, depth);
        const Tokenizer &tok = builderTokenizer(Encoding(encoding));
        const PromptBuilder builder(tok);
        PromptSpec spec;
        spec.corpus = corpus;
        spec.targetTokens = 32000;
        spec.seed = 5;
        spec.needle = QStringLiteral("The secret passphrase is violet-harbour-4127.");
        spec.needleDepth = depth;
        spec.instruction = QStringLiteral("What is the secret passphrase?");
        QString error;
        const auto prompt = builder.build(spec, &error);
        QVERIFY2(prompt, qPrintable(error));
        QCOMPARE(tok.count(prompt->text), qsizetype(spec.targetTokens));
        QCOMPARE(prompt->text.count(spec.needle), qsizetype(1));
        QCOMPARE(prompt->text.indexOf(spec.needle), prompt->needleOffset);

        // Measured from the text itself: the body's tokens before the needle, against the asked
        // fraction of the body (the haystack without the needle).
        const qsizetype bodyStart = prompt->text.indexOf(QStringLiteral("\n\n")) + 2;
        const qint64 needleTokens = tok.count(spec.needle + QStringLiteral("\n\n"));
        const qint64 before =
            tok.count(prompt->text.mid(bodyStart, prompt->needleOffset - bodyStart));
        QCOMPARE(before, prompt->needleTokenOffset);
        const double wanted = depth * double(prompt->bodyTokens - needleTokens);
        const qint64 sentence = longestSentence(tok, corpus);
        QVERIFY2(std::abs(double(before) - wanted) <= double(sentence),
                 qPrintable(QStringLiteral("needle at %1 tokens, wanted %2, sentence %3")
                                .arg(before)
                                .arg(wanted)
                                .arg(sentence)));
        // It sits between paragraphs or sentences, never inside a word.
        QVERIFY(prompt->text.mid(prompt->needleOffset - 2, 2) == QStringLiteral("\n\n"));
    }

    // Multi-turn histories: contents, roles and the per-message framing add up to the target.
    void conversations_data() { corpora(); }

    void conversations()
    {
        QFETCH(Corpus, corpus);
        QFETCH(int, encoding);
        const Tokenizer &tok = builderTokenizer(Encoding(encoding));
        const PromptBuilder builder(tok);
        for (const int turns : {1, 3, 8}) {
            ConversationSpec spec;
            spec.corpus = corpus;
            spec.targetTokens = 8000;
            spec.turns = turns;
            spec.seed = 11;
            spec.systemPrompt =
                turns == 3 ? QStringLiteral("You are a careful assistant.") : QString();
            QString error;
            const auto conv = builder.buildConversation(spec, &error);
            QVERIFY2(conv, qPrintable(error));
            QCOMPARE(conv->tokens, qint64(spec.targetTokens));
            qint64 total = spec.overhead.replyPriming;
            int users = 0;
            for (const ChatMessage &m : conv->messages) {
                total += spec.overhead.perMessage + tok.count(m.role) + tok.count(m.content);
                users += m.role == QLatin1StringView("user");
                QVERIFY(!m.content.isEmpty());
            }
            QCOMPARE(total, qint64(spec.targetTokens));
            QCOMPARE(users, turns);
            QCOMPARE(conv->messages.back().role, QStringLiteral("user"));
        }
    }

    // Families tiktoken does not cover: calibrated from the prompt tokens a provider reports for
    // a probe, a prompt lands within 1% of the target in the provider's own count. Big prompts
    // use one probe per corpus; small ones are few paragraphs, so their first send is their
    // probe. The providers are synthetic: another encoding plus a chat template, and a
    // character-based count (the harder one: its density varies most between paragraphs).
    void calibrated_data()
    {
        QTest::addColumn<Corpus>("corpus");
        QTest::addColumn<int>("provider");
        for (const Corpus c : {Corpus::English, Corpus::Chinese, Corpus::Code})
            for (const int p : {0, 1})
                QTest::addRow("%s-%s", qPrintable(corpusName(c)), p ? "chars" : "cl100k") << c << p;
    }

    void calibrated()
    {
        QFETCH(Corpus, corpus);
        QFETCH(int, provider);
        const Tokenizer &base = builderTokenizer(Encoding::O200kBase);
        const auto providerCount = [&](const QString &text) -> qint64 {
            if (provider == 0)
                return builderTokenizer(Encoding::Cl100kBase).count(text) + 9;
            return approxTokenCount(text) + 4;
        };
        const QString probe = PromptBuilder(base).probeText(corpus);
        QCOMPARE(base.count(probe), qsizetype(8000));
        const Calibration calibration = Calibration::fromProbe(8000, providerCount(probe));
        const PromptBuilder builder(base, calibration);
        QVERIFY(builder.isEstimate());
        for (const int target : {1000, 4000, 32000, 128000, 200000}) {
            for (const quint64 seed : {3, 4}) {
                PromptSpec spec;
                spec.corpus = corpus;
                spec.targetTokens = target;
                spec.seed = seed;
                auto prompt = builder.build(spec);
                QVERIFY(prompt);
                QVERIFY(prompt->estimated);
                if (target < 32000) {
                    const Calibration own =
                        Calibration::fromProbe(prompt->baseTokens, providerCount(prompt->text));
                    prompt = PromptBuilder(base, own).build(spec);
                    QVERIFY(prompt);
                }
                const double reported = double(providerCount(prompt->text));
                QVERIFY2(
                    std::abs(reported - target) <= 0.01 * target,
                    qPrintable(
                        QStringLiteral("target %1, provider counts %2").arg(target).arg(reported)));
            }
        }
    }

    void calibrationFit()
    {
        const std::pair<qint64, qint64> probes[] = {{1000, 1212}, {4000, 4812}};
        const Calibration c = Calibration::fromProbes(probes);
        QVERIFY(std::abs(c.tokensPerBaseToken - 1.2) < 1e-9);
        QVERIFY(std::abs(c.overheadTokens - 12) < 1e-6);
        const Calibration one = Calibration::fromProbe(1000, 1212, 12);
        QVERIFY(std::abs(one.tokensPerBaseToken - 1.2) < 1e-9);
    }
};

YS_TEST_GUILESS_MAIN(TstPromptBuilder)
#include "tst_prompt_builder.moc"
