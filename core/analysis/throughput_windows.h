#pragma once

#include <QtGlobal>
#include <map>
#include <utility>
#include <vector>

namespace ys {

// Output tokens per second over a run, by window: each attempt's output tokens count in the
// window its end falls in (one second wide to begin with). Past maxWindows windows from the
// first, every window doubles in width, so a series stays bounded however long the run. The
// live Run page and the Server metrics view draw the same windows from the same attempts.
class ThroughputWindows {
public:
    static constexpr qint64 kFirstWindowNs = 1'000'000'000;

    explicit ThroughputWindows(int maxWindows = 5000);

    // An attempt that ended endNs after the clock's origin (clamped at 0) with tokens output.
    void add(qint64 endNs, double tokens);
    // Every window is complete: the newest is drawn too.
    void close() { m_closed = true; }
    // The bound on windows (at least 2), applied to the next add().
    void setMaxWindows(int maxWindows);

    // (the window's middle in s, output tokens per second) of each complete window from the
    // first to the newest; the newest is left out until a later one starts or close() is
    // called. Windows with nothing in between are 0 tokens/s, so a stall shows.
    std::vector<std::pair<double, double>> points() const;
    qint64 windowNs() const { return m_windowNs; }
    bool empty() const { return m_tokens.empty(); }

private:
    int m_maxWindows;
    qint64 m_windowNs = kFirstWindowNs;
    std::map<qint64, double> m_tokens; // window index → output tokens of attempts ending in it
    qint64 m_frontier = -1;            // the newest window an attempt ended in
    bool m_closed = false;
};

} // namespace ys
