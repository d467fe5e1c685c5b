#pragma once

#include "analysis/contract_summary.h"
#include "models/held_rows_model.h"

#include <QString>
#include <vector>

namespace ys {

// One provider's answers against their contracts, as the session's summary holds them.
struct ContractRow {
    QString provider;
    ContractSummary contract;
};

// How well each provider's answers hold to their scenarios' contracts (docs/contracts.md): a row
// per provider of the selected session with a contract, the share that passed every check and
// each check's pass rate, each with its 95% interval, and how many checks failed. The figures
// are the summary's (analysis/contract_summary.h), the ones `show --json` gives under contract.
class ContractModel : public HeldRowsModel<ContractRow> {
    Q_OBJECT
public:
    explicit ContractModel(QObject *parent = nullptr);
    void setProviders(std::vector<ContractRow> rows) { hold(std::move(rows)); }
};

// One failed check of one answer, of the provider the contracts view has selected.
class ContractFailuresModel : public HeldRowsModel<ContractFailure> {
    Q_OBJECT
public:
    explicit ContractFailuresModel(QObject *parent = nullptr);
    void setFailures(std::vector<ContractFailure> rows) { hold(std::move(rows)); }
};

} // namespace ys
