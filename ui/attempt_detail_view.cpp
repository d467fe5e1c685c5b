#include "ui/attempt_detail_view.h"

#include "charts/stream_timeline_chart.h"
#include "models/attempt_detail.h"
#include "ui/named_child.h"
#include "ui/table_look.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

namespace ys {

AttemptDetailView::AttemptDetailView(QWidget *parent)
    : QDialog(parent)
    , m_title(namedChild<QLabel>(QStringLiteral("attemptDetailTitle"), this))
    , m_chart(new StreamTimelineChart(this))
    , m_model(new AttemptDetailModel(this))
    , m_table(new QTableView(this))
    , m_error(namedChild<QPlainTextEdit>(QStringLiteral("attemptDetailError"), this))
{
    setObjectName(QStringLiteral("attemptDetailView"));
    setWindowTitle(tr("Attempt"));
    setUpTable(m_table, m_model, {QStringLiteral("attemptDetailTable"), QStringLiteral("attempt")});
    m_error->setReadOnly(true);

    auto *tabs = new QTabWidget(this);
    tabs->addTab(m_table, tr("Details"));
    tabs->addTab(m_error, tr("Error"));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_chart);
    split->addWidget(tabs);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(split, 1);
    resize(900, 700);
}

void AttemptDetailView::showAttempt(const QString &title, const AttemptDetail &detail)
{
    setWindowTitle(title);
    m_title->setText(title);
    m_chart->setTimeline(detail.timeline);
    m_model->setDetail(detail);
    m_table->resizeColumnsToContents();
    QString error = detail.error;
    if (!detail.diagnostics.isEmpty())
        error += (error.isEmpty() ? QString() : QStringLiteral("\n\n")) + tr("Diagnostics:\n") +
                 detail.diagnostics;
    m_error->setPlainText(error.isEmpty() ? tr("No error.") : error);
}

} // namespace ys
