#pragma once

#include <optional>
#include <vector>

namespace ys {

// Whether two samples (latencies, say) differ, and by how much: the Mann–Whitney U test, the
// Hodges–Lehmann shift with its distribution-free 95% interval, and Holm's correction for a
// table of such comparisons. The definitions are in docs/measurements.md ("Comparing two
// samples"); the tests check them against SciPy on committed fixtures.

// The Mann–Whitney U test of x against y, two-sided.
struct MannWhitney {
    double u1 = 0;      // U of x: the pairs (x_i, y_j) with x_i > y_j, ties counting one half
    double pValue = 1;  // two-sided
    bool exact = false; // the exact null distribution was used, not the normal approximation
};

enum class MannWhitneyMethod {
    Automatic,  // exact when either sample has at most 8 values and there are no ties
    Asymptotic, // normal approximation with tie and continuity corrections
    Exact,      // exact null distribution (ties are ignored by it)
};

// Empty when either sample is empty.
std::optional<MannWhitney> mannWhitneyU(const std::vector<double> &x, const std::vector<double> &y,
                                        MannWhitneyMethod method = MannWhitneyMethod::Automatic);

// The Hodges–Lehmann estimate of the shift x − y and its 95% confidence interval.
struct ShiftEstimate {
    double estimate = 0;
    // Empty when the samples are too small for any interval to reach 95%.
    std::optional<double> ciLow;
    std::optional<double> ciHigh;
};

// Empty when either sample is empty.
std::optional<ShiftEstimate> hodgesLehmann(const std::vector<double> &x,
                                           const std::vector<double> &y);

// One comparison of two samples: how much larger x is than y, how sure that is, and (once
// holmAdjust has run over a table of them) the p-value corrected for the table.
struct Comparison {
    double difference = 0; // Hodges–Lehmann estimate of x − y
    std::optional<double> ciLow;
    std::optional<double> ciHigh;
    double pValue = 1;
    double adjustedPValue = 1; // equal to pValue until a table is corrected
    int n1 = 0;
    int n2 = 0;
};

// Empty when either sample is empty.
std::optional<Comparison> compareSamples(const std::vector<double> &x,
                                         const std::vector<double> &y);

// Holm's step-down adjusted p-values, in the order given.
std::vector<double> holmAdjust(const std::vector<double> &pValues);
// The same over a table of comparisons, filling in their adjustedPValue.
void holmAdjust(std::vector<Comparison> &comparisons);

} // namespace ys
