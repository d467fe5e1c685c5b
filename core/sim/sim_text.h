#pragma once

#include <QString>
#include <QStringView>
#include <cstdint>
#include <random>

namespace ys {

// Derives the seed of one random stream of one request from the profile seed and the request
// number. Separate streams (timing, text, ids) keep the answer text identical when only the
// timing figures of a profile change.
std::uint64_t simStreamSeed(std::uint64_t profileSeed, std::uint64_t requestNumber,
                            std::uint64_t stream);

// A stable 64-bit hash of a string (FNV-1a over UTF-8); qHash is salted per process, and the
// simulator's ids and fingerprints must be the same on every run.
std::uint64_t simStableHash(QStringView text);

// The simulator's random source: std::mt19937_64 plus distributions written out here, because the
// standard library's distributions may differ between implementations and the simulated figures
// must be reproducible from a seed everywhere.
class SimRandom {
public:
    explicit SimRandom(std::uint64_t seed)
        : m_engine(seed)
    {
    }

    std::uint64_t next() { return m_engine(); }
    double uniform01();                // [0, 1)
    int uniformInt(int low, int high); // [low, high], inclusive
    double normal();                   // N(0, 1)

private:
    std::mt19937_64 m_engine;
    double m_spareNormal = 0;
    bool m_hasSpare = false;
};

// Deterministic pseudo-text for simulated answers. One call to next() yields one "token": mostly
// an English word with its leading space, sometimes punctuation, a Chinese word or an emoji, so
// that clients see multi-byte UTF-8 split across events exactly as real providers send it.
class SimText {
public:
    SimText(std::uint64_t profileSeed, std::uint64_t requestNumber);

    QString next();
    QString take(int tokens);

private:
    void startSentence();

    SimRandom m_random;
    int m_sentenceLeft = -1; // words left in the open sentence; -1: between sentences
    bool m_chinese = false;
    bool m_sentenceStart = true;
    bool m_lineStart = true;
};

} // namespace ys
