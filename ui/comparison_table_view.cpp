#include "ui/comparison_table_view.h"

#include "models/comparison_filter_model.h"
#include "models/comparison_table_model.h"
#include "models/table_export.h"
#include "models/table_tsv.h"
#include "ui/gate_delegate.h"
#include "ui/named_child.h"
#include "ui/table_export_menu.h"
#include "ui/table_look.h"
#include "workbench/app_settings.h"
#include "workbench/workbench.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QMenu>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>

namespace ys {

ComparisonTableView::ComparisonTableView(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_filter(namedChild<QLineEdit>(QStringLiteral("comparisonFilter"), this))
    , m_verdicts(namedChild<QComboBox>(QStringLiteral("comparisonVerdictFilter"), this))
    , m_table(new QTableView(this))
    , m_proxy(new ComparisonFilterModel(this))
    , m_copy(namedChild<QAction>(QStringLiteral("actionCopyTsv"), this))
{
    setObjectName(QStringLiteral("comparisonTableView"));
    m_filter->setClearButtonEnabled(true);
    m_verdicts->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (auto v : {ComparisonFilterModel::Verdicts::All, ComparisonFilterModel::Verdicts::Passing,
                   ComparisonFilterModel::Verdicts::Failing})
        m_verdicts->addItem(QString(), int(v));

    m_proxy->setSourceModel(workbench->comparisonModel());
    // The table's own context menu (columns to hide) takes the export actions as well.
    m_table->setContextMenuPolicy(Qt::CustomContextMenu);
    m_table->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    // Several rows can be selected to copy them; the selected provider is the current row's.
    // The export is the comparison table as the command line writes it (its intervals in
    // columns of their own, the gates in words), of the rows the filter shows, in their order.
    TableLook look{QStringLiteral("comparisonTable"), QStringLiteral("comparison")};
    look.sortable = true;
    look.sortColumn = ComparisonTableModel::ProviderColumn;
    look.fitColumnsToContents = true;
    setUpTable(m_table, m_proxy, look)->setSource([this] {
        return TableExport::comparison(shownSummaries(),
                                       m_workbench->comparisonModel()->requirements());
    });
    m_table->setItemDelegate(new GateDelegate(m_table));

    m_copy->setShortcut(QKeySequence::Copy);
    m_copy->setShortcutContext(Qt::WidgetShortcut);
    m_table->addAction(m_copy); // the shortcut works while the table has the focus
    connect(m_copy, &QAction::triggered, this, &ComparisonTableView::copyAsTsv);

    for (const QString &key : AppSettings().hiddenComparisonColumns()) {
        const int column = ComparisonTableModel::columnOf(key);
        if (column > ComparisonTableModel::ProviderColumn && !m_hidden.contains(column))
            m_hidden.append(column);
    }
    applyHiddenColumns();

    auto *bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_verdicts);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);
    retranslate();

    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        refilter([this, text] { m_proxy->setProviderText(text); });
    });
    connect(m_verdicts, &QComboBox::currentIndexChanged, this, [this] {
        const auto v = ComparisonFilterModel::Verdicts(m_verdicts->currentData().toInt());
        refilter([this, v] { m_proxy->setVerdicts(v); });
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (!m_refiltering)
            Q_EMIT selectedProviderChanged(selectedProvider());
    });
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        applyHiddenColumns(); // a reset shows every section again
        Q_EMIT selectedProviderChanged(selectedProvider());
    });
    connect(m_table->horizontalHeader(), &QWidget::customContextMenuRequested, this,
            &ComparisonTableView::showColumnMenu);
    connect(m_table, &QWidget::customContextMenuRequested, this, &ComparisonTableView::showRowMenu);
}

void ComparisonTableView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ComparisonTableView::retranslate()
{
    m_filter->setPlaceholderText(tr("Filter providers"));
    m_filter->setToolTip(tr("Show only the providers whose name contains this text"));
    m_verdicts->setItemText(0, tr("All providers"));
    m_verdicts->setItemText(1, tr("Passing the requirements"));
    m_verdicts->setItemText(2, tr("Failing the requirements"));
    m_verdicts->setToolTip(tr("Show only the providers whose Requirements column says pass, or "
                              "fail; inconclusive and unmeasured ones are in neither"));
    m_copy->setText(tr("&Copy as TSV"));
}

// Narrowing the rows drops a hidden row from the selection: that is not the analyst choosing
// another provider, so the workbench keeps its provider, and its row is selected again when the
// filter shows it.
void ComparisonTableView::refilter(const std::function<void()> &change)
{
    m_refiltering = true;
    change();
    const QString kept = m_workbench->selectedProvider();
    if (selectedProvider().isEmpty() && rowOf(kept) >= 0)
        selectOnly(rowOf(kept));
    m_refiltering = false;
}

int ComparisonTableView::rowOf(const QString &provider) const
{
    if (provider.isEmpty())
        return -1;
    for (int r = 0; r < m_proxy->rowCount(); ++r)
        if (m_proxy->index(r, 0).data(ComparisonTableModel::ProviderNameRole).toString() ==
            provider)
            return r;
    return -1;
}

QString ComparisonTableView::selectedProvider() const
{
    const QItemSelectionModel *selection = m_table->selectionModel();
    const QModelIndex current = m_table->currentIndex();
    if (current.isValid() && selection->isSelected(current))
        return current.data(ComparisonTableModel::ProviderNameRole).toString();
    const QModelIndexList indexes = selection->selectedIndexes();
    if (indexes.isEmpty())
        return {};
    return indexes.first().data(ComparisonTableModel::ProviderNameRole).toString();
}

void ComparisonTableView::selectProvider(const QString &provider)
{
    if (provider == selectedProvider())
        return;
    const int row = rowOf(provider);
    if (row >= 0)
        selectOnly(row);
    else
        m_table->clearSelection();
}

// Not QTableView::selectRow: in extended selection that would add to the selection while a
// modifier key is held.
void ComparisonTableView::selectOnly(int row)
{
    const QModelIndex idx = m_proxy->index(row, ComparisonTableModel::ProviderColumn);
    m_table->selectionModel()->setCurrentIndex(idx, QItemSelectionModel::ClearAndSelect |
                                                        QItemSelectionModel::Rows);
}

void ComparisonTableView::applyHiddenColumns()
{
    for (int c = 0; c < ComparisonTableModel::ColumnCount; ++c)
        m_table->setColumnHidden(c, m_hidden.contains(c));
}

void ComparisonTableView::setColumnHidden(int column, bool hidden)
{
    if (column <= ComparisonTableModel::ProviderColumn ||
        column >= ComparisonTableModel::ColumnCount || m_hidden.contains(column) == hidden)
        return;
    if (hidden)
        m_hidden.append(column);
    else
        m_hidden.removeAll(column);
    std::sort(m_hidden.begin(), m_hidden.end());
    m_table->setColumnHidden(column, hidden);
    QStringList keys;
    for (int c : m_hidden)
        keys.append(ComparisonTableModel::columnKey(c));
    AppSettings().setHiddenComparisonColumns(keys);
}

// The table's export menu (attached in the constructor) knows the shown columns and rows.
QList<int> ComparisonTableView::visibleColumns() const
{
    return TableExportMenu::of(m_table)->visibleColumns();
}

QString ComparisonTableView::selectionAsTsv() const
{
    return TableExportMenu::of(m_table)->selectionAsTsv();
}

void ComparisonTableView::copyAsTsv()
{
    QApplication::clipboard()->setText(selectionAsTsv());
}

std::vector<ProviderSummary> ComparisonTableView::shownSummaries() const
{
    const auto &all = m_workbench->comparisonModel()->summaries();
    std::vector<ProviderSummary> shown;
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        const int source = m_proxy->mapToSource(m_proxy->index(r, 0)).row();
        if (source >= 0 && std::size_t(source) < all.size())
            shown.push_back(all[std::size_t(source)]);
    }
    return shown;
}

QMenu *ComparisonTableView::columnMenu(QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("comparisonColumnsMenu"));
    const QAbstractItemModel *model = m_workbench->comparisonModel();
    for (int c = 0; c < ComparisonTableModel::ColumnCount; ++c) {
        QAction *action = menu->addAction(model->headerData(c, Qt::Horizontal).toString());
        action->setObjectName(QStringLiteral("actionColumn_") + ComparisonTableModel::columnKey(c));
        action->setCheckable(true);
        action->setChecked(!m_hidden.contains(c));
        // Every row needs its name: the provider column stays.
        action->setEnabled(c != ComparisonTableModel::ProviderColumn);
        connect(action, &QAction::toggled, this,
                [this, c](bool shown) { setColumnHidden(c, !shown); });
    }
    return menu;
}

QMenu *ComparisonTableView::rowMenu(const QString &provider, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->setObjectName(QStringLiteral("comparisonRowMenu"));
    if (!provider.isEmpty()) {
        QAction *rerun = menu->addAction(tr("Re-run this provider"));
        rerun->setObjectName(QStringLiteral("actionRerunThisProvider"));
        rerun->setEnabled(!m_workbench->isRunning());
        connect(rerun, &QAction::triggered, this,
                [this, provider] { Q_EMIT rerunRequested(provider); });
        QAction *attempts = menu->addAction(tr("Show attempts"));
        attempts->setObjectName(QStringLiteral("actionShowAttempts"));
        connect(attempts, &QAction::triggered, this, [this, provider] {
            m_workbench->selectProvider(provider);
            Q_EMIT attemptsRequested(provider);
        });
        menu->addSeparator();
    }
    menu->addAction(m_copy);
    menu->addAction(TableExportMenu::of(m_table)->exportAction());
    return menu;
}

void ComparisonTableView::showColumnMenu(const QPoint &pos)
{
    QHeaderView *header = m_table->horizontalHeader();
    QMenu *menu = columnMenu(this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(header->viewport()->mapToGlobal(pos));
}

void ComparisonTableView::showRowMenu(const QPoint &pos)
{
    const QModelIndex idx = m_table->indexAt(pos);
    QString provider;
    if (idx.isValid()) {
        provider = idx.data(ComparisonTableModel::ProviderNameRole).toString();
        // A click outside the selection picks that row; inside, the selection stays to copy.
        if (!m_table->selectionModel()->isSelected(idx))
            selectOnly(idx.row());
    }
    QMenu *menu = rowMenu(provider, this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(m_table->viewport()->mapToGlobal(pos));
}

} // namespace ys
