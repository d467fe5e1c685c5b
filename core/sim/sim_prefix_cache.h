#pragma once

#include <QStringView>
#include <cstdint>
#include <list>
#include <unordered_map>

namespace ys {

// The prompt-prefix cache of one simulated profile. A prompt is cut into blocks of kBlockChars
// characters; the hash of every block-aligned prefix is remembered (least recently used first
// to go), and a later prompt that starts with a remembered prefix reports that prefix's tokens
// as cached, as providers with automatic prefix caching do.
class SimPrefixCache {
public:
    static constexpr qsizetype kBlockChars = 512;

    explicit SimPrefixCache(int maxPrefixes = 100000);

    // The length in characters of the longest remembered prefix of prompt (0: none); then
    // remembers every block-aligned prefix of prompt.
    qsizetype lookupAndInsert(QStringView prompt);
    std::size_t size() const { return m_lru.size(); }

private:
    void touch(std::uint64_t hash);

    std::size_t m_maxPrefixes;
    std::list<std::uint64_t> m_lru; // most recent first
    std::unordered_map<std::uint64_t, std::list<std::uint64_t>::iterator> m_index;
};

} // namespace ys
