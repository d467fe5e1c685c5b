#pragma once

// A suite that runs every scenario kind, small enough to run in seconds, against two simulated
// providers whose profiles give each kind something to find (tst_one_number's second session).
#include "fixtures.h"

#include <QByteArray>
#include <QUrl>
#include <nlohmann/json.hpp>
#include <vector>

namespace ys::test {

// The every-kind session's providers. "Simulated Flash-class" has a demo provider's name and
// model but answers faster, at twice its price and under another fingerprint, so the session
// drifts against the demo. Its window is half the 6,000 tokens the suite claims and it cuts what
// is past it without an error: the latency run's prompts of 5,000 tokens are failed attempts
// (silent_truncation) that were paid for. "Edge" fails now and then (server errors, 429s), cuts
// prompts past a small window too and varies its answers at temperature 0, so the kinds find
// something. Small prompts and few requests: the session takes seconds.
inline std::vector<nlohmann::json> everyKindProfiles()
{
    auto flash = ProfileShape()
                     .withTtft(30, 40)
                     .withPrefill(200000)
                     .withDecode(2000)
                     .withJitter(0.1)
                     .withEvents(1, 3)
                     .withOutput(20, 40)
                     .withWindow(3000)
                     .withSeed(11);
    auto edge = ProfileShape(flash)
                    .withTtft(15, 25)
                    .withDecode(3000)
                    .withOutput(10, 20)
                    .withWindow(3000)
                    .withSeed(12);
    return {simProfileJson(QStringLiteral("Simulated Flash-class"),
                           QStringLiteral("sim-flash-class"), flash,
                           {{"system_fingerprint", "fp_every_kind"},
                            {"context_overflow", "truncate"},
                            {"prefix_cache", {{"min_tokens", 256}, {"ttft_saving", 0.9}}},
                            {"faults", {{"stall", {{"probability", 0.2}, {"param", 120}}}}}}),
            simProfileJson(QStringLiteral("Edge"), QStringLiteral("sim-edge"), edge,
                           {{"context_overflow", "truncate"},
                            {"divergence", 0.3},
                            {"needle_recall", {{"rate", 0.6}}},
                            {"faults",
                             {{"server_error_500", 0.1},
                              {"retry_after_ms", {{"probability", 0.2}, {"param", 20}}}}}})};
}

inline QByteArray everyKindSuite(const QUrl &base)
{
    const std::string url = base.toString().toStdString();
    const nlohmann::json providers =
        nlohmann::json::array({{{"name", "Simulated Flash-class"},
                                {"dialect", "openai-chat"},
                                {"base_url", url},
                                {"model", "sim-flash-class"},
                                {"price", {{"input_per_mtok", 1.8}, {"output_per_mtok", 5.8}}},
                                {"context_window", 6000}},
                               {{"name", "Edge"},
                                {"dialect", "openai-chat"},
                                {"base_url", url},
                                {"model", "sim-edge"},
                                {"price", {{"input_per_mtok", 0.3}, {"output_per_mtok", 0.9}}},
                                {"context_window", 4000}}});
    const nlohmann::json small{{"prompt_tokens", 100}, {"max_output_tokens", 16}};
    nlohmann::json scenarios = nlohmann::json::array({
        // Two latency scenarios: the provider's figures are the last one's (closed loop).
        {{"kind", "latency"},
         {"requests", 10},
         {"load", "open"},
         {"rate_per_s", 20},
         {"prompt_tokens", 200},
         {"max_output_tokens", 16}},
        // A prompt in four is past both providers' windows: cut without an error, a failed
        // attempt whose usage (and cost) the provider reported.
        {{"kind", "latency"},
         {"requests", 12},
         {"concurrency", 3},
         {"prompt_tokens", {{"distribution", "histogram"}, {"bins", {{300, 3}, {5000, 1}}}}},
         {"max_output_tokens", 32}},
        {{"kind", "context_sweep"},
         {"prompt_tokens", {500, 1000, 2000, 3500}},
         {"requests_per_point", 2},
         {"concurrency", 2}},
        {{"kind", "context_limit"}, {"max_probes", 8}, {"precision", 0.05}},
        {{"kind", "concurrency_sweep"}, {"levels", {1, 2, 4}}, {"requests_per_level", 8}},
        {{"kind", "stability"},
         {"requests", 4},
         {"concurrency", 2},
         {"prompt_tokens", 100},
         {"max_output_tokens", 60},
         {"stall_ms", {1, 100}}},
        {{"kind", "multi_turn"}, {"turns", 3}, {"conversations", 2}, {"tokens_per_turn", 200}},
        {{"kind", "cache"}, {"prefix_tokens", 1024}, {"pairs", 3}, {"prompt_tokens", 1200}},
        {{"kind", "resilience"},
         {"requests", 6},
         {"concurrency", 2},
         {"retries", 2},
         {"slo_ms", 2000}},
        {{"kind", "rate_limit"},
         {"start_rps", 10},
         {"max_rps", 20},
         {"step_s", 0.5},
         {"step_factor", 2},
         {"max_requests", 20}},
        {{"kind", "determinism"}, {"prompts", 2}, {"repeats", 3}, {"prompt_tokens", 100}},
    });
    for (const char *kind : {"concurrency_sweep", "resilience", "rate_limit"})
        for (nlohmann::json &s : scenarios)
            if (s["kind"] == kind)
                s.update(small);
    const nlohmann::json suite{{"format", "yardstick-suite/1"},
                               {"name", "every-kind"},
                               {"providers", providers},
                               {"scenarios", scenarios}};
    return QByteArray::fromStdString(suite.dump(2));
}

} // namespace ys::test
