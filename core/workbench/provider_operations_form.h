#pragma once

#include "workbench/provider_form.h"

#include <QCoreApplication>
#include <QString>
#include <vector>

namespace ys {

// The operations part of the provider editor: the server's own metrics endpoint scraped during
// each run (URL, interval, the metric names kept), the circuit breaker (off while its failure
// threshold is empty) and the fallback providers. Checked against the limits a suite file's
// server_metrics, breaker and fallback fields have (docs/suite-format.md), with a message per
// field.
class ProviderOperationsForm {
    Q_DECLARE_TR_FUNCTIONS(ys::ProviderOperationsForm)
public:
    static void fill(ProviderDraft &draft, const ProviderConfig &config);
    // otherProviders: the suite's other providers, which fallbacks may name.
    static std::vector<FieldProblem> validate(const ProviderDraft &draft,
                                              const std::vector<QString> &otherProviders);
    // Into config: its server metrics, breaker and fallbacks; call on a draft validate() accepts.
    static void apply(const ProviderDraft &draft, ProviderConfig &config);

    static QString fieldLabel(ProviderField field); // empty for a field not of this part
    // The names of a list field ("a, b" or "a b"), as the editor splits them.
    static QStringList listOf(const QString &text);
};

} // namespace ys
