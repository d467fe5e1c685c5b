#pragma once

#include "domain/network_settings.h"
#include "workbench/provider_form.h"

#include <QCoreApplication>
#include <QString>
#include <vector>

namespace ys {

// The network part of the provider editor (proxy, proxy credentials' reference, CA file, client
// certificate and key, HTTP version): checked as a suite file's network fields are
// (docs/suite-format.md), with a message per field. The files are read when a run starts.
class ProviderNetworkForm {
    Q_DECLARE_TR_FUNCTIONS(ys::ProviderNetworkForm)
public:
    static void fill(ProviderDraft &draft, const NetworkSettings &settings);
    static std::vector<FieldProblem> validate(const ProviderDraft &draft);
    // The draft's settings; call on a draft validate() accepts.
    static NetworkSettings settingsOf(const ProviderDraft &draft);

    // The HTTP version choices as the editor lists them: the stored name and what it says.
    static std::vector<std::pair<QString, QString>> httpVersionChoices();
    static QString fieldLabel(ProviderField field); // empty for a field not of this part
};

} // namespace ys
