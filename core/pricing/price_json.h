#pragma once

#include "pricing/price.h"

#include <QString>
#include <nlohmann/json.hpp>

namespace ys {

// Prices in the price catalog's own JSON (genai-prices: input_mtok, output_mtok,
// cache_read_mtok, cache_write_mtok, requests_kcount, each a number or {base, tiers}; a list of
// {constraint, prices} for prices that change with the date or the time of day). The catalog
// reads its entries with it, and a session keeps the price it used in the same form.
namespace pricejson {

// The prices of a catalog model; nullopt with *error set (a path below `where`) when they are
// malformed. A price without input and output figures (an embedding model, an empty entry) is
// read with zeros: hasTextPrice() tells.
std::optional<Price> read(const nlohmann::json &prices, const QString &where, QString *error);
bool hasTextPrice(const nlohmann::json &prices);
nlohmann::json write(const Price &price);

// A resolved price with where it came from: {"source", "catalog_entry", "catalog_date",
// "prices"}.
nlohmann::json writeResolved(const Price &price);
std::optional<Price> readResolved(const nlohmann::json &j, const QString &where, QString *error);

} // namespace pricejson

} // namespace ys
