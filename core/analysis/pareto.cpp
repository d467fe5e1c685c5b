#include "analysis/pareto.h"

#include "analysis/gates.h"
#include "util/enum_names.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ys {

namespace {

bool finite(const ParetoPoint &p)
{
    return std::isfinite(p.cost) && std::isfinite(p.latency);
}

// A point with its index: contiguous keys sort several times faster than indices into the
// points (the benchmark's 1M points must take well under 200 ms).
struct Keyed {
    double cost;
    double latency;
    int index;
};

// The finite points sorted by the key the fronts are reported in: cost, then latency, then
// index.
std::vector<Keyed> sortedByCost(const std::vector<ParetoPoint> &points)
{
    std::vector<Keyed> order;
    order.reserve(points.size());
    for (int i = 0; i < int(points.size()); ++i) {
        const ParetoPoint &p = points[std::size_t(i)];
        if (finite(p))
            order.push_back({p.cost, p.latency, i});
    }
    std::sort(order.begin(), order.end(), [](const Keyed &x, const Keyed &y) {
        if (x.cost != y.cost)
            return x.cost < y.cost;
        if (x.latency != y.latency)
            return x.latency < y.latency;
        return x.index < y.index;
    });
    return order;
}

// The objectives of a row turned so that lower is better everywhere.
double oriented(double v, Direction d)
{
    return d == Direction::Lower ? v : -v;
}

bool rowUsable(const std::vector<double> &row, std::size_t k)
{
    return row.size() == k &&
           std::all_of(row.begin(), row.end(), [](double v) { return !std::isnan(v); });
}

// Whether a (oriented) beats b: no worse anywhere, better somewhere.
bool dominates(const std::vector<double> &a, const std::vector<double> &b,
               const std::vector<Direction> &dirs)
{
    bool better = false;
    for (std::size_t i = 0; i < dirs.size(); ++i) {
        const double x = oriented(a[i], dirs[i]);
        const double y = oriented(b[i], dirs[i]);
        if (x > y)
            return false;
        better = better || x < y;
    }
    return better;
}

// Front points scaled to [0, 1] on both axes over the front; empty when the front's ends do
// not differ on both (a single point, or ties).
std::vector<ParetoPoint> normalisedFront(const std::vector<ParetoPoint> &points,
                                         const std::vector<int> &front)
{
    if (front.size() < 2)
        return {};
    const ParetoPoint &first = points[std::size_t(front.front())];
    const ParetoPoint &last = points[std::size_t(front.back())];
    const double costRange = last.cost - first.cost;
    const double latencyRange = first.latency - last.latency;
    if (!(costRange > 0) || !(latencyRange > 0))
        return {};
    std::vector<ParetoPoint> scaled;
    scaled.reserve(front.size());
    for (int i : front) {
        const ParetoPoint &p = points[std::size_t(i)];
        scaled.push_back(
            {(p.cost - first.cost) / costRange, (p.latency - last.latency) / latencyRange});
    }
    return scaled;
}

// The front by one sort and one sweep.
std::vector<int> sweptFront(const std::vector<ParetoPoint> &points)
{
    // Sweep by ascending cost: a point is beaten by a cheaper one with no more latency, or by
    // one as cheap with less. Equal cost forms a group; its fastest points survive when every
    // cheaper group was slower.
    const std::vector<Keyed> order = sortedByCost(points);
    std::vector<int> front;
    double bestLatency = std::numeric_limits<double>::infinity(); // of the cheaper groups
    std::size_t i = 0;
    while (i < order.size()) {
        const Keyed &head = order[i];
        std::size_t end = i + 1;
        while (end < order.size() && order[end].cost == head.cost)
            ++end;
        // Sorted by latency within the group: the head is the fastest.
        if (head.latency < bestLatency) {
            for (std::size_t j = i; j < end && order[j].latency == head.latency; ++j)
                front.push_back(order[j].index);
            bestLatency = head.latency;
        }
        i = end;
    }
    return front;
}

// Above this many points a first pass drops the points a sample's front already beats.
constexpr std::size_t kPrefilterFrom = 4096;
constexpr std::size_t kPrefilterSample = 1024;

// The points no point of a sample's front beats. On most clouds that leaves a small share to
// sort; when nearly every point is on the front (an anti-correlated cloud) it leaves them all,
// at the cost of one binary search each.
std::vector<ParetoPoint> prefiltered(const std::vector<ParetoPoint> &points,
                                     std::vector<int> &indices)
{
    const std::size_t step = points.size() / kPrefilterSample;
    std::vector<ParetoPoint> sample;
    for (std::size_t i = 0; i < points.size(); i += step)
        sample.push_back(points[i]);
    std::vector<ParetoPoint> front; // ascending cost, descending latency
    for (int i : sweptFront(sample))
        front.push_back(sample[std::size_t(i)]);
    std::vector<ParetoPoint> kept;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const ParetoPoint &p = points[i];
        // The fastest sample-front point no dearer than p is the one that could beat it.
        auto it = std::upper_bound(front.begin(), front.end(), p.cost,
                                   [](double c, const ParetoPoint &q) { return c < q.cost; });
        if (it != front.begin()) {
            const ParetoPoint &q = *(it - 1);
            if (q.latency <= p.latency && (q.cost < p.cost || q.latency < p.latency))
                continue;
        }
        kept.push_back(p);
        indices.push_back(int(i));
    }
    return kept;
}

} // namespace

std::vector<int> paretoFront(const std::vector<ParetoPoint> &points)
{
    if (points.size() < kPrefilterFrom)
        return sweptFront(points);
    std::vector<int> indices;
    const std::vector<ParetoPoint> kept = prefiltered(points, indices);
    std::vector<int> front = sweptFront(kept);
    for (int &i : front)
        i = indices[std::size_t(i)];
    return front;
}

std::vector<int> paretoFrontKd(const std::vector<std::vector<double>> &points,
                               const std::vector<Direction> &directions)
{
    const std::size_t k = directions.size();
    if (k == 0)
        return {};
    if (k == 2) {
        // The sweep, on the oriented values; unusable rows get NaN and stay off the front.
        std::vector<ParetoPoint> flat(points.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            flat[i] = rowUsable(points[i], k) ? ParetoPoint{oriented(points[i][0], directions[0]),
                                                            oriented(points[i][1], directions[1])}
                                              : ParetoPoint{std::nan(""), std::nan("")};
        }
        return paretoFront(flat);
    }
    std::vector<int> order;
    for (int i = 0; i < int(points.size()); ++i) {
        if (rowUsable(points[std::size_t(i)], k))
            order.push_back(i);
    }
    // In this order only an earlier point can beat a later one, and whatever beats a point is
    // itself beaten only by a front point: comparing with the front so far is enough.
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        for (std::size_t d = 0; d < k; ++d) {
            const double x = oriented(points[std::size_t(a)][d], directions[d]);
            const double y = oriented(points[std::size_t(b)][d], directions[d]);
            if (x != y)
                return x < y;
        }
        return a < b;
    });
    std::vector<int> front;
    for (int i : order) {
        const auto &row = points[std::size_t(i)];
        const bool beaten = std::any_of(front.begin(), front.end(), [&](int f) {
            return dominates(points[std::size_t(f)], row, directions);
        });
        if (!beaten)
            front.push_back(i);
    }
    return front;
}

std::optional<int> paretoKnee(const std::vector<ParetoPoint> &points, const std::vector<int> &front)
{
    const std::vector<ParetoPoint> scaled = normalisedFront(points, front);
    std::optional<int> knee;
    double farthest = 0;
    for (std::size_t i = 0; i < scaled.size(); ++i) {
        // The chord runs from (0, 1) to (1, 0): its distance below it is (1 − x − y)/√2.
        const double below = 1.0 - scaled[i].cost - scaled[i].latency;
        if (below > farthest + 1e-12) {
            farthest = below;
            knee = int(i);
        }
    }
    return knee;
}

std::vector<ParetoSegment> paretoSegments(const std::vector<ParetoPoint> &points,
                                          const std::vector<int> &front, SegmentRule rule)
{
    const std::vector<ParetoPoint> scaled = normalisedFront(points, front);
    std::vector<ParetoSegment> segments;
    std::size_t from = 0;
    for (std::size_t to = 1; to < scaled.size(); ++to) {
        const double dCost = scaled[to].cost - scaled[from].cost;
        if (!(dCost > 0))
            continue; // a tie of the previous point: the same place on the plane
        ParetoSegment s;
        s.from = int(from);
        s.to = int(to);
        s.slope = (scaled[from].latency - scaled[to].latency) / dCost;
        s.shape = s.slope >= rule.steepAtLeast ? SegmentShape::Steep
                  : s.slope <= rule.flatAtMost ? SegmentShape::Flat
                                               : SegmentShape::Even;
        segments.push_back(s);
        from = to;
    }
    return segments;
}

namespace {

constexpr EnumName<SegmentShape> kSegmentShapeNames[] = {
    {SegmentShape::Steep, "steep"}, {SegmentShape::Flat, "flat"}, {SegmentShape::Even, "even"}};

} // namespace

QString segmentShapeName(SegmentShape shape)
{
    return nameIn(kSegmentShapeNames, shape);
}

namespace {

constexpr EnumName<LatencyFigure> kLatencyFigureNames[] = {
    {LatencyFigure::Gated, "e2e_p95_gated"}, {LatencyFigure::E2eP50, "e2e_p50"},
    {LatencyFigure::E2eP95, "e2e_p95"},      {LatencyFigure::E2eP99, "e2e_p99"},
    {LatencyFigure::TtftP50, "ttft_p50"},    {LatencyFigure::TtftP95, "ttft_p95"},
    {LatencyFigure::TtftP99, "ttft_p99"},
};

const Distribution &distributionFor(const ProviderSummary &p, LatencyFigure figure)
{
    switch (figure) {
    case LatencyFigure::Gated:
        return Gates::gatedLatency(p);
    case LatencyFigure::TtftP50:
    case LatencyFigure::TtftP95:
    case LatencyFigure::TtftP99:
        return p.ttftMs;
    default:
        return p.e2eMs;
    }
}

} // namespace

QString latencyFigureName(LatencyFigure figure)
{
    return nameIn(kLatencyFigureNames, figure);
}

std::optional<LatencyFigure> latencyFigureFromName(const QString &name)
{
    return valueIn(kLatencyFigureNames, name);
}

std::optional<double> latencyFigureOf(const ProviderSummary &p, LatencyFigure figure)
{
    const Distribution &d = distributionFor(p, figure);
    switch (figure) {
    case LatencyFigure::E2eP50:
    case LatencyFigure::TtftP50:
        return d.p50;
    case LatencyFigure::E2eP99:
    case LatencyFigure::TtftP99:
        return d.p99;
    default:
        return d.p95;
    }
}

std::optional<std::pair<double, double>> latencyFigureCi(const ProviderSummary &p,
                                                         LatencyFigure figure)
{
    switch (figure) {
    case LatencyFigure::Gated:
    case LatencyFigure::E2eP95:
    case LatencyFigure::TtftP95:
        return distributionFor(p, figure).p95Ci;
    default:
        return std::nullopt; // only the P95 carries an interval (order statistics)
    }
}

ParetoAnalysis paretoOf(const SessionSummary &summary, LatencyFigure figure)
{
    ParetoAnalysis a;
    a.latencyFigure = figure;
    std::vector<ParetoPoint> plane;
    for (const ProviderSummary &p : summary.providers) {
        const std::optional<double> cost = p.usdPer1kMeasured;
        const std::optional<double> latency = latencyFigureOf(p, figure);
        if (!cost || !latency) {
            a.unplaced.push_back(p.name);
            continue;
        }
        a.points.push_back(
            {p.name, *cost, *latency, p.usdPer1kMeasuredCi, latencyFigureCi(p, figure)});
        plane.push_back({*cost, *latency});
    }
    a.front = paretoFront(plane);
    if (const auto knee = paretoKnee(plane, a.front))
        a.knee = a.front[std::size_t(*knee)];
    a.segments = paretoSegments(plane, a.front);
    for (ParetoSegment &s : a.segments) {
        s.from = a.front[std::size_t(s.from)];
        s.to = a.front[std::size_t(s.to)];
    }
    return a;
}

} // namespace ys
