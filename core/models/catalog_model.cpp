#include "models/catalog_model.h"

#include "domain/provider_presets.h"
#include "models/column_header.h"
#include "models/export_roles.h"
#include "util/number_text.h"

#include <QLocale>
#include <QRegularExpression>
#include <iterator>

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
        return QStringLiteral("—");
    return fixedNumber(QLocale(), *perMtok, *perMtok < 0.1 ? 4 : (*perMtok < 10 ? 3 : 2));
}

} // namespace

CatalogModel::CatalogModel(std::shared_ptr<const PriceCatalog> catalog, QObject *parent)
    : QAbstractTableModel(parent)
{
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
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].entry() == entry)
            return int(i);
    return -1;
}

int CatalogModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CatalogModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CatalogModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CatalogModelInfo &m = m_rows[std::size_t(index.row())];
    if (role == EntryRole)
        return m.entry();
    if (role == SearchTextRole)
        return QStringList{m.providerId, m.providerName, m.modelId, m.modelName}.join(
            QLatin1Char(' '));
    if (role == Qt::TextAlignmentRole)
        return index.column() >= InputColumn && index.column() <= ContextColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    if (role == Qt::ToolTipRole && index.column() == ModelColumn)
        return m.modelName.isEmpty() ? QVariant() : QVariant(m.modelName);
    if (role == ExportValueRole)
        return index.column() == ProviderColumn || index.column() == DateColumn
                   ? exportValue({}, data(index, Qt::DisplayRole))
                   : data(index, SortRole);
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    const auto number = [&](std::optional<double> v) -> QVariant {
        if (sort)
            return v ? QVariant(*v) : QVariant();
        return money(v);
    };
    switch (index.column()) {
    case ProviderColumn:
        return m.providerName.isEmpty() ? m.providerId : m.providerName;
    case ModelColumn:
        return m.modelId;
    case InputColumn:
        return number(m.price.inputPerMtok);
    case CachedColumn:
        return number(m.price.cachedInputPerMtok);
    case OutputColumn:
        return number(m.price.outputPerMtok);
    case ContextColumn:
        if (sort)
            return m.contextWindow ? QVariant(*m.contextWindow) : QVariant();
        return m.contextWindow ? QLocale().toString(*m.contextWindow) : QStringLiteral("—");
    case DateColumn:
        return m.price.catalogDate;
    default:
        return {};
    }
}

QVariant CatalogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    static constexpr ExportColumn kExport[] = {{"provider", ""},
                                               {"model", ""},
                                               {"input_usd_per_1m", "$/1M tokens"},
                                               {"cached_input_usd_per_1m", "$/1M tokens"},
                                               {"output_usd_per_1m", "$/1M tokens"},
                                               {"context_tokens", "tokens"},
                                               {"catalog_date", ""}};
    static_assert(std::size(kExport) == ColumnCount);
    if (isExportHeaderRole(orientation, role))
        return exportHeader(kExport, section, orientation, role);
    return columnHeader(*this, section, orientation, role, [] {
        return QStringList{tr("Provider"),    tr("Model"),       tr("Input $/1M"),
                           tr("Cached $/1M"), tr("Output $/1M"), tr("Context (tokens)"),
                           tr("Catalog date")};
    });
}

QHash<int, QByteArray> CatalogModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(SortRole, "sortValue");
    names.insert(EntryRole, "entry");
    names.insert(SearchTextRole, "searchText");
    return names;
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
