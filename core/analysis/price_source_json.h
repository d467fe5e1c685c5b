#pragma once

#include "pricing/price.h"

#include <QCoreApplication>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace ys {

// A provider's price as show --json and the command line's text show it: the figures, where
// they came from (catalog, suite or both), the catalog entry and the catalog's date.
nlohmann::json providerPriceJson(const std::optional<Price> &price);

class PriceSourceText {
    Q_DECLARE_TR_FUNCTIONS(ys::PriceSourceText)
public:
    static QString line(const std::optional<Price> &price);
};

} // namespace ys
