#pragma once

// Prompt text of a known length for the simulator tests.
#include <QString>

namespace ys::test {

// `tokens` tokens of filler (each " word" is one o200k token).
inline QString filler(int tokens)
{
    QString text;
    for (int i = 0; i < tokens; ++i)
        text += QStringLiteral(" word");
    return text;
}

} // namespace ys::test
