#pragma once

#include "domain/suite.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// A starting point for a new suite: the scenarios and requirements of one common question, to
// which the analyst adds the providers to compare (or the simulated ones, for a demonstration).
struct SuiteTemplate {
    QString id;    // "api_selection", ...
    QString title; // for people, translated
    QString description;
};

class SuiteTemplates {
    Q_DECLARE_TR_FUNCTIONS(ys::SuiteTemplates)
public:
    // Every template, the API-selection method first.
    static std::vector<SuiteTemplate> all();
    // A new suite from the template with these providers (none: the analyst adds them); nullopt
    // for an unknown id.
    static std::optional<Suite> make(const QString &id, std::vector<ProviderConfig> providers);
};

} // namespace ys
