#pragma once

#include "domain/provider_config.h"
#include "domain/provider_presets.h"

#include <QCoreApplication>
#include <QString>
#include <optional>
#include <vector>

namespace ys {

// The fields of the provider editor; every problem names the one it is about.
enum class ProviderField {
    Name,
    Dialect,
    BaseUrl,
    Model,
    KeyRef,
    InputPrice,
    CachedPrice,
    OutputPrice,
    CacheWritePrice,
    ContextWindow,
    // The network part (workbench/provider_network_form.h).
    Proxy,
    ProxyAuth,
    CaFile,
    ClientCert,
    ClientKey,
    HttpVersion,
    // The operations part (workbench/provider_operations_form.h).
    MetricsUrl,
    MetricsInterval,
    MetricsKeep,
    BreakerThreshold,
    BreakerWindow,
    BreakerOpen,
    BreakerProbes,
    Fallback,
};

struct FieldProblem {
    ProviderField field;
    QString message; // names the field; never repeats a value typed as a key
};

// The provider editor's contents as typed: text, so that a price that is not a number is a
// message rather than a silent 0. The price fields show the catalog entry's figures when one
// was picked; a figure that differs from it is an override.
struct ProviderDraft {
    QString name;
    QString dialect;
    QString baseUrl;
    QString model;
    QString preset;  // a preset id, or empty
    QString keyRef;  // env:NAME or keychain:NAME, or empty (a server that needs no key)
    QString catalog; // the catalog entry picked, "provider/model", or empty
    std::optional<Price> catalogPrice; // that entry's price
    QString inputPrice;
    QString cachedPrice;
    QString outputPrice;
    QString cacheWritePrice;
    QString contextWindow;
    // Network: empty proxy follows the environment; "direct" uses none.
    QString proxy;
    QString proxyAuth; // a reference, never the credentials
    QString caFile;
    QString clientCert;
    QString clientKey;
    QString httpVersion = QStringLiteral("auto");
    // Operations: an empty metrics URL scrapes nothing; an empty breaker threshold is no
    // breaker. The lists are names separated by commas or spaces.
    QString metricsUrl;
    QString metricsInterval = QStringLiteral("1000");
    QString metricsKeep;
    QString breakerThreshold;
    QString breakerWindow = QStringLiteral("30");
    QString breakerOpen = QStringLiteral("10");
    QString breakerProbes = QStringLiteral("1");
    QString fallback;
};

// A field of the editor whose contents are text, and the draft member holding it.
struct DraftText {
    ProviderField field;
    QString ProviderDraft::*text;
};

// Checks a provider draft the way a suite file is checked (domain/suite.cpp), with a message per
// field, and turns a valid one into a ProviderConfig. No pixels: the dialog shows what this
// says, and tests call it directly.
class ProviderForm {
    Q_DECLARE_TR_FUNCTIONS(ys::ProviderForm)
public:
    // The draft an existing provider opens as. The catalog entry it names is looked up in the
    // active catalog for the figures shown.
    static ProviderDraft draftOf(const ProviderConfig &config);

    // Every problem of the draft, in the fields' order; empty when it can be saved. takenNames
    // are the suite's other providers' names; ownName (the provider being edited) may stay.
    static std::vector<FieldProblem> validate(const ProviderDraft &draft,
                                              const std::vector<QString> &takenNames,
                                              const QString &ownName = {});
    // The draft as a provider, on top of base (which keeps what the editor does not show);
    // nullopt with *problems set when it is not valid.
    static std::optional<ProviderConfig> toConfig(const ProviderDraft &draft,
                                                  const ProviderConfig &base,
                                                  const std::vector<QString> &takenNames,
                                                  std::vector<FieldProblem> *problems);

    // A preset fills the dialect, the address and (when none is given) the usual key variable.
    static void applyPreset(ProviderDraft &draft, const ProviderPreset &preset);

    // Whether text is a key reference this build accepts: env:NAME with NAME a variable name,
    // or keychain:NAME with NAME non-empty and without white space.
    static bool isKeyReference(const QString &text);
    // Whether text is at least the start of a reference ("env:", "keychain:"), as opposed to
    // something else pasted into the field: a key. The editor forgets the latter at once.
    static bool startsLikeReference(const QString &text);

    // The message for a key typed or pasted where its reference belongs.
    static QString keyNotReferenceMessage();

    static QString fieldLabel(ProviderField field);
    // Every field whose contents are text (all but the preset and the catalog entry), in the
    // fields' order, with its draft member.
    static const std::vector<DraftText> &textFields();
    // A price as the editor shows it ("0.15"); empty for none.
    static QString priceText(std::optional<double> perMtok);
};

} // namespace ys
