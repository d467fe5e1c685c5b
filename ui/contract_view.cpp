#include "ui/contract_view.h"

#include "models/contract_model.h"
#include "models/contract_text.h"
#include "ui/message_label.h"
#include "ui/table_look.h"
#include "workbench/workbench.h"

#include <QBoxLayout>
#include <QLabel>
#include <QTableView>

namespace ys {

ContractView::ContractView(Workbench *workbench, QWidget *parent)
    : ProviderTableView(workbench, new ContractModel, QStringLiteral("contracts"),
                        QStringLiteral("answer_contracts"), parent)
    , m_failures(new ContractFailuresModel(this))
    , m_failuresLine(messageLabel(QStringLiteral("contractFailuresMessage"), this))
    , m_failuresTable(new QTableView(this))
{
    setUpTable(m_failuresTable, m_failures,
               {QStringLiteral("contractFailuresTable"), QStringLiteral("contract_failures"),
                QAbstractItemView::ExtendedSelection, true, -1, false});
    if (auto *box = qobject_cast<QBoxLayout *>(layout())) {
        box->addWidget(m_failuresLine);
        box->addWidget(m_failuresTable, 2);
    }
    connect(workbench, &Workbench::selectedProviderChanged, this, &ContractView::showFailures);
}

ContractModel *ContractView::model() const
{
    return static_cast<ContractModel *>(tableModel());
}

void ContractView::refresh()
{
    const auto summary = workbench()->summary();
    std::vector<ContractRow> rows;
    for (std::size_t i = 0; summary && i < summary->providers.size(); ++i) {
        const ProviderSummary &p = summary->providers[i];
        if (p.contract)
            rows.push_back({p.name, *p.contract});
    }
    if (rows.empty()) {
        model()->setProviders({});
        setMessage(summary ? tr("This session checked no answer against a contract. Give a "
                                "latency scenario a \"contract\" (a JSON Schema, a regular "
                                "expression, a length, golden answers) or tools to see how often "
                                "each provider's answers and tool calls hold to them.")
                           : tr("Select a session to see how its answers hold to their "
                                "contracts."));
        showFailures({});
        return;
    }
    const auto worst = std::min_element(rows.begin(), rows.end(), [](const auto &a, const auto &b) {
        return a.contract.passRate.value_or(1) < b.contract.passRate.value_or(1);
    });
    setMessage(tr("Lowest: %1, %2.")
                   .arg(workbench()->providerLabels().of(worst->provider),
                        ContractText::headline(worst->contract)));
    model()->setProviders(std::move(rows));
    showFailures(workbench()->selectedProvider());
}

void ContractView::showFailures(const QString &provider)
{
    for (const ContractRow &r : model()->rowsHeld()) {
        if (r.provider != provider)
            continue;
        m_failures->setFailures(r.contract.failures);
        m_failuresLine->setText(
            r.contract.failures.empty()
                ? tr("Every answer of %1 passed every check.")
                      .arg(workbench()->providerLabels().of(provider))
                : tr("%n failed check(s) of %1; the Attempts page shows each answer whole.",
                     nullptr, int(r.contract.failures.size()))
                      .arg(workbench()->providerLabels().of(provider)));
        return;
    }
    m_failures->clear();
    m_failuresLine->setText(model()->rowsHeld().empty()
                                ? QString()
                                : tr("Select a provider to list its failed checks."));
}

} // namespace ys
