# ys_core sources in core/storage/ (paths relative to core/).
target_sources(ys_core PRIVATE
    storage/database.h storage/database.cpp storage/database_pg.cpp
    storage/pg_location.h storage/pg_location.cpp
    storage/server_metrics_store.h storage/server_metrics_store.cpp
    storage/sql_values.h
    storage/session_repository.h storage/session_repository.cpp
    storage/sample_writer.h storage/sample_writer.cpp
    storage/wal_checkpointer.h storage/wal_checkpointer.cpp
    storage/session_liveness.h storage/session_liveness.cpp
    storage/storage_error.h storage/storage_error.cpp
    storage/sample_insert.h storage/sample_insert.cpp
    storage/sample_blob.h storage/sample_blob.cpp
    storage/summary_loader.h storage/summary_loader.cpp
    storage/drift_loader.h storage/drift_loader.cpp
    storage/history_loader.h storage/history_loader.cpp
    storage/history_window.h storage/history_window.cpp
    storage/run_queue.h storage/run_queue.cpp
    storage/usage_query.h storage/usage_query.cpp
    storage/summary_samples.h storage/summary_samples.cpp storage/sqlite_direct.h
    storage/read_connection.h storage/read_connection.cpp
    storage/storage_thread_guard.h storage/storage_thread_guard.cpp
    storage/stream_digest_store.h storage/stream_digest_store.cpp
    storage/attempt_pack.h storage/attempt_pack.cpp
    storage/attempt_query.h storage/attempt_query.cpp
    storage/session_bundle.h storage/session_bundle.cpp
    storage/bundle_rows.h storage/bundle_rows.cpp storage/bundle_import.cpp
)
