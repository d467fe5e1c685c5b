#pragma once

#include <algorithm>
#include <functional>
#include <iterator>

namespace ys {

// The position of the first element of items whose projection (a member, or a member function
// taking no arguments) equals value, or -1 when none does: the row lookup of the table and chart
// models, e.g. indexOf(rows, provider, &Row::provider).
template <typename Range, typename Value, typename Projection>
int indexOf(const Range &items, const Value &value, Projection projection)
{
    const auto it = std::ranges::find(items, value, projection);
    return it == std::ranges::end(items)
               ? -1
               : int(std::ranges::distance(std::ranges::begin(items), it));
}

} // namespace ys
