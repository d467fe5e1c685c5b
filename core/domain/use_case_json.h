#pragma once

// A use case as JSON, for the suite's parser and writer and the recommendation's JSON. Kept out
// of use_case.h so that its users need no JSON library.

#include "domain/use_case.h"

#include <nlohmann/json.hpp>

namespace ys::usecasejson {

// Reads a use case: a bundled id (a string) or an object; `where` names it in errors
// ("suite.use_case"). Throws suitefields::SuiteError (domain/suite_fields.h).
UseCase fromJson(const nlohmann::json &value, const QString &where);

// Every field written out (the weights as an object, the volume and peak null when unset), the
// requirements with the preset they started from.
nlohmann::json toJson(const UseCase &useCase);

} // namespace ys::usecasejson
