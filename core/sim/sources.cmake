# ys_sim sources in core/sim/ (paths relative to core/).
target_sources(ys_sim PRIVATE
    sim/sim_profile.h sim/sim_profile.cpp
    sim/sim_text.h sim/sim_text.cpp
    sim/sim_answer_text.h sim/sim_answer_text.cpp
    sim/sim_faults.h sim/sim_faults.cpp
    sim/sim_http.h sim/sim_http.cpp
    sim/sim_scheduler.h sim/sim_scheduler.cpp
    sim/sim_rate_limiter.h sim/sim_rate_limiter.cpp
    sim/sim_prefix_cache.h sim/sim_prefix_cache.cpp
    sim/sim_ground_truth.h sim/sim_ground_truth.cpp
    sim/sim_tls.h sim/sim_tls.cpp
    sim/sim_dialect.h sim/sim_dialect.cpp
    sim/sim_error_table.h sim/sim_error_table.cpp
    sim/sim_openai_common.h sim/sim_openai_common.cpp
    sim/sim_openai_chat.h sim/sim_openai_chat.cpp
    sim/sim_openai_responses.h sim/sim_openai_responses.cpp
    sim/sim_anthropic.h sim/sim_anthropic.cpp
    sim/sim_gemini.h sim/sim_gemini.cpp
    sim/sim_link.h
    sim/sim_tcp_link.h sim/sim_tcp_link.cpp
    sim/sim_h2_session.h sim/sim_h2_session.cpp
    sim/sim_server.h sim/sim_server.cpp
    sim/sim_connection.h sim/sim_connection.cpp sim/sim_connection_intake.cpp
    sim/sim_connection_answer.cpp sim/sim_connection_output.cpp
    sim/sim_host.h sim/sim_host.cpp
)
