#include "models/drift_series_model.h"

#include "models/cell_values.h"
#include "storage/drift_loader.h"

#include <QLocale>

namespace ys {

DriftSeriesModel::DriftSeriesModel(QObject *parent)
    : RowTableModel(parent)
{
    addColumn("session", "", QT_TR_NOOP("Session"), [this](int r) { return at(r).sessionId; });
    addColumn("started", "", QT_TR_NOOP("Started"), [this](int r) {
        return at(r).startedAt;
    }).shown([this](int r) {
        return QLocale().toString(at(r).startedAt.toLocalTime(), QLocale::ShortFormat);
    });
    addColumn("model", "", QT_TR_NOOP("Model"), [this](int r) { return at(r).model; });
    addColumn("ttft_p95_ms", "ms", QT_TR_NOOP("TTFT P95 (ms)"), [this](int r) {
        return cellOrNull(at(r).ttftP95Ms);
    }).places(0);
    addColumn("e2e_p95_ms", "ms", QT_TR_NOOP("E2E P95 (ms)"), [this](int r) {
        return cellOrNull(at(r).e2eP95Ms);
    }).places(0);
    addColumn("usd_per_1k_measured", "$/1K tokens", QT_TR_NOOP("$/1K measured"), [this](int r) {
        return cellOrNull(at(r).usdPer1k);
    }).places(5);
    // The reported models and fingerprints, and what changed.
    addColumn("model_identity", "", QT_TR_NOOP("Model identity"), [this](int r) {
        return at(r).modelChanged || at(r).fingerprintChanged;
    }).shown([this](int r) {
          return identityText(r);
      }).exportsText();
}

bool DriftSeriesModel::load(const SessionRepository &repo, const QString &provider, QString *error)
{
    QString problem;
    std::vector<DriftPoint> points = loadDriftPoints(repo, provider, &problem);
    m_provider = provider;
    if (!problem.isEmpty()) {
        if (error)
            *error = problem;
        setPoints({});
        return false;
    }
    setPoints(std::move(points));
    return true;
}

void DriftSeriesModel::setLoaded(const QString &provider, std::vector<DriftPoint> points)
{
    m_provider = provider;
    setPoints(std::move(points));
}

void DriftSeriesModel::setPoints(std::vector<DriftPoint> points)
{
    beginResetModel();
    m_events = findDrift(points);
    m_series = driftSeries(std::move(points));
    endResetModel();
}

QString DriftSeriesModel::identityText(int row) const
{
    const DriftSeriesPoint &p = at(row);
    QStringList parts;
    if (p.modelChanged)
        parts << tr("model changed");
    if (p.fingerprintChanged)
        parts << tr("fingerprint changed");
    const QStringList reported = p.modelsReported + p.fingerprints;
    if (!reported.isEmpty())
        parts << reported.join(QStringLiteral(", "));
    return parts.isEmpty() ? dash() : parts.join(QStringLiteral("; "));
}

QVariant DriftSeriesModel::ownData(int row, int, int role) const
{
    if (role == ModelChangedRole)
        return at(row).modelChanged;
    if (role == FingerprintChangedRole)
        return at(row).fingerprintChanged;
    return {};
}

} // namespace ys
