#pragma once

// CircuitBreaker is plain logic driven by explicit times, shared by the runner and the routing
// what-if (analysis/routing_replay.h), so it is defined in domain/; run/ code keeps including it
// from here.
#include "domain/circuit_breaker.h"
