#include "pricing/price_catalog.h"

#include "pricing/price_json.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QMutexLocker>
#include <QRegularExpression>
#include <nlohmann/json.hpp>

namespace ys {

using nlohmann::json;

namespace {

const char *const kClauseKeys[] = {"equals", "starts_with", "ends_with", "contains",
                                   "regex",  "or",          "and"};

QString quoted(const std::string &s)
{
    return QString::fromStdString(s);
}

// A match clause of the catalog (equals, starts_with, ends_with, contains, regex, or, and):
// checked once when the catalog is read, so matching never meets a malformed one.
bool checkClause(const json &c, const QString &where, QString *error)
{
    if (!c.is_object() || c.size() != 1) {
        *error = PriceCatalog::tr("%1: expected a clause object with one of equals, "
                                  "starts_with, ends_with, contains, regex, or, and")
                     .arg(where);
        return false;
    }
    const std::string key = c.begin().key();
    const json &v = c.begin().value();
    if (key == "or" || key == "and") {
        if (!v.is_array() || v.empty()) {
            *error = PriceCatalog::tr("%1.%2: expected a list of clauses").arg(where, quoted(key));
            return false;
        }
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (!checkClause(v[i], QStringLiteral("%1.%2[%3]").arg(where, quoted(key)).arg(i),
                             error))
                return false;
        }
        return true;
    }
    if (std::find(std::begin(kClauseKeys), std::end(kClauseKeys), key) == std::end(kClauseKeys)) {
        *error = PriceCatalog::tr("%1: unknown clause \"%2\"").arg(where, quoted(key));
        return false;
    }
    if (!v.is_string()) {
        *error = PriceCatalog::tr("%1.%2: expected a string").arg(where, quoted(key));
        return false;
    }
    if (key == "regex") {
        const QRegularExpression re(quoted(v.get<std::string>()));
        if (!re.isValid()) {
            *error = PriceCatalog::tr("%1.regex: %2").arg(where, re.errorString());
            return false;
        }
    }
    return true;
}

bool matches(const json &c, const QString &text)
{
    const std::string &key = c.begin().key();
    const json &v = c.begin().value();
    if (key == "or")
        return std::any_of(v.begin(), v.end(), [&](const json &x) { return matches(x, text); });
    if (key == "and")
        return std::all_of(v.begin(), v.end(), [&](const json &x) { return matches(x, text); });
    const QString s = quoted(v.get<std::string>());
    if (key == "equals")
        return text == s;
    if (key == "starts_with")
        return text.startsWith(s);
    if (key == "ends_with")
        return text.endsWith(s);
    if (key == "contains")
        return text.contains(s);
    // A search, like Python's re.search: the catalog anchors with ^ where it means to.
    return QRegularExpression(s).match(text).hasMatch();
}

struct ModelEntry {
    QString id;
    QString name;
    json match;
    std::optional<Price> price; // none: the entry has no text price
    std::optional<qint64> contextWindow;
};

struct ProviderEntry {
    QString id;
    QString name;
    QRegularExpression apiPattern;
    QString apiPatternText;
    json providerMatch; // null when absent
    json modelMatch;
    QStringList fallbacks;
    std::vector<ModelEntry> models;
};

QString catalogDateOf(const QString &path)
{
    // A catalog_info.json beside the file says its date; else the file's own date.
    const QFileInfo info(path);
    QFile sidecar(info.dir().filePath(QStringLiteral("catalog_info.json")));
    if (sidecar.open(QIODevice::ReadOnly)) {
        const json j = json::parse(sidecar.readAll().toStdString(), nullptr, false);
        if (j.is_object() && j.contains("date") && j["date"].is_string())
            return quoted(j["date"].get<std::string>());
    }
    return info.lastModified().toUTC().date().toString(Qt::ISODate);
}

struct ActiveState {
    QMutex mutex;
    std::shared_ptr<const PriceCatalog> chosen; // useFile()
    std::shared_ptr<const PriceCatalog> fromEnv;
    QString envPath;
};

ActiveState &activeState()
{
    static ActiveState s;
    return s;
}

} // namespace

struct PriceCatalog::Data {
    QString file;
    QString date;
    std::vector<ProviderEntry> providers;

    const ProviderEntry *byId(const QString &id) const
    {
        for (const ProviderEntry &p : providers)
            if (p.id.compare(id, Qt::CaseInsensitive) == 0)
                return &p;
        return nullptr;
    }

    const ProviderEntry *byAddress(const QUrl &url) const
    {
        if (!url.isValid() || url.isEmpty())
            return nullptr;
        const QString text = url.toString();
        for (const ProviderEntry &p : providers) {
            // Anchored at the start, like Python's re.match.
            if (p.apiPattern.isValid() && p.apiPattern
                                              .match(text, 0, QRegularExpression::NormalMatch,
                                                     QRegularExpression::AnchorAtOffsetMatchOption)
                                              .hasMatch())
                return &p;
        }
        return nullptr;
    }

    const ProviderEntry *byProviderName(const QString &name) const
    {
        if (name.isEmpty())
            return nullptr;
        if (const ProviderEntry *p = byId(name))
            return p;
        for (const ProviderEntry &p : providers)
            if (!p.providerMatch.is_null() && matches(p.providerMatch, name.toLower()))
                return &p;
        return nullptr;
    }

    const ProviderEntry *byModel(const QString &model) const
    {
        for (const ProviderEntry &p : providers)
            if (!p.modelMatch.is_null() && matches(p.modelMatch, model))
                return &p;
        return nullptr;
    }

    std::optional<CatalogHit> hit(const ProviderEntry &p, const ModelEntry &m) const
    {
        CatalogHit h{p.id, m.id, m.name, *m.price};
        h.price.source = QStringLiteral("catalog");
        h.price.catalogEntry = h.entry();
        h.price.catalogDate = date;
        return h;
    }

    std::optional<CatalogHit> modelIn(const ProviderEntry &p, const QString &model,
                                      bool withFallbacks) const
    {
        for (const ModelEntry &m : p.models)
            if (m.price && matches(m.match, model))
                return hit(p, m);
        if (withFallbacks) {
            for (const QString &f : p.fallbacks)
                if (const ProviderEntry *other = byId(f))
                    if (auto h = modelIn(*other, model, false))
                        return h;
        }
        return std::nullopt;
    }
};

PriceCatalog::PriceCatalog()
    : d(std::make_unique<Data>())
{
}

PriceCatalog::~PriceCatalog() = default;

std::shared_ptr<const PriceCatalog> PriceCatalog::parse(const QByteArray &data, const QString &file,
                                                        const QString &date, QString *error)
{
    const auto failed = [&](const QString &what) {
        *error = tr("Price catalog %1: %2").arg(file, what);
        return nullptr;
    };
    const json doc = json::parse(data.constData(), data.constData() + data.size(), nullptr, false);
    if (doc.is_discarded())
        return failed(tr("not valid JSON"));
    if (!doc.is_array() || doc.empty())
        return failed(tr("expected a list of providers"));
    std::shared_ptr<PriceCatalog> catalog(new PriceCatalog);
    catalog->d->file = file;
    catalog->d->date = date;
    QString err;
    for (std::size_t i = 0; i < doc.size(); ++i) {
        const json &p = doc[i];
        const QString where = QStringLiteral("[%1]").arg(i);
        if (!p.is_object() || !p.contains("id") || !p["id"].is_string())
            return failed(tr("%1: expected a provider with an id").arg(where));
        ProviderEntry e;
        e.id = quoted(p["id"].get<std::string>());
        const QString pw = QStringLiteral("%1 (%2)").arg(where, e.id);
        e.name = quoted(p.value("name", std::string()));
        if (auto it = p.find("api_pattern"); it != p.end()) {
            if (!it->is_string())
                return failed(tr("%1.api_pattern: expected a string").arg(pw));
            e.apiPatternText = quoted(it->get<std::string>());
            e.apiPattern = QRegularExpression(e.apiPatternText);
            if (!e.apiPattern.isValid())
                return failed(tr("%1.api_pattern: %2").arg(pw, e.apiPattern.errorString()));
        }
        for (const char *key : {"provider_match", "model_match"}) {
            if (auto it = p.find(key); it != p.end() && !it->is_null()) {
                if (!checkClause(*it, pw + QLatin1Char('.') + QLatin1StringView(key), &err))
                    return failed(err);
                (key[0] == 'p' ? e.providerMatch : e.modelMatch) = *it;
            }
        }
        if (auto it = p.find("fallback_model_providers"); it != p.end() && it->is_array())
            for (const json &f : *it)
                if (f.is_string())
                    e.fallbacks.append(quoted(f.get<std::string>()));
        const auto models = p.find("models");
        if (models == p.end() || !models->is_array())
            return failed(tr("%1.models: expected a list of models").arg(pw));
        for (std::size_t k = 0; k < models->size(); ++k) {
            const json &m = (*models)[k];
            const QString mw = QStringLiteral("%1.models[%2]").arg(pw).arg(k);
            if (!m.is_object() || !m.contains("id") || !m["id"].is_string())
                return failed(tr("%1: expected a model with an id").arg(mw));
            ModelEntry me;
            me.id = quoted(m["id"].get<std::string>());
            const QString mww = QStringLiteral("%1 (%2)").arg(mw, me.id);
            me.name = quoted(m.value("name", std::string()));
            if (!m.contains("match"))
                return failed(tr("%1: no match clause").arg(mww));
            if (!checkClause(m["match"], mww + QStringLiteral(".match"), &err))
                return failed(err);
            me.match = m["match"];
            if (!m.contains("prices"))
                return failed(tr("%1: no prices").arg(mww));
            auto price = pricejson::read(m["prices"], mww + QStringLiteral(".prices"), &err);
            if (!price)
                return failed(err);
            if (pricejson::hasTextPrice(m["prices"]))
                me.price = std::move(price);
            // Informative only (shown beside the price): a malformed one is left out.
            if (auto cw = m.find("context_window");
                cw != m.end() && cw->is_number_integer() && cw->get<qint64>() > 0)
                me.contextWindow = cw->get<qint64>();
            e.models.push_back(std::move(me));
        }
        catalog->d->providers.push_back(std::move(e));
    }
    return catalog;
}

std::shared_ptr<const PriceCatalog> PriceCatalog::load(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("Price catalog %1: cannot read it: %2").arg(path, f.errorString());
        return nullptr;
    }
    return parse(f.readAll(), path, catalogDateOf(path), error);
}

std::shared_ptr<const PriceCatalog> PriceCatalog::bundled()
{
    static const std::shared_ptr<const PriceCatalog> catalog = [] {
        QString error;
        auto c = load(QStringLiteral(":/pricing/genai-prices-data.json"), &error);
        Q_ASSERT_X(c, "PriceCatalog::bundled", qPrintable(error));
        return c;
    }();
    return catalog;
}

std::shared_ptr<const PriceCatalog> PriceCatalog::active(QString *error)
{
    ActiveState &s = activeState();
    QMutexLocker lock(&s.mutex);
    if (s.chosen)
        return s.chosen;
    const QString env = qEnvironmentVariable("YS_PRICE_CATALOG");
    if (env.isEmpty())
        return bundled();
    if (!s.fromEnv || s.envPath != env) {
        QString err;
        auto c = load(env, &err);
        if (!c) {
            if (error)
                *error = tr("%1 (from YS_PRICE_CATALOG)").arg(err);
            return nullptr;
        }
        s.fromEnv = std::move(c);
        s.envPath = env;
    }
    return s.fromEnv;
}

bool PriceCatalog::useFile(const QString &path, QString *error)
{
    ActiveState &s = activeState();
    std::shared_ptr<const PriceCatalog> c;
    if (!path.isEmpty()) {
        c = load(path, error);
        if (!c)
            return false;
    }
    QMutexLocker lock(&s.mutex);
    s.chosen = std::move(c);
    return true;
}

std::optional<CatalogHit> PriceCatalog::entry(const QString &entry) const
{
    const qsizetype slash = entry.indexOf(QLatin1Char('/'));
    if (slash <= 0 || slash + 1 >= entry.size())
        return std::nullopt;
    const ProviderEntry *p = d->byId(entry.left(slash));
    if (!p)
        return std::nullopt;
    const QString model = entry.mid(slash + 1);
    for (const ModelEntry &m : p->models)
        if (m.price && m.id == model)
            return d->hit(*p, m);
    return d->modelIn(*p, model, true);
}

std::optional<CatalogHit> PriceCatalog::find(const CatalogQuery &query) const
{
    if (!query.entry.isEmpty())
        return entry(query.entry);
    const ProviderEntry *p = d->byAddress(query.baseUrl);
    if (!p)
        p = d->byAddress(query.presetBaseUrl);
    if (!p)
        p = d->byProviderName(query.presetId);
    if (!p)
        p = d->byModel(query.model);
    if (!p)
        return std::nullopt;
    return d->modelIn(*p, query.model, true);
}

std::vector<CatalogModelInfo> PriceCatalog::models() const
{
    std::vector<CatalogModelInfo> out;
    for (const ProviderEntry &p : d->providers) {
        for (const ModelEntry &m : p.models) {
            if (!m.price)
                continue;
            CatalogModelInfo row{
                p.id, p.name, p.apiPatternText, m.id, m.name, d->hit(p, m)->price, m.contextWindow};
            out.push_back(std::move(row));
        }
    }
    return out;
}

QString PriceCatalog::file() const
{
    return d->file;
}

QString PriceCatalog::date() const
{
    return d->date;
}

int PriceCatalog::providerCount() const
{
    return int(d->providers.size());
}

} // namespace ys
