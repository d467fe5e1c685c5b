#include "pricing/price_json.h"

#include "pricing/price_catalog.h"

namespace ys::pricejson {

using nlohmann::json;

namespace {

QString fieldPath(const QString &where, const char *key)
{
    return where + QLatin1Char('.') + QLatin1StringView(key);
}

bool fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return false;
}

// A number, or {base, tiers: [{start, price}]}.
bool readRate(const json &v, const QString &where, double *base, std::vector<PriceTier> *tiers,
              QString *error)
{
    if (v.is_number()) {
        *base = v.get<double>();
        return *base >= 0 ||
               fail(error, PriceCatalog::tr("%1: a price must not be negative").arg(where));
    }
    if (!v.is_object() || !v.contains("base") || !v["base"].is_number())
        return fail(error,
                    PriceCatalog::tr("%1: expected a number or {\"base\", \"tiers\"}").arg(where));
    *base = v["base"].get<double>();
    const auto it = v.find("tiers");
    if (it == v.end() || !it->is_array())
        return fail(error, PriceCatalog::tr("%1.tiers: expected an array").arg(where));
    for (std::size_t i = 0; i < it->size(); ++i) {
        const json &t = (*it)[i];
        if (!t.is_object() || !t.contains("start") || !t["start"].is_number_integer() ||
            !t.contains("price") || !t["price"].is_number())
            return fail(error, PriceCatalog::tr("%1.tiers[%2]: expected {\"start\": an integer, "
                                                "\"price\": a number}")
                                   .arg(where)
                                   .arg(qsizetype(i)));
        tiers->push_back({t["start"].get<long long>(), t["price"].get<double>()});
    }
    std::sort(tiers->begin(), tiers->end(),
              [](const PriceTier &a, const PriceTier &b) { return a.start < b.start; });
    return true;
}

bool readModelPrice(const json &v, const QString &where, Price *out, QString *error)
{
    if (!v.is_object())
        return fail(error, PriceCatalog::tr("%1: expected an object of prices").arg(where));
    double base = 0;
    if (auto it = v.find("input_mtok"); it != v.end()) {
        if (!readRate(*it, fieldPath(where, "input_mtok"), &out->inputPerMtok, &out->inputTiers,
                      error))
            return false;
    }
    if (auto it = v.find("output_mtok"); it != v.end()) {
        if (!readRate(*it, fieldPath(where, "output_mtok"), &out->outputPerMtok, &out->outputTiers,
                      error))
            return false;
    }
    if (auto it = v.find("cache_read_mtok"); it != v.end()) {
        if (!readRate(*it, fieldPath(where, "cache_read_mtok"), &base, &out->cachedInputTiers,
                      error))
            return false;
        out->cachedInputPerMtok = base;
    }
    if (auto it = v.find("cache_write_mtok"); it != v.end()) {
        if (!readRate(*it, fieldPath(where, "cache_write_mtok"), &base, &out->cacheWriteTiers,
                      error))
            return false;
        out->cacheWritePerMtok = base;
    }
    if (auto it = v.find("requests_kcount"); it != v.end()) {
        if (!it->is_number() || it->get<double>() < 0)
            return fail(error, PriceCatalog::tr("%1: expected a price of zero or more")
                                   .arg(fieldPath(where, "requests_kcount")));
        out->perThousandRequests = it->get<double>();
    }
    return true;
}

// "HH:MM:SS" with an optional "Z" or "+HH:MM" / "-HH:MM" offset, as UTC.
std::optional<QTime> readUtcTime(const json &v)
{
    if (!v.is_string())
        return std::nullopt;
    QString s = QString::fromStdString(v.get<std::string>());
    int offsetS = 0;
    if (s.endsWith(QLatin1Char('Z'))) {
        s.chop(1);
    } else if (s.size() > 6 &&
               (s[s.size() - 6] == QLatin1Char('+') || s[s.size() - 6] == QLatin1Char('-'))) {
        const QTime off = QTime::fromString(s.right(5), QStringLiteral("HH:mm"));
        if (!off.isValid())
            return std::nullopt;
        offsetS = (off.hour() * 3600 + off.minute() * 60) *
                  (s[s.size() - 6] == QLatin1Char('+') ? 1 : -1);
        s.chop(6);
    }
    QTime t = QTime::fromString(s, QStringLiteral("HH:mm:ss"));
    if (!t.isValid())
        t = QTime::fromString(s, QStringLiteral("HH:mm"));
    if (!t.isValid())
        return std::nullopt;
    return t.addSecs(-offsetS);
}

bool readConstraint(const json &v, const QString &where, PriceWhen *out, QString *error)
{
    if (!v.is_object())
        return fail(error, PriceCatalog::tr("%1: expected an object").arg(where));
    if (auto it = v.find("start_date"); it != v.end()) {
        const QDate d =
            it->is_string()
                ? QDate::fromString(QString::fromStdString(it->get<std::string>()), Qt::ISODate)
                : QDate();
        if (!d.isValid())
            return fail(error,
                        PriceCatalog::tr("%1.start_date: expected a date YYYY-MM-DD").arg(where));
        out->startDate = d;
    }
    if (v.contains("start_time") || v.contains("end_time")) {
        out->startTime = readUtcTime(v.value("start_time", json()));
        out->endTime = readUtcTime(v.value("end_time", json()));
        if (!out->startTime || !out->endTime)
            return fail(error, PriceCatalog::tr("%1: expected start_time and end_time as "
                                                "HH:MM:SS with a UTC offset such as Z")
                                   .arg(where));
    }
    if (!out->startDate && !out->startTime)
        return fail(
            error,
            PriceCatalog::tr("%1: expected start_date, or start_time and end_time").arg(where));
    return true;
}

json rateJson(double base, const std::vector<PriceTier> &tiers)
{
    if (tiers.empty())
        return base;
    json t = json::array();
    for (const PriceTier &tier : tiers)
        t.push_back({{"start", tier.start}, {"price", tier.perMtok}});
    return {{"base", base}, {"tiers", t}};
}

json modelPriceJson(const Price &p)
{
    json j;
    j["input_mtok"] = rateJson(p.inputPerMtok, p.inputTiers);
    j["output_mtok"] = rateJson(p.outputPerMtok, p.outputTiers);
    if (p.cachedInputPerMtok)
        j["cache_read_mtok"] = rateJson(*p.cachedInputPerMtok, p.cachedInputTiers);
    if (p.cacheWritePerMtok)
        j["cache_write_mtok"] = rateJson(*p.cacheWritePerMtok, p.cacheWriteTiers);
    if (p.perThousandRequests)
        j["requests_kcount"] = *p.perThousandRequests;
    return j;
}

QString utcTime(const QTime &t)
{
    return t.toString(QStringLiteral("HH:mm:ss")) + QLatin1Char('Z');
}

} // namespace

bool hasTextPrice(const json &prices)
{
    const json &first =
        prices.is_array() && !prices.empty() ? prices[0].value("prices", json()) : prices;
    return first.is_object() && (first.contains("input_mtok") || first.contains("output_mtok"));
}

std::optional<Price> read(const json &prices, const QString &where, QString *error)
{
    Price out;
    if (!prices.is_array()) {
        if (!readModelPrice(prices, where, &out, error))
            return std::nullopt;
        return out;
    }
    if (prices.empty()) {
        fail(error, PriceCatalog::tr("%1: expected at least one price").arg(where));
        return std::nullopt;
    }
    for (std::size_t i = 0; i < prices.size(); ++i) {
        const QString at = QStringLiteral("%1[%2]").arg(where).arg(qsizetype(i));
        const json &c = prices[i];
        if (!c.is_object() || !c.contains("prices")) {
            fail(error, PriceCatalog::tr("%1: expected {\"constraint\", \"prices\"}").arg(at));
            return std::nullopt;
        }
        Price p;
        if (!readModelPrice(c["prices"], at + QStringLiteral(".prices"), &p, error))
            return std::nullopt;
        PriceWhen when;
        if (auto it = c.find("constraint"); it != c.end() && !it->is_null()) {
            if (!readConstraint(*it, at + QStringLiteral(".constraint"), &when, error))
                return std::nullopt;
        }
        // The first is the price when no condition holds; the later ones replace it when
        // theirs does (a later one without a condition always does).
        if (i == 0)
            out = p;
        else
            out.timed.push_back({when, p});
    }
    return out;
}

json write(const Price &price)
{
    if (price.timed.empty())
        return modelPriceJson(price);
    json list = json::array();
    list.push_back({{"prices", modelPriceJson(price)}});
    for (const TimedPrice &t : price.timed) {
        json c = json::object();
        if (t.when.startDate)
            c["start_date"] = t.when.startDate->toString(Qt::ISODate).toStdString();
        if (t.when.startTime && t.when.endTime) {
            c["start_time"] = utcTime(*t.when.startTime).toStdString();
            c["end_time"] = utcTime(*t.when.endTime).toStdString();
        }
        json entry = {{"prices", modelPriceJson(t.price)}};
        if (!c.empty())
            entry["constraint"] = c;
        list.push_back(entry);
    }
    return list;
}

json writeResolved(const Price &price)
{
    json j;
    j["source"] = price.source.isEmpty() ? "suite" : price.source.toStdString();
    j["catalog_entry"] =
        price.catalogEntry.isEmpty() ? json(nullptr) : json(price.catalogEntry.toStdString());
    j["catalog_date"] =
        price.catalogDate.isEmpty() ? json(nullptr) : json(price.catalogDate.toStdString());
    j["prices"] = write(price);
    return j;
}

std::optional<Price> readResolved(const json &j, const QString &where, QString *error)
{
    if (!j.is_object() || !j.contains("prices")) {
        fail(error, PriceCatalog::tr("%1: expected {\"source\", \"prices\"}").arg(where));
        return std::nullopt;
    }
    auto price = read(j["prices"], where + QStringLiteral(".prices"), error);
    if (!price)
        return std::nullopt;
    const auto text = [&j](const char *key) {
        const auto it = j.find(key);
        return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                : QString();
    };
    price->source = text("source");
    if (price->source.isEmpty())
        price->source = QStringLiteral("suite");
    price->catalogEntry = text("catalog_entry");
    price->catalogDate = text("catalog_date");
    return price;
}

} // namespace ys::pricejson
