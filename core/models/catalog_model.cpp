#include "models/catalog_model.h"

#include "domain/provider_presets.h"
#include "models/cell_values.h"
#include "util/index_of.h"
#include "util/number_text.h"

#include <QLocale>
#include <QRegularExpression>

namespace ys {

namespace {

// The wire format of a catalog provider: its own API where Yardstick speaks it, else the
// OpenAI-compatible chat API the others offer.
QString dialectOf(const QString &providerId)
{
    if (providerId == QLatin1StringView("anthropic"))
        return QStringLiteral("anthropic-messages");
    if (providerId == QLatin1StringView("google"))
        return QStringLiteral("gemini");
    return QStringLiteral("openai-chat");
}

// The usual API roots (with the version path the dialect appends to) of the catalog's main
// providers whose api_pattern leaves the path out. Used only where the catalog's api_pattern
// accepts the address.
QString knownRoot(const QString &providerId)
{
    static const std::pair<const char *, const char *> roots[] = {
        {"openai", "https://api.openai.com/v1"},
        {"anthropic", "https://api.anthropic.com/v1"},
        {"google", "https://generativelanguage.googleapis.com/v1beta"},
        {"mistral", "https://api.mistral.ai/v1"},
        {"groq", "https://api.groq.com/openai/v1"},
        {"x-ai", "https://api.x.ai/v1"},
        {"together", "https://api.together.xyz/v1"},
        {"fireworks", "https://api.fireworks.ai/inference/v1"},
        {"cerebras", "https://api.cerebras.ai/v1"},
        {"perplexity", "https://api.perplexity.ai"},
        {"novita", "https://api.novita.ai/v3/openai"},
    };
    for (const auto &[id, url] : roots)
        if (providerId == QLatin1StringView(id))
            return QString::fromLatin1(url);
    return {};
}

bool patternAccepts(const QString &pattern, const QString &url)
{
    const QRegularExpression re(pattern);
    return re.isValid() && re.match(url, 0, QRegularExpression::NormalMatch,
                                    QRegularExpression::AnchorAtOffsetMatchOption)
                               .hasMatch();
}

QString money(std::optional<double> perMtok)
{
    if (!perMtok)
        return dash();
    return fixedNumber(QLocale(), *perMtok, *perMtok < 0.1 ? 4 : (*perMtok < 10 ? 3 : 2));
}

} // namespace

CatalogModel::CatalogModel(std::shared_ptr<const PriceCatalog> catalog, QObject *parent)
    : RowTableModel(parent)
{
    const Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("provider", "", QT_TR_NOOP("Provider"), nullptr).shown([this](int r) {
        return at(r).providerName.isEmpty() ? at(r).providerId : at(r).providerName;
    });
    addColumn("model", "", QT_TR_NOOP("Model"), [this](int r) {
        return at(r).modelId;
    }).tip([this](int r) {
        return at(r).modelName.isEmpty() ? QVariant() : QVariant(at(r).modelName);
    });
    using Rate = std::optional<double> (*)(const Price &);
    const auto price = [this, right](const char *key, const char *title, Rate rate) {
        addColumn(key, "$/1M tokens", title, [this, rate](int r) {
            return cellOrNull(rate(at(r).price));
        }).shown([this, rate](int r) {
              return money(rate(at(r).price));
          }).aligned(right);
    };
    price("input_usd_per_1m", QT_TR_NOOP("Input $/1M"),
          [](const Price &p) -> std::optional<double> { return p.inputPerMtok; });
    price("cached_input_usd_per_1m", QT_TR_NOOP("Cached $/1M"),
          [](const Price &p) { return p.cachedInputPerMtok; });
    price("output_usd_per_1m", QT_TR_NOOP("Output $/1M"),
          [](const Price &p) -> std::optional<double> { return p.outputPerMtok; });
    addColumn("context_tokens", "tokens", QT_TR_NOOP("Context (tokens)"),
              [this](int r) {
                  const auto &w = at(r).contextWindow;
                  return w ? QVariant(*w) : QVariant();
              })
        .shown([this](int r) -> QVariant {
            const auto &w = at(r).contextWindow;
            return w ? QLocale().toString(*w) : dash();
        })
        .aligned(right);
    addColumn("catalog_date", "", QT_TR_NOOP("Catalog date"), nullptr).shown([this](int r) {
        return at(r).price.catalogDate;
    });
    setCatalog(std::move(catalog));
}

void CatalogModel::setCatalog(std::shared_ptr<const PriceCatalog> catalog)
{
    if (!catalog) {
        QString error;
        catalog = PriceCatalog::active(&error);
        if (!catalog)
            catalog = PriceCatalog::bundled(); // a broken YS_PRICE_CATALOG says so when run
    }
    beginResetModel();
    m_catalog = std::move(catalog);
    m_rows = m_catalog->models();
    endResetModel();
}

CatalogPick CatalogModel::pick(int row) const
{
    const CatalogModelInfo &m = at(row);
    CatalogPick p;
    p.entry = m.entry();
    p.dialect = dialectOf(m.providerId);
    p.model = m.modelId;
    p.price = m.price;
    p.contextWindow = m.contextWindow;
    // A preset whose usual address the catalog provider's pattern accepts gives the address
    // with its path; else the known root, where the pattern accepts it.
    for (const ProviderPreset &preset : ProviderPresets::all()) {
        if (!preset.local && patternAccepts(m.apiPattern, preset.baseUrl)) {
            p.baseUrl = preset.baseUrl;
            p.preset = preset.id;
            p.dialect = preset.dialect;
            return p;
        }
    }
    const QString root = knownRoot(m.providerId);
    if (!root.isEmpty() && patternAccepts(m.apiPattern, root))
        p.baseUrl = root;
    return p;
}

int CatalogModel::rowOf(const QString &entry) const
{
    return indexOf(m_rows, entry, &CatalogModelInfo::entry);
}

QVariant CatalogModel::ownData(int row, int, int role) const
{
    const CatalogModelInfo &m = at(row);
    if (role == EntryRole)
        return m.entry();
    if (role == SearchTextRole)
        return QStringList{m.providerId, m.providerName, m.modelId, m.modelName}.join(
            QLatin1Char(' '));
    return {};
}

QHash<int, QByteArray> CatalogModel::ownRoleNames() const
{
    return {{EntryRole, "entry"}, {SearchTextRole, "searchText"}};
}

CatalogFilterModel::CatalogFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    setSortRole(CatalogModel::SortRole);
}

void CatalogFilterModel::setFilterText(const QString &text)
{
    if (text == m_text)
        return;
    // Qt 6.4 has no begin/endFilterChange: invalidateFilter() re-runs the filter.
    m_text = text;
    m_words = text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
    invalidateFilter();
}

bool CatalogFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (m_words.isEmpty())
        return true;
    const QString hay = sourceModel()
                            ->index(sourceRow, 0, sourceParent)
                            .data(CatalogModel::SearchTextRole)
                            .toString();
    for (const QString &w : m_words)
        if (!hay.contains(w, Qt::CaseInsensitive))
            return false;
    return true;
}

} // namespace ys
