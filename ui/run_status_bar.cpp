#include "ui/run_status_bar.h"

#include "models/eta_text.h"
#include "ui/named_child.h"

#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace ys {

RunStatusBar::RunStatusBar(QWidget *parent)
    : QStatusBar(parent)
    , m_label(new QLabel(this))
    , m_progress(namedChild<QProgressBar>(QStringLiteral("runProgress"), this))
    , m_cancel(new QToolButton(this))
{
    m_progress->setMaximumWidth(240);
    m_progress->setTextVisible(true);
    m_cancel->setText(tr("Cancel"));
    m_cancel->setToolTip(tr("Stop the running session; what was measured so far is kept"));
    addPermanentWidget(m_label);
    addPermanentWidget(m_progress);
    addPermanentWidget(m_cancel);
    connect(m_cancel, &QToolButton::clicked, this, &RunStatusBar::cancelRequested);
    setRunning(false);
}

void RunStatusBar::setRunning(bool running)
{
    m_progress->setVisible(running);
    m_cancel->setVisible(running);
    m_label->setVisible(running);
    if (running) {
        m_progress->setRange(0, 0); // busy until the first progress report
        m_label->setText(tr("Starting…"));
    }
}

void RunStatusBar::setProgress(int done, int total, const QString &provider, qint64 etaMs)
{
    m_progress->setRange(0, std::max(total, 1));
    m_progress->setValue(done);
    QString text = provider.isEmpty() ? tr("Running") : tr("Running %1").arg(provider);
    const QString eta = EtaText::format(etaMs);
    if (!eta.isEmpty())
        text = tr("%1 · %2").arg(text, eta);
    m_label->setText(text);
}

} // namespace ys
