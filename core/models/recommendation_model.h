#pragma once

#include "analysis/recommendation.h"
#include "models/held_rows_model.h"
#include "models/row_table_model.h"

#include <vector>

namespace ys {

// One row per provider of a recommendation (analysis/recommendation.h), in its order (the
// qualifying ones ranked, then those left out): rank, provider, standing, one column per
// requirement the use case sets (the figure against its line with the margin, RecommendationText),
// the weighted score, the monthly cost at the use case's volume, why it is left out and its
// risks. The requirement columns follow the use case, so they are made again with every
// recommendation. ValueRole gives the raw figures.
class RecommendationModel : public RowTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, ProviderColumn, StandingColumn, FirstRequirementColumn };
    enum Role {
        StandingRole = FirstOwnRole, // int(Standing)
        PointOnlyRole,               // a requirement cell: it holds at the point estimate only
    };

    explicit RecommendationModel(QObject *parent = nullptr);

    void setRecommendation(Recommendation recommendation);
    const Recommendation &recommendation() const { return m_rec; }
    // The requirement columns, in order (FirstRequirementColumn on).
    const std::vector<GateKind> &requirementKinds() const { return m_kinds; }
    // The column of an export key ("monthly_usd", "reason", ...), or -1.
    int columnOfKey(const QString &key) const;

protected:
    int rows() const override { return int(m_rec.providers.size()); }
    QVariant ownData(int row, int column, int role) const override;
    QHash<int, QByteArray> ownRoleNames() const override;

private:
    const ProviderRecommendation &at(int row) const { return m_rec.providers[std::size_t(row)]; }
    const RequirementMargin *marginOf(int row, GateKind kind) const;
    void addColumns();
    void addRequirementColumn(GateKind kind);

    Recommendation m_rec;
    std::vector<GateKind> m_kinds;
};

// One row per provider of the session that ran a context sweep: what a chunking plan's calls
// would cost and take on it against one call with the whole document (analysis/chunking.h's
// ChunkingEstimate), with the figures and the precision `yardstick-cli chunking` prints.
class ChunkingEstimatesModel : public HeldRowsModel<ChunkingEstimate> {
    Q_OBJECT
public:
    enum Column {
        Provider,
        Window,
        ChunkFits,
        WholeFits,
        ChunkedCost,
        ChunkedLatency,
        WholeCost,
        WholeLatency,
        Extrapolated,
        ColumnCount
    };

    explicit ChunkingEstimatesModel(QObject *parent = nullptr);
    void setEstimates(std::vector<ChunkingEstimate> estimates) { hold(std::move(estimates)); }
};

} // namespace ys
