#include "tokenize/text_corpus.h"

#include <QFile>
#include <mutex>

namespace ys {

QString corpusName(Corpus corpus)
{
    switch (corpus) {
    case Corpus::English:
        return QStringLiteral("english");
    case Corpus::Chinese:
        return QStringLiteral("chinese");
    case Corpus::Code:
        return QStringLiteral("code");
    }
    return {};
}

std::optional<Corpus> corpusFromName(QStringView name)
{
    for (const Corpus c : {Corpus::English, Corpus::Chinese, Corpus::Code})
        if (name == corpusName(c))
            return c;
    return std::nullopt;
}

QString TextCorpus::joiner() const
{
    switch (m_corpus) {
    case Corpus::English:
        return QStringLiteral(" ");
    case Corpus::Chinese:
        return QString();
    case Corpus::Code:
        return QStringLiteral("\n");
    }
    return {};
}

QStringList TextCorpus::sentences() const
{
    QStringList out;
    for (const QStringList &p : m_paragraphs)
        out += p;
    return out;
}

TextCorpus TextCorpus::fromText(Corpus corpus, const QString &text)
{
    TextCorpus c;
    c.m_corpus = corpus;
    QString normalized = text;
    normalized.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
    const QStringList blocks = normalized.split(QStringLiteral("\n\n"), Qt::SkipEmptyParts);
    for (const QString &block : blocks) {
        QStringList sentences;
        if (corpus == Corpus::Code) {
            for (const QString &line : block.split(QLatin1Char('\n')))
                if (!line.trimmed().isEmpty())
                    sentences << line;
        } else {
            const QString para = block.simplified();
            qsizetype start = 0;
            for (qsizetype i = 0; i < para.size(); ++i) {
                const QChar ch = para.at(i);
                bool end = false;
                if (corpus == Corpus::Chinese)
                    end = ch == QChar(0x3002) || ch == QChar(0xff01) || ch == QChar(0xff1f);
                else
                    end = (ch == QLatin1Char('.') || ch == QLatin1Char('!') ||
                           ch == QLatin1Char('?')) &&
                          (i + 1 == para.size() || para.at(i + 1) == QLatin1Char(' '));
                if (!end)
                    continue;
                const QString s = para.mid(start, i + 1 - start).trimmed();
                if (!s.isEmpty())
                    sentences << s;
                start = i + 1;
            }
            const QString rest = para.mid(start).trimmed();
            if (!rest.isEmpty())
                sentences << rest;
        }
        if (!sentences.isEmpty())
            c.m_paragraphs << sentences;
    }
    return c;
}

const TextCorpus &TextCorpus::get(Corpus corpus)
{
    static std::once_flag once[3];
    static TextCorpus corpora[3];
    const int i = int(corpus);
    std::call_once(once[i], [&] {
        const QString path = QStringLiteral(":/corpora/%1.txt").arg(corpusName(corpus));
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            qFatal("Cannot read the bundled corpus %s", qPrintable(path));
        corpora[i] = fromText(corpus, QString::fromUtf8(file.readAll()));
        if (corpora[i].m_paragraphs.isEmpty())
            qFatal("The bundled corpus %s is empty", qPrintable(path));
    });
    return corpora[i];
}

} // namespace ys
