#pragma once

#include "domain/outcome.h"
#include "models/attempt_detail.h"
#include "storage/attempt_query.h"

#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace ys {

class Workbench;

// The Attempts page's reads of the workbench's database: the runs of the selected session to
// pick from, the outcomes of one run with their counts, and one attempt whole. The table's
// pages are AttemptsModel's (models/attempts_model.h).
class AttemptsPresenter {
public:
    explicit AttemptsPresenter(Workbench *workbench);

    // Empty when no session is selected or no database is open.
    std::vector<AttemptRunChoice> runs(QString *error) const;
    std::vector<std::pair<Outcome, qint64>> outcomeCounts(qint64 runId, QString *error) const;
    std::optional<AttemptDetail> detail(qint64 sampleId, const ProviderConfig &provider,
                                        QString *error) const;

private:
    Workbench *m_workbench;
};

} // namespace ys
