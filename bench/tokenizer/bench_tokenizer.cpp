// Tokenizer benchmark: single-thread encode speed on the same English and Chinese texts the
// reference tiktoken (bench/tokenizer/reference.mjs) measures, the time to count a 200K-token
// prompt, and the time to load each encoding. bench/run_tokenizer.sh runs both sides.
//
//   bench_tokenizer --write-texts DIR      writes english.txt and chinese.txt (about 1 MB each)
//   bench_tokenizer --texts DIR --save FILE
//                                          measures Yardstick and saves the figures
//   bench_tokenizer --report FILE --reference REF
//                                          prints saved figures against reference.mjs's JSON
//                                          lines (of one or more runs: the fastest counts) and
//                                          exits 1 when a target is missed
//   bench_tokenizer --texts DIR --reference REF   both at once
#include "tokenize/bpe_tokenizer.h"
#include "tokenize/prompt_builder.h"
#include "tokenize/text_corpus.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QResource>
#include <QTextStream>
#include <algorithm>
#include <chrono>
#include <map>
#include <vector>

using namespace ys;

namespace {

constexpr qsizetype kTextBytes = 1000000;

QTextStream &out()
{
    static QTextStream s(stdout);
    return s;
}

// The corpus's paragraphs in a seeded order, pass after pass, until the text is about 1 MB.
QByteArray benchText(Corpus corpus)
{
    const QList<QStringList> &paragraphs = TextCorpus::get(corpus).paragraphs();
    const QString joiner = TextCorpus::get(corpus).joiner();
    QByteArray text;
    quint64 state = 12345;
    std::vector<qsizetype> order(std::size_t(paragraphs.size()));
    while (text.size() < kTextBytes) {
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = qsizetype(i);
        for (std::size_t i = order.size() - 1; i > 0; --i) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            std::swap(order[i], order[std::size_t((state >> 33) % (i + 1))]);
        }
        for (const qsizetype p : order)
            text += paragraphs.at(p).join(joiner).toUtf8() + "\n\n";
    }
    return text;
}

template <typename F> double medianSeconds(int runs, F &&f)
{
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        f();
        times.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

QByteArray resourceBytes(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Yardstick's figures: encode and count speed per encoding and text, 200K-token counts, loads.
QJsonObject measure(const QString &textsDir)
{
    QJsonArray speeds;
    for (const Encoding encoding : {Encoding::Cl100kBase, Encoding::O200kBase}) {
        const Tokenizer &tok = Tokenizer::shared(encoding);
        for (const char *name : {"english", "chinese"}) {
            const QString textName = QString::fromLatin1(name);
            QFile f(QDir(textsDir).filePath(textName + QStringLiteral(".txt")));
            if (!f.open(QIODevice::ReadOnly))
                return {};
            const QByteArray utf8 = f.readAll();
            const QString text = QString::fromUtf8(utf8);
            const double mb = double(utf8.size()) / 1e6;
            std::size_t tokens = 0;
            // Like the reference: a string in, an id array out.
            const double encodeSeconds =
                medianSeconds(9, [&] { tokens = tok.encode(text).size(); });
            const double countSeconds = medianSeconds(9, [&] { tok.countUtf8(utf8); });
            speeds.append(QJsonObject{{QStringLiteral("encoding"), encodingName(encoding)},
                                      {QStringLiteral("text"), textName},
                                      {QStringLiteral("tokens"), qint64(tokens)},
                                      {QStringLiteral("mb_per_s"), mb / encodeSeconds},
                                      {QStringLiteral("count_mb_per_s"), mb / countSeconds}});
        }
    }
    QJsonArray counts;
    for (const Encoding encoding : {Encoding::Cl100kBase, Encoding::O200kBase}) {
        const Tokenizer &tok = Tokenizer::shared(encoding);
        const PromptBuilder builder(tok);
        for (const Corpus corpus : {Corpus::English, Corpus::Chinese}) {
            PromptSpec spec;
            spec.corpus = corpus;
            spec.targetTokens = 200000;
            const auto prompt = builder.build(spec);
            if (!prompt)
                return {};
            qsizetype n = 0;
            const double seconds = medianSeconds(11, [&] { n = tok.count(prompt->text); });
            counts.append(
                QJsonObject{{QStringLiteral("encoding"), encodingName(encoding)},
                            {QStringLiteral("corpus"), corpusName(corpus)},
                            {QStringLiteral("mb"), double(prompt->text.toUtf8().size()) / 1e6},
                            {QStringLiteral("ms"), seconds * 1e3},
                            {QStringLiteral("tokens"), qint64(n)}});
        }
    }
    QJsonArray loads;
    for (const Encoding encoding : {Encoding::Cl100kBase, Encoding::O200kBase}) {
        const QString path = QStringLiteral(":/tokenizers/%1.json").arg(encodingName(encoding));
        const QResource resource(path);
        const QByteArray json =
            resource.compressionAlgorithm() == QResource::NoCompression
                ? QByteArray::fromRawData(reinterpret_cast<const char *>(resource.data()),
                                          qsizetype(resource.size()))
                : resourceBytes(path);
        const double seconds = medianSeconds(5, [&] {
            QString error;
            if (!Tokenizer::fromJson(json, encoding, &error))
                out() << error << '\n';
        });
        loads.append(QJsonObject{{QStringLiteral("encoding"), encodingName(encoding)},
                                 {QStringLiteral("ms"), seconds * 1e3}});
    }
    return QJsonObject{{QStringLiteral("speeds"), speeds},
                       {QStringLiteral("counts"), counts},
                       {QStringLiteral("loads"), loads}};
}

// Prints the figures against the reference; false when a target is missed.
bool report(const QJsonObject &ours, const QString &referencePath)
{
    // (encoding, text) -> the reference's fastest MB/s and its token count.
    std::map<std::pair<QString, QString>, std::pair<double, qint64>> ref;
    if (!referencePath.isEmpty()) {
        QFile f(referencePath);
        if (!f.open(QIODevice::ReadOnly)) {
            out() << "cannot read " << f.fileName() << '\n';
            return false;
        }
        while (!f.atEnd()) {
            const QJsonObject o = QJsonDocument::fromJson(f.readLine()).object();
            if (o.isEmpty())
                continue;
            // Several runs of the reference: keep its fastest, so a busy machine during one of
            // them never flatters the ratio.
            auto &entry = ref[{o.value(QStringLiteral("encoding")).toString(),
                               o.value(QStringLiteral("text")).toString()}];
            entry.first = std::max(entry.first, o.value(QStringLiteral("mb_per_s")).toDouble());
            entry.second = qint64(o.value(QStringLiteral("tokens")).toDouble());
        }
    }
    bool pass = true;
    out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                 .arg(QStringLiteral("encoding"), -12)
                 .arg(QStringLiteral("text"), -8)
                 .arg(QStringLiteral("Yardstick MB/s"), 15)
                 .arg(QStringLiteral("tiktoken MB/s"), 14)
                 .arg(QStringLiteral("ratio"), 7)
                 .arg(QStringLiteral("count-only MB/s"), 16);
    for (const QJsonValue v : ours.value(QStringLiteral("speeds")).toArray()) {
        const QJsonObject o = v.toObject();
        const QString encoding = o.value(QStringLiteral("encoding")).toString();
        const QString text = o.value(QStringLiteral("text")).toString();
        const double speed = o.value(QStringLiteral("mb_per_s")).toDouble();
        QString refText = QStringLiteral("-"), ratioText = QStringLiteral("-");
        const auto it = ref.find({encoding, text});
        if (it != ref.end()) {
            const double ratio = speed / it->second.first;
            refText = QString::number(it->second.first, 'f', 2);
            ratioText = QString::number(ratio, 'f', 1) + QLatin1Char('x');
            if (ratio < 3.0)
                pass = false;
            const qint64 tokens = qint64(o.value(QStringLiteral("tokens")).toDouble());
            if (tokens != it->second.second) {
                out() << "token counts differ on " << text << ": " << tokens << " vs "
                      << it->second.second << '\n';
                pass = false;
            }
        } else if (!referencePath.isEmpty()) {
            pass = false;
        }
        out() << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                     .arg(encoding, -12)
                     .arg(text, -8)
                     .arg(speed, 15, 'f', 2)
                     .arg(refText, 14)
                     .arg(ratioText, 7)
                     .arg(o.value(QStringLiteral("count_mb_per_s")).toDouble(), 16, 'f', 2);
    }
    out() << '\n';
    for (const QJsonValue v : ours.value(QStringLiteral("counts")).toArray()) {
        const QJsonObject o = v.toObject();
        const double ms = o.value(QStringLiteral("ms")).toDouble();
        const qint64 tokens = qint64(o.value(QStringLiteral("tokens")).toDouble());
        out() << QStringLiteral("count a 200K-token %1 prompt (%2, %3 MB): %4 ms (median of 11), "
                                "%5 tokens\n")
                     .arg(o.value(QStringLiteral("corpus")).toString(),
                          o.value(QStringLiteral("encoding")).toString())
                     .arg(o.value(QStringLiteral("mb")).toDouble(), 0, 'f', 2)
                     .arg(ms, 0, 'f', 2)
                     .arg(tokens);
        if (ms >= 100 || tokens != 200000)
            pass = false;
    }
    out() << '\n';
    for (const QJsonValue v : ours.value(QStringLiteral("loads")).toArray()) {
        const QJsonObject o = v.toObject();
        out() << QStringLiteral("load %1 from the bundled rank file: %2 ms (median of 5)\n")
                     .arg(o.value(QStringLiteral("encoding")).toString())
                     .arg(o.value(QStringLiteral("ms")).toDouble(), 0, 'f', 1);
    }
    out() << (pass ? "PASS: >= 3x the reference on every text; 200K-token counts < 100 ms\n"
                   : "FAIL: a target was missed (see above)\n");
    out().flush();
    return pass;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption writeTexts(QStringLiteral("write-texts"),
                                        QStringLiteral("Write the texts to DIR."),
                                        QStringLiteral("dir"));
    const QCommandLineOption texts(QStringLiteral("texts"),
                                   QStringLiteral("Measure on the texts in DIR."),
                                   QStringLiteral("dir"));
    const QCommandLineOption save(QStringLiteral("save"),
                                  QStringLiteral("Save the measured figures to FILE."),
                                  QStringLiteral("file"));
    const QCommandLineOption saved(QStringLiteral("report"),
                                   QStringLiteral("Report the figures saved in FILE."),
                                   QStringLiteral("file"));
    const QCommandLineOption reference(QStringLiteral("reference"),
                                       QStringLiteral("reference.mjs results (JSON lines)."),
                                       QStringLiteral("file"));
    parser.addOptions({writeTexts, texts, save, saved, reference});
    parser.addHelpOption();
    parser.process(app);

    if (parser.isSet(writeTexts)) {
        const QDir dir(parser.value(writeTexts));
        dir.mkpath(QStringLiteral("."));
        for (const auto &[name, corpus] :
             {std::pair{"english", Corpus::English}, std::pair{"chinese", Corpus::Chinese}}) {
            QFile f(dir.filePath(QString::fromLatin1(name) + QStringLiteral(".txt")));
            if (!f.open(QIODevice::WriteOnly) || f.write(benchText(corpus)) < 0) {
                out() << "cannot write " << f.fileName() << '\n';
                return 1;
            }
        }
        return 0;
    }
    QJsonObject ours;
    if (parser.isSet(saved)) {
        QFile f(parser.value(saved));
        if (!f.open(QIODevice::ReadOnly)) {
            out() << "cannot read " << f.fileName() << '\n';
            return 1;
        }
        ours = QJsonDocument::fromJson(f.readAll()).object();
    } else if (parser.isSet(texts)) {
        ours = measure(parser.value(texts));
        if (ours.isEmpty()) {
            out() << "cannot measure on " << parser.value(texts) << '\n';
            return 1;
        }
        if (parser.isSet(save)) {
            QFile f(parser.value(save));
            if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(ours).toJson()) < 0) {
                out() << "cannot write " << f.fileName() << '\n';
                return 1;
            }
            return 0;
        }
    } else {
        parser.showHelp(2);
    }
    return report(ours, parser.value(reference)) ? 0 : 1;
}
