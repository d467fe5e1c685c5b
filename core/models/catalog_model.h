#pragma once

#include "models/row_table_model.h"
#include "pricing/price_catalog.h"

#include <QSortFilterProxyModel>
#include <memory>
#include <optional>
#include <vector>

namespace ys {

// What picking a catalog model fills into the provider editor.
struct CatalogPick {
    QString entry;   // "provider/model"
    QString dialect; // the wire format the catalog provider speaks
    QString baseUrl; // its API's usual address; empty where it is not known
    QString preset;  // the preset for that address, if there is one
    QString model;
    Price price;
    std::optional<qint64> contextWindow;
};

// The price catalog's priced models as a table, one row per model: provider, model, input,
// cached input and output US dollars per million tokens, context window and the catalog's date.
// DisplayRole gives text ("—" where the catalog has nothing), SortRole the number to sort by,
// EntryRole the "provider/model" entry.
class CatalogModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column {
        ProviderColumn,
        ModelColumn,
        InputColumn,
        CachedColumn,
        OutputColumn,
        ContextColumn,
        DateColumn,
        ColumnCount
    };
    enum Role { EntryRole = FirstOwnRole, SearchTextRole };

    // nullptr: the active catalog (PriceCatalog::active, else the bundled one).
    explicit CatalogModel(std::shared_ptr<const PriceCatalog> catalog = nullptr,
                          QObject *parent = nullptr);

    void setCatalog(std::shared_ptr<const PriceCatalog> catalog);
    const CatalogModelInfo &at(int row) const { return m_rows[std::size_t(row)]; }
    // What the editor takes from a row.
    CatalogPick pick(int row) const;
    // The row of an entry ("provider/model"), or -1.
    int rowOf(const QString &entry) const;

protected:
    int rows() const override { return int(m_rows.size()); }
    QVariant ownData(int row, int column, int role) const override;
    QHash<int, QByteArray> ownRoleNames() const override;

private:
    std::shared_ptr<const PriceCatalog> m_catalog;
    std::vector<CatalogModelInfo> m_rows;
};

// The catalog table filtered by text: every word typed must appear in the provider's or the
// model's id or name (case-insensitive). Sorts by CatalogModel::SortRole.
class CatalogFilterModel : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit CatalogFilterModel(QObject *parent = nullptr);
    void setFilterText(const QString &text);
    const QString &filterText() const { return m_text; }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    QString m_text;
    QStringList m_words;
};

} // namespace ys
