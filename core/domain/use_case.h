#pragma once

#include "domain/requirements.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

// A long document the use case summarises, for the chunking comparison (analysis/chunking.h):
// the document, the chunks it would be cut into, their overlap, the instruction sent with each
// and the summary each returns.
struct DocumentAsk {
    qint64 documentTokens = 0;
    qint64 chunkTokens = 0;
    qint64 overlapTokens = 0;
    qint64 instructionTokens = 200;
    qint64 summaryTokens = 300;
    int parallel = 4;
    bool operator==(const DocumentAsk &) const = default;
};

// What a deployment needs from a provider (docs/use-cases.md): the requirements it must meet,
// how its qualifying providers are ranked (score weights by figure name, analysis/scores.h), the
// monthly volume its cost is quoted at, the peak request rate it must carry, and for long
// documents the chunking it would otherwise fall back to. A suite's "use_case"; five are bundled.
struct UseCase {
    Q_DECLARE_TR_FUNCTIONS(ys::UseCase)
public:
    QString id;    // "realtime_support", ..., or the analyst's own
    QString title; // for people
    QString description;
    Requirements requirements;
    std::vector<std::pair<QString, double>> weights; // score criteria, by figure name
    std::optional<double> monthlyTokens;             // input + output, as the API bills them
    std::optional<double> peakRps;                   // requests per second at the busiest time
    std::optional<DocumentAsk> document;

    // The bundled use cases, real-time support first.
    static std::vector<UseCase> bundled();
    static QStringList bundledIds();
    // A bundled one by id, titles translated; nullopt for an unknown id.
    static std::optional<UseCase> bundled(const QString &id);

    // A use case as a suite's "use_case" or a use-case file holds it: a bundled id, or an object
    // ({"preset": id} and fields that override it, or an id of the analyst's own with its
    // fields). On failure nullopt and *error naming the source and the field.
    static std::optional<UseCase> parse(const QByteArray &json, const QString &source,
                                        QString *error);
    // A file of that JSON, or a bundled id when no such file exists.
    static std::optional<UseCase> load(const QString &idOrPath, QString *error);
    QByteArray toJson() const; // every field written out

    bool operator==(const UseCase &) const = default;
};

} // namespace ys
