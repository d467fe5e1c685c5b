#pragma once

#include "domain/sample.h"
#include "domain/session_status.h"

#include <QJsonObject>
#include <vector>

namespace ys {

// One step of a scenario as stored: what the step was (its label) and the attempts of its run.
struct StepData {
    QJsonObject label;
    std::vector<Sample> samples;
    SessionStatus status = SessionStatus::Finished;
    int planned = 0; // logical requests the step meant to send (warm-up included)
};

} // namespace ys
