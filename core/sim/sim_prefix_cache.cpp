#include "sim/sim_prefix_cache.h"

#include <vector>

namespace ys {

SimPrefixCache::SimPrefixCache(int maxPrefixes)
    : m_maxPrefixes(std::size_t(maxPrefixes > 0 ? maxPrefixes : 1))
{
}

qsizetype SimPrefixCache::lookupAndInsert(QStringView prompt)
{
    // FNV-1a over the UTF-16 code units, read off at every block boundary; the length is mixed
    // in so that prefixes of different lengths never share a hash by construction.
    std::vector<std::uint64_t> hashes;
    hashes.reserve(std::size_t(prompt.size() / kBlockChars));
    std::uint64_t hash = 0xCBF29CE484222325ULL;
    for (qsizetype i = 0; i < prompt.size(); ++i) {
        hash ^= prompt[i].unicode();
        hash *= 0x100000001B3ULL;
        if ((i + 1) % kBlockChars == 0)
            hashes.push_back(hash ^ (std::uint64_t(i + 1) * 0x9E3779B97F4A7C15ULL));
    }
    qsizetype cached = 0;
    for (std::size_t k = hashes.size(); k > 0; --k) {
        if (m_index.count(hashes[k - 1])) {
            cached = qsizetype(k) * kBlockChars;
            break;
        }
    }
    for (const std::uint64_t h : hashes)
        touch(h);
    return cached;
}

void SimPrefixCache::touch(std::uint64_t hash)
{
    if (const auto it = m_index.find(hash); it != m_index.end()) {
        m_lru.splice(m_lru.begin(), m_lru, it->second);
        return;
    }
    m_lru.push_front(hash);
    m_index.emplace(hash, m_lru.begin());
    while (m_lru.size() > m_maxPrefixes) {
        m_index.erase(m_lru.back());
        m_lru.pop_back();
    }
}

} // namespace ys
