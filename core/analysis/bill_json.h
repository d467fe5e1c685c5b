#pragma once

#include "analysis/bill.h"

#include <QByteArray>

namespace ys {

// The `yardstick-cli bill --json` document (docs/bill-and-tco.md). What one side lacks is null.
QByteArray billReconciliationJson(const BillReconciliation &r);

} // namespace ys
