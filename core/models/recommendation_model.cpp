#include "models/recommendation_model.h"

#include "analysis/gates.h"
#include "analysis/recommendation_text.h"
#include "models/cell_values.h"
#include "models/export_roles.h"
#include "models/figure_text.h"
#include "models/recommendation_cells.h"
#include "util/number_text.h"

#include <algorithm>

namespace ys {

namespace {

constexpr Qt::Alignment kRight = Qt::AlignRight | Qt::AlignVCenter;
constexpr GateKind kGateOrder[] = {GateKind::Latency, GateKind::Ttft, GateKind::Cost,
                                   GateKind::Context, GateKind::Contract};

// A requirement column's export key and unit.
QString requirementKey(GateKind kind)
{
    switch (kind) {
    case GateKind::Latency:
    case GateKind::Ttft:
        return Gates::name(kind) + QStringLiteral("_ms");
    case GateKind::Context:
        return QStringLiteral("context_tokens");
    case GateKind::Cost:
    case GateKind::Contract:
        break;
    }
    return Gates::name(kind);
}

const char *requirementUnit(GateKind kind)
{
    switch (kind) {
    case GateKind::Latency:
    case GateKind::Ttft:
        return "ms";
    case GateKind::Cost:
        return "$/1K tokens";
    case GateKind::Context:
        return "tokens";
    case GateKind::Contract:
        break;
    }
    return "";
}

} // namespace

RecommendationModel::RecommendationModel(QObject *parent)
    : RowTableModel(parent)
{
    addColumns();
}

void RecommendationModel::setRecommendation(Recommendation recommendation)
{
    beginResetModel();
    m_rec = std::move(recommendation);
    m_kinds.clear();
    for (GateKind kind : kGateOrder) {
        for (const ProviderRecommendation &p : m_rec.providers) {
            if (std::any_of(p.margins.begin(), p.margins.end(),
                            [kind](const RequirementMargin &m) { return m.kind == kind; })) {
                m_kinds.push_back(kind);
                break;
            }
        }
    }
    clearColumns();
    addColumns();
    endResetModel();
}

int RecommendationModel::columnOfKey(const QString &key) const
{
    for (int c = 0; c < columnCount(); ++c)
        if (column(c).key == key)
            return c;
    return -1;
}

const RequirementMargin *RecommendationModel::marginOf(int row, GateKind kind) const
{
    for (const RequirementMargin &m : at(row).margins)
        if (m.kind == kind)
            return &m;
    return nullptr;
}

void RecommendationModel::addColumns()
{
    addColumn("rank", "", QT_TR_NOOP("Rank"), [this](int r) {
        return at(r).rank ? QVariant(*at(r).rank) : QVariant();
    }).aligned(kRight);
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).name; });
    addColumn("standing", "", QT_TR_NOOP("Standing"),
              [this](int r) { return Recommender::name(at(r).standing); })
        .shown([this](int r) { return RecommendationText::standing(at(r).standing); })
        .sortedBy([this](int r) { return int(at(r).standing); })
        .exportsText();
    for (GateKind kind : m_kinds)
        addRequirementColumn(kind);
    addColumn("score", "", QT_TR_NOOP("Score"), [this](int r) { return cellOrNull(at(r).score); })
        .places(3)
        .aligned(kRight);
    addColumn("monthly_usd", "$", QT_TR_NOOP("Cost a month ($)"),
              [this](int r) { return cellOrNull(at(r).monthlyUsd); })
        .shown([this](int r) -> QVariant {
            const auto &usd = at(r).monthlyUsd;
            return usd ? RecommendationText::monthly(*usd) : dash();
        })
        .titled([this] {
            const auto &volume = m_rec.useCase.monthlyTokens;
            return volume ? tr("Cost at %1 a month ($)").arg(RecommendationText::volume(*volume))
                          : tr("Cost a month ($)");
        })
        .aligned(kRight);
    addColumn("reason", "", QT_TR_NOOP("Left out because"), [this](int r) {
        return at(r).reason;
    }).tip([this](int r) { return at(r).reason; });
    const auto risks = [this](int r, const QString &separator) {
        QStringList texts;
        for (const Risk &risk : at(r).risks)
            texts << risk.text;
        return texts.join(separator);
    };
    addColumn("risks", "", QT_TR_NOOP("Risks"), [risks](int r) {
        return risks(r, QStringLiteral("; "));
    }).tip([risks](int r) { return risks(r, QStringLiteral("\n")); });
}

void RecommendationModel::addRequirementColumn(GateKind kind)
{
    ColumnSpec &c = addColumn("", requirementUnit(kind), "",
                              [this, kind](int r) {
                                  const RequirementMargin *m = marginOf(r, kind);
                                  return m ? cellOrNull(m->value) : QVariant();
                              })
                        .shown([this, kind](int r) -> QVariant {
                            const RequirementMargin *m = marginOf(r, kind);
                            return m ? RecommendationText::margin(*m) : dash();
                        })
                        .tip([this, kind](int r) -> QVariant {
                            const RequirementMargin *m = marginOf(r, kind);
                            return m ? RecommendationCells::marginDetail(*m) : QVariant();
                        })
                        .titled([this, kind] {
                            for (int r = 0; r < rows(); ++r)
                                if (const RequirementMargin *m = marginOf(r, kind))
                                    return RecommendationCells::requirement(
                                        *m, m_rec.useCase.requirements.costBasis);
                            return Gates::name(kind);
                        })
                        .aligned(kRight);
    c.key = requirementKey(kind);
}

QVariant RecommendationModel::ownData(int row, int column, int role) const
{
    switch (role) {
    case StandingRole:
        return int(at(row).standing);
    case PointOnlyRole: {
        const int k = column - FirstRequirementColumn;
        if (k < 0 || k >= int(m_kinds.size()))
            return {};
        const RequirementMargin *m = marginOf(row, m_kinds[std::size_t(k)]);
        return m ? QVariant(RecommendationCells::pointOnly(*m)) : QVariant();
    }
    default:
        return {};
    }
}

QHash<int, QByteArray> RecommendationModel::ownRoleNames() const
{
    return {{StandingRole, "standing"}, {PointOnlyRole, "pointOnly"}};
}

ChunkingEstimatesModel::ChunkingEstimatesModel(QObject *parent)
    : HeldRowsModel(parent)
{
    const auto yesNo = [](bool v) {
        return v ? tr("yes") : tr("no");
    };
    addColumn("provider", "", QT_TR_NOOP("Provider"), [this](int r) { return at(r).provider; });
    addColumn("window_tokens", "tokens", QT_TR_NOOP("Window (tokens)"),
              [this](int r) { return cellOrNull(at(r).window); })
        .shown([this](int r) -> QVariant {
            const auto &w = at(r).window;
            return w ? FigureText::contextWindow(*w) : dash();
        })
        .aligned(kRight);
    addColumn("chunk_fits", "", QT_TR_NOOP("Chunks fit"), [this](int r) {
        return at(r).chunkFits;
    }).shown([this, yesNo](int r) {
          return yesNo(at(r).chunkFits);
      }).exportsText();
    addColumn("whole_fits", "", QT_TR_NOOP("Whole fits"), [this](int r) {
        return at(r).wholeFits;
    }).shown([this, yesNo](int r) {
          return yesNo(at(r).wholeFits);
      }).exportsText();
    addColumn("chunked_cost_usd", "$", QT_TR_NOOP("Chunked cost ($)"), [this](int r) {
        return cellOrNull(at(r).chunkedCostUsd);
    }).shown([this](int r) {
          return usdAmount(at(r).chunkedCostUsd, 4);
      }).aligned(kRight);
    addColumn("chunked_latency_ms", "ms", QT_TR_NOOP("Chunked time (ms)"),
              [this](int r) { return cellOrNull(at(r).chunkedLatencyMs); })
        .places(0)
        .aligned(kRight);
    addColumn("whole_cost_usd", "$", QT_TR_NOOP("Whole cost ($)"), [this](int r) {
        return cellOrNull(at(r).wholeCostUsd);
    }).shown([this](int r) {
          return usdAmount(at(r).wholeCostUsd, 4);
      }).aligned(kRight);
    addColumn("whole_latency_ms", "ms", QT_TR_NOOP("Whole time (ms)"),
              [this](int r) { return cellOrNull(at(r).wholeLatencyMs); })
        .places(0)
        .aligned(kRight);
    addColumn("extrapolated", "", QT_TR_NOOP("Extrapolated"),
              [this](int r) { return at(r).extrapolated; })
        .shown([this, yesNo](int r) { return yesNo(at(r).extrapolated); })
        .exportsText()
        .headerTip(QT_TR_NOOP("A prompt lies past the largest one the provider's context sweep "
                              "measured: its figures are read off the curve beyond the data"));
}

} // namespace ys
