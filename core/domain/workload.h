#pragma once

#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

namespace ys {

struct Scenario;
struct TraceReplay;

// A request size (prompt or output tokens) drawn per request, so a workload can look like
// production traffic instead of one size repeated. A draw depends only on the seed and the
// request index: every provider of a session, and every re-run, gets the same sizes.
class SizeDistribution {
    Q_DECLARE_TR_FUNCTIONS(ys::SizeDistribution)
public:
    enum class Kind { Fixed, Uniform, Normal, Histogram };
    struct Bin {
        int lo = 1; // a single value has lo == hi
        int hi = 1;
        double weight = 1;
        bool operator==(const Bin &) const = default;
    };

    Kind kind = Kind::Fixed;
    int value = 1;                         // fixed
    int min = 1;                           // uniform
    int max = 1;                           // uniform
    double mean = 1;                       // normal
    double stddev = 1;                     // normal
    std::optional<int> clampMin, clampMax; // normal
    std::vector<Bin> bins;                 // histogram

    static SizeDistribution fixed(int value);

    // Reads a number (fixed) or a {"distribution": ...} object; sizes must lie in lo..hi.
    // On failure returns nullopt and sets *error to a message that starts with `where`.
    static std::optional<SizeDistribution> parse(const nlohmann::json &value, const QString &where,
                                                 int lo, int hi, QString *error);
    // A fixed size is written as a plain number, anything else as the object parse() reads.
    nlohmann::json toJson() const;

    // The size of request `index`, 1 or more.
    int draw(std::uint64_t seed, std::int64_t index) const;
    // The expected size, for estimates and for code that needs one number.
    double expected() const;
    // The size a scenario holds as its nominal one: the expected size rounded, at least 1.
    int nominal() const;
    bool isFixed() const { return kind == Kind::Fixed; }
    bool operator==(const SizeDistribution &) const = default;
};

// Where a scenario's per-request sizes come from: its trace, its distributions, or its fixed
// prompt_tokens and max_output_tokens, in that order.
class Workload {
public:
    static int promptTokensFor(const Scenario &scenario, int requestIndex);
    static int maxOutputTokensFor(const Scenario &scenario, int requestIndex);
    // A trace scenario's arrival offsets as recorded (ns, ascending, the first at 0), before its
    // time scale; empty when the scenario has no trace.
    static std::vector<std::int64_t> traceOffsetsNs(const Scenario &scenario);
    // What a trace replay sets on its scenario (replay.trace loaded): the trace's mean sizes as
    // the nominal ones, no distributions, the open loop. The suite file and the suite form both
    // go through here; the requests are each one's own to check.
    static void replayTrace(Scenario &scenario, TraceReplay replay);
};

} // namespace ys
