#pragma once

#include "analysis/tco_curve.h"

#include <QChartView>
#include <optional>

class QChart;
class QValueAxis;

namespace ys {

// The TCO break-even chart: the monthly cost of the API and of self-hosting against the monthly
// token volume (a TcoCurve computed in core), the break-even volume marked where the lines cross
// and the volume given marked on the API line.
class TcoChart : public QChartView {
    Q_OBJECT
public:
    explicit TcoChart(QWidget *parent = nullptr);

    void setCurve(const TcoCurve &curve, double monthlyTokens);
    // The break-even drawn (tokens a month), none when self-hosting never pays off.
    std::optional<double> breakEvenTokens() const { return m_breakEven; }
    int pointCount() const { return m_pointCount; }

private:
    QChart *m_chart = nullptr;
    QValueAxis *m_xAxis = nullptr;
    QValueAxis *m_yAxis = nullptr;
    std::optional<double> m_breakEven;
    int m_pointCount = 0;
};

} // namespace ys
