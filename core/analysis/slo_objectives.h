#pragma once

// SloObjectives is part of a suite's requirements, so it is defined in domain/; analysis/ code
// keeps including it from here.
#include "domain/slo_objectives.h"
