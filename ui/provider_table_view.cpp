#include "ui/provider_table_view.h"

#include "models/row_table_model.h"
#include "ui/message_label.h"
#include "ui/table_look.h"
#include "workbench/workbench.h"

#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace ys {

ProviderTableView::ProviderTableView(Workbench *workbench, RowTableModel *model,
                                     const QString &name, const QString &exportName,
                                     QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_model(model)
    , m_message(messageLabel(name + QStringLiteral("Message"), this))
    , m_table(new QTableView(this))
{
    setObjectName(name);
    m_model->setParent(this);
    setUpTable(m_table, m_model,
               {name + QStringLiteral("Table"), exportName, QAbstractItemView::SingleSelection,
                false, -1, true});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_message);
    layout->addWidget(m_table, 1);
    connect(workbench, &Workbench::summaryChanged, this, &ProviderTableView::reload);
    connect(workbench, &Workbench::selectedProviderChanged, this, &ProviderTableView::follow);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_workbench->selectProvider(m_model->index(current.row(), 0).data().toString());
            });
}

QString ProviderTableView::message() const
{
    return m_message->text();
}

void ProviderTableView::setMessage(const QString &text)
{
    m_message->setText(text);
}

void ProviderTableView::reload()
{
    m_dirty = true;
    if (!isVisible())
        return;
    m_dirty = false;
    refresh();
    follow(m_workbench->selectedProvider());
}

void ProviderTableView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        reload();
}

void ProviderTableView::follow(const QString &provider)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->index(row, 0).data().toString() == provider) {
            if (m_table->currentIndex().row() != row)
                m_table->selectRow(row);
            return;
        }
    }
}

} // namespace ys
