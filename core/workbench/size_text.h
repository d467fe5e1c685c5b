#pragma once

#include "domain/workload.h"

#include <QCoreApplication>
#include <QString>
#include <optional>

namespace ys {

// A request size as the suite form writes it in one field, in numbers and signs only (so it
// reads the same in every language):
//   1000                          every request the same
//   200–800                       uniform from 200 to 800
//   300 ± 120                     normal, mean and standard deviation; ", 16–1024" clamps it
//   200–800: 6; 800–4000: 3; 16000: 1   histogram: bins and their weights
// A hyphen, "~" or "～" may stand for the dash, "+-" for "±" and "；" for ";". The values are
// held to the same rules as the suite file's (SizeDistribution::parse).
class SizeText {
    Q_DECLARE_TR_FUNCTIONS(ys::SizeText)
public:
    static QString format(const SizeDistribution &size);
    // None with *error naming `label` and what is wrong.
    static std::optional<SizeDistribution> parse(const QString &text, const QString &label, int lo,
                                                 int hi, QString *error);
    // The forms above, for a field's tooltip.
    static QString help();
};

} // namespace ys
