#pragma once

#include "pricing/price.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <memory>
#include <optional>
#include <vector>

namespace ys {

// What a provider is known by when its price is looked up.
struct CatalogQuery {
    QString entry;      // "provider/model" as a suite names it; empty: find it
    QUrl baseUrl;       // matched against each catalog provider's api_pattern
    QString model;      // matched against the provider's models' match rules
    QUrl presetBaseUrl; // the preset's usual address, for a provider on another address
    QString presetId;   // the preset's id, matched against provider_match
};

struct CatalogHit {
    QString providerId;
    QString modelId;
    QString modelName;
    Price price; // with source "catalog", the entry and the catalog's date
    QString entry() const { return providerId + QLatin1Char('/') + modelId; }
};

// One priced model of the catalog, as a list of them shows it (the provider editor's table).
struct CatalogModelInfo {
    QString providerId;
    QString providerName;
    QString apiPattern; // the catalog provider's address pattern (a regular expression)
    QString modelId;
    QString modelName;
    Price price; // with source "catalog", the entry and the catalog's date
    std::optional<qint64> contextWindow;
    QString entry() const { return providerId + QLatin1Char('/') + modelId; }
};

// The price catalog: pydantic's genai-prices data (bundled, or a newer file the user points at),
// read with its own matching rules. The provider is found by the entry a suite names, else by
// the base URL (api_pattern), else by the preset's address and id, else by the model name
// (model_match); the model by the provider's models' match clauses, then by the providers the
// catalog says it falls back to.
class PriceCatalog {
    Q_DECLARE_TR_FUNCTIONS(ys::PriceCatalog)
public:
    // Reads a catalog; nullptr with *error naming the file and what is wrong.
    static std::shared_ptr<const PriceCatalog> parse(const QByteArray &data, const QString &file,
                                                     const QString &date, QString *error);
    static std::shared_ptr<const PriceCatalog> load(const QString &path, QString *error);
    static std::shared_ptr<const PriceCatalog> bundled();

    // The catalog sessions use: the file set with useFile() (the command line's --catalog),
    // else the file in YS_PRICE_CATALOG, else the bundled one. nullptr with *error when the
    // chosen file cannot be read.
    static std::shared_ptr<const PriceCatalog> active(QString *error);
    // An empty path goes back to the environment's or the bundled catalog.
    static bool useFile(const QString &path, QString *error);

    std::optional<CatalogHit> find(const CatalogQuery &query) const;
    // A model's entry by "provider/model" (the model part an id or a name its rules match).
    std::optional<CatalogHit> entry(const QString &entry) const;

    // Every model with a text price, in the catalog's order.
    std::vector<CatalogModelInfo> models() const;

    QString file() const; // ":/pricing/..." for the bundled catalog
    QString date() const; // the catalog's date, ISO (a month or a day)
    int providerCount() const;

    ~PriceCatalog();

private:
    PriceCatalog();
    struct Data;
    std::unique_ptr<Data> d;
};

} // namespace ys
