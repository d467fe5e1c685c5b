#include "ui/session_drift_view.h"

#include "models/drift_model.h"
#include "ui/message_label.h"
#include "ui/table_look.h"
#include "workbench/workbench.h"

#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace ys {

SessionDriftView::SessionDriftView(Workbench *workbench, QWidget *parent)
    : QWidget(parent)
    , m_workbench(workbench)
    , m_message(messageLabel(QStringLiteral("sessionDriftMessage"), this))
    , m_table(new QTableView(this))
    , m_model(new DriftModel(this))
{
    setObjectName(QStringLiteral("sessionDrift"));
    setUpTable(m_table, m_model, {QStringLiteral("sessionDriftTable"), QStringLiteral("drift")});
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_message);
    layout->addWidget(m_table, 1);
    connect(workbench, &Workbench::summaryChanged, this, &SessionDriftView::refresh);
    refresh();
}

QString SessionDriftView::message() const
{
    return m_message->text();
}

void SessionDriftView::refresh()
{
    const auto summary = m_workbench->summary();
    if (!summary) {
        m_model->setEvents({});
        m_message->setText(tr("Select a session to see what drifted since earlier sessions."));
        return;
    }
    m_model->setEvents(summary->drift);
    m_message->setText(
        summary->drift.empty()
            ? tr("No drift against earlier sessions of the same providers was found.")
            : tr("%n figure(s) drifted since earlier sessions of the same providers: a change "
                 "significant at p < 0.05 after Holm's correction and large enough to matter, "
                 "or a changed model or fingerprint.",
                 nullptr, int(summary->drift.size())));
}

} // namespace ys
