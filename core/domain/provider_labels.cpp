#include "domain/provider_labels.h"

#include <QSet>
#include <algorithm>
#include <vector>

namespace ys {

namespace {

// How many whole words, counted from the front (or the back), every name shares, leaving each
// name at least one word.
qsizetype sharedWords(const std::vector<QStringList> &words, bool fromBack)
{
    qsizetype shared = 0;
    for (;; ++shared) {
        const QStringList &first = words.front();
        if (shared + 1 >= first.size())
            return shared; // the next word would leave the first name empty
        const QString &word = fromBack ? first[first.size() - 1 - shared] : first[shared];
        for (const QStringList &w : words) {
            if (shared + 1 >= w.size())
                return shared;
            if ((fromBack ? w[w.size() - 1 - shared] : w[shared]) != word)
                return shared;
        }
    }
}

} // namespace

ProviderLabels::ProviderLabels(const QStringList &names)
{
    const QStringList distinct(QSet<QString>(names.begin(), names.end()).values());
    if (distinct.size() < 2)
        return;
    std::vector<QStringList> words;
    for (const QString &name : distinct)
        words.push_back(name.split(QLatin1Char(' '), Qt::SkipEmptyParts));
    if (std::any_of(words.begin(), words.end(), [](const QStringList &w) { return w.isEmpty(); }))
        return;
    const qsizetype front = sharedWords(words, false);
    // The back is counted on what the front left.
    std::vector<QStringList> rest;
    for (const QStringList &w : words)
        rest.push_back(w.mid(front));
    const qsizetype back = sharedWords(rest, true);
    if (front == 0 && back == 0)
        return;
    QHash<QString, QString> labels;
    QSet<QString> seen;
    for (std::size_t i = 0; i < words.size(); ++i) {
        const QString label = rest[i].mid(0, rest[i].size() - back).join(QLatin1Char(' '));
        if (seen.contains(label))
            return; // two names would look alike
        seen.insert(label);
        labels.insert(distinct[qsizetype(i)], label);
    }
    m_labels = std::move(labels);
    m_shortened = true;
}

} // namespace ys
