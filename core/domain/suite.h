#pragma once

#include "domain/provider_config.h"
#include "domain/requirements.h"
#include "domain/scenario.h"
#include "domain/use_case.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// A benchmark suite: what an analyst saves, shares and re-runs ("yardstick-suite/1").
struct Suite {
    Q_DECLARE_TR_FUNCTIONS(ys::Suite)
public:
    QString name;
    std::vector<ProviderConfig> providers;
    std::vector<Scenario> scenarios;
    // The most a session of this suite may spend, in US dollars: the estimate is checked
    // before it starts and the reported spend while it runs. Absent: no guard.
    std::optional<double> budgetUsd;
    // What a provider must achieve to qualify (the gates); absent: the "line" preset.
    std::optional<Requirements> requirements;
    // What the suite's sessions are read for (domain/use_case.h): the recommendation's use case.
    // Its requirements and `requirements` are the same set once parsed.
    std::optional<UseCase> useCase;

    // Parses a suite. On failure returns nullopt and sets *error to a message that names the
    // source, the line (for syntax errors) and the field that is wrong.
    static std::optional<Suite> parse(const QByteArray &json, const QString &source,
                                      QString *error);
    static std::optional<Suite> loadFile(const QString &path, QString *error);

    QByteArray toJson() const;
    static QByteArray scenarioJson(const Scenario &scenario);
};

} // namespace ys
