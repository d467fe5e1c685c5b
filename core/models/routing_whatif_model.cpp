#include "models/routing_whatif_model.h"

#include "models/cell_values.h"

namespace ys {

RoutingWhatIfModel::RoutingWhatIfModel(QObject *parent)
    : HeldRowsModel(parent)
{
    constexpr Qt::Alignment right = Qt::AlignRight | Qt::AlignVCenter;
    addColumn("figure", "", QT_TR_NOOP("Figure"), [this](int r) { return at(r).label; });
    addColumn("primary_alone", "", QT_TR_NOOP("Primary alone"), [this](int r) {
        return cellOrNull(at(r).aloneValue);
    }).shown([this](int r) {
          return at(r).alone;
      }).aligned(right);
    addColumn("with_policy", "", QT_TR_NOOP("With the policy"), [this](int r) {
        return cellOrNull(at(r).withPolicyValue);
    }).shown([this](int r) {
          return at(r).withPolicy;
      }).aligned(right);
}

QVariant RoutingWhatIfModel::ownData(int row, int /*column*/, int role) const
{
    return role == KeyRole ? QVariant(at(row).key) : QVariant();
}

QHash<int, QByteArray> RoutingWhatIfModel::ownRoleNames() const
{
    return {{KeyRole, "key"}};
}

} // namespace ys
