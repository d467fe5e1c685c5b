#include "sim/sim_answers.h"

#include "sim/sim_profile.h"

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

namespace ys {

namespace {

using Json = nlohmann::json;

constexpr std::pair<SimSchemaBreak, const char *> kBreakNames[] = {
    {SimSchemaBreak::Truncated, "truncated"},
    {SimSchemaBreak::WrongType, "wrong_type"},
    {SimSchemaBreak::MissingField, "missing_field"},
};

// A value of another JSON type than v's.
Json otherType(const Json &v)
{
    if (v.is_string())
        return 12345;
    if (v.is_number())
        return "12345";
    if (v.is_boolean())
        return "yes";
    if (v.is_null())
        return 1;
    return "not an object";
}

} // namespace

QString simBrokenDocument(const QString &document, SimSchemaBreak how)
{
    const QByteArray bytes = document.toUtf8();
    Json doc = Json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (how == SimSchemaBreak::Truncated || !doc.is_object() || doc.empty())
        return document.left(document.size() / 2);
    if (how == SimSchemaBreak::WrongType)
        doc.begin().value() = otherType(doc.begin().value());
    else
        doc.erase(doc.begin());
    return QString::fromStdString(doc.dump());
}

namespace {

struct Problem {
    QString field;
    QString text;
};

void readStructured(const Json &s, SimAnswers *out)
{
    const QString field = QStringLiteral("structured_output");
    if (!s.is_object())
        throw Problem{field, SimProfile::tr("expected an object")};
    for (auto it = s.begin(); it != s.end(); ++it)
        if (it.key() != "document" && it.key() != "break_rate" && it.key() != "breaks")
            throw Problem{field + QLatin1Char('.') + QString::fromStdString(it.key()),
                          SimProfile::tr("unknown field")};
    SimStructuredOutput o;
    const auto doc = s.find("document");
    if (doc == s.end())
        throw Problem{field + QStringLiteral(".document"), SimProfile::tr("is required")};
    o.document = QString::fromStdString(doc->dump());
    if (const auto rate = s.find("break_rate"); rate != s.end()) {
        if (!rate->is_number() || rate->get<double>() < 0 || rate->get<double>() > 1)
            throw Problem{field + QStringLiteral(".break_rate"),
                          SimProfile::tr("expected a number from 0 to 1")};
        o.breakRate = rate->get<double>();
    }
    if (const auto breaks = s.find("breaks"); breaks != s.end()) {
        const QString bf = field + QStringLiteral(".breaks");
        if (!breaks->is_array() || breaks->empty())
            throw Problem{bf, SimProfile::tr("expected a list of truncated, wrong_type and "
                                             "missing_field")};
        o.breaks.clear();
        for (const Json &b : *breaks) {
            const std::optional<SimSchemaBreak> how =
                simSchemaBreakNamed(b.is_string() ? b.get<std::string>() : std::string());
            if (!how)
                throw Problem{bf, SimProfile::tr("unknown way to break \"%1\" (known: "
                                                 "truncated, wrong_type, missing_field)")
                                      .arg(QString::fromStdString(b.dump()))};
            o.breaks.push_back(*how);
        }
    }
    out->structured = std::move(o);
}

void readGolden(const Json &g, SimAnswers *out)
{
    const QString field = QStringLiteral("golden");
    if (!g.is_array())
        throw Problem{field, SimProfile::tr("expected a list of {\"prompt\", \"answer\"}")};
    for (std::size_t i = 0; i < g.size(); ++i) {
        const Json &e = g[i];
        const QString ef = QStringLiteral("%1[%2]").arg(field).arg(i);
        if (!e.is_object() || e.size() != 2 || !e.contains("prompt") || !e.contains("answer") ||
            !e["prompt"].is_string() || !e["answer"].is_string())
            throw Problem{ef, SimProfile::tr("expected {\"prompt\": text, \"answer\": text}")};
        out->golden.push_back({QString::fromStdString(e["prompt"].get<std::string>()).trimmed(),
                               QString::fromStdString(e["answer"].get<std::string>())});
    }
}

} // namespace

std::optional<SimSchemaBreak> simSchemaBreakNamed(const std::string &name)
{
    for (const auto &[value, text] : kBreakNames)
        if (name == text)
            return value;
    return std::nullopt;
}

QString simSchemaBreakName(SimSchemaBreak b)
{
    for (const auto &[value, name] : kBreakNames)
        if (value == b)
            return QString::fromLatin1(name);
    return {};
}

Json simSchemaInstance(const Json &schema)
{
    const std::function<Json(const Json &, int)> of = [&of](const Json &s, int depth) -> Json {
        if (!s.is_object() || depth > 16)
            return nullptr;
        if (const auto c = s.find("const"); c != s.end())
            return *c;
        if (const auto e = s.find("enum"); e != s.end() && e->is_array() && !e->empty())
            return e->front();
        std::string type;
        if (const auto t = s.find("type"); t != s.end() && t->is_string())
            type = t->get<std::string>();
        else if (t != s.end() && t->is_array())
            for (const Json &one : *t)
                if (one.is_string() && one != "null") {
                    type = one.get<std::string>();
                    break;
                }
        if (type.empty() && s.contains("properties"))
            type = "object";
        if (type == "object") {
            Json out = Json::object();
            const Json props = s.value("properties", Json::object());
            const Json required = s.value("required", Json::array());
            for (auto p = props.begin(); p != props.end(); ++p)
                if (required.empty() ||
                    std::find(required.begin(), required.end(), p.key()) != required.end())
                    out[p.key()] = of(p.value(), depth + 1);
            return out;
        }
        if (type == "array") {
            Json out = Json::array();
            const int n = std::max(1, s.value("minItems", 1));
            for (int i = 0; i < n; ++i)
                out.push_back(of(s.value("items", Json::object()), depth + 1));
            return out;
        }
        if (type == "string")
            return std::string(std::size_t(std::max(1, s.value("minLength", 1))), 'x');
        if (type == "integer")
            return s.value("minimum", 1);
        if (type == "number")
            return s.value("minimum", 1.5);
        if (type == "boolean")
            return true;
        return nullptr;
    };
    return of(schema, 0);
}

std::optional<SimFixedAnswer> simFixedAnswer(const SimAnswers &answers, const QString &prompt,
                                             std::pair<double, double> draws,
                                             const QString &responseFormat,
                                             const QByteArray &schema)
{
    if (!answers.golden.empty()) {
        const QString asked = prompt.trimmed();
        for (const SimGoldenEntry &g : answers.golden)
            if (asked.endsWith(g.prompt))
                return SimFixedAnswer{g.answer, std::nullopt};
    }
    if (!answers.structured) {
        if (responseFormat == QLatin1StringView("json_schema") && !schema.isEmpty()) {
            const Json parsed = Json::parse(schema.begin(), schema.end(), nullptr, false);
            if (!parsed.is_discarded())
                return SimFixedAnswer{QString::fromStdString(simSchemaInstance(parsed).dump()),
                                      std::nullopt};
        }
        if (responseFormat == QLatin1StringView("json") ||
            responseFormat == QLatin1StringView("json_schema"))
            return SimFixedAnswer{QStringLiteral("{\"answer\":\"yes\"}"), std::nullopt};
        return std::nullopt;
    }
    const SimStructuredOutput &s = *answers.structured;
    if (draws.first >= s.breakRate)
        return SimFixedAnswer{s.document, std::nullopt};
    const auto pick = std::min(s.breaks.size() - 1, std::size_t(draws.second * s.breaks.size()));
    return SimFixedAnswer{simBrokenDocument(s.document, s.breaks[pick]), s.breaks[pick]};
}

std::optional<std::pair<QString, QString>> readSimAnswers(const Json &profile, SimAnswers *out)
{
    try {
        if (const auto s = profile.find("structured_output"); s != profile.end() && !s->is_null())
            readStructured(*s, out);
        if (const auto g = profile.find("golden"); g != profile.end() && !g->is_null())
            readGolden(*g, out);
    } catch (const Problem &p) {
        return std::make_pair(p.field, p.text);
    }
    return std::nullopt;
}

} // namespace ys
