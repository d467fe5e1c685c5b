#pragma once

// Requirements as JSON, for the suite's parser and writer and the gates' JSON. Kept out of
// requirements.h so that its users need no JSON library.

#include "domain/requirements.h"

#include <nlohmann/json.hpp>

namespace ys::requirementsjson {

// Reads a requirements object; `where` names it in errors ("suite.requirements"). Throws
// suitefields::SuiteError (domain/suite_fields.h).
Requirements fromJson(const nlohmann::json &object, const QString &where);

// The JSON object with every gate written out and no preset, so that a stored suite reads back
// the same whatever later versions make of the presets.
nlohmann::json toJson(const Requirements &requirements);

} // namespace ys::requirementsjson
