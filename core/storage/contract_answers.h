#pragma once

#include "analysis/contract_summary.h"

#include <QString>
#include <vector>

namespace ys {

class SessionRepository;

// The stored contract checks of a run's successful, measured answers that the provider itself
// served (not a fallback), in the order run.
std::vector<ContractAnswer> loadContractAnswers(const SessionRepository &repo, qint64 runId,
                                                QString *error);

} // namespace ys
