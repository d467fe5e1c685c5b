// Pareto fronts (2-D and k-D), the knee and the steep and flat segments, checked against
// hand-worked fixtures (tests/fixtures/pareto/) and, on random points, against the definition
// applied pair by pair; and the provider-level front built from a session summary.
#include "analysis/pareto.h"
#include "fixture_json.h"
#include "models/pareto_model.h"
#include "test_main.h"

#include <QTest>
#include <cmath>
#include <nlohmann/json.hpp>
#include <random>

using namespace ys;
using nlohmann::json;

namespace {

json paretoFixture(const char *name)
{
    return test::readFixtureJson(QStringLiteral("pareto/") + QLatin1StringView(name));
}

void addRows(const char *fixture)
{
    const json doc = paretoFixture(fixture);
    QVERIFY(doc.contains("cases") && !doc["cases"].empty());
    test::addJsonCaseRows("caseJson", doc["cases"]);
}

// The definition, pair by pair: what the fast fronts must agree with.
std::vector<int> bruteForce(const std::vector<std::vector<double>> &pts, std::size_t k)
{
    std::vector<int> front;
    for (std::size_t i = 0; i < pts.size(); ++i) {
        bool beaten = false;
        for (std::size_t j = 0; j < pts.size() && !beaten; ++j) {
            bool noWorse = true, better = false;
            for (std::size_t d = 0; d < k; ++d) {
                noWorse = noWorse && pts[j][d] <= pts[i][d];
                better = better || pts[j][d] < pts[i][d];
            }
            beaten = noWorse && better;
        }
        if (!beaten)
            front.push_back(int(i));
    }
    return front;
}

std::vector<int> sorted(std::vector<int> v)
{
    std::sort(v.begin(), v.end());
    return v;
}

ProviderSummary paretoProvider(const QString &name, std::optional<double> e2eP95,
                               std::optional<std::pair<double, double>> ci = std::nullopt)
{
    ProviderSummary p;
    p.name = name;
    p.e2eMs.p95 = e2eP95;
    p.e2eMs.p95Ci = ci;
    p.e2eMs.p50 = e2eP95 ? std::optional<double>(*e2eP95 / 2) : std::nullopt;
    return p;
}

} // namespace

class TstPareto : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void front2d_data() { addRows("fronts_2d.json"); }

    void front2d()
    {
        QFETCH(QByteArray, caseJson);
        const json c = json::parse(caseJson.toStdString());
        std::vector<ParetoPoint> pts;
        for (const auto &p : c["points"])
            pts.push_back({p[0].get<double>(), p[1].get<double>()});
        const std::vector<int> front = paretoFront(pts);
        QCOMPARE(front, c["front"].get<std::vector<int>>());

        const auto knee = paretoKnee(pts, front);
        QCOMPARE(knee.has_value(), !c["knee"].is_null());
        if (knee)
            QCOMPARE(front[std::size_t(*knee)], c["knee"].get<int>());

        const auto segments = paretoSegments(pts, front);
        QCOMPARE(segments.size(), c["segments"].size());
        for (std::size_t i = 0; i < segments.size(); ++i) {
            const json &e = c["segments"][i];
            QCOMPARE(front[std::size_t(segments[i].from)], e["from"].get<int>());
            QCOMPARE(front[std::size_t(segments[i].to)], e["to"].get<int>());
            QVERIFY2(std::abs(segments[i].slope - e["slope"].get<double>()) < 1e-9,
                     QByteArray::number(segments[i].slope, 'g', 17));
            QCOMPARE(segmentShapeName(segments[i].shape).toStdString(),
                     e["shape"].get<std::string>());
        }
    }

    void frontKd_data() { addRows("fronts_kd.json"); }

    void frontKd()
    {
        QFETCH(QByteArray, caseJson);
        const json c = json::parse(caseJson.toStdString());
        std::vector<Direction> dirs;
        for (const auto &d : c["directions"])
            dirs.push_back(d == "higher" ? Direction::Higher : Direction::Lower);
        std::vector<std::vector<double>> pts;
        for (const auto &p : c["points"]) {
            std::vector<double> row;
            for (const auto &v : p)
                row.push_back(test::numberOrNan(v));
            pts.push_back(row);
        }
        QCOMPARE(paretoFrontKd(pts, dirs), c["front"].get<std::vector<int>>());
    }

    // Random clouds, with coarse values so that ties on one or both axes are common.
    void matchesBruteForce()
    {
        std::mt19937_64 rng(20261201);
        for (int round = 0; round < 300; ++round) {
            const std::size_t n = 1 + rng() % 60;
            const int grid = 2 + int(rng() % 12);
            for (std::size_t k : {std::size_t(2), std::size_t(3), std::size_t(4)}) {
                std::vector<std::vector<double>> pts(n, std::vector<double>(k));
                for (auto &row : pts) {
                    for (double &v : row)
                        v = double(rng() % std::uint64_t(grid));
                }
                const std::vector<int> expected = bruteForce(pts, k);
                const std::vector<Direction> lower(k, Direction::Lower);
                QCOMPARE(sorted(paretoFrontKd(pts, lower)), expected);
                // Flipping an objective's sign and its direction changes nothing.
                auto flipped = pts;
                std::vector<Direction> dirs = lower;
                dirs[k - 1] = Direction::Higher;
                for (auto &row : flipped)
                    row[k - 1] = -row[k - 1];
                QCOMPARE(sorted(paretoFrontKd(flipped, dirs)), expected);
                if (k == 2) {
                    std::vector<ParetoPoint> plane;
                    for (const auto &row : pts)
                        plane.push_back({row[0], row[1]});
                    const std::vector<int> front = paretoFront(plane);
                    QCOMPARE(sorted(front), expected);
                    // Ascending cost, then latency, then index.
                    for (std::size_t i = 1; i < front.size(); ++i) {
                        const auto &a = plane[std::size_t(front[i - 1])];
                        const auto &b = plane[std::size_t(front[i])];
                        QVERIFY(a.cost < b.cost || (a.cost == b.cost && front[i - 1] < front[i]));
                    }
                }
            }
        }
    }

    // Past a few thousand points a sample's front first drops what it beats: the result must
    // not change, for clouds where it drops nearly everything and where it drops nothing.
    void largeCloudsMatchBruteForce()
    {
        std::mt19937_64 rng(7);
        std::uniform_real_distribution<double> u(0, 1);
        for (int shape = 0; shape < 3; ++shape) {
            std::vector<ParetoPoint> pts(6000);
            for (auto &p : pts) {
                const double c = std::round(u(rng) * 400) / 400; // ties on cost are common
                if (shape == 0)
                    p = {c, std::round(u(rng) * 400)};
                else if (shape == 1)
                    p = {c, std::round((1 - c) * 400)}; // anti-correlated: a long front
                else
                    p = {c, std::round(c * 300 + u(rng) * 100)};
            }
            std::vector<int> expected;
            for (std::size_t i = 0; i < pts.size(); ++i) {
                bool beaten = false;
                for (std::size_t j = 0; j < pts.size() && !beaten; ++j)
                    beaten = pts[j].cost <= pts[i].cost && pts[j].latency <= pts[i].latency &&
                             (pts[j].cost < pts[i].cost || pts[j].latency < pts[i].latency);
                if (!beaten)
                    expected.push_back(int(i));
            }
            const std::vector<int> front = paretoFront(pts);
            QCOMPARE(sorted(front), expected);
            for (std::size_t i = 1; i < front.size(); ++i) {
                const auto &a = pts[std::size_t(front[i - 1])];
                const auto &b = pts[std::size_t(front[i])];
                QVERIFY(a.cost < b.cost || (a.cost == b.cost && front[i - 1] < front[i]));
            }
        }
    }

    void nonFinitePointsStayOff()
    {
        const std::vector<ParetoPoint> pts{{std::nan(""), 1}, {1, 2}, {0, INFINITY}, {2, 1}};
        QCOMPARE(paretoFront(pts), (std::vector<int>{1, 3}));
    }

    void latencyFigureNames()
    {
        for (LatencyFigure f : {LatencyFigure::Gated, LatencyFigure::E2eP50, LatencyFigure::E2eP95,
                                LatencyFigure::E2eP99, LatencyFigure::TtftP50,
                                LatencyFigure::TtftP95, LatencyFigure::TtftP99})
            QCOMPARE(latencyFigureFromName(latencyFigureName(f)), std::optional<LatencyFigure>(f));
        QVERIFY(!latencyFigureFromName(QStringLiteral("e2e_p42")));
    }

    void providerFigures()
    {
        ProviderSummary p = paretoProvider(QStringLiteral("A"), 300, std::pair{280.0, 330.0});
        p.ttftMs.p50 = 90;
        p.ttftMs.p95 = 150;
        p.ttftMs.p95Ci = std::pair{140.0, 170.0};
        QCOMPARE(latencyFigureOf(p, LatencyFigure::Gated), std::optional<double>(300));
        QCOMPARE(latencyFigureOf(p, LatencyFigure::E2eP50), std::optional<double>(150));
        QCOMPARE(latencyFigureOf(p, LatencyFigure::TtftP95), std::optional<double>(150));
        QCOMPARE(latencyFigureCi(p, LatencyFigure::TtftP95), p.ttftMs.p95Ci);
        QCOMPARE(latencyFigureCi(p, LatencyFigure::Gated), p.e2eMs.p95Ci);
        QVERIFY(!latencyFigureCi(p, LatencyFigure::TtftP50)); // only the P95 has an interval
        QVERIFY(!latencyFigureOf(p, LatencyFigure::E2eP99));
    }

    // The model a chart reads: a row per placed provider, the flags of the front and the knee.
    void model()
    {
        const json c = paretoFixture("fronts_2d.json")["cases"][0]; // "classic"
        ParetoAnalysis a;
        std::vector<ParetoPoint> pts;
        for (const auto &p : c["points"]) {
            pts.push_back({p[0].get<double>(), p[1].get<double>()});
            a.points.push_back({QStringLiteral("P%1").arg(a.points.size()), pts.back().cost,
                                pts.back().latency, std::pair{0.9, 1.1}, std::nullopt});
        }
        a.front = paretoFront(pts);
        a.knee = a.front[std::size_t(*paretoKnee(pts, a.front))];
        for (ParetoSegment s : paretoSegments(pts, a.front)) {
            s.from = a.front[std::size_t(s.from)];
            s.to = a.front[std::size_t(s.to)];
            a.segments.push_back(s);
        }
        ParetoModel m;
        m.setAnalysis(a);
        QCOMPARE(m.rowCount(), 6);
        QCOMPARE(m.columnCount(), int(ParetoModel::ColumnCount));
        auto value = [&](int row, int col) {
            return m.data(m.index(row, col), ParetoModel::ValueRole);
        };
        QCOMPARE(value(1, ParetoModel::LatencyColumn).toDouble(), 200.0);
        QCOMPARE(value(1, ParetoModel::UsdPer1kHighColumn).toDouble(), 1.1);
        QVERIFY(!value(1, ParetoModel::LatencyLowColumn).isValid());
        QCOMPARE(m.data(m.index(1, ParetoModel::LatencyLowColumn)).toString(), QStringLiteral("—"));
        QVERIFY(value(0, ParetoModel::FrontColumn).toBool());
        QVERIFY(!value(4, ParetoModel::FrontColumn).toBool());
        QVERIFY(value(1, ParetoModel::KneeColumn).toBool());
        QVERIFY(!value(0, ParetoModel::KneeColumn).toBool());
        QCOMPARE(value(0, ParetoModel::SegmentColumn).toString(), QStringLiteral("steep"));
        QCOMPARE(value(2, ParetoModel::SegmentColumn).toString(), QStringLiteral("flat"));
        QVERIFY(!value(3, ParetoModel::SegmentColumn).isValid()); // the front's last point
        QVERIFY(!m.headerData(ParetoModel::KneeColumn, Qt::Horizontal).toString().isEmpty());
    }

    // Measured $ per 1K against the gated E2E P95 (or another figure), each with its interval.
    void sessionFront()
    {
        SessionSummary s;
        const double cost[] = {1.0, 2.0, 3.0, 5.0, 2.5};
        const double latency[] = {400, 200, 150, 140, 300};
        for (int i = 0; i < 5; ++i) {
            ProviderSummary p = paretoProvider(QStringLiteral("P%1").arg(i), latency[i],
                                               std::pair{latency[i] - 10, latency[i] + 10});
            p.usdPer1kMeasured = cost[i];
            p.usdPer1kMeasuredCi = std::pair{cost[i] * 0.9, cost[i] * 1.1};
            s.providers.push_back(p);
        }
        s.providers.push_back(paretoProvider(QStringLiteral("no cost"), 100));
        const ParetoAnalysis a = paretoOf(s);
        QCOMPARE(a.points.size(), std::size_t(5));
        QCOMPARE(a.unplaced, std::vector<QString>{QStringLiteral("no cost")});
        QCOMPARE(a.front, (std::vector<int>{0, 1, 2, 3}));
        QCOMPARE(a.knee, std::optional<int>(1));
        QCOMPARE(a.segments.size(), std::size_t(3));
        QCOMPARE(a.segments[0].shape, SegmentShape::Steep);
        QCOMPARE(a.segments[2].from, 2);
        QCOMPARE(a.segments[2].shape, SegmentShape::Flat);
        QCOMPARE(a.points[4].latencyCi, (std::optional<std::pair<double, double>>({290, 310})));
        QCOMPARE(a.points[4].usdPer1kCi->second, 2.5 * 1.1);
        // On the E2E P50 (half the P95 here) the front is the same; P50 has no interval.
        const ParetoAnalysis median = paretoOf(s, LatencyFigure::E2eP50);
        QCOMPARE(median.front, a.front);
        QVERIFY(!median.points[0].latencyCi);
    }

    void providersWithoutCostAreUnplaced()
    {
        SessionSummary s;
        s.providers.push_back(paretoProvider(QStringLiteral("A"), 300));
        s.providers.push_back(paretoProvider(QStringLiteral("B"), std::nullopt));
        const ParetoAnalysis a = paretoOf(s);
        for (const ParetoEntry &e : a.points)
            QVERIFY(e.provider != QLatin1String("B")); // no latency: never a point at 0
        QVERIFY(std::find(a.unplaced.begin(), a.unplaced.end(), QStringLiteral("B")) !=
                a.unplaced.end());
    }
};

YS_TEST_GUILESS_MAIN(TstPareto)
#include "tst_pareto.moc"
