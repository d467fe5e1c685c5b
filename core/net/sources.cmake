# ys_core sources in core/net/ (paths relative to core/).
target_sources(ys_core PRIVATE
    net/prometheus_text.h net/prometheus_text.cpp
    net/metrics_http_server.h net/metrics_http_server.cpp
    net/ascii_case.h
    net/http1_connection.h net/http1_connection.cpp
    net/http1_exchange.cpp
    net/http1_pool.h net/http1_pool.cpp
    net/lane_event_dispatcher.h net/lane_event_dispatcher.cpp
    net/fd_watch.h net/fd_watch.cpp
    net/tcp_stream.h net/tcp_stream.cpp net/tcp_stream_secure.cpp
    net/tls_session.h net/tls_session.cpp
    net/proxy_route.h net/proxy_route.cpp
)
