#pragma once

// A provider's "server_metrics" object in a suite (docs/suite-format.md): read and written.
// Internal to domain/.

#include "domain/provider_config.h"
#include "domain/suite_fields.h"

namespace ys::suitefields {

// Throws SuiteError naming the field.
ServerMetricsSettings parseServerMetrics(const json &obj, const QString &where);
json serverMetricsJson(const ServerMetricsSettings &settings);

} // namespace ys::suitefields
