// The TCO's tornado table: which input moves the break-even volume most (docs/measurements.md,
// "Sensitivity").
#include "analysis/tco.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace ys {

namespace {

struct Lever {
    const char *key;
    QString label;
    bool count; // moved ±1 (not below its floor) instead of ±10%
    double floor;
    double ceiling;
    std::function<double(const TcoInput &)> get;
    std::function<void(TcoInput &, double)> set;
};

std::vector<Lever> levers()
{
    const double inf = std::numeric_limits<double>::infinity();
    return {
        {"gpu_usd_per_hour", Tco::tr("GPU $/h"), false, 0.0, inf,
         [](const TcoInput &in) { return in.gpuUsdPerHour; },
         [](TcoInput &in, double v) {
             in.gpuUsdPerHour = v;
         }},
        {"gpus", Tco::tr("GPUs per deployment"), true, 1.0, inf,
         [](const TcoInput &in) { return double(in.gpus); },
         [](TcoInput &in, double v) {
             in.gpus = int(v);
         }},
        {"utilisation", Tco::tr("utilisation"), false, 0.0, 1.0,
         [](const TcoInput &in) { return in.utilisation; },
         [](TcoInput &in, double v) {
             in.utilisation = v;
         }},
        {"ops_usd_per_month", Tco::tr("operations $/month"), false, 0.0, inf,
         [](const TcoInput &in) { return in.opsUsdPerMonth; },
         [](TcoInput &in, double v) {
             in.opsUsdPerMonth = v;
         }},
        {"tokens_per_s", Tco::tr("throughput"), false, 0.0, inf,
         [](const TcoInput &in) { return in.tokensPerS; },
         [](TcoInput &in, double v) {
             in.tokensPerS = v;
         }},
        {"api_usd_per_1m", Tco::tr("API $/1M"), false, 0.0, inf,
         [](const TcoInput &in) { return in.apiUsdPer1m; },
         [](TcoInput &in, double v) {
             in.apiUsdPer1m = v;
         }},
        {"redundancy", Tco::tr("standby deployments"), true, 0.0, inf,
         [](const TcoInput &in) { return double(in.redundancy); },
         [](TcoInput &in, double v) {
             in.redundancy = int(v);
         }},
        // Every run's GPU-hours scaled alike scales the amortised cost by the same factor.
        {"fine_tune_usd_per_month", Tco::tr("fine-tuning $/month"), false, 0.0, inf,
         [](const TcoInput &in) { return Tco::fineTuneUsdPerMonth(in); },
         [](TcoInput &in, double v) {
             const double now = Tco::fineTuneUsdPerMonth(in);
             if (now > 0.0)
                 for (TcoFineTune &f : in.fineTunes)
                     f.gpuHours *= v / now;
         }},
    };
}

} // namespace

std::vector<TcoSensitivity> Tco::sensitivity(const TcoInput &in)
{
    std::vector<TcoSensitivity> rows;
    for (const Lever &l : levers()) {
        TcoSensitivity s;
        s.key = QString::fromLatin1(l.key);
        s.label = l.label;
        s.base = l.get(in);
        s.low = std::clamp(l.count ? s.base - 1.0 : s.base * 0.9, l.floor, l.ceiling);
        s.high = std::clamp(l.count ? s.base + 1.0 : s.base * 1.1, l.floor, l.ceiling);
        TcoInput low = in;
        l.set(low, s.low);
        TcoInput high = in;
        l.set(high, s.high);
        s.breakEvenLow = at(low, low.utilisation).breakEvenTokensPerMonth;
        s.breakEvenHigh = at(high, high.utilisation).breakEvenTokensPerMonth;
        if (s.breakEvenLow && s.breakEvenHigh)
            s.swing = std::abs(*s.breakEvenHigh - *s.breakEvenLow);
        else if (!s.breakEvenLow && !s.breakEvenHigh)
            s.swing = 0.0;
        rows.push_back(s);
    }
    // Unbounded moves first, then by the size of the move; ties keep the inputs' order.
    std::stable_sort(rows.begin(), rows.end(),
                     [](const TcoSensitivity &a, const TcoSensitivity &b) {
                         if (a.unbounded() != b.unbounded())
                             return a.unbounded();
                         return !a.unbounded() && *a.swing > *b.swing;
                     });
    return rows;
}

} // namespace ys
