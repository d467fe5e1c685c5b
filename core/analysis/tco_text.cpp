#include "analysis/tco_text.h"

#include "util/number_text.h"

namespace ys {

QStringList TcoText::hiddenCosts(const TcoReport &r)
{
    const TcoInput &in = r.input;
    QStringList lines;
    lines << tr("Standby deployments: %1, %2 a month")
                 .arg(in.redundancy)
                 .arg(usdAmount(r.redundancyUsdPerMonth, 2));
    for (std::size_t i = 0; i < in.fineTunes.size() && i < r.fineTuneUsdPerMonth.size(); ++i) {
        const TcoFineTune &f = in.fineTunes[i];
        lines << tr("Fine-tuning (%1): %2 GPU-hours × %3/h × %4 runs a year / 12 = %5 a month")
                     .arg(f.kind, fixedNumber(f.gpuHours, 1),
                          usdAmount(f.gpuUsdPerHour.value_or(in.gpuUsdPerHour), 2))
                     .arg(f.runsPerYear, 0, 'g', 4)
                     .arg(usdAmount(r.fineTuneUsdPerMonth[i], 2));
    }
    lines << tr("Hidden costs: %1 a month (included above)")
                 .arg(usdAmount(r.redundancyUsdPerMonth + r.fineTuneTotalUsdPerMonth, 2));
    return lines;
}

QString TcoText::sensitivityTitle()
{
    return tr("Sensitivity: the break-even when one input moves alone (±10%, counts ±1), "
              "largest move first");
}

QString TcoText::breakEven(const std::optional<double> &tokensPerMonth)
{
    return tokensPerMonth ? groupedCount(*tokensPerMonth) : tr("never");
}

QString TcoText::move(const TcoSensitivity &row)
{
    return row.swing ? groupedCount(*row.swing) : tr("unbounded");
}

QString TcoText::value(double v)
{
    return QString::number(v, 'g', 4);
}

} // namespace ys
