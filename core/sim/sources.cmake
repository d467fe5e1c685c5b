# ys_core sources in core/sim/ (paths relative to core/).
target_sources(ys_core PRIVATE
    sim/sim_profile.h sim/sim_profile.cpp
    sim/sim_text.h sim/sim_text.cpp
    sim/sim_server.h sim/sim_server.cpp
    sim/sim_connection.h sim/sim_connection.cpp
    sim/sim_host.h sim/sim_host.cpp
)
