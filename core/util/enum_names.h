#pragma once

#include <QLatin1StringView>
#include <QString>
#include <QStringView>
#include <cstddef>
#include <optional>

namespace ys {

// One value of an enum and the name it is stored, printed or given on the command line as.
template <typename Enum> struct EnumName {
    Enum value;
    const char *name;
};

// The name TABLE gives VALUE; empty when it has none. One table serves both directions.
template <typename Enum, std::size_t N> QString nameIn(const EnumName<Enum> (&table)[N], Enum value)
{
    for (const EnumName<Enum> &e : table) {
        if (e.value == value)
            return QString::fromLatin1(e.name);
    }
    return {};
}

// The value TABLE names NAME; nullopt for a name it does not have.
template <typename Enum, std::size_t N>
std::optional<Enum> valueIn(const EnumName<Enum> (&table)[N], QStringView name)
{
    for (const EnumName<Enum> &e : table) {
        if (name == QLatin1StringView(e.name))
            return e.value;
    }
    return std::nullopt;
}

} // namespace ys
