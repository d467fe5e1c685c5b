#include "workbench/provider_form.h"

#include "domain/dialect_names.h"
#include "pricing/price_catalog.h"
#include "workbench/provider_network_form.h"
#include "workbench/provider_operations_form.h"

#include <QRegularExpression>
#include <QUrl>
#include <algorithm>
#include <cmath>
#include <iterator>

namespace ys {

namespace {

const QLatin1StringView kEnv("env:");
const QLatin1StringView kKeychain("keychain:");

// The largest context window a suite accepts (domain/suite.cpp).
constexpr qint64 kMaxContextWindow = 100'000'000;

std::optional<double> parsePrice(const QString &text, bool *ok)
{
    *ok = true;
    const QString t = text.trimmed();
    if (t.isEmpty())
        return std::nullopt;
    const double v = t.toDouble(ok);
    if (!*ok || !std::isfinite(v)) {
        *ok = false;
        return std::nullopt;
    }
    return v;
}

// The figure of the catalog's price a field stands for.
std::optional<double> catalogFigure(const Price &price, ProviderField field)
{
    switch (field) {
    case ProviderField::InputPrice:
        return price.inputPerMtok;
    case ProviderField::OutputPrice:
        return price.outputPerMtok;
    case ProviderField::CachedPrice:
        return price.cachedInputPerMtok;
    case ProviderField::CacheWritePrice:
        return price.cacheWritePerMtok;
    default:
        return std::nullopt;
    }
}

bool sameFigure(std::optional<double> a, std::optional<double> b)
{
    if (!a || !b)
        return a.has_value() == b.has_value();
    return std::abs(*a - *b) <= 1e-12 * std::max(1.0, std::abs(*b));
}

struct PriceFieldText {
    ProviderField field;
    const QString *text;
};

std::vector<PriceFieldText> priceFields(const ProviderDraft &d)
{
    return {{ProviderField::InputPrice, &d.inputPrice},
            {ProviderField::CachedPrice, &d.cachedPrice},
            {ProviderField::OutputPrice, &d.outputPrice},
            {ProviderField::CacheWritePrice, &d.cacheWritePrice}};
}

} // namespace

QString ProviderForm::fieldLabel(ProviderField field)
{
    switch (field) {
    case ProviderField::Name:
        return tr("Name");
    case ProviderField::Dialect:
        return tr("Dialect");
    case ProviderField::BaseUrl:
        return tr("Base URL");
    case ProviderField::Model:
        return tr("Model");
    case ProviderField::KeyRef:
        return tr("Key reference");
    case ProviderField::InputPrice:
        return tr("Input price");
    case ProviderField::CachedPrice:
        return tr("Cached input price");
    case ProviderField::OutputPrice:
        return tr("Output price");
    case ProviderField::CacheWritePrice:
        return tr("Cache write price");
    case ProviderField::ContextWindow:
        return tr("Context window");
    case ProviderField::MetricsUrl:
    case ProviderField::MetricsInterval:
    case ProviderField::MetricsKeep:
    case ProviderField::BreakerThreshold:
    case ProviderField::BreakerWindow:
    case ProviderField::BreakerOpen:
    case ProviderField::BreakerProbes:
    case ProviderField::Fallback:
        return ProviderOperationsForm::fieldLabel(field);
    default:
        return ProviderNetworkForm::fieldLabel(field);
    }
}

QString ProviderForm::keyNotReferenceMessage()
{
    return tr("Key reference: give a reference, never the key itself. Store the key in an "
              "environment variable or the system keychain and enter env:NAME or keychain:NAME "
              "here");
}

QString ProviderForm::priceText(std::optional<double> perMtok)
{
    return perMtok ? QString::number(*perMtok, 'g', 12) : QString();
}

bool ProviderForm::isKeyReference(const QString &text)
{
    static const QRegularExpression env(QStringLiteral("^env:[A-Za-z_][A-Za-z0-9_]*$"));
    static const QRegularExpression keychain(QStringLiteral("^keychain:\\S+$"));
    return env.match(text).hasMatch() || keychain.match(text).hasMatch();
}

bool ProviderForm::startsLikeReference(const QString &text)
{
    for (const QLatin1StringView prefix : {kEnv, kKeychain}) {
        if (text.startsWith(prefix) || prefix.startsWith(text))
            return true;
    }
    return false;
}

void ProviderForm::applyPreset(ProviderDraft &draft, const ProviderPreset &preset)
{
    draft.preset = preset.id;
    draft.dialect = preset.dialect;
    draft.baseUrl = preset.baseUrl;
    if (draft.keyRef.trimmed().isEmpty() && !preset.keyEnv.isEmpty())
        draft.keyRef = kEnv + preset.keyEnv;
}

ProviderDraft ProviderForm::draftOf(const ProviderConfig &config)
{
    ProviderDraft d;
    d.name = config.name;
    d.dialect = config.dialect.isEmpty() ? QStringLiteral("openai-chat") : config.dialect;
    d.baseUrl = config.baseUrl.toString();
    d.model = config.model;
    d.preset = config.preset;
    d.keyRef = config.apiKeyRef;
    d.catalog = config.catalog;
    if (!d.catalog.isEmpty()) {
        QString error;
        if (const auto catalog = PriceCatalog::active(&error))
            if (const auto hit = catalog->entry(d.catalog))
                d.catalogPrice = hit->price;
    }
    // The suite's own figures win; the rest show the catalog's.
    PriceOverride own;
    if (config.price && config.price->source.isEmpty())
        own = PriceOverride::of(*config.price);
    else if (config.priceOverride)
        own = *config.priceOverride;
    const PriceOverride shown =
        d.catalogPrice ? PriceOverride::of(own.applyTo(*d.catalogPrice)) : own;
    d.inputPrice = priceText(shown.inputPerMtok);
    d.cachedPrice = priceText(shown.cachedInputPerMtok);
    d.outputPrice = priceText(shown.outputPerMtok);
    d.cacheWritePrice = priceText(shown.cacheWritePerMtok);
    if (config.contextWindow)
        d.contextWindow = QString::number(*config.contextWindow);
    ProviderNetworkForm::fill(d, config.network);
    ProviderOperationsForm::fill(d, config);
    return d;
}

std::vector<FieldProblem> ProviderForm::validate(const ProviderDraft &d,
                                                 const std::vector<QString> &takenNames,
                                                 const QString &ownName)
{
    std::vector<FieldProblem> out;
    const QString name = d.name.trimmed();
    if (name.isEmpty()) {
        out.push_back({ProviderField::Name, tr("Name: must not be empty")});
    } else if (name != ownName &&
               std::find(takenNames.begin(), takenNames.end(), name) != takenNames.end()) {
        out.push_back(
            {ProviderField::Name,
             tr("Name: \"%1\" is already used by another provider of this suite").arg(name)});
    }
    if (!knownDialects().contains(d.dialect))
        out.push_back(
            {ProviderField::Dialect,
             tr("Dialect: choose one of %1").arg(knownDialects().join(QStringLiteral(", ")))});
    const QString urlText = d.baseUrl.trimmed();
    const QUrl url(urlText, QUrl::StrictMode);
    if (urlText.isEmpty()) {
        out.push_back({ProviderField::BaseUrl, tr("Base URL: must not be empty")});
    } else if (!url.isValid() || url.host().isEmpty() ||
               (url.scheme() != QLatin1StringView("http") &&
                url.scheme() != QLatin1StringView("https"))) {
        out.push_back({ProviderField::BaseUrl,
                       tr("Base URL: \"%1\" is not an http:// or https:// URL").arg(urlText)});
    }
    if (d.model.trimmed().isEmpty())
        out.push_back({ProviderField::Model,
                       tr("Model: must not be empty (type it or pick it from the catalog)")});
    const QString key = d.keyRef.trimmed();
    if (!key.isEmpty() && !isKeyReference(key)) {
        // Never repeat the text: it may be the key itself.
        if (key.startsWith(kEnv))
            out.push_back(
                {ProviderField::KeyRef, tr("Key reference: env: must be followed by the name of an "
                                           "environment variable (letters, digits and _), such as "
                                           "env:OPENAI_API_KEY")});
        else if (key.startsWith(kKeychain))
            out.push_back({ProviderField::KeyRef,
                           tr("Key reference: keychain: must be followed by the name of a "
                              "keychain entry, without spaces")});
        else
            out.push_back({ProviderField::KeyRef, keyNotReferenceMessage()});
    }
    for (const PriceFieldText &f : priceFields(d)) {
        bool ok = true;
        const std::optional<double> v = parsePrice(*f.text, &ok);
        if (!ok)
            out.push_back({f.field, tr("%1: \"%2\" is not a number (US dollars per million "
                                       "tokens)")
                                        .arg(fieldLabel(f.field), f.text->trimmed())});
        else if (v && *v < 0)
            out.push_back({f.field, tr("%1: must be zero or more (US dollars per million tokens)")
                                        .arg(fieldLabel(f.field))});
    }
    const QString cw = d.contextWindow.trimmed();
    if (!cw.isEmpty()) {
        bool ok = false;
        const qint64 tokens = cw.toLongLong(&ok);
        if (!ok)
            out.push_back({ProviderField::ContextWindow,
                           tr("Context window: expected a whole number of tokens")});
        else if (tokens <= 0)
            out.push_back(
                {ProviderField::ContextWindow, tr("Context window: must be more than 0 tokens")});
        else if (tokens > kMaxContextWindow)
            out.push_back({ProviderField::ContextWindow,
                           tr("Context window: at most %1 tokens").arg(kMaxContextWindow)});
    }
    for (FieldProblem &p : ProviderNetworkForm::validate(d))
        out.push_back(std::move(p));
    std::vector<QString> others;
    std::copy_if(takenNames.begin(), takenNames.end(), std::back_inserter(others),
                 [&](const QString &n) { return n != ownName; });
    for (FieldProblem &p : ProviderOperationsForm::validate(d, others))
        out.push_back(std::move(p));
    return out;
}

std::optional<ProviderConfig> ProviderForm::toConfig(const ProviderDraft &d,
                                                     const ProviderConfig &base,
                                                     const std::vector<QString> &takenNames,
                                                     std::vector<FieldProblem> *problems)
{
    *problems = validate(d, takenNames, base.name);
    if (!problems->empty())
        return std::nullopt;
    ProviderConfig c = base;
    c.name = d.name.trimmed();
    c.dialect = d.dialect;
    c.baseUrl = QUrl(d.baseUrl.trimmed(), QUrl::StrictMode);
    c.model = d.model.trimmed();
    c.preset = d.preset;
    c.apiKeyRef = d.keyRef.trimmed();
    c.catalog = d.catalog;
    c.price.reset();
    c.priceOverride.reset();
    // With a catalog entry, a figure that differs from the catalog's overrides it; without one,
    // the figures are the provider's own price (whole when input and output are given).
    PriceOverride o;
    const auto field = [&](ProviderField f) -> std::optional<double> & {
        switch (f) {
        case ProviderField::InputPrice:
            return o.inputPerMtok;
        case ProviderField::OutputPrice:
            return o.outputPerMtok;
        case ProviderField::CachedPrice:
            return o.cachedInputPerMtok;
        default:
            return o.cacheWritePerMtok;
        }
    };
    for (const PriceFieldText &f : priceFields(d)) {
        bool ok = true;
        const std::optional<double> v = parsePrice(*f.text, &ok);
        if (!v)
            continue;
        if (!d.catalog.isEmpty() && d.catalogPrice &&
            sameFigure(v, catalogFigure(*d.catalogPrice, f.field)))
            continue;
        field(f.field) = v;
    }
    if (!o.empty()) {
        if (d.catalog.isEmpty() && o.complete())
            c.price = o.toPrice();
        else
            c.priceOverride = o;
    }
    const QString cw = d.contextWindow.trimmed();
    c.contextWindow = cw.isEmpty() ? std::nullopt : std::optional<qint64>(cw.toLongLong());
    c.network = ProviderNetworkForm::settingsOf(d);
    ProviderOperationsForm::apply(d, c);
    return c;
}

const std::vector<DraftText> &ProviderForm::textFields()
{
    using F = ProviderField;
    using D = ProviderDraft;
    static const std::vector<DraftText> fields{{F::Name, &D::name},
                                               {F::Dialect, &D::dialect},
                                               {F::BaseUrl, &D::baseUrl},
                                               {F::Model, &D::model},
                                               {F::KeyRef, &D::keyRef},
                                               {F::InputPrice, &D::inputPrice},
                                               {F::CachedPrice, &D::cachedPrice},
                                               {F::OutputPrice, &D::outputPrice},
                                               {F::CacheWritePrice, &D::cacheWritePrice},
                                               {F::ContextWindow, &D::contextWindow},
                                               {F::Proxy, &D::proxy},
                                               {F::ProxyAuth, &D::proxyAuth},
                                               {F::CaFile, &D::caFile},
                                               {F::ClientCert, &D::clientCert},
                                               {F::ClientKey, &D::clientKey},
                                               {F::HttpVersion, &D::httpVersion},
                                               {F::MetricsUrl, &D::metricsUrl},
                                               {F::MetricsInterval, &D::metricsInterval},
                                               {F::MetricsKeep, &D::metricsKeep},
                                               {F::BreakerThreshold, &D::breakerThreshold},
                                               {F::BreakerWindow, &D::breakerWindow},
                                               {F::BreakerOpen, &D::breakerOpen},
                                               {F::BreakerProbes, &D::breakerProbes},
                                               {F::Fallback, &D::fallback}};
    return fields;
}

} // namespace ys
