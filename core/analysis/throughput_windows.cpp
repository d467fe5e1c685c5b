#include "analysis/throughput_windows.h"

#include <algorithm>

namespace ys {

ThroughputWindows::ThroughputWindows(int maxWindows)
    : m_maxWindows(std::max(2, maxWindows))
{
}

void ThroughputWindows::setMaxWindows(int maxWindows)
{
    m_maxWindows = std::max(2, maxWindows);
}

void ThroughputWindows::add(qint64 endNs, double tokens)
{
    const qint64 window = std::max<qint64>(0, endNs) / m_windowNs;
    m_tokens[window] += tokens;
    m_frontier = std::max(m_frontier, window);
    while (m_frontier - m_tokens.begin()->first + 1 > m_maxWindows) {
        std::map<qint64, double> wider;
        for (const auto &[w, n] : m_tokens)
            wider[w / 2] += n;
        m_tokens = std::move(wider);
        m_frontier /= 2;
        m_windowNs *= 2;
    }
}

std::vector<std::pair<double, double>> ThroughputWindows::points() const
{
    std::vector<std::pair<double, double>> out;
    if (m_tokens.empty())
        return out;
    const qint64 last = m_closed ? m_frontier : m_frontier - 1;
    const double windowS = double(m_windowNs) / 1e9;
    for (qint64 w = m_tokens.begin()->first; w <= last; ++w) {
        const auto it = m_tokens.find(w);
        const double tokens = it == m_tokens.end() ? 0 : it->second;
        out.emplace_back((double(w) + 0.5) * windowS, tokens / windowS);
    }
    return out;
}

} // namespace ys
