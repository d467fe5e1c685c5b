#pragma once

#include "ui/provider_table_view.h"

class QLabel;
class QTableView;

namespace ys {

class ContractModel;
class ContractFailuresModel;

// How the selected session's answers hold to their contracts (docs/contracts.md): a row per
// provider with the share that passed every check and each check's pass rate with its interval
// (models/contract_model.h), and under it every failed check of the selected provider: which,
// where in the answer, what it wanted, and the answer itself. The Attempts page lists the same
// answers under "Answers that failed their contract".
class ContractView : public ProviderTableView {
    Q_OBJECT
public:
    explicit ContractView(Workbench *workbench, QWidget *parent = nullptr);

    ContractModel *model() const;
    ContractFailuresModel *failures() const { return m_failures; }

protected:
    void refresh() override;

private:
    void showFailures(const QString &provider);

    ContractFailuresModel *m_failures;
    QLabel *m_failuresLine;
    QTableView *m_failuresTable;
};

} // namespace ys
