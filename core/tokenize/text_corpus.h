#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace ys {

// The kinds of text a prompt can be made of. Token density differs a lot between them (Chinese
// prose has several times the tokens per character of English, code sits in between), so an
// analyst sizing a context test picks the one that matches the workload.
enum class Corpus { English, Chinese, Code };

QString corpusName(Corpus corpus); // "english", "chinese", "code"
std::optional<Corpus> corpusFromName(QStringView name);

// One of the bundled corpora (resources/corpora/, original text written for Yardstick), split
// into paragraphs and sentences; for code a paragraph is a block and a sentence is a line.
// Loaded once per process and immutable, so it may be shared between threads.
class TextCorpus {
public:
    static const TextCorpus &get(Corpus corpus);

    // Splits text the way the bundled files are split: paragraphs at blank lines, sentences
    // after . ! ? followed by a space (English), after 。！？ (Chinese), or at line ends (code).
    static TextCorpus fromText(Corpus corpus, const QString &text);

    Corpus corpus() const { return m_corpus; }
    const QList<QStringList> &paragraphs() const { return m_paragraphs; }
    // What goes between two sentences of a paragraph: a space, nothing, or a line break.
    QString joiner() const;
    QStringList sentences() const;

private:
    Corpus m_corpus = Corpus::English;
    QList<QStringList> m_paragraphs;
};

} // namespace ys
