#pragma once

#include "domain/scenario.h"

#include <QString>
#include <QStringList>
#include <nlohmann/json_fwd.hpp>
#include <vector>

namespace ys {

// The scenario kinds a suite may name, and their own parameters: which fields each kind adds,
// how they are read (errors name the field) and written back.
namespace scenariokinds {

// Every kind, in the order the documentation lists them.
QStringList names();
bool isKnown(const QString &kind);
// A kind as people read it ("Context sweep" for context_sweep), translated; an unknown kind is
// its own title.
QString title(const QString &kind);
// The fields a kind adds to the common ones.
std::vector<const char *> fields(const QString &kind);
// Kind defaults that differ from the common ones (stability asks for long answers), applied
// before the scenario's own fields are read.
void applyDefaults(Scenario &scenario);
// Reads the kind's fields of `object` into `scenario`; throws suitefields::SuiteError.
void parse(const nlohmann::json &object, const QString &where, Scenario &scenario);
// Writes the kind's fields into `object`.
void write(const Scenario &scenario, nlohmann::json &object);

} // namespace scenariokinds
} // namespace ys
