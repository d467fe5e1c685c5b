#pragma once

#include <QString>
#include <optional>

namespace ys {

// The tiktoken encodings Yardstick tokenizes exactly.
enum class Encoding { Cl100kBase, O200kBase };

inline QString encodingName(Encoding encoding)
{
    return encoding == Encoding::Cl100kBase ? QStringLiteral("cl100k_base")
                                            : QStringLiteral("o200k_base");
}

inline std::optional<Encoding> encodingFromName(QStringView name)
{
    if (name == QLatin1StringView("cl100k_base"))
        return Encoding::Cl100kBase;
    if (name == QLatin1StringView("o200k_base"))
        return Encoding::O200kBase;
    return std::nullopt;
}

} // namespace ys
